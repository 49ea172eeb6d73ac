/*
 * starbattle_steps.c: Star Battle solved step by step (steps.h).  A cell's
 * value index is 0 (no star) or 1 (star); a unit is a row, a column or a
 * region, each holding m stars.  From easiest:
 *
 *   easy    no region      a cell in no region holds no star
 *           touch          the neighbours of a star hold none
 *           unit full      a unit with its m stars: the rest is empty
 *           last cells     a unit with as many open cells as stars to go
 *           confined       a unit whose open cells lie in one unit of the
 *                          other kind (a region in one row, a row in one
 *                          region): that unit's other cells are empty when
 *                          the counts say so
 *   medium  blocks a unit  a star here would leave some unit too little
 *                          room for its stars (its open cells, less the
 *                          star's neighbours, cannot hold them apart)
 *           unit fit       every way a unit's remaining stars fit among
 *                          its open cells (apart from each other) puts a
 *                          star in a cell, or none, or next to a cell
 *   hard    pigeonhole     k units of one kind whose open cells lie within
 *                          k units of the other: those k take the stars of
 *                          the k, and their other cells are empty
 *   expert  lookahead, search (the solver's last resorts)
 *
 * The levels follow Star Battle Lab's four labels; benchmarks/rate.py
 * measures the agreement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"
#include "steps.h"

static const char *const sb_levels[] = {"easy", "medium", "hard", "expert",
                                        NULL};

/* The units: rows 0..n-1, columns n..2n-1, regions 2n..3n-1. */
typedef struct units {
  int n, m;
  const int *reg;
  int count[3 * SB_MAX_N];
  int *cells; /* cells[u * n * n ...]: unit u's cells */
  int stars[3 * SB_MAX_N], open[3 * SB_MAX_N];
} units;

static int units_init(units *U, const gc_puzzle *pz, const gc_kb *kb) {
  const sb *s = pz->data;
  int n = pz->n, nn = n * n;
  U->n = n;
  U->m = s->m;
  U->reg = s->region;
  U->cells = malloc((size_t)3 * n * nn * sizeof *U->cells + 1);
  if (!U->cells)
    return -1;
  memset(U->count, 0, sizeof U->count);
  for (int c = 0; c < nn; c++) {
    int r = c / n, col = c % n, g = s->region[c];
    int us[3] = {r, n + col, g >= 0 ? 2 * n + g : -1};
    for (int k = 0; k < 3; k++)
      if (us[k] >= 0)
        U->cells[(size_t)us[k] * nn + (size_t)U->count[us[k]]++] = c;
  }
  for (int u = 0; u < 3 * n; u++) {
    U->stars[u] = U->open[u] = 0;
    for (int j = 0; j < U->count[u]; j++) {
      int c = U->cells[(size_t)u * nn + j];
      U->stars[u] += kb->val[c] == 1;
      U->open[u] += kb->val[c] < 0;
    }
  }
  return 0;
}

static const int *ucells(const units *U, int u) {
  return U->cells + (size_t)u * U->n * U->n;
}

static void unit_item(const units *U, int u, gc_item *it) {
  int n = U->n;
  memset(it, 0, sizeof *it);
  it->kind = u < n ? GC_ITEM_ROW : u < 2 * n ? GC_ITEM_COLUMN : GC_ITEM_REGION;
  it->index = u % n;
}

static void unit_name(const gc_puzzle *pz, int u, char *buf, size_t size) {
  int n = pz->n;
  if (u < n)
    snprintf(buf, size, "row %d", u + 1);
  else if (u < 2 * n)
    snprintf(buf, size, "column %d", u - n + 1);
  else {
    char name[16];
    sb_region_name(pz->data, u - 2 * n, name, sizeof name);
    snprintf(buf, size, "region %s", name);
  }
}

