/*
 * options.c: the encoding options, generated from the one GC_OPTIONS table
 * in gridcnf.h.  Adding an option is one row there; its parser, help line
 * and DIMACS header entry follow from it.
 */
#include "gridcnf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const gc_option_info table[] = {
#define GC_OPTION_ROW(name, kind, def, lo, hi, values, help)                 \
  {#name, kind, def, lo, hi, values, help, offsetof(gc_options, name)},
    GC_OPTIONS(GC_OPTION_ROW)
#undef GC_OPTION_ROW
};

void gc_options_default(gc_options *opt) {
#define GC_OPTION_DEFAULT(name, kind, def, lo, hi, values, help) opt->name = def;
  GC_OPTIONS(GC_OPTION_DEFAULT)
#undef GC_OPTION_DEFAULT
}

size_t gc_option_count(void) { return sizeof table / sizeof table[0]; }

const gc_option_info *gc_option_at(size_t i) {
  return i < gc_option_count() ? &table[i] : NULL;
}

static int same_name(const char *a, const char *b) {
  for (; *a && *b; a++, b++) {
    char x = *a == '-' ? '_' : *a, y = *b == '-' ? '_' : *b;
    if (x != y)
      return 0;
  }
  return !*a && !*b;
}

const gc_option_info *gc_option_find(const char *name) {
  for (size_t i = 0; i < gc_option_count(); i++)
    if (same_name(table[i].name, name))
      return &table[i];
  return NULL;
}

/* Index of word in "a|b|c", or -1. */
static int enum_index(const char *values, const char *word) {
  int idx = 0;
  size_t wlen = strlen(word);
  for (const char *p = values; *p; idx++) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == wlen && !strncasecmp(p, word, len))
      return idx;
    if (!bar)
      break;
    p = bar + 1;
  }
  return -1;
}

const char *gc_option_cli_name(const gc_option_info *info, char *buf,
                               size_t size) {
  size_t i = 0;
  for (; info->name[i] && i + 1 < size; i++)
    buf[i] = info->name[i] == '_' ? '-' : info->name[i];
  buf[i] = 0;
  return buf;
}

int gc_option_set(gc_options *opt, const gc_option_info *info,
                  const char *value, gc_error *err) {
  char name[64];
  int *field = (int *)((char *)opt + info->offset);
  long v = 0;
  if (info->kind == GC_OPT_ENUM) {
    v = enum_index(info->values, value);
    if (v < 0) {
      gc_error_set(err, GC_E_USAGE, 0, 0,
                   "option --%s: '%s' is not one of %s",
                   gc_option_cli_name(info, name, sizeof name), value,
                   info->values);
      return -1;
    }
  } else if (info->kind == GC_OPT_BOOL &&
             (!strcasecmp(value, "on") || !strcasecmp(value, "true") ||
              !strcasecmp(value, "yes"))) {
    v = 1;
  } else if (info->kind == GC_OPT_BOOL &&
             (!strcasecmp(value, "off") || !strcasecmp(value, "false") ||
              !strcasecmp(value, "no"))) {
    v = 0;
  } else {
    char *end;
    v = strtol(value, &end, 10);
    if (!*value || *end || v < info->lo || v > info->hi) {
      gc_error_set(err, GC_E_USAGE, 0, 0,
                   "option --%s: '%s' is not a number in %d..%d",
                   gc_option_cli_name(info, name, sizeof name),
                   value, info->lo, info->hi);
      return -1;
    }
  }
  *field = (int)v;
  return 0;
}

const char *gc_option_value(const gc_options *opt, const gc_option_info *info,
                            char *buf, size_t size) {
  int v = *(const int *)((const char *)opt + info->offset);
  if (info->kind == GC_OPT_ENUM) {
    const char *p = info->values;
    for (int i = 0; i < v && p; i++) {
      p = strchr(p, '|');
      if (p)
        p++;
    }
    if (p) {
      const char *bar = strchr(p, '|');
      size_t len = bar ? (size_t)(bar - p) : strlen(p);
      snprintf(buf, size, "%.*s", (int)len, p);
      return buf;
    }
  }
  snprintf(buf, size, "%d", v);
  return buf;
}
