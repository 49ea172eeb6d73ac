/*
 * futoshiki_steps.c: Futoshiki (Unequal) solved step by step (steps.h).
 *
 * Levels are Tatham's for Unequal: trivial (the Latin singles alone, no
 * sign needed), easy (sign bounds: across a < b, a stays below b's
 * largest digit left and b above a's smallest; in Adjacent mode, a placed
 * digit and a pair's bar or its absence), tricky (subsets; in Adjacent
 * mode, a cell's candidates and a pair's bar or its absence), extreme
 * (fish and forcing chains) and recursive (trial and error).
 */
#include <stdio.h>
#include <string.h>

#include "futoshiki.h"
#include "steps.h"

static const char *const futo_levels[] = {"trivial", "easy", "tricky",
                                          "extreme", "recursive", NULL};

static void sign_item(int n, int lo, int hi, gc_item *it) {
  memset(it, 0, sizeof *it);
  it->kind = GC_ITEM_SIGN;
  it->row = lo / n;
  it->col = lo % n;
  it->row2 = hi / n;
  it->col2 = hi % n;
}

static int lowest(const gc_kb *kb, int c) {
  for (int v = 0; v < kb->d; v++)
    if (gc_kb_can(kb, c, v))
      return v;
  return kb->d;
}

static int highest(const gc_kb *kb, int c) {
  for (int v = kb->d - 1; v >= 0; v--)
    if (gc_kb_can(kb, c, v))
      return v;
  return -1;
}

static void digits_from(uint64_t m, char *buf, size_t size) {
  if (!size)
    return;
  char *p = buf, *end = buf + size - 1;
  int k = 0, total = __builtin_popcountll(m);
  for (int v = 0; v < 64; v++)
    if (m >> v & 1) {
      p = gc_put_str(p, end, k++ == 0 ? "" : k == total ? " or " : ", ");
      p = gc_put_int(p, end, v + 1);
    }
  *p = 0;
}

/* One sign: lo stays below hi's largest digit, hi above lo's smallest. */
static int bound_one(const gc_kb *kb, gc_find *f, int lo, int hi) {
  int n = kb->n;
  gc_item it;
  sign_item(n, lo, hi, &it);
  char ln[16], hn[16]; /* named once there is something to say */
  int top = highest(kb, hi), bot = lowest(kb, lo);
  if (top < 0 || bot >= n)
    return 0; /* a cell without digits: the singles report it */
  uint64_t gone = 0;
  for (int v = top; v < n; v++)
    if (gc_kb_can(kb, lo, v))
      gone |= 1ull << v;
  if (gone) {
    gc_cell_name(n, lo, ln, sizeof ln);
    gc_cell_name(n, hi, hn, sizeof hn);
    gc_find_reset(f);
    gc_find_item(f, &it);
    for (int w = top + 1; w < n; w++)
      gc_find_not(f, kb, hi, w);
    char dw[64];
    digits_from(gone, dw, sizeof dw);
    int r = gc_find_emit(f, lo, -1, gone,
                         "%s < %s and %s is at most %d, so %s is not %s", ln,
                         hn, hn, top + 1, ln, dw);
    if (r)
      return r;
  }
  gone = 0;
  for (int v = 0; v <= bot; v++)
    if (gc_kb_can(kb, hi, v))
      gone |= 1ull << v;
  if (gone) {
    gc_cell_name(n, lo, ln, sizeof ln);
    gc_cell_name(n, hi, hn, sizeof hn);
    gc_find_reset(f);
    gc_find_item(f, &it);
    for (int w = 0; w < bot; w++)
      gc_find_not(f, kb, lo, w);
    char dw[64];
    digits_from(gone, dw, sizeof dw);
    int r = gc_find_emit(f, hi, -1, gone,
                         "%s < %s and %s is at least %d, so %s is not %s", ln,
                         hn, ln, bot + 1, hn, dw);
    if (r)
      return r;
  }
  return 0;
}

static int sign_bounds(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  const futo *fu = pz->data;
  int n = kb->n, r = 0;
  FOR_EACH_LT(fu, n, lo, hi, {
    if (!r)
      r = bound_one(kb, f, lo, hi);
  })
  gc_find_reset(f);
  return r;
}

/* Adjacent mode: the pair a, b (neighbours) with its mark (consecutive)
   or without one (not consecutive).  b keeps only the digits that go with
   one of a's next to it: within one of it with the mark, further without
   (and never a's own, in the same row or column).  placed: a holds one
   digit (Tatham's easy level); else a has several (his tricky level). */
static int adj_one(const futo *fu, const gc_kb *kb, gc_find *f, int a, int b,
                   int placed) {
  int n = kb->n, lo = a < b ? a : b, hi = a < b ? b : a;
  if ((kb->left[a] == 1) != placed || kb->left[a] < 1 || kb->left[b] < 2)
    return 0;
  int marked = ((hi == lo + 1 ? fu->h : fu->v)[lo] & REL_ADJ) != 0;
  uint64_t fits = 0, gone = 0;
  for (int v = 0; v < n; v++)
    if (gc_kb_can(kb, a, v))
      for (int w = 0; w < n; w++)
        if (w != v && (w - v == 1 || v - w == 1) == marked)
          fits |= 1ull << w;
  for (int w = 0; w < n; w++)
    if (gc_kb_can(kb, b, w) && !(fits >> w & 1))
      gone |= 1ull << w;
  if (!gone)
    return 0;
  gc_item it;
  memset(&it, 0, sizeof it);
  it.kind = GC_ITEM_MARK;
  it.row = lo / n;
  it.col = lo % n;
  it.row2 = hi / n;
  it.col2 = hi % n;
  it.value = marked;
  gc_find_reset(f);
  gc_find_item(f, &it);
  gc_find_cell_state(f, kb, a);
  char an[16], bn[16], has[64], dw[64];
  gc_cell_name(n, a, an, sizeof an);
  gc_cell_name(n, b, bn, sizeof bn);
  uint64_t am = 0;
  for (int v = 0; v < n; v++)
    if (gc_kb_can(kb, a, v))
      am |= 1ull << v;
  digits_from(am, has, sizeof has);
  digits_from(gone, dw, sizeof dw);
  return gc_find_emit(f, b, -1, gone,
                      marked ? "%s is %s and the bar makes %s one more or one "
                               "less, so %s is not %s"
                             : "%s is %s and no bar joins it to %s, which is "
                               "not one more or one less, so %s is not %s",
                      an, has, bn, bn, dw);
}

