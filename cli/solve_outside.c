/*
 * solve_outside.c: what solve --external and solve --via share once the
 * program has been asked: a first run, then (unless --first) a second with
 * the first solution excluded, giving solve's record (unique, multiple,
 * none, unknown at the time limit or an interrupt); an answer that repeats
 * the excluded solution is an error.  A program that cannot be started is
 * exit 69, remembered in c->external_broken so that every later puzzle of
 * the batch gets the same error record without trying again.
 */
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "external.h"

static void stop_of(const gc_outside_call *r, gc_result *res) {
  res->status = GC_STATUS_UNKNOWN;
  res->stop = r->interrupted ? GC_STOP_INTERRUPT
              : r->timed_out ? GC_STOP_TIME
                             : GC_STOP_NONE;
}

static int stopped(const gc_outside_call *r) {
  return r->timed_out || r->interrupted || r->sat < 0;
}

/* The error record of pz, its place filled in; exit code ex (0: the
   error's own). */
static void error_record(cli *c, const char *source, const gc_puzzle *pz,
                         gc_error *e, int ex, int *code) {
  if (!e->line) {
    gc_error_source(e, source);
    e->line = gc_puzzle_line(pz);
  }
  gc_cli_emit_error_record(c, e, pz);
  gc_cli_worst(code, ex ? ex : gc_code_exit(e->code));
}

int gc_cli_outside_run(cli *c, char *const argv[], const char *out_path,
                       const char *err_path, double timeout, const char *who,
                       gc_run *run, gc_outside_call *r, gc_error *e) {
  char why[400];
  if (gc_run_program(argv, out_path, err_path, timeout, c->interrupt, run,
                     why, sizeof why)) {
    gc_error_set(e, GC_E_INTERNAL, 0, 0, "%s: %s", who, why);
    e->line = -1; /* it cannot be started (69): no use trying again */
    return -1;
  }
  r->ms = run->ms;
  r->timed_out = run->timed_out;
  r->interrupted = run->interrupted;
  return run->timed_out || run->interrupted;
}

int gc_cli_outside_broken(cli *c, const char *source, const gc_puzzle *pz,
                          int *code) {
  if (!c->external_broken)
    return 0;
  gc_error e;
  gc_error_set(&e, GC_E_INTERNAL, 0, 0, "%s", c->external_broken);
  error_record(c, source, pz, &e, EX_UNAVAILABLE, code);
  return 1;
}

int gc_cli_outside_failed(cli *c, const char *source, const gc_puzzle *pz,
                          gc_error *e, int *code) {
  int ex = 0;
  if (e->line == -1) { /* the program cannot be started: 69, said again
                          for every later puzzle without trying it */
    e->line = 0;
    ex = EX_UNAVAILABLE;
    free(c->external_broken);
    c->external_broken = malloc(strlen(e->message) + 1);
    if (c->external_broken)
      strcpy(c->external_broken, e->message);
  }
  error_record(c, source, pz, e, ex, code);
  return 0;
}

int gc_cli_outside_solve(cli *c, const char *source, const gc_puzzle *pz,
                         gc_result *res, gc_outside_fn fn, void *ctx,
                         const char *who, int *code) {
  gc_error e;
  gc_error_clear(&e);
  double deadline =
      c->lim.timeout > 0 ? gc_cli_now_ms() + c->lim.timeout * 1e3 : 0;
  gc_outside_call r1, r2;
  memset(&r1, 0, sizeof r1);
  memset(&r2, 0, sizeof r2);
  int stop = 0;
  if (fn(ctx, NULL, c->lim.timeout, &r1, &e))
    goto failed;
  res->stats.solve_ms = r1.ms;
  if (stopped(&r1)) {
    stop_of(&r1, res);
  } else if (r1.sat == 0) {
    res->status = GC_STATUS_NONE;
  } else {
    res->first = r1.grid;
    r1.grid.cell = NULL;
    r1.grid.n = 0;
    res->count = 1;
    if (c->lim.mode == GC_MODE_FIRST)
      res->status = GC_STATUS_SOLVED;
    else {
      double left = 0;
      if (deadline) {
        left = (deadline - gc_cli_now_ms()) / 1e3;
        if (left < 0.001)
          left = 0.001;
      }
      double t0 = gc_cli_now_ms();
      if (fn(ctx, &res->first, left, &r2, &e))
        goto failed;
      res->stats.unique_ms = gc_cli_now_ms() - t0;
      if (stopped(&r2)) {
        stop_of(&r2, res);
      } else if (r2.sat == 0) {
        res->status = GC_STATUS_UNIQUE;
      } else if (gc_grid_equal(&r2.grid, &res->first)) {
        gc_error_set(&e, GC_E_INTERNAL, 0, 0,
                     "%s gave the excluded solution again", who);
        goto failed;
      } else {
        res->second = r2.grid;
        r2.grid.cell = NULL;
        r2.grid.n = 0;
        res->count = 2;
        res->status = GC_STATUS_MULTIPLE;
      }
    }
  }
  stop = res->stop == GC_STOP_INTERRUPT;
  gc_cli_emit_result(c, source, pz, res);
  gc_cli_worst(code, gc_cli_status_exit(res));
  goto done;
failed:
  gc_cli_outside_failed(c, source, pz, &e, code);
done:
  gc_grid_free(&r1.grid);
  gc_grid_free(&r2.grid);
  return stop;
}
