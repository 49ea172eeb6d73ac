/*
 * cnf.c: the clause builder (see cnf.h) and the two sinks that need nothing
 * outside the encoder: null (counting) and memory (a flat literal array,
 * which the DIMACS writer and the tests read).
 */
#include "cnf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridcnf.h"

void gc_cnf_init(gc_cnf *c, gc_sink sink, const gc_options *opt) {
  memset(c, 0, sizeof *c);
  c->sink = sink;
  c->opt = opt;
}

void gc_cnf_release(gc_cnf *c) {
  free(c->blocks);
  free(c->tmp);
  free(c->groups);
  c->blocks = NULL;
  c->tmp = NULL;
  c->groups = NULL;
}

void gc_cnf_group(gc_cnf *c, const char *key, int i, int j, const char *fmt,
                  ...) {
  c->guard = 0;
  if (!c->want_groups || c->status)
    return;
  if (c->ngroups == c->capgroups) {
    size_t cap = c->capgroups ? 2 * c->capgroups : 16;
    gc_group *g = realloc(c->groups, cap * sizeof *g);
    if (!g) {
      gc_cnf_fail(c, GC_E_NOMEM);
      return;
    }
    c->groups = g;
    c->capgroups = cap;
  }
  int sel = gc_cnf_new_var(c);
  if (!sel)
    return;
  gc_group *g = &c->groups[c->ngroups++];
  g->selector = sel;
  snprintf(g->key, sizeof g->key, "%s", key ? key : "");
  g->i = i;
  g->j = j;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g->what, sizeof g->what, fmt, ap);
  va_end(ap);
  c->guard = sel;
}

void gc_cnf_group_end(gc_cnf *c) { c->guard = 0; }

void gc_cnf_fail(gc_cnf *c, int code) {
  if (!c->status)
    c->status = code;
}

int gc_cnf_status(const gc_cnf *c) { return c->status; }

void gc_cnf_set_limits(gc_cnf *c, const gc_limits *lim) {
  c->max_vars = lim ? lim->max_vars : 0;
  c->max_clauses = lim ? lim->max_clauses : 0;
}

int gc_cnf_limit_error(const gc_cnf *c, gc_error *err) {
  if (c->over == 1 && c->max_vars)
    gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                 "the formula needs more than %ld variables (--max-vars)",
                 c->max_vars);
  else if (c->over == 2)
    gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                 "the formula needs more than %ld clauses (--max-clauses)",
                 c->max_clauses);
  else if (c->status == GC_E_TOO_LARGE)
    gc_error_set(err, GC_E_TOO_LARGE, 0, 0, "the formula is too large");
  else
    return 0;
  return 1;
}

int gc_cnf_new_var(gc_cnf *c) {
  if (c->status)
    return 0;
  if (c->nvars >= GC_MAX_VARS || (c->max_vars && c->nvars >= c->max_vars)) {
    c->over = 1;
    gc_cnf_fail(c, GC_E_TOO_LARGE);
    return 0;
  }
  return ++c->nvars;
}

int gc_cnf_block(gc_cnf *c, const char *name, const char *axes, int d0, int d1,
                 int d2) {
  if (c->status)
    return 0;
  long long count = (long long)d0 * d1 * d2;
  if (d0 <= 0 || d1 <= 0 || d2 <= 0 || count > GC_MAX_VARS - c->nvars ||
      (c->max_vars && c->nvars + count > c->max_vars)) {
    c->over = 1;
    gc_cnf_fail(c, GC_E_TOO_LARGE);
    return 0;
  }
  if (c->nblocks == c->capblocks) {
    size_t cap = c->capblocks ? 2 * c->capblocks : 8;
    gc_block *b = realloc(c->blocks, cap * sizeof *b);
    if (!b) {
      gc_cnf_fail(c, GC_E_NOMEM);
      return 0;
    }
    c->blocks = b;
    c->capblocks = cap;
  }
  gc_block *b = &c->blocks[c->nblocks++];
  memset(b, 0, sizeof *b);
  strncpy(b->name, name, sizeof b->name - 1);
  strncpy(b->axes, axes ? axes : "", sizeof b->axes - 1);
  b->first = c->nvars + 1;
  b->d0 = d0;
  b->d1 = d1;
  b->d2 = d2;
  c->nvars += (int)count;
  return b->first;
}

