/*
 * lp.c: a puzzle as a 0-1 integer program in CPLEX LP format (`convert
 * --to lp`), for the MIP solvers of Debian: `cbc THIS.lp solve solu
 * OUT`, `glpsol --lp THIS.lp -o OUT`.  Written only.
 *
 * Variables (rows, columns and digits from 1): x_R_C_V = 1 when cell
 * (R, C) holds V; s_R_C = 1 when it holds a star; y_S_I_P = 1 when the
 * building at position P (from 0, nearest the viewer) of clued line I on
 * side S (t, b, l, r) is seen.  The objective is 0: any feasible point is
 * an answer.  Rows, named by their first letter:
 *   c_R_C  one digit per cell           r_R_V, k_C_V, b_B_V  each digit once
 *   g_R_C  a given                      per row, column, box
 * Skyscrapers (the formulation of seed 004's study, an IP over the
 * assignment variables with visibility indicators):
 *   n_S_I      1 + sum_P y_S_I_P = clue (the nearest building is seen)
 *   h_S_I_P_Q_V  y_P + x_P,V + sum_{W>V} x_Q,W <= 2 for Q < P: a taller
 *              building in front hides P
 *   v_S_I_P_V  y_P >= x_P,V - sum_{Q<P, W>V} x_Q,W: nothing taller in
 *              front, P is seen
 * and the strengthening rows (e_...), valid inequalities from the edge
 * clues (Tatham's and the CNF's edge deductions): clue k keeps the P-th
 * building at most n-k+1+P; k = 1 puts n first, k = n puts 1..n in
 * order; the tallest building is always seen (y_P >= x_P,n).  Dropping
 * the e_ rows leaves the basic formulation (benchmarks/paradigms.py does,
 * for the comparison).
 * Futoshiki: l_K  sum_V V x_HI,V - sum_V V x_LO,V >= 1 for each sign;
 *   Adjacent mode: a_..  x_A,V <= x_B,V-1 + x_B,V+1 for a mark (both
 *   ways), u_..  x_A,V + x_B,V+1 <= 1 and x_A,V+1 + x_B,V <= 1 for an
 *   unmarked pair.
 * Star Battle (seed 001's Parks model): r_R, k_C, g_G  m stars per row,
 *   column and region; w_R_C  at most one star per 2x2 window (no two
 *   stars touch); o_R_C  no star in a cell in no region.
 * Long rows are wrapped (a row continues on the next line), within the
 * 255 characters GLPK allows per line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

typedef struct lpw {
  gc_strbuf *b;
  int col;   /* characters on the current line */
  int terms; /* in the current row */
} lpw;

static void row(lpw *w, const char *fmt, ...) {
  char name[64];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  gc_sb_printf(w->b, " %s:", name);
  w->col = (int)strlen(name) + 2;
  w->terms = 0;
}

/* coef * variable (named by fmt), with its sign. */
static void term(lpw *w, int coef, const char *fmt, ...) {
  char var[48], t[80];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(var, sizeof var, fmt, ap);
  va_end(ap);
  int a = coef < 0 ? -coef : coef;
  if (a == 1)
    snprintf(t, sizeof t, " %c %s", coef < 0 ? '-' : '+', var);
  else
    snprintf(t, sizeof t, " %c %d %s", coef < 0 ? '-' : '+', a, var);
  int len = (int)strlen(t);
  if (w->col + len > 76) {
    gc_sb_put(w->b, "\n   ");
    w->col = 3;
  }
  gc_sb_put(w->b, w->terms || coef < 0 ? t : t + 2); /* no leading '+' */
  w->col += len;
  w->terms++;
}

/* A name in the Binary section. */
static void name(lpw *w, const char *fmt, ...) {
  char var[48];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(var, sizeof var, fmt, ap);
  va_end(ap);
  int len = (int)strlen(var) + 1;
  if (w->col + len > 76) {
    gc_sb_put(w->b, "\n");
    w->col = 0;
  }
  gc_sb_printf(w->b, " %s", var);
  w->col += len;
}

static void end(lpw *w, const char *op, int rhs) {
  gc_sb_printf(w->b, " %s %d\n", op, rhs);
  w->col = 0;
}

