/*
 * output.c: how a record reaches the output.  A record (one puzzle's
 * answer: a JSON line, or its text lines) is made in memory first
 * (gc_cli_record_begin points c->out at a buffer) and written whole when
 * it is complete (gc_cli_record_end), so that
 *   - a record that could not be made (json_dumps or a rendering out of
 *     memory, a jansson allocation that failed while it was built) is
 *     never written half or dropped without a word: an error record takes
 *     its place (built without allocating) and the exit code is 70;
 *   - an interrupt (Ctrl-C) while the output pipe is full stays an
 *     interrupt: a write that the signal cuts off before any byte went out
 *     is withheld (never a partial line; a line already under way is
 *     finished), the puzzle is reported "unknown" with "stopped":
 *     "interrupt" when the pipe has room for that line, and the batch ends
 *     with 130.  After an interrupt nothing is written that would block.
 * The caller's stream may be a file, a pipe, a terminal or a memory
 * stream; only a stream with a file descriptor is written with write(2)
 * (stdio's buffer is flushed first, so the order stays).
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../formats/jsonload.h"
#include "cli_int.h"

static int interrupted(const cli *c) { return gc_stop_requested(c->interrupt); }

/* Could len bytes go to fd now without blocking? */
static int has_room(int fd, size_t len) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return 0;
  if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
    return 1;
  struct pollfd p = {fd, POLLOUT, 0};
  if (poll(&p, 1, 0) != 1 || !(p.revents & POLLOUT))
    return 0;
  /* a pipe with room takes PIPE_BUF bytes at once; more may block */
  return !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) || len <= PIPE_BUF;
}

enum { WROTE = 0, WITHHELD = 1, FAILED = 2 };

/* Writes text to the caller's stream whole.  WITHHELD: an interrupt came
   before any of it went out (or, after an interrupt, there is no room);
   FAILED: the stream reported an error (c->write_failed is set). */
static int put_whole(cli *c, const char *text, size_t len) {
  FILE *f = c->real_out;
  if (!len)
    return WROTE;
  int fd = fileno(f);
  if (fd < 0) { /* a memory stream, a cookie: stdio it is */
    if (fwrite(text, 1, len, f) != len || fflush(f) != 0) {
      c->write_failed = 1;
      return FAILED;
    }
    return WROTE;
  }
  if (fflush(f) != 0) {
    c->write_failed = 1;
    return FAILED;
  }
  if (interrupted(c) && !has_room(fd, len))
    return WITHHELD;
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, text + done, len - done);
    if (w > 0) {
      done += (size_t)w;
      continue;
    }
    if (w < 0 && errno == EINTR) {
      /* a signal: withhold the line if none of it is out; a line under
         way is finished, unless a second interrupt insists */
      if (interrupted(c) && (done == 0 || gc_stop_requested(c->interrupt) > 1))
        return WITHHELD;
      continue;
    }
    c->write_failed = 1;
    return FAILED;
  }
  return WROTE;
}

/*------------------------------------------------------------------------*/
/* Records made without allocating: the error that stands in for a record
   that could not be made, and the "unknown" line of an interrupted one. */

/* A fixed buffer; what does not fit is cut (and the text says so). */
typedef struct fixed_buf {
  char *s;
  size_t len, size;
} fixed_buf;

static void fb_put(fixed_buf *b, const char *t, size_t n) {
  if (n > b->size - b->len)
    n = b->size - b->len;
  memcpy(b->s + b->len, t, n);
  b->len += n;
}
static void fb_str(fixed_buf *b, const char *t) { fb_put(b, t, strlen(t)); }

/* t as a JSON string (ASCII, escaped), at most max bytes of it. */
static void fb_json_string(fixed_buf *b, const char *t, size_t max) {
  static const char hex[] = "0123456789abcdef";
  fb_str(b, "\"");
  size_t i = 0;
  for (; t[i] && i < max; i++) {
    unsigned char ch = (unsigned char)t[i];
    char esc[7] = {'\\', 0};
    if (ch == '"' || ch == '\\')
      esc[1] = (char)ch, fb_put(b, esc, 2);
    else if (ch < 0x20 || ch >= 0x7f) {
      /* bytes, not characters: a fallback needs to be valid, not pretty */
      esc[1] = 'u', esc[2] = '0', esc[3] = '0', esc[4] = hex[ch >> 4],
      esc[5] = hex[ch & 15];
      fb_put(b, esc, 6);
    } else
      fb_put(b, (const char *)&ch, 1);
  }
  if (t[i])
    fb_str(b, "...");
  fb_str(b, "\"");
}

