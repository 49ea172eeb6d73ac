/*
 * starbattle_gen.c: Star Battle generation (the genre's generate member).
 * An attempt has four steps, each of which ends:
 *
 * 1. A random star layout S (m per row and column, none touching), row by
 *    row: a random placement of the row is kept when the solver says that
 *    the rows so far still extend to a whole layout (one incremental
 *    solver on the puzzle whose regions are the rows, the rows placed as
 *    assumptions); after a few refused placements the row is taken from
 *    the last model, which extends the rows above.  No backtracking, and
 *    the solver's first answer says when no layout exists at all.
 * 2. Regions around S: n groups of m stars, each a random star and then
 *    the star nearest to the group by a shortest way through free cells,
 *    joined by that way (a thin core); then a random number of the
 *    regions, from one to half of them, grow over the rest of the grid,
 *    the others only into pockets the growing ones cannot reach.  Tight
 *    regions leave their stars few places, so the puzzle starts with few
 *    solutions; the share of growing regions varies how hard it is.  With
 *    one star a core is a single cell: every region first grows to four
 *    cells, and up to 14x14 more of them grow on (sb_grow).
 * 3. Prune (starbattle_fill.c): while the solver finds another solution
 *    T, a cell where T has a star and S none leaves its region (becomes a
 *    hole), which breaks T; the puzzle with its holes is then unique.
 *    With more than n holes the attempt ends there: the more holes, the
 *    more of them dead (below), and the fill seldom takes that many (25x25
 *    with 5 stars, 690 attempts: 3 of the 460 with 20 holes or more were
 *    filled, 33 of the 230 with fewer).  Measured: 15 puzzles of 25x25
 *    with 5 stars in 184 s instead of 362 (median 7.1 s instead of 13.9,
 *    worst 40 s instead of 83); 12 of 20x20 with 4 stars in 11 s instead
 *    of 23; 4 of 32x32 with 7 stars in 292 s, where 400 s made 3; the
 *    sizes whose prune leaves few holes as before.  A limit of 4n/5 did
 *    about as well at 25x25 and worse at 20x20.
 *    Holes that no region next to them can take alone ("dead": each such
 *    join lets in a solution with a star on the hole, for good) are
 *    counted (starbattle_dead.c, one incremental solver for every
 *    question); with more than SB_DEAD_MOST the attempt ends here, since
 *    the fill then only wanders (25x25 with 5 stars, 36 attempts: the two
 *    that were filled had 2 dead holes, every one of the 34 with 3 to 30
 *    failed and took 94 % of the fill's solver calls; with the fill's
 *    incremental checks, a limit of 6 made 4 of 6 seeds of 30x30 with 6
 *    stars within 150 s where 3 made 3, but the first fifteen of 25x25
 *    with 5 stars took 263 s instead of 187).
 * 4. Fill (starbattle_fill.c): the holes join regions, a batch of nearby
 *    holes at a time, by a search guided by the other solutions each
 *    filling allows, keeping the puzzle unique.
 *
 * A grid much wider than its stars need (30x30 with 3 stars, 40x40 with
 * 2; with one star past 14x14) is not made whole but of dense puzzles on
 * its diagonal, each made as above (starbattle_blocks.c, sb_block_count).
 * A grid made whole past the wall (sb_slow_from) is first built unique by
 * construction (starbattle_forced.c), and made as above only when that
 * finds no layout.
 *
 * Every cell that changes region holds no star of S, and no region is cut
 * in two, so S stays a solution.  An attempt has a budget of solver calls
 * that grows along the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) times a
 * base, so that an attempt that wanders (a layout whose regions converge
 * slowly) gives way to a fresh one while the longer budgets still come;
 * the budget counts calls, not time, so the same seed and index give the
 * same puzzle on any machine.  Each attempt has its own random stream, so
 * several can run at once (starbattle_attempts.c).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"

/* Placements tried per row, core searches per attempt, and the dead holes
   an attempt may take into the fill. */
enum {
  SB_ROW_TRIES = 4,
  SB_CORE_TRIES = 20,
  SB_DEAD_MOST = 3,
  SB_ONE_STAR_MIN = 4,
  SB_ONE_STAR_MORE = 14
};

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

int sb_gen_solve(sb_gen *g, void *h, const int *assume, size_t n) {
  if (g->calls >= g->budget ||
      (g->ended && atomic_load(g->ended) < g->attempt)) {
    g->over = 1;
    return 0;
  }
  g->calls++;
  return g->gx->solve(h, assume, n);
}

