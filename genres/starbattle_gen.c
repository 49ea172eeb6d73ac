/*
 * starbattle_gen.c: Star Battle generation (the genre's generate member):
 * a random star layout (m per row and column, none touching),
   the stars gathered into n groups of m nearby ones, each group joined by
   shortest paths into a region and the regions grown at random over the
   rest; then, while the solver finds a second solution, a cell where it
   has a star (and the layout has none) moves to a neighbouring region,
   which breaks that solution's counts and keeps the layout's (the cell
   holds no star of it) and every region connected.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"

typedef struct sb_gen {
  gc_rng *rng;
  int n, m;
  int *star;             /* n * n, 0/1 */
  int colcnt[SB_MAX_N];
  long nodes, budget;
} sb_gen;

/* Places the stars of row r from column `from` on, k still to place.
   1 done, 0 dead end, -1 over budget. */
static int sb_place(sb_gen *g, int r, int k, int from) {
  int n = g->n, m = g->m;
  if (++g->nodes > g->budget)
    return -1;
  if (k == 0) {
    int rows_left = n - r - 1;
    for (int c = 0; c < n; c++)
      if (m - g->colcnt[c] > (rows_left + 1) / 2)
        return 0; /* a column can no longer get its stars */
    return r + 1 == n ? 1 : sb_place(g, r + 1, m, 0);
  }
  int cand[SB_MAX_N], nc = 0;
  for (int c = from; c + 2 * (k - 1) < n; c++) {
    if (g->colcnt[c] >= m)
      continue;
    int touch = 0;
    for (int d = -1; r > 0 && d <= 1; d++)
      touch |= c + d >= 0 && c + d < n && g->star[(r - 1) * n + c + d];
    if (!touch)
      cand[nc++] = c;
  }
  gc_rng_shuffle(g->rng, cand, (size_t)nc);
  for (int i = 0; i < nc; i++) {
    int c = cand[i];
    g->star[r * n + c] = 1;
    g->colcnt[c]++;
    int res = sb_place(g, r, k - 1, c + 2);
    if (res)
      return res;
    g->star[r * n + c] = 0;
    g->colcnt[c]--;
  }
  return 0;
}

static int manhattan(int n, int a, int b) {
  return abs(a / n - b / n) + abs(a % n - b % n);
}

/* Regions around the stars of g into region (n * n).  0, or 2 when a group
   could not be joined (another layout may do). */
static int sb_grow(sb_gen *g, int *region, int *queue, int *from,
                   int *comp) {
  int n = g->n, m = g->m, nn = n * n;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  int stars[SB_MAX_N * SB_MAX_M], ns = 0, group[SB_MAX_N * SB_MAX_M];
  for (int i = 0; i < nn; i++) {
    region[i] = -1;
    if (g->star[i])
      stars[ns++] = i;
  }
  gc_rng_shuffle(g->rng, stars, (size_t)ns);
  for (int i = 0; i < ns; i++)
    group[i] = -1;
  /* Groups of m stars: a star, then the free star nearest to the group. */
  int ng = 0;
  for (int i = 0; i < ns; i++) {
    if (group[i] >= 0)
      continue;
    group[i] = ng;
    for (int k = 1; k < m; k++) {
      int best = -1, bestd = 0, ties = 0;
      for (int j = 0; j < ns; j++) {
        if (group[j] >= 0)
          continue;
        int d = INT_MAX;
        for (int q = 0; q < ns; q++)
          if (group[q] == ng && manhattan(n, stars[q], stars[j]) < d)
            d = manhattan(n, stars[q], stars[j]);
        if (best < 0 || d < bestd) {
          best = j, bestd = d, ties = 1;
        } else if (d == bestd && gc_rng_below(g->rng, ++ties) == 0)
          best = j;
      }
      group[best] = ng;
    }
    ng++;
  }
  for (int i = 0; i < ns; i++)
    region[stars[i]] = group[i];
  /* Join each group's stars one after another to the part already joined
     (comp), by a shortest path over unclaimed cells. */
  for (int c = 0; c < nn; c++)
    comp[c] = 0;
  for (int gid = 0; gid < ng; gid++) {
    int first = 1;
    for (int i = 0; i < ns; i++) {
      if (group[i] != gid)
        continue;
      int target = stars[i], head = 0, tail = 0, found = 0;
      if (first) {
        comp[target] = 1;
        first = 0;
        continue;
      }
      for (int c = 0; c < nn; c++) {
        from[c] = -2;
        if (comp[c] && region[c] == gid) {
          from[c] = -1;
          queue[tail++] = c;
        }
      }
      while (head < tail && !found) {
        int c = queue[head++];
        for (int d = 0; d < 4 && !found; d++) {
          int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || from[x] != -2)
            continue;
          if (x == target) {
            from[x] = c;
            found = 1;
          } else if (region[x] < 0) {
            from[x] = c;
            queue[tail++] = x;
          }
        }
      }
      if (!found)
        return 2;
      comp[target] = 1;
      for (int c = from[target]; c >= 0; c = from[c])
        region[c] = gid, comp[c] = 1;
    }
  }
  /* Grow: a random unclaimed cell next to a region joins one of them. */
  for (;;) {
    int k = 0;
    for (int c = 0; c < nn; c++) {
      if (region[c] >= 0)
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && region[r2 * n + c2] >= 0) {
          queue[k++] = c;
          break;
        }
      }
    }
    if (!k)
      break;
    int c = queue[gc_rng_below(g->rng, k)], opts[4], no = 0;
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + dr[d], c2 = c % n + dc[d];
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && region[r2 * n + c2] >= 0)
        opts[no++] = region[r2 * n + c2];
    }
    region[c] = opts[gc_rng_below(g->rng, no)];
  }
  return 0;
}

