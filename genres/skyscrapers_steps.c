/*
 * skyscrapers_steps.c: Skyscrapers (Towers) solved step by step (steps.h).
 *
 * Levels are Tatham's for Towers: easy, hard, extreme, unreasonable.  The
 * clue techniques, besides the Latin ones (latin_steps.c):
 *
 *   edge clue      (easy) a 1 sees the tallest tower next to it; a clue n
 *                  sees 1, 2, ..., n in order; clues a and b facing each
 *                  other across a line with a + b = n + 1 meet at the n
 *   clue bounds    (easy) a clue c: the tallest tower cannot stand in its
 *                  first c - 1 cells, the next tallest not in the first
 *                  c - 2 (unless it stands behind one at least two taller,
 *                  hidden: Tatham's easy rule), and so on
 *   clue front     (easy) when the tallest towers placed in a line already
 *                  make c - 1 visible, the cell next to the clue must be
 *                  taller than everything else in front of them
 *   clue analysis  (hard) every arrangement of the line that the digits
 *                  left allow, checked against the clue: a digit that none
 *                  of them puts in a cell goes
 *
 * Tatham's easy level is the Latin singles with the first three, his hard
 * level adds subsets and the full analysis of a clue, extreme adds fish
 * and forcing chains, and unreasonable needs trial and error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skyscrapers.h"
#include "steps.h"

static const char *const sky_levels[] = {"easy", "hard", "extreme",
                                         "unreasonable", NULL};

static void clue_item(int side, int i, int value, gc_item *it) {
  memset(it, 0, sizeof *it);
  it->kind = GC_ITEM_CLUE;
  it->side = side;
  it->index = i;
  it->value = value;
}

/* The cells of clue (side, i)'s line, from the clue outwards. */
static void line_cells(int side, int i, int n, int *cells) {
  for (int p = 0; p < n; p++) {
    int r, c;
    line_cell(side, i, p, n, &r, &c);
    cells[p] = r * n + c;
  }
}

static void clue_name(int side, int i, int c, char *buf, size_t size) {
  if (!size)
    return;
  char *p = buf, *end = buf + size - 1; /* "clue C <side words> I" */
  p = gc_put_str(p, end, "clue ");
  p = gc_put_int(p, end, c);
  p = gc_put_str(p, end, " ");
  p = gc_put_str(p, end, side_words(side));
  p = gc_put_str(p, end, " ");
  p = gc_put_int(p, end, i + 1);
  *p = 0;
}

/* Where each digit index stands in the line (-1: not placed). */
static void positions(const gc_kb *kb, const int *cells, int *pos) {
  int n = kb->n;
  for (int v = 0; v < n; v++)
    pos[v] = -1;
  for (int p = 0; p < n; p++)
    if (kb->val[cells[p]] >= 0)
      pos[kb->val[cells[p]]] = p;
}

/*------------------------------------------------------------------------*/

