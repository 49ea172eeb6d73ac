/*
 * latin_steps.c: the techniques every Latin genre shares (steps.h), on the
 * rows, the columns and (Skyscraper Sudoku) the boxes, each a unit that
 * holds every digit once.  From easiest:
 *
 *   full house     a unit with one empty cell: the digit it misses
 *   hidden single  a digit with one place left in a unit
 *   naked single   a cell with one digit left
 *   subset         k cells of a unit whose digits are k between them
 *                  (naked), or k digits with k places (hidden): the
 *                  digits leave the unit's other cells (the places keep
 *                  no other digit)
 *   fish           one digit: k rows whose places lie in k columns (or
 *                  the other way round) take it from those columns'
 *                  other rows (X-wing, swordfish, jellyfish)
 *   forcing chain  cells with two digits each, in line one after the
 *                  other: if the first is not N, the chain makes its last
 *                  N; a cell in line with both ends is not N
 *
 * These are the deductions Simon Tatham's Latin-square solver grades its
 * Towers and Unequal puzzles by (simple; set; positional set and forcing
 * chains); the code is our own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steps.h"

int gc_latin_unit(int n, int br, int bc, int u, int *cells) {
  int units = br ? 3 * n : 2 * n;
  if (!cells)
    return units;
  if (u < n)
    for (int j = 0; j < n; j++)
      cells[j] = u * n + j;
  else if (u < 2 * n)
    for (int j = 0; j < n; j++)
      cells[j] = j * n + (u - n);
  else {
    int b = u - 2 * n, per = n / bc; /* boxes across */
    int r0 = (b / per) * br, c0 = (b % per) * bc;
    for (int j = 0; j < n; j++)
      cells[j] = (r0 + j / bc) * n + c0 + j % bc;
  }
  return units;
}

void gc_latin_unit_name(int n, int u, char *buf, size_t size) {
  if (!size)
    return;
  char *p = buf, *end = buf + size - 1;
  p = gc_put_str(p, end, u < n ? "row " : u < 2 * n ? "column " : "box ");
  p = gc_put_int(p, end, u % n + 1);
  *p = 0;
}

static int units_of(const gc_kb *kb) {
  return gc_latin_unit(kb->n, kb->br, kb->bc, 0, NULL);
}

/* Is digit index v placed in the unit's cells? */
static int placed_in(const gc_kb *kb, const int *cells, int v) {
  for (int j = 0; j < kb->n; j++)
    if (kb->val[cells[j]] == v)
      return 1;
  return 0;
}

int gc_latin_full_house(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  (void)pz;
  int n = kb->n, cells[GC_MAX_N];
  for (int u = 0; u < units_of(kb); u++) {
    gc_latin_unit(n, kb->br, kb->bc, u, cells);
    int open = -1, nopen = 0;
    unsigned long long have = 0;
    for (int j = 0; j < n; j++) {
      int c = cells[j];
      if (kb->val[c] < 0) {
        open = c;
        nopen++;
      } else
        have |= 1ull << kb->val[c];
    }
    if (nopen != 1)
      continue;
    int v = 0;
    while (v < n && (have >> v & 1))
      v++;
    gc_find_reset(f);
    for (int j = 0; j < n; j++)
      if (cells[j] != open)
        gc_find_fact(f, cells[j], kb->val[cells[j]], 1);
    if (v >= n || !gc_kb_can(kb, open, v))
      return -1; /* two cells hold one digit, or it cannot go there */
    char unit[32], at[16];
    gc_latin_unit_name(n, u, unit, sizeof unit);
    gc_cell_name(n, open, at, sizeof at);
    int r = gc_find_emit(f, open, v, 0, "%s is %d, the last digit %s misses",
                         at, v + 1, unit);
    if (r)
      return r;
  }
  gc_find_reset(f);
  return 0;
}

