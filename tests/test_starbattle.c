/*
 * test_starbattle.c: Star Battle against its definition.  The whole
 * encoding (counts, no-touch, the sb_window block literals, the sb_pairs
 * counts with their window literals, the sb_blocks counts over dominoes
 * and windows, the totalizer, cells in no region)
 * is checked for every assignment of small grids; whole puzzles are
 * counted against a brute-force enumerator; the checker must reject every
 * single-cell change of a known solution and every star move that keeps the
 * row and column counts; the inputs (JSON, letter grids, the Parks matrix
 * of seed 001) parse, and bad ones fail with the right code and position.
 * Last, the corpus: every Star Battle record solves to its known solution,
 * or to "multiple" with a second, different, valid solution, under every
 * encoding variant (plain, sb_window, sb_pairs, sb_pairs + totalizer,
 * no band units, sb_blocks with and without the pair counts);
 * and the scaling series up to 17 x 17 gets the same verdicts under each
 * (two of them with the sparse search) and under the defaults.  Option
 * search: the encoding asks for the sparse search where the rule says,
 * and the sparse search answers as the default one.  Without ../shared the corpus part is skipped
 * and the test exits 77.
 */
#include <ccadical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/strbuf.h"
#include "genres/starbattle_forced.h"
#include "solver-glue/cadical.h"
#include "testutil.h"

#define MAXN 40

/*------------------------------------------------------------------------*/
/* The rules, written again here from the definition.                      */

static int def_ok(int n, int m, const int *reg, const int *x) {
  int row[MAXN] = {0}, col[MAXN] = {0}, region[MAXN] = {0};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int v = x[r * n + c];
      if (v != 0 && v != 1)
        return 0;
      if (!v)
        continue;
      if (reg[r * n + c] < 0)
        return 0;
      row[r]++, col[c]++, region[reg[r * n + c]]++;
      for (int r2 = r - 1; r2 <= r + 1; r2++)
        for (int c2 = c - 1; c2 <= c + 1; c2++)
          if ((r2 != r || c2 != c) && r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
              x[r2 * n + c2])
            return 0;
    }
  for (int k = 0; k < n; k++)
    if (row[k] != m || col[k] != m || region[k] != m)
      return 0;
  return 1;
}

/* A JSON record for the puzzle (and a solution when sol != NULL). */
static char *json_puzzle(int n, int m, const int *reg, const int *sol) {
  gc_strbuf b = {0};
  gc_sb_printf(&b, "{\"genre\":\"starbattle\",\"n\":%d,\"stars\":%d,\"regions\":[", n, m);
  for (int r = 0; r < n; r++) {
    gc_sb_put(&b, r ? ",[" : "[");
    for (int c = 0; c < n; c++)
      gc_sb_printf(&b, "%s%d", c ? "," : "", reg[r * n + c]);
    gc_sb_put(&b, "]");
  }
  gc_sb_put(&b, "]");
  if (sol) {
    gc_sb_put(&b, ",\"solution\":[");
    for (int r = 0; r < n; r++) {
      gc_sb_put(&b, r ? ",[" : "[");
      for (int c = 0; c < n; c++)
        gc_sb_printf(&b, "%s%d", c ? "," : "", sol[r * n + c]);
      gc_sb_put(&b, "]");
    }
    gc_sb_put(&b, "]");
  }
  gc_sb_put(&b, "}");
  return gc_sb_finish(&b);
}

/* Regions from rows of letters ('.' = -1), A = 0 and so on. */
static int grid_regions(const char *rows, int *reg) {
  int n = 0, k = 0;
  for (const char *p = rows; *p; p++) {
    if (*p == '/') {
      n++;
      continue;
    }
    reg[k++] = *p == '.' ? -1 : *p - 'A';
  }
  return n + 1;
}

static gc_puzzle *puzzle_of(int n, int m, const int *reg) {
  char *j = json_puzzle(n, m, reg, NULL);
  gc_puzzle *pz = tu_puzzle(j, NULL);
  free(j);
  return pz;
}

/* The encodings every test runs: 0 plain, 1 window literals, 2 pair
   counts, 3 pair counts with totalizers and phase false, 4 plain without
   the band units (the others have them, the default), 5 block counts
   (sb_blocks) with pair counts and totalizers, 6 block counts alone with
   counters, whatever m is. */
#define NVARIANTS 7
static void set_variant(gc_options *opt, int v) {
  gc_options_default(opt);
  opt->sb_bands = v != 4;
  opt->sb_window = v == 1;
  opt->sb_pairs = v == 2 || v == 3 || v == 5 ? GC_SB_PAIRS_ON : GC_SB_PAIRS_OFF;
  opt->sb_blocks = v >= 5 ? GC_SB_PAIRS_ON : GC_SB_PAIRS_OFF;
  opt->card = v == 3 || v == 5 ? GC_CARD_TOTALIZER : GC_CARD_COUNTER;
  if (v == 3)
    opt->phase = 0;
  if (v == 4 || v == 6) /* the solver's configuration, not the formula */
    opt->search = GC_SEARCH_SPARSE;
}

static CCaDiCaL *load_cnf(const gc_puzzle *pz, int window, int *nvars) {
  gc_options opt;
  set_variant(&opt, window);
  gc_cnf cnf;
  gc_memsink mem;
  tu_encode(pz, &opt, &cnf, &mem);
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  assert_non_null(cell);
  assert_int_equal(cell->first, 1); /* declared first */
  if (nvars)
    *nvars = cnf.nvars;
  CCaDiCaL *s = ccadical_init();
  ccadical_set_option(s, "quiet", 1);
  assert_int_equal(gc_memsink_replay(&mem, gc_sink_cadical(s)), 0);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return s;
}

/* In a model (the cells x assumed), each window literal (declared right
   after the cells) is the OR of its cells in a region, and no model has
   it otherwise: w <-> OR(cells), asked both ways.  With all 0, only the
   windows of the pairs' tilings (an even row or column) are checked. */
static void check_windows(CCaDiCaL *s, int n, const int *reg, const int *x,
                          int all) {
  for (int pass = 0; pass < 2; pass++) /* the model's values, then the rest */
  for (int r = 0; r + 1 < n; r++)
    for (int c = 0; c + 1 < n; c++) {
      int w = n * n + 1 + r * (n - 1) + c, any = 0;
      if (!all && r % 2 && c % 2)
        continue;
      for (int i = 0; i < 4; i++) {
        int at = (r + i / 2) * n + c + i % 2;
        any |= reg[at] >= 0 && x[at];
      }
      if (!pass) {
        if ((ccadical_val(s, w) > 0) != any)
          fail_msg("window r%dc%d is %d, its cells' OR %d", r + 1, c + 1,
                   ccadical_val(s, w) > 0, any);
        continue;
      }
      for (int v = 0; v < n * n; v++)
        ccadical_assume(s, x[v] ? v + 1 : -(v + 1));
      ccadical_assume(s, any ? -w : w);
      if (ccadical_solve(s) != 20)
        fail_msg("window r%dc%d can differ from its cells' OR", r + 1, c + 1);
    }
}

/*------------------------------------------------------------------------*/

/* Every assignment of the cell variables of small puzzles: the formula is
   satisfiable under it exactly when the assignment obeys the rules.  This
   covers the no-touch pairs, the window literals and the -1 cells. */
static void test_encoding_exhaustive(void **state) {
  (void)state;
  static const struct {
    const char *rows;
    int m;
  } cases[] = {
      {"AAB/ACB/CCB", 1},        {"ABC/ABC/ABC", 1},
      {".AB/AAB/CCB", 1},        {"AAB/ABB/CCC", 2},
      {"AABB/AABB/CCDD/CCDD", 1}, {"AABB/ACCB/DDCB/DDDB", 1},
      {"A.BB/ACCB/DDC./DDDB", 1}, {"AABB/ACCB/DDCB/DDDB", 2},
      {"ABCD/ABCD/ABCD/ABCD", 1}, {"AAAB/CCAB/CDDB/CDDB", 1},
  };
  long sat_total = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int reg[16], x[16];
    int n = grid_regions(cases[i].rows, reg), m = cases[i].m;
    gc_puzzle *pz = puzzle_of(n, m, reg);
    for (int window = 0; window < NVARIANTS; window++) {
      int nvars;
      CCaDiCaL *s = load_cnf(pz, window, &nvars);
      if (m == 1 && !window)
        assert_int_equal(nvars, n * n); /* EO = ALO + pairwise, no aux */
      if (m == 1 && window == 1)
        assert_int_equal(nvars, n * n + (n - 1) * (n - 1));
      long sat = 0, expect_sat = 0;
      for (long a = 0; a < (1L << (n * n)); a++) {
        for (int v = 0; v < n * n; v++) {
          x[v] = (int)((a >> v) & 1);
          ccadical_assume(s, x[v] ? v + 1 : -(v + 1));
        }
        int expect = def_ok(n, m, reg, x);
        int r = ccadical_solve(s);
        assert_true(r == 10 || r == 20);
        if (r == 10 && ((window >= 1 && window <= 3) || window == 5))
          check_windows(s, n, reg, x, window == 1);
        if ((r == 10) != expect)
          fail_msg("%s m=%d window=%d assignment %lx: %s, expected %s",
                   cases[i].rows, m, window, a, r == 10 ? "SAT" : "UNSAT",
                   expect ? "SAT" : "UNSAT");
        sat += r == 10;
        expect_sat += expect;
      }
      assert_int_equal(sat, expect_sat);
      sat_total += sat;
      ccadical_release(s);
    }
    /* The same through the shared helper, on the 3x3s. */
    if (n == 3) {
      gc_options opt;
      gc_options_default(&opt);
      gc_cnf cnf;
      gc_memsink mem;
      tu_encode(pz, &opt, &cnf, &mem);
      long count = tu_count_projected(&mem, cnf.nvars, 9), want = 0;
      for (int a = 0; a < 512; a++) {
        for (int v = 0; v < 9; v++)
          x[v] = (a >> v) & 1;
        want += def_ok(n, m, reg, x);
      }
      assert_int_equal(count, want);
      gc_cnf_release(&cnf);
      gc_memsink_free(&mem);
    }
    gc_puzzle_free(pz);
  }
  assert_true(sat_total > 0); /* some of them have solutions */
}

/*------------------------------------------------------------------------*/
/* Brute-force counts of whole puzzles.                                    */

static unsigned long rng_state = 12345;
static int rnd(int k) {
  rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
  return (int)((rng_state >> 33) % (unsigned long)k);
}

/* n regions grown from random seeds; then some cells blanked to -1 while
   every region keeps at least keep cells. */
