/*
 * sbn.c: Star Battle Notation, the strings of StarBattleLab
 * (starbattlelab-* raws in the corpus).
 *
 *   SBN := D D S F borders [annotations] ["~h:" history]
 * D     the size as one base-36 digit (1-9, A-Z), written twice: "55",
 *       "AA" = 10, "PP" = 25;
 * S     the stars per row, column and region, one base-36 digit;
 * F     'W' (nothing follows the borders but an optional "~..." part) or
 *       'e' (the player's annotations follow; they are skipped);
 * borders  ceil(2n(n-1)/6) characters of 0-9 A-Z a-z - _ (6 bits each,
 *       most significant first); the bit field is padded with zeros at the
 *       front, so the last 2n(n-1) bits count.  The first n(n-1) are the
 *       vertical borders, bit r*(n-1)+c right of cell (r,c); the next
 *       n(n-1) the horizontal ones, column by column: bit c*(n-1)+r below
 *       cell (r,c).
 * Example: 551WErzW6FG is 5x5, 1 star, regions 01233/01223/00243/03443/
 * 03333.  Regions are the areas the borders enclose, numbered in reading
 * order; there must be n.
 *
 * Writing cannot hold sizes above 35, cells in no region or regions in
 * several pieces.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

static const char alphabet[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

static int b64(char c) {
  const char *p = c ? strchr(alphabet, c) : NULL;
  return p ? (int)(p - alphabet) : -1;
}

static int b36(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return -1;
}

static size_t border_chars(int n) { return (size_t)(2 * n * (n - 1) + 5) / 6; }

static int sniff(const char *s, size_t len) {
  if (len < 4 || b36(s[0]) < 0 || b36(s[1]) < 0 || b36(s[2]) < 0 ||
      (s[3] != 'W' && s[3] != 'e'))
    return 0;
  if (!b36(s[0]) || !b36(s[1]) || !b36(s[2]))
    return 30; /* a size or star count 0: the reader says so */
  size_t want = border_chars(b36(s[0])), i = 4;
  while (i < len && b64(s[i]) >= 0)
    i++;
  /* Weak claims (two sizes, a stray character, too few borders) count only
     when nothing else claims the input; the reader then says what is
     wrong.  Two sizes: only when the length fits one of them. */
  if (s[0] != s[1])
    return len - 4 == want || len - 4 == border_chars(b36(s[1])) ? 30 : 0;
  if (i < len && s[3] == 'W' && s[i] != '~')
    return 30;
  return i - 4 >= want ? 90 : 50;
}