int gc_latin_hidden_single(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  (void)pz;
  int n = kb->n, cells[GC_MAX_N];
  for (int u = 0; u < units_of(kb); u++) {
    gc_latin_unit(n, kb->br, kb->bc, u, cells);
    /* one pass over the unit: the digits placed, and for each other
       digit the open cells that may take it (how many, and the last) */
    uint64_t placed = 0;
    int places[GC_MAX_N], last[GC_MAX_N];
    for (int v = 0; v < n; v++)
      places[v] = 0, last[v] = -1;
    for (int j = 0; j < n; j++) {
      int c = cells[j];
      if (kb->val[c] >= 0) {
        placed |= 1ull << kb->val[c];
        continue;
      }
      const unsigned char *cand = kb->cand + (size_t)c * (size_t)kb->d;
      for (int v = 0; v < n; v++)
        if (cand[v])
          places[v]++, last[v] = c;
    }
    for (int v = 0; v < n; v++) {
      if (placed >> v & 1)
        continue;
      int at = last[v], count = places[v];
      if (count > 1)
        continue;
      gc_find_reset(f);
      for (int j = 0; j < n; j++)
        if (cells[j] != at)
          gc_find_not(f, kb, cells[j], v);
      if (count == 0)
        return -1; /* no place for v in the unit */
      char unit[32], name[16];
      gc_latin_unit_name(n, u, unit, sizeof unit);
      gc_cell_name(n, at, name, sizeof name);
      int r = gc_find_emit(f, at, v, 0, "%s is %d: the only place left for %d in %s",
                           name, v + 1, v + 1, unit);
      if (r)
        return r;
    }
  }
  gc_find_reset(f);
  return 0;
}

