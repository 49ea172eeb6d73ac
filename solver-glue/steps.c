/*
 * steps.c: gc_steps, the solution as a person finds it (steps.h).
 *
 * Forward: the knowledge starts from the givens (and a partial grid's
 * entries); each round asks the genre's techniques in order, easiest
 * first, and takes the best deduction of the first technique that has one
 * (a placement before an elimination, then the smallest support), then
 * starts again from the easiest.  When no technique moves: lookahead (a
 * candidate whose unit propagation, with every clue and all that is known,
 * ends in a conflict is ruled out), then search (a cell whose value the
 * solver proves forced).  A placed digit leaves its row, column and box by
 * the rules of a Latin genre, without a step of its own.  The path's
 * level is the hardest technique it used, as in Tatham's graders.
 *
 * Backward: from the last step to the first, each step's support (facts of
 * the knowledge, mapped to the records that made them, and puzzle items)
 * is shrunk to a minimal reason by the prover (steps_reason.c); an
 * elimination that no later reason cites is left out, and one whose reason
 * cites some of its digits keeps only those.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "steps.h"

enum { REC_GIVEN, REC_ENTRY, REC_STEP };
enum { TECH_TRIAL = -2, TECH_SEARCH = -3 };

typedef struct rec {
  int kind, tech, level, lookahead;
  int cell, value;  /* value index placed, or -1 */
  uint64_t elim;    /* value indexes ruled out at cell (new ones) */
  int all;          /* support: everything known before (lookahead, search) */
  size_t fact0, nfact, item0, nitem;
  char text[240];
  uint64_t used;    /* eliminations: the digits later reasons cite */
  int keep;
  size_t rsn0, nrsn;
} rec;

typedef struct engine {
  const gc_puzzle *pz;
  const gc_genre_steps *gs;
  const gc_options *opt;
  const gc_limits *lim;
  int flags, n, d, nn;
  int star;       /* Star Battle: a cell is decided, star or no star */
  gc_kb kb;
  int *src;       /* [cell * d + v]: the record that ruled it out, -1 */
  int *placed_by; /* [cell] */
  rec *rec;
  size_t nrec, caprec;
  gc_fact *fact;
  size_t nfact, capfact;
  gc_item *item;
  size_t nitem, capitem;
  gc_sitem *rsn;
  size_t nrsn, caprsn, rsn_start;
  gc_prover *pv;
  int *guard;     /* a solution (value indexes): deductions must agree */
  long bad;       /* deductions the guard refused (a technique's bug) */
  /* the best deduction of the technique being asked */
  int have, bcell, bvalue;
  uint64_t belim;
  size_t bscore;
  gc_find best;   /* its support */
  char btext[240];
  int level;
  int count[8];   /* deductions per level */
  int max_level;  /* techniques above it are not asked (-1: all) */
  int nomem;
  double deadline;
} engine;

atomic_long gc_steps_refused; /* for the tests: deductions the guard refused */

static int grow(void **p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return 0;
  size_t c = *cap ? *cap * 2 : 64;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * size);
  if (!q)
    return -1;
  *p = q;
  *cap = c;
  return 0;
}

static int stopped(engine *e) {
  if (e->lim && e->lim->interrupt && *e->lim->interrupt)
    return 1;
  return e->deadline > 0 && gc_now_ms() >= e->deadline;
}

static uint64_t cand_mask(const engine *e, int cell) {
  uint64_t m = 0;
  for (int v = 0; v < e->d; v++)
    if (e->kb.cand[cell * e->d + v])
      m |= 1ull << v;
  return m;
}

/*------------------------------------------------------------------------*/
/* The knowledge                                                           */

static void rule_out(engine *e, int k, int cell, int v) {
  if (!e->kb.cand[cell * e->d + v])
    return;
  e->kb.cand[cell * e->d + v] = 0;
  e->kb.left[cell]--;
  e->kb.stamp[cell]++;
  e->src[cell * e->d + v] = k;
}

static void place(engine *e, int k, int cell, int v) {
  for (int w = 0; w < e->d; w++)
    if (w != v)
      rule_out(e, k, cell, w);
  e->kb.val[cell] = v;
  e->placed_by[cell] = k;
  if (!e->gs->latin)
    return;
  int cells[GC_MAX_N], n = e->n;
  int units = gc_latin_unit(n, e->kb.br, e->kb.bc, 0, NULL);
  for (int u = 0; u < units; u++) {
    gc_latin_unit(n, e->kb.br, e->kb.bc, u, cells);
    int in = 0;
    for (int j = 0; j < n && !in; j++)
      in = cells[j] == cell;
    if (!in)
      continue;
    for (int j = 0; j < n; j++)
      if (cells[j] != cell && e->kb.val[cells[j]] < 0)
        rule_out(e, k, cells[j], v);
  }
}