int sb_moving_set(sb_gen *g, int a, int *set, int k) {
  int n = g->n, nn = g->nn;
  int *queue = g->queue, *mark = g->mark; /* mark: piece number, -1 set */
  for (int x = 0; x < nn; x++)
    mark[x] = 0;
  for (int i = 0; i < k; i++)
    mark[set[i]] = -1;
  int pieces = 0, starred = 0, keep = 0;
  for (int x0 = 0; x0 < nn; x0++) {
    if (g->region[x0] != a || mark[x0])
      continue;
    int head = 0, tail = 0, stars = 0;
    queue[tail++] = x0;
    mark[x0] = ++pieces;
    while (head < tail) {
      int x = queue[head++];
      stars += g->star[x];
      for (int e = 0; e < 4; e++) {
        int r3 = x / n + dr[e], c3 = x % n + dc[e], y = r3 * n + c3;
        if (r3 < 0 || r3 >= n || c3 < 0 || c3 >= n || mark[y] ||
            g->region[y] != a)
          continue;
        mark[y] = pieces;
        queue[tail++] = y;
      }
    }
    if (stars) {
      starred++;
      keep = pieces;
    }
  }
  if (starred != 1)
    return 0;
  for (int x = 0; x < nn; x++)
    if (mark[x] > 0 && mark[x] != keep)
      set[k++] = x;
  return k;
}

/*------------------------------------------------------------------------*/
/* 1. The layout. */

/* A random placement of row r into cols (m columns, none adjacent, none
   touching a star of row r - 1, no column over m, and every column that
   must take a star now to still reach m does).  1 found, 0 none within a
   small budget. */
static int random_row(sb_gen *g, int r, const int *colcnt, int *cols) {
  int n = g->n, m = g->m, rows_left = n - r - 1;
  int cand[SB_MAX_N], nc = 0, must = 0, need[SB_MAX_N];
  for (int c = 0; c < n; c++) {
    need[c] = m - colcnt[c] > (rows_left + 1) / 2; /* must take one now */
    int ok = colcnt[c] < m;
    for (int d = -1; ok && r > 0 && d <= 1; d++)
      ok = !(c + d >= 0 && c + d < n && g->star[(r - 1) * n + c + d]);
    if (ok)
      cand[nc++] = c;
    else if (need[c])
      return 0;
    must += need[c];
  }
  gc_rng_shuffle(g->rng, cand, (size_t)nc);
  /* depth-first over the shuffled candidates: pick[i] = index in cand */
  int pick[SB_MAX_M + 1], k = 0, i = 0, budget = 64 * n;
  while (budget-- > 0) {
    if (k == m) {
      int got = 0;
      for (int j = 0; j < m; j++)
        got += need[cand[pick[j]]];
      if (got == must) {
        for (int j = 0; j < m; j++)
          cols[j] = cand[pick[j]];
        return 1;
      }
    } else {
      for (; i < nc; i++) {
        int c = cand[i], ok = 1;
        for (int j = 0; j < k && ok; j++)
          ok = abs(cand[pick[j]] - c) > 1;
        if (ok)
          break;
      }
      if (i < nc) {
        pick[k++] = i++;
        continue;
      }
    }
    if (k == 0)
      return 0;
    i = pick[--k] + 1; /* the next candidate in place of the last pick */
  }
  return 0;
}

