/*
 * starbattle_blocks.c: big sparse Star Battles made of dense ones.
 *
 * A grid much wider than its stars need (30x30 with 3 stars, 40x40 with 2)
 * is hard to make whole: the first regions around a layout let in hundreds
 * of other solutions that seldom share a cell, so the prune and fill of
 * starbattle_fill.c never finish (benchmarks/RESULTS.md).  Such a grid is
 * made here of p dense puzzles on its diagonal instead, each made whole
 * (sb_generate) and each unique:
 *
 *   The rows and the columns are cut into p bands of h_1 .. h_p lines;
 *   block k, the square where band k's rows and columns cross, is a dense
 *   h_k x h_k puzzle with its own h_k regions and m stars in each of its
 *   lines and regions.  A cell off the diagonal (rows of band i, columns
 *   of band j, i != j) joins a region of a block k <= min(i, j), grown
 *   from the block's edge.
 *
 * Why it is unique (the "k rows meeting only k regions" count, in order):
 * the rows of band 1 meet only block 1's regions, h_1 regions for h_1
 * rows, so those regions have all their stars in these rows; by columns,
 * likewise in band 1's columns: every star of block 1's regions is in
 * block 1, and their cells off it are empty.  Then the rows of band 2
 * meet, besides those empty cells, only block 2's regions, and so on.
 * Each block is then its own puzzle, whose one solution its generation
 * proved, so the whole grid has one too (and generate proves it again by
 * a fresh solve, as always).  A person can follow the same counts (the
 * pigeonhole of the step explanations: k rows whose open cells lie in k
 * regions).
 *
 * When: with one star past SB_WHOLE_ONE_STAR lines (whole, one region
 * then swallows most of the grid: 81 % at 20x20), in blocks of about
 * SB_ONE_STAR_BLOCK; with more stars from 8m lines on (two blocks of at
 * least 4m, the densest size that holds m stars a line), in as many
 * blocks of 4m + 1 as fit, at least two.  Whole generation was slow or
 * stuck there (seed 9: 18x18 and 20x20 with 2 stars up to 7 s, 22x22 with
 * 3 stars 100 s, 25x25 with 3 60 s, 30x30 with 3, 33x33 with 4 and 40x40
 * with 2 nothing in minutes); in blocks a puzzle takes about a second,
 * 40x40 with 5 stars about 12 s.  Below 8m lines (24x24 with 4 stars took
 * 76 s whole) only whole generation can work.
 *
 * Shapes: the cells off the diagonal grow onto the regions that may take
 * them, smallest first; only the regions on a block's edge reach them, so
 * a few grow long arms.  sb_balance then moves pieces of the largest
 * regions to smaller neighbours where the puzzle provably stays unique,
 * which about halves the largest region (median of five, seed 1: 20x20
 * with one star 72 -> 45 cells, 40x40 with one 170 -> 116, 40x40 with two
 * 220 -> 112, 30x30 with three 133 -> 80, 36x36 with four 155 -> 107; the
 * average is n) and blurs the blocks' edges.  A random symmetry of the
 * square then puts block 1 in any corner.
 */
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"

/* Where blocks start and their size (above), times a block is made again
   when its corners will not fit the block before, a piece's cells, proofs
   per line and a proof's conflicts (sb_balance). */
enum {
  SB_WHOLE_ONE_STAR = 14,
  SB_ONE_STAR_BLOCK = 10,
  SB_BLOCK_AGAIN = 8,
  SB_PIECE = 8,
  SB_BALANCE_CHECKS = 8,
  SB_CHECK_CONFLICTS = 500
};

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

int sb_block_count(int n, int m) {
  if (m == 1)
    return n > SB_WHOLE_ONE_STAR
               ? (n + SB_ONE_STAR_BLOCK - 1) / SB_ONE_STAR_BLOCK
               : 1;
  if (n < 8 * m)
    return 1;
  int p = n / (4 * m + 1);
  return p > 2 ? p : 2;
}

/* Cells off the diagonal into regions: a region of the fewest cells among
   those next to a free cell they may take (band[b]: region b's block,
   since block k's regions are numbered like its lines), then a random such
   cell.  Every free cell is reached: the cells between it and its own
   row's (column's) block along the line all allow that block. */