static int edge_clue(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  const sky *s = pz->data;
  int n = kb->n, cells[SKY_MAX_N];
  char cw[64], at[16];
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++) {
      int c = s->clue[side][i];
      if (c != 1 && c != n)
        continue;
      line_cells(side, i, n, cells);
      gc_item it;
      clue_item(side, i, c, &it);
      clue_name(side, i, c, cw, sizeof cw);
      for (int p = 0; p < (c == 1 ? 1 : n); p++) {
        int v = c == 1 ? n - 1 : p;
        if (kb->val[cells[p]] >= 0)
          continue;
        gc_find_reset(f);
        gc_find_item(f, &it);
        gc_cell_name(n, cells[p], at, sizeof at);
        int r = c == 1 ? gc_find_emit(f, cells[p], v, 0,
                                      "%s is %d: %s sees only the tallest "
                                      "tower, so it stands next to the clue",
                                      at, n, cw)
                       : gc_find_emit(f, cells[p], v, 0,
                                      "%s is %d: %s sees every tower, so they "
                                      "rise 1, 2, ..., %d from the clue",
                                      at, v + 1, cw, n);
        if (r)
          return r;
      }
    }
  /* facing clues that add up to n + 1 */
  for (int side = 0; side < SIDES; side += 2)
    for (int i = 0; i < n; i++) {
      int a = s->clue[side][i], b = s->clue[side + 1][i];
      if (!a || !b || a + b != n + 1)
        continue;
      line_cells(side, i, n, cells);
      int p = a - 1;
      if (kb->val[cells[p]] >= 0)
        continue;
      gc_item ia, ib;
      clue_item(side, i, a, &ia);
      clue_item(side + 1, i, b, &ib);
      gc_find_reset(f);
      gc_find_item(f, &ia);
      gc_find_item(f, &ib);
      char cb[64];
      clue_name(side, i, a, cw, sizeof cw);
      clue_name(side + 1, i, b, cb, sizeof cb);
      gc_cell_name(n, cells[p], at, sizeof at);
      int r = gc_find_emit(f, cells[p], n - 1, 0,
                           "%s is %d: %s and %s add up to %d, so both see the "
                           "tallest tower, %d cells from the first",
                           at, n, cw, cb, n + 1, a);
      if (r)
        return r;
    }
  gc_find_reset(f);
  return 0;
}

/* Clue bounds: the k-th tallest counted tower is not among the first
   c - 1 - k cells; a tower placed behind a taller one is not counted. */
static int clue_bounds(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  const sky *s = pz->data;
  int n = kb->n, cells[SKY_MAX_N], pos[SKY_MAX_N];
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++) {
      int c = s->clue[side][i];
      if (c < 2)
        continue;
      line_cells(side, i, n, cells);
      positions(kb, cells, pos);
      gc_item it;
      clue_item(side, i, c, &it);
      gc_find_reset(f);
      gc_find_item(f, &it);
      int counted = 0;
      for (int h = n - 1; h >= 0 && c - 1 - counted > 0; h--) {
        /* hidden behind a taller one: as in Tatham's easy level, one at
           least two taller (the rest is the hard level's clue analysis) */
        int hidden = -1;
        for (int g = h + 2; g < n && pos[h] >= 0 && hidden < 0; g++)
          if (pos[g] >= 0 && pos[g] < pos[h])
            hidden = g;
        if (hidden >= 0) { /* seen behind a taller one: not counted */
          gc_find_fact(f, cells[pos[h]], h, 1);
          gc_find_fact(f, cells[pos[hidden]], hidden, 1);
          continue;
        }
        int upto = c - 1 - counted;
        for (int p = 0; p < upto; p++) {
          if (kb->val[cells[p]] >= 0 || !gc_kb_can(kb, cells[p], h))
            continue;
          char cw[64], at[16];
          clue_name(side, i, c, cw, sizeof cw);
          gc_cell_name(n, cells[p], at, sizeof at);
          int r = counted == 0
                      ? gc_find_emit(f, cells[p], -1, 1ull << h,
                                     "%s is not %d: with the tallest tower "
                                     "that close, %s could not see %d",
                                     at, h + 1, cw, c)
                      : gc_find_emit(f, cells[p], -1, 1ull << h,
                                     "%s is not %d: with %d that close, %s "
                                     "could see at most %d of its %d towers",
                                     at, h + 1, h + 1, cw, p + 1 + counted, c);
          if (r)
            return r;
        }
        counted++;
      }
    }
  gc_find_reset(f);
  return 0;
}

/* Clue front: the tallest towers placed in a line stand further out, one
   in front of the other, and already make c - 1 visible: in front of the
   nearest of them only the first cell may be seen, so it is the tallest
   of that stretch. */
