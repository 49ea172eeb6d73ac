/*
 * starbattle.c: Star Battle, also known as Parks, Two Not Touch and (with
 * one star) LinkedIn's Queens.  An n x n grid is split into n regions;
 * place m stars in every row, every column and every region so that no two
 * stars touch, not even diagonally.  A cell that belongs to no region (the
 * Parks game's "non-regular" puzzles) never holds a star.
 *
 * Text notation: an optional header, then one line per row with one
 * character per cell naming its region (A-Z, a-z, 0-9; case matters; '.'
 * is a cell in no region).  Spaces between cells are ignored.  Region ids
 * follow the characters' order A-Z, a-z, 0-9 (so A is region 0, and a
 * grid written from JSON ids reads back with the same ids).
 *     starbattle 2           optional; also "stars=2" or "m=2"; default 1
 *     AABBBCCC
 *     ...
 * The matrix form of the Parks post (seed 001) is read too:
 *     parks=[[0, 1, 1], [0, 2, 1], [2, 2, 1]], m=1, n=3
 * JSON: "stars" (m, default 1) and "regions" (n x n ids 0..n-1, -1 = no
 * region), as in the corpus.
 *
 *
 * The genre lives in four files: this one (the table, JSON, the checker,
 * text and SVG output), starbattle_text.c (the text notations),
 * starbattle_encode.c (the CNF) with starbattle_strategies.c (the implied
 * counts of options sb_pairs, sb_bands and sb_blocks), and
 * starbattle_gen.c (generation); starbattle.h holds what they share.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/strbuf.h"
#include "starbattle.h"
#include "svg.h"

char sb_region_char(int k) {
  return k < 26 ? (char)('A' + k) : k < 52 ? (char)('a' + k - 26)
                                           : (char)('0' + k - 52);
}

int sb_alloc(gc_puzzle *pz, int n, int m, gc_error *err) {
  sb *s = gc_calloc(1, sizeof *s + (size_t)(n * n) * sizeof(int), err);
  if (!s)
    return -1;
  s->region = (int *)(s + 1);
  s->m = m;
  for (int k = 0; k < n; k++)
    s->label[k] = sb_region_char(k);
  pz->n = n;
  pz->data = s;
  return 0;
}

void sb_region_name(const sb *s, int k, char *buf, size_t size) {
  if (s->text_labels || k < 26)
    snprintf(buf, size, "%c", s->label[k]);
  else
    snprintf(buf, size, "%d", k);
}

const char *sb_plural(int k) { return k == 1 ? "" : "s"; }

int sb_small_region(int n, int m, const int *region, int *size,
                        int *first) {
  int count[SB_MAX_N] = {0}, at[SB_MAX_N];
  for (int i = n * n - 1; i >= 0; i--)
    if (region[i] >= 0) {
      count[region[i]]++;
      at[region[i]] = i;
    }
  for (int k = 0; k < n; k++)
    if (count[k] < m) {
      *size = count[k];
      *first = at[k];
      return k;
    }
  return -1;
}

int sb_missing_ids(int n, const int *region, char *list, size_t size) {
  int used[SB_MAX_N] = {0}, total = 0;
  for (int i = 0; i < n * n; i++)
    if (region[i] >= 0)
      used[region[i]] = 1;
  for (int k = 0; k < n; k++)
    total += !used[k];
  list[0] = 0;
  size_t len = 0;
  for (int k = 0, j = 0; k < n; k++) {
    if (used[k])
      continue;
    j++;
    int w = j > 8 ? snprintf(list + len, size - len, ", ...")
                  : snprintf(list + len, size - len, "%s%d",
                             j == 1 ? "" : j == total ? " and " : ", ", k);
    if (w < 0 || (size_t)w >= size - len || j > 8)
      break;
    len += (size_t)w;
  }
  return total;
}

/*------------------------------------------------------------------------*/
/* JSON                                                                    */