static int sbn_read(const gc_fmt_in *in, size_t *used, json_t **record,
                    gc_error *err) {
  const char *s = in->text;
  size_t len = in->len;
  char what[32];
  *used = len;
  *record = NULL;
  for (size_t i = 0; i < 2; i++)
    if (i >= len || b36(s[i]) < 1) {
      gc_fmt_what(s, len, i, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, i,
                 "expected the size as a digit 1-9 or A-Z (twice, as in "
                 "'55'), got %s",
                 what);
      return -1;
    }
  if (s[0] != s[1]) {
    gc_fmt_err(in, err, GC_E_SHAPE, 1,
               "expected the size twice ('%c%c'), got '%c%c': gridcnf's grids "
               "are square",
               s[0], s[0], s[0], s[1]);
    return -1;
  }
  int n = b36(s[0]);
  if (len < 3 || b36(s[2]) < 1) {
    gc_fmt_what(s, len, 2, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, 2,
               "expected the number of stars (1-9, A-Z) after the size, got %s",
               what);
    return -1;
  }
  int m = b36(s[2]);
  gc_fmt_mark(in, "stars", -1, -1, 2);
  if (len < 4 || (s[3] != 'W' && s[3] != 'e')) {
    gc_fmt_what(s, len, 3, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, 3,
               "expected 'W' (no annotations) or 'e' (annotations follow) "
               "after the number of stars, got %s",
               what);
    return -1;
  }
  size_t want = border_chars(n), nbits = (size_t)(2 * n * (n - 1));
  for (size_t i = 0; i < want; i++)
    if (4 + i >= len || b64(s[4 + i]) < 0) {
      gc_fmt_what(s, len, 4 + i, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SHAPE, 4 + i,
                 "expected %zu border characters (0-9, A-Z, a-z, '-', '_') "
                 "for size %d, got %s after %zu",
                 want, n, what, i);
      return -1;
    }
  size_t end = 4 + want;
  if (s[3] == 'W' && end < len && s[end] != '~') {
    gc_fmt_what(s, len, end, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SHAPE, end,
               "expected the end after the %zu border characters of size %d "
               "(or '~' and the history), got %s",
               want, n, what);
    return -1;
  }
  unsigned char *right = calloc((size_t)(n * n), 2);
  int *region = malloc((size_t)(n * n) * sizeof *region);
  if (!right || !region) {
    free(right);
    free(region);
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return -1;
  }
  unsigned char *down = right + n * n;
  size_t pad = 6 * want - nbits;
  for (size_t k = 0; k < nbits; k++) {
    size_t bit = pad + k;
    int v = b64(s[4 + bit / 6]);
    if (!((v >> (5 - bit % 6)) & 1))
      continue;
    size_t half = nbits / 2;
    if (k < half) {
      int r = (int)(k / (size_t)(n - 1)), c = (int)(k % (size_t)(n - 1));
      right[r * n + c] = 1;
    } else {
      size_t h = k - half;
      int c = (int)(h / (size_t)(n - 1)), r = (int)(h % (size_t)(n - 1));
      down[r * n + c] = 1;
    }
  }
  int count = gc_regions_from_borders(n, right, down, region);
  free(right);
  int rc = -1;
  if (count < 0)
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
  else if (count != n)
    gc_fmt_err(in, err, GC_E_SHAPE, 4,
               "the borders make %d region%s; a %d x %d Star Battle has %d",
               count, count == 1 ? "" : "s", n, n, n);
  else {
    gc_fmt_mark(in, "regions", -1, -1, 4);
    json_t *rec = gc_rec_new("starbattle", n);
    if (!rec)
      gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    else {
      json_object_set_new(rec, "stars", json_integer(m));
      gc_rec_set_matrix(rec, "regions", region, n);
      *record = rec;
      rc = 1;
    }
  }
  free(region);
  return rc;
}

static char *sbn_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec), m = gc_rec_int(rec, "stars", 1);
  if (strcmp(g, "starbattle")) {
    gc_fmt_cannot(err, "Star Battle Notation holds Star Battle only, not %s", g);
    return NULL;
  }
  if (n > 35 || m > 35) {
    gc_fmt_cannot(err, "SBN writes the size and stars as one digit 1-9 or "
                       "A-Z (up to 35)");
    return NULL;
  }
  int *region = gc_rec_connected_regions(rec, n, err);
  if (!region)
    return NULL;
  size_t want = border_chars(n), nbits = (size_t)(2 * n * (n - 1));
  size_t pad = 6 * want - nbits, half = nbits / 2;
  gc_strbuf b = {0};
  char head[5] = {alphabet[n], alphabet[n], alphabet[m], 'W', 0};
  gc_sb_put(&b, head);
  int acc = 0;
  for (size_t bit = 0; bit < 6 * want; bit++) {
    int v = 0;
    if (bit >= pad) {
      size_t k = bit - pad;
      if (k < half) {
        int r = (int)(k / (size_t)(n - 1)), c = (int)(k % (size_t)(n - 1));
        v = region[r * n + c] != region[r * n + c + 1];
      } else {
        size_t h = k - half;
        int c = (int)(h / (size_t)(n - 1)), r = (int)(h % (size_t)(n - 1));
        v = region[r * n + c] != region[(r + 1) * n + c];
      }
    }
    acc = acc * 2 + v;
    if (bit % 6 == 5) {
      char ch[2] = {alphabet[acc], 0};
      gc_sb_put(&b, ch);
      acc = 0;
    }
  }
  free(region);
  return gc_fmt_finish(&b, err);
}

const gc_format gc_format_sbn = {
    .name = "sbn",
    .summary = "Star Battle Notation (StarBattleLab): '551WErzW6FG'",
    .genres = "starbattle",
    .order = 30,
    .sniff = sniff,
    .read = sbn_read,
    .write = sbn_write,
};