static void sb_arms(int n, const int *band, int *region, gc_rng *rng,
                    int *cand) {
  int nn = n * n, size[SB_MAX_N] = {0}, left = 0;
  for (int c = 0; c < nn; c++) {
    if (region[c] >= 0)
      size[region[c]]++;
    else
      left++;
  }
  for (; left > 0; left--) {
    int best = -1, best_size = nn + 1, ties = 0;
    char can[SB_MAX_N] = {0};
    for (int c = 0; c < nn; c++) {
      if (region[c] >= 0)
        continue;
      int most = band[c / n] < band[c % n] ? band[c / n] : band[c % n];
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
          continue;
        int b = region[r2 * n + c2];
        if (b >= 0 && band[b] <= most)
          can[b] = 1;
      }
    }
    for (int b = 0; b < n; b++) {
      if (!can[b] || size[b] > best_size)
        continue;
      if (size[b] < best_size)
        best_size = size[b], best = b, ties = 1;
      else if (gc_rng_below(rng, (uint64_t)++ties) == 0)
        best = b;
    }
    if (best < 0)
      return; /* cannot happen (see above); the proof would then fail */
    int k = 0;
    for (int c = 0; c < nn; c++) {
      if (region[c] >= 0)
        continue;
      int most = band[c / n] < band[c % n] ? band[c / n] : band[c % n];
      if (band[best] > most)
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
            region[r2 * n + c2] == best) {
          cand[k++] = c;
          break;
        }
      }
    }
    region[cand[gc_rng_below(rng, (uint64_t)k)]] = best;
    size[best]++;
  }
}

/* Whether region a is one piece without the cells marked in out (queue
   and seen: n * n scratch). */
static int sb_one_piece(int n, const int *region, int a, const char *out,
                        int *queue, char *seen) {
  int nn = n * n, first = -1, total = 0;
  for (int c = 0; c < nn; c++) {
    seen[c] = 0;
    if (region[c] == a && !out[c]) {
      total++;
      if (first < 0)
        first = c;
    }
  }
  if (first < 0)
    return 0;
  int head = 0, tail = 0;
  queue[tail++] = first;
  seen[first] = 1;
  while (head < tail) {
    int c = queue[head++];
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + dr[d], c2 = c % n + dc[d], y = r2 * n + c2;
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || seen[y] || region[y] != a ||
          out[y])
        continue;
      seen[y] = 1;
      queue[tail++] = y;
    }
  }
  return tail == total;
}

/* 1 when block k of pz (its h x h square at (at, at), with the regions
   of the block there, numbered from at) has no solution but its part of
   the known one; 0 another, or none found within SB_CHECK_CONFLICTS; -2
   stopped; -1 with err.  lits: room for n * n. */
static int sb_block_unique(const gc_puzzle *pz, int at, int h, gc_gen_ctx *gx,
                           int *lits, gc_error *err) {
  int n = pz->n, k = 0, rc = -1;
  const int *region = ((const sb *)pz->data)->region;
  gc_puzzle sub;
  memset(&sub, 0, sizeof sub);
  sub.genre = pz->genre;
  sub.line = 1;
  if (sb_alloc(&sub, h, ((const sb *)pz->data)->m, err))
    return -1;
  int *sr = ((sb *)sub.data)->region;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < h; j++)
      sr[i * h + j] = region[(at + i) * n + at + j] - at;
  void *s = gx->open(gx->arg, &sub, err);
  if (s) {
    for (int i = 0; i < h; i++)
      for (int j = 0; j < h; j++)
        if (pz->known.cell[(at + i) * n + at + j])
          lits[k++] = -(1 + i * h + j);
    gx->clause(s, lits, (size_t)k);
    int r = gx->solve_within(s, SB_CHECK_CONFLICTS);
    gx->close(s);
    rc = r == 20 ? 1 : r == 10 || r == 1 ? 0 : -2;
  } else if (!err->code)
    rc = -2;
  free(sub.data);
  return rc;
}

/* Whether cell c may join region b: off the diagonal, b's block is at
   most that of c's row and of its column (then the change needs no
   proof); on it, b is of the block there (then the block is proved unique
   again). */