/* S into g->star (see starbattle.h). */
int sb_layout(sb_gen *g, const gc_puzzle *pz, gc_error *err) {
  int n = g->n, m = g->m, nn = g->nn;
  /* the puzzle whose regions are the rows: its solutions are the layouts */
  gc_puzzle rows;
  memset(&rows, 0, sizeof rows);
  rows.genre = pz->genre;
  rows.line = 1;
  if (sb_alloc(&rows, n, m, err))
    return -1;
  sb *s = rows.data;
  for (int i = 0; i < nn; i++)
    s->region[i] = i / n;
  int *assume = malloc((size_t)nn * sizeof *assume);
  gc_grid model = {0, NULL};
  void *h = assume ? g->gx->open(g->gx->arg, &rows, err) : NULL;
  int rc = -1;
  if (!h) {
    if (!assume)
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    rc = err->code ? -1 : 1;
    goto done;
  }
  int r = g->gx->solve(h, NULL, 0);
  if (r == 20) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "no %d x %d grid holds %d star%s in every row and column "
                 "without two touching",
                 n, n, m, sb_plural(m));
    goto done;
  }
  if (r != 10) {
    rc = 1;
    goto done;
  }
  if (g->gx->model(h, &model, err))
    goto done;
  int colcnt[SB_MAX_N] = {0};
  memset(g->star, 0, (size_t)nn * sizeof *g->star);
  for (int row = 0; row < n; row++) {
    int *lits = assume + row * n, cols[SB_MAX_M], kept = 0;
    for (int t = 0; t < SB_ROW_TRIES && !kept; t++) {
      if (!random_row(g, row, colcnt, cols))
        break;
      for (int c = 0; c < n; c++)
        lits[c] = -(1 + row * n + c);
      for (int j = 0; j < m; j++)
        lits[cols[j]] = 1 + row * n + cols[j];
      r = g->gx->solve(h, assume, (size_t)(row + 1) * n);
      if (r == 0) {
        rc = 1;
        goto done;
      }
      if (r == 10) {
        gc_grid_free(&model);
        if (g->gx->model(h, &model, err))
          goto done;
        kept = 1;
      }
    }
    /* the model extends the rows above: its row (the placement kept is
       its row too) */
    for (int c = 0; c < n; c++) {
      int on = model.cell[row * n + c] != 0;
      lits[c] = on ? 1 + row * n + c : -(1 + row * n + c);
      g->star[row * n + c] = on;
      colcnt[c] += on;
    }
  }
  rc = 0;
done:
  if (h)
    g->gx->close(h);
  gc_grid_free(&model);
  free(assume);
  free(rows.data);
  return rc;
}

/*------------------------------------------------------------------------*/
/* 2. Regions around the layout. */

/* Thin cores: a random star, then the star nearest to the group by a
   shortest way through cells no core has taken (neighbours in a random
   order), joined by that way, until the group has m; n groups.  0, or 2
   when a group found no way. */
static int sb_cores(sb_gen *g) {
  int n = g->n, m = g->m, nn = g->nn;
  int *from = g->mark, *queue = g->queue, *stars = g->cells, ns = 0;
  for (int c = 0; c < nn; c++) {
    g->region[c] = -1;
    if (g->star[c])
      stars[ns++] = c;
  }
  gc_rng_shuffle(g->rng, stars, (size_t)ns);
  int si = 0;
  for (int gid = 0; gid < n; gid++) {
    while (g->region[stars[si]] >= 0)
      si++;
    g->region[stars[si]] = gid;
    for (int k = 1; k < m; k++) {
      int head = 0, tail = 0, found = -1;
      for (int c = 0; c < nn; c++) {
        from[c] = -2;
        if (g->region[c] == gid) {
          from[c] = -1;
          queue[tail++] = c;
        }
      }
      while (head < tail && found < 0) {
        int c = queue[head++], dirs[4] = {0, 1, 2, 3};
        gc_rng_shuffle(g->rng, dirs, 4);
        for (int j = 0; j < 4 && found < 0; j++) {
          int d = dirs[j], r2 = c / n + dr[d], c2 = c % n + dc[d];
          int x = r2 * n + c2;
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || from[x] != -2 ||
              g->region[x] >= 0)
            continue;
          from[x] = c;
          if (g->star[x])
            found = x;
          else
            queue[tail++] = x;
        }
      }
      if (found < 0)
        return 2;
      for (int c = found; c >= 0 && g->region[c] < 0; c = from[c])
        g->region[c] = gid;
    }
  }
  return 0;
}

/* A random free cell next to region b into b; 0 when b touches none. */
static int grow_one(sb_gen *g, int b) {
  int n = g->n, k = 0, *next = g->cells;
  for (int c = 0; c < g->nn; c++) {
    if (g->region[c] >= 0)
      continue;
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + dr[d], c2 = c % n + dc[d];
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
          g->region[r2 * n + c2] == b) {
        next[k++] = c;
        break;
      }
    }
  }
  if (k)
    g->region[next[gc_rng_below(g->rng, k)]] = b;
  return k > 0;
}