/* The decided cells of a unit as support (stars and empties). */
static void unit_state(gc_find *f, const gc_kb *kb, const units *U, int u) {
  const int *cells = ucells(U, u);
  gc_item it;
  unit_item(U, u, &it);
  gc_find_item(f, &it);
  for (int j = 0; j < U->count[u]; j++)
    if (kb->val[cells[j]] >= 0)
      gc_find_fact(f, cells[j], kb->val[cells[j]], 1);
}

static int touching(int n, int a, int b) {
  int dr = a / n - b / n, dc = a % n - b % n;
  return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

/*------------------------------------------------------------------------*/
/* Easy                                                                    */

static int no_region(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  const sb *s = pz->data;
  int n = pz->n;
  for (int c = 0; c < n * n; c++) {
    if (s->region[c] >= 0 || kb->val[c] >= 0)
      continue;
    gc_find_reset(f);
    char at[16];
    gc_cell_name(n, c, at, sizeof at);
    int r = gc_find_emit(f, c, 0, 0, "%s holds no star: it is in no region", at);
    if (r)
      return r;
  }
  return 0;
}

static int touch(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  int n = pz->n;
  for (int c = 0; c < n * n; c++) {
    if (kb->val[c] != 1)
      continue;
    for (int dr = -1; dr <= 1; dr++)
      for (int dc = -1; dc <= 1; dc++) {
        int r2 = c / n + dr, c2 = c % n + dc;
        if ((!dr && !dc) || r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
          continue;
        int o = r2 * n + c2;
        if (kb->val[o] >= 0)
          continue;
        gc_find_reset(f);
        gc_find_fact(f, c, 1, 1);
        char at[16], st[16];
        gc_cell_name(n, o, at, sizeof at);
        gc_cell_name(n, c, st, sizeof st);
        int r = gc_find_emit(f, o, 0, 0, "%s holds no star: it touches the star at %s",
                             at, st);
        if (r)
          return r;
      }
  }
  return 0;
}

static int unit_full(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  units U;
  if (units_init(&U, pz, kb))
    return f->nomem = 1, 1;
  int n = pz->n, rc = 0;
  for (int u = 0; u < 3 * n && !rc; u++) {
    if (U.stars[u] > U.m) {
      gc_find_reset(f);
      unit_state(f, kb, &U, u);
      rc = -1;
      break;
    }
    if (U.stars[u] != U.m || !U.open[u])
      continue;
    const int *cells = ucells(&U, u);
    char un[32];
    unit_name(pz, u, un, sizeof un);
    for (int j = 0; j < U.count[u] && !rc; j++) {
      int c = cells[j];
      if (kb->val[c] >= 0)
        continue;
      gc_find_reset(f);
      gc_item it;
      unit_item(&U, u, &it);
      gc_find_item(f, &it);
      for (int i = 0; i < U.count[u]; i++)
        if (kb->val[cells[i]] == 1)
          gc_find_fact(f, cells[i], 1, 1);
      char at[16];
      gc_cell_name(n, c, at, sizeof at);
      rc = gc_find_emit(f, c, 0, 0, "%s holds no star: %s has its %d star%s",
                        at, un, U.m, sb_plural(U.m));
    }
  }
  free(U.cells);
  return rc;
}

static int last_cells(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  units U;
  if (units_init(&U, pz, kb))
    return f->nomem = 1, 1;
  int n = pz->n, rc = 0;
  for (int u = 0; u < 3 * n && !rc; u++) {
    int need = U.m - U.stars[u];
    if (need <= 0 || U.open[u] > need)
      continue;
    const int *cells = ucells(&U, u);
    gc_find_reset(f);
    gc_item it;
    unit_item(&U, u, &it);
    gc_find_item(f, &it);
    for (int i = 0; i < U.count[u]; i++)
      if (kb->val[cells[i]] == 0)
        gc_find_fact(f, cells[i], 0, 1);
    if (U.open[u] < need) {
      rc = -1;
      break;
    }
    char un[32];
    unit_name(pz, u, un, sizeof un);
    for (int j = 0; j < U.count[u] && !rc; j++) {
      int c = cells[j];
      if (kb->val[c] >= 0)
        continue;
      char at[16];
      gc_cell_name(n, c, at, sizeof at);
      rc = gc_find_emit(f, c, 1, 0,
                        "%s holds a star: %s has no other cell left for its "
                        "%d star%s",
                        at, un, U.m, sb_plural(U.m));
    }
  }
  free(U.cells);
  return rc;
}

/*------------------------------------------------------------------------*/
/* Confinement and the pigeonhole                                          */

/* Units of family A (a bit set of units) whose cells outside the units of
   family B are all decided: then A's stars inside B are known, and so are
   B's stars outside A; when B's known stars outside A are that many, B's
   other open cells outside A are empty. */
static int confine(const gc_puzzle *pz, const gc_kb *kb, gc_find *f,
                   const units *U, const int *A, int ka, const int *B, int kb_,
                   int level_text) {
  int n = pz->n, nn = n * n;
  char *inA = calloc((size_t)nn, 1), *inB = calloc((size_t)nn, 1);
  int rc = 0;
  if (!inA || !inB) {
    free(inA), free(inB);
    f->nomem = 1;
    return 1;
  }
  for (int i = 0; i < ka; i++)
    for (int j = 0; j < U->count[A[i]]; j++)
      inA[ucells(U, A[i])[j]] = 1;
  for (int i = 0; i < kb_; i++)
    for (int j = 0; j < U->count[B[i]]; j++)
      inB[ucells(U, B[i])[j]] = 1;
  int a_out = 0, b_out = 0, any = 0;
  for (int c = 0; c < nn; c++) {
    if (inA[c] && !inB[c]) {
      if (kb->val[c] < 0)
        goto done; /* A is not confined */
      a_out += kb->val[c] == 1;
    }
    if (inB[c] && !inA[c]) {
      b_out += kb->val[c] == 1;
      any |= kb->val[c] < 0;
    }
  }
  /* A holds ka*m stars, a_out of them outside B; B holds kb*m: with
     ka == kb, B has a_out stars outside A */
  if (!any || b_out != a_out)
    goto done;
  gc_find_reset(f);
  gc_item it;
  for (int i = 0; i < ka; i++) {
    unit_item(U, A[i], &it);
    gc_find_item(f, &it);
  }
  for (int i = 0; i < kb_; i++) {
    unit_item(U, B[i], &it);
    gc_find_item(f, &it);
  }
  for (int c = 0; c < nn; c++)
    if ((inA[c] && !inB[c]) || (inB[c] && !inA[c] && kb->val[c] == 1))
      gc_find_fact(f, c, kb->val[c], 1);
  char an[160] = "", bn[160] = "";
  size_t la = 0, lb = 0;
  for (int i = 0; i < ka && la < sizeof an - 40; i++) {
    char w[32];
    unit_name(pz, A[i], w, sizeof w);
    la += (size_t)snprintf(an + la, sizeof an - la, "%s%s",
                           i == 0 ? "" : i == ka - 1 ? " and " : ", ", w);
  }
  for (int i = 0; i < kb_ && lb < sizeof bn - 40; i++) {
    char w[32];
    unit_name(pz, B[i], w, sizeof w);
    lb += (size_t)snprintf(bn + lb, sizeof bn - lb, "%s%s",
                           i == 0 ? "" : i == kb_ - 1 ? " and " : ", ", w);
  }
  for (int c = 0; c < nn && !rc; c++) {
    if (!inB[c] || inA[c] || kb->val[c] >= 0)
      continue;
    char at[16];
    gc_cell_name(n, c, at, sizeof at);
    rc = level_text
             ? gc_find_emit(f, c, 0, 0,
                            "%s holds no star: the stars still open in %s "
                            "can only go into %s, which then has all it holds",
                            at, an, bn)
             : gc_find_emit(f, c, 0, 0,
                            "%s holds no star: %s lies within %s, whose "
                            "stars it then supplies",
                            at, an, bn);
  }
done:
  free(inA);
  free(inB);
  return rc;
}

/* For unit a: the units of kind `other` (0 rows, 1 columns, 2 regions)
   its open cells meet. */
static int meets(const units *U, const gc_kb *kb, int a, int other, int *out) {
  int n = U->n, k = 0;
  char seen[3 * SB_MAX_N] = {0};
  for (int j = 0; j < U->count[a]; j++) {
    int c = ucells(U, a)[j];
    if (kb->val[c] >= 0)
      continue;
    int u = other == 0   ? c / n
            : other == 1 ? n + c % n
            : U->reg[c] >= 0 ? 2 * n + U->reg[c]
                             : -1;
    if (u >= 0 && !seen[u]) {
      seen[u] = 1;
      out[k++] = u;
    }
  }
  return k;
}

static int confined(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  units U;
  if (units_init(&U, pz, kb))
    return f->nomem = 1, 1;
  int n = pz->n, rc = 0, B[3 * SB_MAX_N];
  /* one unit of a kind inside one of another kind */
  for (int a = 0; a < 3 * n && !rc; a++) {
    if (!U.open[a])
      continue;
    int kind = a < n ? 0 : a < 2 * n ? 1 : 2;
    for (int other = 0; other < 3 && !rc; other++) {
      if (other == kind || (kind < 2 && other < 2))
        continue; /* rows and columns cross: one cell in common */
      if (meets(&U, kb, a, other, B) == 1)
        rc = confine(pz, kb, f, &U, &a, 1, B, 1, 0);
    }
  }
  free(U.cells);
  return rc;
}

/* k = 2..4 regions whose open cells lie in k rows (columns), and k rows
   (columns) whose open cells lie in k regions. */
static int pigeonhole(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  units U;
  if (units_init(&U, pz, kb))
    return f->nomem = 1, 1;
  int n = pz->n, rc = 0;
  int idx[4], set[4], B[3 * SB_MAX_N], tmp[3 * SB_MAX_N];
  /* which units of each kind a unit's open cells meet, as bits */
  uint64_t meet[3 * SB_MAX_N][3];
  for (int u = 0; u < 3 * n; u++)
    for (int other = 0; other < 3; other++) {
      meet[u][other] = 0;
      int t = U.open[u] ? meets(&U, kb, u, other, tmp) : 0;
      for (int j = 0; j < t; j++)
        meet[u][other] |= 1ull << (tmp[j] - other * n);
    }
  for (int k = 2; k <= 4 && !rc; k++)
    for (int from = 0; from < 3 && !rc; from++) /* the confined kind */
      for (int other = 0; other < 3 && !rc; other++) {
        if (from == other || (from < 2 && other < 2))
          continue;
        /* the open units of kind `from` meeting at most k of the other */
        int cand[SB_MAX_N], nc = 0;
        for (int u = from * n; u < from * n + n; u++)
          if (U.open[u] && __builtin_popcountll(meet[u][other]) <= k)
            cand[nc++] = u;
        if (nc < k)
          continue;
        for (int i = 0; i < k; i++)
          idx[i] = i;
        for (;;) {
          uint64_t all = 0;
          for (int i = 0; i < k; i++) {
            set[i] = cand[idx[i]];
            all |= meet[set[i]][other];
          }
          if (__builtin_popcountll(all) == k) {
            int nb = 0;
            for (int j = 0; j < n; j++)
              if (all >> j & 1)
                B[nb++] = other * n + j;
            rc = confine(pz, kb, f, &U, set, k, B, k, 1);
            if (rc)
              break;
          }
          int i = k - 1;
          while (i >= 0 && idx[i] == nc - k + i)
            i--;
          if (i < 0)
            break;
          idx[i]++;
          for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
        }
      }
  free(U.cells);
  return rc;
}

/*------------------------------------------------------------------------*/
/* Fitting stars into a unit                                               */

#define FIT_NODES 200000

typedef struct fit {
  int n, need, ncell;
  int *cell;
  int pick[SB_MAX_M];
  long ways, nodes;
  long *in;            /* [i]: ways with a star at cell[i] */
  long *nearcount;     /* [c]: ways with a star at or next to c */
  long *hit;           /* [c]: the last way counted in nearcount[c] */
  long way;            /* ways so far, over every unit (hit's stamp) */
  int stop_at_one;     /* only: is there a way? */
} fit;

static void fit_rec(fit *x, int from, int k) {
  if (++x->nodes > FIT_NODES || (x->stop_at_one && x->ways))
    return;
  if (k == x->need) {
    x->ways++;
    if (x->stop_at_one)
      return;
    for (int i = 0; i < k; i++)
      x->in[x->pick[i]]++;
    int n = x->n;
    long way = ++x->way;
    for (int i = 0; i < k; i++) {
      int c = x->cell[x->pick[i]];
      for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
          int r2 = c / n + dr, c2 = c % n + dc, y = r2 * n + c2;
          if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && x->hit[y] != way) {
            x->hit[y] = way; /* once per way */
            x->nearcount[y]++;
          }
        }
    }
    return;
  }
  if (x->ncell - from < x->need - k)
    return;
  for (int i = from; i < x->ncell; i++) {
    int ok = 1;
    for (int j = 0; j < k && ok; j++)
      ok = !touching(x->n, x->cell[x->pick[j]], x->cell[i]);
    if (!ok)
      continue;
    x->pick[k] = i;
    fit_rec(x, i + 1, k + 1);
  }
}

