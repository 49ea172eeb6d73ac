/* cmd_setter.c: the setter tools explain, minimize and hint. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/jsonload.h"
#include "cli_int.h"

static json_t *clues_json(const gc_clues *cl) {
  json_t *a = json_array();
  for (size_t i = 0; i < cl->count; i++)
    json_array_append_new(a, json_string(cl->what[i]));
  return a;
}

static void print_clues(cli *c, const char *title, const gc_clues *cl) {
  fprintf(c->out, "%s%s\n", title, cl->count ? ":" : ": none");
  for (size_t i = 0; i < cl->count; i++)
    fprintf(c->out, "  %s\n", cl->what[i]);
}

static int explain_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                       int *code) {
  (void)ms;
  gc_status st;
  gc_clues core;
  gc_error e;
  if (gc_explain(pz, &c->opt, &c->lim, &st, &core, &e))
    return gc_cli_tool_failed(c, source, pz, &e, code);
  const char *status = st == GC_STATUS_NONE ? "none"
                       : st == GC_STATUS_SOLVED ? "solvable"
                                                : "unknown";
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, status);
    json_object_set_new(o, "conflict", clues_json(&core));
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, status);
    if (st == GC_STATUS_NONE) {
      fprintf(c->out, " (no solution); these cannot all hold, and each is "
                      "needed for that:\n");
      for (size_t i = 0; i < core.count; i++)
        fprintf(c->out, "  %s\n", core.what[i]);
    } else
      fprintf(c->out, st == GC_STATUS_SOLVED ? " (it has a solution: nothing to explain)\n"
                                              : " (stopped before an answer)\n");
  }
  gc_cli_worst(code, st == GC_STATUS_UNKNOWN ? gc_cli_stop_exit(&c->lim) : EX_OK);
  gc_clues_free(&core);
  return st == GC_STATUS_UNKNOWN && gc_stop_requested(c->lim.interrupt);
}

static int minimize_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                        int *code) {
  (void)ms;
  gc_status st;
  gc_clues redundant, removed;
  char *minimal;
  gc_error e;
  if (gc_minimize(pz, &c->opt, &c->lim, &st, &redundant, &removed, &minimal, &e))
    return gc_cli_tool_failed(c, source, pz, &e, code);
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, gc_status_name(st));
    json_object_set_new(o, "redundant", clues_json(&redundant));
    json_object_set_new(o, "removed", clues_json(&removed));
    json_object_set_new(o, "minimal", minimal ? gc_json_loads(minimal) : json_null());
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, gc_status_name(st));
    if (st == GC_STATUS_UNIQUE) {
      fprintf(c->out, "\n");
      print_clues(c, "each removable alone (the solution stays unique)", &redundant);
      print_clues(c, "removed, one after another, for a minimal puzzle", &removed);
      gc_read_options ro = {"json", NULL};
      gc_error e2;
      gc_reader *rd = minimal ? gc_reader_new(minimal, strlen(minimal), "minimal", &ro, &e2) : NULL;
      gc_puzzle *mp = NULL;
      char *text = NULL;
      if (rd && gc_reader_next(rd, &mp, &e2) == GC_READ_PUZZLE &&
          (text = gc_render_text(mp, NULL)))
        fprintf(c->out, "the minimal puzzle:\n%s", text);
      else
        gc_cli_record_lost(c);
      free(text);
      gc_puzzle_free(mp);
      gc_reader_free(rd);
    } else
      fprintf(c->out, " (only a unique puzzle can be minimised)\n");
  }
  gc_cli_worst(code, st == GC_STATUS_UNIQUE ? EX_OK
              : st == GC_STATUS_NONE ? EX_NONE
              : st == GC_STATUS_MULTIPLE ? EX_MULTIPLE
                                         : gc_cli_stop_exit(&c->lim));
  free(minimal);
  gc_clues_free(&redundant);
  gc_clues_free(&removed);
  return 0;
}

static int hint_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                    int *code) {
  (void)ms;
  gc_status st;
  gc_grid fixed;
  gc_error e;
  if (gc_backbone(pz, &c->opt, &c->lim, &st, &fixed, &e))
    return gc_cli_tool_failed(c, source, pz, &e, code);
  int n = gc_puzzle_n(pz), known = 0;
  for (int i = 0; fixed.n && i < n * n; i++)
    known += fixed.cell[i] >= 0;
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, gc_status_name(st));
    json_object_set_new(o, "fixed", gc_cli_grid_json(&fixed));
    json_object_set_new(o, "fixed_cells", json_integer(known));
    gc_cli_emit_json(c, o);
  } else {
    gc_cli_print_name(c, source, pz, gc_status_name(st));
    if (fixed.n) {
      fprintf(c->out, "; %d of %d cells are the same in every solution ('.' = not fixed):\n",
              known, n * n);
      for (int r = 0; r < n; r++) {
        for (int col = 0; col < n; col++) {
          int v = fixed.cell[r * n + col];
          if (col)
            fputc(' ', c->out);
          if (v < 0)
            fprintf(c->out, n >= 10 ? "%2s" : "%s", ".");
          else
            fprintf(c->out, n >= 10 ? "%2d" : "%d", v);
        }
        fprintf(c->out, "\n");
      }
    } else
      fprintf(c->out, "\n");
  }
  gc_cli_worst(code, st == GC_STATUS_UNKNOWN ? gc_cli_stop_exit(&c->lim)
              : st == GC_STATUS_NONE   ? EX_NONE
                                       : EX_OK);
  gc_grid_free(&fixed);
  return 0;
}

static int cmd_explain(cli *c) {
  int count = 0;
  return gc_cli_each_puzzle(c, explain_one, &count);
}

static int cmd_minimize(cli *c) {
  int count = 0;
  return c->jobs > 1 ? gc_cli_each_puzzle_jobs(c, minimize_one, &count)
                     : gc_cli_each_puzzle(c, minimize_one, &count);
}

int gc_cli_hint_all(cli *c) {
  int count = 0;
  return gc_cli_each_puzzle(c, hint_one, &count);
}


const gc_command gc_command_explain = {
    .name = "explain",
    .order = 40,
    .section = "set",
    .args = "[FILE|-]...",
    .summary = "why a puzzle has no solution: a minimal set of its clues",
    .options = "json @input @limits @encoding",
    .about = "For a puzzle with no solution: clues that cannot all hold, "
             "every one of them needed (without any one the rest has a "
             "solution).",
    .examples = "gridcnf explain puzzle.txt",
    .run = cmd_explain};
const gc_command gc_command_minimize = {
    .name = "minimize",
    .alias = "minimise",
    .order = 45,
    .section = "set",
    .args = "[FILE|-]...",
    .summary = "redundant clues, and a minimal puzzle",
    .options = "json jobs @input @limits @encoding",
    .about = "For a unique puzzle: the clues each removable alone while the "
             "solution stays unique, and a minimal puzzle (every remaining "
             "clue needed) as a JSON record.",
    .examples = "gridcnf minimize puzzle.txt\n"
                "gridcnf minimize --json puzzle.txt",
    .run = cmd_minimize};