static void fb_long(fixed_buf *b, long v) {
  char t[24];
  int n = snprintf(t, sizeof t, "%ld", v);
  fb_put(b, t, (size_t)n);
}

/* Room for the longest id the reader passes (GC_JSON_MAX_TOKEN bytes,
   6 bytes each when escaped) and the rest of a line; only the thread that
   writes the output uses it. */
static char line_buf[6 * GC_JSON_MAX_TOKEN + 1024];

/* The head of a record for pz: {"id":..,"genre":..,"n":..,"status":"S" */
static void fb_head(fixed_buf *b, const gc_puzzle *pz, const char *status) {
  fb_str(b, "{\"id\":");
  if (pz && gc_puzzle_id(pz))
    fb_json_string(b, gc_puzzle_id(pz), GC_JSON_MAX_TOKEN);
  else
    fb_str(b, "null");
  fb_str(b, ",\"genre\":");
  if (pz)
    fb_json_string(b, gc_genre_name(gc_puzzle_genre(pz)), 64);
  else
    fb_str(b, "null");
  fb_str(b, ",\"n\":");
  if (pz)
    fb_long(b, gc_puzzle_n(pz));
  else
    fb_str(b, "null");
  fb_str(b, ",\"status\":\"");
  fb_str(b, status);
  fb_str(b, "\",\"solution\":null,\"second\":null");
}

/* The record of pz could not be made: an error in its place. */
static int lost_record(cli *c, const char *source, const gc_puzzle *pz,
                       int *code) {
  gc_error e;
  gc_error_clear(&e);
  gc_error_source(&e, source ? source : "");
  gc_error_set(&e, GC_E_NOMEM, pz ? gc_puzzle_line(pz) : 0, 0,
               "out of memory: the answer could not be written");
  gc_cli_print_error(c, &e);
  gc_cli_worst(code, EX_SOFTWARE);
  if (!c->json)
    return WROTE;
  char msg[600];
  gc_error_format(&e, msg, sizeof msg);
  fixed_buf b = {line_buf, 0, sizeof line_buf - 2};
  fb_head(&b, pz, "error");
  fb_str(&b, ",\"error\":");
  fb_json_string(&b, msg, sizeof msg);
  fb_str(&b, ",\"line\":");
  if (e.line)
    fb_long(&b, e.line);
  else
    fb_str(&b, "null");
  fb_str(&b, "}\n");
  return put_whole(c, b.s, b.len);
}

/* pz's answer was withheld at an interrupt: "unknown", stopped by the
   interrupt, if there is room for that line. */
static void interrupted_record(cli *c, const char *source,
                               const gc_puzzle *pz) {
  if (!pz)
    return;
  fixed_buf b = {line_buf, 0, sizeof line_buf - 2};
  if (c->json) {
    fb_head(&b, pz, "unknown");
    fb_str(&b, ",\"stopped\":\"interrupt\"}\n");
  } else {
    char name[400];
    gc_cli_puzzle_name(source, pz, name, sizeof name);
    fb_str(&b, name);
    fb_str(&b, ": unknown (interrupted)\n");
  }
  put_whole(c, b.s, b.len);
}

/*------------------------------------------------------------------------*/

void gc_cli_record_begin(cli *c) {
  if (c->rec_open) /* one at a time: a nested begin writes into the open one */
    return;
  c->rec_open = 1;
  c->rec_lost = 0;
  c->rec_jfail = gc_json_failures();
  /* one buffer for the whole run, emptied after each record (a fresh
     memory stream per record cost a tenth of a small puzzle's time) */
  if (!c->rec) {
    c->rec_buf = NULL;
    c->rec_len = 0;
    c->rec = open_memstream(&c->rec_buf, &c->rec_len);
  }
  if (c->rec) /* (no memory for a buffer: straight out, through stdio) */
    c->out = c->rec;
}