/* The Latin square, the boxes and the givens over x_R_C_V. */
static void latin(lpw *w, int n, int br, int bc, const int *givens) {
  for (int r = 1; r <= n; r++)
    for (int c = 1; c <= n; c++) {
      row(w, "c_%d_%d", r, c);
      for (int v = 1; v <= n; v++)
        term(w, 1, "x_%d_%d_%d", r, c, v);
      end(w, "=", 1);
    }
  for (int k = 0; k < 2; k++)
    for (int i = 1; i <= n; i++)
      for (int v = 1; v <= n; v++) {
        row(w, "%c_%d_%d", k ? 'k' : 'r', i, v);
        for (int j = 1; j <= n; j++)
          term(w, 1, "x_%d_%d_%d", k ? j : i, k ? i : j, v);
        end(w, "=", 1);
      }
  if (br > 0 && bc > 0)
    for (int b = 0; b < (n / br) * (n / bc); b++)
      for (int v = 1; v <= n; v++) {
        int r0 = (b / (n / bc)) * br, c0 = (b % (n / bc)) * bc;
        row(w, "b_%d_%d", b + 1, v);
        for (int i = 0; i < br; i++)
          for (int j = 0; j < bc; j++)
            term(w, 1, "x_%d_%d_%d", r0 + i + 1, c0 + j + 1, v);
        end(w, "=", 1);
      }
  for (int i = 0; i < n * n; i++)
    if (givens[i]) {
      row(w, "g_%d_%d", i / n + 1, i % n + 1);
      term(w, 1, "x_%d_%d_%d", i / n + 1, i % n + 1, givens[i]);
      end(w, "=", 1);
    }
}

/* Row and column (1-based) of position p of line i seen from side s. */
static void place(int s, int i, int p, int n, int *r, int *c) {
  switch (s) {
  case 0: *r = p + 1, *c = i + 1; break;     /* top */
  case 1: *r = n - p, *c = i + 1; break;     /* bottom */
  case 2: *r = i + 1, *c = p + 1; break;     /* left */
  default: *r = i + 1, *c = n - p; break;    /* right */
  }
}

static void sky_clue(lpw *w, int n, int s, int i, int k, int *nbin) {
  const char side = "tblr"[s];
  int r, c, rq, cq;
  row(w, "n_%c_%d", side, i + 1);
  for (int p = 1; p < n; p++)
    term(w, 1, "y_%c_%d_%d", side, i + 1, p);
  if (n == 1)
    term(w, 0, "x_1_1_1");
  end(w, "=", k - 1);
  *nbin += n - 1;
  for (int p = 1; p < n; p++) {
    place(s, i, p, n, &r, &c);
    for (int q = 0; q < p; q++) {
      place(s, i, q, n, &rq, &cq);
      for (int v = 1; v < n; v++) {
        row(w, "h_%c_%d_%d_%d_%d", side, i + 1, p, q, v);
        term(w, 1, "y_%c_%d_%d", side, i + 1, p);
        term(w, 1, "x_%d_%d_%d", r, c, v);
        for (int u = v + 1; u <= n; u++)
          term(w, 1, "x_%d_%d_%d", rq, cq, u);
        end(w, "<=", 2);
      }
    }
    for (int v = 1; v <= n; v++) {
      row(w, "v_%c_%d_%d_%d", side, i + 1, p, v);
      term(w, 1, "y_%c_%d_%d", side, i + 1, p);
      term(w, -1, "x_%d_%d_%d", r, c, v);
      for (int q = 0; q < p; q++) {
        place(s, i, q, n, &rq, &cq);
        for (int u = v + 1; u <= n; u++)
          term(w, 1, "x_%d_%d_%d", rq, cq, u);
      }
      end(w, ">=", 0);
    }
  }
  /* the strengthening: edge-clue bounds and the tallest building seen */
  for (int p = 0; p < n; p++) {
    place(s, i, p, n, &r, &c);
    int fixed = k == 1 && p == 0 ? n : k == n ? p + 1 : 0;
    if (fixed) {
      row(w, "e_%c_%d_%d", side, i + 1, p);
      term(w, 1, "x_%d_%d_%d", r, c, fixed);
      end(w, "=", 1);
      continue;
    }
    if (p <= k - 2)
      for (int v = n - k + 2 + p; v <= n; v++) {
        row(w, "e_%c_%d_%d_%d", side, i + 1, p, v);
        term(w, 1, "x_%d_%d_%d", r, c, v);
        end(w, "=", 0);
      }
    if (p >= 1) {
      row(w, "e_%c_%d_%d_top", side, i + 1, p);
      term(w, 1, "y_%c_%d_%d", side, i + 1, p);
      term(w, -1, "x_%d_%d_%d", r, c, n);
      end(w, ">=", 0);
    }
  }
}