static int sb_parse_json(const json_t *rec, const gc_jctx *cx, gc_puzzle *pz,
                         gc_error *err) {
  int n, m = 1;
  if (gc_json_size(cx, rec, "regions", SB_MAX_N, "starbattle", &n, err))
    return -1;
  int got = gc_json_int(cx, rec, "stars", INT_MIN, INT_MAX, &m, err);
  if (got < 0)
    return -1;
  if (got && (m < 1 || m > SB_MAX_M)) {
    gc_jerr(cx, err, GC_E_RANGE, "stars", -1, -1,
            "stars %d is out of range 1..%d (stars per row, column and "
            "region)",
            m, SB_MAX_M);
    return -1;
  }
  if (m > n) {
    gc_jerr(cx, err, GC_E_RANGE, "stars", -1, -1,
            "stars %d is out of range 1..%d for a %d x %d grid", m, n, n, n);
    return -1;
  }
  const json_t *jr = json_object_get(rec, "regions");
  if (!jr || json_is_null(jr)) {
    gc_jerr(cx, err, GC_E_SHAPE, NULL, -1, -1,
            "the record has no \"regions\" matrix (n x n region ids, -1 = no "
            "region)");
    return -1;
  }
  if (sb_alloc(pz, n, m, err))
    return -1;
  sb *s = pz->data;
  if (gc_json_matrix(cx, rec, "regions", n, -1, n - 1, s->region, err) < 0)
    return -1;
  char list[128];
  int missing = sb_missing_ids(n, s->region, list, sizeof list);
  if (missing) {
    gc_jerr(cx, err, GC_E_SHAPE, "regions", -1, -1,
            "region id%s %s %s not used: a %d x %d grid needs %d regions, "
            "ids 0..%d",
            sb_plural(missing), list, missing == 1 ? "is" : "are", n, n, n, n - 1);
    return -1;
  }
  int size, first;
  int k = sb_small_region(n, m, s->region, &size, &first);
  if (k >= 0) {
    gc_jerr(cx, err, GC_E_SHAPE, "regions", first / n, first % n,
            "region %d has %d cell%s, too few for %d stars (its first cell is "
            "r%dc%d)",
            k, size, sb_plural(size), m, first / n + 1, first % n + 1);
    return -1;
  }
  return 0;
}

/*------------------------------------------------------------------------*/

static void sb_check(const gc_puzzle *pz, const gc_grid *g, int partial,
                     gc_report *rep) {
  const sb *s = pz->data;
  int n = pz->n, m = s->m;
  const int *x = g->cell;
  for (int i = 0; i < n * n; i++)
    if (x[i] == GC_EMPTY ? !partial : x[i] != 0 && x[i] != 1) {
      if (gc_broken(rep, x[i] == GC_EMPTY ? "r%dc%d is empty"
                                          : "r%dc%d holds %d, not 0 (no star) or 1 (star)",
                    i / n + 1, i % n + 1, x[i]))
        return;
    }
#define STAR(i) (x[i] == 1)
#define OPEN(i) (x[i] == GC_EMPTY)
  for (int i = 0; i < n * n; i++)
    if (STAR(i) && s->region[i] < 0 &&
        gc_broken(rep, "star at r%dc%d is in no region", i / n + 1, i % n + 1))
      return;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!STAR(r * n + c))
        continue;
      for (int r2 = r; r2 <= r + 1 && r2 < n; r2++)
        for (int c2 = c - 1; c2 <= c + 1; c2++) {
          if (c2 < 0 || c2 >= n || (r2 == r && c2 <= c) || !STAR(r2 * n + c2))
            continue;
          if (gc_broken(rep, "stars at r%dc%d and r%dc%d touch", r + 1, c + 1,
                        r2 + 1, c2 + 1))
            return;
        }
    }
  /* A count is broken when exceeded, or when short with no cell open. */
  for (int unit = 0; unit < 2; unit++)
    for (int u = 0; u < n; u++) {
      int k = 0, open = 0;
      for (int i = 0; i < n; i++) {
        int at = unit ? i * n + u : u * n + i;
        k += STAR(at);
        open += OPEN(at);
      }
      if ((k > m || (k < m && !open)) &&
          gc_broken(rep, "%s %d has %d star%s, needs %d", unit ? "column" : "row",
                    u + 1, k, sb_plural(k), m))
        return;
    }
  int count[SB_MAX_N] = {0}, open[SB_MAX_N] = {0};
  for (int i = 0; i < n * n; i++)
    if (s->region[i] >= 0) {
      count[s->region[i]] += STAR(i);
      open[s->region[i]] += OPEN(i);
    }
  for (int k = 0; k < n; k++)
    if (count[k] > m || (count[k] < m && !open[k])) {
      char name[16];
      sb_region_name(s, k, name, sizeof name);
      if (gc_broken(rep, "region %s has %d star%s, needs %d", name, count[k],
                    sb_plural(count[k]), m))
        return;
    }