static int fit_alloc(fit *x, int n) {
  size_t nn = (size_t)n * (size_t)n;
  memset(x, 0, sizeof *x);
  x->n = n;
  x->cell = malloc(nn * sizeof *x->cell + 1);
  x->in = malloc(nn * sizeof *x->in + 1);
  x->nearcount = malloc(nn * sizeof *x->nearcount + 1);
  x->hit = calloc(nn + 1, sizeof *x->hit);
  return x->cell && x->in && x->nearcount && x->hit ? 0 : -1;
}

static void fit_free(fit *x) {
  free(x->cell);
  free(x->in);
  free(x->nearcount);
  free(x->hit);
}

/* Every way the unit's stars still to go fit among its open cells. */
static int unit_fit(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  units U;
  fit x;
  int n = pz->n, nn = n * n, rc = 0;
  if (units_init(&U, pz, kb))
    return f->nomem = 1, 1;
  if (fit_alloc(&x, n)) {
    fit_free(&x);
    free(U.cells);
    f->nomem = 1;
    return 1;
  }
  for (int u = 0; u < 3 * n && !rc; u++) {
    int need = U.m - U.stars[u];
    if (need <= 0 || !U.open[u])
      continue;
    /* unchanged since it showed nothing: skip */
    unsigned long sig = 1;
    for (int j = 0; j < U.count[u]; j++)
      sig += kb->stamp[ucells(&U, u)[j]];
    unsigned long *memo = &kb->memo[GC_KB_MEMO_UNIT + u];
    if (*memo == sig)
      continue;
    x.need = need;
    x.ncell = 0;
    x.ways = x.nodes = 0;
    for (int j = 0; j < U.count[u]; j++)
      if (kb->val[ucells(&U, u)[j]] < 0)
        x.cell[x.ncell++] = ucells(&U, u)[j];
    memset(x.in, 0, (size_t)x.ncell * sizeof *x.in);
    memset(x.nearcount, 0, (size_t)nn * sizeof *x.nearcount);
    fit_rec(&x, 0, 0);
    if (x.nodes > FIT_NODES) {
      *memo = sig; /* the same cells go over the budget again */
      continue;
    }
    gc_find_reset(f);
    unit_state(f, kb, &U, u);
    if (!x.ways) {
      rc = -1;
      break;
    }
    int any = 0;
    for (int i = 0; i < x.ncell; i++)
      any |= x.in[i] == x.ways || x.in[i] == 0;
    for (int c = 0; c < nn && !any; c++)
      any = kb->val[c] < 0 && x.nearcount[c] == x.ways;
    if (!any) {
      *memo = sig;
      continue;
    }
    char un[32];
    unit_name(pz, u, un, sizeof un);
    for (int i = 0; i < x.ncell && !rc; i++) {
      int c = x.cell[i];
      char at[16];
      gc_cell_name(n, c, at, sizeof at);
      if (x.in[i] == x.ways)
        rc = gc_find_emit(f, c, 1, 0,
                          "%s holds a star: every way %s fits its %d star%s "
                          "still to go puts one there",
                          at, un, need, sb_plural(need));
      else if (x.in[i] == 0)
        rc = gc_find_emit(f, c, 0, 0,
                          "%s holds no star: no way %s fits its %d star%s "
                          "still to go puts one there",
                          at, un, need, sb_plural(need));
    }
    /* cells outside the unit next to a star of every way */
    for (int c = 0; c < nn && !rc; c++) {
      if (kb->val[c] >= 0 || x.nearcount[c] != x.ways)
        continue;
      int inside = 0;
      for (int i = 0; i < x.ncell && !inside; i++)
        inside = x.cell[i] == c;
      if (inside)
        continue;
      char at[16];
      gc_cell_name(n, c, at, sizeof at);
      rc = gc_find_emit(f, c, 0, 0,
                        "%s holds no star: every way %s fits its %d star%s "
                        "still to go puts one next to it",
                        at, un, need, sb_plural(need));
    }
  }
  fit_free(&x);
  free(U.cells);
  return rc;
}

