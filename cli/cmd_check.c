/*
 * cmd_check.c: `check PUZZLE GRID` (is this grid a solution, and if not,
 * every rule it breaks) and `hint PUZZLE [--grid PARTIAL]` (one forced
 * cell, the easiest; `hint --all` is the backbone, in cmd_setter.c).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

static json_t *list_json(const gc_clues *cl) {
  json_t *a = json_array();
  for (size_t i = 0; i < cl->count; i++)
    json_array_append_new(a, json_string(cl->what[i]));
  return a;
}

static void print_list(cli *c, const gc_clues *cl) {
  for (size_t i = 0; i < cl->count; i++)
    fprintf(c->out, "  %s\n", cl->what[i]);
}

/* Reads the grid file for pz; prints the error and returns its exit code. */
static int read_grid(cli *c, const char *path, const gc_puzzle *pz, gc_grid *g,
                     int *partial) {
  char *data;
  size_t len;
  gc_error e;
  const char *source = !strcmp(path, "-") ? "<stdin>" : path;
  if (gc_cli_read_file(c, path, &data, &len, &e)) {
    gc_cli_emit_error_record(c, &e, pz); /* with --json, its record too */
    return gc_code_exit(e.code);
  }
  int rc = gc_grid_read(pz, data, len, source, g, partial, &e);
  free(data);
  if (rc) {
    gc_cli_emit_error_record(c, &e, pz);
    return gc_code_exit(e.code);
  }
  return EX_OK;
}

static int filled_cells(const gc_grid *g) {
  int k = 0;
  for (int i = 0; i < g->n * g->n; i++)
    k += g->cell[i] != GC_EMPTY;
  return k;
}

static int cmd_check(cli *c) {
  if (c->nfiles != 2)
    return gc_cli_usage_error(c, "check takes a PUZZLE and a GRID file%s", "");
  if (!strcmp(c->files[0], "-") && !strcmp(c->files[1], "-"))
    return gc_cli_usage_error(c, "check: only one of PUZZLE and GRID can be '-'%s", "");
  const char *grid_path = c->files[1];
  c->nfiles = 1;
  gc_cli_one o;
  int code = gc_cli_read_one(c, &o);
  if (code)
    return code;
  gc_grid g = {0, NULL}, done = {0, NULL};
  gc_clues broken = {0, NULL}, conflict = {0, NULL};
  int partial;
  code = read_grid(c, grid_path, o.pz, &g, &partial);
  if (code)
    goto out;
  gc_cli_record_begin(c); /* the answer is one record (output.c) */
  int nbroken = gc_check_all(o.pz, &g, partial, &broken);
  if (nbroken < 0) {
    fprintf(c->err, "gridcnf: out of memory\n");
    code = EX_SOFTWARE;
    goto out;
  }
  int n = gc_puzzle_n(o.pz), filled = filled_cells(&g);
  gc_status st = GC_STATUS_SOLVED;
  const char *status;
  if (nbroken)
    status = "broken";
  else if (!partial)
    status = "solution";
  else {
    gc_error e;
    if (gc_complete(o.pz, &c->opt, &c->lim, &g, &st, &done, &conflict, &e)) {
      gc_cli_tool_failed(c, o.source, o.pz, &e, &code);
      goto out;
    }
    status = st == GC_STATUS_SOLVED ? "completable"
             : st == GC_STATUS_NONE ? "not-completable"
                                    : "unknown";
  }
  code = !strcmp(status, "solution") || !strcmp(status, "completable") ? EX_OK
         : !strcmp(status, "unknown")                                  ? gc_cli_stop_exit(&c->lim)
                                                                       : EX_NONE;
  if (c->json) {
    json_t *obj = gc_cli_record_head(o.pz, status);
    json_object_set_new(obj, "partial", json_boolean(partial));
    json_object_set_new(obj, "filled", json_integer(filled));
    json_object_set_new(obj, "broken", list_json(&broken));
    if (partial && !nbroken) {
      json_object_set_new(obj, "conflict", list_json(&conflict));
      json_object_set_new(obj, "completion", gc_cli_grid_json(&done));
    }
    gc_cli_emit_json(c, obj);
    goto out;
  }
  gc_cli_print_name(c, o.source, o.pz, status);
  if (!strcmp(status, "solution"))
    fprintf(c->out, " (the grid solves the puzzle: every rule holds)\n");
  else if (nbroken) {
    fprintf(c->out, " (%s; %d broken rule%s):\n",
            partial ? "a partial grid" : "not a solution", nbroken,
            nbroken == 1 ? "" : "s");
    print_list(c, &broken);
  } else if (st == GC_STATUS_SOLVED) {
    fprintf(c->out, " (%d of %d cells filled, no rule broken, and the rest can be "
                    "filled in); one completion:\n",
            filled, n * n);
    gc_cli_print_grid_text(c, o.pz, &done);
  } else if (st == GC_STATUS_NONE) {
    fprintf(c->out, " (%d of %d cells filled, no rule broken yet, but no solution "
                    "has them all); these cannot all stand:\n",
            filled, n * n);
    print_list(c, &conflict);
  } else
    fprintf(c->out, " (stopped before an answer)\n");
out:
  gc_cli_record_end(c, o.source, o.pz, &code);
  gc_grid_free(&g);
  gc_grid_free(&done);
  gc_clues_free(&broken);
  gc_clues_free(&conflict);
  gc_puzzle_free(o.pz);
  return code;
}

