/*
 * test_steps.c: gc_steps and the hint, checked from outside.
 *
 * For every step of many corpus puzzles, a fresh solver (the genre's
 * formula with clause groups, built here, and a CaDiCaL of the test's own)
 * proves the step from its reason alone: reason and the negated step are
 * unsatisfiable.  And it proves the reason minimal: with any one item left
 * out, the negated step has a model, and that model's grid is checked here
 * against the rules without the formula (a Latin square, or stars apart;
 * every other item of the reason holds; the step is broken).  The items
 * are mapped to the formula by the test itself (a clue by its side and
 * index, a sign by its place in the record's "lt", a count by its row,
 * column or region).
 *
 * Replays: the steps, applied in order to the givens, place each digit
 * (star) on a cell still open, never rule out the solution's digit, cite
 * only earlier results, and end at the known solution.  Hints: the hinted
 * cell is empty in the partial grid, its value is the solution's, and its
 * reason (the puzzle's items and the grid's filled cells only) implies it.
 *
 * GC_TEST_QUICK=1 (the valgrind pass) takes a few small puzzles per genre;
 * GC_TEST_STEPS_THIN=K (the sanitizer pass) every K-th of the usual ones.
 */
#include <jansson.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver-glue/session.h"
#include "solver-glue/steps.h"
#include "testutil.h"

static int quick(void) { return getenv("GC_TEST_QUICK") != NULL; }

/* GC_TEST_STEPS_THIN=K checks every K-th of the corpus puzzles the normal
   run checks (the sanitizer pass of scripts/test.sh). */
static int thin(void) {
  const char *s = getenv("GC_TEST_STEPS_THIN");
  int k = s ? atoi(s) : 1;
  return k > 0 ? k : 1;
}

/*------------------------------------------------------------------------*/
/* The test's own formula and solver                                       */

typedef struct checker {
  const gc_puzzle *pz;
  json_t *rec;
  gc_cnf cnf;
  gc_memsink mem;
  void *solver;
  const gc_block *cell;
  int n, star, m, br, bc;
  long proofs, witnesses;
} checker;

static void checker_open(checker *k, const gc_puzzle *pz) {
  memset(k, 0, sizeof *k);
  k->pz = pz;
  k->n = gc_puzzle_n(pz);
  k->star = !strcmp(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  char *text = gc_puzzle_json(pz);
  k->rec = json_loads(text, 0, NULL);
  free(text);
  assert_non_null(k->rec);
  k->m = (int)json_integer_value(json_object_get(k->rec, "stars"));
  json_t *boxes = json_object_get(k->rec, "boxes");
  if (json_is_array(boxes)) {
    k->br = (int)json_integer_value(json_array_get(boxes, 0));
    k->bc = (int)json_integer_value(json_array_get(boxes, 1));
  }
  gc_options opt;
  gc_options_default(&opt);
  gc_cnf_init(&k->cnf, gc_sink_memory(&k->mem), &opt);
  k->cnf.want_groups = 1;
  gc_error e;
  gc_error_clear(&e);
  assert_int_equal(pz->genre->encode(pz, &k->cnf, &e), 0);
  k->cell = gc_cnf_find_block(&k->cnf, "cell");
  assert_non_null(k->cell);
  k->solver = tu_solver(&k->mem);
}

static void checker_close(checker *k) {
  tu_solver_free(k->solver);
  gc_cnf_release(&k->cnf);
  gc_memsink_free(&k->mem);
  json_decref(k->rec);
}

static int var_of(const checker *k, int r, int c, int v) {
  return gc_block_var(k->cell, r, c, k->star ? 0 : v - 1);
}

static int group_where(const checker *k, const char *key, int i, int j) {
  for (size_t g = 0; g < k->cnf.ngroups; g++)
    if (!strcmp(k->cnf.groups[g].key, key) && k->cnf.groups[g].i == i &&
        (j < 0 || k->cnf.groups[g].j == j))
      return k->cnf.groups[g].selector;
  return 0;
}

/* The assumption literals of an item; returns how many. */
static int item_lits(const checker *k, const gc_item *it, int *lits) {
  static const char *const side[] = {"top", "bottom", "left", "right"};
  int n = k->n, s = 0;
  switch (it->kind) {
  case GC_ITEM_CLUE:
    s = group_where(k, side[it->side], it->index, -1);
    break;
  case GC_ITEM_GIVEN:
    s = group_where(k, "givens", it->row, it->col);
    break;
  case GC_ITEM_SIGN: {
    json_t *lt = json_object_get(k->rec, "lt");
    for (size_t i = 0; i < json_array_size(lt) && !s; i++) {
      json_t *q = json_array_get(lt, i);
      int a[4];
      for (int j = 0; j < 4; j++)
        a[j] = (int)json_integer_value(json_array_get(q, (size_t)j));
      if (a[0] == it->row && a[1] == it->col && a[2] == it->row2 &&
          a[3] == it->col2)
        s = group_where(k, "lt", (int)i, -1);
    }
    break;
  }
  case GC_ITEM_ROW:
  case GC_ITEM_COLUMN: {
    char want[32];
    snprintf(want, sizeof want, "%s %d holds ",
             it->kind == GC_ITEM_ROW ? "row" : "column", it->index + 1);
    for (size_t g = 0; g < k->cnf.ngroups && !s; g++)
      if (!strncmp(k->cnf.groups[g].what, want, strlen(want)))
        s = k->cnf.groups[g].selector;
    break;
  }
  case GC_ITEM_REGION: /* the counts come rows, columns, regions */
    assert_true(k->cnf.ngroups == (size_t)(3 * n));
    s = k->cnf.groups[2 * n + it->index].selector;
    break;
  case GC_ITEM_CELL:
    if (k->star) {
      int var = var_of(k, it->row, it->col, 0);
      lits[0] = it->value ? var : -var;
      return 1;
    }
    if (it->value >= 0) {
      lits[0] = var_of(k, it->row, it->col, it->value);
      return 1;
    }
    for (int v = 1; v <= n; v++)
      if (it->not_mask >> v & 1)
        lits[s++] = -var_of(k, it->row, it->col, v);
    assert_true(s > 0);
    return s;
  default:
    fail_msg("item kind %d", it->kind);
  }
  if (!s)
    fail_msg("an item of kind %d has no clause group", it->kind);
  lits[0] = s;
  return 1;
}

/* The ways the step can fail: one literal each (a placement: the cell
   without it; an elimination: the cell with one of the digits). */
static int step_breaks(const checker *k, const gc_step *st, int *alt) {
  if (k->star) {
    int var = var_of(k, st->row, st->col, 0);
    alt[0] = st->value ? -var : var;
    return 1;
  }
  if (st->value >= 0) {
    alt[0] = -var_of(k, st->row, st->col, st->value);
    return 1;
  }
  int a = 0;
  for (int v = 1; v <= k->n; v++)
    if (st->not_mask >> v & 1)
      alt[a++] = var_of(k, st->row, st->col, v);
  assert_true(a > 0);
  return a;
}

/*------------------------------------------------------------------------*/
/* Checking a model without the formula                                    */

static void model_grid(const checker *k, int *g) {
  int n = k->n;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (k->star) {
        g[r * n + c] = tu_solver_true(k->solver, var_of(k, r, c, 0));
        continue;
      }
      int d = 0;
      for (int v = 1; v <= n; v++)
        if (tu_solver_true(k->solver, var_of(k, r, c, v))) {
          assert_int_equal(d, 0);
          d = v;
        }
      assert_true(d >= 1);
      g[r * n + c] = d;
    }
}