/* The regions grow from their cores over the whole grid: a random number
   of them (one to half) grow, a random cell next to a region chosen at
   random among those at a time; the others only into the pockets that no
   growing region reaches.  With one star, whose cores are single cells,
   every region first grows to SB_ONE_STAR_MIN cells where it can, one cell
   a region at a time, and up to SB_ONE_STAR_MORE rows half to three
   quarters of them grow on: else most regions stay single cells around
   one of half the grid, which no setter makes.  Measured on seed 3, per
   puzzle: single-cell regions, the largest region's share of the grid,
   the share graded hard or expert, median time:
     8x8    5.6, 48 %, 0 %, 1 ms   now 0.6, 31 %, 25 %, 6 ms
            (Star Battle Lab's 8x8 puzzles: 0.5, 23 %)
     12x12  8.1, 34 %, 3 %, 10 ms  now 1.1, 26 %, 33 %, 80 ms
     14x14                         now 0.9, 26 %, 37 %, 0.36 s
   Bigger one-star grids are made of blocks of at most 10 lines
   (starbattle_blocks.c): grown this way whole they take long (16x16:
   2.2 s, 20x20: 50 s), and with only one to half of the regions growing
   on, one region took most of the grid (20x20: 81 %). */
static void sb_grow(sb_gen *g) {
  int n = g->n, nn = g->nn;
  char grows[SB_MAX_N] = {0};
  int most = n / 2 > 1 ? n / 2 : 1;
  for (int size = 1; g->m == 1 && size < SB_ONE_STAR_MIN; size++) {
    int order[SB_MAX_N];
    for (int b = 0; b < n; b++)
      order[b] = b;
    gc_rng_shuffle(g->rng, order, (size_t)n);
    for (int i = 0; i < n; i++)
      grow_one(g, order[i]);
  }
  int want = g->m == 1 && n <= SB_ONE_STAR_MORE
                 ? n / 2 + gc_rng_below(g->rng, n / 4 + 1)
                 : 1 + gc_rng_below(g->rng, most);
  /* Easy asked for (with several stars): one region grows.  14x14 with 3 stars,
     seed 5, 100 puzzles: 3 easy against none with the usual one to half, and
     seeds 1 to 5 made an easy one in 1, 43, 194, 23 and 152 tries, where seeds
     1 to 3 took 316, 1408 and 792.  The grade is then checked as always
     (solver-glue/generate.c).  Expert needs no such help there (about a fifth
     grade so); all regions growing made 28 of 30 expert at 14x14 but nothing in
     minutes at 20x20 with 4 stars. */
  if (g->m > 1 && g->gx->level == SB_LEVEL_EASY)
    want = 1;
  for (int k = 0; k < want; k++)
    grows[gc_rng_below(g->rng, n)] = 1;
  for (;;) {
    /* the regions next to a hole, and of those the ones that grow */
    char touch[SB_MAX_N] = {0};
    int any = 0, growing = 0;
    for (int c = 0; c < nn; c++) {
      if (g->region[c] < 0)
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
            g->region[r2 * n + c2] < 0) {
          touch[g->region[c]] = 1;
          break;
        }
      }
    }
    for (int b = 0; b < n; b++) {
      any += touch[b];
      growing += touch[b] && grows[b];
    }
    if (!any)
      return;
    int pick = gc_rng_below(g->rng, growing ? growing : any), b = 0;
    for (; b < n; b++)
      if (touch[b] && (grows[b] || !growing) && pick-- == 0)
        break;
    grow_one(g, b);
  }
}

/*------------------------------------------------------------------------*/

int sb_attempt(sb_gen *g, gc_puzzle *pz, int *lits, gc_error *err) {
  int rc = sb_layout(g, pz, err);
  if (rc)
    return rc;
  rc = 2;
  for (int t = 0; t < SB_CORE_TRIES && rc == 2; t++)
    rc = sb_cores(g);
  if (rc)
    return rc;
  sb_grow(g);
  memset(g->pruned, 0, (size_t)g->nn * sizeof *g->pruned);
  rc = sb_prune(g, pz, lits, err);
  if (rc != 0 && rc != 3)
    return rc;
  int holes = 0;
  for (int c = 0; c < g->nn; c++)
    holes += g->region[c] < 0;
  if (holes) { /* the prune left holes: can the fill take them? */
    int dead = sb_dead_holes(g, lits, SB_DEAD_MOST, err);
    if (dead < 0)
      return dead == -1 ? -1 : 1;
    if (dead > SB_DEAD_MOST)
      return 2; /* a fresh attempt */
  }
  return sb_fill(g, lits, err);
}