static int clue_front(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  const sky *s = pz->data;
  int n = kb->n, cells[SKY_MAX_N], pos[SKY_MAX_N];
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++) {
      int c = s->clue[side][i];
      if (!c)
        continue;
      line_cells(side, i, n, cells);
      positions(kb, cells, pos);
      if (kb->val[cells[0]] >= 0)
        continue;
      gc_item it;
      clue_item(side, i, c, &it);
      gc_find_reset(f);
      gc_find_item(f, &it);
      int chain = 0, front = n;
      for (int h = n - 1; h >= 0 && pos[h] >= 0; h--) {
        gc_find_fact(f, cells[pos[h]], h, 1);
        if (pos[h] < front) {
          front = pos[h];
          chain++;
        }
      }
      if (c != chain + 1 || front < 2)
        continue;
      /* the first cell is the tallest of the first `front` cells: the
         front - 1 smallest digits not placed beyond them go */
      uint64_t gone = 0;
      int want = front - 1;
      for (int h = 0; h < n && want > 0; h++) {
        if (pos[h] >= front) {
          gc_find_fact(f, cells[pos[h]], h, 1);
          continue;
        }
        want--;
        if (gc_kb_can(kb, cells[0], h))
          gone |= 1ull << h;
      }
      if (!gone)
        continue;
      char cw[64], at[16];
      clue_name(side, i, c, cw, sizeof cw);
      gc_cell_name(n, cells[0], at, sizeof at);
      int r = gc_find_emit(f, cells[0], -1, gone,
                           "%s: the towers placed already show %s %d of its "
                           "%d, so %s must hide the %d cells behind it and be "
                           "the tallest of them",
                           at, cw, chain, c, at, front - 1);
      if (r)
        return r;
    }
  gc_find_reset(f);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Clue analysis                                                           */

typedef struct arrange {
  const gc_kb *kb;
  const int *cells;
  int n, clue;
  uint64_t allow[SKY_MAX_N]; /* digits each cell may take */
  uint64_t seen[SKY_MAX_N];  /* digits some arrangement puts in each cell */
  int digit[SKY_MAX_N];
  long nodes;
} arrange;

#define ARRANGE_NODES 400000

static void arrange_rec(arrange *a, int p, uint64_t used, int top, int vis) {
  if (++a->nodes > ARRANGE_NODES)
    return;
  int n = a->n;
  if (p == n) {
    if (vis == a->clue)
      for (int q = 0; q < n; q++)
        a->seen[q] |= 1ull << a->digit[q];
    return;
  }
  /* at most one more visible per cell left, and per digit above top */
  int above = n - 1 - top;
  if (vis + (n - p < above ? n - p : above) < a->clue || vis > a->clue)
    return;
  for (int v = 0; v < n; v++) {
    if ((used >> v & 1) || !(a->allow[p] >> v & 1))
      continue;
    a->digit[p] = v;
    int up = v > top;
    arrange_rec(a, p + 1, used | 1ull << v, up ? v : top, vis + up);
  }
}

/* The same walk with each state (digits used, tallest so far, towers
   seen) met once: a state's subtree does not depend on the way to it.
   memo[state] = (nodes of its subtree, at most ARRANGE_NODES + 1) << 1 |
   (an arrangement completes from it), 0 = not met yet; touched lists the
   states met, to leave memo zero again.  Returns what memo holds. */
typedef struct arrange_dp {
  arrange *a;
  uint32_t *memo;
  uint32_t *touched;
  size_t ntouched;
} arrange_dp;

static uint32_t arrange_state(arrange_dp *x, int p, uint64_t used, int top,
                              int vis) {
  arrange *a = x->a;
  int n = a->n;
  if (p == n)
    return 2u | (vis == a->clue);
  int above = n - 1 - top;
  if (vis + (n - p < above ? n - p : above) < a->clue || vis > a->clue)
    return 2u;
  size_t st = ((size_t)used * (size_t)(n + 1) + (size_t)(top + 1)) *
                  (size_t)(n + 1) + (size_t)vis;
  if (x->memo[st])
    return x->memo[st];
  uint32_t nodes = 1, alive = 0;
  for (int v = 0; v < n; v++) {
    if ((used >> v & 1) || !(a->allow[p] >> v & 1))
      continue;
    int up = v > top;
    uint32_t r = arrange_state(x, p + 1, used | 1ull << v, up ? v : top,
                               vis + up);
    nodes += r >> 1;
    if (nodes > ARRANGE_NODES)
      nodes = ARRANGE_NODES + 1;
    if (r & 1) {
      alive = 1;
      a->seen[p] |= 1ull << v;
    }
  }
  x->memo[st] = nodes << 1 | alive;
  x->touched[x->ntouched++] = (uint32_t)st;
  return x->memo[st];
}

