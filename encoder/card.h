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
/* The same bounds by a totalizer (Bailleux and Boufkhad 2003) cut at
   max(lo, hi + 1) outputs, both directions when both bounds are asked.
   gc_enc_card() uses it, after the trivial cases, when the options say
   card=totalizer (auto means the counter there; a genre may decide
   otherwise through gc_enc_card_kind). */
void gc_enc_totalizer(gc_cnf *c, const int *lits, size_t n, long lo, long hi);
/* gc_enc_card with the encoding given: GC_CARD_COUNTER or
   GC_CARD_TOTALIZER (the trivial cases are settled the same way). */
void gc_enc_card_kind(gc_cnf *c, const int *lits, size_t n, long lo, long hi,
                      int kind);
void gc_enc_atmost(gc_cnf *c, const int *lits, size_t n, long k);
void gc_enc_atleast(gc_cnf *c, const int *lits, size_t n, long k);
void gc_enc_exactly(gc_cnf *c, const int *lits, size_t n, long k);

#endif