static int region_of(const checker *k, int cell) {
  json_t *row = json_array_get(json_object_get(k->rec, "regions"),
                               (size_t)(cell / k->n));
  return (int)json_integer_value(json_array_get(row, (size_t)(cell % k->n)));
}

/* The rules that hold without any item: a Latin square (with boxes), or
   stars apart and none outside a region. */
static int rules_hold(const checker *k, const int *g) {
  int n = k->n;
  if (k->star) {
    for (int a = 0; a < n * n; a++) {
      if (g[a] != 1)
        continue;
      if (region_of(k, a) < 0)
        return 0;
      for (int b = a + 1; b < n * n; b++)
        if (g[b] == 1 && abs(a / n - b / n) <= 1 && abs(a % n - b % n) <= 1)
          return 0;
    }
    return 1;
  }
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++) {
      int same = a / n == b / n || a % n == b % n ||
                 (k->br && (a / n) / k->br == (b / n) / k->br &&
                  (a % n) / k->bc == (b % n) / k->bc);
      if (same && g[a] == g[b])
        return 0;
    }
  return 1;
}

static int item_holds(const checker *k, const gc_item *it, const int *g) {
  int n = k->n;
  switch (it->kind) {
  case GC_ITEM_CLUE: {
    int seen = 0, top = 0;
    for (int p = 0; p < n; p++) {
      int r = it->side == 0 ? p : it->side == 1 ? n - 1 - p : it->index;
      int c = it->side >= 2 ? (it->side == 2 ? p : n - 1 - p) : it->index;
      if (g[r * n + c] > top) {
        top = g[r * n + c];
        seen++;
      }
    }
    return seen == it->value;
  }
  case GC_ITEM_GIVEN:
    return g[it->row * n + it->col] == it->value;
  case GC_ITEM_SIGN:
    return g[it->row * n + it->col] < g[it->row2 * n + it->col2];
  case GC_ITEM_CELL:
    if (k->star || it->value >= 0)
      return g[it->row * n + it->col] == it->value;
    return !(it->not_mask >> g[it->row * n + it->col] & 1);
  default: {
    int stars = 0;
    for (int c = 0; c < n * n; c++) {
      int in = it->kind == GC_ITEM_ROW      ? c / n == it->index
               : it->kind == GC_ITEM_COLUMN ? c % n == it->index
                                            : region_of(k, c) == it->index;
      stars += in && g[c] == 1;
    }
    return stars == k->m;
  }
  }
}

static int step_holds(const checker *k, const gc_step *st, const int *g) {
  int v = g[st->row * k->n + st->col];
  if (k->star || st->value >= 0)
    return v == st->value;
  return !(st->not_mask >> v & 1);
}

/* Do the items (but skip) imply the step?  On "no", the model is checked
   against the rules, the items and the step by the test's own code. */
static int implies(checker *k, const gc_step *st, const gc_item *items,
                   size_t nitems, size_t skip) {
  int lits[4096], alt[64], nl = 0;
  for (size_t i = 0; i < nitems; i++)
    if (i != skip)
      nl += item_lits(k, &items[i], lits + nl);
  int na = step_breaks(k, st, alt);
  for (int a = 0; a < na; a++) {
    lits[nl] = alt[a];
    if (!tu_solver_sat(k->solver, lits, nl + 1))
      continue;
    int *g = malloc((size_t)(k->n * k->n) * sizeof *g);
    model_grid(k, g);
    assert_true(rules_hold(k, g));
    for (size_t i = 0; i < nitems; i++)
      if (i != skip && !item_holds(k, &items[i], g))
        fail_msg("the model breaks item %zu of the reason", i);
    assert_false(step_holds(k, st, g));
    free(g);
    k->witnesses++;
    return 0;
  }
  k->proofs++;
  return 1;
}

/* The step follows from its reason, and from no smaller part of it: every
   item is needed, but for at most the step's unproven ones (the prover
   kept them when deciding took too long). */
static void check_reason(checker *k, const gc_step *st, size_t number) {
  if (!implies(k, st, st->reason, st->nreason, (size_t)-1))
    fail_msg("%s: step %zu (%s) does not follow from its reason",
             gc_puzzle_id(k->pz), number, st->text);
  size_t unneeded = 0;
  for (size_t i = 0; i < st->nreason; i++)
    if (implies(k, st, st->reason, st->nreason, i) &&
        ++unneeded > st->unproven)
      fail_msg("%s: step %zu (%s): its reason item %zu is not needed",
               gc_puzzle_id(k->pz), number, st->text, i);
}

/* Every step's reason of path checked (check_reason); the checker's
   solver calls. */
