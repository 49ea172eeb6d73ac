/*
 * card.h: cardinality encodings over arbitrary literals.  The caller's
 * arrays are never changed.  Trivial bounds are settled once in
 * gc_enc_card() before any counter is built (as PySAT's _encode_atmost does).
 */
#ifndef GC_ENCODER_CARD_H
#define GC_ENCODER_CARD_H

#include "cnf.h"

/* At least one: one clause. */
void gc_enc_alo(gc_cnf *c, const int *lits, size_t n);
/* At most one, pairwise: n(n-1)/2 binary clauses, no new variables. */
void gc_enc_amo_pairwise(gc_cnf *c, const int *lits, size_t n);
/* At most one, Sinz's sequential counter (the ladder): n-1 new variables,
   3n-4 clauses. */
void gc_enc_amo_seq(gc_cnf *c, const int *lits, size_t n);
/* At most one with the encoding the options choose (auto: pairwise for
   n <= GC_AMO_PAIRWISE_MAX, sequential above). */
#define GC_AMO_PAIRWISE_MAX 12
void gc_enc_amo(gc_cnf *c, const int *lits, size_t n);
void gc_enc_exactly_one(gc_cnf *c, const int *lits, size_t n);

/* lo <= (number of true lits) <= hi, by one two-way sequential counter
   (Sinz, CP 2005, with the count-down clauses that make exactly-k GAC;
   encodings.md section 3).  lo <= 0 or hi >= n drop that side. */
void gc_enc_card(gc_cnf *c, const int *lits, size_t n, long lo, long hi);
void gc_enc_atmost(gc_cnf *c, const int *lits, size_t n, long k);
void gc_enc_atleast(gc_cnf *c, const int *lits, size_t n, long k);
void gc_enc_exactly(gc_cnf *c, const int *lits, size_t n, long k);

#endif
