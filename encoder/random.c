/*
 * random.c: see random.h.
 */
#include "random.h"

#include <stdlib.h>
#include <string.h>

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void gc_rng_seed(gc_rng *r, uint64_t seed, uint64_t index) {
  uint64_t x = seed ^ (index * 0xd1b54a32d192ed03ULL);
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gc_rng_next(gc_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

int gc_rng_below(gc_rng *r, int bound) {
  if (bound <= 1)
    return 0;
  uint64_t b = (uint64_t)bound;
  uint64_t limit = UINT64_MAX - UINT64_MAX % b; /* reject the ragged top */
  uint64_t x;
  do
    x = gc_rng_next(r);
  while (x >= limit);
  return (int)(x % b);
}

void gc_rng_shuffle(gc_rng *r, int *a, size_t n) {
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)gc_rng_below(r, (int)i);
    int t = a[i - 1];
    a[i - 1] = a[j];
    a[j] = t;
  }
}

/*------------------------------------------------------------------------*/

typedef struct latin_fill {
  gc_rng *rng;
  int n, br, bc;
  int *cell;                   /* 0 = empty */
  uint64_t *row, *col, *box;   /* used values as bits 1..n */
  long nodes, budget;
} latin_fill;

static int box_of(const latin_fill *f, int r, int c) {
  return f->br ? (r / f->br) * (f->n / f->bc) + c / f->bc : 0;
}

static uint64_t free_values(const latin_fill *f, int r, int c) {
  uint64_t all = ((f->n >= 63 ? 0 : (1ULL << (f->n + 1))) - 2);
  uint64_t used = f->row[r] | f->col[c] | (f->br ? f->box[box_of(f, r, c)] : 0);
  return all & ~used;
}

static int popcount64(uint64_t x) {
  int k = 0;
  for (; x; x &= x - 1)
    k++;
  return k;
}

/* 1 filled, 0 dead end, -1 over budget. */
static int fill(latin_fill *f, int left) {
  if (!left)
    return 1;
  if (++f->nodes > f->budget)
    return -1;
  int n = f->n, best = -1, bestk = n + 1, ties = 0;
  for (int i = 0; i < n * n; i++) {
    if (f->cell[i])
      continue;
    int k = popcount64(free_values(f, i / n, i % n));
    if (k < bestk) {
      bestk = k;
      best = i;
      ties = 1;
    } else if (k == bestk && gc_rng_below(f->rng, ++ties) == 0)
      best = i; /* reservoir choice among the ties */
    if (k == 0)
      return 0;
  }
  int r = best / n, c = best % n, b = box_of(f, r, c);
  uint64_t cand = free_values(f, r, c);
  int vals[64], k = 0;
  for (int v = 1; v <= n; v++)
    if (cand >> v & 1)
      vals[k++] = v;
  gc_rng_shuffle(f->rng, vals, (size_t)k);
  for (int i = 0; i < k; i++) {
    uint64_t bit = 1ULL << vals[i];
    f->cell[best] = vals[i];
    f->row[r] |= bit, f->col[c] |= bit;
    if (f->br)
      f->box[b] |= bit;
    int res = fill(f, left - 1);
    if (res)
      return res;
    f->row[r] &= ~bit, f->col[c] &= ~bit;
    if (f->br)
      f->box[b] &= ~bit;
    f->cell[best] = 0;
  }
  return 0;
}

int gc_random_latin(gc_rng *r, int n, int br, int bc, int *out) {
  if (n < 1 || n > 62 || (br && br * bc != n))
    return -1;
  uint64_t masks[3 * 62];
  latin_fill f = {r, n, br, bc, out, masks, masks + 62, masks + 124, 0, 0};
  for (int attempt = 0; attempt < 50; attempt++) {
    memset(out, 0, (size_t)n * (size_t)n * sizeof *out);
    memset(masks, 0, sizeof masks);
    f.nodes = 0;
    f.budget = 20L * n * n + 1000;
    if (fill(&f, n * n) == 1)
      return 0;
  }
  return -1;
}
