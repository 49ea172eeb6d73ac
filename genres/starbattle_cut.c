/*
 * starbattle_cut.c: a Star Battle past the wall, its regions cut from a
 * layout of stars (the first of the two ways starbattle_forced.c tries).
 *
 * A random layout S (m stars in every row and column, none touching;
 * sb_layout) is cut into regions one at a time, in the order they will be
 * deduced.  Region k's core is a star of S in no region yet (of SBF_PICK
 * drawn at random, the one nearest the border) and
 * the m - 1 stars reached from it, each by the cheapest way through free
 * cells (a cell already known empty costs 1, any other SBF_DEAR, since it
 * may let another placement in).  A cell is known empty before k when a
 * star of an earlier region touches it, or its row or column holds m
 * stars of earlier regions.  The core's cells not known empty must hold m
 * stars in one way only, with no more stars in a row or column than it
 * has left to take: then once regions 0 to k - 1 are fixed, region k is.
 * Cores need not be shapes that hold their stars alone (as the shapes of
 * starbattle_forced.c must): later cores run through cells their
 * neighbours have emptied, which makes the layout of stars free and the
 * regions less regular.
 *
 * After each core the free cells must still split into pieces whose stars
 * can all be reached (a multiple of m in each); a piece with no star, cut
 * off by the core, joins it when the core still holds its stars in one
 * way.  The last region takes the piece that is left, and then gives back
 * the cells it does without, which the regions grow over (each takes
 * cells known empty before it).  A core not found in SBF_CUT_TRIES tries
 * undoes the one before: a depth-first search with a budget of tries.
 * The last SBF_TAIL cores are not checked (near the end few choices are
 * left and the check refuses most): starbattle_tail.c changes the last
 * regions until they let in no other solution, the solver then confirms
 * the puzzle, and when it finds another solution the search goes on from
 * there.
 *
 * With 6 stars or more (f->mend, from SBF_MEND_FROM), a core whose cells
 * not known empty hold its stars in another way too is cut again from the
 * same first star, with a cell of that other way (not a star of the
 * layout, drawn at random) barred while the try lasts, up to SBF_MEND
 * times.  Measured (benchmarks/RESULTS.md, seeds 1 to 6, 45 s allowed):
 * with 6 to 8 stars 23 of 48 sizes and seeds made against 20, among them
 * 37x37 with 6 stars twice, which nothing made before in 45 s; with 4 or
 * 5 stars 18 of 28 against 25 (the barred cells, left free, end up in the
 * last regions and let other solutions in), so it is off below 6 stars.
 *
 * Why the border first: a star near the border has fewer neighbours, so
 * fewer of them are emptied by other stars, and left to the end such
 * stars keep other places one cell away, whose shifts chain through the
 * rows and columns into whole other solutions of the tail.  At 33x33 with
 * 6 stars, seed 1, the last two regions of a random order let in 19 of
 * them, each moving all 12 stars of the tail, 20 cuts in a row, and the
 * build before made nothing in 15 minutes; with the border first the
 * first cut's tail had 15, none of them with m stars in each last region,
 * and the puzzle came out in 6 s.
 *
 * Measured (benchmarks/RESULTS.md, seeds 1 and 2, 45 s allowed): 22 of 30
 * sizes and seeds past the wall made (13 before the border first and the
 * tail's search), among them 38x38 with 5 stars, 33x33 with 6 and 32x32
 * with 7, which nothing made before; 23x23 with 4 stars in 0.5 s, 26x26
 * to 34x34 with 5 in 1 to 15 s.  Not made in time then: 37x37 with 6
 * (since mending, seeds 1 and 2 in 16 and 22 s) and 40x40 with 7 or 8.
 */
#include <limits.h>
#include <string.h>

#include "starbattle_forced.h"

/* Cost of a step through a cell not known empty; tries of a core before
   the one before it is undone; tries of a cut (times n); tries between
   looks at the stop; stars drawn for the first of a core; cells barred in
   one try of a core at most (mending). */
enum {
  SBF_DEAR = 2,
  SBF_CUT_TRIES = 40,
  SBF_CUT_BUDGET = 100,
  SBF_CUT_POLL = 8,
  SBF_PICK = 8,
  SBF_MEND = 4
};

/* packings, with at most cap[r] stars in row r and cap[n + c] in column
   c (use: the counts so far, zero at the start); the first packing with a
   cell not a star of the layout into alt (alt[0] < 0 before). */
