/*
 * registry.c: the table of genres.  genre_list.h is written by CMake from
 * the files in genres/ (one GC_GENRE(name) line per genre file, sorted), so
 * a new genre is one new file and nothing else.
 */
#include <strings.h>

#include "genre.h"

#define GC_GENRE(name) extern const gc_genre gc_genre_##name;
#include "genre_list.h"
#undef GC_GENRE

static const gc_genre *const genres[] = {
#define GC_GENRE(name) &gc_genre_##name,
#include "genre_list.h"
#undef GC_GENRE
};

size_t gc_genre_count(void) { return sizeof genres / sizeof genres[0]; }

const gc_genre *gc_genre_at(size_t i) {
  return i < gc_genre_count() ? genres[i] : NULL;
}

const gc_genre *gc_genre_find(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < gc_genre_count(); i++) {
    const gc_genre *g = genres[i];
    if (!strcasecmp(g->name, name))
      return g;
    for (const char *const *a = g->aliases; a && *a; a++)
      if (!strcasecmp(*a, name))
        return g;
  }
  return NULL;
}

const char *gc_genre_name(const gc_genre *g) { return g->name; }
const char *gc_genre_summary(const gc_genre *g) { return g->summary; }
const char *const *gc_genre_aliases(const gc_genre *g) {
  static const char *const none[] = {NULL};
  return g->aliases ? g->aliases : none;
}
int gc_genre_max_n(const gc_genre *g) { return g->max_n; }
int gc_genre_binary(const gc_genre *g) { return g->cells == GC_CELLS_BOOL; }
