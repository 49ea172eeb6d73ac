/*
 * fuzz_solve.c: the input bytes read as puzzles (format auto), and each of
 * the first few with n <= 8 solved by CaDiCaL under a 0.05 s limit and
 * written as DIMACS.  The mode and the encoding options come from a hash of
 * the input, so a crashing input reproduces.  Checked:
 *   - every solution that comes back (unique, solved, multiple, counted)
 *     passes the genre's checker, and a second one differs from the first;
 *   - "unique" is proven: the search after the first solution completed;
 *   - a known solution ("solution" key) that passes the checker is found:
 *     not "none", and it is the unique solution when the status is unique;
 *   - the DIMACS text has the clause count its "p cnf" line says;
 *   - on half the inputs, the setter tools (same limit) agree with that
 *     answer: explain finds no solution exactly when there is none, the
 *     backbone is the solution of a unique puzzle and agrees with both
 *     solutions of one that has several, and minimize's minimal puzzle reads
 *     back and has the same unique solution;
 *   - on a quarter, --max-clauses at the formula's size (and one or two
 *     above) gives the same answer, one below refuses it (GC_E_TOO_LARGE),
 *     and unique-fix at that limit on a puzzle with several solutions adds
 *     givens that are digits of the grid and make it unique (issue 28:
 *     the refused blocking clause made unique puzzles "multiple" and
 *     unique-fix write before its array).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_puzzles.h"
#include "gridcnf.h"

#define MAX_SOLVED 4
#define MAX_N 8

static const char *text_of(const gc_puzzle *pz) {
  static char buf[8192];
  char *t = gc_render_text(pz, NULL);
  snprintf(buf, sizeof buf, "%s", t ? t : "(no rendering)");
  free(t);
  return buf;
}

static void fail(const gc_puzzle *pz, const char *what, const char *why) {
  fprintf(stderr, "fuzz_solve: %s%s%s\n%s\n", what, why ? ": " : "",
          why ? why : "", text_of(pz));
  abort();
}

static void check_dimacs(const gc_puzzle *pz, const gc_options *opt,
                         const gc_grid *block) {
  char *text;
  size_t len;
  gc_error err;
  if (gc_dimacs(pz, opt, block, &text, &len, &err)) {
    if (!err.code)
      fail(pz, "gc_dimacs failed without an error", NULL);
    return;
  }
  if (strlen(text) != len)
    fail(pz, "gc_dimacs: the length is wrong", NULL);
  const char *p = strstr(text, "\np cnf ");
  int nv;
  long nc;
  if (!p || sscanf(p, "\np cnf %d %ld", &nv, &nc) != 2)
    fail(pz, "gc_dimacs: no 'p cnf' line", NULL);
  p = strchr(p + 1, '\n');
  long lines = 0;
  for (p = p ? p + 1 : text + len; *p; p++)
    lines += *p == '\n';
  if (lines != nc)
    fail(pz, "gc_dimacs: the clause count is wrong", NULL);
  free(text);
}

/* A status that came from a finished search (not stopped). */
static int decided(gc_status st) {
  return st == GC_STATUS_UNIQUE || st == GC_STATUS_MULTIPLE ||
         st == GC_STATUS_NONE;
}