static rec *new_rec(engine *e, int kind, int cell, int value) {
  if (grow((void **)&e->rec, &e->caprec, e->nrec + 1, sizeof *e->rec)) {
    e->nomem = 1;
    return NULL;
  }
  rec *r = &e->rec[e->nrec++];
  memset(r, 0, sizeof *r);
  r->kind = kind;
  r->cell = cell;
  r->value = value;
  r->fact0 = e->nfact;
  r->item0 = e->nitem;
  return r;
}

/* Records the deduction with the support in f; applies it. */
static int record(engine *e, int tech, int level, int lookahead, int cell,
                  int value, uint64_t elim, const gc_find *f, int all,
                  const char *text) {
  if (grow((void **)&e->fact, &e->capfact, e->nfact + f->nfact + 1,
           sizeof *e->fact) ||
      grow((void **)&e->item, &e->capitem, e->nitem + f->nitem + 1,
           sizeof *e->item)) {
    e->nomem = 1;
    return -1;
  }
  if (f->nfact)
    memcpy(e->fact + e->nfact, f->fact, f->nfact * sizeof *f->fact);
  if (f->nitem)
    memcpy(e->item + e->nitem, f->item, f->nitem * sizeof *f->item);
  rec *r = new_rec(e, REC_STEP, cell, value);
  if (!r)
    return -1;
  e->nfact += f->nfact;
  e->nitem += f->nitem;
  r->nfact = f->nfact;
  r->nitem = f->nitem;
  r->tech = tech;
  r->level = level;
  r->lookahead = lookahead;
  r->all = all;
  snprintf(r->text, sizeof r->text, "%s", text);
  int k = (int)(e->nrec - 1);
  if (level > e->level)
    e->level = level;
  if (level >= 0 && level < 8)
    e->count[level]++;
  if (value >= 0)
    place(e, k, cell, value);
  else {
    r->elim = elim & cand_mask(e, cell);
    for (int v = 0; v < e->d; v++)
      if (r->elim >> v & 1)
        rule_out(e, k, cell, v);
  }
  return 0;
}

/* The technique's callback: keeps the best deduction. */
static int take(void *arg, gc_find *f, int cell, int value, uint64_t elim,
                const char *text) {
  engine *e = arg;
  if (f->nomem) {
    e->nomem = 1;
    return 1;
  }
  if (value >= 0) {
    if (e->kb.val[cell] >= 0 || !e->kb.cand[cell * e->d + value])
      return 0;
  } else {
    elim &= cand_mask(e, cell);
    if (!elim)
      return 0;
    if (e->star || elim == cand_mask(e, cell)) {
      uint64_t rest = cand_mask(e, cell) & ~elim;
      if (!rest)
        return 0; /* a contradiction; the finders report those */
      if (e->star) { /* a decision, in Star Battle terms */
        value = __builtin_ctzll(rest);
        elim = 0;
      }
    }
  }
  if (e->guard) {
    int sv = e->guard[cell];
    if ((value >= 0 && value != sv) || (value < 0 && (elim >> sv & 1))) {
      e->bad++;
      gc_steps_refused++;
      return 0;
    }
  }
  size_t score = (value >= 0 ? 0 : (size_t)1 << 30) + f->nfact + f->nitem;
  if (e->have && score >= e->bscore)
    return 0;
  gc_find *b = &e->best;
  b->nfact = b->nitem = 0;
  for (size_t i = 0; i < f->nfact; i++)
    gc_find_fact(b, f->fact[i].cell, f->fact[i].v, f->fact[i].holds);
  for (size_t i = 0; i < f->nitem; i++)
    gc_find_item(b, &f->item[i]);
  if (b->nomem) {
    e->nomem = 1;
    return 1;
  }
  e->have = 1;
  e->bscore = score;
  e->bcell = cell;
  e->bvalue = value;
  e->belim = elim;
  snprintf(e->btext, sizeof e->btext, "%s", text);
  return 0;
}

static int open_cells(const engine *e) {
  int k = 0;
  for (int c = 0; c < e->nn; c++)
    k += e->kb.val[c] < 0;
  return k;
}

/*------------------------------------------------------------------------*/
/* Lookahead and search                                                    */

/* The literals of everything known: placed cells, and the candidates
   gone from open ones. */
static size_t known_lits(engine *e, int *lits) {
  size_t k = 0;
  for (int c = 0; c < e->nn; c++) {
    if (e->kb.val[c] >= 0) {
      lits[k++] = gc_prover_lit(e->pv, c, e->kb.val[c]);
      continue;
    }
    for (int v = 0; v < e->d; v++)
      if (!e->kb.cand[c * e->d + v])
        lits[k++] = -gc_prover_lit(e->pv, c, v);
  }
  return k;
}

/* Open cells, fewest candidates first. */
static int open_order(const engine *e, int *order) {
  int k = 0;
  for (int left = 2; left <= e->d; left++)
    for (int c = 0; c < e->nn; c++)
      if (e->kb.val[c] < 0 && e->kb.left[c] == left)
        order[k++] = c;
  return k;
}

