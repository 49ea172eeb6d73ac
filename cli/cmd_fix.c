/* cmd_fix.c: unique-fix, givens that make a puzzle with several solutions
   unique. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/jsonload.h"
#include "cli_int.h"

static void print_fixed(cli *c, const char *record) {
  gc_read_options ro = {"json", NULL};
  gc_error e;
  gc_reader *rd = gc_reader_new(record, strlen(record), "fixed", &ro, &e);
  gc_puzzle *pz = NULL;
  char *text = NULL;
  if (rd && gc_reader_next(rd, &pz, &e) == GC_READ_PUZZLE &&
      (text = gc_render_text(pz, NULL)))
    fprintf(c->out, "the puzzle with them:\n%s", text);
  else
    gc_cli_record_lost(c);
  free(text);
  gc_puzzle_free(pz);
  gc_reader_free(rd);
}

static int fix_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                   int *code) {
  (void)ms;
  gc_status st;
  gc_clues added;
  char *fixed;
  gc_error e;
  if (gc_unique_fix(pz, &c->opt, &c->lim, &st, &added, &fixed, &e))
    return gc_cli_tool_failed(c, source, pz, &e, code);
  const char *status = st == GC_STATUS_UNIQUE ? (added.count ? "fixed" : "unique")
                       : st == GC_STATUS_NONE ? "none"
                                              : "unknown";
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, status);
    json_t *a = json_array();
    for (size_t i = 0; i < added.count; i++)
      json_array_append_new(a, json_string(added.what[i]));
    json_object_set_new(o, "added", a);
    json_object_set_new(o, "puzzle", fixed ? gc_json_loads(fixed) : json_null());
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, status);
    if (st == GC_STATUS_UNIQUE && !added.count)
      fprintf(c->out, " (the solution is unique already: nothing to add)\n");
    else if (st == GC_STATUS_UNIQUE) {
      fprintf(c->out, " (unique with %zu given%s added):\n", added.count,
              added.count == 1 ? "" : "s");
      for (size_t i = 0; i < added.count; i++)
        fprintf(c->out, "  %s\n", added.what[i]);
      print_fixed(c, fixed);
    } else if (st == GC_STATUS_NONE)
      fprintf(c->out, " (no solution: nothing to fix by adding; see 'gridcnf explain')\n");
    else
      fprintf(c->out, " (stopped before an answer)\n");
  }
  gc_cli_worst(code, st == GC_STATUS_UNIQUE ? EX_OK
                     : st == GC_STATUS_NONE ? EX_NONE
                                            : gc_cli_stop_exit(&c->lim));
  gc_clues_free(&added);
  free(fixed);
  return st == GC_STATUS_UNKNOWN && gc_stop_requested(c->interrupt);
}

static int cmd_unique_fix(cli *c) {
  int count = 0;
  return gc_cli_each_puzzle(c, fix_one, &count);
}

const gc_command gc_command_unique_fix = {
    .name = "unique-fix",
    .order = 48,
    .section = "set",
    .args = "[FILE|-]...",
    .summary = "givens to add until a puzzle's solution is unique",
    .options = "json @input @limits @encoding",
    .about = "For a puzzle with several solutions: adds givens, each at a "
             "cell where two solutions differ, until one solution is left, "
             "and prints the new puzzle.  Genres without givens (Star "
             "Battle) cannot be fixed this way.",
    .examples = "gridcnf unique-fix puzzle.txt\n"
                "gridcnf unique-fix --json puzzles.jsonl",
    .run = cmd_unique_fix};