static long check_path(const gc_puzzle *pz, const gc_step_path *path) {
  checker k;
  checker_open(&k, pz);
  for (size_t i = 0; i < path->count; i++)
    check_reason(&k, &path->step[i], i + 1);
  long calls = k.proofs + k.witnesses;
  checker_close(&k);
  return calls;
}

/*------------------------------------------------------------------------*/
/* Replay                                                                  */

typedef struct replay {
  int n, star;
  int *val;             /* placed digit / decided star, GC_EMPTY */
  uint64_t *gone;       /* digits ruled out by steps */
} replay;

static void replay_check(const gc_puzzle *pz, const gc_step_path *path,
                         const gc_grid *sol) {
  int n = gc_puzzle_n(pz), nn = n * n;
  int star = !strcmp(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  int *val = malloc((size_t)nn * sizeof *val);
  uint64_t *gone = calloc((size_t)nn, sizeof *gone);
  int *given = malloc((size_t)nn * sizeof *given);
  for (int i = 0; i < nn; i++)
    val[i] = given[i] = GC_EMPTY;
  if (pz->genre->givens)
    pz->genre->givens(pz, given);
  for (size_t s = 0; s < path->count; s++) {
    const gc_step *st = &path->step[s];
    int at = st->row * n + st->col;
    /* the reason cites the puzzle and earlier results */
    for (size_t i = 0; i < st->nreason; i++) {
      const gc_item *it = &st->reason[i];
      int c = it->row * n + it->col;
      if (it->kind == GC_ITEM_GIVEN)
        assert_int_equal(given[c], it->value);
      if (it->kind != GC_ITEM_CELL)
        continue;
      if (star || it->value >= 0) {
        if (val[c] != it->value)
          fail_msg("%s: step %zu cites r%dc%d = %d, not an earlier result",
                   gc_puzzle_id(pz), s + 1, it->row + 1, it->col + 1, it->value);
      } else if ((gone[c] & it->not_mask) != it->not_mask)
        fail_msg("%s: step %zu cites digits not ruled out before at r%dc%d",
                 gc_puzzle_id(pz), s + 1, it->row + 1, it->col + 1);
    }
    if (star || st->value >= 0) {
      assert_int_equal(val[at], GC_EMPTY);
      assert_int_equal(given[at], GC_EMPTY);
      if (sol)
        assert_int_equal(st->value, sol->cell[at]);
      val[at] = st->value;
    } else {
      assert_int_equal(val[at], GC_EMPTY);
      if (sol)
        assert_false(st->not_mask >> sol->cell[at] & 1);
      gone[at] |= st->not_mask;
    }
  }
  if (sol && path->status == GC_STATUS_UNIQUE)
    for (int i = 0; i < nn; i++)
      assert_int_equal(given[i] != GC_EMPTY ? given[i] : val[i], sol->cell[i]);
  free(val);
  free(gone);
  free(given);
}

/*------------------------------------------------------------------------*/

/* Steps of one puzzle: every reason proven, the replay checked. */
static void check_puzzle(const gc_puzzle *pz, long *steps, long *calls) {
  gc_step_path path;
  gc_error e;
  if (gc_steps(pz, NULL, NULL, NULL, 0, &path, &e))
    fail_msg("%s: %s", gc_puzzle_id(pz), e.message);
  const gc_grid *known = gc_puzzle_known(pz);
  if (path.status == GC_STATUS_UNIQUE && known)
    assert_true(gc_grid_equal(&path.grid, known));
  assert_true(path.status == GC_STATUS_UNIQUE ||
              path.status == GC_STATUS_MULTIPLE);
  replay_check(pz, &path, path.status == GC_STATUS_UNIQUE ? known : NULL);
  *steps += (long)path.count;
  *calls += check_path(pz, &path);
  gc_step_path_free(&path);
}

static void corpus(const char *file, int every, int max_n, int *checked) {
  const char *path = tu_shared(file);
  if (!path)
    return;
  char *data = tu_read_file(path);
  gc_read_options ro = {"json", NULL};
  gc_error e;
  gc_reader *rd = gc_reader_new(data, strlen(data), path, &ro, &e);
  gc_puzzle *pz;
  long steps = 0, calls = 0;
  int i = 0, done = 0;
  while (gc_reader_next(rd, &pz, &e) == GC_READ_PUZZLE) {
    if (pz && i++ % (every * thin()) == 0 &&
        gc_puzzle_n(pz) <= (quick() ? 6 : max_n) && (!quick() || done < 2)) {
      check_puzzle(pz, &steps, &calls);
      done++;
    }
    gc_puzzle_free(pz);
  }
  gc_reader_free(rd);
  free(data);
  printf("%s: %d puzzles, %ld steps, %ld solver calls, refused %ld\n", file,
         done, steps, calls, (long)atomic_load(&gc_steps_refused));
  *checked += done;
}

static void test_corpus_reasons(void **state) {
  (void)state;
  int checked = 0;
  corpus("corpus/skyscrapers.jsonl", 2, 9, &checked);
  corpus("corpus/futoshiki.jsonl", 3, 9, &checked);
  corpus("corpus/starbattle.jsonl", 9, 14, &checked);
  corpus("corpus/variants.jsonl", 1, 12, &checked);
  if (!checked)
    skip();
  assert_int_equal(atomic_load(&gc_steps_refused), 0);
}

/* Puzzles of the tests' own, the corpus or not: a unique one of each
   genre, one with several solutions, one with none. */
static const char *const sky5 =
    "{\"id\":\"t5\",\"genre\":\"skyscrapers\",\"n\":5,\"top\":[0,0,2,2,3],"
    "\"bottom\":[0,0,4,0,0],\"left\":[0,0,3,4,1],\"right\":[0,0,2,0,3]}";

static void test_small(void **state) {
  (void)state;
  long steps = 0, calls = 0;
  static const char *const unique[] = {
      sky5,
      "{\"genre\":\"futoshiki\",\"n\":4,\"givens\":[[0,0,0,0],[0,0,0,0],"
      "[0,0,0,0],[0,0,0,1]],\"lt\":[[0,0,0,1],[0,1,0,2],[1,0,2,0],[2,2,2,3],"
      "[3,1,3,2]]}",
      "starbattle 1\nDDDDD\nCDDEB\nCEEEE\nCCEEA\nCCEAA\n",
  };
  for (size_t i = 0; i < sizeof unique / sizeof unique[0]; i++) {
    gc_puzzle *pz = tu_puzzle(unique[i], NULL);
    check_puzzle(pz, &steps, &calls);
    gc_puzzle_free(pz);
  }
  /* several solutions: deduction stops, and says so */
  gc_puzzle *pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,"
                            "\"top\":[4,0,0,0]}",
                            NULL);
  gc_step_path path;
  gc_error e;
  assert_int_equal(gc_steps(pz, NULL, NULL, NULL, 0, &path, &e), 0);
  assert_int_equal(path.status, GC_STATUS_MULTIPLE);
  assert_true(path.count > 0); /* the clue 4 places a column */
  check_path(pz, &path);
  gc_step_path_free(&path);
  gc_puzzle_free(pz);
  /* no solution: the path ends at the contradiction, explain's conflict */
  pz = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":3,\"givens\":[[1,0,0],"
                 "[0,0,0],[0,0,0]],\"lt\":[[0,1,0,0]]}",
                 NULL);
  assert_int_equal(gc_steps(pz, NULL, NULL, NULL, 0, &path, &e), 0);
  assert_int_equal(path.status, GC_STATUS_NONE);
  assert_true(path.conflict.count > 0);
  gc_step_path_free(&path);
  gc_puzzle_free(pz);
}

