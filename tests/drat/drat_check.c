/*
 * drat_check.c: a small forward DRAT checker for the tests of
 * `gridcnf certify`, so that they do not depend on drat-trim (not in
 * Debian 12).
 *
 *   drat_check FORMULA.cnf PROOF.drat
 *
 * prints "s VERIFIED" and exits 0 when the proof derives the empty clause
 * from the formula; prints "s NOT VERIFIED" and a "c" line saying where and
 * exits 1 when it does not; exits 2 on bad input.
 *
 * How it checks: the formula's clauses are loaded with two watched literals
 * and the root-level unit propagation is kept up to date.  Each proof line
 * is a lemma (literals ending in 0) or a deletion ("d" literals 0), in the
 * text form (binary DRAT is refused).  A lemma is accepted when it is RUP
 * (assigning its negation and propagating gives a conflict) or, failing
 * that, RAT on its first literal p (every resolvent with a live clause
 * holding -p is RUP, or a tautology); it is then added.  The proof is
 * accepted at the first lemma that is the empty clause and passes this
 * check; a proof without the empty clause is rejected even when the
 * formula and lemmas would propagate to a conflict.
 *
 * Limits, on purpose:
 *   - forward checking: every lemma is checked, needed or not (no backward
 *     pass, no core or trimmed proof, no LRAT output), so a proof costs
 *     about as much to check as the solver spent on it;
 *   - deletions of unit clauses, of clauses that are the reason of a
 *     root-level assignment, and of clauses not present are ignored
 *     (drat-trim's default does the same for units).  Keeping a clause is
 *     sound: the checker only ever accepts clauses against a superset;
 *   - the RAT check scans every live clause for -p, which is slow on big
 *     formulas if the proof uses RAT a lot (CaDiCaL's proofs of these
 *     puzzles use RUP almost only);
 *   - memory: the formula and every lemma stay in memory (4 bytes a
 *     literal plus 32 bytes a clause, and the watch lists); inputs are read
 *     whole; variables up to 2^28.
 * Written for gridcnf's tests; not part of the library.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_VAR = 1 << 28 };

typedef struct vec {
  int *a;
  size_t n, cap;
} vec;

typedef struct clause {
  size_t off;
  int size;
  int deleted;
  uint32_t hash;
  int next; /* hash chain */
} clause;

static struct {
  int maxvar;
  signed char *val; /* by literal index 2v + sign: 1 true, -1 false */
  int *reason;      /* by variable: root-level reason clause, -1 none */
  vec *watch;       /* by literal index: clauses watching it */
  int *mark;        /* by literal index */
  int *trail;
  size_t trail_len, head;
  int *arena;
  size_t alen, acap;
  clause *cls;
  size_t ncls, ccap;
  int *buckets;
  size_t nbuckets;
  int root_conflict;
  long lemmas, rat, deletions, ignored;
} S;

static void die(const char *msg, const char *what) {
  fprintf(stderr, "drat_check: %s%s%s\n", msg, what ? ": " : "", what ? what : "");
  exit(2);
}

static void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q)
    die("out of memory", NULL);
  return q;
}

static void push(vec *v, int x) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 4;
    v->a = xrealloc(v->a, v->cap * sizeof *v->a);
  }
  v->a[v->n++] = x;
}

static int lit_index(int lit) { return lit > 0 ? 2 * lit : 2 * -lit + 1; }

static void ensure_var(int v) {
  if (v <= S.maxvar)
    return;
  int old = S.maxvar, nv = old ? old : 64;
  while (nv < v)
    nv = nv > MAX_VAR / 2 ? MAX_VAR : 2 * nv;
  size_t nl = 2 * (size_t)nv + 2, ol = old ? 2 * (size_t)old + 2 : 0;
  S.val = xrealloc(S.val, nl);
  memset(S.val + ol, 0, nl - ol);
  S.mark = xrealloc(S.mark, nl * sizeof *S.mark);
  memset(S.mark + ol, 0, (nl - ol) * sizeof *S.mark);
  S.watch = xrealloc(S.watch, nl * sizeof *S.watch);
  memset(S.watch + ol, 0, (nl - ol) * sizeof *S.watch);
  S.reason = xrealloc(S.reason, ((size_t)nv + 1) * sizeof *S.reason);
  for (int i = old ? old + 1 : 0; i <= nv; i++)
    S.reason[i] = -1;
  S.trail = xrealloc(S.trail, ((size_t)nv + 1) * sizeof *S.trail);
  S.maxvar = nv;
}

static void assign(int idx, int reason, int root) {
  S.val[idx] = 1;
  S.val[idx ^ 1] = -1;
  if (root)
    S.reason[idx >> 1] = reason;
  S.trail[S.trail_len++] = idx;
}