int gc_latin_naked_single(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  (void)pz;
  int n = kb->n;
  for (int c = 0; c < n * n; c++) {
    if (kb->val[c] >= 0 || kb->left[c] > 1)
      continue;
    gc_find_reset(f);
    gc_find_cell_state(f, kb, c);
    if (kb->left[c] == 0)
      return -1;
    int v = 0;
    while (!gc_kb_can(kb, c, v))
      v++;
    char name[16];
    gc_cell_name(n, c, name, sizeof name);
    int r = gc_find_emit(f, c, v, 0, "%s is %d: every other digit is ruled out there",
                         name, v + 1);
    if (r)
      return r;
  }
  gc_find_reset(f);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Subsets                                                                 */

static const char *const size_word[] = {"", "single", "pair", "triple", "quad"};

/* The digit list "2, 5 and 7" of mask (bit v = digit v + 1). */
static void digit_list(unsigned long long mask, char *buf, size_t size) {
  if (!size)
    return;
  int k = 0, total = __builtin_popcountll(mask);
  char *p = buf, *end = buf + size - 1;
  for (int v = 0; v < 64; v++)
    if (mask >> v & 1) {
      k++;
      p = gc_put_str(p, end, k == 1 ? "" : k == total ? " and " : ", ");
      p = gc_put_int(p, end, v + 1);
    }
  *p = 0;
}

/* Candidate mask of an open cell. */
static unsigned long long cand_mask(const gc_kb *kb, int c) {
  unsigned long long m = 0;
  for (int v = 0; v < kb->d; v++)
    if (gc_kb_can(kb, c, v))
      m |= 1ull << v;
  return m;
}

/* Next k-combination of 0..m-1 in idx (first call with idx[0] = -1). */
static int next_comb(int *idx, int k, int m) {
  if (idx[0] < 0) {
    if (k > m)
      return 0;
    for (int i = 0; i < k; i++)
      idx[i] = i;
    return 1;
  }
  int i = k - 1;
  while (i >= 0 && idx[i] == m - k + i)
    i--;
  if (i < 0)
    return 0;
  idx[i]++;
  for (int j = i + 1; j < k; j++)
    idx[j] = idx[j - 1] + 1;
  return 1;
}

/* Naked: k open cells of the unit whose candidates are k digits. */
static int naked_subsets(const gc_kb *kb, gc_find *f, int u, const int *open,
                         int nopen, int k) {
  int n = kb->n, idx[8];
  idx[0] = -1;
  while (next_comb(idx, k, nopen)) {
    unsigned long long uni = 0, in = 0;
    for (int i = 0; i < k; i++) {
      uni |= cand_mask(kb, open[idx[i]]);
      in |= 1ull << idx[i];
    }
    if (__builtin_popcountll(uni) > k)
      continue;
    gc_find_reset(f);
    for (int i = 0; i < k; i++)
      gc_find_cell_state(f, kb, open[idx[i]]);
    if (__builtin_popcountll(uni) < k)
      return -1; /* k cells, fewer digits */
    char unit[32], digits[64], cellsw[96];
    gc_latin_unit_name(n, u, unit, sizeof unit);
    digit_list(uni, digits, sizeof digits);
    size_t at = 0;
    for (int i = 0; i < k; i++) {
      char nm[16];
      gc_cell_name(n, open[idx[i]], nm, sizeof nm);
      at += (size_t)snprintf(cellsw + at, sizeof cellsw - at, "%s%s",
                             i == 0 ? "" : i == k - 1 ? " and " : ", ", nm);
    }
    for (int j = 0; j < nopen; j++) {
      if (in >> j & 1)
        continue;
      unsigned long long gone = cand_mask(kb, open[j]) & uni;
      if (!gone)
        continue;
      char nm[16], gw[64];
      gc_cell_name(n, open[j], nm, sizeof nm);
      digit_list(gone, gw, sizeof gw);
      int r = gc_find_emit(f, open[j], -1, gone,
                           "naked %s in %s: %s hold %s between them, so %s "
                           "is not %s",
                           size_word[k], unit, cellsw, digits, nm, gw);
      if (r)
        return r;
    }
  }
  return 0;
}

/* Hidden: k missing digits whose places in the unit are k cells. */
static int hidden_subsets(const gc_kb *kb, gc_find *f, int u, const int *cells,
                          const int *digits, int ndig, int k) {
  int n = kb->n, idx[8];
  idx[0] = -1;
  while (next_comb(idx, k, ndig)) {
    unsigned long long where = 0, dm = 0; /* bit j: cells[j] */
    for (int i = 0; i < k; i++) {
      int v = digits[idx[i]];
      dm |= 1ull << v;
      for (int j = 0; j < n; j++)
        if (kb->val[cells[j]] < 0 && gc_kb_can(kb, cells[j], v))
          where |= 1ull << j;
    }
    if (__builtin_popcountll(where) > k)
      continue;
    gc_find_reset(f);
    for (int i = 0; i < k; i++)
      for (int j = 0; j < n; j++)
        if (!(where >> j & 1))
          gc_find_not(f, kb, cells[j], digits[idx[i]]);
    if (__builtin_popcountll(where) < k)
      return -1;
    char unit[32], dw[64];
    gc_latin_unit_name(n, u, unit, sizeof unit);
    digit_list(dm, dw, sizeof dw);
    for (int j = 0; j < n; j++) {
      if (!(where >> j & 1))
        continue;
      unsigned long long gone = cand_mask(kb, cells[j]) & ~dm;
      if (!gone)
        continue;
      char nm[16], gw[64];
      gc_cell_name(n, cells[j], nm, sizeof nm);
      digit_list(gone, gw, sizeof gw);
      int r = gc_find_emit(f, cells[j], -1, gone,
                           "hidden %s in %s: %s have only %d places there, so "
                           "%s holds one of them, not %s",
                           size_word[k], unit, dw, k, nm, gw);
      if (r)
        return r;
    }
  }
  return 0;
}

/* A unit whose candidates have not changed since it showed no subset is
   not searched again (memo: the sum of its cells' stamps).  A subset
   found leaves its support gathered (each finder resets it first), so an
   empty support after a unit's search means it had none. */
int gc_latin_subset(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  (void)pz;
  int n = kb->n, cells[GC_MAX_N], open[GC_MAX_N], digits[GC_MAX_N];
  for (int u = 0; u < units_of(kb); u++) {
    gc_latin_unit(n, kb->br, kb->bc, u, cells);
    unsigned long sig = 1;
    for (int j = 0; j < n; j++)
      sig += kb->stamp[cells[j]];
    unsigned long *memo = &kb->memo[GC_KB_MEMO_SUBSET + u];
    if (*memo == sig)
      continue;
    int nopen = 0, ndig = 0;
    for (int j = 0; j < n; j++)
      if (kb->val[cells[j]] < 0)
        open[nopen++] = cells[j];
    for (int v = 0; v < n; v++)
      if (!placed_in(kb, cells, v))
        digits[ndig++] = v;
    gc_find_reset(f);
    /* k up to nopen - 2: a subset of nopen - 1 cells leaves a single */
    for (int k = 2; k <= 4 && k <= nopen - 2; k++) {
      int r = naked_subsets(kb, f, u, open, nopen, k);
      if (!r)
        r = hidden_subsets(kb, f, u, cells, digits, ndig, k);
      if (r)
        return r;
    }
    if (!f->nfact && !f->nitem)
      *memo = sig;
  }
  gc_find_reset(f);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Fish                                                                    */

static const char *const fish_name[] = {"", "", "X-wing", "swordfish",
                                        "jellyfish"};

/* Digit v: base lines (rows when cols = 0) whose places lie in k cover
   lines; takes v from the cover lines' other cells. */
static int fish_one(const gc_kb *kb, gc_find *f, int v, int k, int by_col) {
  int n = kb->n, base[GC_MAX_N], nb = 0, idx[8];
  unsigned long long places[GC_MAX_N];
#define AT(b, x) (by_col ? (x) * n + (b) : (b) * n + (x))
  for (int b = 0; b < n; b++) {
    unsigned long long m = 0;
    int done = 0;
    for (int x = 0; x < n; x++) {
      int c = AT(b, x);
      if (kb->val[c] == v)
        done = 1;
      else if (kb->val[c] < 0 && gc_kb_can(kb, c, v))
        m |= 1ull << x;
    }
    if (!done) {
      places[nb] = m;
      base[nb++] = b;
    }
  }
  idx[0] = -1;
  while (next_comb(idx, k, nb)) {
    unsigned long long cover = 0;
    for (int i = 0; i < k; i++)
      cover |= places[idx[i]];
    if (__builtin_popcountll(cover) != k)
      continue;
    /* anything to take? */
    int any = 0;
    for (int b = 0; b < nb && !any; b++) {
      int inset = 0;
      for (int i = 0; i < k; i++)
        inset |= idx[i] == b;
      if (!inset && (places[b] & cover))
        any = 1;
    }
    if (!any)
      continue;
    gc_find_reset(f);
    for (int i = 0; i < k; i++)
      for (int x = 0; x < n; x++)
        if (!(cover >> x & 1))
          gc_find_not(f, kb, AT(base[idx[i]], x), v);
    char lines[96];
    size_t at = 0;
    for (int i = 0; i < k; i++)
      at += (size_t)snprintf(lines + at, sizeof lines - at, "%s%d",
                             i == 0 ? "" : i == k - 1 ? " and " : ", ",
                             base[idx[i]] + 1);
    for (int b = 0; b < nb; b++) {
      int inset = 0;
      for (int i = 0; i < k; i++)
        inset |= idx[i] == b;
      if (inset)
        continue;
      for (int x = 0; x < n; x++)
        if (places[b] & cover & (1ull << x)) {
          char nm[16];
          int c = AT(base[b], x);
          gc_cell_name(n, c, nm, sizeof nm);
          int r = gc_find_emit(
              f, c, -1, 1ull << v,
              "%s on %d: in %s %s the %d can only stand in %d %s, which "
              "it then fills, so %s is not %d",
              fish_name[k], v + 1, by_col ? "columns" : "rows", lines, v + 1,
              k, by_col ? "rows" : "columns", nm, v + 1);
          if (r)
            return r;
        }
    }
  }
#undef AT
  return 0;
}

int gc_latin_fish(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  (void)pz;
  for (int k = 2; k <= 4; k++)
    for (int v = 0; v < kb->n; v++)
      for (int by_col = 0; by_col < 2; by_col++) {
        int r = fish_one(kb, f, v, k, by_col);
        if (r)
          return r;
      }
  gc_find_reset(f);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Forcing chains                                                          */

static int in_line(const gc_kb *kb, int a, int b) {
  int n = kb->n;
  if (a / n == b / n || a % n == b % n)
    return 1;
  if (!kb->br)
    return 0;
  return (a / n) / kb->br == (b / n) / kb->br &&
         (a % n) / kb->bc == (b % n) / kb->bc;
}

int gc_latin_forcing_chain(const gc_puzzle *pz, const gc_kb *kb, gc_find *f) {
  (void)pz;
  int n = kb->n, nn = n * n;
  int *num = malloc((size_t)nn * sizeof *num);
  int *prev = malloc((size_t)nn * sizeof *prev);
  int *queue = malloc((size_t)nn * sizeof *queue);
  int rc = 0;
  if (!num || !prev || !queue) {
    f->nomem = 1;
    goto done;
  }
  for (int x = 0; x < nn && !rc; x++) {
    if (kb->val[x] >= 0 || kb->left[x] != 2)
      continue;
    unsigned long long m = cand_mask(kb, x);
    for (int orig = 0; orig < n && !rc; orig++) {
      if (!(m >> orig & 1))
        continue;
      int other = __builtin_ctzll(m & ~(1ull << orig));
      for (int i = 0; i < nn; i++)
        num[i] = -1;
      int head = 0, tail = 0;
      queue[tail++] = x;
      prev[x] = -1;
      num[x] = other; /* suppose x is not orig */
      while (head < tail && !rc) {
        int cur = queue[head++], cv = num[cur];
        for (int y = 0; y < nn && !rc; y++) {
          if (y == cur || num[y] >= 0 || kb->val[y] >= 0 || !in_line(kb, cur, y) ||
              !gc_kb_can(kb, y, cv))
            continue;
          if (kb->left[y] == 2) {
            num[y] = __builtin_ctzll(cand_mask(kb, y) & ~(1ull << cv));
            prev[y] = cur;
            queue[tail++] = y;
          }
          if (cv == orig && in_line(kb, x, y)) {
            /* x is orig, or the chain makes cur orig: y sees both */
            gc_find_reset(f);
            char chain[160] = "", nm[16];
            size_t at = 0;
            int len = 0;
            for (int c = cur; c >= 0; c = prev[c]) {
              gc_find_cell_state(f, kb, c);
              gc_cell_name(n, c, nm, sizeof nm);
              if (at < sizeof chain - 24)
                at += (size_t)snprintf(chain + at, sizeof chain - at, "%s%s",
                                       len ? "-" : "", nm);
              len++;
            }
            char yn[16], xn[16], en[16];
            gc_cell_name(n, y, yn, sizeof yn);
            gc_cell_name(n, x, xn, sizeof xn);
            gc_cell_name(n, cur, en, sizeof en);
            rc = gc_find_emit(f, y, -1, 1ull << orig,
                              "forcing chain %s (two digits per cell): %s or "
                              "%s is %d, and %s sees both, so it is not %d",
                              chain, xn, en, orig + 1, yn, orig + 1);
          }
        }
      }
    }
  }
done:
  free(num);
  free(prev);
  free(queue);
  if (!rc)
    gc_find_reset(f);
  return rc;
}