/* Star Battles of the tests' own making, with the corpus or without: the
   prover's model rotation (steps_rotate.c) marks members needed with no
   solver call, and the checker here proves each of them needed again with
   its own solver.  Several stars, so that the counts' cells toggle both
   ways, and sizes whose reasons take the rotation (sets of up to 50). */
static void test_generated_reasons(void **state) {
  (void)state;
  static const struct {
    int n, m;
    uint64_t index;
  } sb[] = {{8, 1, 1}, {10, 2, 1}, {10, 2, 2}, {14, 3, 1}};
  long steps = 0, calls = 0;
  size_t most = quick() ? 2 : sizeof sb / sizeof sb[0];
  for (size_t i = 0; i < most; i++) {
    gc_puzzle *pz = tu_generate("starbattle", sb[i].n, sb[i].m, 0, 0, 7,
                                sb[i].index, GC_DIFFICULTY_ANY, NULL);
    check_puzzle(pz, &steps, &calls);
    gc_puzzle_free(pz);
  }
  printf("generated star battles: %ld steps, %ld checker calls\n", steps,
         calls);
  assert_true(steps > 0 && calls > steps);
  assert_int_equal(atomic_load(&gc_steps_refused), 0);
}

/* The prover's model rotation at work: every cell of a generated Star
   Battle from all its counts, shrunk by the prover; rotation shows members
   needed with no solver call, and what is left is still minimal (the
   test's own solver, check_reason). */
static void test_rotation(void **state) {
  (void)state;
  gc_puzzle *pz = tu_generate("starbattle", 10, 2, 0, 0, 7, 2,
                              GC_DIFFICULTY_ANY, NULL);
  const gc_grid *sol = gc_puzzle_known(pz);
  assert_non_null(sol);
  gc_error e;
  gc_prover *p = gc_prover_new(pz, NULL, NULL, &e);
  assert_non_null(p);
  const gc_item *items;
  size_t ng = gc_prover_groups(p, &items);
  assert_int_equal(ng, 30);
  gc_sitem in[30], out[30];
  for (size_t i = 0; i < ng; i++)
    in[i] = (gc_sitem){(int)i, 0, -1};
  checker k;
  checker_open(&k, pz);
  long rotated = 0;
  for (int c = 0; c < 100; c++) {
    int v = sol->cell[c] == 1, lit = gc_prover_lit(p, c, v);
    size_t nout = 0;
    assert_int_equal(gc_prover_minimal(p, in, ng, &lit, 1, out, &nout), 0);
    assert_int_equal(gc_prover_unproven(p), 0);
    gc_step st = {.row = c / 10, .col = c % 10, .value = v, .text = "",
                  .nreason = nout};
    gc_item reason[30];
    for (size_t i = 0; i < nout; i++)
      reason[i] = items[out[i].group];
    st.reason = reason;
    check_reason(&k, &st, (size_t)c + 1);
    rotated = gc_prover_rotated(p);
  }
  checker_close(&k);
  printf("rotation: %ld members shown needed with no solver call, %ld calls\n",
         rotated, gc_prover_calls(p));
  assert_true(rotated > 0);
  gc_prover_free(p);
  gc_puzzle_free(pz);
}

/* The prover's conflict limit on one deletion, lowered to 1 so that it is
   reached: the steps say how many items they kept without proof, every
   reason still implies its step, and at most those items are not needed
   (check_reason).  The limit is a count: the same reasons twice. */