typedef struct probe_hit {
  int lit;
} probe_hit;

static int on_refuted(void *arg, int lit) {
  ((probe_hit *)arg)->lit = lit;
  return 1;
}

static gc_prover *prover(engine *e, gc_error *err);

/* 1 a step; 0 none; -1 error; 2 the knowledge is contradictory. */
static int lookahead(engine *e, gc_error *err) {
  if (!prover(e, err))
    return -1;
  size_t cap = (size_t)e->nn * (size_t)e->d + 1;
  int *lits = malloc(cap * sizeof *lits), *probe = malloc(cap * sizeof *probe);
  int *order = malloc(((size_t)e->nn + 1) * sizeof *order);
  int rc = -1;
  if (!lits || !probe || !order) {
    e->nomem = 1;
    goto done;
  }
  size_t k = known_lits(e, lits), np = 0;
  int no = open_order(e, order);
  for (int i = 0; i < no; i++)
    for (int v = 0; v < e->d; v++)
      if (e->kb.cand[order[i] * e->d + v])
        probe[np++] = gc_prover_lit(e->pv, order[i], v);
  probe_hit hit = {0};
  if (gc_prover_up_probe(e->pv, lits, k, probe, np, on_refuted, &hit)) {
    rc = 2;
    goto done;
  }
  rc = 0;
  if (!hit.lit)
    goto done;
  int cell, v;
  gc_prover_lit_place(e->pv, hit.lit, &cell, &v);
  if (hit.lit < 0) /* Star Battle: the probe was "no star" */
    v = 1 - v;
  char name[16];
  gc_cell_name(e->n, cell, name, sizeof name);
  gc_find none = {0};
  char text[240];
  if (e->star)
    snprintf(text, sizeof text,
             "lookahead: a star at %s would lead to a contradiction at once",
             name);
  else
    snprintf(text, sizeof text,
             "lookahead: if %s were %d, a contradiction would follow at once",
             name, v + 1);
  if (e->star && v == 0)
    snprintf(text, sizeof text,
             "lookahead: leaving %s without a star would lead to a "
             "contradiction at once",
             name);
  /* Star Battle: the other value is the decision */
  rc = record(e, TECH_TRIAL, e->gs->trial_level, 1, cell,
              e->star ? 1 - v : -1, e->star ? 0 : 1ull << v, &none, 1,
              text) < 0
           ? -1
           : 1;
done:
  free(lits);
  free(probe);
  free(order);
  return rc;
}

/* 1 a step; 0 none (several solutions); 2 no solution; -1; 3 stopped. */
static int search(engine *e, gc_error *err) {
  if (!prover(e, err))
    return -1;
  size_t cap = (size_t)e->nn * (size_t)e->d + 2;
  int *lits = malloc(cap * sizeof *lits), *order = malloc(((size_t)e->nn + 1) * sizeof *order);
  int *model = malloc(((size_t)e->nn + 1) * sizeof *model);
  int *other = malloc(((size_t)e->nn + 1) * sizeof *other);
  int rc = -1;
  if (!lits || !order || !model || !other) {
    e->nomem = 1;
    goto done;
  }
  size_t k = known_lits(e, lits);
  int r = gc_prover_solve(e->pv, 1, lits, k, model);
  if (r != 10) {
    rc = r == 20 ? 2 : 3;
    goto done;
  }
  int no = open_order(e, order);
  for (int i = 0; i < no; i++) {
    int c = order[i];
    if (c < 0)
      continue;
    int v = e->gs->d ? model[c] : model[c] - 1;
    lits[k] = -gc_prover_lit(e->pv, c, v);
    r = gc_prover_solve(e->pv, 1, lits, k + 1, other);
    if (r == 0) {
      rc = 3;
      goto done;
    }
    if (r == 10) { /* not forced; nor is any cell the two models differ in */
      for (int j = i + 1; j < no; j++)
        if (order[j] >= 0 && other[order[j]] != model[order[j]])
          order[j] = -1;
      continue;
    }
    char name[16], text[240];
    gc_cell_name(e->n, c, name, sizeof name);
    if (e->star)
      snprintf(text, sizeof text,
               "%s %s: the puzzle allows nothing else there (found by "
               "search, no named technique)",
               name, v ? "holds a star" : "holds no star");
    else
      snprintf(text, sizeof text,
               "%s is %d: the puzzle allows no other digit there (found by "
               "search, no named technique)",
               name, v + 1);
    gc_find none = {0};
    rc = record(e, TECH_SEARCH, e->gs->search_level, 2, c, v, 0, &none, 1,
                text) < 0
             ? -1
             : 1;
    goto done;
  }
  rc = 0;
done:
  free(lits);
  free(order);
  free(model);
  free(other);
  return rc;
}

/*------------------------------------------------------------------------*/
/* Reasons                                                                 */

