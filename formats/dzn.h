/*
 * dzn.h: the two halves of the MiniZinc data format (dzn.c reads and
 * registers the format, dzn_write.c writes it).
 */
#ifndef GC_FORMATS_DZN_H
#define GC_FORMATS_DZN_H

#include <jansson.h>

#include "gridcnf.h"

/* The largest grid side the data may give (the genres' limit). */
#define DZN_MAX_N 64

/* The record as MiniZinc data for models/ (the format's write member). */
char *gc_dzn_write(const json_t *rec, gc_error *err);

#endif