static void test_unproven(void **state) {
  (void)state;
  gc_puzzle *pz = tu_generate("starbattle", 10, 2, 0, 0, 7, 1,
                              GC_DIFFICULTY_ANY, NULL);
  int was = atomic_exchange(&gc_prover_conflicts, 1);
  gc_step_path path, again;
  gc_error e;
  assert_int_equal(gc_steps(pz, NULL, NULL, NULL, 0, &path, &e), 0);
  assert_int_equal(gc_steps(pz, NULL, NULL, NULL, 0, &again, &e), 0);
  atomic_store(&gc_prover_conflicts, was);
  assert_int_equal(path.status, GC_STATUS_UNIQUE);
  size_t unproven = 0, unneeded = 0;
  assert_int_equal(again.count, path.count);
  for (size_t i = 0; i < path.count; i++) {
    const gc_step *st = &path.step[i];
    unproven += st->unproven;
    assert_true(st->unproven <= st->nreason);
    assert_int_equal(again.step[i].nreason, st->nreason);
    assert_int_equal(again.step[i].unproven, st->unproven);
  }
  check_path(pz, &path);
  /* and some of them are indeed not needed: the limit costs minimality */
  checker k;
  checker_open(&k, pz);
  for (size_t i = 0; i < path.count; i++)
    for (size_t j = 0; j < path.step[i].nreason; j++)
      unneeded += (size_t)implies(&k, &path.step[i], path.step[i].reason,
                                  path.step[i].nreason, j);
  checker_close(&k);
  printf("limit of 1 conflict: %zu items unproven, %zu of them not needed\n",
         unproven, unneeded);
  assert_true(unproven > 0);
  assert_true(unneeded > 0 && unneeded <= unproven);
  gc_step_path_free(&path);
  gc_step_path_free(&again);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* Hints                                                                   */

static void check_hint(const gc_puzzle *pz, const gc_grid *partial) {
  const gc_grid *sol = gc_puzzle_known(pz);
  int n = gc_puzzle_n(pz);
  gc_status st;
  gc_step step;
  gc_clues conflict;
  gc_error e;
  assert_int_equal(gc_hint_step(pz, NULL, NULL, partial, &st, &step, &conflict, &e), 0);
  assert_int_equal(st, GC_STATUS_SOLVED);
  int at = step.row * n + step.col;
  int *given = malloc((size_t)(n * n) * sizeof *given);
  for (int i = 0; i < n * n; i++)
    given[i] = GC_EMPTY;
  if (pz->genre->givens)
    pz->genre->givens(pz, given);
  assert_int_equal(given[at], GC_EMPTY);
  if (partial)
    assert_int_equal(partial->cell[at], GC_EMPTY);
  assert_true(step.value >= 0);
  assert_int_equal(step.value, sol->cell[at]);
  /* its reason: the puzzle and the filled cells only, and it holds */
  for (size_t i = 0; i < step.nreason; i++) {
    const gc_item *it = &step.reason[i];
    if (it->kind == GC_ITEM_CELL) {
      assert_non_null(partial);
      assert_int_equal(partial->cell[it->row * n + it->col], it->value);
    }
  }
  checker k;
  checker_open(&k, pz);
  check_reason(&k, &step, 1);
  checker_close(&k);
  /* the old call names the same cell */
  int row, col, value;
  long effort;
  assert_int_equal(gc_hint(pz, NULL, NULL, partial, &st, &row, &col, &value,
                           &effort, &conflict, &e),
                   0);
  assert_int_equal(row, step.row);
  assert_int_equal(col, step.col);
  assert_int_equal(value, step.value);
  free(step.reason);
  free(given);
}

static void test_hints(void **state) {
  (void)state;
  static const char *const files[] = {"corpus/skyscrapers.jsonl",
                                      "corpus/futoshiki.jsonl",
                                      "corpus/starbattle.jsonl"};
  int done = 0;
  for (int f = 0; f < 3; f++) {
    const char *path = tu_shared(files[f]);
    if (!path)
      continue;
    char *data = tu_read_file(path);
    gc_read_options ro = {"json", NULL};
    gc_error e;
    gc_reader *rd = gc_reader_new(data, strlen(data), path, &ro, &e);
    gc_puzzle *pz;
    int i = 0, here = 0;
    while (gc_reader_next(rd, &pz, &e) == GC_READ_PUZZLE) {
      int n = gc_puzzle_n(pz);
      const gc_grid *sol = gc_puzzle_known(pz);
      gc_result res;
      tu_solve(pz, GC_MODE_UNIQUE, &res);
      int unique = res.status == GC_STATUS_UNIQUE;
      gc_result_free(&res);
      if (unique && sol && n <= (quick() ? 6 : 9) && i++ % 7 == 0 &&
          here < (quick() ? 1 : 12 / thin() + 1)) {
        check_hint(pz, NULL);
        /* a partial grid: a third of the solution's cells, spread */
        gc_grid g;
        assert_int_equal(gc_grid_init(&g, n), 0);
        for (int c = 0; c < n * n; c++)
          g.cell[c] = (c * 7 + i) % 3 == 0 ? sol->cell[c] : GC_EMPTY;
        int open = 0;
        for (int c = 0; c < n * n; c++)
          open += g.cell[c] == GC_EMPTY;
        if (open)
          check_hint(pz, &g);
        gc_grid_free(&g);
        here++;
        done++;
      }
      gc_puzzle_free(pz);
    }
    gc_reader_free(rd);
    free(data);
  }
  if (!done)
    skip();
}

/*------------------------------------------------------------------------*/
/* Grades                                                                  */

/* Tatham's puzzles in the corpus carry his grader's level: ours agrees. */
static void test_tatham_levels(void **state) {
  (void)state;
  static const char *const files[] = {"corpus/skyscrapers.jsonl",
                                      "corpus/futoshiki.jsonl"};
  int total = 0, same = 0;
  for (int f = 0; f < 2; f++) {
    const char *path = tu_shared(files[f]);
    if (!path)
      continue;
    char *data = tu_read_file(path);
    char *line = data, *next;
    for (; line && *line; line = next) {
      next = strchr(line, '\n');
      if (next)
        *next++ = 0;
      json_t *rec = json_loads(line, 0, NULL);
      const char *id = json_string_value(json_object_get(rec, "id"));
      const char *want = json_string_value(json_object_get(rec, "difficulty"));
      if (id && want && !strncmp(id, "tatham-", 7) &&
          (!quick() || total < 2) && (thin() == 1 || total < 20)) {
        gc_puzzle *pz = tu_puzzle(line, NULL);
        gc_error e;
        int solved, level;
        assert_int_equal(gc_steps_grade(pz, NULL, NULL, -1, &solved, &level, &e), 0);
        assert_true(solved);
        const char *const *lv = gc_genre_levels(gc_puzzle_genre(pz));
        char low[32];
        size_t j = 0;
        for (; want[j] && j + 1 < sizeof low; j++)
          low[j] = (char)(want[j] >= 'A' && want[j] <= 'Z' ? want[j] + 32 : want[j]);
        low[j] = 0;
        total++;
        same += !strcmp(lv[level], low);
        gc_puzzle_free(pz);
      }
      json_decref(rec);
    }
    free(data);
  }
  if (!total)
    skip();
  printf("Tatham's levels: %d of %d the same\n", same, total);
  assert_true(same * 10 >= total * 9);
}

/* generate --difficulty LEVEL: the grade is the level asked for, and the
   path with reasons gives the same grade (rate's label). */
static void test_generate_levels(void **state) {
  (void)state;
  static const struct {
    const char *genre;
    int n, stars;
    const char *level;
  } cases[] = {
      {"skyscrapers", 5, 0, "easy"},     {"skyscrapers", 5, 0, "hard"},
      {"skyscrapers", 6, 0, "extreme"},  {"futoshiki", 5, 0, "trivial"},
      {"futoshiki", 5, 0, "easy"},       {"futoshiki", 5, 0, "tricky"},
      {"starbattle", 6, 1, "easy"},
  };
  size_t ncases = sizeof cases / sizeof cases[0];
  for (size_t i = 0; i < ncases; i++) {
    if (quick() && i % 3)
      continue;
    gc_puzzle *pz = tu_generate(cases[i].genre, cases[i].n, cases[i].stars,
                                0, 0, 5, 1, GC_DIFFICULTY_ANY, cases[i].level);
    gc_error e;
    gc_rating rt;
    assert_int_equal(gc_rate(pz, NULL, NULL, &rt, &e), 0);
    assert_non_null(rt.label);
    assert_string_equal(rt.label, cases[i].level);
    gc_puzzle_free(pz);
  }
  /* a level the genre does not have */
  gc_gen_params p;
  memset(&p, 0, sizeof p);
  p.n = 5;
  p.level = "fiendish";
  gc_puzzle *pz = NULL;
  gc_error e;
  assert_int_equal(gc_generate(gc_genre_find("futoshiki"), &p, NULL, NULL, &pz,
                               NULL, &e),
                   -1);
  assert_int_equal(e.code, GC_E_RANGE);
}

/* The generator's two shortcuts, on generated puzzles of every Latin kind
   and on each of them with one clue out: the genre's clue member takes a
   clue out of a copy in place exactly as the record without it reads,
   and puts it back; and gc_steps_solves (every deduction of a round
   applied at once) solves a puzzle at a level exactly when the step path
   limited to that level does. */
static void test_solves_closure(void **state) {
  (void)state;
  static const struct {
    const char *genre;
    int n, br, bc;
    const char *level;
  } cases[] = {
      {"skyscrapers", 5, 0, 0, "easy"},  {"skyscrapers", 6, 0, 0, "hard"},
      {"skyscrapers", 6, 0, 0, "extreme"}, {"skyscrapers", 6, 2, 3, "hard"},
      {"futoshiki", 5, 0, 0, "trivial"}, {"futoshiki", 6, 0, 0, "tricky"},
      {"futoshiki", 6, 0, 0, "extreme"}, {"futoshiki", 7, 0, 0, "tricky"},
  };
  int compared = 0, unsolved = 0, clues = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (quick() && i % 3)
      continue;
    const gc_genre *genre = gc_genre_find(cases[i].genre);
    const gc_genre_steps *gs = genre->steps;
    assert_non_null(genre->clue);
    gc_puzzle *pz = tu_generate(cases[i].genre, cases[i].n, 0, cases[i].br,
                                cases[i].bc, 11, 1, GC_DIFFICULTY_ANY,
                                cases[i].level);
    gc_error e;
    gc_cnf cnf;
    gc_memsink mem;
    memset(&mem, 0, sizeof mem);
    gc_cnf_init(&cnf, gc_sink_memory(&mem), NULL);
    cnf.want_groups = 1;
    assert_int_equal(genre->encode(pz, &cnf, &e), 0);
    json_t *full = gc_puzzle_json_object(pz);
    gc_puzzle *work = gc_puzzle_from_object(full, "test", &e);
    assert_non_null(work);
    char *keep = malloc(cnf.ngroups + 1);
    memset(keep, 1, cnf.ngroups);
    for (size_t g = 0; g <= cnf.ngroups; g++) {
      const gc_group *out = g < cnf.ngroups ? &cnf.groups[g] : NULL;
      if (out && !out->key[0])
        continue; /* a rule, not a clue */
      if (out) {
        clues++;
        assert_int_equal(genre->clue(work, pz, out, 0), 0);
        keep[g] = 0;
        json_t *want = gc_object_without(pz, &cnf, keep);
        json_t *got = gc_puzzle_json_object(work);
        json_object_del(want, "solution"), json_object_del(got, "solution");
        if (!json_equal(want, got))
          fail_msg("%s: taking out %s[%d][%d] is not the record without it",
                   cases[i].genre, out->key, out->i, out->j);
        json_decref(want);
        json_decref(got);
      }
      for (int lv = 0; lv < gs->trial_level; lv++) {
        int a, b, level;
        assert_int_equal(gc_steps_solves(work, NULL, NULL, lv, &a, &e), 0);
        assert_int_equal(gc_steps_grade_path(work, NULL, NULL, lv, &b, &level, &e), 0);
        if (a != b)
          fail_msg("%s %s, clue %zu out: the closure at level %d %s, the "
                   "path %s", cases[i].genre, cases[i].level, g, lv,
                   a ? "solves" : "does not solve", b ? "does" : "does not");
        compared++;
        unsolved += !a;
      }
      if (out) {
        assert_int_equal(genre->clue(work, pz, out, 1), 0);
        keep[g] = 1;
        json_t *got = gc_puzzle_json_object(work);
        json_object_del(got, "solution");
        json_object_del(full, "solution");
        assert_true(json_equal(full, got));
        json_decref(got);
      }
    }
    free(keep);
    json_decref(full);
    gc_puzzle_free(work);
    gc_cnf_release(&cnf);
    gc_memsink_free(&mem);
    gc_puzzle_free(pz);
  }
  printf("closure against path: %d answers the same (%d not solved), %d "
         "clues out and back\n", compared, unsolved, clues);
  assert_true(unsolved > 0 && unsolved < compared);
}