/* Enumerates the arrangements under allow[] (seen: the digits some
   arrangement puts in each cell); 0, or -1 when the walk of every
   partial arrangement (arrange_rec) would pass ARRANGE_NODES.  Up to
   EXISTS_MAX_N cells by states in the kb's scratch memory, the same
   answer in far fewer steps. */
#define EXISTS_MAX_N 12

static int arrange_all(arrange *a) {
  memset(a->seen, 0, sizeof a->seen);
  a->nodes = 0;
  int n = a->n;
  size_t states = n <= EXISTS_MAX_N
                      ? ((size_t)1 << n) * (size_t)(n + 1) * (size_t)(n + 1)
                      : 0;
  uint32_t *memo = states ? gc_kb_zeroed(a->kb, 2 * states * sizeof *memo)
                          : NULL;
  if (!memo) {
    arrange_rec(a, 0, 0, -1, 0);
    return a->nodes > ARRANGE_NODES ? -1 : 0;
  }
  arrange_dp x = {a, memo, memo + states, 0};
  uint32_t r = arrange_state(&x, 0, 0, -1, 0);
  for (size_t i = 0; i < x.ntouched; i++)
    memo[x.touched[i]] = 0;
  memset(memo + states, 0, x.ntouched * sizeof *memo);
  return (r >> 1) > ARRANGE_NODES ? -1 : 0;
}

int gc_sky_arrange(int n, int clue, const uint64_t *allow, uint64_t *seen,
                   int by_states) {
  gc_kb_scratch sc = {NULL, 0};
  gc_kb kb;
  memset(&kb, 0, sizeof kb);
  kb.n = kb.d = n;
  kb.scratch = by_states ? &sc : NULL;
  arrange a;
  memset(&a, 0, sizeof a);
  a.kb = &kb;
  a.n = n;
  a.clue = clue;
  memcpy(a.allow, allow, (size_t)n * sizeof *allow);
  int r = arrange_all(&a);
  memcpy(seen, a.seen, (size_t)n * sizeof *seen);
  free(sc.p);
  return r;
}

/* Is there an arrangement under allow[] with a digit of want at p?  A
   search over (digits used, tallest so far, towers seen) that remembers
   the states that led nowhere: at most 2^n (n+1)^2 of them. */

typedef struct exists_ctx {
  arrange *a;
  unsigned char *dead; /* bit per state */
} exists_ctx;

static int exists_rec(exists_ctx *x, int p, uint64_t used, int top, int vis) {
  arrange *a = x->a;
  int n = a->n;
  if (p == n)
    return vis == a->clue;
  int above = n - 1 - top;
  if (vis + (n - p < above ? n - p : above) < a->clue || vis > a->clue)
    return 0;
  size_t st = ((size_t)used * (size_t)(n + 1) + (size_t)(top + 1)) *
                  (size_t)(n + 1) + (size_t)vis;
  if (x->dead[st >> 3] >> (st & 7) & 1)
    return 0;
  for (int v = 0; v < n; v++)
    if (!(used >> v & 1) && (a->allow[p] >> v & 1) &&
        exists_rec(x, p + 1, used | 1ull << v, v > top ? v : top,
                   vis + (v > top)))
      return 1;
  x->dead[st >> 3] |= (unsigned char)(1u << (st & 7));
  return 0;
}

static int exists_with(arrange *a, int p, uint64_t want, unsigned char *dead,
                       size_t deadsize) {
  uint64_t keep = a->allow[p];
  a->allow[p] &= want;
  memset(dead, 0, deadsize);
  exists_ctx x = {a, dead};
  int r = a->allow[p] && exists_rec(&x, 0, 0, -1, 0);
  a->allow[p] = keep;
  return r;
}