#undef STAR
#undef OPEN
}

/*------------------------------------------------------------------------*/

/* ch names a region, in either case (a grid may write "d" for D). */
static int sb_is_region_char(const gc_puzzle *pz, int ch) {
  const sb *s = pz->data;
  for (int k = 0; k < pz->n; k++)
    if (tolower((unsigned char)s->label[k]) == tolower(ch))
      return 1;
  return 0;
}

/* The character of cell i in the notation: its region's letter ('.' for
   no region), or with g a '*' for a star.  With g the text is a grid for
   gc_grid_read, where '.' is an empty cell and '1' a star: a cell in no
   region is written '-' there, a region named '1' too. */
static char sb_cell_char(const sb *s, const gc_grid *g, int i) {
  int k = s->region[i];
  if (!g)
    return k < 0 ? '.' : s->label[k];
  if (g->cell[i] == 1)
    return '*';
  if (g->cell[i] == GC_EMPTY)
    return '.';
  return k < 0 || s->label[k] == '1' ? '-' : s->label[k];
}

/* The region map for a terminal: box-drawing lines between regions (and
   around the grid), a star (U+2605) or a dot (U+00B7) in each cell, a
   shade (U+2591) in a cell in no region.  A cell is three columns wide
   up to 19 x 19 (about square on a terminal), one column above. */
static void sb_draw_boxes(const gc_puzzle *pz, const gc_grid *g,
                          const gc_grid *other, gc_strbuf *b) {
  static const char *const joint[16] = {
      " ", "\u2575", "\u2577", "\u2502", "\u2574", "\u2518", "\u2510", "\u2524",
      "\u2576", "\u2514", "\u250c", "\u251c", "\u2500", "\u2534", "\u252c", "\u253c"};
  const sb *s = pz->data;
  int n = pz->n, w = n <= 19 ? 3 : 1;
#define REG(r, c) ((r) < 0 || (r) >= n || (c) < 0 || (c) >= n ? -2 : s->region[(r) * n + (c)])
#define HSEG(r, c) (REG((r) - 1, c) != REG(r, c)) /* above cell (r, c) */
#define VSEG(r, c) (REG(r, (c) - 1) != REG(r, c)) /* left of cell (r, c) */
  gc_sb_printf(b, "starbattle %d\n", s->m);
  for (int r = 0; r <= n; r++) {
    gc_sb_pen(b, GC_STYLE_BORDER);
    for (int c = 0; c <= n; c++) {
      int arms = (r > 0 && VSEG(r - 1, c)) | (r < n && VSEG(r, c)) << 1 |
                 (c > 0 && HSEG(r, c - 1)) << 2 | (c < n && HSEG(r, c)) << 3;
      gc_sb_put(b, joint[arms]);
      for (int k = 0; c < n && k < w; k++)
        gc_sb_put(b, HSEG(r, c) ? "\u2500" : " ");
    }
    gc_sb_pen(b, GC_STYLE_TEXT);
    gc_sb_put(b, "\n");
    if (r == n)
      break;
    for (int c = 0; c <= n; c++) {
      gc_sb_pen(b, GC_STYLE_BORDER);
      gc_sb_put(b, VSEG(r, c) ? "\u2502" : " ");
      if (c == n)
        break;
      int i = r * n + c, v = g->cell[i];
      int style = v == 1 ? GC_STYLE_STAR : GC_STYLE_EMPTY;
      if (other && other->cell[i] != v)
        style |= GC_STYLE_DIFFERS;
      gc_sb_pen(b, GC_STYLE_TEXT);
      if (w == 3)
        gc_sb_put(b, " ");
      gc_sb_pen(b, style);
      gc_sb_put(b, v == 1                ? "\u2605"
                   : v == GC_EMPTY       ? "."
                   : s->region[i] < 0    ? "\u2591"
                                         : "\u00b7");
      gc_sb_pen(b, GC_STYLE_TEXT);
      if (w == 3)
        gc_sb_put(b, " ");
    }
    gc_sb_pen(b, GC_STYLE_TEXT);
    gc_sb_put(b, "\n");
  }
#undef REG
#undef HSEG
#undef VSEG
}