static int sb_may_join(int n, const int *band, int c, int b) {
  int i = band[c / n], j = band[c % n];
  return i == j ? band[b] == i : band[b] <= (i < j ? i : j);
}

/* The regions far over the average (n cells) give pieces to smaller
   neighbours, which keeps the puzzle unique: off the diagonal to regions
   of the blocks allowed there (the counts above still hold, so nothing is
   asked), on it to another region of the same block, kept only when that
   block alone is still unique.  A piece is up to SB_PIECE starless cells
   of the region grown from a cell next to the neighbour, leaves the
   region in one piece and all may join the neighbour; a piece refused is
   tried at half its size.  This lets regions inside a block reach its
   edge and share the long arms off the diagonal (see the header).  At
   most SB_BALANCE_CHECKS proofs per line and n * n pieces; a proof gives
   up after SB_CHECK_CONFLICTS conflicts (counted, so the same seed makes
   the same puzzle on any machine) and the piece is refused.  0; -2
   stopped; -1 with err. */
static int sb_balance(gc_puzzle *pz, const int *band, const int *first,
                      const int *side, gc_gen_ctx *gx, gc_error *err) {
  int n = pz->n, nn = n * n, rc = 0;
  int *region = ((sb *)pz->data)->region, *star = pz->known.cell;
  int *work = gc_calloc((size_t)nn * 4, sizeof *work, err);
  char *flags = gc_calloc((size_t)nn * 2, 1, err);
  if (!work || !flags) {
    free(work);
    free(flags);
    return -1;
  }
  int *queue = work, *piece = work + nn, *lits = work + 2 * nn;
  int *cand = work + 3 * nn;
  char *out = flags, *seen = flags + nn;
  long checks = (long)SB_BALANCE_CHECKS * n, moves = nn;
  int size[SB_MAX_N] = {0};
  for (int c = 0; c < nn; c++)
    size[region[c]]++;
  while (checks > 0 && moves-- > 0 && rc == 0) {
    /* a random starless cell of a region over twice the average, next to
       a region it may join smaller by more than a piece */
    int k = 0;
    for (int c = 0; c < nn; c++) {
      int a = region[c];
      if (star[c] || size[a] <= 2 * n)
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
          continue;
        int b = region[r2 * n + c2];
        if (b != a && size[b] + SB_PIECE < size[a] &&
            sb_may_join(n, band, c, b)) {
          cand[k++] = c;
          break;
        }
      }
    }
    if (!k)
      break;
    int c0 = cand[gc_rng_below(gx->rng, k)], a = region[c0], b = -1;
    for (int d = 0, best = nn + 1; d < 4; d++) {
      int r2 = c0 / n + dr[d], c2 = c0 % n + dc[d];
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
        continue;
      int y = region[r2 * n + c2];
      if (y != a && size[y] < best && sb_may_join(n, band, c0, y))
        best = size[y], b = y;
    }
    int diag = band[c0 / n] == band[c0 % n], got = 0;
    memset(out, 0, (size_t)nn);
    piece[got++] = c0;
    out[c0] = 1;
    for (int head = 0; head < got && got < SB_PIECE; head++) {
      int c = piece[head], dirs[4] = {0, 1, 2, 3};
      gc_rng_shuffle(gx->rng, dirs, 4);
      for (int j = 0; j < 4 && got < SB_PIECE; j++) {
        int r2 = c / n + dr[dirs[j]], c2 = c % n + dc[dirs[j]];
        int y = r2 * n + c2;
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || out[y] ||
            region[y] != a || star[y] || !sb_may_join(n, band, y, b) ||
            (band[r2] == band[c2]) != diag)
          continue;
        out[y] = 1;
        piece[got++] = y;
      }
    }
    for (int want = got; want > 0; want /= 2) {
      memset(out, 0, (size_t)nn);
      for (int i = 0; i < want; i++)
        out[piece[i]] = 1;
      if (!sb_one_piece(n, region, a, out, queue, seen))
        continue;
      for (int i = 0; i < want; i++)
        region[piece[i]] = b;
      int u = !diag, kb = band[c0 / n]; /* off the squares: no proof */
      if (diag && checks > 0) {
        checks--;
        u = sb_block_unique(pz, first[kb], side[kb], gx, lits, err);
      }
      if (u == 1) {
        size[a] -= want;
        size[b] += want;
        gx->perturbs++;
        break;
      }
      for (int i = 0; i < want; i++)
        region[piece[i]] = a;
      if (u < 0) {
        rc = u;
        break;
      }
    }
  }
  free(work);
  free(flags);
  return rc;
}