/* Grids made whole that may take minutes or more.  For each star count,
   the first side where a seed took most of a minute or made nothing in
   two (seeds 9, 1 and 2, one puzzle each; benchmarks/RESULTS.md):
     3 stars  20x20 2 and 8 s; 22x22 0.9 and 87 s
     4 stars  22x22 11 and 25 s; 23x23 29 and 50 s, 24x24 76 s, 26x26
              480 s, 30x30 1086 s
     5 stars  25x25 7 and 12 s; 26x26 5 s and none in 140 s, 27x27 17 s
              and none
     6 stars  28x28 1.7 to 3.5 s; 29x29 52 s and none in 140 s
     7 stars  31x31 3.9 to 14 s; 32x32 73 s, 33x33 30 s to none
     8 stars  35x35 4 to 14 s; 36x36 16 to 77 s, 38x38 none in 150 s
   So the wall comes at fewer lines a star as the grid grows (5.4 at
   27x27, 4.5 at 36x36).  From these sides on grids are built by
   construction first (starbattle_forced.c), which takes seconds to a
   minute or two where it finds a layout; the note that a grid may take
   minutes now follows its times (sb_note_from below).  One or two stars never reach it: grids of
   8m lines or more are made of blocks (sb_block_count), which take
   seconds. */
static const int sb_slow_from[SB_MAX_M + 1] = {0, 0, 0, 22, 23, 26, 29, 32, 36};

/* Where the note that a grid may take minutes is due, now that grids past
   the wall are built (starbattle_forced.c): for each star count, the
   first side where a seed took most of a minute or made nothing in 45 s,
   or the first not measured after the last side every seed made in
   seconds (seeds 1 to 4, one puzzle each, two at a time on two cores;
   benchmarks/RESULTS.md):
     3 stars  22x22 1.1 and 0.06 s, 23x23 0.5 and 0.06 s: none
     4 stars  23x23 to 31x31 within 20 s, every seed: none
     5 stars  30x30 3 to 5 s; 32x32 37 s, 5 s, none and 17 s
     6 stars  29x29 3 to 5 s; 31x31 none, 13 s, none and 22 s
     7 stars  32x32 5 to 11 s; 34x34 32 s, none, 10 s and none
     8 stars  35x35 4 to 14 s; 36x36 31 and 38 s
   Which way a grid is made stays with sb_slow_from. */
static const int sb_note_from[SB_MAX_M + 1] = {0, 0, 0, 0, 0, 31, 30, 33, 36};

int sb_generate_slow(const gc_gen_params *p) {
  int n = p->n, m = p->stars ? p->stars : 1;
  if (m < 2 || n < 4 * m || n > SB_MAX_N || m > SB_MAX_M ||
      sb_block_count(n, m) > 1 || !sb_note_from[m])
    return 0;
  return n >= sb_note_from[m];
}

int sb_generate(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
                gc_error *err) {
  int n = p->n, m = p->stars ? p->stars : 1;
  if (n < 1 || n > SB_MAX_N || m < 1 || m > SB_MAX_M || m > n) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "starbattle grids go from 1 to %d with 1 to %d stars (at most "
                 "the side), not %d x %d with %d",
                 SB_MAX_N, SB_MAX_M, n, n, m);
    return -1;
  }
  if (p->box_rows || p->box_cols) {
    gc_error_set(err, GC_E_RANGE, 0, 0, "starbattle has no boxes");
    return -1;
  }
  size_t nn = (size_t)n * (size_t)n;
  if (sb_alloc(pz, n, m, err) || gc_grid_init(&pz->known, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  sb *s = pz->data;
  int blocks = sb_block_count(n, m), rc = 2;
  if (blocks > 1)
    rc = sb_compose(pz, p, gx, blocks, err);
  else if (m <= SB_MAX_M && sb_slow_from[m] && n >= sb_slow_from[m]) {
    rc = sb_forced(pz, n, m, gx, err); /* past the wall */
    if (rc == 2)
      rc = sb_whole(pz, n, m, gx, err);
  } else
    rc = sb_whole(pz, n, m, gx, err);
  if (rc == 0) {
    /* regions named in reading order (A holds the first cell), so that
       the same map is always the same text and record */
    int name[SB_MAX_N];
    for (int b = 0; b < n; b++)
      name[b] = -1;
    for (int c = 0, next = 0; c < (int)nn; c++) {
      if (name[s->region[c]] < 0)
        name[s->region[c]] = next++;
      s->region[c] = name[s->region[c]];
    }
  }
  return rc;
}