/* One puzzle's two grades: the closure's pass (gc_steps_grade) and the
   path's (gc_steps_grade_path) give the same answer, and so does the
   generator's (made: the level gc_generate gave; -2 none).  1 when the
   closure's answer stood without the path (the puzzle's hardest level at
   least the genre's grade_batch_from). */
static int same_grade(const gc_puzzle *pz, int made) {
  gc_error e;
  int a, b, la, lb;
  assert_int_equal(gc_steps_grade(pz, NULL, NULL, -1, &a, &la, &e), 0);
  assert_int_equal(gc_steps_grade_path(pz, NULL, NULL, -1, &b, &lb, &e), 0);
  if (a != b || la != lb)
    fail_msg("%s: the closure's grade %d (%s), the path's %d (%s)", pz->id,
             la, a ? "solved" : "not solved", lb, b ? "solved" : "not solved");
  if (made != -2)
    assert_int_equal(made, lb);
  const gc_genre_steps *gs = gc_puzzle_genre(pz)->steps;
  return !gs->grade || la >= gs->grade_batch_from;
}

/* One-star Star Battle's medium: four deductions that are medium or where
   a region is confined to a line or a cell sees a whole unit.  The 7x7
   example's path has two medium steps and such deductions: medium, the
   same in rate, where the count of other star numbers (a dozen medium
   deductions) would make it easy. */