static gc_prover *prover(engine *e, gc_error *err) {
  if (!e->pv)
    e->pv = gc_prover_new(e->pz, e->opt, e->lim, err);
  return e->pv;
}

static int push_sitem(engine *e, gc_sitem s) {
  for (size_t i = e->rsn_start; i < e->nrsn; i++) /* this step's */
    if (e->rsn[i].group == s.group && e->rsn[i].lit == s.lit)
      return 0;
  if (grow((void **)&e->rsn, &e->caprsn, e->nrsn + 1, sizeof *e->rsn)) {
    e->nomem = 1;
    return -1;
  }
  e->rsn[e->nrsn++] = s;
  return 0;
}

/* The group of a given, from its record. */
static int given_group(engine *e, const rec *r) {
  gc_item it;
  memset(&it, 0, sizeof it);
  it.kind = GC_ITEM_GIVEN;
  it.row = r->cell / e->n;
  it.col = r->cell % e->n;
  it.value = r->value + 1;
  return gc_prover_find_group(e->pv, &it);
}

/* The element that stands for placement record k (cell got value v). */
static gc_sitem placed_item(engine *e, int k, int cell, int v) {
  const rec *r = &e->rec[k];
  gc_sitem s = {-1, 0, k};
  if (r->kind == REC_GIVEN)
    s.group = given_group(e, r);
  else
    s.lit = gc_prover_lit(e->pv, cell, v);
  return s;
}

/* The element for a fact, from the record that made it; 0, or 1 when the
   fact is not known (a technique's slip). */
static int fact_item(engine *e, const gc_fact *f, gc_sitem *out) {
  if (f->holds) {
    int k = e->placed_by[f->cell];
    if (k < 0 || e->kb.val[f->cell] != f->v)
      return 1;
    *out = placed_item(e, k, f->cell, f->v);
    return 0;
  }
  int k = e->src[f->cell * e->d + f->v];
  if (k < 0)
    return 1;
  const rec *r = &e->rec[k];
  if (r->value >= 0 && r->cell == f->cell)
    *out = placed_item(e, k, f->cell, r->value);
  else if (r->value >= 0)
    *out = placed_item(e, k, r->cell, f->v); /* a digit in line */
  else
    *out = (gc_sitem){-1, -gc_prover_lit(e->pv, f->cell, f->v), k};
  return 0;
}

/* Everything known before record k, into the reason array. */
static int push_all_before(engine *e, int k) {
  for (int c = 0; c < e->nn; c++) {
    int p = e->placed_by[c];
    if (p >= 0 && p < k) {
      gc_fact f = {c, e->kb.val[c], 1};
      gc_sitem s;
      if (!fact_item(e, &f, &s) && push_sitem(e, s))
        return -1;
      continue;
    }
    for (int v = 0; v < e->d; v++) {
      int s0 = e->src[c * e->d + v];
      if (s0 >= 0 && s0 < k) {
        gc_fact f = {c, v, 0};
        gc_sitem s;
        if (!fact_item(e, &f, &s) && push_sitem(e, s))
          return -1;
      }
    }
  }
  const gc_item *items;
  size_t ng = gc_prover_groups(e->pv, &items);
  for (size_t g = 0; g < ng; g++)
    if (items[g].kind != GC_ITEM_GIVEN &&
        push_sitem(e, (gc_sitem){(int)g, 0, -1}))
      return -1;
  return 0;
}

/* Record k's support as prover elements, appended to e->rsn; expand:
   facts made by earlier eliminations are replaced by those eliminations'
   supports (for a hint: a reason in the puzzle and the grid only).
   0, -1, or 1 when a fact was not known. */
static int support(engine *e, int k, int expand, char *seen) {
  rec *r = &e->rec[k];
  if (r->all) {
    if (!expand)
      return push_all_before(e, k);
    /* every fact known before k, expanded */
    for (int j = 0; j < k; j++)
      if (e->rec[j].kind == REC_STEP && e->rec[j].value < 0 && !seen[j]) {
        seen[j] = 1;
        if (support(e, j, 1, seen) < 0)
          return -1;
      }
    size_t before = e->nrsn;
    if (push_all_before(e, k))
      return -1;
    size_t w = before; /* drop the eliminations themselves */
    for (size_t i = before; i < e->nrsn; i++)
      if (!(e->rsn[i].rec >= 0 && e->rec[e->rsn[i].rec].kind == REC_STEP &&
            e->rec[e->rsn[i].rec].value < 0))
        e->rsn[w++] = e->rsn[i];
    e->nrsn = w;
    return 0;
  }
  int slip = 0;
  for (size_t i = 0; i < r->nfact; i++) {
    gc_sitem s;
    if (fact_item(e, &e->fact[r->fact0 + i], &s)) {
      slip = 1;
      continue;
    }
    const rec *src = s.rec >= 0 ? &e->rec[s.rec] : NULL;
    if (expand && src && src->kind == REC_STEP && src->value < 0) {
      if (!seen[s.rec]) {
        seen[s.rec] = 1;
        int rc = support(e, s.rec, 1, seen);
        if (rc < 0)
          return -1;
        slip |= rc;
      }
      continue;
    }
    if (push_sitem(e, s))
      return -1;
  }
  for (size_t i = 0; i < r->nitem; i++) {
    int g = gc_prover_find_group(e->pv, &e->item[r->item0 + i]);
    if (g < 0) {
      slip = 1;
      continue;
    }
    if (push_sitem(e, (gc_sitem){g, 0, -1}))
      return -1;
  }
  return slip;
}