static int packings_capped(const sbf_shape *s, int m, int i, int *pick,
                           int have, int n, const int *cap, int *use,
                           const int *star, int *alt) {
  if (have == m) {
    int other = 0;
    for (int j = 0; j < m; j++)
      other |= !star[s->r[pick[j]] * n + s->c[pick[j]]];
    if (other && alt[0] < 0)
      memcpy(alt, pick, (size_t)m * sizeof *alt);
    return 1;
  }
  if (s->k - i < m - have)
    return 0;
  int r = s->r[i], c = s->c[i];
  int ok = use[r] < cap[r] && use[n + c] < cap[n + c], got = 0;
  for (int j = 0; j < have && ok; j++)
    ok = sbf_cheb(r, c, s->r[pick[j]], s->c[pick[j]]) > 1;
  if (ok) {
    pick[have] = i;
    use[r]++, use[n + c]++;
    got = packings_capped(s, m, i + 1, pick, have + 1, n, cap, use, star, alt);
    use[r]--, use[n + c]--;
  }
  if (got < 2)
    got += packings_capped(s, m, i + 1, pick, have, n, cap, use, star, alt);
  return got;
}

/* Heap of keys (cost << 10 | a random tie-break) << 11 | cell. */
static void heap_push(long long *h, int *nh, long long key) {
  int i = (*nh)++;
  while (i > 0 && h[(i - 1) / 2] > key)
    h[i] = h[(i - 1) / 2], i = (i - 1) / 2;
  h[i] = key;
}

static long long heap_pop(long long *h, int *nh) {
  long long top = h[0], last = h[--*nh];
  int i = 0;
  for (;;) {
    int c = 2 * i + 1;
    if (c >= *nh)
      break;
    if (c + 1 < *nh && h[c + 1] < h[c])
      c++;
    if (h[c] >= last)
      break;
    h[i] = h[c], i = c;
  }
  if (*nh)
    h[i] = last;
  return top;
}

/* The cheapest way from the cells of core k to a star in no core yet,
   through free cells without a star: a cell known empty before k costs 1,
   any other SBF_DEAR (it may let other packings in).  The way and the star
   join core k; 1 found, 0 none. */
static int reach(sbf *f, int k, long long *heap) {
  int n = f->n, nn = f->nn, nh = 0, *cost = f->queue, *prev = f->prev;
  for (int x = 0; x < nn; x++) {
    cost[x] = INT_MAX, prev[x] = -1;
    if (f->core[x] == k) {
      cost[x] = 0;
      heap_push(heap, &nh, (long long)gc_rng_below(f->rng, 1024) << 11 | x);
    }
  }
  while (nh) {
    long long key = heap_pop(heap, &nh);
    int x = (int)(key & 2047), d = (int)(key >> 21);
    if (d > cost[x])
      continue;
    if (f->star[x] && f->core[x] < 0) {
      for (int y = x; f->core[y] != k; y = prev[y])
        f->core[y] = k;
      return 1;
    }
    for (int j = 0; j < 4; j++) {
      int r2 = x / n + sbf_dr[j], c2 = x % n + sbf_dc[j], y = r2 * n + c2;
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || f->core[y] >= 0 ||
          f->region[y] != -1)
        continue;
      int dd = d + (f->star[y] ? 0 : f->known[y] < k ? 1 : SBF_DEAR);
      if (dd < cost[y]) {
        cost[y] = dd, prev[y] = x;
        heap_push(heap, &nh,
                  ((long long)dd << 10 | gc_rng_below(f->rng, 1024)) << 11 | y);
      }
    }
  }
  return 0;
}

/* Do the cells in no region still split into pieces each holding a
   multiple of m stars?  (Else some star could not be reached.)  A piece
   without stars, which no core to come can reach, joins region k, which
   must then still hold its stars in one way only. */