static void random_regions(int n, int *reg, int blank_pct, int keep) {
again:
  for (int i = 0; i < n * n; i++)
    reg[i] = -2;
  for (int k = 0; k < n; k++) {
    int i;
    do
      i = rnd(n * n);
    while (reg[i] != -2);
    reg[i] = k;
  }
  for (int left = n * n - n; left > 0;) {
    int i = rnd(n * n);
    if (reg[i] != -2)
      continue;
    int r = i / n, c = i % n, d = rnd(4);
    int r2 = r + (d == 0) - (d == 1), c2 = c + (d == 2) - (d == 3);
    if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || reg[r2 * n + c2] < 0)
      continue;
    reg[i] = reg[r2 * n + c2];
    left--;
  }
  int size[MAXN] = {0};
  for (int i = 0; i < n * n; i++)
    size[reg[i]]++;
  for (int k = 0; k < n; k++)
    if (size[k] < keep)
      goto again;
  for (int i = 0; i < n * n; i++)
    if (rnd(100) < blank_pct && size[reg[i]] > keep) {
      size[reg[i]]--;
      reg[i] = -1;
    }
}

typedef struct bf {
  int n, m;
  const int *reg;
  int rowmask[MAXN]; /* cells in no region */
  int col[MAXN], region[MAXN];
  long count;
} bf;

static void bf_row(bf *b, int r, unsigned prev) {
  int n = b->n, m = b->m;
  if (r == n) {
    for (int k = 0; k < n; k++)
      if (b->col[k] != m || b->region[k] != m)
        return;
    b->count++;
    return;
  }
  unsigned near = prev | prev << 1 | prev >> 1;
  for (unsigned mask = 0; mask < (1u << n); mask++) {
    if (__builtin_popcount(mask) != m || (mask & mask << 1) ||
        (mask & near) || (mask & (unsigned)b->rowmask[r]))
      continue;
    int ok = 1;
    for (int c = 0; c < n; c++)
      if (mask >> c & 1) {
        int k = b->reg[r * n + c];
        b->col[c]++, b->region[k]++;
        if (b->col[c] > m || b->region[k] > m)
          ok = 0;
      }
    if (ok)
      bf_row(b, r + 1, mask);
    for (int c = 0; c < n; c++)
      if (mask >> c & 1)
        b->col[c]--, b->region[b->reg[r * n + c]]--;
  }
}

static long brute_count(int n, int m, const int *reg) {
  bf b;
  memset(&b, 0, sizeof b);
  b.n = n, b.m = m, b.reg = reg;
  for (int i = 0; i < n * n; i++)
    if (reg[i] < 0)
      b.rowmask[i / n] |= 1 << (i % n);
  bf_row(&b, 0, 0);
  return b.count;
}

/* Is -v a unit clause of the formula in mem? */
static int has_unit(const gc_memsink *mem, int lit) {
  size_t start = 0;
  for (size_t i = 0; i < mem->len; i++) {
    if (mem->lits[i])
      continue;
    if (i - start == 1 && mem->lits[start] == lit)
      return 1;
    start = i + 1;
  }
  return 0;
}

/* The band units, both kinds, on a puzzle where each applies: region A
   lies in row 1, which it shares with B, so B has no star in row 1; rows
   3-4 meet only C and D, so C has none in row 2.  Same counts either way. */
static void test_band_units(void **state) {
  (void)state;
  int reg[16];
  int n = grid_regions("AABB/CCBB/CDDD/CDDD", reg), m = 1;
  gc_puzzle *pz = puzzle_of(n, m, reg);
  long counts[2];
  for (int bands = 0; bands < 2; bands++) {
    gc_options opt;
    gc_options_default(&opt);
    opt.sb_bands = bands;
    gc_cnf cnf;
    gc_memsink mem;
    tu_encode(pz, &opt, &cnf, &mem);
    /* cells are variables 1..16, row-major */
    assert_int_equal(has_unit(&mem, -(0 * 4 + 2 + 1)), bands); /* B in row 1 */
    assert_int_equal(has_unit(&mem, -(0 * 4 + 3 + 1)), bands);
    assert_int_equal(has_unit(&mem, -(1 * 4 + 0 + 1)), bands); /* C in row 2 */
    assert_false(has_unit(&mem, -(2 * 4 + 0 + 1)));           /* C in row 3: free */
    gc_cnf_release(&cnf);
    gc_memsink_free(&mem);
    gc_limits lim = {.mode = GC_MODE_COUNT, .count = 1000};
    gc_result res;
    gc_error e;
    assert_int_equal(gc_solve(pz, &opt, &lim, &res, &e), 0);
    counts[bands] = res.count;
    gc_result_free(&res);
  }
  assert_int_equal(counts[0], brute_count(n, m, reg));
  assert_int_equal(counts[1], counts[0]);
  gc_puzzle_free(pz);
}

static void test_counts_brute_force(void **state) {
  (void)state;
  static const struct {
    int n, m, blank, puzzles;
  } classes[] = {{4, 1, 0, 30}, {5, 1, 0, 40}, {5, 1, 20, 30}, {6, 1, 0, 40},
                 {6, 1, 15, 30}, {7, 1, 0, 30}, {8, 1, 0, 20}, {8, 2, 0, 30},
                 {9, 2, 0, 15},  {9, 2, 10, 10}, {10, 2, 0, 6}};
  long total = 0, nonzero = 0, several = 0;
  for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++)
    for (int p = 0; p < classes[k].puzzles; p++) {
      int n = classes[k].n, m = classes[k].m, reg[MAXN * MAXN];
      random_regions(n, reg, classes[k].blank, m);
      long want = brute_count(n, m, reg);
      gc_puzzle *pz = puzzle_of(n, m, reg);
      for (int window = 0; window < NVARIANTS; window++) {
        gc_options opt;
        set_variant(&opt, window);
        gc_limits lim = {.mode = GC_MODE_COUNT, .count = 100000};
        gc_result res;
        gc_error e;
        assert_int_equal(gc_solve(pz, &opt, &lim, &res, &e), 0);
        if (res.count != want || !res.complete) {
          for (int i = 0; i < n * n; i++)
            print_message("%3d%s", reg[i], i % n == n - 1 ? "\n" : "");
          if (res.first.n)
            for (int i = 0; i < n * n; i++)
              print_message("%2d%s", res.first.cell[i], i % n == n - 1 ? "\n" : "");
        }
        if (res.count != want || !res.complete)
          fail_msg("%dx%d m=%d puzzle %d window=%d: counted %ld (complete %d), "
                   "brute force %ld",
                   n, n, m, p, window, res.count, res.complete, want);
        gc_result_free(&res);
      }
      gc_puzzle_free(pz);
      total += want;
      nonzero += want > 0;
      several += want > 1;
    }
  print_message("brute-force counts: %ld solutions, %ld puzzles solvable, %ld "
                "with several\n",
                total, nonzero, several);
  assert_true(nonzero >= 10);
  assert_true(several >= 3);
}

/*------------------------------------------------------------------------*/

static const char *const seed9 =
    "{\"id\":\"seed-001-parks-9x9-2star\",\"genre\":\"starbattle\",\"n\":9,"
    "\"stars\":2,\"regions\":[[0,0,1,1,1,1,1,1,1],[0,1,1,1,1,2,2,2,2],"
    "[0,1,1,1,1,2,3,3,3],[0,0,0,4,4,4,4,4,3],[5,5,0,0,0,6,6,4,3],"
    "[5,0,0,7,7,6,6,4,3],[5,8,8,7,7,6,6,4,3],[5,8,8,7,7,8,4,4,3],"
    "[5,8,8,8,8,8,4,4,3]],\"solution\":[[0,1,0,0,0,1,0,0,0],[0,0,0,1,0,0,0,1,0],"
    "[1,0,0,0,0,1,0,0,0],[0,0,0,1,0,0,0,0,1],[0,1,0,0,0,0,1,0,0],"
    "[0,0,0,0,1,0,0,0,1],[0,0,1,0,0,0,1,0,0],[1,0,0,0,1,0,0,0,0],"
    "[0,0,1,0,0,0,0,1,0]]}";

/* Option sb_blocks: on the 2-star 9x9 above (auto = on for m >= 2) the
   formula is smaller and propagation with probing decides it, which it
   does not without the block counts; same solution.  On a 1-star puzzle
   auto leaves the formula as it was. */
static void test_blocks_decide(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(seed9, NULL);
  gc_result r[3];
  static const int setting[3] = {GC_SB_PAIRS_OFF, GC_SB_PAIRS_ON, GC_SB_PAIRS_AUTO};
  for (int b = 0; b < 3; b++) {
    gc_options opt;
    gc_options_default(&opt);
    opt.sb_blocks = setting[b];
    gc_error err = {0};
    assert_int_equal(gc_solve(pz, &opt, NULL, &r[b], &err), 0);
    assert_int_equal(r[b].status, GC_STATUS_UNIQUE);
    assert_int_equal(r[b].stats.propagation_only, b > 0);
    assert_true(gc_grid_equal(&r[b].first, gc_puzzle_known(pz)));
  }
  assert_true(r[1].stats.clauses < r[0].stats.clauses);
  assert_true(r[1].stats.vars < r[0].stats.vars);
  assert_int_equal(r[2].stats.clauses, r[1].stats.clauses);
  for (int b = 0; b < 3; b++)
    gc_result_free(&r[b]);
  gc_puzzle_free(pz);
  /* m = 1: auto is off */
  int reg[64];
  int n = grid_regions("AABBBCCC/AABBBCCC/DDDEEFFC/DDDEEFFC/GGGEEFFH/"
                       "GGGEEHHH/GGGGHHHH/GGGGHHHH", reg);
  pz = puzzle_of(n, 1, reg);
  long cl[2];
  for (int b = 0; b < 2; b++) {
    gc_options opt;
    gc_options_default(&opt);
    opt.sb_blocks = b ? GC_SB_PAIRS_AUTO : GC_SB_PAIRS_OFF;
    gc_cnf cnf;
    gc_memsink mem;
    tu_encode(pz, &opt, &cnf, &mem);
    cl[b] = (long)cnf.nclauses;
    gc_cnf_release(&cnf);
    gc_memsink_free(&mem);
  }
  assert_int_equal(cl[0], cl[1]);
  gc_puzzle_free(pz);
}

