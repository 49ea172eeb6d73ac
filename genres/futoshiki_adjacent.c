/*
 * futoshiki_adjacent.c: Futoshiki's Adjacent mode, the rules of Tatham's
 * Unequal with the Adjacent option ("5a:..." game IDs).  A Latin square as
 * ever; between some orthogonal neighbours a mark says that their digits
 * are consecutive (differ by exactly 1), and, as Tatham's rules define it,
 * two neighbours without a mark hold digits that are not consecutive.
 * Every pair of neighbours is therefore a clue, marked or not (Tatham's
 * generator always shows all of them; only digits are removed).
 *
 * JSON: "adjacent": [[r1, c1, r2, c2], ...], the marked pairs (0-based,
 * either order; a pair listed twice is one mark).  The key's presence,
 * even as [], selects the mode; an Adjacent puzzle has no "lt" signs.
 *
 * Encoding, over the one-hot cells a = (a_1..a_n), b = (b_1..b_n):
 *   marked:   (a = v) -> (b = v-1) or (b = v+1), and the same from b:
 *             2n clauses of at most 3 literals (the support clauses of
 *             |a - b| = 1, so unit propagation keeps the pair arc
 *             consistent);
 *   unmarked: not (a = v and b = v+1), not (a = v+1 and b = v) for
 *             v = 1..n-1: 2(n-1) binary clauses.
 * Each pair is one clause group ("r1c2 | r1c3", "r1c2, r1c3 not
 * consecutive") whose i and j are the two cells (r*n+c), so that explain
 * names the marks that cannot all hold and steps has them as items
 * (GC_ITEM_MARK, futoshiki_steps.c).  The groups have no key, no place in
 * the record that minimize could clear: a mark removed from an Adjacent
 * puzzle would not leave the pair free but say the opposite (as in
 * Tatham's generator, which never removes one).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/latin.h"
#include "../formats/strbuf.h"
#include "futoshiki.h"
#include "svg.h"

int gc_futo_adj_parse_json(const json_t *rec, const gc_jctx *cx, int n,
                           futo *f, gc_error *err) {
  const json_t *adj = json_object_get(rec, "adjacent");
  if (!adj || json_is_null(adj))
    return 0;
  if (!json_is_array(adj)) {
    gc_jerr(cx, err, GC_E_SHAPE, "adjacent", -1, -1,
            "expected an array of marks [r1, c1, r2, c2] (neighbours with "
            "consecutive digits), got %s",
            gc_json_type_name(adj));
    return -1;
  }
  const json_t *lt = json_object_get(rec, "lt");
  if (json_array_size(lt) > 0) {
    gc_jerr(cx, err, GC_E_SHAPE, "lt", 0, -1,
            "a '<' sign in an Adjacent puzzle (\"adjacent\" marks and "
            "\"lt\" signs do not mix: Adjacent puzzles have no signs)");
    return -1;
  }
  f->adjacent = 1;
  for (size_t i = 0; i < json_array_size(adj); i++) {
    int idx = i > 1000000000 ? 1000000000 : (int)i, x[4];
    if (gc_futo_json_pair(cx, json_array_get(adj, i), "adjacent", idx, n, "|",
                          "mark", x, err))
      return -1;
    *gc_futo_slot(f, n, x[0], x[1], x[2], x[3]) |= REL_ADJ;
  }
  return 0;
}

json_t *gc_futo_adj_json(const futo *f, int n) {
  json_t *a = json_array();
  FOR_EACH_PAIR(f, n, p, q, s, {
    if (s & REL_ADJ)
      json_array_append_new(a, json_pack("[iiii]", p / n, p % n, q / n, q % n));
  })
  return a;
}

void gc_futo_adj_encode(const futo *f, int n, gc_cnf *cnf, int first) {
  FOR_EACH_PAIR(f, n, p, q, s, {
    int pr = p / n, pc = p % n, qr = q / n, qc = q % n;
    if (s & REL_ADJ) {
      gc_cnf_group(cnf, NULL, p, q, "r%dc%d | r%dc%d (consecutive)", pr + 1,
                   pc + 1, qr + 1, qc + 1);
      for (int side = 0; side < 2; side++) {
        int ar = side ? qr : pr, ac = side ? qc : pc;
        int br = side ? pr : qr, bc = side ? pc : qc;
        for (int v = 1; v <= n; v++) {
          int lo = v > 1 ? gc_latin_var(first, n, br, bc, v - 1) : GC_FALSE;
          int hi = v < n ? gc_latin_var(first, n, br, bc, v + 1) : GC_FALSE;
          gc_cnf_ternary(cnf, -gc_latin_var(first, n, ar, ac, v), lo, hi);
        }
      }
    } else {
      gc_cnf_group(cnf, NULL, p, q, "r%dc%d, r%dc%d not consecutive (no bar)",
                   pr + 1, pc + 1, qr + 1, qc + 1);
      for (int v = 1; v < n; v++) {
        gc_cnf_binary(cnf, -gc_latin_var(first, n, pr, pc, v),
                      -gc_latin_var(first, n, qr, qc, v + 1));
        gc_cnf_binary(cnf, -gc_latin_var(first, n, pr, pc, v + 1),
                      -gc_latin_var(first, n, qr, qc, v));
      }
    }
  })
}

int gc_futo_adj_check(const futo *f, int n, const int *x, gc_report *rep) {
  FOR_EACH_PAIR(f, n, p, q, s, {
    if (x[p] < 1 || x[p] > n || x[q] < 1 || x[q] > n)
      continue;
    int d = abs(x[p] - x[q]);
    if ((s & REL_ADJ) && d != 1 &&
        gc_broken(rep, "r%dc%d | r%dc%d needs consecutive digits, has %d and %d",
                  p / n + 1, p % n + 1, q / n + 1, q % n + 1, x[p], x[q]))
      return 1;
    if (!(s & REL_ADJ) && d == 1 &&
        gc_broken(rep,
                  "r%dc%d and r%dc%d hold consecutive digits (%d and %d) "
                  "without a mark",
                  p / n + 1, p % n + 1, q / n + 1, q % n + 1, x[p], x[q]))
      return 1;
  })
  return 0;
}

void gc_futo_adj_svg(const futo *f, int n, gc_strbuf *b, double x0, double y0,
                     double pitch, double gap) {
  /* a bar across the gap, as long as the cell boxes are wide */
  double half = (pitch - gap) / 2 - 6;
  FOR_EACH_PAIR(f, n, p, q, s, {
    if (!(s & REL_ADJ))
      continue;
    int r = p / n, c = p % n;
    if (q == p + 1) { /* across: an upright bar in the gap to the right */
      double x = x0 + (c + 1) * pitch, y = y0 + (r + 0.5) * pitch;
      gc_svg_line(b, "adjacent", x, y - half, x, y + half);
    } else {
      double x = x0 + (c + 0.5) * pitch, y = y0 + (r + 1) * pitch;
      gc_svg_line(b, "adjacent", x - half, y, x + half, y);
    }
  })
}