static void backtrack(size_t to) {
  while (S.trail_len > to) {
    int idx = S.trail[--S.trail_len];
    S.val[idx] = S.val[idx ^ 1] = 0;
  }
  S.head = to;
}

/* Unit propagation from S.head; 1 on a conflict. */
static int propagate(int root) {
  while (S.head < S.trail_len) {
    int fl = S.trail[S.head++] ^ 1; /* this literal just became false */
    vec *ws = &S.watch[fl];
    size_t i = 0, j = 0;
    for (; i < ws->n; i++) {
      int cid = ws->a[i];
      clause *c = &S.cls[cid];
      if (c->deleted)
        continue; /* dropped from this list for good */
      int *L = S.arena + c->off;
      if (L[0] == fl) {
        L[0] = L[1];
        L[1] = fl;
      }
      if (S.val[L[0]] == 1) {
        ws->a[j++] = cid;
        continue;
      }
      int k = 2;
      while (k < c->size && S.val[L[k]] == -1)
        k++;
      if (k < c->size) {
        L[1] = L[k];
        L[k] = fl;
        push(&S.watch[L[1]], cid);
        continue;
      }
      ws->a[j++] = cid;
      if (S.val[L[0]] == -1) {
        for (i++; i < ws->n; i++)
          ws->a[j++] = ws->a[i];
        ws->n = j;
        return 1;
      }
      assign(L[0], cid, root);
    }
    ws->n = j;
  }
  return 0;
}