static const char *const nonregular7 =
    "{\"id\":\"gen-nonregular-queens-community-73\",\"genre\":\"starbattle\","
    "\"n\":7,\"stars\":1,\"regions\":[[-1,1,1,1,3,3,2],[0,1,1,-1,3,-1,2],"
    "[0,4,-1,-1,2,2,2],[6,-1,-1,5,-1,2,2],[6,4,-1,5,5,2,-1],[6,6,4,-1,5,-1,2],"
    "[6,-1,4,4,2,2,2]],\"solution\":[[0,0,0,0,0,1,0],[0,0,1,0,0,0,0],"
    "[1,0,0,0,0,0,0],[0,0,0,0,0,0,1],[0,0,0,0,1,0,0],[0,1,0,0,0,0,0],"
    "[0,0,0,1,0,0,0]]}";

static const char *const parks5 =
    "parks=[[0, 1, 1, 1, 1], [0, 0, 1, 1, 1], [0, 2, 3, 1, 1], [0, 3, 3, 3, "
    "4], [3, 3, 3, 4, 4]], m=1, n=5";
static const int parks5_solution[25] = {1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0,
                                        0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0};

static int starts_with(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

/* Rejects every single-cell change, and every move of two stars to the
   other corners of their rectangle (row and column counts unchanged): the
   reason must then be a region, a touch or a cell in no region. */
static void check_changes(const char *json, int *reasons) {
  gc_puzzle *pz = tu_puzzle(json, NULL);
  int n = gc_puzzle_n(pz);
  const gc_grid *known = gc_puzzle_known(pz);
  char why[200];
  assert_true(gc_check(pz, known, why, sizeof why));
  gc_grid g;
  assert_int_equal(gc_grid_init(&g, n), 0);
  size_t bytes = (size_t)(n * n) * sizeof(int);
  for (int i = 0; i < n * n; i++)
    for (int v = -1; v <= 2; v++) {
      if (v == known->cell[i])
        continue;
      memcpy(g.cell, known->cell, bytes);
      g.cell[i] = v;
      if (gc_check(pz, &g, why, sizeof why))
        fail_msg("r%dc%d = %d accepted", i / n + 1, i % n + 1, v);
      if (v == 0 || v == 1)
        assert_true(starts_with(why, "row") || starts_with(why, "column") ||
                    starts_with(why, "stars at") || starts_with(why, "star at"));
      else if (v == GC_EMPTY)
        assert_non_null(strstr(why, "is empty"));
      else
        assert_non_null(strstr(why, "not 0 (no star) or 1 (star)"));
    }
  int moves = 0;
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++) {
      int r1 = a / n, c1 = a % n, r2 = b / n, c2 = b % n;
      if (!known->cell[a] || !known->cell[b] || r1 == r2 || c1 == c2 ||
          known->cell[r1 * n + c2] || known->cell[r2 * n + c1])
        continue;
      memcpy(g.cell, known->cell, bytes);
      g.cell[a] = g.cell[b] = 0;
      g.cell[r1 * n + c2] = g.cell[r2 * n + c1] = 1;
      moves++;
      if (gc_check(pz, &g, why, sizeof why))
        fail_msg("moving r%dc%d, r%dc%d to r%dc%d, r%dc%d accepted", r1 + 1,
                 c1 + 1, r2 + 1, c2 + 1, r1 + 1, c2 + 1, r2 + 1, c1 + 1);
      if (starts_with(why, "region"))
        reasons[0]++;
      else if (starts_with(why, "stars at") && strstr(why, "touch"))
        reasons[1]++;
      else if (starts_with(why, "star at") && strstr(why, "in no region"))
        reasons[2]++;
      else
        fail_msg("unexpected reason '%s'", why);
    }
  assert_true(moves > 10);
  gc_grid_free(&g);
  gc_puzzle_free(pz);
}

static void test_checker(void **state) {
  (void)state;
  int reasons[3] = {0, 0, 0};
  check_changes(seed9, reasons);
  assert_true(reasons[0] > 0 && reasons[1] > 0);
  check_changes(nonregular7, reasons);
  assert_true(reasons[2] > 0);
  /* The words. */
  gc_puzzle *pz = tu_puzzle(seed9, NULL);
  const gc_grid *known = gc_puzzle_known(pz);
  gc_grid g;
  gc_grid_init(&g, 9);
  char why[200];
  memcpy(g.cell, known->cell, 81 * sizeof(int));
  g.cell[2 * 9 + 0] = 0; /* r3c1 loses its star */
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "row 3 has 1 star, needs 2");
  memcpy(g.cell, known->cell, 81 * sizeof(int));
  g.cell[0 * 9 + 1] = 0, g.cell[0 * 9 + 0] = 1; /* r1c2 -> r1c1 */
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "column 1 has 3 stars, needs 2");
  memcpy(g.cell, known->cell, 81 * sizeof(int));
  g.cell[0 * 9 + 1] = 0, g.cell[0 * 9 + 2] = 1; /* r1c2 -> r1c3 touches r2c4 */
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "stars at r1c3 and r2c4 touch");
  /* r1c2, r5c6 -> r1c6, r5c2: rows and columns kept, regions not. */
  memcpy(g.cell, known->cell, 81 * sizeof(int));
  g.cell[0 * 9 + 1] = g.cell[4 * 9 + 6] = 0;
  g.cell[0 * 9 + 6] = g.cell[4 * 9 + 1] = 1;
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_true(starts_with(why, "region ") || strstr(why, "touch"));
  g.cell[5] = 7;
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "r1c6 holds 7, not 0 (no star) or 1 (star)");
  gc_grid_free(&g);
  gc_puzzle_free(pz);
  /* Too many in a row. */
  pz = tu_puzzle("starbattle\nABCDEF\nABCDEF\nABCDEF\nABCDEF\nABCDEF\nABCDEF\n",
                 NULL);
  gc_grid_init(&g, 6);
  g.cell[0] = g.cell[2] = g.cell[4] = 1;
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "row 1 has 3 stars, needs 1");
  gc_grid_free(&g);
  gc_puzzle_free(pz);
  /* Region names: letters, or the text's own characters. */
  pz = tu_puzzle("starbattle\nxyyy\nxxyy\nzzww\nzzzw\n", NULL);
  gc_grid_init(&g, 4);
  int q[16] = {0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0};
  memcpy(g.cell, q, sizeof q);
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "region w has 0 stars, needs 1"); /* w, x, y, z = 0..3 */
  gc_grid_free(&g);
  gc_puzzle_free(pz);
  int reg[3 * 3] = {0, 0, 1, 0, 2, 1, 2, 2, 1}, x[9] = {1, 0, 0, 0, 0, 1, 0, 1, 0};
  pz = puzzle_of(3, 1, reg);
  gc_grid_init(&g, 3);
  memcpy(g.cell, x, sizeof x);
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "stars at r2c3 and r3c2 touch");
  gc_grid_free(&g);
  gc_puzzle_free(pz);
  pz = tu_puzzle("starbattle\nAAB\nCAB\nCCB\n", NULL);
  gc_grid_init(&g, 3);
  int y[9] = {0, 1, 0, 0, 0, 0, 0, 0, 1}; /* rows 1, 3 fine, region C empty */
  memcpy(g.cell, y, sizeof y);
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "row 2 has 0 stars, needs 1");
  gc_grid_free(&g);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/

static void expect_unique(gc_puzzle *pz, const int *solution) {
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  int n = gc_puzzle_n(pz);
  assert_memory_equal(res.first.cell, solution, (size_t)(n * n) * sizeof(int));
  gc_result_free(&res);
}

