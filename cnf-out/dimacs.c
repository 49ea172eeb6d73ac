/*
 * dimacs.c: the CNF of a puzzle as a DIMACS file.  The clauses are encoded
 * into a memory sink first (the "p cnf V C" header needs the counts), then
 * written after comment lines that make the file self-describing:
 *
 *   c gridcnf 0.1.0 genre=skyscrapers n=5 id=...
 *   c gridcnf options amo=auto edge_units=1 preprocess=1
 *   c gridcnf block cell first=1 dims=5,5,5 axes=row,col,value-1
 *   c gridcnf var(i,j,k) = first + (i*d1 + j)*d2 + k, 0-based
 *   c gridcnf key cell
 *   c p show 1 2 ... 125 0
 *
 * The "c p show" line lists the answer-key variables (the cell block): the
 * projection that projected model counters (d4, GANAK, ...) read, so that
 * they count solutions of the puzzle rather than models of the CNF.
 * `gridcnf decode` re-encodes the puzzle and compares these lines, so a
 * model is never read against the wrong variable map.  With a grid to block,
 * the last clause excludes that solution: the file is then UNSAT exactly
 * when the puzzle has no other solution, a certificate any solver can check.
 */
#include <stdlib.h>
#include <string.h>

#include "../formats/strbuf.h"
#include "../genres/genre.h"