static int quad(const json_t *a, size_t k, int x[4]) {
  const json_t *e = json_array_get(a, k);
  for (int j = 0; j < 4; j++)
    x[j] = (int)json_integer_value(json_array_get(e, (size_t)j));
  return 0;
}

static void futo_rows(lpw *w, const json_t *rec, int n) {
  const json_t *lt = json_object_get(rec, "lt");
  int x[4];
  for (size_t k = 0; k < json_array_size(lt); k++) {
    quad(lt, k, x);
    row(w, "l_%zu", k + 1);
    for (int v = 1; v <= n; v++) {
      term(w, v, "x_%d_%d_%d", x[2] + 1, x[3] + 1, v);
      term(w, -v, "x_%d_%d_%d", x[0] + 1, x[1] + 1, v);
    }
    end(w, ">=", 1);
  }
  const json_t *adj = json_object_get(rec, "adjacent");
  if (!json_is_array(adj))
    return;
  unsigned char *mark = calloc((size_t)(2 * n * n), 1);
  if (!mark)
    return;
  for (size_t k = 0; k < json_array_size(adj); k++) {
    quad(adj, k, x);
    int r = x[0] < x[2] ? x[0] : x[2], c = x[1] < x[3] ? x[1] : x[3];
    mark[(x[0] == x[2] ? 0 : n * n) + r * n + c] = 1;
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      for (int down = 0; down < 2; down++) {
        if (down ? r + 1 >= n : c + 1 >= n)
          continue;
        int r2 = r + down, c2 = c + !down;
        if (mark[down * n * n + r * n + c])
          for (int side = 0; side < 2; side++)
            for (int v = 1; v <= n; v++) {
              int ar = side ? r2 : r, ac = side ? c2 : c;
              int br = side ? r : r2, bc = side ? c : c2;
              row(w, "a_%d_%d_%d_%d_%d", ar + 1, ac + 1, br + 1, bc + 1, v);
              term(w, 1, "x_%d_%d_%d", ar + 1, ac + 1, v);
              if (v > 1)
                term(w, -1, "x_%d_%d_%d", br + 1, bc + 1, v - 1);
              if (v < n)
                term(w, -1, "x_%d_%d_%d", br + 1, bc + 1, v + 1);
              end(w, "<=", 0);
            }
        else
          for (int v = 1; v < n; v++)
            for (int side = 0; side < 2; side++) {
              row(w, "u_%d_%d_%d_%d_%d%c", r + 1, c + 1, r2 + 1, c2 + 1, v,
                  side ? 'b' : 'a');
              term(w, 1, "x_%d_%d_%d", r + 1, c + 1, v + side);
              term(w, 1, "x_%d_%d_%d", r2 + 1, c2 + 1, v + !side);
              end(w, "<=", 1);
            }
      }
  free(mark);
}

static void star_rows(lpw *w, const json_t *rec, int n, int *region) {
  int m = gc_rec_int(rec, "stars", 1);
  gc_rec_matrix(rec, "regions", n, region);
  for (int k = 0; k < 2; k++)
    for (int i = 1; i <= n; i++) {
      row(w, "%c_%d", k ? 'k' : 'r', i);
      for (int j = 1; j <= n; j++)
        term(w, 1, "s_%d_%d", k ? j : i, k ? i : j);
      end(w, "=", m);
    }
  for (int g = 0; g < n; g++) {
    row(w, "g_%d", g + 1);
    int any = 0;
    for (int i = 0; i < n * n; i++)
      if (region[i] == g)
        term(w, 1, "s_%d_%d", i / n + 1, i % n + 1), any = 1;
    if (!any)
      term(w, 0, "s_1_1");
    end(w, "=", m);
  }
  for (int r = 1; r < n; r++)
    for (int c = 1; c < n; c++) {
      row(w, "w_%d_%d", r, c);
      term(w, 1, "s_%d_%d", r, c);
      term(w, 1, "s_%d_%d", r, c + 1);
      term(w, 1, "s_%d_%d", r + 1, c);
      term(w, 1, "s_%d_%d", r + 1, c + 1);
      end(w, "<=", 1);
    }
  for (int i = 0; i < n * n; i++)
    if (region[i] < 0) {
      row(w, "o_%d_%d", i / n + 1, i % n + 1);
      term(w, 1, "s_%d_%d", i / n + 1, i % n + 1);
      end(w, "=", 0);
    }
}

static char *lp_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  int *m = n ? calloc((size_t)(n * n + 4 * n), sizeof *m) : NULL;
  if (!m) {
    gc_error_set(err, n ? GC_E_NOMEM : GC_E_INTERNAL, 0, 0,
                 n ? "out of memory" : "bad \"n\" in the record");
    return NULL;
  }
  gc_strbuf b = {0};
  lpw w = {&b, 0, 0};
  int star = !strcmp(g, "starbattle"), sky = !strcmp(g, "skyscrapers");
  const json_t *id = json_object_get(rec, "id");
  gc_sb_printf(&b, "\\ gridcnf %s %dx%d", g, n, n);
  if (json_is_string(id)) {
    gc_sb_put(&b, " ");
    for (const char *p = json_string_value(id); *p; p++)
      gc_sb_putn(&b, *p == '\n' || *p == '\r' ? " " : p, 1);
  }
  gc_sb_put(&b, ": cbc THIS.lp solve solu OUT, glpsol --lp THIS.lp -o OUT\n"
                "Minimize\n");
  gc_sb_put(&b, star ? " obj: 0 s_1_1\n" : " obj: 0 x_1_1_1\n");
  gc_sb_put(&b, "Subject To\n");
  int nbin = 0, clue[4 * 64];
  if (star)
    star_rows(&w, rec, n, m);
  else {
    int br = 0, bc = 0;
    const json_t *boxes = json_object_get(rec, "boxes");
    if (sky && json_array_size(boxes) == 2) {
      br = (int)json_integer_value(json_array_get(boxes, 0));
      bc = (int)json_integer_value(json_array_get(boxes, 1));
    }
    gc_rec_matrix(rec, "givens", n, m);
    latin(&w, n, br, bc, m);
    if (sky) {
      static const char *const side[4] = {"top", "bottom", "left", "right"};
      for (int s = 0; s < 4; s++) {
        gc_rec_ints(rec, side[s], n, clue + s * n);
        for (int i = 0; i < n; i++)
          if (clue[s * n + i] >= 1 && clue[s * n + i] <= n)
            sky_clue(&w, n, s, i, clue[s * n + i], &nbin);
      }
    } else
      futo_rows(&w, rec, n);
  }
  gc_sb_put(&b, "Binary\n");
  w.col = 0;
  for (int r = 1; r <= n; r++)
    for (int c = 1; c <= n; c++) {
      if (star)
        name(&w, "s_%d_%d", r, c);
      else
        for (int v = 1; v <= n; v++)
          name(&w, "x_%d_%d_%d", r, c, v);
    }
  if (sky)
    for (int s = 0; s < 4; s++)
      for (int i = 0; i < n; i++)
        if (clue[s * n + i] >= 1 && clue[s * n + i] <= n)
          for (int p = 1; p < n; p++)
            name(&w, "y_%c_%d_%d", "tblr"[s], i + 1, p);
  (void)nbin;
  gc_sb_put(&b, "\nEnd");
  free(m);
  return gc_fmt_finish(&b, err);
}

static const char *const lp_aliases[] = {"cplex-lp", "mip", NULL};

const gc_format gc_format_lp = {
    .name = "lp",
    .aliases = lp_aliases,
    .summary = "(written only) a 0-1 integer program in CPLEX LP format, for "
               "cbc and glpsol --lp",
    .genres = "skyscrapers, futoshiki, starbattle",
    .order = 91,
    .write = lp_write,
};