static void test_text_inputs(void **state) {
  (void)state;
  /* The Parks matrix, sniffed, on one line or spread over several. */
  gc_puzzle *pz = tu_puzzle(parks5, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  expect_unique(pz, parks5_solution);
  gc_puzzle_free(pz);
  pz = tu_puzzle("parks = [[0, 1, 1, 1, 1], [0, 0, 1, 1, 1],\n"
                 "         [0, 2, 3, 1, 1], [0, 3, 3, 3, 4],\n"
                 "         [3, 3, 3, 4, 4]]\n",
                 NULL);
  expect_unique(pz, parks5_solution);
  gc_puzzle_free(pz);
  pz = tu_puzzle("starbattle 1\n[[0,1,1,1,1],[0,0,1,1,1],[0,2,3,1,1],[0,3,3,3,4],"
                 "[3,3,3,4,4],]\n",
                 NULL);
  expect_unique(pz, parks5_solution);
  gc_puzzle_free(pz);
  /* The same puzzle as letters, digits (with a header), spaces, '.'. */
  static const char *const forms[] = {
      "ABBBB\nAABBB\nACDBB\nADDDE\nDDDEE\n",
      "starbattle\n01111\n00111\n02311\n03334\n33344\n",
      "stars 1\nA B B B B\nA A B B B\nA C D B B\nA D D D E\nD D D E E\n",
      "queens m=1\r\npqqqq\r\nppqqq\r\nprsqq\r\npssst\r\nssstt\r\n",
      "starbattle stars=1 # a comment\n\nABBBB\nAABBB\nACDBB\nADDDE\nDDDEE\n\n",
  };
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    pz = tu_puzzle(forms[i], NULL);
    assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
    expect_unique(pz, parks5_solution);
    gc_puzzle_free(pz);
  }
  /* Two stars from the header; the render reads back. */
  pz = tu_puzzle(seed9, NULL);
  char *text = gc_render_text(pz, NULL);
  assert_true(starts_with(text, "starbattle 2\nAABBBBBBB\n"));
  gc_puzzle *back = tu_puzzle(text, NULL);
  char *again = gc_render_text(back, NULL);
  assert_string_equal(text, again);
  expect_unique(back, gc_puzzle_known(pz)->cell);
  /* With a grid: stars as '*'. */
  char *solved = gc_render_text(pz, gc_puzzle_known(pz));
  assert_true(starts_with(solved, "starbattle 2\nA*BBB*BBB\n"));
  free(solved);
  free(text);
  free(again);
  gc_puzzle_free(back);
  gc_puzzle_free(pz);
  /* Cells in no region render as '.', and read back. */
  pz = tu_puzzle(nonregular7, NULL);
  text = gc_render_text(pz, NULL);
  assert_true(starts_with(text, "starbattle 1\n.BBBDDC\n"));
  back = tu_puzzle(text, NULL);
  expect_unique(back, gc_puzzle_known(pz)->cell);
  again = gc_render_text(back, NULL);
  assert_string_equal(text, again);
  free(text);
  free(again);
  gc_puzzle_free(back);
  gc_puzzle_free(pz);
  /* A row that spells a genre's name is spaced out so that it does not read
     as a header line. */
  pz = tu_puzzle("starbattle\nT O W E R S\nT O W E R S\nT O W E R S\n"
                 "T O W E R S\nT O W E R S\nT O W E R S\n",
                 NULL);
  text = gc_render_text(pz, NULL);
  assert_non_null(strstr(text, "\nT O W E R S\n"));
  back = tu_puzzle(text, NULL);
  assert_int_equal(gc_puzzle_n(back), 6);
  again = gc_render_text(back, NULL);
  assert_string_equal(text, again);
  free(text);
  free(again);
  gc_puzzle_free(back);
  gc_puzzle_free(pz);
  /* Aliases and the sb_window option. */
  assert_ptr_equal(gc_genre_find("Queens"), gc_genre_find("starbattle"));
  assert_ptr_equal(gc_genre_find("star-battle"), gc_genre_find("parks"));
  assert_ptr_equal(gc_genre_find("stars"), gc_genre_find("starbattle"));
  const gc_option_info *o = gc_option_find("sb-window");
  assert_non_null(o);
  assert_int_equal(o->def, 0);
  /* 40 x 40 is allowed. */
  gc_strbuf b = {0};
  gc_sb_put(&b, "starbattle\n");
  for (int r = 0; r < 40; r++) {
    for (int c = 0; c < 40; c++)
      gc_sb_printf(&b, "%c", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"[r]);
    gc_sb_put(&b, "\n");
  }
  text = gc_sb_finish(&b);
  pz = tu_puzzle(text, NULL);
  assert_int_equal(gc_puzzle_n(pz), 40);
  gc_puzzle_free(pz);
  free(text);
}

/* Non-regular puzzles made here: blanking cells with no star keeps a
   unique puzzle unique; blanking where a second solution has its stars
   makes a non-unique one unique in the end. */
static void blank_and_solve(int n, int m, int *reg, const int *sol,
                            int unique) {
  for (int round = 0; round < 4 * n * n; round++) {
    gc_puzzle *pz = puzzle_of(n, m, reg);
    gc_result res;
    tu_solve(pz, GC_MODE_UNIQUE, &res);
    char why[200];
    assert_true(gc_check(pz, &res.first, why, sizeof why));
    if (res.status == GC_STATUS_UNIQUE) {
      assert_memory_equal(res.first.cell, sol, (size_t)(n * n) * sizeof(int));
      gc_result_free(&res);
      gc_puzzle_free(pz);
      return;
    }
    assert_false(unique);
    assert_int_equal(res.status, GC_STATUS_MULTIPLE);
    const gc_grid *other = gc_grid_equal(&res.first, &res.second) ? NULL
                           : !memcmp(res.first.cell, sol,
                                     (size_t)(n * n) * sizeof(int))
                               ? &res.second
                               : &res.first;
    assert_non_null(other);
    int done = 0;
    for (int i = 0; i < n * n && !done; i++)
      if (other->cell[i] && !sol[i])
        reg[i] = -1, done = 1;
    assert_true(done);
    gc_result_free(&res);
    gc_puzzle_free(pz);
  }
  fail_msg("blanking did not make the puzzle unique");
}

static void test_nonregular_made(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(seed9, NULL);
  const gc_grid *known = gc_puzzle_known(pz);
  int reg[81], reg0[81] = {0};
  /* The regions back from the JSON text: the render names ids 0.. A.. */
  char *text = gc_render_text(pz, NULL);
  const char *p = strchr(text, '\n') + 1;
  for (int i = 0; i < 81; p++)
    if (*p != '\n')
      reg0[i++] = *p - 'A';
  free(text);
  for (int pass = 0; pass < 3; pass++) {
    memcpy(reg, reg0, sizeof reg);
    for (int i = 0; i < 81; i++)
      if (!known->cell[i] && (pass == 2 || rnd(2)))
        reg[i] = -1;
    blank_and_solve(9, 2, reg, known->cell, 1);
  }
  gc_puzzle_free(pz);
  /* A 6x6 queens level with two solutions, made unique by blanking. */
  pz = tu_puzzle("AAABCD\nAAABCD\nBBBBCD\nBBECCD\nFEECCD\nFFEECC\n", NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_MULTIPLE);
  text = gc_render_text(pz, NULL);
  p = strchr(text, '\n') + 1;
  for (int i = 0; i < 36; p++)
    if (*p != '\n')
      reg[i++] = *p - 'A';
  free(text);
  blank_and_solve(6, 1, reg, res.first.cell, 0);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/

typedef struct bad_case {
  const char *name, *input;
  gc_code code;
  long line, column;
  const char *message; /* a part of it */
} bad_case;

#define SB "{\"genre\":\"starbattle\","

static void test_bad_inputs(void **state) {
  (void)state;
  static const bad_case cases[] = {
      /* JSON */
      {"short row", SB "\"stars\":1,\"regions\":[[0,1],[1]]}", GC_E_SHAPE, 1,
       50, "expected 2 entries, got 1"},
      {"not a square", SB "\"n\":3,\"regions\":[[0,1,2],[0,1,2]]}", GC_E_SHAPE,
       1, 39, "expected 3 entries, got 2"},
      {"id not an integer", SB "\"stars\":1,\"regions\":[[0,\"1\"],[1,1]]}",
       GC_E_SYNTAX, 1, 47, "expected an integer, got a string"},
      {"id a fraction", SB "\"regions\":[[0,1],[1,1.5]]}", GC_E_SYNTAX, 1, 43,
       "expected an integer, got a fraction"},
      {"id out of range", SB "\"stars\":1,\"regions\":[[0,1],[2,1]]}",
       GC_E_RANGE, 1, 51, "2 is out of range -1..1"},
      {"id below -1", SB "\"stars\":1,\"regions\":[[0,1],[-2,1]]}",
       GC_E_RANGE, 1, 51, "-2 is out of range -1..1"},
      {"missing id", SB "\"regions\":[[0,0,1],[0,1,1],[1,1,-1]]}", GC_E_SHAPE,
       1, 33, "region id 2 is not used: a 3 x 3 grid needs 3 regions"},
      {"missing ids", SB "\"regions\":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,1]]}",
       GC_E_SHAPE, 1, 33, "region ids 2 and 3 are not used"},
      {"region too small", SB "\"stars\":2,\"regions\":[[0,0,0,0],[0,1,1,1],"
                              "[2,2,1,1],[2,2,1,3]]}",
       GC_E_SHAPE, 1, 81, "region 3 has 1 cell, too few for 2 stars"},
      {"n too large", SB "\"n\":41,\"regions\":[]}", GC_E_TOO_LARGE, 1, 27,
       "grid size 41 is too large: starbattle grids go up to 40"},
      {"n zero", SB "\"n\":0}", GC_E_RANGE, 1, 27, "grid size 0 is too small"},
      {"stars too many", SB "\"stars\":9,\"regions\":[[0]]}", GC_E_RANGE, 1, 31,
       "stars 9 is out of range 1..8"},
      {"stars zero", SB "\"stars\":0,\"regions\":[[0]]}", GC_E_RANGE, 1, 31,
       "stars 0 is out of range 1..8"},
      {"stars not an integer", SB "\"stars\":\"2\",\"regions\":[[0]]}",
       GC_E_SYNTAX, 1, 31, "expected an integer, got a string"},
      {"stars over n", SB "\"stars\":3,\"regions\":[[0,1],[1,0]]}", GC_E_RANGE,
       1, 31, "stars 3 is out of range 1..2 for a 2 x 2 grid"},
      {"no regions", SB "\"n\":3,\"stars\":1}", GC_E_SHAPE, 1, 1,
       "no \"regions\" matrix"},
      {"regions not an array", SB "\"n\":1,\"regions\":7}", GC_E_SHAPE, 1, 39,
       "expected an array of 1"},
      /* letter grids */
      {"text short row", "starbattle\nAB\nB\n", GC_E_SHAPE, 3, 2,
       "row 2 has 1 cell, expected 2"},
      {"text long row", "starbattle\nAB\nBA B\n", GC_E_SHAPE, 3, 4,
       "row 2 has 3 cells, expected 2"},
      {"text much too long", "starbattle\nAB\nBABAB\n", GC_E_SHAPE, 3, 3,
       "row 2 has 5 cells, expected 2"},
      {"text bad character", "starbattle\nAB\nB-\n", GC_E_SYNTAX, 3, 2,
       "'-' is not a region name"},
      {"text star", "starbattle\nA*\nBB\n", GC_E_SYNTAX, 2, 2,
       "'*' marks a star in a solved grid"},
      {"text utf-8", "starbattle\nA\xc3\xa9\nBB\n", GC_E_SYNTAX, 2, 2,
       "byte 0xc3 is not a region name"},
      {"text too many regions", "starbattle\nAB\nCD\n", GC_E_SHAPE, 3, 1,
       "'C' would be region 3, but a 2 x 2 grid has exactly 2 regions"},
      {"text too few regions", "starbattle\nAAA\nA.A\nBBB\n", GC_E_SHAPE, 2, 1,
       "2 regions (AB) in a 3 x 3 grid, which needs exactly 3"},
      {"text region too small", "starbattle 2\nAAAA\nABBB\nCCBB\nCCBD\n",
       GC_E_SHAPE, 5, 4, "region D has 1 cell, too few for 2 stars"},
      {"text stars out of range", "starbattle 9\nA\n", GC_E_RANGE, 1, 12,
       "star count 9 is out of range 1..8"},
      {"text stars= out of range", "starbattle stars=0\nA\n", GC_E_RANGE, 1, 18,
       "star count 0 is out of range 1..8"},
      {"text header word", "starbattle twice\nA\n", GC_E_SYNTAX, 1, 12,
       "unexpected 'twice' in the starbattle header"},
      {"text header twice", "starbattle 1 m=2\nA\n", GC_E_CONTRADICTION, 1, 14,
       "the header gives the star count twice, 1 and 2"},
      {"text stars over n", "starbattle m=3\nAB\nBA\n", GC_E_RANGE, 1, 12,
       "star count 3 is out of range 1..2 for a 2 x 2 grid"},
      {"text no grid", "starbattle 2\n\n", GC_E_SHAPE, 1, 1,
       "needs its grid"},
      {"text sniffed, a slip", "AAB\nACB\nCCBB\n", GC_E_SHAPE, 3, 4,
       "row 3 has 4 cells, expected 3"},
      {"prose is no grid", "This is not a puzzle\nat all\n", GC_E_SYNTAX, 1, 1,
       "cannot tell the genre"},
      /* the Parks matrix */
      {"parks id out of range", "parks=[[0, 1], [1, 2]], m=1", GC_E_RANGE, 1, 20,
       "region id 2 is out of range -1..1"},
      {"parks short row", "parks=[[0, 1], [1]]", GC_E_SHAPE, 1, 16,
       "row 2 of the matrix has 1 entry, expected 2"},
      {"parks long row", "parks=[[0, 1, 1], [1, 0]]", GC_E_SHAPE, 1, 15,
       "row 1 of the matrix has 3 entries, expected 2"},
      {"parks n wrong", "parks=[[0, 1], [1, 0]], m=1, n=5", GC_E_SHAPE, 1, 32,
       "n=5 but the matrix has 2 rows"},
      {"parks m zero", "parks=[[0, 1], [1, 0]], m=0", GC_E_RANGE, 1, 27,
       "star count 0 is out of range 1..8"},
      {"parks m over n", "parks=[[0, 1], [1, 0]], m=3", GC_E_RANGE, 1, 27,
       "star count 3 is out of range 1..2 for a 2 x 2 grid"},
      {"parks missing id", "parks=[[0, 0], [0, 0]]", GC_E_SHAPE, 1, 7,
       "region id 1 is not used"},
      {"parks region too small", "parks=[[0,0,0,0],[0,1,1,1],[2,2,1,1],"
                                 "[2,2,1,3]], m=2",
       GC_E_SHAPE, 1, 45, "region 3 has 1 cell, too few for 2 stars"},
      {"parks not a number", "parks=[[0, x], [1, 0]]", GC_E_SYNTAX, 1, 12,
       "expected a region id (an integer), got 'x'"},
      {"parks unclosed", "parks=[[0, 1], [1, 0]\n", GC_E_SYNTAX, 1, 22,
       "expected ']' or ',' after a row of the matrix, got the end"},
      {"parks junk after", "parks=[[0, 1], [1, 0]], q=3", GC_E_SYNTAX, 1, 25,
       "expected m=<stars> or n=<size> after the matrix, got 'q'"},
      {"parks header contradiction", "starbattle 2\nparks=[[0, 1], [1, 0]], m=1",
       GC_E_CONTRADICTION, 2, 27, "m=1 but the header says 2 stars"},
      {"parks too many rows", NULL, GC_E_TOO_LARGE, 1, 0,
       "more than 40 rows"},
      {"text too many rows", NULL, GC_E_TOO_LARGE, 42, 1,
       "41 rows make a 41 x 41 grid; starbattle grids go up to 40"},
  };
  int bad = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bad_case *c = &cases[i];
    char *input = NULL;
    if (!c->input) { /* generated: 41 rows */
      gc_strbuf b = {0};
      if (starts_with(c->name, "parks")) {
        gc_sb_put(&b, "parks=[");
        for (int r = 0; r < 41; r++)
          gc_sb_put(&b, r ? ",[0]" : "[0]");
        gc_sb_put(&b, "]");
      } else {
        gc_sb_put(&b, "starbattle\n");
        for (int r = 0; r < 41; r++)
          gc_sb_put(&b, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n");
      }
      input = gc_sb_finish(&b);
    }
    gc_error e;
    const char *text = input ? input : c->input;
    gc_code code = tu_read_error(text, NULL, &e);
    char buf[600];
    gc_error_format(&e, buf, sizeof buf);
    if (code != c->code || e.line != c->line ||
        (c->column && e.column != c->column) || !strstr(e.message, c->message))
      bad++, print_message("%s: got %s [%s], expected code %s at %ld:%ld with '%s'\n",
                           c->name, buf, gc_code_name(e.code), gc_code_name(c->code),
                           c->line, c->column, c->message);
    /* One line, lower case. */
    if (strchr(e.message, '\n') || (e.message[0] >= 'A' && e.message[0] <= 'Z'))
      bad++, print_message("%s: message '%s' is not one lower-case line\n",
                           c->name, e.message);
    free(input);
  }
  assert_int_equal(bad, 0);
}

/*------------------------------------------------------------------------*/
/* The corpus.                                                             */

typedef struct corpus_stats {
  long puzzles, unique, multiple, raw_text, blanked;
} corpus_stats;

static void solve_record(const char *line, json_t *rec, int window,
                         corpus_stats *st) {
  const char *id = json_string_value(json_object_get(rec, "id"));
  json_t *ju = json_object_get(rec, "unique");
  gc_puzzle *pz = tu_puzzle(line, NULL);
  const gc_grid *known = gc_puzzle_known(pz);
  assert_non_null(known);
  gc_options opt;
  set_variant(&opt, window);
  gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2};
  gc_result res;
  gc_error e;
  if (gc_solve(pz, &opt, &lim, &res, &e))
    fail_msg("%s: solve failed: %s", id, e.message);
  char why[200];
  if (json_is_true(ju)) {
    if (res.status != GC_STATUS_UNIQUE || !gc_grid_equal(&res.first, known))
      fail_msg("%s (window %d): %s, or not the known solution", id, window,
               gc_status_name(res.status));
    st->unique++;
  } else {
    assert_true(json_is_false(ju));
    if (res.status != GC_STATUS_MULTIPLE)
      fail_msg("%s: %s, expected multiple", id, gc_status_name(res.status));
    assert_true(gc_check(pz, &res.first, why, sizeof why));
    assert_true(gc_check(pz, &res.second, why, sizeof why));
    assert_false(gc_grid_equal(&res.first, &res.second));
    st->multiple++;
  }
  gc_result_free(&res);
  if (window) {
    gc_puzzle_free(pz);
    return;
  }
  st->puzzles++;
  /* The render reads back as the same puzzle. */
  char *text = gc_render_text(pz, NULL);
  gc_puzzle *back = tu_puzzle(text, NULL);
  char *again = gc_render_text(back, NULL);
  assert_string_equal(text, again);
  if (!gc_check(back, known, why, sizeof why))
    fail_msg("%s: read back, the known solution fails: %s", id, why);
  free(text);
  free(again);
  gc_puzzle_free(back);
  /* The source's own notation where we read it: the Parks matrix of seed
     001 and the letter grids of the Queens levels. */
  const char *raw = json_string_value(json_object_get(rec, "raw"));
  if (raw && (starts_with(id, "seed-001") || starts_with(id, "queens-"))) {
    gc_puzzle *rp = tu_puzzle(raw, NULL);
    assert_string_equal(gc_genre_name(gc_puzzle_genre(rp)), "starbattle");
    if (!gc_check(rp, known, why, sizeof why))
      fail_msg("%s: raw text, the known solution fails: %s", id, why);
    if (json_is_true(ju)) {
      tu_solve(rp, GC_MODE_UNIQUE, &res);
      assert_int_equal(res.status, GC_STATUS_UNIQUE);
      assert_true(gc_grid_equal(&res.first, known));
      gc_result_free(&res);
    }
    gc_puzzle_free(rp);
    st->raw_text++;
  }
  /* Non-regular versions of the unique ones: blank half of the non-star
     cells (every 7th puzzle, to keep the time down). */
  if (json_is_true(ju) && st->unique % 7 == 0) {
    int n = gc_puzzle_n(pz);
    int m = (int)json_integer_value(json_object_get(rec, "stars"));
    json_t *jr = json_object_get(rec, "regions");
    int reg[MAXN * MAXN];
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        reg[r * n + c] =
            (int)json_integer_value(json_array_get(json_array_get(jr, (size_t)r), (size_t)c));
        if (!known->cell[r * n + c] && rnd(2))
          reg[r * n + c] = -1;
      }
    blank_and_solve(n, m, reg, known->cell, 1);
    st->blanked++;
  }
  gc_puzzle_free(pz);
}

