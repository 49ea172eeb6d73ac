/*
 * error.c: gc_error, the one error record of gridcnf.  Codes, their names
 * and exit codes come from GC_CODES in gridcnf.h; messages are lower case,
 * name the offending value and what was allowed, and carry a position.
 */
#include "gridcnf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const code_names[] = {
#define GC_CODE_NAME(sym, name, exitcode) name,
    GC_CODES(GC_CODE_NAME)
#undef GC_CODE_NAME
};

static const int code_exits[] = {
#define GC_CODE_EXIT(sym, name, exitcode) exitcode,
    GC_CODES(GC_CODE_EXIT)
#undef GC_CODE_EXIT
};

void gc_error_clear(gc_error *err) {
  if (err)
    memset(err, 0, sizeof *err);
}

const char *gc_code_name(gc_code code) {
  return (unsigned)code < GC_CODE_COUNT ? code_names[code] : "unknown";
}

int gc_code_exit(gc_code code) {
  return (unsigned)code < GC_CODE_COUNT ? code_exits[code] : 70;
}

void gc_error_set(gc_error *err, gc_code code, long line, long column,
                  const char *fmt, ...) {
  if (!err)
    return;
  err->code = code;
  err->line = line;
  err->column = column;
  err->path[0] = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
}

void gc_error_source(gc_error *err, const char *source) {
  if (err && source)
    snprintf(err->source, sizeof err->source, "%s", source);
}

/* An error is one line of text: a control character that came from the
   input (a newline in a JSON string, an escape byte in a token, a C1
   control U+0080..U+009F in UTF-8) is shown as '?' (one a byte). */
static int one_line(char *buf, size_t size, int len) {
  for (unsigned char *p = (unsigned char *)buf; size && *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      *p = '?';
    else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
      p[0] = p[1] = '?';
  return len;
}

int gc_error_format(const gc_error *err, char *buf, size_t size) {
  char pos[64] = "";
  if (err->line > 0 && err->column > 0)
    snprintf(pos, sizeof pos, "%ld:%ld: ", err->line, err->column);
  else if (err->line > 0)
    snprintf(pos, sizeof pos, "%ld: ", err->line);
  const char *sep = err->source[0] ? ":" : "";
  if (err->source[0] && !pos[0])
    sep = ": ";
  if (err->path[0])
    return one_line(buf, size,
                    snprintf(buf, size, "%s%s%s%s (%s)", err->source, sep, pos,
                             err->message, err->path));
  return one_line(buf, size,
                  snprintf(buf, size, "%s%s%s%s", err->source, sep, pos,
                           err->message));
}

/* Optimal string alignment: the Levenshtein distance with a swap of two
   neighbouring characters as one step ("rigth" is 1 from "right"). */
int gc_edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 40 || lb > 40)
    return 99;
  int d[41][41];
  for (size_t i = 0; i <= la; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      int cost = a[i - 1] != b[j - 1];
      int v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v)
        v = d[i][j - 1] + 1;
      if (d[i - 1][j - 1] + cost < v)
        v = d[i - 1][j - 1] + cost;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
    }
  return d[la][lb];
}