/* Can `want` stars go apart among the open cells of unit u that are not
   blocked?  Over the search budget: yes. */
static int room(const units *U, const gc_kb *kb, int u, const char *blocked,
                int want, fit *x) {
  x->ncell = 0;
  for (int j = 0; j < U->count[u]; j++) {
    int c = ucells(U, u)[j];
    if (kb->val[c] < 0 && !blocked[c])
      x->cell[x->ncell++] = c;
  }
  if (want > x->ncell)
    return 0;
  x->need = want;
  x->ways = x->nodes = 0;
  x->stop_at_one = 1;
  fit_rec(x, 0, 0);
  x->stop_at_one = 0;
  return x->ways || x->nodes > FIT_NODES;
}

/* A star at c would leave a unit too little room: c's neighbours lose
   their chance, and so do the other cells of c's units that the star
   fills.  simple: only a unit with one star to go, all of whose open
   cells touch c (c "sees" the whole unit). */
static int blocks(const gc_puzzle *pz, const gc_kb *kb, gc_find *f,
                  int simple) {
  units U;
  fit x;
  int n = pz->n, nn = n * n, rc = 0;
  char *blocked = malloc((size_t)nn);
  if (units_init(&U, pz, kb) || !blocked || fit_alloc(&x, n)) {
    free(blocked);
    free(U.cells);
    fit_free(&x);
    f->nomem = 1;
    return 1;
  }
  const sb *s = pz->data;
  memset(blocked, 0, (size_t)nn);
  for (int c = 0; c < nn && !rc; c++) {
    if (kb->val[c] >= 0)
      continue;
    /* the cells a star at c takes away: c, its neighbours, and (unless
       simple) the rest of the units it fills; only the units meeting them
       lose room */
    int list[SB_MAX_N * SB_MAX_N], nl = 0;
    char hit[3 * SB_MAX_N] = {0};
    for (int dr = -1; dr <= 1; dr++)
      for (int dc = -1; dc <= 1; dc++) {
        int r2 = c / n + dr, c2 = c % n + dc;
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && !blocked[r2 * n + c2]) {
          blocked[r2 * n + c2] = 1;
          list[nl++] = r2 * n + c2;
        }
      }
    int mine[3] = {c / n, n + c % n, s->region[c] >= 0 ? 2 * n + s->region[c] : -1};
    int filled[3] = {0, 0, 0};
    for (int k = 0; k < 3 && !simple; k++)
      if (mine[k] >= 0 && U.m - U.stars[mine[k]] == 1) {
        filled[k] = 1;
        for (int j = 0; j < U.count[mine[k]]; j++) {
          int o = ucells(&U, mine[k])[j];
          if (!blocked[o]) {
            blocked[o] = 1;
            list[nl++] = o;
          }
        }
      }
    for (int i = 0; i < nl; i++) {
      int o = list[i];
      if (kb->val[o] >= 0)
        continue;
      hit[o / n] = hit[n + o % n] = 1;
      if (s->region[o] >= 0)
        hit[2 * n + s->region[o]] = 1;
    }
    for (int u = 0; u < 3 * n && !rc; u++) {
      if (!hit[u])
        continue; /* it keeps all its room */
      int need = U.m - U.stars[u];
      int own = u == mine[0] || u == mine[1] || u == mine[2];
      if (own)
        need--; /* the star at c counts there */
      if (simple && (own || need != 1))
        continue;
      if (need <= 0 || room(&U, kb, u, blocked, need, &x))
        continue;
      gc_find_reset(f);
      unit_state(f, kb, &U, u);
      for (int k = 0; k < 3; k++)
        if (filled[k] && mine[k] != u)
          unit_state(f, kb, &U, mine[k]);
      char at[16], un[32];
      gc_cell_name(n, c, at, sizeof at);
      unit_name(pz, u, un, sizeof un);
      rc = simple ? gc_find_emit(f, c, 0, 0,
                                 "%s holds no star: it touches every cell "
                                 "left for the star of %s",
                                 at, un)
           : own ? gc_find_emit(f, c, 0, 0,
                              "%s holds no star: with a star there, %s could "
                              "not fit its other %d star%s apart",
                              at, un, need, sb_plural(need))
               : gc_find_emit(f, c, 0, 0,
                              "%s holds no star: a star there would leave %s "
                              "too little room for its %d star%s",
                              at, un, need, sb_plural(need));
    }
    for (int i = 0; i < nl; i++)
      blocked[list[i]] = 0;
  }
  fit_free(&x);
  free(blocked);
  free(U.cells);
  return rc;
}