static void put_int(gc_strbuf *b, int v, char sep) {
  char t[16];
  int i = 15;
  t[i--] = sep;
  unsigned u = v < 0 ? (unsigned)(-(long)v) : (unsigned)v;
  do {
    t[i--] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    t[i--] = '-';
  gc_sb_putn(b, t + i + 1, (size_t)(15 - i));
}

/* The comment lines, shared with decode's comparison. */
char *gc_dimacs_header(const gc_puzzle *pz, const gc_options *opt,
                       const gc_cnf *cnf) {
  gc_strbuf b = {0};
  gc_sb_printf(&b, "c gridcnf %s genre=%s n=%d", GC_VERSION, pz->genre->name,
               pz->n);
  if (pz->id) {
    /* one comment line, and nothing a terminal would act on: control
       characters (C0, DEL, C1 in UTF-8) as '?', one a byte */
    gc_sb_put(&b, " id=");
    for (const char *p = pz->id; *p && p - pz->id < 100; p++) {
      unsigned char ch = (unsigned char)*p, next = (unsigned char)p[1];
      int c1 = ch == 0xc2 && next >= 0x80 && next <= 0x9f;
      gc_sb_putn(&b, ch < 0x20 || ch == 0x7f || c1 ? "?" : p, 1);
      if (c1)
        gc_sb_put(&b, "?"), p++;
    }
  }
  gc_sb_put(&b, "\nc gridcnf options");
  for (size_t i = 0; i < gc_option_count(); i++) {
    char v[32];
    const gc_option_info *info = gc_option_at(i);
    gc_sb_printf(&b, " %s=%s", info->name, gc_option_value(opt, info, v, sizeof v));
  }
  gc_sb_put(&b, "\n");
  int search = opt->search == GC_SEARCH_AUTO ? cnf->search : opt->search;
  if (search == GC_SEARCH_SPARSE)
    gc_sb_put(&b, "c gridcnf search sparse: solved with stable mode only and "
                  "every variable false first (cadical --stabilizeonly=1 "
                  "--phase=0)\n");
  for (size_t i = 0; i < cnf->nblocks; i++) {
    const gc_block *bl = &cnf->blocks[i];
    gc_sb_printf(&b, "c gridcnf block %s first=%d dims=%d,%d,%d axes=%s\n",
                 bl->name, bl->first, bl->d0, bl->d1, bl->d2, bl->axes);
  }
  gc_sb_put(&b, "c gridcnf var(i,j,k) = first + (i*d1 + j)*d2 + k, all 0-based\n"
                "c gridcnf key cell\n");
  return gc_sb_finish(&b);
}

/* Encodes pz into mem; fills cnf (caller releases). */
int gc_encode_memory_limited(const gc_puzzle *pz, const gc_options *opt,
                             const gc_limits *lim, gc_cnf *cnf, gc_memsink *mem,
                             gc_error *err) {
  memset(mem, 0, sizeof *mem);
  gc_cnf_init(cnf, gc_sink_memory(mem), opt);
  gc_cnf_set_limits(cnf, lim);
  if (pz->genre->encode(pz, cnf, err) || gc_cnf_status(cnf)) {
    if (gc_cnf_status(cnf) == GC_E_NOMEM)
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory building the formula");
    else if (gc_cnf_limit_error(cnf, err))
      ;
    else if (!err->code || gc_cnf_status(cnf))
      gc_error_set(err, gc_cnf_status(cnf) ? gc_cnf_status(cnf) : GC_E_INTERNAL,
                   0, 0, "encoding failed (%s)", gc_code_name(gc_cnf_status(cnf)));
    return -1;
  }
  return 0;
}

int gc_encode_memory(const gc_puzzle *pz, const gc_options *opt, gc_cnf *cnf,
                     gc_memsink *mem, gc_error *err) {
  return gc_encode_memory_limited(pz, opt, NULL, cnf, mem, err);
}

int gc_dimacs(const gc_puzzle *pz, const gc_options *opt, const gc_grid *block,
              char **text, size_t *len, gc_error *err) {
  return gc_dimacs_limited(pz, opt, NULL, block, text, len, err);
}

int gc_dimacs_limited(const gc_puzzle *pz, const gc_options *opt,
                      const gc_limits *lim, const gc_grid *block, char **text,
                      size_t *len, gc_error *err) {
  gc_options defaults;
  if (!opt) {
    gc_options_default(&defaults);
    opt = &defaults;
  }
  gc_error_clear(err);
  *text = NULL;
  *len = 0;
  gc_cnf cnf;
  gc_memsink mem;
  int rc = -1;
  int *lits = NULL;
  char *head = NULL;
  if (gc_encode_memory_limited(pz, opt, lim, &cnf, &mem, err))
    goto done;
  size_t k = 0;
  if (block) {
    lits = malloc((size_t)pz->n * (size_t)pz->n * sizeof *lits + 1);
    if (!lits) {
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      goto done;
    }
    k = gc_key_blocking_clause(pz, gc_cnf_find_block(&cnf, "cell"), block, lits);
  }
  head = gc_dimacs_header(pz, opt, &cnf);
  gc_strbuf b = {0};
  gc_sb_put(&b, head ? head : "");
  /* The answer-key variables, for projected model counters. */
  const gc_block *key = gc_cnf_find_block(&cnf, "cell");
  if (key) {
    int last = key->first + key->d0 * key->d1 * key->d2;
    gc_sb_put(&b, "c p show ");
    for (int v = key->first; v < last; v++)
      put_int(&b, v, ' ');
    gc_sb_put(&b, "0\n");
  }
  if (block)
    gc_sb_put(&b, "c gridcnf blocking clause: the last clause excludes the "
                  "first solution; UNSAT means the solution is unique\n");
  gc_sb_printf(&b, "p cnf %d %ld\n", cnf.nvars, mem.nclauses + (block ? 1 : 0));
  for (size_t i = 0; i < mem.len; i++)
    if (mem.lits[i])
      put_int(&b, mem.lits[i], ' ');
    else
      gc_sb_put(&b, "0\n");
  if (block) {
    for (size_t i = 0; i < k; i++)
      put_int(&b, lits[i], ' ');
    gc_sb_put(&b, "0\n");
  }
  size_t blen = b.len;
  *text = gc_sb_finish(&b);
  if (!*text) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  *len = blen;
  rc = 0;
done:
  free(head);
  free(lits);
  gc_memsink_free(&mem);
  gc_cnf_release(&cnf);
  return rc;
}
