/* cmd_rate.c: gridcnf rate PUZZLE...: a difficulty label and score from
   the step path, and the solver's work (gc_rate). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

static int rate_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                    int *code) {
  (void)ms;
  gc_rating rt;
  gc_error e;
  gc_cli_watch w;
  gc_limits lim;
  gc_cli_steps_watch(c, "rate", &w, &lim);
  int failed = gc_rate(pz, &c->opt, &lim, &rt, &e);
  gc_cli_steps_unwatch(&w);
  if (failed)
    return gc_cli_tool_failed(c, source, pz, &e, code);
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, gc_status_name(rt.status));
    json_object_set_new(o, "score", json_real(rt.score));
    json_object_set_new(o, "label", rt.label ? json_string(rt.label) : json_null());
    json_object_set_new(o, "cells", json_integer(rt.cells));
    json_object_set_new(o, "up_cells", json_integer(rt.up_cells));
    json_object_set_new(o, "probe_cells", json_integer(rt.probe_cells));
    json_object_set_new(o, "probe_rounds", json_integer(rt.probe_rounds));
    json_object_set_new(o, "conflicts_solve", json_integer(rt.conflicts_solve));
    json_object_set_new(o, "conflicts_unique", json_integer(rt.conflicts_unique));
    json_object_set_new(o, "steps", json_integer(rt.steps));
    json_object_set_new(o, "hard_steps", json_integer(rt.hard_steps));
    json_object_set_new(o, "technique",
                        rt.technique ? json_string(rt.technique) : json_null());
    json_object_set_new(o, "lookahead", json_integer(rt.lookahead));
    json_object_set_new(o, "max_reason", json_integer(rt.max_reason));
    if (rt.unproven) /* (only then: the records stay as they were) */
      json_object_set_new(o, "unproven", json_integer(rt.unproven));
    json_object_set_new(o, "ms", json_real(floor(rt.ms * 1000 + 0.5) / 1000));
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, gc_status_name(rt.status));
    fprintf(c->out, "; score %.1f (%s): %d steps, the hardest %s",
            rt.score,
            rt.label                           ? rt.label
            : rt.status == GC_STATUS_NONE      ? "not rated: no solution"
            : rt.status == GC_STATUS_MULTIPLE  ? "not rated: not unique"
                                               : "not rated",
            rt.steps,
            rt.technique ? rt.technique : "none");
    if (rt.lookahead)
      fprintf(c->out, ", %d by lookahead or search", rt.lookahead);
    fprintf(c->out,
            "; propagation decides %d of %d cells, probing %d in %d round%s; "
            "%ld + %ld conflicts to solve and prove unique",
            rt.up_cells, rt.cells, rt.probe_cells, rt.probe_rounds,
            rt.probe_rounds == 1 ? "" : "s", rt.conflicts_solve,
            rt.conflicts_unique);
    if (rt.unproven)
      fprintf(c->out, "; %ld reason item%s not shown needed (too hard to "
                      "decide)",
              rt.unproven, rt.unproven == 1 ? "" : "s");
    fprintf(c->out, "\n");
  }
  gc_cli_worst(code, rt.status == GC_STATUS_UNIQUE     ? EX_OK
                     : rt.status == GC_STATUS_MULTIPLE ? EX_MULTIPLE
                     : rt.status == GC_STATUS_NONE     ? EX_NONE
                                                       : gc_cli_stop_exit(&c->lim));
  return rt.status == GC_STATUS_UNKNOWN && gc_stop_requested(c->lim.interrupt);
}

static int cmd_rate(cli *c) {
  int count = 0;
  return c->jobs > 1 ? gc_cli_each_puzzle_jobs(c, rate_one, &count)
                     : gc_cli_each_puzzle(c, rate_one, &count);
}

const gc_command gc_command_rate = {
    .name = "rate",
    .order = 52,
    .section = "set",
    .args = "[FILE|-]...",
    .summary = "a difficulty label and score from the step path",
    .options = "json jobs @input @limits @encoding",
    .about = "The label is the genre's level of the hardest technique the "
             "step path needs (gridcnf steps): Tatham's levels for "
             "Skyscrapers (easy, hard, extreme, unreasonable) and Futoshiki "
             "(trivial, easy, tricky, extreme, recursive), Star Battle Lab's "
             "for Star Battle (easy, medium, hard, expert); the score ranks "
             "puzzles the way the levels do.",
    .examples = "gridcnf rate puzzle.txt\n"
                "gridcnf rate --json puzzles.jsonl",
    .run = cmd_rate};