static void setters(const gc_puzzle *pz, const gc_options *opt,
                    const gc_result *res) {
  gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2, .timeout = 0.05};
  gc_status st = res->status, got;
  int known = decided(st) && (st == GC_STATUS_NONE || res->complete);
  gc_error err;
  char buf[512];

  gc_clues core;
  if (gc_explain(pz, opt, &lim, &got, &core, &err)) {
    gc_error_format(&err, buf, sizeof buf);
    if (err.code == GC_E_INTERNAL || !err.code)
      fail(pz, "gc_explain failed", buf);
  } else {
    if (known && got != GC_STATUS_UNKNOWN &&
        (got == GC_STATUS_NONE) != (st == GC_STATUS_NONE))
      fail(pz, "gc_explain disagrees with gc_solve", gc_status_name(got));
    if (got == GC_STATUS_NONE && core.count == 0)
      fail(pz, "gc_explain: no solution, but no reason", NULL);
    gc_clues_free(&core);
  }

  gc_grid fixed;
  if (gc_backbone(pz, opt, &lim, &got, &fixed, &err)) {
    gc_error_format(&err, buf, sizeof buf);
    if (err.code == GC_E_INTERNAL || !err.code)
      fail(pz, "gc_backbone failed", buf);
  } else {
    if (known && got != GC_STATUS_UNKNOWN && got != st)
      fail(pz, "gc_backbone disagrees with gc_solve", gc_status_name(got));
    if (fixed.n) {
      if (fixed.n != gc_puzzle_n(pz))
        fail(pz, "gc_backbone: a grid of the wrong size", NULL);
      int n = fixed.n;
      for (int i = 0; i < n * n; i++) {
        int v = fixed.cell[i];
        if (v < 0)
          continue;
        if (res->first.n && res->first.cell[i] != v)
          fail(pz, "gc_backbone: a fixed cell differs from the first solution", NULL);
        if (res->second.n && res->second.cell[i] != v)
          fail(pz, "gc_backbone: a fixed cell differs from the second solution", NULL);
      }
      if (got == GC_STATUS_UNIQUE)
        for (int i = 0; i < n * n; i++)
          if (fixed.cell[i] < 0)
            fail(pz, "gc_backbone: unique, but a cell is not fixed", NULL);
    }
    gc_grid_free(&fixed);
  }

  gc_clues redundant, removed;
  char *minimal;
  if (gc_minimize(pz, opt, &lim, &got, &redundant, &removed, &minimal, &err)) {
    gc_error_format(&err, buf, sizeof buf);
    if (err.code == GC_E_INTERNAL || !err.code)
      fail(pz, "gc_minimize failed", buf);
    return;
  }
  if (known && got != GC_STATUS_UNKNOWN && got != st)
    fail(pz, "gc_minimize disagrees with gc_solve", gc_status_name(got));
  if (got == GC_STATUS_UNIQUE && !minimal)
    fail(pz, "gc_minimize: unique, but no minimal puzzle", NULL);
  if (minimal) {
    /* The minimal puzzle keeps the solution unique.  (A genre without a
       JSON record gives one that does not read: nothing to check.) */
    gc_read_options ro = {"json", NULL};
    gc_reader *rd = gc_reader_new(minimal, strlen(minimal), "<minimal>", &ro, &err);
    gc_puzzle *mp = NULL;
    if (rd && gc_reader_next(rd, &mp, &err) == GC_READ_PUZZLE) {
      gc_result mres;
      if (gc_solve(mp, opt, &lim, &mres, &err) == 0) {
        if (mres.status != GC_STATUS_UNKNOWN &&
            (mres.status != GC_STATUS_UNIQUE ||
             (res->first.n && !gc_grid_equal(&mres.first, &res->first))))
          fail(pz, "gc_minimize: the minimal puzzle is not unique with the "
                   "same solution", minimal);
        gc_result_free(&mres);
      }
      gc_puzzle_free(mp);
    }
    gc_reader_free(rd);
  }
  gc_clues_free(&redundant);
  gc_clues_free(&removed);
  free(minimal);
}

/* The answer within --max-clauses near the formula's size. */
static void limited(const gc_puzzle *pz, const gc_options *opt0,
                    const gc_limits *lim0, const gc_result *res, uint32_t h) {
  gc_options opt = *opt0;
  opt.portfolio = GC_PORTFOLIO_OFF; /* one encoding: its size is the limit */
  char *text;
  size_t len;
  gc_error err;
  if (gc_dimacs(pz, &opt, NULL, &text, &len, &err))
    return;
  const char *p = strstr(text, "\np cnf ");
  int nv = 0;
  long nc = 0;
  if (!p || sscanf(p, "\np cnf %d %ld", &nv, &nc) != 2)
    fail(pz, "gc_dimacs: no 'p cnf' line", NULL);
  free(text);
  long delta = (long)((h >> 19) % 4) - 1; /* -1, 0, 1, 2 */
  if (nc + delta < 1)
    return;
  gc_limits lim = *lim0;
  lim.max_clauses = nc + delta;
  gc_result r;
  char buf[512];
  if (gc_solve(pz, &opt, &lim, &r, &err)) {
    gc_error_format(&err, buf, sizeof buf);
    if (delta >= 0 || err.code != GC_E_TOO_LARGE)
      fail(pz, "--max-clauses near the formula's size: an error", buf);
    gc_result_free(&r);
    return;
  }
  if (delta < 0)
    fail(pz, "--max-clauses below the formula's size: not refused", NULL);
  if (r.status != GC_STATUS_UNKNOWN && res->status != GC_STATUS_UNKNOWN &&
      (r.status != res->status ||
       (lim.mode == GC_MODE_COUNT && r.complete && res->complete &&
        r.count != res->count)))
    fail(pz, "--max-clauses at the formula's size changed the answer",
         gc_status_name(r.status));
  if (r.status == GC_STATUS_MULTIPLE && gc_grid_equal(&r.first, &r.second))
    fail(pz, "--max-clauses at the formula's size: the second solution is "
             "the first", NULL);
  gc_result_free(&r);
  if (res->status != GC_STATUS_MULTIPLE ||
      !strcmp(gc_genre_name(gc_puzzle_genre(pz)), "starbattle"))
    return;
  gc_status st;
  gc_clues added;
  char *fixed;
  lim.mode = GC_MODE_UNIQUE;
  if (gc_unique_fix(pz, &opt, &lim, &st, &added, &fixed, &err)) {
    gc_error_format(&err, buf, sizeof buf);
    fail(pz, "gc_unique_fix at the formula's size failed", buf);
  }
  int n = gc_puzzle_n(pz);
  for (size_t i = 0; i < added.count; i++) {
    int v, row, col;
    if (sscanf(added.what[i], "the %d at r%dc%d", &v, &row, &col) != 3 || v < 1 ||
        v > n || row < 1 || row > n || col < 1 || col > n)
      fail(pz, "gc_unique_fix added no digit of the grid", added.what[i]);
  }
  if (st == GC_STATUS_UNIQUE) {
    gc_read_options ro = {"json", NULL};
    gc_reader *rd = gc_reader_new(fixed, strlen(fixed), "<fixed>", &ro, &err);
    gc_puzzle *fz = NULL;
    if (rd && gc_reader_next(rd, &fz, &err) == GC_READ_PUZZLE) {
      gc_limits ul = {.mode = GC_MODE_UNIQUE, .count = 2, .timeout = 0.05};
      if (gc_solve(fz, &opt, &ul, &r, &err) == 0) {
        if (r.status != GC_STATUS_UNIQUE && r.status != GC_STATUS_UNKNOWN)
          fail(pz, "gc_unique_fix: the fixed puzzle is not unique", fixed);
        gc_result_free(&r);
      }
    } else
      fail(pz, "gc_unique_fix: the fixed puzzle does not read", fixed);
    gc_puzzle_free(fz);
    gc_reader_free(rd);
  }
  gc_clues_free(&added);
  free(fixed);
}