static uint32_t mix(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

/* Order-independent, so a deletion finds its clause however written. */
static uint32_t clause_hash(const int *idx, int n) {
  uint32_t sum = 0, x = 0;
  for (int i = 0; i < n; i++) {
    uint32_t h = mix((uint32_t)idx[i]);
    sum += h;
    x ^= h * 0x9e3779b1U;
  }
  return sum * 31U + x + (uint32_t)n;
}

static void rehash(void) {
  size_t nb = S.nbuckets ? 2 * S.nbuckets : 1024;
  S.buckets = xrealloc(S.buckets, nb * sizeof *S.buckets);
  for (size_t i = 0; i < nb; i++)
    S.buckets[i] = -1;
  S.nbuckets = nb;
  for (size_t cid = 0; cid < S.ncls; cid++)
    if (!S.cls[cid].deleted) {
      size_t b = S.cls[cid].hash & (nb - 1);
      S.cls[cid].next = S.buckets[b];
      S.buckets[b] = (int)cid;
    }
}

/* Removes duplicate literals; 1 when the clause is a tautology. */
static int normalize(int *idx, int *n) {
  int k = 0, taut = 0;
  for (int i = 0; i < *n; i++) {
    if (S.mark[idx[i]])
      continue;
    if (S.mark[idx[i] ^ 1])
      taut = 1;
    S.mark[idx[i]] = 1;
    idx[k++] = idx[i];
  }
  for (int i = 0; i < k; i++)
    S.mark[idx[i]] = 0;
  *n = k;
  return taut;
}

/* Adds a clause (literal indices, no duplicates, no tautology) with the
   root propagation kept complete. */
static void add_clause(const int *idx, int n) {
  if (S.ncls == S.ccap) {
    S.ccap = S.ccap ? 2 * S.ccap : 1024;
    S.cls = xrealloc(S.cls, S.ccap * sizeof *S.cls);
  }
  if (S.alen + (size_t)n > S.acap) {
    while (S.alen + (size_t)n > S.acap)
      S.acap = S.acap ? 2 * S.acap : 4096;
    S.arena = xrealloc(S.arena, S.acap * sizeof *S.arena);
  }
  int cid = (int)S.ncls++;
  clause *c = &S.cls[cid];
  c->off = S.alen;
  c->size = n;
  c->deleted = 0;
  c->hash = clause_hash(idx, n);
  int *L = S.arena + S.alen;
  memcpy(L, idx, (size_t)n * sizeof *L);
  S.alen += (size_t)n;
  if (2 * S.ncls > S.nbuckets)
    rehash();
  else {
    size_t b = c->hash & (S.nbuckets - 1);
    c->next = S.buckets[b];
    S.buckets[b] = cid;
  }
  if (S.root_conflict)
    return;
  if (n == 0) {
    S.root_conflict = 1;
    return;
  }
  /* Literals that are not false at the root first. */
  int k = 0;
  for (int i = 0; i < n; i++)
    if (S.val[L[i]] != -1) {
      int t = L[k];
      L[k++] = L[i];
      L[i] = t;
    }
  if (n >= 2) {
    push(&S.watch[L[0]], cid);
    push(&S.watch[L[1]], cid);
  }
  if (k == 0)
    S.root_conflict = 1;
  else if (k == 1 && S.val[L[0]] == 0) {
    assign(L[0], cid, 1);
    if (propagate(1))
      S.root_conflict = 1;
  }
}

/* Is the clause (literal indices) RUP with respect to the live clauses? */
static int rup(const int *idx, int n) {
  if (S.root_conflict)
    return 1;
  size_t save = S.trail_len;
  int conflict = 0;
  for (int i = 0; i < n && !conflict; i++) {
    if (S.val[idx[i]] == 1)
      conflict = 1;
    else if (S.val[idx[i]] == 0)
      assign(idx[i] ^ 1, -1, 0);
  }
  if (!conflict)
    conflict = propagate(0);
  backtrack(save);
  return conflict;
}

/* RAT on idx[0]: every resolvent with a live clause holding its negation
   is a tautology or RUP. */
static int rat(const int *idx, int n) {
  if (n == 0)
    return 0;
  int p = idx[0], np = p ^ 1;
  int *res = xrealloc(NULL, sizeof *res * ((size_t)n + 16));
  size_t rcap = (size_t)n + 16;
  int ok = 1;
  for (size_t cid = 0; cid < S.ncls && ok; cid++) {
    clause *c = &S.cls[cid];
    if (c->deleted)
      continue;
    const int *L = S.arena + c->off;
    int has = 0;
    for (int i = 0; i < c->size; i++)
      if (L[i] == np)
        has = 1;
    if (!has)
      continue;
    if ((size_t)(n + c->size) > rcap) {
      rcap = (size_t)(n + c->size);
      res = xrealloc(res, rcap * sizeof *res);
    }
    int m = 0;
    for (int i = 0; i < n; i++)
      res[m++] = idx[i];
    for (int i = 0; i < c->size; i++)
      if (L[i] != np)
        res[m++] = L[i];
    if (normalize(res, &m))
      continue; /* a tautology */
    ok = rup(res, m);
  }
  free(res);
  return ok;
}

/* Deletes one live clause equal to idx[0..n) as a set. */
static void delete_clause(const int *idx, int n) {
  S.deletions++;
  uint32_t h = clause_hash(idx, n);
  int *prev = &S.buckets[h & (S.nbuckets - 1)];
  for (int cid = *prev; cid >= 0; prev = &S.cls[cid].next, cid = *prev) {
    clause *c = &S.cls[cid];
    if (c->hash != h || c->size != n)
      continue;
    const int *L = S.arena + c->off;
    for (int i = 0; i < n; i++)
      S.mark[idx[i]] = 1;
    int same = 1;
    for (int i = 0; i < n; i++)
      same &= S.mark[L[i]];
    for (int i = 0; i < n; i++)
      S.mark[idx[i]] = 0;
    if (!same)
      continue;
    int is_reason = 0;
    for (int i = 0; i < n && i < 2; i++)
      if (S.val[L[i]] == 1 && S.reason[L[i] >> 1] == cid)
        is_reason = 1;
    if (n <= 1 || is_reason) {
      S.ignored++;
      return;
    }
    c->deleted = 1;
    *prev = c->next;
    return;
  }
  S.ignored++; /* not present */
}

/*------------------------------------------------------------------------*/
/* Input.                                                                  */

typedef struct input {
  const char *name;
  char *data;
  size_t len, pos;
  long line;
} input;

static void read_all(input *in, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die("cannot open", path);
  size_t cap = 1 << 16, len = 0;
  char *d = xrealloc(NULL, cap);
  size_t r;
  while ((r = fread(d + len, 1, cap - len - 1, f)) > 0) {
    len += r;
    if (cap - len - 1 == 0) {
      cap *= 2;
      d = xrealloc(d, cap);
    }
  }
  fclose(f);
  d[len] = 0;
  in->name = path;
  in->data = d;
  in->len = len;
  in->pos = 0;
  in->line = 1;
}

static void skip_line(input *in) {
  while (in->pos < in->len && in->data[in->pos] != '\n')
    in->pos++;
}

/* The next token: 1 and *v for a number, 'd' for a deletion mark, 0 at the
   end; comment lines ("c ...") are skipped.  *line gets the token's line. */
static int next_token(input *in, long *v, long *line) {
  for (;;) {
    while (in->pos < in->len) {
      char ch = in->data[in->pos];
      if (ch == '\n')
        in->line++;
      else if (ch != ' ' && ch != '\t' && ch != '\r')
        break;
      in->pos++;
    }
    if (in->pos >= in->len)
      return 0;
    char ch = in->data[in->pos];
    if (ch == 'c') {
      skip_line(in);
      continue;
    }
    *line = in->line;
    if (ch == 'd') {
      in->pos++;
      return 'd';
    }
    if (ch == 'p')
      return 'p';
    char *end;
    long x = strtol(in->data + in->pos, &end, 10);
    if (end == in->data + in->pos || (*end && *end != ' ' && *end != '\n' &&
                                      *end != '\t' && *end != '\r')) {
      char where[300];
      snprintf(where, sizeof where, "%s:%ld", in->name, in->line);
      die("expected a literal", where);
    }
    if (x > MAX_VAR || x < -MAX_VAR)
      die("variable too large", in->name);
    in->pos = (size_t)(end - in->data);
    *v = x;
    return 1;
  }
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: drat_check FORMULA.cnf PROOF.drat\n");
    return 2;
  }
  double t0 = now_ms();
  input f, p;
  read_all(&f, argv[1]);
  read_all(&p, argv[2]);
  for (size_t i = 0; i < p.len; i++) {
    unsigned char ch = (unsigned char)p.data[i];
    if (ch == 0 || (ch >= 0x80) || (ch < 0x20 && ch != '\n' && ch != '\r' && ch != '\t'))
      die("the proof is not text DRAT (binary DRAT is not read; use cadical "
          "--no-binary)",
          argv[2]);
  }
  rehash();
  ensure_var(64);
  /* The formula. */
  long v, line;
  int t = next_token(&f, &v, &line);
  long hv = 0, hc = 0;
  if (t == 'p') {
    if (sscanf(f.data + f.pos, "p cnf %ld %ld", &hv, &hc) != 2 || hv < 0 ||
        hv > MAX_VAR || hc < 0)
      die("bad 'p cnf' line", argv[1]);
    skip_line(&f);
    ensure_var((int)hv);
    t = next_token(&f, &v, &line);
  }
  vec cl = {0};
  long nclauses = 0;
  while (t) {
    if (t != 1)
      die("unexpected text in the formula", argv[1]);
    if (v == 0) {
      int n = (int)cl.n;
      if (!normalize(cl.a, &n))
        add_clause(cl.a, n);
      cl.n = 0;
      nclauses++;
    } else {
      ensure_var((int)labs(v));
      push(&cl, lit_index((int)v));
    }
    t = next_token(&f, &v, &line);
  }
  if (cl.n)
    die("the last clause of the formula has no final 0", argv[1]);
  if (hc && nclauses != hc)
    fprintf(stderr, "drat_check: warning: %ld clauses, the header says %ld\n",
            nclauses, hc);
  /* The proof. */
  int verified = 0;
  long fail_line = 0;
  const char *why = "the proof has no empty clause";
  for (;;) {
    t = next_token(&p, &v, &line);
    if (!t)
      break;
    int del = t == 'd';
    long start = line;
    if (del)
      t = next_token(&p, &v, &line);
    cl.n = 0;
    while (t == 1 && v != 0) {
      ensure_var((int)labs(v));
      push(&cl, lit_index((int)v));
      t = next_token(&p, &v, &line);
    }
    if (t != 1)
      die("a proof line without its final 0, or stray text", argv[2]);
    int n = (int)cl.n;
    if (del) {
      if (!normalize(cl.a, &n))
        delete_clause(cl.a, n);
      continue;
    }
    S.lemmas++;
    if (normalize(cl.a, &n))
      continue; /* a tautology holds anyway */
    if (!rup(cl.a, n)) {
      if (!rat(cl.a, n)) {
        fail_line = start;
        why = n ? "neither RUP nor RAT on its first literal" : "not RUP";
        break;
      }
      S.rat++;
    }
    if (n == 0) {
      verified = 1;
      break;
    }
    add_clause(cl.a, n);
  }
  double ms = now_ms() - t0;
  printf("c %ld clauses, %ld lemmas checked (%ld by RAT), %ld deletions (%ld "
         "ignored), %.1f ms\n",
         nclauses, S.lemmas, S.rat, S.deletions, S.ignored, ms);
  if (!verified) {
    if (fail_line)
      printf("c %s:%ld: the lemma is %s\n", argv[2], fail_line, why);
    else
      printf("c %s: %s\n", argv[2], why);
  }
  printf("s %s\n", verified ? "VERIFIED" : "NOT VERIFIED");
  free(cl.a);
  for (int i = 0; i < 2 * S.maxvar + 2; i++)
    free(S.watch[i].a);
  free(S.watch);
  free(S.val);
  free(S.mark);
  free(S.reason);
  free(S.trail);
  free(S.arena);
  free(S.cls);
  free(S.buckets);
  free(f.data);
  free(p.data);
  return verified ? 0 : 1;
}