static void run_file(const char *rel, corpus_stats *st) {
  const char *path = tu_shared(rel);
  assert_non_null(path);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, f)) > 0) {
    json_error_t je;
    json_t *rec = json_loads(line, 0, &je);
    assert_non_null(rec);
    const char *genre = json_string_value(json_object_get(rec, "genre"));
    if (genre && !strcmp(genre, "starbattle")) {
      for (int v = 0; v < NVARIANTS; v++)
        solve_record(line, rec, v, st);
    }
    json_decref(rec);
  }
  free(line);
  fclose(f);
}

static void test_corpus(void **state) {
  (void)state;
  corpus_stats st = {0, 0, 0, 0, 0};
  run_file("corpus/starbattle.jsonl", &st);
  assert_int_equal(st.puzzles, 514);
  run_file("corpus/variants.jsonl", &st);
  assert_int_equal(st.puzzles, 516);
  assert_true(st.raw_text >= 482);
  /* every encoding: 431 unique and 85 multiple each */
  assert_int_equal(st.unique, NVARIANTS * 431);
  assert_int_equal(st.multiple, NVARIANTS * 85);
  print_message("corpus: %ld puzzles, %ld raw texts read, %ld blanked\n",
                st.puzzles, st.raw_text, st.blanked);
}

/* The scaling series (planted solutions, uniqueness not known) up to
   17 x 17: every variant gives the same verdict; a unique answer is the
   planted solution, a multiple one two different valid solutions. */
static void test_scaling_variants(void **state) {
  (void)state;
  const char *path = tu_shared("bench/scaling-starbattle.jsonl");
  assert_non_null(path);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char *line = NULL;
  size_t cap = 0;
  long solved = 0;
  while (getline(&line, &cap, f) > 0) {
    gc_puzzle *pz = tu_puzzle(line, NULL);
    if (gc_puzzle_n(pz) > 17) {
      gc_puzzle_free(pz);
      continue;
    }
    const gc_grid *known = gc_puzzle_known(pz);
    assert_non_null(known);
    int status0 = -1;
    for (int v = 0; v <= NVARIANTS; v++) { /* NVARIANTS: the defaults */
      gc_options opt;
      if (v < NVARIANTS)
        set_variant(&opt, v);
      else
        gc_options_default(&opt);
      gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2};
      gc_result res;
      gc_error e;
      assert_int_equal(gc_solve(pz, &opt, &lim, &res, &e), 0);
      char why[200];
      if (v == 0)
        status0 = res.status;
      if ((int)res.status != status0)
        fail_msg("%s variant %d: %s, variant 0 said otherwise",
                 gc_puzzle_id(pz), v, gc_status_name(res.status));
      if (res.status == GC_STATUS_UNIQUE) {
        assert_true(gc_grid_equal(&res.first, known));
      } else {
        assert_int_equal(res.status, GC_STATUS_MULTIPLE);
        assert_true(gc_check(pz, &res.first, why, sizeof why));
        assert_true(gc_check(pz, &res.second, why, sizeof why));
        assert_false(gc_grid_equal(&res.first, &res.second));
      }
      gc_result_free(&res);
      solved++;
    }
    gc_puzzle_free(pz);
  }
  free(line);
  fclose(f);
  assert_true(solved >= 40 * (NVARIANTS + 1));
}

