/* cmd_solve.c: solve and count. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "external.h"

static int solve_one(cli *c, const char *source, gc_puzzle *pz, double parse_ms,
                     int *code) {
  gc_result res;
  gc_error e;
  gc_limits lim = c->lim;
  if (c->total_timeout > 0) {
    /* The batch's time left bounds this puzzle; once it is spent, every
       later puzzle still gets its line, as unknown. */
    double left = c->total_timeout - (gc_cli_now_ms() - c->start_ms) / 1e3;
    if (left <= 0) {
      gc_result_init(&res);
      res.stop = GC_STOP_TIME;
      gc_cli_emit_result(c, source, pz, &res);
      gc_cli_worst(code, EX_TIME);
      return 0;
    }
    if (lim.timeout <= 0 || left < lim.timeout)
      lim.timeout = left;
  }
  if (c->external || c->via) { /* solve_external.c, solve_via.c */
    double keep = c->lim.timeout;
    c->lim.timeout = lim.timeout;
    int stop = c->via ? gc_cli_solve_via(c, source, pz, parse_ms, code)
                      : gc_cli_solve_external(c, source, pz, parse_ms, code);
    c->lim.timeout = keep;
    return stop;
  }
  if (gc_solve(pz, &c->opt, &lim, &res, &e)) {
    if (!e.line) {
      gc_error_source(&e, source);
      e.line = gc_puzzle_line(pz);
    }
    gc_cli_emit_error_record(c, &e, pz);
    gc_cli_worst(code, gc_code_exit(e.code));
    gc_result_free(&res);
    return 0;
  }
  res.stats.parse_ms = parse_ms;
  gc_cli_emit_result(c, source, pz, &res);
  gc_cli_worst(code, gc_cli_status_exit(&res));
  int stop = res.stop == GC_STOP_INTERRUPT;
  gc_result_free(&res);
  return stop;
}

/* count --list prints every solution as it is found; --all reports its
   progress on stderr. */
typedef struct listing {
  cli *c;
  const gc_puzzle *pz;
  json_t *all; /* --json --list: the solutions, added to the record */
  double next_ms;
} listing;

static int on_solution(void *ctx, long index, const gc_grid *g) {
  listing *l = ctx;
  cli *c = l->c;
  if (c->list) {
    if (c->json)
      json_array_append_new(l->all, gc_cli_grid_json(g));
    else {
      fprintf(c->out, "solution %ld:\n", index);
      gc_cli_print_grid_text(c, l->pz, g);
      gc_cli_record_flush(c); /* each solution as it is found */
    }
  }
  if (c->all && gc_cli_now_ms() >= l->next_ms) {
    gc_cli_progress_clear(c);
    fprintf(c->err, "gridcnf: %ld solutions so far (%.1f s)\n", index,
            (gc_cli_now_ms() - c->start_ms) / 1e3);
    l->next_ms = gc_cli_now_ms() + 1000;
  }
  return c->withheld; /* the output is held up by an interrupt: stop */
}

static int count_one(cli *c, const char *source, gc_puzzle *pz, double parse_ms,
                     int *code) {
  listing l = {c, pz, c->json && c->list ? json_array() : NULL,
               gc_cli_now_ms() + 1000};
  c->lim.on_solution = on_solution;
  c->lim.ctx = &l;
  c->extra = l.all ? json_object() : NULL;
  if (c->extra)
    json_object_set(c->extra, "solutions", l.all);
  int stop = solve_one(c, source, pz, parse_ms, code);
  c->lim.on_solution = NULL;
  json_decref(c->extra);
  c->extra = NULL;
  json_decref(l.all);
  return stop;
}

static int cmd_count(cli *c) {
  if (c->external || c->via)
    return gc_cli_usage_error(c, "%s goes with 'solve' (unique or --first)",
                              c->via ? "--via" : "--external");
  c->lim.mode = GC_MODE_COUNT;
  if (c->all)
    c->lim.count = 1000000000L;
  else if (c->lim.count < 1)
    c->lim.count = 2;
  int count = 0;
  return gc_cli_each_puzzle(c, count_one, &count);
}

static int cmd_solve(cli *c) {
  if (c->external && c->lim.mode == GC_MODE_COUNT)
    return gc_cli_usage_error(c, "--external does not count: use it without --count%s", "");
  int count = 0;
  if (c->jobs > 1 && (c->external || c->via))
    return gc_cli_usage_error(c, "--jobs runs the embedded solver: use it without %s",
                              c->via ? "--via" : "--external");
  if (c->via && c->lim.mode == GC_MODE_COUNT)
    return gc_cli_usage_error(c, "--via does not count: use it without --count%s", "");
  if (c->via && c->external)
    return gc_cli_usage_error(c, "--via and --external are two ways to solve: pick one%s", "");
  if (c->external && gc_cli_external_usable(c))
    return EX_USAGE;
  /* a batch on several threads keeps the CPUs busy already */
  if (c->jobs > 1 && c->opt.portfolio == GC_PORTFOLIO_AUTO)
    c->opt.portfolio = GC_PORTFOLIO_OFF;
  int code = c->jobs > 1 ? gc_cli_solve_jobs(c, &count)
                         : gc_cli_each_puzzle(c, solve_one, &count);
  if (count == 0 && code == EX_OK) { /* every record filtered out by --id */
    fprintf(c->err, "gridcnf: no puzzle with the id '%s'\n", c->id ? c->id : "");
    return EX_DATAERR;
  }
  return code;
}


const gc_command gc_command_solve = {
    .name = "solve",
    .order = 10,
    .section = "solve",
    .args = "[FILE|-]...",
    .summary = "solve puzzles and prove the solution unique",
    .options = "json first count jobs external via total-timeout @input "
               "@limits @encoding",
    .about = "Every puzzle of every file is solved; the answer is re-checked "
             "by the genre's own rule checker before it is printed.  Status: "
             "unique (exit 0), multiple (a second solution is shown, exit 2), "
             "none (exit 1), unknown (stopped by --timeout, exit 3); with "
             "--first, solved (uniqueness not asked); with --count K, the "
             "number of solutions up to K.",
    .examples = "gridcnf solve puzzle.txt\n"
                "gridcnf solve --json puzzles.jsonl > answers.jsonl\n"
                "gridcnf solve --genre futoshiki --count 10 --timeout 5 -",
    .run = cmd_solve};
const gc_command gc_command_count = {
    .name = "count",
    .order = 15,
    .section = "solve",
    .args = "[FILE|-]...",
    .summary = "count a puzzle's solutions",
    .options = "json max all list total-timeout @input @limits @encoding",
    .about = "Counts solutions up to --max K (default 2), or all of them with "
             "--all (progress on standard error every second).  --list "
             "prints each solution as it is found.",
    .examples = "gridcnf count --max 100 puzzle.txt\n"
                "gridcnf count --all --list --json puzzle.txt",
    .run = cmd_count};