static int splits_well(sbf *f, int k) {
  int n = f->n, nn = f->nn, *q = f->queue, *seen = f->prev, took = 0;
  for (int x = 0; x < nn; x++)
    seen[x] = f->region[x] >= 0;
  for (int x = 0; x < nn; x++) {
    if (seen[x])
      continue;
    int nq = 0, stars = 0;
    q[nq++] = x, seen[x] = 1;
    for (int at = 0; at < nq; at++) {
      int y = q[at];
      stars += f->star[y];
      for (int d = 0; d < 4; d++) {
        int r2 = y / n + sbf_dr[d], c2 = y % n + sbf_dc[d], z = r2 * n + c2;
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && !seen[z])
          seen[z] = 1, q[nq++] = z;
      }
    }
    if (stars % f->m)
      return 0;
    if (!stars) { /* it touches region k: k cut it off */
      for (int at = 0; at < nq; at++)
        f->region[q[at]] = f->core[q[at]] = k;
      took = 1;
    }
  }
  return !took || k >= f->n - SBF_TAIL || sbf_packs(f, k, -1);
}

/* The piece of cells in no region that holds star x, into core k. */
static void take_piece(sbf *f, int k, int x) {
  int n = f->n, *q = f->queue, nq = 0;
  q[nq++] = x, f->core[x] = k;
  for (int at = 0; at < nq; at++) {
    int y = q[at];
    for (int d = 0; d < 4; d++) {
      int r2 = y / n + sbf_dr[d], c2 = y % n + sbf_dc[d], z = r2 * n + c2;
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && f->region[z] < 0 &&
          f->core[z] < 0)
        f->core[z] = k, q[nq++] = z;
    }
  }
}

/* Region k's cells known empty before k that it does without: one at a
   time in a random order, each that leaves the rest joined
   (sb_moving_set takes nothing more with it).  Its stars and its other
   cells stay (they are the ones that fix its stars). */
static void thin(sbf *f, int k) {
  int nn = f->nn, *cand = f->best, nc = 0;
  for (int x = 0; x < nn; x++)
    if (f->region[x] == k && !f->star[x] && f->known[x] < k)
      cand[nc++] = x;
  gc_rng_shuffle(f->rng, cand, (size_t)nc);
  for (int i = 0; i < nc; i++) {
    f->g->cells[0] = cand[i];
    if (sb_moving_set(f->g, k, f->g->cells, 1) == 1)
      f->region[cand[i]] = f->core[cand[i]] = -1;
  }
}

/* Undoes core k: its cells free again, its stars off the counts, and the
   cells known empty as they were before it (saved). */
static void uncut(sbf *f, int k, int *rowleft, int *colleft, const int *saved) {
  for (int x = 0; x < f->nn; x++)
    if (f->core[x] == k) {
      f->core[x] = f->region[x] = -1;
      if (f->star[x])
        rowleft[x / f->n]++, colleft[x % f->n]++;
    }
  memcpy(f->known, saved, (size_t)f->nn * sizeof *saved);
}

/* One try at core k: 1 placed (its stars counted in rowleft and colleft,
   the cells they make known empty set), 0 not (and partly placed). */