/* Every row its own region: n x n, m stars (many solutions when n >= 4m). */
static char *rows_as_regions(int n, int m) {
  size_t cap = 64 + (size_t)n * n * 4;
  char *text = malloc(cap), *w = text;
  assert_non_null(text);
  w += sprintf(w, "{\"genre\":\"starbattle\",\"n\":%d,\"stars\":%d,\"regions\":[", n, m);
  for (int r = 0; r < n; r++) {
    w += sprintf(w, "%s[", r ? "," : "");
    for (int c = 0; c < n; c++)
      w += sprintf(w, "%s%d", c ? "," : "", r);
    w += sprintf(w, "]");
  }
  sprintf(w, "]}");
  return text;
}

static gc_result solve_search(const gc_puzzle *pz, int search) {
  gc_options opt;
  gc_options_default(&opt);
  opt.search = search;
  opt.portfolio = GC_PORTFOLIO_OFF;
  gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2};
  gc_result res;
  gc_error e;
  assert_int_equal(gc_solve(pz, &opt, &lim, &res, &e), 0);
  return res;
}

/* Option search: the encoding asks for the sparse search exactly when
   m >= 4 and n >= 5m, and the sparse search (forced here, on any genre)
   gives the verdicts and grids of the default one. */
static void test_search(void **state) {
  (void)state;
  static const struct { int n, m, sparse; } rule[] = {
      {20, 4, 1}, {25, 4, 1}, {25, 5, 1}, {19, 4, 0},
      {17, 4, 0}, {25, 6, 0}, {25, 3, 0}, {10, 1, 0}};
  for (size_t i = 0; i < sizeof rule / sizeof *rule; i++) {
    char *text = rows_as_regions(rule[i].n, rule[i].m);
    gc_puzzle *pz = tu_puzzle(text, NULL);
    gc_cnf cnf;
    gc_memsink mem;
    tu_encode(pz, NULL, &cnf, &mem);
    assert_int_equal(cnf.search, rule[i].sparse ? GC_SEARCH_SPARSE : 0);
    gc_cnf_release(&cnf);
    gc_memsink_free(&mem);
    if (rule[i].n == 20) { /* several solutions, either search */
      for (int search = GC_SEARCH_AUTO; search <= GC_SEARCH_SPARSE; search++) {
        gc_result res = solve_search(pz, search);
        char why[200];
        assert_int_equal(res.status, GC_STATUS_MULTIPLE);
        assert_int_equal(res.stats.sparse_search, search != GC_SEARCH_DEFAULT);
        assert_true(gc_check(pz, &res.first, why, sizeof why));
        assert_true(gc_check(pz, &res.second, why, sizeof why));
        assert_false(gc_grid_equal(&res.first, &res.second));
        gc_result_free(&res);
      }
    }
    if (rule[i].n == 20) { /* --json names the sparse search, and only it */
      char path[64], *out, *err;
      snprintf(path, sizeof path, "/tmp/gridcnf-test-sb-%d.json", (int)getpid());
      tu_write_file(path, text);
      assert_int_equal(tu_cli(&out, &err, "solve", "--json", "--no-portfolio", path, NULL), 2);
      assert_non_null(strstr(out, "\"search\":\"sparse\""));
      free(out), free(err);
      assert_int_equal(tu_cli(&out, &err, "solve", "--json", "--no-portfolio",
                              "--search=default", path, NULL), 2);
      assert_null(strstr(out, "\"search\""));
      free(out), free(err);
      unlink(path);
    }
    gc_puzzle_free(pz);
    free(text);
  }
  /* unique and none, Star Battle and another genre */
  static const char *const examples[] = {"starbattle-7x7.txt",
                                         "skyscrapers-6x6.txt"};
  for (size_t i = 0; i < 2; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/examples/%s", GC_SOURCE_DIR, examples[i]);
    char *text = tu_read_file(path);
    gc_puzzle *pz = tu_puzzle(text, NULL);
    gc_result def = solve_search(pz, GC_SEARCH_DEFAULT);
    gc_result sparse = solve_search(pz, GC_SEARCH_SPARSE);
    assert_int_equal(def.status, GC_STATUS_UNIQUE);
    assert_int_equal(sparse.status, GC_STATUS_UNIQUE);
    assert_true(gc_grid_equal(&def.first, &sparse.first));
    gc_result_free(&def);
    gc_result_free(&sparse);
    gc_puzzle_free(pz);
    free(text);
  }
  gc_puzzle *pz = tu_puzzle("{\"genre\":\"starbattle\",\"n\":5,\"stars\":3,\"regions\":"
                            "[[0,0,1,1,1],[0,0,1,1,1],[2,2,3,3,3],[2,2,3,3,4],[2,2,3,4,4]]}",
                            NULL);
  gc_result res = solve_search(pz, GC_SEARCH_SPARSE);
  assert_int_equal(res.status, GC_STATUS_NONE);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* Generation: the dead holes an attempt counts after its prune            */

/* The generator's solver for the test: the genre's encoding of the puzzle
   as it is (holes in no region), in one CaDiCaL. */
typedef struct dead_solver {
  CCaDiCaL *s;
  int n;
} dead_solver;

static void *dead_open(void *arg, const gc_puzzle *pz, gc_error *err) {
  (void)arg;
  gc_memsink mem;
  memset(&mem, 0, sizeof mem);
  gc_cnf cnf;
  gc_cnf_init(&cnf, gc_sink_memory(&mem), NULL);
  if (pz->genre->encode(pz, &cnf, err))
    fail_msg("encode: %s", err->message);
  gc_cnf_release(&cnf);
  dead_solver *h = calloc(1, sizeof *h);
  h->s = ccadical_init();
  ccadical_set_option(h->s, "quiet", 1);
  h->n = pz->n;
  for (size_t i = 0; i < mem.len; i++)
    ccadical_add(h->s, mem.lits[i]);
  gc_memsink_free(&mem);
  return h;
}
static int dead_solve(void *h, const int *assume, size_t n) {
  dead_solver *d = h;
  for (size_t i = 0; i < n; i++)
    ccadical_assume(d->s, assume[i]);
  return ccadical_solve(d->s);
}
static int dead_model(void *h, gc_grid *g, gc_error *err) {
  dead_solver *d = h;
  (void)err;
  assert_int_equal(gc_grid_init(g, d->n), 0);
  for (int c = 0; c < d->n * d->n; c++)
    g->cell[c] = ccadical_val(d->s, 1 + c) > 0;
  return 0;
}
static void dead_clause(void *h, const int *lits, size_t n) {
  dead_solver *d = h;
  for (size_t i = 0; i < n; i++)
    ccadical_add(d->s, lits[i]);
  ccadical_add(d->s, 0);
}
static void *dead_raw(void *arg, gc_error *err) {
  (void)arg, (void)err;
  dead_solver *h = calloc(1, sizeof *h);
  h->s = ccadical_init();
  ccadical_set_option(h->s, "quiet", 1);
  return h;
}
static int dead_value(void *h, int lit) {
  dead_solver *d = h;
  return ccadical_val(d->s, lit);
}
static void dead_close(void *h) {
  dead_solver *d = h;
  ccadical_release(d->s);
  free(d);
}

/* Does the puzzle as it is have a solution other than star? */
static int has_other(const gc_puzzle *pz, const int *star) {
  gc_error e;
  void *h = dead_open(NULL, pz, &e);
  int nn = pz->n * pz->n, lits[SB_MAX_N * SB_MAX_N], k = 0;
  for (int c = 0; c < nn; c++)
    if (star[c])
      lits[k++] = -(1 + c);
  dead_clause(h, lits, (size_t)k);
  int r = dead_solve(h, NULL, 0);
  dead_close(h);
  return r == 10;
}

/* The generator's context on the test's solver. */
static gc_gen_ctx test_gen_ctx(gc_rng *rng) {
  gc_gen_ctx gx = {.rng = rng, .open = dead_open, .raw = dead_raw,
                   .solve = dead_solve, .model = dead_model,
                   .value = dead_value, .clause = dead_clause,
                   .close = dead_close};
  return gx;
}

/* The generator's state on puzzle pz (its known solution the layout),
   work: room for 5 * n * n. */
static sb_gen test_sb_gen(gc_puzzle *pz, gc_gen_ctx *gx, int *work) {
  sb_gen g;
  int nn = pz->n * pz->n;
  memset(&g, 0, sizeof g);
  g.rng = gx->rng, g.gx = gx, g.n = pz->n, g.nn = nn;
  g.m = ((sb *)pz->data)->m;
  g.star = pz->known.cell, g.region = ((sb *)pz->data)->region;
  g.queue = work, g.mark = work + nn, g.cells = work + 2 * nn;
  g.pruned = work + 3 * nn;
  g.budget = 1000000;
  return g;
}

/* A generated 10x10 2-star puzzle of seed `seed` (its known solution the
   layout), its regions into orig, and a random stream for the test. */
static gc_puzzle *test_layout(int seed, uint64_t stream, int *orig,
                              gc_rng *rng) {
  gc_puzzle *pz = tu_generate("starbattle", 10, 2, 0, 0, (uint64_t)seed, 1,
                              GC_DIFFICULTY_ANY, NULL);
  memcpy(orig, ((sb *)pz->data)->region, 100 * sizeof *orig);
  gc_rng_seed(rng, (uint64_t)seed, stream);
  return pz;
}

/* The regions back to orig, then lo to lo + span - 1 random cells without
   a star of the layout each taken into a neighbour's region (other
   solutions appear; the layout stays one). */
static void shake_regions(gc_puzzle *pz, const int *orig, gc_rng *rng, int lo,
                          int span) {
  static const int dr4[4] = {-1, 1, 0, 0}, dc4[4] = {0, 0, -1, 1};
  sb *d = pz->data;
  int n = pz->n, nn = n * n;
  memcpy(d->region, orig, (size_t)nn * sizeof *orig);
  for (int k = 0, moves = lo + gc_rng_below(rng, span); k < moves; k++) {
    int c = gc_rng_below(rng, nn), q = gc_rng_below(rng, 4);
    int r2 = c / n + dr4[q], c2 = c % n + dc4[q];
    if (!pz->known.cell[c] && r2 >= 0 && r2 < n && c2 >= 0 && c2 < n)
      d->region[c] = d->region[r2 * n + c2];
  }
}

/* sb_dead_holes against its definition (a hole is dead when every region
   next to it, taking it alone with the other holes empty, lets in a
   solution other than the layout), on generated 10x10 2-star puzzles
   whose regions are shaken and then pruned by the generator's prune; and
   the count stops after `most` + 1, leaving the regions as they were.
   The prune with a limit on its holes gives up exactly when it passes
   the limit. */
static void test_dead_holes(void **state) {
  (void)state;
  static const int dr4[4] = {-1, 1, 0, 0}, dc4[4] = {0, 0, -1, 1};
  enum { N = 10, NN = N * N };
  int cases = 0, dead_seen = 0, capped = 0;
  for (int seed = 1; seed <= (getenv("GC_TEST_QUICK") ? 3 : 5); seed++) {
    int orig[NN], work[5 * NN] = {0};
    gc_rng rng;
    gc_puzzle *pz = test_layout(seed, 7, orig, &rng);
    sb *d = pz->data;
    gc_gen_ctx gx = test_gen_ctx(&rng);
    for (int trial = 0; trial < 6; trial++) {
      shake_regions(pz, orig, &rng, 40, 40);
      sb_gen g = test_sb_gen(pz, &gx, work);
      gc_error e;
      int shaken[NN];
      memcpy(shaken, d->region, sizeof shaken);
      /* with a limit on the holes: the prune gives up (2) exactly when it
         passes the limit */
      g.holes_most = 1 + trial % 3;
      gc_rng kept = rng; /* the rest of the test as without this part */
      int pruned[NN];
      memcpy(pruned, g.pruned, sizeof pruned);
      int r = sb_prune(&g, pz, work + 4 * NN, &e), holes = 0;
      rng = kept;
      for (int c = 0; c < NN; c++)
        holes += d->region[c] < 0;
      if (r == 2)
        assert_true(holes > g.holes_most);
      else if (r == 0 || r == 3)
        assert_true(holes <= g.holes_most);
      capped += r == 2;
      memcpy(d->region, shaken, sizeof shaken);
      memcpy(g.pruned, pruned, sizeof pruned);
      g.holes_most = 0; /* no limit */
      r = sb_prune(&g, pz, work + 4 * NN, &e);
      if (r != 0 && r != 3)
        continue; /* the prune got stuck: not this test's business */
      int want = 0;
      for (int h = 0; h < NN; h++) {
        if (d->region[h] >= 0)
          continue;
        int seen[4], ns = 0, alive = 0;
        for (int k = 0; k < 4; k++) {
          int r2 = h / N + dr4[k], c2 = h % N + dc4[k];
          if (r2 < 0 || r2 >= N || c2 < 0 || c2 >= N)
            continue;
          int b = d->region[r2 * N + c2], dup = 0;
          for (int j = 0; j < ns; j++)
            dup |= seen[j] == b;
          if (b < 0 || dup)
            continue;
          seen[ns++] = b;
          d->region[h] = b;
          alive |= !has_other(pz, pz->known.cell);
          d->region[h] = -1;
        }
        want += ns && !alive;
      }
      int before[NN];
      memcpy(before, d->region, sizeof before);
      assert_int_equal(sb_dead_holes(&g, work + 4 * NN, NN, &e), want);
      assert_memory_equal(before, d->region, sizeof before);
      if (want > 1)
        assert_int_equal(sb_dead_holes(&g, work + 4 * NN, 0, &e), 1);
      cases++;
      dead_seen += want > 0;
    }
    memcpy(d->region, orig, sizeof orig);
    gc_puzzle_free(pz);
  }
  printf("dead holes: %d pruned puzzles counted by the definition, %d with "
         "a dead hole; %d prunes stopped at their limit of holes\n", cases,
         dead_seen, capped);
  assert_true(dead_seen > 0 && dead_seen < cases);
  assert_true(capped > 0);
}

/* The solutions of a formula's solver (cells 1..nn) under assumptions,
   each as nn bytes, at most cap of them; returns how many. */
static int all_solutions(void *h, int nn, const int *assume, size_t na,
                         unsigned char *out, int cap) {
  int k = 0, lits[SB_MAX_N * SB_MAX_N];
  while (k < cap && dead_solve(h, assume, na) == 10) {
    int nl = 0;
    for (int c = 0; c < nn; c++) {
      out[(size_t)k * nn + c] = dead_value(h, 1 + c) > 0;
      if (out[(size_t)k * nn + c])
        lits[nl++] = -(1 + c);
    }
    dead_clause(h, lits, (size_t)nl);
    k++;
  }
  return k;
}

static int cmp_bytes_100(const void *a, const void *b) {
  return memcmp(a, b, 100);
}

static int cut_go_on(void *arg) {
  (void)arg;
  return 0;
}

static int cut_stop(void *arg) {
  (void)arg;
  return 1;
}

/* Placements of m non-touching cells among cells[from..k), at most cap[r]
   in row r and cap[n + c] in column c, counted up to 2 (by brute force). */
static int cut_placements(const int *cells, int k, int n, int m, int *cap,
                          int from, int *pick, int have) {
  if (have == m)
    return 1;
  int got = 0;
  for (int i = from; i < k && got < 2; i++) {
    int x = cells[i], r = x / n, c = x % n, ok = cap[r] > 0 && cap[n + c] > 0;
    for (int j = 0; j < have && ok; j++)
      ok = abs(pick[j] / n - r) > 1 || abs(pick[j] % n - c) > 1;
    if (!ok)
      continue;
    pick[have] = x;
    cap[r]--, cap[n + c]--;
    got += cut_placements(cells, k, n, m, cap, i + 1, pick, have + 1);
    cap[r]++, cap[n + c]++;
  }
  return got;
}

/* Does region k hold m stars of star and is it joined? */
static int m_stars_joined(const int *reg, const int *star, int n, int m,
                          int k) {
  int stars = 0, size_k = 0, first = -1;
  for (int x = 0; x < n * n; x++)
    if (reg[x] == k) {
      stars += star[x], size_k++;
      first = first < 0 ? x : first;
    }
  if (stars != m)
    return 0;
  int seen[SB_MAX_N * SB_MAX_N] = {0}, q[SB_MAX_N * SB_MAX_N], nq = 0;
  q[nq++] = first, seen[first] = 1;
  for (int at = 0; at < nq; at++)
    for (int d = 0; d < 4; d++) {
      int r2 = q[at] / n + (d == 0) - (d == 1);
      int c2 = q[at] % n + (d == 2) - (d == 3);
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && !seen[r2 * n + c2] &&
          reg[r2 * n + c2] == k)
        seen[r2 * n + c2] = 1, q[nq++] = r2 * n + c2;
    }
  return nq == size_k;
}