/* The step's literals (all hold). */
static size_t concl_lits(engine *e, const rec *r, int *concl) {
  if (r->value >= 0) {
    concl[0] = gc_prover_lit(e->pv, r->cell, r->value);
    return 1;
  }
  size_t k = 0;
  for (int v = 0; v < e->d; v++)
    if (r->elim >> v & 1)
      concl[k++] = -gc_prover_lit(e->pv, r->cell, v);
  return k;
}

/* The minimal reason of record k into e->rsn (r->rsn0, r->nrsn).  0; 1
   stopped; -1. */
static int reason(engine *e, int k, int expand, gc_error *err) {
  rec *r = &e->rec[k];
  char *seen = calloc(e->nrec + 1, 1);
  gc_sitem *in = NULL;
  int concl[64], rc = -1, m = 2;
  size_t start = e->nrsn, k2 = concl_lits(e, r, concl), nout = 0;
  e->rsn_start = start;
  if (!seen)
    goto nomem;
  /* the technique's support; when it falls short (a technique's slip),
     everything known before the step */
  for (int pass = 0; pass < 2 && m == 2; pass++) {
    if (pass) {
      r->all = 1;
      memset(seen, 0, e->nrec + 1);
    }
    e->nrsn = start;
    if (support(e, k, expand, seen) < 0)
      goto nomem;
    size_t nin = e->nrsn - start;
    gc_sitem *more = realloc(in, (nin + 1) * sizeof *in);
    if (!more)
      goto nomem;
    in = more;
    if (nin)
      memcpy(in, e->rsn + start, nin * sizeof *in);
    m = gc_prover_minimal(e->pv, in, nin, concl, k2, e->rsn + start, &nout);
    if (m < 0)
      goto nomem;
  }
  if (m == 1) {
    rc = 1;
    goto done;
  }
  if (m == 2) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0,
                 "step %zu (%s) does not follow from what is known", (size_t)k,
                 r->text);
    goto done;
  }
  e->nrsn = start + nout;
  r->rsn0 = start;
  r->nrsn = nout;
  rc = 0;
  goto done;
nomem:
  e->nomem = 1;
  gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
done:
  free(seen);
  free(in);
  return rc;
}

/*------------------------------------------------------------------------*/
/* The public call                                                         */

static const gc_genre_steps *genre_steps(const gc_genre *g) {
  return g->steps;
}

const char *const *gc_genre_levels(const gc_genre *g) {
  return genre_steps(g) ? genre_steps(g)->levels : NULL;
}

void gc_item_words(const gc_puzzle *pz, const gc_item *it, char *buf,
                   size_t size) {
  const gc_genre_steps *gs = genre_steps(pz->genre);
  int star = gs && gs->d == 2;
  switch (it->kind) {
  case GC_ITEM_CELL:
    if (star)
      snprintf(buf, size, "r%dc%d %s", it->row + 1, it->col + 1,
               it->value ? "holds a star" : "holds no star");
    else if (it->value >= 0)
      snprintf(buf, size, "r%dc%d is %d", it->row + 1, it->col + 1, it->value);
    else {
      size_t at = (size_t)snprintf(buf, size, "r%dc%d is not ", it->row + 1,
                                   it->col + 1);
      int k = 0, total = __builtin_popcountll(it->not_mask);
      for (int v = 0; v < 64 && at < size; v++)
        if (it->not_mask >> v & 1)
          at += (size_t)snprintf(buf + at, size - at, "%s%d",
                                 k++ == 0 ? "" : k == total ? " or " : ", ", v);
    }
    return;
  case GC_ITEM_BOX:
    snprintf(buf, size, "box %d", it->index + 1);
    return;
  default:
    if (gs && gs->item_words)
      gs->item_words(pz, it, buf, size);
    else
      snprintf(buf, size, "an item");
  }
}

void gc_step_path_free(gc_step_path *path) {
  for (size_t i = 0; i < path->count; i++)
    free(path->step[i].reason);
  free(path->step);
  path->step = NULL;
  path->count = 0;
  gc_grid_free(&path->grid);
  gc_clues_free(&path->conflict);
}