static int sees_unit(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  return blocks(pz, kb, f, 1);
}

static int blocks_unit(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  return blocks(pz, kb, f, 0);
}

/*------------------------------------------------------------------------*/
/* Items                                                                   */

static int sb_group_item(const gc_puzzle *pz, size_t index, const gc_group *g,
                         gc_item *it) {
  (void)g;
  int n = pz->n;
  if (index >= (size_t)3 * n)
    return -1;
  memset(it, 0, sizeof *it);
  int u = (int)index;
  it->kind = u < n ? GC_ITEM_ROW : u < 2 * n ? GC_ITEM_COLUMN : GC_ITEM_REGION;
  it->index = u % n;
  return 0;
}

static int sb_item_holds(const gc_puzzle *pz, const gc_item *it,
                         const int *grid) {
  const sb *s = pz->data;
  int n = pz->n, k = 0;
  for (int c = 0; c < n * n; c++) {
    int in = it->kind == GC_ITEM_ROW      ? c / n == it->index
             : it->kind == GC_ITEM_COLUMN ? c % n == it->index
                                          : s->region[c] == it->index;
    k += in && grid[c] == 1;
  }
  return k == s->m;
}

static int sb_cell_groups(const gc_puzzle *pz, int cell, int *g,
                          int *want) {
  const sb *s = pz->data;
  int n = pz->n, k = 0;
  *want = s->m;
  g[k++] = cell / n;
  g[k++] = n + cell % n;
  if (s->region[cell] >= 0)
    g[k++] = 2 * n + s->region[cell];
  return k;
}