static int hint_one(cli *c, const char *source, gc_puzzle *pz,
                    const gc_grid *partial) {
  gc_status st;
  gc_step step;
  gc_clues conflict;
  gc_error e;
  int code = EX_OK;
  if (gc_hint_step(pz, &c->opt, &c->lim, partial, &st, &step, &conflict, &e)) {
    gc_cli_tool_failed(c, source, pz, &e, &code);
    return code;
  }
  const char *status = st == GC_STATUS_SOLVED     ? "hint"
                       : st == GC_STATUS_UNIQUE   ? "complete"
                       : st == GC_STATUS_NONE     ? (partial ? "wrong" : "none")
                       : st == GC_STATUS_MULTIPLE ? "no-forced-cell"
                                                  : "unknown";
  code = st == GC_STATUS_SOLVED || st == GC_STATUS_UNIQUE ? EX_OK
         : st == GC_STATUS_NONE                          ? EX_NONE
         : st == GC_STATUS_MULTIPLE                      ? EX_MULTIPLE
                                                         : gc_cli_stop_exit(&c->lim);
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, status);
    if (st == GC_STATUS_SOLVED) {
      json_object_set_new(o, "row", json_integer(step.row + 1));
      json_object_set_new(o, "col", json_integer(step.col + 1));
      json_object_set_new(o, "value", json_integer(step.value));
      /* "conflicts" and "by" as before: how the hint was found */
      json_object_set_new(o, "conflicts", json_integer(step.lookahead == 2 ? 1000000 : step.lookahead));
      json_object_set_new(o, "by", json_string(step.lookahead == 0   ? "technique"
                                               : step.lookahead == 1 ? "lookahead"
                                                                     : "search"));
      json_t *r = json_array();
      for (size_t i = 0; i < step.nreason; i++)
        json_array_append_new(r, gc_cli_item_json(pz, &step.reason[i]));
      json_object_set_new(o, "reason", r);
      json_object_set_new(o, "technique", json_string(step.technique));
      json_object_set_new(o, "text", json_string(step.text));
    }
    if (st == GC_STATUS_NONE)
      json_object_set_new(o, "conflict", list_json(&conflict));
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, status);
    if (st == GC_STATUS_SOLVED)
      gc_cli_print_step(c, pz, &step, 0);
    else if (st == GC_STATUS_UNIQUE)
      fprintf(c->out, " (no empty cell: the grid is filled and right)\n");
    else if (st == GC_STATUS_NONE && !conflict.count)
      fprintf(c->out, " (the puzzle has no solution; 'gridcnf explain' says why)\n");
    else if (st == GC_STATUS_NONE) {
      fprintf(c->out, " (no solution agrees with the grid; fix these first):\n");
      print_list(c, &conflict);
    } else if (st == GC_STATUS_MULTIPLE)
      fprintf(c->out, " (no empty cell is forced: the puzzle has several "
                      "solutions that agree with the grid)\n");
    else
      fprintf(c->out, " (stopped before an answer)\n");
  }
  free(step.reason);
  gc_clues_free(&conflict);
  return code;
}

static int hint_each(cli *c, const char *source, gc_puzzle *pz, double ms,
                     int *code) {
  (void)ms;
  gc_cli_worst(code, hint_one(c, source, pz, NULL));
  return gc_stop_requested(c->interrupt);
}


static int cmd_hint(cli *c) {
  if (c->forced) {
    if (c->grid)
      return gc_cli_usage_error(c, "hint --forced works on the puzzle alone, "
                                   "without --grid%s", "");
    return gc_cli_hint_all(c);
  }
  if (!c->grid) {
    int count = 0;
    return gc_cli_each_puzzle(c, hint_each, &count);
  }
  gc_cli_one o;
  int code = gc_cli_read_one(c, &o);
  if (code)
    return code;
  gc_grid g = {0, NULL};
  int partial;
  code = read_grid(c, c->grid, o.pz, &g, &partial);
  if (!code) {
    gc_cli_record_begin(c);
    code = hint_one(c, o.source, o.pz, &g);
    gc_cli_record_end(c, o.source, o.pz, &code);
  }
  gc_grid_free(&g);
  gc_puzzle_free(o.pz);
  return code;
}

const gc_command gc_command_check = {
    .name = "check",
    .order = 30,
    .section = "solve",
    .args = "PUZZLE GRID",
    .summary = "is a grid a solution? every rule it breaks",
    .options = "json @input @limits @encoding",
    .about = "GRID is one row per line, as 'gridcnf solve' prints it, or "
             "JSON (an array of rows, or a record with \"solution\").  In "
             "every genre '.' or '?' is an empty cell; Star Battle: '*' or '1' "
             "a star, 'x', '-', '0' or a region letter no star (see 'gridcnf "
             "help formats').  A partial grid is checked for what its filled "
             "cells already break, and for whether it can still be "
             "completed.",
    .examples = "gridcnf check puzzle.txt my-grid.txt\n"
                "gridcnf solve --json puzzle.txt | gridcnf check puzzle.txt -",
    .run = cmd_check};
const gc_command gc_command_hint = {
    .name = "hint",
    .order = 35,
    .section = "solve",
    .args = "[--grid PARTIAL] [FILE|-]...",
    .summary = "the next step from the grid: a forced cell, and why",
    .options = "json grid forced @input @limits @encoding",
    .about = "Names one empty cell whose value follows from the puzzle (and "
             "the filled cells of --grid): the first step of the step path "
             "(gridcnf steps), with its technique and a minimal reason in "
             "the puzzle's clues and the grid's filled cells.  --forced "
             "lists every cell that holds the same value in all solutions.",
    .examples = "gridcnf hint puzzle.txt\n"
                "gridcnf hint --grid my-partial.txt puzzle.txt\n"
                "gridcnf hint --forced --json puzzle.txt",
    .run = cmd_hint};