static void sb_draw(const gc_puzzle *pz, const gc_grid *g, const gc_look *lk,
                    gc_strbuf *b) {
  const sb *s = pz->data;
  int n = pz->n;
  const gc_grid *other = g && lk ? lk->other : NULL;
  if (g && lk && lk->boxes) {
    sb_draw_boxes(pz, g, other, b);
    return;
  }
  gc_sb_printf(b, "starbattle %d\n", s->m);
  char row[SB_MAX_N + 1];
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++)
      row[c] = sb_cell_char(s, g, r * n + c);
    row[n] = 0;
    /* A row that spells a genre's name ("TOWERS") would read as a header
       line: space its cells out. */
    int spaced = !g && gc_genre_find(row);
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      int style = !g ? GC_STYLE_TEXT
                  : g->cell[i] == 1 ? GC_STYLE_STAR
                                    : GC_STYLE_EMPTY;
      if (other && other->cell[i] != g->cell[i])
        style |= GC_STYLE_DIFFERS;
      gc_sb_pen(b, GC_STYLE_TEXT);
      if (spaced && c)
        gc_sb_put(b, " ");
      gc_sb_pen(b, style);
      gc_sb_putn(b, &row[c], 1);
    }
    gc_sb_pen(b, GC_STYLE_TEXT);
    gc_sb_put(b, "\n");
  }
}

static char *sb_render(const gc_puzzle *pz, const gc_grid *g) {
  gc_strbuf b = {0};
  sb_draw(pz, g, NULL, &b);
  return gc_sb_finish(&b);
}

/* The picture: cells in no region shaded, thin grid lines, one thick line
   per unit edge between cells of different regions (a region cell next to
   a cell in no region counts; the outer frame is one rect of its own), and
   g's stars in the solution colour. */