static int adjacent(const gc_puzzle *pz, const gc_kb *kb, gc_find *f,
                    int placed) {
  const futo *fu = pz->data;
  int n = kb->n;
  if (!fu->adjacent)
    return 0;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int a = 0; a < n * n; a++)
    for (int d = 0; d < 4; d++) {
      int r2 = a / n + dr[d], c2 = a % n + dc[d];
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
        continue;
      int r = adj_one(fu, kb, f, a, r2 * n + c2, placed);
      if (r) {
        gc_find_reset(f);
        return r;
      }
    }
  gc_find_reset(f);
  return 0;
}

/* A placed digit and the pair's mark, or its absence. */
static int adjacent_digit(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  return adjacent(pz, kb, f, 1);
}

/* A cell's candidates and the pair's mark, or its absence. */
static int adjacent_candidates(const gc_puzzle *pz, const gc_kb *kb,
                               gc_find *f) {
  return adjacent(pz, kb, f, 0);
}

static int futo_group_item(const gc_puzzle *pz, size_t index, const gc_group *g,
                           gc_item *it) {
  (void)index;
  const futo *fu = pz->data;
  int n = pz->n;
  memset(it, 0, sizeof *it);
  if (!g->key[0] && fu->adjacent && g->i >= 0 && g->j > g->i &&
      g->j < n * n) { /* an Adjacent pair: the cells in i and j */
    it->kind = GC_ITEM_MARK;
    it->row = g->i / n;
    it->col = g->i % n;
    it->row2 = g->j / n;
    it->col2 = g->j % n;
    it->value = (g->j == g->i + 1 ? fu->h : fu->v)[g->i] & REL_ADJ ? 1 : 0;
    return 0;
  }
  if (!strcmp(g->key, "givens")) {
    it->kind = GC_ITEM_GIVEN;
    it->row = g->i;
    it->col = g->j;
    it->value = fu->givens[g->i * n + g->j];
    return 0;
  }
  if (strcmp(g->key, "lt"))
    return -1;
  int k = 0, found = -1;
  FOR_EACH_LT(fu, n, lo, hi, {
    if (k++ == g->i && found < 0) {
      sign_item(n, lo, hi, it);
      found = 0;
    }
  })
  return found;
}

static int futo_item_holds(const gc_puzzle *pz, const gc_item *it,
                           const int *grid) {
  int n = pz->n;
  if (it->kind == GC_ITEM_GIVEN)
    return grid[it->row * n + it->col] == it->value;
  if (it->kind == GC_ITEM_SIGN)
    return grid[it->row * n + it->col] < grid[it->row2 * n + it->col2];
  if (it->kind == GC_ITEM_MARK) {
    int d = grid[it->row * n + it->col] - grid[it->row2 * n + it->col2];
    return (d == 1 || d == -1) == (it->value != 0);
  }
  return 0;
}

static void futo_item_words(const gc_puzzle *pz, const gc_item *it, char *buf,
                            size_t size) {
  (void)pz;
  if (it->kind == GC_ITEM_SIGN)
    snprintf(buf, size, "r%dc%d < r%dc%d", it->row + 1, it->col + 1,
             it->row2 + 1, it->col2 + 1);
  else if (it->kind == GC_ITEM_MARK)
    snprintf(buf, size,
             it->value ? "r%dc%d | r%dc%d (consecutive)"
                       : "r%dc%d and r%dc%d not consecutive (no bar)",
             it->row + 1, it->col + 1, it->row2 + 1, it->col2 + 1);
  else
    snprintf(buf, size, "the %d at r%dc%d", it->value, it->row + 1,
             it->col + 1);
}

static const gc_technique futo_tech[] = {
    {"full house", 0, gc_latin_full_house},
    {"hidden single", 0, gc_latin_hidden_single},
    {"naked single", 0, gc_latin_naked_single},
    {"sign bounds", 1, sign_bounds},
    {"adjacent digit", 1, adjacent_digit},
    {"adjacent candidates", 2, adjacent_candidates},
    {"subset", 2, gc_latin_subset},
    {"fish", 3, gc_latin_fish},
    {"forcing chain", 3, gc_latin_forcing_chain},
};

const gc_genre_steps gc_steps_futoshiki = {
    .d = 0,
    .latin = 1,
    .levels = futo_levels,
    .nlevels = 5,
    .trial_level = 4,
    .search_level = 4,
    .tech = futo_tech,
    .ntech = (int)(sizeof futo_tech / sizeof futo_tech[0]),
    .boxes = NULL,
    .options = NULL,
    .group_item = futo_group_item,
    .item_holds = futo_item_holds,
    .item_words = futo_item_words,
};