/* The prover's element as an item. */
static void to_item(engine *e, const gc_sitem *s, gc_item *it) {
  if (s->group >= 0) {
    const gc_item *items;
    gc_prover_groups(e->pv, &items);
    *it = items[s->group];
    return;
  }
  memset(it, 0, sizeof *it);
  it->kind = GC_ITEM_CELL;
  int cell, v;
  gc_prover_lit_place(e->pv, s->lit, &cell, &v);
  it->row = cell / e->n;
  it->col = cell % e->n;
  if (e->star)
    it->value = s->lit > 0 ? v : 1 - v;
  else if (s->lit > 0)
    it->value = v + 1;
  else {
    it->value = -1;
    it->not_mask = 1ull << (v + 1);
  }
}

static int out_step(engine *e, const rec *r, gc_step *st) {
  memset(st, 0, sizeof *st);
  st->row = r->cell / e->n;
  st->col = r->cell % e->n;
  st->value = r->value < 0 ? -1 : e->star ? r->value : r->value + 1;
  for (int v = 0; v < e->d && r->value < 0; v++)
    if (r->elim >> v & 1)
      st->not_mask |= 1ull << (v + 1);
  st->technique = r->tech >= 0               ? e->gs->tech[r->tech].name
                  : r->tech == TECH_TRIAL ? "lookahead"
                                          : "search";
  st->level = r->level;
  st->lookahead = r->lookahead;
  snprintf(st->text, sizeof st->text, "%s", r->text);
  if (!r->nrsn)
    return 0;
  st->reason = calloc(r->nrsn, sizeof *st->reason);
  if (!st->reason)
    return -1;
  for (size_t i = 0; i < r->nrsn; i++) {
    gc_item it;
    to_item(e, &e->rsn[r->rsn0 + i], &it);
    /* one item per cell for the digits it rules out */
    size_t j = 0;
    while (j < st->nreason &&
           !(it.kind == GC_ITEM_CELL && it.value < 0 &&
             st->reason[j].kind == GC_ITEM_CELL && st->reason[j].value < 0 &&
             st->reason[j].row == it.row && st->reason[j].col == it.col))
      j++;
    if (j < st->nreason)
      st->reason[j].not_mask |= it.not_mask;
    else
      st->reason[st->nreason++] = it;
  }
  return 0;
}

static void engine_free(engine *e) {
  free(e->kb.cand);
  free(e->kb.left);
  free(e->kb.val);
  free(e->kb.stamp);
  free(e->kb.memo);
  free(e->src);
  free(e->placed_by);
  free(e->rec);
  free(e->fact);
  free(e->item);
  free(e->rsn);
  free(e->guard);
  gc_find_free(&e->best);
  gc_prover_free(e->pv);
}