/* A cut's state (starbattle_forced.h) on puzzle pz, its known solution
   the layout, on the test's solver: mem (from test_cut_mem) holds g's
   work, the cells, the orders, the saves before each core (*saved) and the
   tail's assumptions. */
static sbf test_sbf(gc_puzzle *pz, gc_gen_ctx *gx, gc_rng *rng, sb_gen *g,
                    int *mem, int **saved, gc_error *err) {
  int n = pz->n, nn = n * n;
  *g = test_sb_gen(pz, gx, mem);
  sbf f;
  memset(&f, 0, sizeof f);
  f.gx = gx, f.rng = rng, f.n = n, f.m = g->m, f.nn = nn, f.err = err;
  f.star = pz->known.cell;
  f.core = mem + 5 * nn, f.known = mem + 6 * nn, f.region = mem + 7 * nn;
  f.best = mem + 8 * nn, f.queue = g->queue, f.prev = g->mark, f.g = g;
  f.chosen = mem + 9 * nn, f.order = f.chosen + n, f.border = f.order + n;
  *saved = mem + 10 * nn;
  f.assume = *saved + (size_t)n * nn;
  g->region = f.region;
  return f;
}

static int *test_cut_mem(int n) {
  int *mem = calloc((size_t)(11 + n) * n * n + 1, sizeof *mem);
  assert_non_null(mem);
  return mem;
}

/* What the cut tests share: the layout of a generated n x n m-star puzzle
   (seed 5), the test's random stream, and a cut's state on them (test_sbf)
   with room for its heap. */
typedef struct cut_case {
  gc_puzzle *pz;
  gc_rng rng;
  gc_gen_ctx gx;
  int *mem, *saved;
  long long *heap;
  sb_gen g;
  gc_error err;
  sbf f;
} cut_case;

/* Opens c in place (its state points into itself); stream: the test's. */
static void cut_case_open(cut_case *c, int n, int m, uint64_t stream) {
  memset(c, 0, sizeof *c);
  c->pz = tu_generate("starbattle", n, m, 0, 0, 5, 1, GC_DIFFICULTY_ANY, NULL);
  gc_rng_seed(&c->rng, 5, stream);
  c->gx = test_gen_ctx(&c->rng);
  c->gx.stopped = cut_go_on;
  c->mem = test_cut_mem(n);
  c->heap = malloc(5 * (size_t)n * n * sizeof *c->heap);
  assert_non_null(c->heap);
  c->f = test_sbf(c->pz, &c->gx, &c->rng, &c->g, c->mem, &c->saved, &c->err);
}

static void cut_case_close(cut_case *c) {
  free(c->mem);
  free(c->heap);
  gc_puzzle_free(c->pz);
}

/* A cut (starbattle_cut.c) against what it promises: every region holds
   m stars of the layout and is joined; every region but the last two, its
   cells not known empty before it (known empty recounted here from the
   order: a star of an earlier region touches the cell, or its row or
   column has its m stars in earlier regions), holds m stars in one way
   only with no row or column given more than it has left; the cells left
   free are known empty before the last region, which may grow over them.
*/
static void check_cut(const sbf *f) {
  int n = f->n, m = f->m, nn = n * n;
  const int *star = f->star, *reg = f->region;
  for (int k = 0; k < n; k++) {
    assert_true(m_stars_joined(reg, star, n, m, k));
    /* what is known before k */
    int rowdone[40] = {0}, coldone[40] = {0}, cap[80], open[40 * 40], no = 0;
    for (int x = 0; x < nn; x++)
      if (star[x] && reg[x] < k)
        rowdone[x / n]++, coldone[x % n]++;
    for (int i = 0; i < n; i++)
      cap[i] = m - rowdone[i], cap[n + i] = m - coldone[i];
    for (int x = 0; x < nn; x++) {
      int empty = !star[x] && (!cap[x / n] || !cap[n + x % n]);
      for (int y = 0; y < nn && !empty && !star[x]; y++)
        empty = star[y] && reg[y] >= 0 && reg[y] < k &&
                abs(y / n - x / n) <= 1 && abs(y % n - x % n) <= 1;
      if (reg[x] == k && !empty)
        open[no++] = x;
      if (k == n - 1 && reg[x] < 0)
        assert_true(empty && !star[x]); /* free: the last may take it */
    }
    int pick[8];
    if (k < n - 2)
      assert_int_equal(cut_placements(open, no, n, m, cap, 0, pick, 0), 1);
  }
}

/* Cuts of the layouts of generated 14x14 3-star and 20x20 4-star puzzles
   against what the cut promises (check_cut): one plain, then eight with
   cores mended (a core whose cells hold its stars in another way too cut
   again without a cell of that way), among them some mended cores; the
   plain cut mends none.  And a stop asked for stops it. */