static void solve(const gc_puzzle *pz, uint32_t h) {
  gc_options opt;
  gc_options_default(&opt);
  opt.amo = (int)(h % 3);
  opt.edge_units = (int)((h >> 2) & 1);
  opt.preprocess = (int)((h >> 3) & 1);
  opt.sb_window = (int)((h >> 4) & 1);
  opt.sb_bands = (int)((h >> 9) & 1);
  opt.simplify = (int)((h >> 10) & 1);
  opt.probe = (int)((h >> 11) & 1);
  opt.sky_rise = (int)((h >> 12) & 1);
  opt.sb_blocks = (int)((h >> 13) % 3);
  opt.search = (int)((h >> 15) % 3);
  gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2, .timeout = 0.05};
  switch ((h >> 5) % 3) {
  case 1: lim.mode = GC_MODE_FIRST; break;
  case 2: lim.mode = GC_MODE_COUNT, lim.count = 1 + (long)((h >> 7) % 4); break;
  default: break;
  }
  gc_result res;
  gc_error err;
  char why[256];
  if (gc_solve(pz, &opt, &lim, &res, &err)) {
    if (err.code == GC_E_INTERNAL || !err.code) {
      char buf[512];
      gc_error_format(&err, buf, sizeof buf);
      fail(pz, "gc_solve failed", buf);
    }
    gc_result_free(&res);
    return;
  }
  gc_status st = res.status;
  int has_first = st == GC_STATUS_UNIQUE || st == GC_STATUS_SOLVED ||
                  st == GC_STATUS_MULTIPLE ||
                  (st == GC_STATUS_COUNTED && res.count > 0);
  if (has_first && !gc_check(pz, &res.first, why, sizeof why))
    fail(pz, "the first solution fails the checker", why);
  if (st == GC_STATUS_MULTIPLE) {
    if (!gc_check(pz, &res.second, why, sizeof why))
      fail(pz, "the second solution fails the checker", why);
    if (gc_grid_equal(&res.first, &res.second))
      fail(pz, "the second solution is the first", NULL);
  }
  if (st == GC_STATUS_UNIQUE && (res.count != 1 || !res.complete))
    fail(pz, "unique without a proof (the count is not complete)", NULL);
  if (st == GC_STATUS_NONE && res.count)
    fail(pz, "no solution, but a count", NULL);
  const gc_grid *known = gc_puzzle_known(pz);
  if (known && gc_check(pz, known, why, sizeof why)) {
    if (st == GC_STATUS_NONE)
      fail(pz, "no solution, but the known solution passes the checker", NULL);
    if (st == GC_STATUS_UNIQUE && !gc_grid_equal(known, &res.first))
      fail(pz, "unique, but the known solution is another one", NULL);
  }
  check_dimacs(pz, &opt, has_first ? &res.first : NULL);
  if ((h >> 9) & 1 && lim.mode == GC_MODE_UNIQUE)
    setters(pz, &opt, &res);
  if (((h >> 17) & 3) == 0)
    limited(pz, &opt, &lim, &res, h);
  gc_result_free(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint32_t h = fuzz_hash(data, size);
  fuzz_each_puzzle(data, size, h, MAX_SOLVED, MAX_N, solve);
  return 0;
}