static char *sb_picture(const gc_puzzle *pz, const gc_grid *g,
                        const gc_step *st) {
  const sb *s = pz->data;
  int n = pz->n;
  const double cell = 40, pad = 8;
  int side = (int)(n * cell + 2 * pad), none = 0;
  for (int i = 0; i < n * n; i++)
    none |= s->region[i] < 0;
  char title[240], legend[400];
  gc_svg_title(title, sizeof title, pz->id, "Star Battle", n);
  size_t tl = strlen(title);
  snprintf(title + tl, sizeof title - tl, ", %d star%s", s->m, sb_plural(s->m));
  snprintf(legend, sizeof legend,
           "Place %d star%s in every row, every column and every outlined "
           "region. Stars never touch, not even diagonally.%s%s",
           s->m, sb_plural(s->m), none ? " A shaded cell holds no star." : "",
           !g   ? ""
           : st ? " The stars found so far are in blue; a dot marks a cell "
                  "found to hold none."
                : " The solution's stars are in blue.");
  gc_strbuf b = {0};
  gc_svg_page pg;
  gc_svg_page_begin(&b, &pg, side, side, title, legend);
  const double x0 = pg.dx + pad, y0 = pg.dy + pad;
  if (st)
    gc_svg_step_cells(&b, st, n, x0, y0, cell, 0, s->region, 0, 0);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      if (s->region[r * n + c] < 0)
        gc_svg_rect(&b, "no-region", x0 + c * cell, y0 + r * cell, cell, cell);
  gc_svg_grid_lines(&b, x0, y0, n, cell);
  gc_svg_borders(&b, x0, y0, n, cell, s->region, "region-border");
  gc_svg_frame(&b, x0, y0, n, cell);
  for (int r = 0; g && r < n; r++)
    for (int c = 0; c < n; c++)
      if (g->cell[r * n + c] == 1)
        gc_svg_star(&b, "star", x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell,
                    cell * 0.4);
      else if (st && g->cell[r * n + c] == 0) /* decided: no star */
        gc_svg_circle(&b, "decided", x0 + (c + 0.5) * cell,
                      y0 + (r + 0.5) * cell, cell * 0.08);
  gc_svg_page_end(&b, &pg);
  return gc_sb_finish(&b);
}

static char *sb_svg(const gc_puzzle *pz, const gc_grid *g) {
  return sb_picture(pz, g, NULL);
}

static char *sb_svg_step(const gc_puzzle *pz, const gc_grid *g,
                         const gc_step *st) {
  return sb_picture(pz, g, st);
}

static json_t *sb_to_json(const gc_puzzle *pz) {
  const sb *s = pz->data;
  json_t *o = json_object();
  if (o) {
    json_object_set_new(o, "stars", json_integer(s->m));
    json_object_set_new(o, "regions", gc_json_int_matrix(s->region, pz->n));
  }
  return o;
}
static const char *const sb_aliases[] = {"stars", "parks", "queens",
                                         "star-battle", NULL};

/* The portfolio's second encoding: the row and column pair counts the
   other way round from the first.  With m >= 3 (where auto adds them)
   neither way is the faster one across puzzles: the search's luck decides,
   by up to 5x per puzzle either way (benchmarks/RESULTS.md), so racing the
   two keeps the luckier.  Fewer stars: none (the stable search races). */
static int sb_alternate(const gc_puzzle *pz, const gc_options *opt,
                        gc_options *alt) {
  const sb *s = pz->data;
  if (s->m < SB_PAIRS_FROM_M || pz->n < 2)
    return 0;
  *alt = *opt;
  alt->sb_pairs = sb_setting_on(opt->sb_pairs, s->m, SB_PAIRS_FROM_M)
                      ? GC_SB_PAIRS_OFF
                      : GC_SB_PAIRS_ON;
  return 1;
}

static const char *const sb_keys[] = {"stars", "regions", NULL};

const gc_genre gc_genre_starbattle = {
    .name = "starbattle",
    .aliases = sb_aliases,
    .summary = "m stars in every row, column and region; no two stars touch, "
               "not even diagonally",
    .max_n = SB_MAX_N,
    .cells = GC_CELLS_BOOL,
    .json_keys = sb_keys,
    .parse_json = sb_parse_json,
    .parse_text = sb_parse_text,
    .sniff_text = sb_sniff,
    .encode = sb_encode,
    .check = sb_check,
    .region_char = sb_is_region_char,
    .render = sb_render,
    .draw = sb_draw,
    .svg = sb_svg,
    .svg_step = sb_svg_step,
    .to_json = sb_to_json,
    .generate = sb_generate,
    .generate_slow = sb_generate_slow,
    .alternate = sb_alternate,
    .steps = &gc_steps_starbattle,
    .free_data = free,
};
