/* steps_out.c: a step path as JSON and as text (the steps and hint
   commands). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cli_int.h"

static int star_genre(const gc_puzzle *pz) {
  return gc_genre_binary(gc_puzzle_genre(pz));
}

static json_t *digits_json(uint64_t mask) {
  json_t *a = json_array();
  for (int v = 0; v < 64; v++)
    if (mask >> v & 1)
      json_array_append_new(a, json_integer(v));
  return a;
}

static json_t *cell_pair(int r, int c) {
  return json_pack("[ii]", r + 1, c + 1);
}

json_t *gc_cli_item_json(const gc_puzzle *pz, const gc_item *it) {
  static const char *const side[] = {"top", "bottom", "left", "right"};
  json_t *o = json_object();
  switch (it->kind) {
  case GC_ITEM_CLUE:
    json_object_set_new(o, "kind", json_string("clue"));
    json_object_set_new(o, "side", json_string(side[it->side & 3]));
    json_object_set_new(o, "index", json_integer(it->index + 1));
    json_object_set_new(o, "value", json_integer(it->value));
    break;
  case GC_ITEM_GIVEN:
    json_object_set_new(o, "kind", json_string("given"));
    json_object_set_new(o, "row", json_integer(it->row + 1));
    json_object_set_new(o, "col", json_integer(it->col + 1));
    json_object_set_new(o, "value", json_integer(it->value));
    break;
  case GC_ITEM_SIGN:
    json_object_set_new(o, "kind", json_string("sign"));
    json_object_set_new(o, "a", cell_pair(it->row, it->col));
    json_object_set_new(o, "b", cell_pair(it->row2, it->col2));
    break;
  case GC_ITEM_MARK: /* Futoshiki Adjacent: a pair, marked or not */
    json_object_set_new(o, "kind", json_string("mark"));
    json_object_set_new(o, "a", cell_pair(it->row, it->col));
    json_object_set_new(o, "b", cell_pair(it->row2, it->col2));
    json_object_set_new(o, "consecutive", json_boolean(it->value != 0));
    break;
  case GC_ITEM_CELL:
    json_object_set_new(o, "kind", json_string("cell"));
    json_object_set_new(o, "row", json_integer(it->row + 1));
    json_object_set_new(o, "col", json_integer(it->col + 1));
    if (star_genre(pz))
      json_object_set_new(o, "star", json_boolean(it->value == 1));
    else if (it->value >= 0)
      json_object_set_new(o, "value", json_integer(it->value));
    else
      json_object_set_new(o, "not", digits_json(it->not_mask));
    break;
  case GC_ITEM_ROW:
  case GC_ITEM_COLUMN:
  case GC_ITEM_BOX:
    json_object_set_new(o, "kind", json_string(it->kind == GC_ITEM_ROW ? "row"
                                               : it->kind == GC_ITEM_COLUMN
                                                   ? "column"
                                                   : "box"));
    json_object_set_new(o, "index", json_integer(it->index + 1));
    break;
  case GC_ITEM_REGION:
    json_object_set_new(o, "kind", json_string("region"));
    json_object_set_new(o, "id", json_integer(it->index));
    break;
  }
  return o;
}

/* The step's own keys into o: row, col, value / not / star, reason,
   technique, text, level. */
void gc_cli_step_keys(const gc_puzzle *pz, const gc_step *st,
                      const gc_step_path *path, json_t *o) {
  json_object_set_new(o, "row", json_integer(st->row + 1));
  json_object_set_new(o, "col", json_integer(st->col + 1));
  if (star_genre(pz))
    json_object_set_new(o, "star", json_boolean(st->value == 1));
  else if (st->value >= 0)
    json_object_set_new(o, "value", json_integer(st->value));
  else
    json_object_set_new(o, "not", digits_json(st->not_mask));
  json_t *r = json_array();
  for (size_t i = 0; i < st->nreason; i++)
    json_array_append_new(r, gc_cli_item_json(pz, &st->reason[i]));
  json_object_set_new(o, "reason", r);
  if (st->unproven)
    json_object_set_new(o, "unproven", json_integer((json_int_t)st->unproven));
  json_object_set_new(o, "technique", json_string(st->technique));
  json_object_set_new(o, "text", json_string(st->text));
  if (path->levels && st->level >= 0 && st->level < path->nlevels)
    json_object_set_new(o, "level", json_string(path->levels[st->level]));
}

json_t *gc_cli_step_json(const gc_puzzle *pz, const gc_step *st,
                         const gc_step_path *path) {
  json_t *o = json_object();
  gc_cli_step_keys(pz, st, path, o);
  return o;
}

void gc_cli_print_step(cli *c, const gc_puzzle *pz, const gc_step *st,
                       size_t number) {
  if (number)
    fprintf(c->out, "%4zu. %s  [%s]\n", number, st->text, st->technique);
  else
    fprintf(c->out, ": %s  [%s]\n", st->text, st->technique);
  fprintf(c->out, "      because: ");
  if (!st->nreason)
    fprintf(c->out, "the rules alone");
  for (size_t i = 0; i < st->nreason; i++) {
    char w[160];
    gc_item_words(pz, &st->reason[i], w, sizeof w);
    fprintf(c->out, "%s%s", i ? "; " : "", w);
  }
  if (st->unproven)
    fprintf(c->out, " (%zu of these not shown needed: too hard to decide)",
            st->unproven);
  fprintf(c->out, "\n");
}