/* One of the square's eight symmetries on an n x n array, in place. */
static void sb_symmetry(int n, int *a, int *tmp, int sym) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int r2 = sym & 1 ? n - 1 - r : r, c2 = sym & 2 ? n - 1 - c : c;
      if (sym & 4) {
        int x = r2;
        r2 = c2, c2 = x;
      }
      tmp[r2 * n + c2] = a[r * n + c];
    }
  memcpy(a, tmp, (size_t)n * (size_t)n * sizeof *a);
}

int sb_compose(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
               int blocks, gc_error *err) {
  int n = p->n, nn = n * n;
  sb *s = pz->data;
  int *region = s->region, *star = pz->known.cell;
  int size[SB_MAX_N], order[SB_MAX_N], band[SB_MAX_N], first[SB_MAX_N];
  for (int k = 0; k < blocks; k++) {
    size[k] = n / blocks;
    order[k] = k;
  }
  gc_rng_shuffle(gx->rng, order, (size_t)blocks);
  for (int k = 0; k < n % blocks; k++)
    size[order[k]]++;
  int *tmp = gc_calloc((size_t)nn, sizeof *tmp, err);
  if (!tmp)
    return -1;
  for (int c = 0; c < nn; c++)
    region[c] = -1, star[c] = 0;
  int rc = 0, again = 0;
  for (int k = 0, at = 0; k < blocks && rc == 0;) {
    int h = size[k];
    first[k] = at;
    for (int i = 0; i < h; i++)
      band[at + i] = k;
    gc_puzzle sub;
    memset(&sub, 0, sizeof sub);
    sub.genre = pz->genre;
    sub.line = 1;
    gc_gen_params sp = *p;
    sp.n = h;
    rc = sb_generate(&sub, &sp, gx, err);
    if (rc == 0) {
      /* a symmetry of the block (the one drawn, or the next that works)
         whose first corner holds no star when the block before has one
         in its last corner, since they would touch; the cell that lands
         in the first corner is the corner (sym & 1, sym & 2) */
      const sb *t = sub.data;
      int *sr = t->region, *ss = sub.known.cell;
      int corner = at > 0 && star[at * n + at - n - 1];
      int sym = gc_rng_below(gx->rng, 8), turn = 0;
      for (; turn < 8; turn++, sym = (sym + 1) % 8)
        if (!corner || !ss[(sym & 1 ? (h - 1) * h : 0) + (sym & 2 ? h - 1 : 0)])
          break;
      if (turn == 8)
        rc = 2; /* a star in each corner: the block is made again */
      sb_symmetry(h, sr, tmp, sym);
      sb_symmetry(h, ss, tmp, sym);
      for (int i = 0; i < h && rc == 0; i++)
        for (int j = 0; j < h; j++) {
          region[(at + i) * n + at + j] = at + sr[i * h + j];
          star[(at + i) * n + at + j] = ss[i * h + j];
        }
    }
    free(sub.data);
    gc_grid_free(&sub.known);
    if (rc == 0)
      at += size[k++];
    else if (rc == 2 && again++ < SB_BLOCK_AGAIN)
      rc = 0; /* block k again */
  }
  if (rc == 0) {
    sb_arms(n, band, region, gx->rng, tmp);
    int b = sb_balance(pz, band, first, size, gx, err);
    rc = b == -1 ? -1 : b == -2 ? 1 : 0;
  }
  if (rc == 0) {
    int sym = (int)gc_rng_below(gx->rng, 8);
    sb_symmetry(n, region, tmp, sym);
    sb_symmetry(n, star, tmp, sym);
  }
  free(tmp);
  return rc;
}