static int sb_may_hold(const gc_puzzle *pz, const int *grid, int cell) {
  const sb *s = pz->data;
  int n = pz->n, r = cell / n, c = cell % n;
  if (s->region[cell] < 0)
    return 0;
  for (int r2 = r - 1; r2 <= r + 1; r2++)
    for (int c2 = c - 1; c2 <= c + 1; c2++)
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && (r2 != r || c2 != c) &&
          grid[r2 * n + c2] == 1)
        return 0;
  return 1;
}

static void sb_item_words(const gc_puzzle *pz, const gc_item *it, char *buf,
                          size_t size) {
  const sb *s = pz->data;
  int n = pz->n;
  int u = it->kind == GC_ITEM_ROW      ? it->index
          : it->kind == GC_ITEM_COLUMN ? n + it->index
                                       : 2 * n + it->index;
  char un[32];
  unit_name(pz, u, un, sizeof un);
  snprintf(buf, size, "%s holds %d star%s", un, s->m, sb_plural(s->m));
}

static void sb_options(gc_options *opt) {
  opt->sb_pairs = GC_SB_PAIRS_OFF;
  opt->sb_blocks = GC_SB_PAIRS_OFF;
  opt->sb_bands = 0;
  opt->sb_window = 0;
}

static const gc_technique sb_tech[] = {
    {"no region", 0, no_region},
    {"touch", 0, touch},
    {"unit full", 0, unit_full},
    {"last cells", 0, last_cells},
    {"confined", 0, confined},
    {"sees a unit", 0, sees_unit},
    {"blocks a unit", 1, blocks_unit},
    {"unit fit", 1, unit_fit},
    {"pigeonhole", 2, pigeonhole},
};

