/* cmd_genres.c: the list of genres. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

/* The --json record of genre g: name, summary, max_n, aliases and the
   difficulty levels (rate's labels, generate --difficulty's names,
   easiest first); NULL when out of memory. */
static json_t *genre_record(const gc_genre *g) {
  json_t *aliases = json_array(), *levels = json_array();
  for (const char *const *a = gc_genre_aliases(g); aliases && a && *a; a++)
    json_array_append_new(aliases, json_string(*a));
  for (const char *const *l = gc_genre_levels(g); levels && l && *l; l++)
    json_array_append_new(levels, json_string(*l));
  json_t *o = json_pack("{s:s, s:s, s:i, s:o*, s:o*}", "name", gc_genre_name(g),
                        "summary", gc_genre_summary(g), "max_n",
                        gc_genre_max_n(g), "aliases", aliases, "levels", levels);
  return aliases && levels ? o : (json_decref(o), NULL);
}

static int cmd_genres(cli *c) {
  for (size_t i = 0; i < gc_genre_count(); i++) {
    const gc_genre *g = gc_genre_at(i);
    if (c->json) {
      json_t *o = genre_record(g);
      if (!o) {
        fprintf(c->err, "gridcnf: out of memory\n");
        return EX_SOFTWARE;
      }
      gc_cli_emit_json(c, o);
      continue;
    }
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
    .options = "json",
    .about = "With --json, one record per genre: name, summary, max_n, "
             "aliases and levels (the difficulty levels easiest first: "
             "rate's labels and generate --difficulty's names).",
    .examples = "gridcnf genres\ngridcnf genres --json",
    .run = cmd_genres};