static int engine_init(engine *e, const gc_puzzle *pz, const gc_grid *partial,
                       gc_error *err) {
  const gc_genre_steps *gs = e->gs;
  int n = pz->n, nn = n * n, d = gs->d ? gs->d : n;
  e->n = n;
  e->nn = nn;
  e->d = d;
  e->star = gs->d == 2;
  e->level = -1;
  e->kb.n = n;
  e->kb.d = d;
  if (gs->boxes)
    gs->boxes(pz, &e->kb.br, &e->kb.bc);
  e->kb.cand = malloc((size_t)nn * (size_t)d + 1);
  e->kb.left = malloc(((size_t)nn + 1) * sizeof *e->kb.left);
  e->kb.val = malloc(((size_t)nn + 1) * sizeof *e->kb.val);
  e->src = malloc(((size_t)nn * (size_t)d + 1) * sizeof *e->src);
  e->placed_by = malloc(((size_t)nn + 1) * sizeof *e->placed_by);
  e->kb.stamp = calloc((size_t)nn + 1, sizeof *e->kb.stamp);
  e->kb.memo = calloc(GC_KB_MEMO, sizeof *e->kb.memo);
  int *given = malloc(((size_t)nn + 1) * sizeof *given);
  if (!e->kb.cand || !e->kb.left || !e->kb.val || !e->src || !e->placed_by ||
      !e->kb.stamp || !e->kb.memo || !given) {
    free(given);
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  memset(e->kb.cand, 1, (size_t)nn * (size_t)d);
  for (int c = 0; c < nn; c++) {
    e->kb.left[c] = d;
    e->kb.val[c] = -1;
    e->placed_by[c] = -1;
    given[c] = GC_EMPTY;
  }
  for (int i = 0; i < nn * d; i++)
    e->src[i] = -1;
  if (pz->genre->givens)
    pz->genre->givens(pz, given);
  for (int c = 0; c < nn; c++) {
    int kind = REC_GIVEN, v = given[c];
    if (v == GC_EMPTY && partial && partial->cell[c] != GC_EMPTY) {
      kind = REC_ENTRY;
      v = partial->cell[c];
    }
    if (v == GC_EMPTY)
      continue;
    int vi = gs->d ? v : v - 1;
    if (vi < 0 || vi >= d || e->kb.val[c] >= 0 || !e->kb.cand[c * d + vi]) {
      free(given);
      return 1; /* entries that cannot all stand */
    }
    if (!new_rec(e, kind, c, vi)) {
      free(given);
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      return -1;
    }
    place(e, (int)e->nrec - 1, c, vi);
  }
  free(given);
  return 0;
}

/* The forward pass.  Sets path->status. */
static int forward(engine *e, gc_step_path *path, gc_error *err) {
  const gc_genre_steps *gs = e->gs;
  gc_find f = {0};
  f.take = take;
  f.arg = e;
  int rc = 0;
  for (;;) {
    if (open_cells(e) == 0) {
      path->status = GC_STATUS_UNIQUE;
      break;
    }
    if (stopped(e) || (e->pv && gc_prover_stopped(e->pv))) {
      path->status = GC_STATUS_UNKNOWN;
      break;
    }
    int found = 0, contra = 0;
    for (int t = 0; t < gs->ntech && !found && !contra; t++) {
      if (e->max_level >= 0 && gs->tech[t].level > e->max_level)
        continue;
      e->have = 0;
      gc_find_reset(&f);
      int r = gs->tech[t].find(e->pz, &e->kb, &f);
      if (e->nomem || f.nomem) {
        rc = -1;
        break;
      }
      if (r < 0)
        contra = 1;
      else if (e->have) {
        if (record(e, t, gs->tech[t].level, 0, e->bcell, e->bvalue, e->belim,
                   &e->best, 0, e->btext))
          rc = -1;
        found = 1;
      }
    }
    if (rc)
      break;
    if (contra) {
      path->status = GC_STATUS_NONE;
      break;
    }
    if (!found && e->max_level >= 0 && gs->trial_level > e->max_level) {
      path->status = GC_STATUS_MULTIPLE; /* not solved at that level */
      break;
    }
    if (!found) {
      int r = lookahead(e, err);
      if (r < 0) {
        rc = -1;
        break;
      }
      if (r == 2) {
        path->status = GC_STATUS_NONE;
        break;
      }
      found = r == 1;
    }
    if (!found) {
      int r = search(e, err);
      if (r < 0) {
        rc = -1;
        break;
      }
      if (r != 1) {
        path->status = r == 0   ? GC_STATUS_MULTIPLE
                       : r == 2 ? GC_STATUS_NONE
                                : GC_STATUS_UNKNOWN;
        break;
      }
    }
    if ((e->flags & GC_STEPS_FIRST) && e->rec[e->nrec - 1].value >= 0) {
      path->status = GC_STATUS_SOLVED;
      break;
    }
  }
  gc_find_free(&f);
  if (e->nomem && !rc)
    rc = -1;
  if (rc && !err->code)
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
  return rc;
}

/* The backward pass: reasons, and which eliminations stay. */
static int backward(engine *e, gc_step_path *path, gc_error *err) {
  int first = e->flags & GC_STEPS_FIRST;
  for (size_t k = e->nrec; k-- > 0;) {
    rec *r = &e->rec[k];
    if (r->kind != REC_STEP)
      continue;
    if (first && k + 1 != e->nrec)
      continue; /* a hint is the last record, its reason expanded */
    if (!first && r->value < 0 && !(e->flags & GC_STEPS_KEEP_ALL)) {
      if (!r->used)
        continue;
      r->elim &= r->used;
    }
    r->keep = 1;
    if (e->flags & GC_STEPS_NO_REASONS)
      continue;
    int rc = reason(e, (int)k, first, err);
    if (rc < 0)
      return -1;
    if (rc == 1) {
      path->status = GC_STATUS_UNKNOWN;
      return 0;
    }
    for (size_t i = 0; i < r->nrsn; i++) {
      const gc_sitem *s = &e->rsn[r->rsn0 + i];
      if (s->rec < 0 || s->lit >= 0)
        continue;
      rec *src = &e->rec[s->rec];
      if (src->kind != REC_STEP || src->value >= 0)
        continue;
      for (int v = 0; v < e->d; v++)
        if (gc_prover_lit(e->pv, src->cell, v) == -s->lit)
          src->used |= 1ull << v;
    }
  }
  return 0;
}

static int steps_run(const gc_puzzle *pz, const gc_options *opt,
                     const gc_limits *lim, const gc_grid *partial, int flags,
                     int max_level, gc_step_path *path, gc_error *err);

int gc_steps(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
             const gc_grid *partial, int flags, gc_step_path *path,
             gc_error *err) {
  return steps_run(pz, opt, lim, partial, flags, -1, path, err);
}

int gc_steps_grade(const gc_puzzle *pz, const gc_options *opt,
                   const gc_limits *lim, int max_level, int *solved,
                   int *level, gc_error *err) {
  gc_step_path path;
  int rc = steps_run(pz, opt, lim, NULL, GC_STEPS_NO_REASONS, max_level,
                     &path, err);
  *solved = rc == 0 && path.status == GC_STATUS_UNIQUE;
  *level = path.level;
  if (rc == 0 && path.status == GC_STATUS_UNKNOWN)
    rc = 1;
  gc_step_path_free(&path);
  return rc;
}

static int steps_run(const gc_puzzle *pz, const gc_options *opt,
                     const gc_limits *lim, const gc_grid *partial, int flags,
                     int max_level, gc_step_path *path, gc_error *err) {
  double t0 = gc_now_ms();
  gc_error_clear(err);
  memset(path, 0, sizeof *path);
  path->status = GC_STATUS_UNKNOWN;
  path->level = -1;
  const gc_genre_steps *gs = genre_steps(pz->genre);
  if (!gs) {
    gc_error_set(err, GC_E_UNSUPPORTED, 0, 0,
                 "gridcnf has no step-by-step solver for %s puzzles",
                 pz->genre->name);
    return -1;
  }
  path->levels = gs->levels;
  path->nlevels = gs->nlevels;
  if (partial && (partial->n != pz->n || !partial->cell)) {
    gc_error_set(err, GC_E_SHAPE, 0, 0, "the grid is %d x %d, the puzzle %d x %d",
                 partial->n, partial->n, pz->n, pz->n);
    return -1;
  }
  engine e;
  memset(&e, 0, sizeof e);
  e.pz = pz;
  e.gs = gs;
  e.opt = opt;
  e.lim = lim;
  e.flags = flags;
  e.max_level = max_level;
  e.deadline = lim && lim->timeout > 0 ? t0 + lim->timeout * 1e3 : 0;
  int rc = -1;
  int init = engine_init(&e, pz, partial, err);
  if (init < 0)
    goto done;
  if (init == 1) {
    path->status = GC_STATUS_NONE;
    rc = 0;
    goto done;
  }
  if (!(flags & GC_STEPS_NO_REASONS)) {
    /* a solution guards the techniques (a valid deduction holds in every
       solution); none: the path ends at a contradiction */
    if (!prover(&e, err))
      goto done;
    size_t cap = (size_t)e.nn + 1;
    int *lits = malloc(cap * sizeof *lits), *g = malloc(cap * sizeof *g);
    if (!lits || !g) {
      free(lits);
      free(g);
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      goto done;
    }
    size_t k = 0;
    for (int c = 0; c < e.nn; c++)
      if (e.kb.val[c] >= 0 && e.rec[e.placed_by[c]].kind == REC_ENTRY)
        lits[k++] = gc_prover_lit(e.pv, c, e.kb.val[c]);
    int r = gc_prover_solve(e.pv, 1, lits, k, g);
    free(lits);
    if (r == 10) {
      for (int c = 0; c < e.nn; c++)
        g[c] = gs->d ? g[c] : g[c] - 1;
      e.guard = g;
    } else
      free(g);
    if (r == 0) {
      rc = 0;
      goto done;
    }
  }
  if (forward(&e, path, err) || backward(&e, path, err))
    goto done;
  memcpy(path->level_count, e.count, sizeof e.count);
  path->level = gs->grade ? gs->grade(e.count, gs->nlevels) : e.level;
  size_t kept = 0;
  for (size_t k = 0; k < e.nrec; k++)
    kept += e.rec[k].keep;
  path->step = calloc(kept + 1, sizeof *path->step);
  if (!path->step || gc_grid_init(&path->grid, pz->n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  for (size_t k = 0; k < e.nrec; k++)
    if (e.rec[k].keep && out_step(&e, &e.rec[k], &path->step[path->count++])) {
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      goto done;
    }
  for (int c = 0; c < e.nn; c++)
    path->grid.cell[c] = e.kb.val[c] < 0 ? GC_EMPTY
                         : gs->d          ? e.kb.val[c]
                                          : e.kb.val[c] + 1;
  rc = 0;
done:
  if (e.pv)
    path->sat_calls = gc_prover_calls(e.pv);
  engine_free(&e);
  if (rc == 0 && path->status == GC_STATUS_NONE && !(flags & GC_STEPS_FIRST)) {
    /* why: the puzzle's clues that cannot all hold, or else the entries
       of the partial grid that cannot all stand */
    gc_status st;
    gc_clues core;
    gc_error e2;
    if (gc_explain(pz, opt, lim, &st, &core, &e2) == 0) {
      if (st == GC_STATUS_NONE)
        path->conflict = core;
      else
        gc_clues_free(&core);
    }
    if (!path->conflict.count && partial) {
      gc_grid done = {0, NULL};
      if (gc_complete(pz, opt, lim, partial, &st, &done, &core, &e2) == 0) {
        if (st == GC_STATUS_NONE)
          path->conflict = core;
        else
          gc_clues_free(&core);
      }
      gc_grid_free(&done);
    }
  }
  path->ms = gc_now_ms() - t0;
  return rc;
}