/* Is region k still connected without cell skip? */
static int sb_connected_without(int n, const int *region, int k, int skip,
                                int *queue, int *mark) {
  int nn = n * n, total = 0, start = -1;
  for (int c = 0; c < nn; c++) {
    mark[c] = 0;
    if (region[c] == k && c != skip) {
      total++;
      start = c;
    }
  }
  if (start < 0)
    return 0;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  int head = 0, tail = 0;
  queue[tail++] = start;
  mark[start] = 1;
  while (head < tail) {
    int c = queue[head++];
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || mark[x] || x == skip ||
          region[x] != k)
        continue;
      mark[x] = 1;
      queue[tail++] = x;
    }
  }
  return tail == total;
}

/* Moves one cell without a star of the layout to a neighbouring region,
   keeping its region connected: first the cells where the other solution
   has a star (which breaks it), else any.  0, or 2 when nothing can move. */
static int sb_perturb(sb_gen *g, int *region, const gc_grid *second,
                      int *queue, int *mark, int *cells) {
  int n = g->n, nn = n * n;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int pass = 0; pass < 2; pass++) {
    int k = 0;
    for (int c = 0; c < nn; c++)
      if (!g->star[c] && (pass || second->cell[c]))
        cells[k++] = c;
    gc_rng_shuffle(g->rng, cells, (size_t)k);
    for (int i = 0; i < k; i++) {
      int c = cells[i], dirs[4] = {0, 1, 2, 3};
      gc_rng_shuffle(g->rng, dirs, 4);
      for (int j = 0; j < 4; j++) {
        int r2 = c / n + dr[dirs[j]], c2 = c % n + dc[dirs[j]];
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
          continue;
        int to = region[r2 * n + c2];
        if (to == region[c] ||
            !sb_connected_without(n, region, region[c], c, queue, mark))
          continue;
        region[c] = to;
        return 0;
      }
    }
  }
  return 2;
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
  int *work = gc_calloc(4 * nn, sizeof *work, err);
  if (!work)
    return -1;
  int *queue = work, *mark = work + nn, *cells = work + 2 * nn;
  sb_gen g = {gx->rng, n, m, pz->known.cell, {0}, 0, 2000L * n * n};
  int rc = sb_place(&g, 0, m, 0);
  if (rc == 0) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "no %d x %d grid holds %d star%s in every row and column "
                 "without two touching",
                 n, n, m, sb_plural(m));
    free(work);
    return -1;
  }
  if (rc < 0 || sb_grow(&g, s->region, queue, mark, cells)) {
    free(work);
    return 2;
  }
  rc = 2;
  for (int t = 0; t < 40 * n; t++) {
    gc_grid second = {0, NULL};
    int u = gx->unique(gx->arg, pz, &second, err);
    if (u != 0) {
      rc = u == 1 ? 0 : u == 2 ? 1 : -1;
      break;
    }
    int moved = sb_perturb(&g, s->region, &second, queue, mark, cells);
    gc_grid_free(&second);
    if (moved)
      break;
    gx->perturbs++;
  }
  free(work);
  return rc;
}