/* The facts of the line that the analysis needs for `gone` at position
   p: the digits ruled out of a cell are let back in, all of them at once
   (when that brings no arrangement with a digit of gone at p, none of
   them is needed) or one at a time, and a digit stays out only when
   letting it in brings such an arrangement.  A deletion by our own
   enumeration: what is left still implies the step with the clue and the
   rule that a line holds every digit once.  Without room for the search
   (n > EXISTS_MAX_N), every fact of the line. */
static void local_support(arrange *a, int p, uint64_t gone, gc_find *f) {
  int n = a->n;
  const gc_kb *kb = a->kb;
  size_t deadsize = n <= EXISTS_MAX_N
                        ? (((size_t)1 << n) * (size_t)(n + 1) * (size_t)(n + 1) + 7) / 8
                        : 0;
  unsigned char *dead = deadsize ? malloc(deadsize) : NULL;
  uint64_t full = n >= 64 ? ~0ull : (1ull << n) - 1;
  for (int q = 0; q < n; q++) {
    int cell = a->cells[q];
    uint64_t out = full & ~a->allow[q];
    if (!out)
      continue;
    if (!dead) {
      gc_find_cell_state(f, kb, cell);
      continue;
    }
    uint64_t keep = a->allow[q];
    a->allow[q] = out; /* the new arrangements put one of these at q */
    int brings = exists_with(a, p, gone, dead, deadsize);
    a->allow[q] = keep;
    if (!brings) { /* the whole cell is free: its digits come back */
      a->allow[q] = full;
      continue;
    }
    if (kb->val[cell] >= 0) {
      gc_find_fact(f, cell, kb->val[cell], 1);
      continue;
    }
    for (int v = 0; v < n; v++) {
      if (!(out >> v & 1))
        continue;
      keep = a->allow[q];
      a->allow[q] = 1ull << v;
      brings = exists_with(a, p, gone, dead, deadsize);
      a->allow[q] = keep | 1ull << v;
      if (brings) {
        a->allow[q] &= ~(1ull << v); /* needed */
        gc_find_fact(f, cell, v, 0);
      }
    }
  }
  free(dead);
}

static int clue_analysis(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  const sky *s = pz->data;
  int n = kb->n, cells[SKY_MAX_N];
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++) {
      int c = s->clue[side][i];
      if (!c)
        continue;
      line_cells(side, i, n, cells);
      /* nothing found before and nothing changed since: skip */
      unsigned long sig = 1;
      for (int p = 0; p < n; p++)
        sig += kb->stamp[cells[p]];
      unsigned long *memo = &kb->memo[side * n + i];
      if (*memo == sig)
        continue;
      arrange a;
      memset(&a, 0, sizeof a);
      a.kb = kb;
      a.cells = cells;
      a.n = n;
      a.clue = c;
      for (int p = 0; p < n; p++)
        for (int v = 0; v < n; v++)
          if (gc_kb_can(kb, cells[p], v))
            a.allow[p] |= 1ull << v;
      if (arrange_all(&a) < 0)
        continue;
      gc_item it;
      clue_item(side, i, c, &it);
      if (!a.seen[0]) { /* no arrangement meets the clue */
        gc_find_reset(f);
        gc_find_item(f, &it);
        for (int p = 0; p < n; p++)
          gc_find_cell_state(f, kb, cells[p]);
        return -1;
      }
      uint64_t found[SKY_MAX_N], seen[SKY_MAX_N];
      int any = 0;
      memcpy(seen, a.seen, sizeof seen);
      for (int p = 0; p < n; p++) {
        found[p] = kb->val[cells[p]] >= 0 ? 0 : a.allow[p] & ~seen[p];
        any |= found[p] != 0;
      }
      if (!any) {
        *memo = sig;
        continue;
      }
      if (f->quick) { /* every cell it narrows, no support, no words */
        for (int p = 0; p < n; p++)
          if (found[p] && gc_find_emit(f, cells[p], -1, found[p], "%s", ""))
            return 1;
        continue;
      }
      /* the first cell it narrows, with the facts that takes: the next
         round finds the others */
      char cw[64], at[16];
      clue_name(side, i, c, cw, sizeof cw);
      int p = 0;
      while (!found[p])
        p++;
      gc_find_reset(f);
      gc_find_item(f, &it);
      local_support(&a, p, found[p], f);
      gc_cell_name(n, cells[p], at, sizeof at);
      char dw[64];
      size_t w = 0;
      int k = 0, total = __builtin_popcountll(found[p]);
      dw[0] = 0;
      for (int v = 0; v < n && w < sizeof dw; v++)
        if (found[p] >> v & 1)
          w += (size_t)snprintf(dw + w, sizeof dw - w, "%s%d",
                                k++ == 0 ? "" : k == total ? " or " : ", ",
                                v + 1);
      int r = gc_find_emit(f, cells[p], -1, found[p],
                           "%s is not %s: no arrangement of its line with the "
                           "digits still open there meets %s",
                           at, dw, cw);
      gc_find_reset(f);
      return r;
    }
  gc_find_reset(f);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Items                                                                   */

