/* cmd_genres.c: the list of genres. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

static int cmd_genres(cli *c) {
  for (size_t i = 0; i < gc_genre_count(); i++) {
    const gc_genre *g = gc_genre_at(i);
    fprintf(c->out, "%-12s n <= %-3d %s", gc_genre_name(g), gc_genre_max_n(g),
            gc_genre_summary(g));
    const char *const *a = gc_genre_aliases(g);
    if (*a) {
      fprintf(c->out, " (also:");
      for (; *a; a++)
        fprintf(c->out, " %s", *a);
      fprintf(c->out, ")");
    }
    fprintf(c->out, "\n");
  }
  return EX_OK;
}


const gc_command gc_command_genres = {
    .name = "genres",
    .order = 90,
    .section = "files",
    .args = "",
    .summary = "list the genres, their sizes and other names",
    .options = "",
    .about = NULL,
    .examples = "gridcnf genres",
    .run = cmd_genres};