static void test_one_star_medium(void **state) {
  (void)state;
  char *out;
  const char *path = GC_SOURCE_DIR "/examples/starbattle-7x7.txt";
  assert_int_equal(tu_cli(&out, NULL, "steps", "--json", path, NULL), 0);
  json_error_t je;
  json_t *rec = json_loads(out, 0, &je);
  assert_non_null(rec);
  assert_string_equal(json_string_value(json_object_get(rec, "level")),
                      "medium");
  size_t i, confined = 0, medium = 0;
  json_t *st;
  json_array_foreach(json_object_get(rec, "steps"), i, st) {
    const char *t = json_string_value(json_object_get(st, "technique"));
    const char *lv = json_string_value(json_object_get(st, "level"));
    confined += !strcmp(t, "confined") || !strcmp(t, "sees a unit");
    medium += strcmp(lv, "easy") != 0;
  }
  assert_true(medium < 12); /* not medium by the count of other sizes */
  assert_true(medium + confined >= 4);
  json_decref(rec);
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "rate", "--json", path, NULL), 0);
  assert_non_null(strstr(out, "\"label\":\"medium\""));
  free(out);
}

/* gc_steps_grade (the generator's grade, a pass that applies each
   technique's deductions at once) against the path's grade on the
   corpus and on generated Star Battles of every size the tests make:
   the same grade every time. */
static void test_grade_batch(void **state) {
  (void)state;
  static const char *const files[] = {"corpus/starbattle.jsonl",
                                      "corpus/skyscrapers.jsonl",
                                      "corpus/futoshiki.jsonl"};
  int total = 0, batch = 0;
  for (int f = 0; f < 3; f++) {
    const char *path = tu_shared(files[f]);
    if (!path)
      continue;
    char *data = tu_read_file(path);
    char *line = data, *next;
    int k = 0;
    for (; line && *line; line = next, k++) {
      next = strchr(line, '\n');
      if (next)
        *next++ = 0;
      if (k % (quick() ? 50 : 5 * thin()))
        continue;
      gc_puzzle *pz = tu_puzzle(line, NULL);
      batch += same_grade(pz, -2);
      total++;
      gc_puzzle_free(pz);
    }
    free(data);
  }
  static const struct {
    int n, m, count;
  } sb[] = {{8, 1, 6}, {10, 2, 6}, {14, 3, 2}};
  for (size_t i = 0; i < sizeof sb / sizeof sb[0]; i++)
    for (int k = 1; k <= (quick() ? 1 : sb[i].count); k++) {
      gc_gen_info info;
      /* seed 7: medium, hard and hard in the quick run's first three,
         so that both ways of grading are met even without the corpus */
      gc_puzzle *pz = tu_generate_info("starbattle", sb[i].n, sb[i].m, 0, 0,
                                       7, (uint64_t)k, GC_DIFFICULTY_ANY, NULL,
                                       &info);
      batch += same_grade(pz, info.level);
      total++;
      gc_puzzle_free(pz);
    }
  printf("grades: %d the same, %d by the closure alone\n", total, batch);
  assert_true(batch > 0 && batch < total);
}

/*------------------------------------------------------------------------*/
/* The command line                                                        */

static char *write_temp(const char *text) {
  char *path = strdup("/tmp/gridcnf-steps-XXXXXX");
  int fd = mkstemp(path);
  FILE *f = fdopen(fd, "w");
  fputs(text, f);
  fclose(f);
  return path;
}