void gc_cli_output_close(cli *c) {
  if (c->rec)
    fclose(c->rec);
  free(c->rec_buf);
  c->rec = NULL;
  c->rec_buf = NULL;
  c->rec_len = 0;
  c->out = c->real_out;
}

void gc_cli_record_lost(cli *c) { c->rec_lost = 1; }

/* The buffer's content so far goes out; the buffer starts again empty. */
static int flush_buffer(cli *c) {
  if (!c->rec)
    return WROTE;
  if (fflush(c->rec) != 0) {
    c->rec_lost = 1;
    return WROTE;
  }
  int r = put_whole(c, c->rec_buf, c->rec_len);
  if (r == WROTE)
    rewind(c->rec);
  return r;
}

void gc_cli_record_flush(cli *c) {
  if (c->rec_open && c->rec && !c->rec_lost &&
      gc_json_failures() == c->rec_jfail && flush_buffer(c) == WITHHELD)
    c->withheld = 1;
}

int gc_cli_record_end(cli *c, const char *source, const gc_puzzle *pz,
                      int *code) {
  if (!c->rec_open)
    return 0;
  c->rec_open = 0;
  int r = WROTE;
  int lost = c->rec_lost || gc_json_failures() != c->rec_jfail;
  if (c->rec) {
    if (fflush(c->rec) != 0)
      lost = 1;
    else if (ftell(c->rec) >= 0 && (size_t)ftell(c->rec) < c->rec_len)
      c->rec_len = (size_t)ftell(c->rec); /* after a rewind: what is new */
    if (!lost)
      r = put_whole(c, c->rec_buf, c->rec_len);
    if (lost || ferror(c->rec))
      gc_cli_output_close(c); /* a fresh one next time */
    else
      rewind(c->rec);
    c->out = c->real_out;
  }
  if (lost)
    r = lost_record(c, source, pz, code);
  c->rec_lost = 0;
  if (r == WITHHELD) {
    c->withheld = 1;
    interrupted_record(c, source, pz);
  }
  if (r != WROTE || c->withheld) {
    gc_cli_worst(code, r == FAILED ? EX_IOERR : EX_INTERRUPT);
    return 1;
  }
  return 0;
}

int gc_cli_write_whole(cli *c, const char *text, size_t len) {
  int r = put_whole(c, text, len);
  if (r == WITHHELD)
    c->withheld = 1;
  return r == WROTE ? EX_OK : r == WITHHELD ? EX_INTERRUPT : EX_IOERR;
}

void gc_cli_puzzle_name(const char *source, const gc_puzzle *pz, char *buf,
                        size_t size) {
  char raw[300];
  if (gc_puzzle_id(pz))
    snprintf(raw, sizeof raw, "%s", gc_puzzle_id(pz));
  else
    snprintf(raw, sizeof raw, "%s:%ld", source ? source : "",
             gc_puzzle_line(pz));
  gc_cli_escape(raw, buf, size);
}

/* Text for a terminal: control characters (C0, DEL, and C1 in UTF-8) and
   the backslash as \n, \t, \\ or \xHH, so that an id cannot move the
   cursor, clear the screen or end a line. */
void gc_cli_escape(const char *s, char *buf, size_t size) {
  static const char hex[] = "0123456789abcdef";
  size_t k = 0;
  if (!size)
    return;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    char t[8];
    size_t n = 0;
    unsigned char ch = *p;
    if (ch == '\\')
      t[n++] = '\\', t[n++] = '\\';
    else if (ch == '\n')
      t[n++] = '\\', t[n++] = 'n';
    else if (ch == '\t')
      t[n++] = '\\', t[n++] = 't';
    else if (ch == '\r')
      t[n++] = '\\', t[n++] = 'r';
    else if (ch < 0x20 || ch == 0x7f ||
             (ch == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)) {
      /* (U+0080..U+009F: two bytes, both shown) */
      int two = ch == 0xc2;
      for (int j = 0; j <= two; j++) {
        unsigned char b = p[j];
        t[n++] = '\\', t[n++] = 'x', t[n++] = hex[b >> 4], t[n++] = hex[b & 15];
      }
      p += two;
    } else
      t[n++] = (char)ch;
    if (k + n >= size)
      break;
    memcpy(buf + k, t, n);
    k += n;
  }
  buf[k] = 0;
}