static void test_cut(void **state) {
  (void)state;
  static const int size[][2] = {{14, 3}, {20, 4}};
  size_t sizes = getenv("GC_TEST_QUICK") ? 1 : 2; /* valgrind: the small */
  long mends = 0;
  for (size_t t = 0; t < sizes; t++) {
    cut_case cc;
    cut_case_open(&cc, size[t][0], size[t][1], 11);
    sbf f = cc.f;
    for (int mend = 0; mend < 2; mend++) {
      int cuts = 0;
      f.mend = mend, f.mends = 0;
      for (int u = 0; u < 40 && cuts < (mend ? 8 : 1); u++)
        if (sbf_cut(&f, cc.heap, cc.saved, 0) == 1)
          check_cut(&f), cuts++;
      assert_int_equal(cuts, mend ? 8 : 1);
      if (!mend)
        assert_int_equal(f.mends, 0);
      mends += f.mends;
    }
    cc.gx.stopped = cut_stop;
    assert_int_equal(sbf_cut(&f, cc.heap, cc.saved, 0), -1);
    cut_case_close(&cc);
  }
  print_message("cut: %ld cores mended\n", mends);
  assert_true(mends > 0);
}

/* The first star of each core is the one nearest the border of a few
   drawn, so that the stars left for the last regions are inner ones:
   over cuts of the layouts of generated 14x14 3-star and 20x20 4-star
   puzzles, the regions of the first half of the order have their stars
   nearer the border (the nearest star of each, summed) than those of the
   second half. */
static void test_cut_border_first(void **state) {
  (void)state;
  static const int size[][2] = {{14, 3}, {20, 4}};
  long early = 0, late = 0;
  size_t sizes = getenv("GC_TEST_QUICK") ? 1 : 2; /* valgrind: the small */
  for (size_t t = 0; t < sizes; t++) {
    int n = size[t][0], m = size[t][1], nn = n * n;
    cut_case cc;
    cut_case_open(&cc, n, m, 13);
    sbf f = cc.f;
    for (int cut = 0; cut < 8; cut++) {
      if (sbf_cut(&f, cc.heap, cc.saved, 0) != 1)
        continue;
      for (int k = 0; k < n; k++) {
        int nearest = n;
        for (int x = 0; x < nn; x++)
          if (f.region[x] == k && f.star[x]) {
            int r = x / n, c = x % n, e = r;
            e = n - 1 - r < e ? n - 1 - r : e;
            e = c < e ? c : e;
            e = n - 1 - c < e ? n - 1 - c : e;
            nearest = e < nearest ? e : nearest;
          }
        if (k < n / 2)
          early += nearest;
        else if (k >= n - n / 2)
          late += nearest;
      }
    }
    cut_case_close(&cc);
  }
  print_message("border first: nearest stars %ld early, %ld late\n", early,
                late);
  assert_true(2 * early < late);
}

/* The last regions of cuts (starbattle_tail.c) against what sbf_tail
   promises, on cuts of the layouts of generated 14x14 3-star and 20x20
   4-star puzzles (several cuts of each): the regions before the last two
   keep their cells; every region holds m stars of the layout and is
   joined; and the puzzle's own encoding confirms the answer: 1 (done)
   when the puzzle has the layout alone, 0 when it has another solution.
   Among the cuts, some whose last regions let in other solutions before
   are made unique by it.  A stop asked for stops it. */
static void test_tail(void **state) {
  (void)state;
  static const int size[][2] = {{14, 3}, {20, 4}};
  size_t sizes = getenv("GC_TEST_QUICK") ? 1 : 2; /* valgrind: the small */
  int mended = 0, unique = 0, other = 0, stopped = 0;
  for (size_t t = 0; t < sizes; t++) {
    int n = size[t][0], m = size[t][1], nn = n * n;
    cut_case cc;
    cut_case_open(&cc, n, m, 12);
    gc_puzzle *pz = cc.pz;
    gc_gen_ctx *gx = &cc.gx;
    int *own = ((sb *)pz->data)->region;
    int *before = malloc((size_t)nn * sizeof *before);
    assert_non_null(before);
    sbf f = cc.f;
    for (int cut = 0; cut < 12 * (int)(t + 1); cut++) {
      if (sbf_cut(&f, cc.heap, cc.saved, 0) != 1 || !sbf_fill_cut(&f))
        continue;
      memcpy(before, f.region, (size_t)nn * sizeof *before);
      memcpy(own, f.region, (size_t)nn * sizeof *own);
      int had_other = has_other(pz, f.star);
      if (had_other && !stopped) {
        gx->stopped = cut_stop;
        assert_int_equal(sbf_tail(&f), -1);
        gx->stopped = cut_go_on;
        memcpy(f.region, before, (size_t)nn * sizeof *before);
        stopped = 1;
      }
      int r = sbf_tail(&f);
      assert_true(r == 0 || r == 1 || r == 2);
      for (int x = 0; x < nn; x++) {
        if (before[x] < n - SBF_TAIL)
          assert_int_equal(f.region[x], before[x]);
        else
          assert_true(f.region[x] >= n - SBF_TAIL);
      }
      for (int k = 0; k < n; k++)
        assert_true(m_stars_joined(f.region, f.star, n, m, k));
      memcpy(own, f.region, (size_t)nn * sizeof *own);
      int now_other = has_other(pz, f.star);
      if (r == 1)
        assert_false(now_other);
      if (r == 0)
        assert_true(now_other);
      unique += r == 1, other += r == 0, mended += had_other && r == 1;
    }
    sbf_tail_close(&f);
    free(before);
    cut_case_close(&cc);
  }
  print_message("tail: %d cuts unique, %d of them mended; %d not\n", unique,
                mended, other);
  if (sizes == 2) { /* at 14x14 the last two regions seldom let any in */
    assert_true(mended > 0);
    assert_true(stopped);
  }
}

/* sb_formula with extra literals of cells (the fill's checks): with some
   cells out of their regions, each given its own region and up to two
   others it may join and the assumptions choosing one, the formula's
   solutions are exactly those of the genre's own encoding of the puzzle
   with those cells in the chosen regions; enumerated in full on 10x10
   2-star puzzles whose regions are shaken around the layout (many
   solutions). */
static void test_formula_extras(void **state) {
  (void)state;
  enum { N = 10, NN = N * N, CAP = 4000 };
  unsigned char *a = malloc((size_t)CAP * NN), *b = malloc((size_t)CAP * NN);
  int cases = 0, most = 0;
  for (int seed = 1; seed <= (getenv("GC_TEST_QUICK") ? 2 : 6); seed++) {
    int orig[NN], work[5 * NN] = {0};
    gc_rng rng;
    gc_puzzle *pz = test_layout(seed, 11, orig, &rng);
    sb *d = pz->data;
    gc_gen_ctx gx = test_gen_ctx(&rng);
    for (int trial = 0; trial < 8; trial++) {
      shake_regions(pz, orig, &rng, 40, 160);
      /* holes, their options and the choice */
      int xreg[NN * 3], xcell[NN * 3], pick[NN], nx = 0, assume[NN * 3];
      int na = 0, holes = 1 + gc_rng_below(&rng, 8);
      for (int i = 0; i < holes; i++) {
        int c = gc_rng_below(&rng, NN);
        if (d->region[c] < 0 || pz->known.cell[c])
          continue;
        int own = d->region[c], opts = gc_rng_below(&rng, 3), first = nx;
        d->region[c] = -1;
        xreg[nx] = own, xcell[nx++] = c;
        for (int j = 0; j < opts; j++) {
          int r = gc_rng_below(&rng, N), dup = 0;
          for (int q = first; q < nx; q++)
            dup |= xreg[q] == r;
          if (dup)
            continue;
          xreg[nx] = r, xcell[nx++] = c;
        }
        int chosen = first + gc_rng_below(&rng, nx - first);
        pick[c] = xreg[chosen];
        for (int q = first; q < nx; q++)
          if (q != chosen)
            assume[na++] = -(NN + 1 + q);
      }
      sb_gen g = test_sb_gen(pz, &gx, work);
      gc_error e;
      int top = 0;
      void *h = sb_formula(&g, xreg, xcell, nx, work + 4 * NN, &top, &e);
      assert_non_null(h);
      assert_true(top >= NN + nx);
      int ka = all_solutions(h, NN, assume, (size_t)na, a, CAP);
      dead_close(h);
      for (int c = 0; c < NN; c++)
        if (d->region[c] < 0)
          d->region[c] = pick[c];
      h = dead_open(NULL, pz, &e);
      int kb = all_solutions(h, NN, NULL, 0, b, CAP);
      dead_close(h);
      assert_true(ka < CAP && kb < CAP);
      assert_int_equal(ka, kb);
      qsort(a, (size_t)ka, NN, cmp_bytes_100);
      qsort(b, (size_t)kb, NN, cmp_bytes_100);
      assert_memory_equal(a, b, (size_t)ka * NN);
      cases++;
      most = ka > most ? ka : most;
    }
    memcpy(d->region, orig, sizeof orig);
    gc_puzzle_free(pz);
  }
  printf("formula with extra literals: %d region maps with holes, the same "
         "solutions as the genre's encoding (up to %d)\n", cases, most);
  assert_true(most > 1);
  free(a);
  free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_encoding_exhaustive),
      cmocka_unit_test(test_counts_brute_force),
      cmocka_unit_test(test_blocks_decide),
      cmocka_unit_test(test_band_units),
      cmocka_unit_test(test_checker),
      cmocka_unit_test(test_text_inputs),
      cmocka_unit_test(test_nonregular_made),
      cmocka_unit_test(test_bad_inputs),
      cmocka_unit_test(test_search),
      cmocka_unit_test(test_dead_holes),
      cmocka_unit_test(test_cut),
      cmocka_unit_test(test_cut_border_first),
      cmocka_unit_test(test_tail),
      cmocka_unit_test(test_formula_extras),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  if (rc)
    return rc;
  if (!tu_shared("corpus/starbattle.jsonl")) {
    print_message("../shared/corpus not found: the corpus test is skipped\n");
    return 77;
  }
  if (getenv("GC_TEST_QUICK")) { /* the valgrind pass: corpus runs in passes 1, 2 */
    print_message("GC_TEST_QUICK: the corpus part is left out\n");
    return 0;
  }
  const struct CMUnitTest corpus[] = {cmocka_unit_test(test_corpus),
                                      cmocka_unit_test(test_scaling_variants)};
  return cmocka_run_group_tests(corpus, NULL, NULL);
}