static void test_cli(void **state) {
  (void)state;
  char *path = write_temp(sky5);
  char *out;
  assert_int_equal(tu_cli(&out, NULL, "steps", "--json", path, NULL), 0);
  json_t *o = json_loads(out, 0, NULL);
  assert_non_null(o);
  assert_string_equal(json_string_value(json_object_get(o, "status")), "unique");
  assert_true(json_is_array(json_object_get(o, "solution")));
  assert_non_null(json_string_value(json_object_get(o, "level")));
  json_t *steps = json_object_get(o, "steps");
  assert_true(json_array_size(steps) >= 25 - 0);
  size_t with_clue = 0;
  for (size_t i = 0; i < json_array_size(steps); i++) {
    json_t *st = json_array_get(steps, i);
    assert_true(json_is_integer(json_object_get(st, "row")));
    assert_true(json_is_integer(json_object_get(st, "value")) ||
                json_is_array(json_object_get(st, "not")));
    assert_true(json_is_array(json_object_get(st, "reason")));
    assert_true(json_is_string(json_object_get(st, "technique")));
    assert_true(json_is_string(json_object_get(st, "text")));
    json_t *r = json_object_get(st, "reason");
    for (size_t j = 0; j < json_array_size(r); j++) {
      json_t *it = json_array_get(r, j);
      const char *kind = json_string_value(json_object_get(it, "kind"));
      assert_non_null(kind);
      if (!strcmp(kind, "clue")) {
        with_clue++;
        assert_non_null(json_string_value(json_object_get(it, "side")));
        assert_true(json_integer_value(json_object_get(it, "index")) >= 1);
      } else
        assert_string_equal(kind, "cell");
    }
  }
  assert_true(with_clue > 0);
  json_decref(o);
  free(out);
  /* text: numbered steps with their reasons */
  assert_int_equal(tu_cli(&out, NULL, "steps", path, NULL), 0);
  assert_non_null(strstr(out, "   1. "));
  assert_non_null(strstr(out, "because: "));
  free(out);
  /* hint --json keeps its keys and gains reason, technique and text */
  assert_int_equal(tu_cli(&out, NULL, "hint", "--json", path, NULL), 0);
  o = json_loads(out, 0, NULL);
  static const char *const keys[] = {"row", "col", "value", "conflicts", "by",
                                     "reason", "technique", "text"};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    if (!json_object_get(o, keys[i]))
      fail_msg("hint --json has no \"%s\": %s", keys[i], out);
  json_decref(o);
  free(out);
  /* render --svg --step K: the step's cell and its reason marked */
  assert_int_equal(tu_cli(&out, NULL, "render", "--svg", "--step", "1", path, NULL), 0);
  assert_non_null(strstr(out, "class=\"focus\""));
  assert_non_null(strstr(out, "class=\"reason-clue\""));
  free(out);
  /* a Star Battle step's legend says what its blue stars and dots are (the
     grid so far, not the solution) */
  char sbpath[1024];
  snprintf(sbpath, sizeof sbpath, "%s/examples/starbattle-7x7.txt", GC_SOURCE_DIR);
  assert_int_equal(tu_cli(&out, NULL, "render", "--svg", "--step", "3", sbpath, NULL), 0);
  assert_non_null(strstr(out, ">touch, not even diagonally. The stars</text>"));
  assert_non_null(strstr(out, ">found so far are in blue; a dot marks a</text>"));
  assert_null(strstr(out, "The solution's"));
  free(out);
  /* every circled clue is drawn on a clue of the reason's side and value:
     steps whose reasons name clues on each of the four sides */
  assert_int_equal(tu_cli(&out, NULL, "steps", "--json", path, NULL), 0);
  o = json_loads(out, 0, NULL);
  free(out);
  json_t *all = json_object_get(o, "steps");
  int sides_seen = 0;
  for (size_t k = 0; k < json_array_size(all) && sides_seen != 15; k++) {
    json_t *reason = json_object_get(json_array_get(all, k), "reason");
    int sides = 0;
    for (size_t i = 0; i < json_array_size(reason); i++) {
      json_t *it = json_array_get(reason, i);
      const char *side = json_string_value(json_object_get(it, "side"));
      if (side)
        sides |= !strcmp(side, "top") ? 1 : !strcmp(side, "bottom") ? 2 : !strcmp(side, "left") ? 4 : 8;
    }
    if (!(sides & ~sides_seen))
      continue;
    sides_seen |= sides;
    char kk[24];
    snprintf(kk, sizeof kk, "%zu", k + 1);
    assert_int_equal(tu_cli(&out, NULL, "render", "--svg", "--step", kk, path, NULL), 0);
    int circles = 0;
    for (const char *c = strstr(out, "class=\"reason-clue\""); c;
         c = strstr(c + 1, "class=\"reason-clue\"")) {
      double cx, cy, best = 1e9;
      assert_int_equal(sscanf(c, "class=\"reason-clue\" cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
      for (const char *t = strstr(out, "<text class=\"clue\""); t; t = strstr(t + 1, "<text class=\"clue\"")) {
        double x, y;
        assert_int_equal(sscanf(t, "<text class=\"clue\" x=\"%lf\" y=\"%lf\"", &x, &y), 2);
        double d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
        if (d < best)
          best = d;
      }
      if (best > 12 * 12) /* the text's baseline sits a little below centre */
        fail_msg("step %s: a circled clue at (%.0f, %.0f) is on no clue", kk, cx, cy);
      circles++;
    }
    assert_true(circles > 0);
    free(out);
  }
  assert_true(sides_seen >= 3);
  json_decref(o);
  char *err;
  assert_int_equal(tu_cli(NULL, &err, "render", "--svg", "--step", "999", path, NULL), 64);
  assert_non_null(strstr(err, "999"));
  free(err);
  /* rate: the label is one of Tatham's Towers levels */
  assert_int_equal(tu_cli(&out, NULL, "rate", "--json", path, NULL), 0);
  o = json_loads(out, 0, NULL);
  const char *label = json_string_value(json_object_get(o, "label"));
  assert_non_null(label);
  assert_true(!strcmp(label, "easy") || !strcmp(label, "hard") ||
              !strcmp(label, "extreme") || !strcmp(label, "unreasonable"));
  assert_non_null(json_object_get(o, "technique"));
  json_decref(o);
  free(out);
  remove(path);
  free(path);
  /* Star Battle: steps decide cells, reasons name counts */
  path = write_temp("starbattle 1\nDDDDD\nCDDEB\nCEEEE\nCCEEA\nCCEAA\n");
  assert_int_equal(tu_cli(&out, NULL, "steps", "--json", path, NULL), 0);
  o = json_loads(out, 0, NULL);
  steps = json_object_get(o, "steps");
  assert_int_equal(json_array_size(steps), 25);
  int counts = 0;
  for (size_t i = 0; i < json_array_size(steps); i++) {
    json_t *st = json_array_get(steps, i);
    assert_true(json_is_boolean(json_object_get(st, "star")));
    json_t *r = json_object_get(st, "reason");
    for (size_t j = 0; j < json_array_size(r); j++) {
      const char *kind = json_string_value(json_object_get(json_array_get(r, j), "kind"));
      counts += !strcmp(kind, "row") || !strcmp(kind, "column") || !strcmp(kind, "region");
    }
  }
  assert_true(counts > 0);
  json_decref(o);
  free(out);
  remove(path);
  free(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_small),
      cmocka_unit_test(test_generated_reasons),
      cmocka_unit_test(test_unproven),
      cmocka_unit_test(test_rotation),
      cmocka_unit_test(test_cli),
      cmocka_unit_test(test_hints),
      cmocka_unit_test(test_tatham_levels),
      cmocka_unit_test(test_generate_levels),
      cmocka_unit_test(test_solves_closure),
      cmocka_unit_test(test_grade_batch),
      cmocka_unit_test(test_one_star_medium),
      cmocka_unit_test(test_corpus_reasons),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