static int sky_group_item(const gc_puzzle *pz, size_t index, const gc_group *g,
                          gc_item *it) {
  (void)index;
  const sky *s = pz->data;
  int n = pz->n;
  memset(it, 0, sizeof *it);
  if (!strcmp(g->key, "givens")) {
    it->kind = GC_ITEM_GIVEN;
    it->row = g->i;
    it->col = g->j;
    it->value = s->givens[g->i * n + g->j];
    return 0;
  }
  static const char *const key[SIDES] = {"top", "bottom", "left", "right"};
  for (int side = 0; side < SIDES; side++)
    if (!strcmp(g->key, key[side])) {
      clue_item(side, g->i, s->clue[side][g->i], it);
      return 0;
    }
  return -1;
}

static int sky_item_holds(const gc_puzzle *pz, const gc_item *it,
                          const int *grid) {
  int n = pz->n;
  if (it->kind == GC_ITEM_GIVEN)
    return grid[it->row * n + it->col] == it->value;
  if (it->kind != GC_ITEM_CLUE)
    return 0;
  int seen = 0, top = 0;
  for (int p = 0; p < n; p++) {
    int r, c;
    line_cell(it->side, it->index, p, n, &r, &c);
    if (grid[r * n + c] > top) {
      top = grid[r * n + c];
      seen++;
    }
  }
  return seen == it->value;
}

static void sky_item_words(const gc_puzzle *pz, const gc_item *it, char *buf,
                           size_t size) {
  (void)pz;
  if (it->kind == GC_ITEM_CLUE)
    clue_name(it->side, it->index, it->value, buf, size);
  else
    snprintf(buf, size, "the %d at r%dc%d", it->value, it->row + 1,
             it->col + 1);
}

static void sky_boxes(const gc_puzzle *pz, int *br, int *bc) {
  const sky *s = pz->data;
  *br = s->br;
  *bc = s->bc;
}

static const gc_technique sky_tech[] = {
    {"full house", 0, gc_latin_full_house},
    {"hidden single", 0, gc_latin_hidden_single},
    {"naked single", 0, gc_latin_naked_single},
    {"edge clue", 0, edge_clue},
    {"clue bounds", 0, clue_bounds},
    {"clue front", 0, clue_front},
    {"subset", 1, gc_latin_subset},
    {"clue analysis", 1, clue_analysis},
    {"fish", 2, gc_latin_fish},
    {"forcing chain", 2, gc_latin_forcing_chain},
};

const gc_genre_steps gc_steps_skyscrapers = {
    .d = 0,
    .latin = 1,
    .levels = sky_levels,
    .nlevels = 4,
    .trial_level = 3,
    .search_level = 3,
    .tech = sky_tech,
    .ntech = (int)(sizeof sky_tech / sizeof sky_tech[0]),
    .boxes = sky_boxes,
    .options = NULL,
    .group_item = sky_group_item,
    .item_holds = sky_item_holds,
    .item_words = sky_item_words,
};
