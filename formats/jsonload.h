/*
 * jsonload.h: every JSON text gridcnf parses goes through jansson here,
 * within bounds.
 *
 * Jansson keeps each token (a string, a number, a word) in a buffer it
 * grows without checking that the growth succeeded: when memory runs out
 * in the middle of a long token it reads past its own buffer (a crash) or
 * reports a valid record as "invalid token".  So:
 *   - the text is handed to jansson a chunk at a time, and a token longer
 *     than GC_JSON_MAX_TOKEN bytes stops it before jansson stores it (a
 *     positioned error, not a parse of megabytes of string);
 *   - jansson allocates through a wrapper that records every failure (out
 *     of memory is then told apart from bad input) and, while gridcnf
 *     parses, serves a failed request from a small reserve of the thread
 *     (256 KiB) so that the token being read can still grow; the parse
 *     ends at the next chunk and gives it all back.
 * The wrapper is installed once, over whatever allocator jansson had
 * (json_get_alloc_funcs), and calls it: a program that sets its own before
 * its first gridcnf call keeps it.
 */
#ifndef GC_FORMATS_JSONLOAD_H
#define GC_FORMATS_JSONLOAD_H

#include <jansson.h>
#include <stddef.h>

/* The longest string or number token read: 64 KiB (a puzzle's longest
   string is its id). */
#define GC_JSON_MAX_TOKEN ((size_t)64 << 10)

typedef enum gc_jload_fail {
  GC_JLOAD_OK = 0,
  GC_JLOAD_SYNTAX, /* bad JSON: je says what and where */
  GC_JLOAD_LONG,   /* a token longer than GC_JSON_MAX_TOKEN starts at
                      byte je.position (0-based) */
  GC_JLOAD_NOMEM   /* memory ran out while jansson read it */
} gc_jload_fail;

/* json_loadb within the bounds above (flags as jansson's).  The value, or
   NULL with *fail (may be NULL) and je set. */
json_t *gc_json_loadb(const char *text, size_t len, size_t flags,
                      json_error_t *je, gc_jload_fail *fail);
/* The same for a NUL-terminated text, flags 0 (gridcnf's own records). */
json_t *gc_json_loads(const char *text);

/* Where a jansson error in text[0..len) points, as an offset: the start
   of the offending token.  (je.position is just past the token, whose
   text the message quotes: "... near 'tok'".) */
size_t gc_json_error_offset(const char *text, size_t len,
                            const json_error_t *je);

/* Jansson allocation failures so far on this thread: a json_dumps or
   json_object_set that returned an error can be told to be out of memory
   by comparing before and after. */
unsigned long gc_json_failures(void);

#endif
