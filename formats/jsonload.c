/*
 * jsonload.c: jansson within bounds (see jsonload.h).
 */
#include "jsonload.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What the parse that meets the first failure may still ask for: its
   token buffer growing once more (it doubles: 128 KiB for a token of
   GC_JSON_MAX_TOKEN bytes), the token's value (64 KiB) and some small
   pieces, since jansson goes on with the chunk it holds. */
#define RESERVE_BYTES (((size_t)256) << 10)

static json_malloc_t prev_malloc;
static json_free_t prev_free;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static pthread_key_t reserve_key;

/* A thread's reserve: a block that serves jansson's requests while a
   parse ends after an allocation failed (bump allocation, nothing given
   back before the parse is over; the parse then holds nothing). */
typedef struct reserve {
  char *base;
  size_t used;
} reserve;

static _Thread_local unsigned long failures;
static _Thread_local int armed; /* inside gc_json_loadb: the reserve serves */

static void drop_reserve(void *p) {
  reserve *r = p;
  free(r->base);
  free(r);
}

static void *guarded_malloc(size_t size) {
  void *p = prev_malloc(size);
  if (p)
    return p;
  failures++;
  reserve *r = armed ? pthread_getspecific(reserve_key) : NULL;
  size_t need = (size + 15) & ~(size_t)15;
  if (r && need >= size && need <= RESERVE_BYTES - r->used) {
    /* the token being read may grow (jansson does not check that it
       could): the parse ends at the next chunk */
    p = r->base + r->used;
    r->used += need;
  }
  return p;
}

static void guarded_free(void *p) {
  reserve *r = p ? pthread_getspecific(reserve_key) : NULL;
  if (r && (char *)p >= r->base && (char *)p < r->base + RESERVE_BYTES)
    return; /* the reserve's: it is emptied when the parse ends */
  prev_free(p);
}

static void install(void) {
  json_get_alloc_funcs(&prev_malloc, &prev_free);
  if (!prev_malloc || !prev_free) {
    prev_malloc = malloc;
    prev_free = free;
  }
  pthread_key_create(&reserve_key, drop_reserve);
  json_set_alloc_funcs(guarded_malloc, guarded_free);
}

unsigned long gc_json_failures(void) {
  pthread_once(&installed, install); /* (failures are counted from then) */
  return failures;
}

typedef struct feed {
  const char *text;
  size_t len, pos;
  int in_string, escape;
  size_t token_start, token_len;
  size_t long_at;         /* SIZE_MAX: no token too long */
  unsigned long failures; /* at the start */
} feed;

static int separates(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '{' ||
         c == '}' || c == '[' || c == ']' || c == ',' || c == ':';
}

/* jansson's reader: the next chunk, scanned for a token that is too long
   (cut before it), and nothing more once memory has run out. */
static size_t next_chunk(void *buffer, size_t size, void *arg) {
  feed *f = arg;
  if (f->long_at != SIZE_MAX || failures != f->failures)
    return (size_t)-1;
  size_t n = f->len - f->pos < size ? f->len - f->pos : size;
  const char *s = f->text + f->pos;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (f->in_string) {
      f->token_len++;
      if (f->escape)
        f->escape = 0;
      else if (c == '\\')
        f->escape = 1;
      else if (c == '"' || c == '\n') /* a newline ends it too: an error */
        f->in_string = 0;
    } else if (c == '"') {
      f->in_string = 1;
      f->token_start = f->pos + i;
      f->token_len = 1;
    } else if (separates(c)) {
      f->token_len = 0;
    } else {
      if (f->token_len == 0)
        f->token_start = f->pos + i;
      f->token_len++;
    }
    if (f->token_len > GC_JSON_MAX_TOKEN) {
      f->long_at = f->token_start;
      n = i; /* jansson sees the text up to here, then an error */
      break;
    }
    if (!f->in_string && c == '"')
      f->token_len = 0;
  }
  memcpy(buffer, s, n);
  f->pos += n;
  return n;
}

json_t *gc_json_loadb(const char *text, size_t len, size_t flags,
                      json_error_t *je, gc_jload_fail *fail) {
  pthread_once(&installed, install);
  reserve *r = pthread_getspecific(reserve_key);
  if (!r && (r = malloc(sizeof *r))) {
    /* (touched, so that it is memory, not a promise of it) */
    if (!(r->base = calloc(1, RESERVE_BYTES)) ||
        pthread_setspecific(reserve_key, r) != 0) {
      free(r->base);
      free(r);
      r = NULL;
    } else
      r->used = 0;
  }
  feed f = {text, len, 0, 0, 0, 0, 0, SIZE_MAX, failures};
  armed = 1;
  json_t *v = json_load_callback(next_chunk, &f, flags, je);
  armed = 0;
  gc_jload_fail why = GC_JLOAD_OK;
  if (failures != f.failures) {
    why = GC_JLOAD_NOMEM;
    json_decref(v);
    v = NULL;
    if (r)
      r->used = 0; /* what it served is given back by now */
  } else if (f.long_at != SIZE_MAX &&
             (!v || f.long_at < (size_t)je->position)) {
    /* (a value complete before the long token does not contain it) */
    why = GC_JLOAD_LONG;
    json_decref(v);
    v = NULL;
    je->position = (int)f.long_at;
  } else if (!v)
    why = GC_JLOAD_SYNTAX;
  if (fail)
    *fail = why;
  return v;
}

json_t *gc_json_loads(const char *text) {
  json_error_t je;
  return gc_json_loadb(text, strlen(text), 0, &je, NULL);
}

size_t gc_json_error_offset(const char *text, size_t len,
                            const json_error_t *je) {
  size_t pos = je->position > 0 ? (size_t)je->position : 0;
  if (pos > len)
    pos = len;
  const char *near = strstr(je->text, " near '");
  if (near) {
    near += 7;
    size_t tl = strlen(near);
    if (tl && near[tl - 1] == '\'')
      tl--;
    if (tl && tl <= pos && !memcmp(text + pos - tl, near, tl))
      return pos - tl;
  }
  return pos;
}