const gc_block *gc_cnf_find_block(const gc_cnf *c, const char *name) {
  for (size_t i = 0; i < c->nblocks; i++)
    if (!strcmp(c->blocks[i].name, name))
      return &c->blocks[i];
  return NULL;
}

void gc_cnf_clause(gc_cnf *c, const int *lits, size_t n) {
  if (c->status)
    return;
  if (n + 1 > c->captmp) {
    size_t cap = c->captmp ? c->captmp : 16;
    while (cap < n + 1)
      cap *= 2;
    int *t = realloc(c->tmp, cap * sizeof *t);
    if (!t) {
      gc_cnf_fail(c, GC_E_NOMEM);
      return;
    }
    c->tmp = t;
    c->captmp = cap;
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    int l = lits[i];
    if (l == GC_TRUE)
      return;
    if (l == GC_FALSE)
      continue;
    /* API contract: a literal names a variable this builder handed out. */
    if (l == 0 || abs(l) > c->nvars) {
      gc_cnf_fail(c, GC_E_INTERNAL);
      return;
    }
    c->tmp[k++] = l;
  }
  if (c->guard)
    c->tmp[k++] = -c->guard;
  if (c->poll && !(c->nclauses & 4095) && c->poll(c->poll_arg)) {
    c->stopped = 1;
    gc_cnf_fail(c, GC_E_INTERNAL);
    return;
  }
  if (c->max_clauses && c->nclauses >= c->max_clauses) {
    c->over = 2;
    gc_cnf_fail(c, GC_E_TOO_LARGE);
    return;
  }
  int rc = c->sink.ops->add_clause(c->sink.self, c->tmp, k);
  if (rc) {
    gc_cnf_fail(c, rc);
    return;
  }
  c->nclauses++;
  c->nliterals += (long)k;
}

void gc_cnf_unit(gc_cnf *c, int a) { gc_cnf_clause(c, &a, 1); }

void gc_cnf_binary(gc_cnf *c, int a, int b) {
  int l[2] = {a, b};
  gc_cnf_clause(c, l, 2);
}

void gc_cnf_ternary(gc_cnf *c, int a, int b, int d) {
  int l[3] = {a, b, d};
  gc_cnf_clause(c, l, 3);
}

void gc_cnf_quaternary(gc_cnf *c, int a, int b, int d, int e) {
  int l[4] = {a, b, d, e};
  gc_cnf_clause(c, l, 4);
}

/* The null sink: the builder already counts. */
static int null_add(void *self, const int *lits, size_t n) {
  (void)self;
  (void)lits;
  (void)n;
  return 0;
}
static void null_destroy(void *self) { (void)self; }
static const gc_sink_ops null_ops = {null_add, null_destroy};

gc_sink gc_sink_null(void) {
  gc_sink s = {&null_ops, NULL};
  return s;
}

/* The memory sink. */
static int mem_add(void *self, const int *lits, size_t n) {
  gc_memsink *m = self;
  if (m->len + n + 1 > m->cap) {
    size_t cap = m->cap ? m->cap : 1024;
    while (cap < m->len + n + 1)
      cap *= 2;
    int *p = realloc(m->lits, cap * sizeof *p);
    if (!p)
      return GC_E_NOMEM;
    m->lits = p;
    m->cap = cap;
  }
  if (n)
    memcpy(m->lits + m->len, lits, n * sizeof *lits);
  m->len += n;
  m->lits[m->len++] = 0;
  m->nclauses++;
  return 0;
}
static void mem_destroy(void *self) { (void)self; }
static const gc_sink_ops mem_ops = {mem_add, mem_destroy};

gc_sink gc_sink_memory(gc_memsink *m) {
  gc_sink s = {&mem_ops, m};
  return s;
}

void gc_memsink_free(gc_memsink *m) {
  free(m->lits);
  memset(m, 0, sizeof *m);
}

int gc_memsink_replay(const gc_memsink *m, gc_sink to) {
  size_t start = 0;
  for (size_t i = 0; i < m->len; i++) {
    if (m->lits[i])
      continue;
    int rc = to.ops->add_clause(to.self, m->lits + start, i - start);
    if (rc)
      return rc;
    start = i + 1;
  }
  return 0;
}