static int cut_one(sbf *f, int k, long long *heap, int *rowleft, int *colleft) {
  int n = f->n, m = f->m, nn = f->nn, *stars = f->best, ns = 0;
  int pick[SB_MAX_M];
  for (int x = 0; x < nn; x++)
    if (f->star[x] && f->core[x] < 0)
      stars[ns++] = x;
  /* the first star: of SBF_PICK drawn, the one nearest the border */
  int x0 = -1, found = 1;
  for (int i = 0, near = n; i < SBF_PICK; i++) {
    int x = stars[gc_rng_below(f->rng, ns)], r = x / n, c = x % n;
    int e = r < n - 1 - r ? r : n - 1 - r;
    e = c < e ? c : e;
    e = n - 1 - c < e ? n - 1 - c : e;
    if (e < near)
      near = e, x0 = x;
  }
  /* mending (f->mend): a core whose cells hold its stars in another way
     too is cut again from the same first star without a cell of that way
     (marked -2 in region while the try lasts), up to SBF_MEND times */
  int barred[SBF_MEND], nbarred = 0;
  for (;;) {
    if (k == n - 1)
      take_piece(f, k, x0);
    else
      f->core[x0] = k;
    found = 1;
    for (int j = 1; j < m && found && k < n - 1; j++)
      found = reach(f, k, heap);
    /* the cells not known empty: m stars in one way only, with no more in
       a row or column than it has left to take (the last cores are left
       to the solver) */
    if (!found || k >= n - SBF_TAIL)
      break;
    sbf_shape s;
    s.k = s.ks = 0;
    for (int x = 0; x < nn && found; x++)
      if (f->core[x] == k && f->known[x] >= k) {
        if (s.k == SBF_CELLS)
          found = 0;
        else
          s.r[s.k] = (signed char)(x / n), s.c[s.k++] = (signed char)(x % n);
      }
    int cap[2 * SB_MAX_N], use[2 * SB_MAX_N] = {0}, alt[SB_MAX_M] = {-1};
    for (int i = 0; i < n; i++)
      cap[i] = rowleft[i], cap[n + i] = colleft[i];
    if (!found ||
        packings_capped(&s, m, 0, pick, 0, n, cap, use, f->star, alt) == 1)
      break;
    found = 0;
    if (!f->mend || nbarred == SBF_MEND || alt[0] < 0 || f->budget-- <= 0)
      break;
    int other[SB_MAX_M], no = 0;
    for (int j = 0; j < m; j++) {
      int y = s.r[alt[j]] * n + s.c[alt[j]];
      if (!f->star[y])
        other[no++] = y;
    }
    int y = other[gc_rng_below(f->rng, no)];
    f->region[y] = -2, barred[nbarred++] = y;
    for (int x = 0; x < nn; x++)
      if (f->core[x] == k)
        f->core[x] = -1;
  }
  for (int i = 0; i < nbarred; i++)
    f->region[barred[i]] = -1;
  f->mends += found && nbarred;
  for (int x = 0; x < nn; x++) {
    if (f->core[x] != k)
      continue;
    f->region[x] = k;
    if (!f->star[x])
      continue;
    int r = x / n, c = x % n;
    rowleft[r]--, colleft[c]--;
    for (int a = -1; a <= 1 && found; a++)
      for (int b = -1; b <= 1; b++) {
        int r2 = r + a, c2 = c + b, y = r2 * n + c2;
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && !f->star[y] &&
            f->known[y] > k)
          f->known[y] = k;
      }
  }
  if (!found)
    return 0;
  for (int x = 0; x < nn; x++)
    if (!f->star[x] && f->known[x] > k && (!rowleft[x / n] || !colleft[x % n]))
      f->known[x] = k;
  return k == n - 1 || splits_well(f, k);
}

/* Regions in an order made as they are cut from the layout f->star:
   region k's core is a random star in no region yet and the m - 1 stars
   reached from it (reach; the last region takes the whole piece of cells
   its stars are in), and its cells not known empty before k must hold m
   stars in one way only.  Then its stars make cells known empty, and the
   cells left must still split into pieces the stars left can fill
   (splits_well).  A core not found in SBF_CUT_TRIES tries undoes the one
   before (a search, within a budget of tries).  See starbattle_forced.h.
*/
int sbf_cut(sbf *f, long long *heap, int *saved, int resume) {
  int n = f->n, m = f->m, nn = f->nn, k = n - 1;
  int *rowleft = f->rowleft, *colleft = f->colleft, *tries = f->tries;
  int most = SBF_CUT_TRIES;
  if (resume) { /* the regions as cut, and a search on from the core
                   before the last (the last has no choice) */
    for (int x = 0; x < nn; x++)
      f->region[x] = f->core[x];
    tries[k] = most;
  } else {
    for (int x = 0; x < nn; x++)
      f->core[x] = f->region[x] = -1, f->known[x] = nn;
    for (int i = 0; i < n; i++)
      rowleft[i] = colleft[i] = m, tries[i] = 0;
    memcpy(saved, f->known, (size_t)nn * sizeof *saved);
    f->budget = (long)SBF_CUT_BUDGET * n;
    k = 0;
  }
  for (long done = 0; k < n; done++) {
    if (f->budget-- <= 0)
      return 0;
    if (done % SBF_CUT_POLL == 0 && f->gx->stopped(f->gx->arg))
      return -1;
    if (tries[k] == most) { /* back to the core before */
      tries[k] = 0;
      uncut(f, k, rowleft, colleft, saved + (size_t)k * nn);
      if (k-- == 0)
        return 0;
    }
    uncut(f, k, rowleft, colleft, saved + (size_t)k * nn);
    tries[k]++;
    if (cut_one(f, k, heap, rowleft, colleft) && ++k < n) {
      memcpy(saved + (size_t)k * nn, f->known, (size_t)nn * sizeof *saved);
      tries[k] = 0;
    }
  }
  thin(f, n - 1);
  return 1;
}
