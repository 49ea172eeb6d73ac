/*
 * cmd_steps.c: gridcnf steps [--grid PARTIAL] [FILE|-]...: the solution
 * as an ordered list of deductions, the easiest first, each with the
 * minimal reason it follows from (gc_steps).  Text: one numbered line per
 * step and its reason in words; --json: one record per puzzle with the
 * usual head, "level", "steps" and "stats".
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

static const char *status_word(gc_status st) {
  switch (st) {
  case GC_STATUS_UNIQUE: return "unique";
  case GC_STATUS_MULTIPLE: return "multiple";
  case GC_STATUS_NONE: return "none";
  default: return "unknown";
  }
}

static int exit_of(const cli *c, gc_status st) {
  return st == GC_STATUS_UNIQUE     ? EX_OK
         : st == GC_STATUS_MULTIPLE ? EX_MULTIPLE
         : st == GC_STATUS_NONE     ? EX_NONE
                                    : gc_cli_stop_exit(&c->lim);
}

static json_t *partial_json(const gc_grid *g) {
  json_t *rows = json_array();
  for (int r = 0; r < g->n; r++) {
    json_t *row = json_array();
    for (int col = 0; col < g->n; col++) {
      int v = g->cell[r * g->n + col];
      json_array_append_new(row, v == GC_EMPTY ? json_null() : json_integer(v));
    }
    json_array_append_new(rows, row);
  }
  return rows;
}

static int steps_one(cli *c, const char *source, gc_puzzle *pz,
                     const gc_grid *partial, int *code) {
  gc_step_path path;
  gc_error e;
  gc_cli_watch w;
  gc_limits lim;
  gc_cli_steps_watch(c, "steps", &w, &lim);
  int failed = gc_steps(pz, &c->opt, &lim, partial, 0, &path, &e);
  gc_cli_steps_unwatch(&w);
  if (failed) {
    gc_step_path_free(&path);
    return gc_cli_tool_failed(c, source, pz, &e, code);
  }
  const char *level = path.level >= 0 && path.levels ? path.levels[path.level]
                                                      : NULL;
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, status_word(path.status));
    json_object_set_new(o, "solution", path.status == GC_STATUS_UNIQUE
                                           ? gc_cli_grid_json(&path.grid)
                                           : json_null());
    if (path.status != GC_STATUS_UNIQUE && path.grid.n)
      json_object_set_new(o, "grid", partial_json(&path.grid));
    json_object_set_new(o, "level", level ? json_string(level) : json_null());
    json_t *a = json_array();
    for (size_t i = 0; i < path.count; i++)
      json_array_append_new(a, gc_cli_step_json(pz, &path.step[i], &path));
    json_object_set_new(o, "steps", a);
    if (path.status == GC_STATUS_NONE) {
      json_t *cf = json_array();
      for (size_t i = 0; i < path.conflict.count; i++)
        json_array_append_new(cf, json_string(path.conflict.what[i]));
      json_object_set_new(o, "conflict", cf);
    }
    json_object_set_new(o, "stats",
                        json_pack("{s:I,s:I,s:f}", "steps", (json_int_t)path.count,
                                  "sat_calls", (json_int_t)path.sat_calls, "ms",
                                  floor(path.ms * 1000 + 0.5) / 1000));
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, status_word(path.status));
    fprintf(c->out, "; %zu step%s", path.count, path.count == 1 ? "" : "s");
    if (level)
      fprintf(c->out, ", graded %s", level);
    fprintf(c->out, "\n");
    for (size_t i = 0; i < path.count; i++)
      gc_cli_print_step(c, pz, &path.step[i], i + 1);
    if (path.status == GC_STATUS_MULTIPLE)
      fprintf(c->out, "deduction ends here: the puzzle has several solutions "
                      "that agree with these steps\n");
    else if (path.status == GC_STATUS_NONE) {
      fprintf(c->out, partial ? "contradiction: no solution agrees with the "
                                "grid; these cannot all hold:\n"
                              : "contradiction: the puzzle has no solution; "
                                "these cannot all hold:\n");
      for (size_t i = 0; i < path.conflict.count; i++)
        fprintf(c->out, "  %s\n", path.conflict.what[i]);
    } else if (path.status == GC_STATUS_UNKNOWN)
      fprintf(c->out, "stopped before the end\n");
  }
  gc_cli_worst(code, exit_of(c, path.status));
  int stop = path.status == GC_STATUS_UNKNOWN && c->lim.interrupt &&
             *c->lim.interrupt;
  gc_step_path_free(&path);
  return stop;
}

static int steps_each(cli *c, const char *source, gc_puzzle *pz, double ms,
                      int *code) {
  (void)ms;
  return steps_one(c, source, pz, NULL, code);
}

static int cmd_steps(cli *c) {
  if (!c->grid) {
    int count = 0;
    return gc_cli_each_puzzle(c, steps_each, &count);
  }
  gc_cli_one o;
  int code = gc_cli_read_one(c, &o);
  if (code)
    return code;
  char *data = NULL;
  size_t len = 0;
  gc_error e;
  gc_grid g = {0, NULL};
  int partial = 0;
  if (gc_cli_read_file(c, c->grid, &data, &len, &e) ||
      gc_grid_read(o.pz, data, len, c->grid, &g, &partial, &e)) {
    gc_cli_emit_error_record(c, &e, o.pz); /* with --json, its record too */
    code = gc_code_exit(e.code);
  } else { /* the answer is one record (output.c) */
    gc_cli_record_begin(c);
    steps_one(c, o.source, o.pz, &g, &code);
    gc_cli_record_end(c, o.source, o.pz, &code);
  }
  free(data);
  gc_grid_free(&g);
  gc_puzzle_free(o.pz);
  return code;
}

const gc_command gc_command_steps = {
    .name = "steps",
    .order = 37,
    .section = "solve",
    .args = "[--grid PARTIAL] [FILE|-]...",
    .summary = "the solution step by step, each step with its minimal reason",
    .options = "json grid @input @limits @encoding",
    .about = "The easiest deduction first, the way a person solves: each "
             "step places a digit, rules digits out of a cell or decides a "
             "Star Battle cell, names its technique and cites a minimal "
             "reason (the puzzle's clues, givens, signs and counts, and "
             "earlier steps' results), proven on the puzzle's formula.  "
             "--grid starts from a partial grid.",
    .examples = "gridcnf steps puzzle.txt\n"
                "gridcnf steps --json puzzles.jsonl\n"
                "gridcnf steps --grid my-partial.txt puzzle.txt",
    .run = cmd_steps};