/* Deductions of the technique called name. */
static int sb_tech_count(const int *tcount, const char *name) {
  for (size_t i = 0; i < sizeof sb_tech / sizeof sb_tech[0]; i++)
    if (!strcmp(sb_tech[i].name, name))
      return tcount[i];
  return 0;
}

/* Star Battle Lab's labels follow how much of the harder work a puzzle
   needs more than the single hardest step: measured on 527 puzzles of its
   collection (benchmarks/RESULTS.md), a dozen medium deductions make a
   puzzle medium, any hard one hard, five lookaheads expert.  With one
   star their medium puzzles mostly need no medium deduction of ours, but
   about a dozen where a region is confined to a line or a cell sees all
   of a unit (their easy ones none): there four of those and the medium
   ones make a puzzle medium (their 178 one-star puzzles: 108 labelled
   alike instead of 71). */
static int sb_grade(const gc_puzzle *pz, const int *count, const int *tcount,
                    int nlevels) {
  (void)nlevels;
  const sb *s = pz->data;
  if (count[3] >= 5)
    return 3;
  if (count[2] + count[3] >= 1)
    return 2;
  if (count[1] + count[2] + count[3] >= 12)
    return 1;
  if (s->m == 1 && count[1] + sb_tech_count(tcount, "confined") +
                           sb_tech_count(tcount, "sees a unit") >=
                       4)
    return 1;
  return 0;
}

const gc_genre_steps gc_steps_starbattle = {
    .d = 2,
    .latin = 0,
    .levels = sb_levels,
    .nlevels = 4,
    .trial_level = 3,
    .search_level = 3,
    .tech = sb_tech,
    .ntech = (int)(sizeof sb_tech / sizeof sb_tech[0]),
    .boxes = NULL,
    .options = sb_options,
    .group_item = sb_group_item,
    .item_holds = sb_item_holds,
    .item_words = sb_item_words,
    .cell_groups = sb_cell_groups,
    .may_hold = sb_may_hold,
    .grade = sb_grade,
    .grade_batch_from = 2, /* hard and expert: any level 2 or 3 step, and
                              the number of level 3 (lookahead) steps */
};
