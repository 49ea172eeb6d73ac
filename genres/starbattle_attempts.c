/*
 * starbattle_attempts.c: the attempts for a Star Battle made whole
 * (starbattle_gen.c, sb_attempt), one after another or on several threads
 * at once, with the same puzzle either way.
 *
 * Attempt a has its own random stream (a number drawn once from the
 * puzzle's stream, and a) and its own budget of solver calls (a base times
 * the a-th term of the Luby sequence), so what it does depends on a alone.
 * The puzzle is that of the first attempt that ends otherwise than failing
 * (made, stopped, or an error), as when they run one after another: a
 * thread takes the next attempt while none below it has ended, an attempt
 * past one that ended stops at its next solver call, and the result waits
 * for every attempt below the one that ended.  Where a puzzle takes many
 * attempts (26x26 with 4 stars: about 250 in two minutes, each failing
 * after half a second), T threads make it about T times as fast.  The
 * threads are gx->threads from the start, and more that the caller lends
 * on the way (gx->borrow: the threads of a batch whose other puzzles are
 * done), asked for before each attempt the calling thread starts.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"

/* The budget's base per row of the grid, and attempts before the caller
   is asked for a fresh start. */
enum { SB_BUDGET_PER_ROW = 32, SB_ATTEMPTS = 4096 };

/* The Luby sequence from 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... */
static long luby(long i) {
  for (;;) {
    int k = 1;
    while ((1L << k) - 1 < i)
      k++;
    if ((1L << k) - 1 == i)
      return 1L << (k - 1);
    i -= (1L << (k - 1)) - 1;
  }
}

enum { SB_THREADS_MOST = 64 };

/* What the threads share. */
typedef struct sb_run {
  pthread_mutex_t lock;
  pthread_t tid[SB_THREADS_MOST]; /* the threads started (not the caller's;
                                     only it starts them) */
  int started;
  const gc_puzzle *pz; /* the genre and the size */
  gc_gen_ctx *gx;
  int n, m;
  uint64_t stream; /* drawn once from the puzzle's stream */
  long next;       /* the next attempt to start */
  atomic_long ended; /* the lowest attempt that ended so far, else LONG_MAX */
  int rc;            /* its result */
  gc_error err;      /* ... its error */
  int *region, *star; /* ... its puzzle (n * n each) */
  long *perturbs;     /* per attempt: the region changes it made */
} sb_run;

static void *attempts(void *arg);
static void *lent_attempts(void *arg);

/* One thread more for the attempts (lent: borrowed from the caller's
   pool, given back when it ends).  1 started, 0 not. */
static int add_thread(sb_run *run, int lent) {
  pthread_mutex_lock(&run->lock);
  int i = run->started, ok = i < SB_THREADS_MOST;
  if (ok)
    ok = pthread_create(&run->tid[i], NULL, lent ? lent_attempts : attempts,
                        run) == 0;
  if (ok)
    run->started++;
  pthread_mutex_unlock(&run->lock);
  return ok;
}

/* The threads the caller lends now, each started on the attempts. */
static void borrow_threads(sb_run *run) {
  gc_gen_ctx *gx = run->gx;
  if (!gx->borrow)
    return;
  while (gx->borrow(gx->pool))
    if (!add_thread(run, 1)) {
      gx->give_back(gx->pool);
      break;
    }
}

/* One thread's attempts until none is left to start; the calling thread
   of sb_whole (owner) also takes the threads its caller lends.  NULL. */
static void *attempts_on(sb_run *run, int owner) {
  int n = run->n, nn = n * n;
  gc_puzzle pz;
  memset(&pz, 0, sizeof pz);
  pz.genre = run->pz->genre;
  pz.line = 1;
  gc_error err;
  gc_error_clear(&err);
  int *work = NULL;
  if (sb_alloc(&pz, n, run->m, &err) || gc_grid_init(&pz.known, n) ||
      !(work = gc_calloc(5 * (size_t)nn, sizeof *work, &err))) {
    pthread_mutex_lock(&run->lock);
    if (run->next < atomic_load(&run->ended)) { /* as an attempt's error */
      atomic_store(&run->ended, run->next);
      run->rc = -1;
      gc_error_set(&run->err, GC_E_NOMEM, 0, 0, "out of memory");
    }
    pthread_mutex_unlock(&run->lock);
    free(work);
    gc_grid_free(&pz.known);
    free(pz.data);
    return NULL;
  }
  sb *s = pz.data;
  gc_gen_ctx gx = *run->gx; /* its own stream and count of changes */
  gc_rng rng;
  gx.rng = &rng;
  sb_gen g;
  memset(&g, 0, sizeof g);
  g.rng = &rng;
  g.gx = &gx;
  g.n = n;
  g.m = run->m;
  g.nn = nn;
  g.holes_most = n; /* see starbattle_gen.c, step 3 */
  g.star = pz.known.cell;
  g.region = s->region;
  g.queue = work;
  g.mark = work + nn;
  g.cells = work + 2 * nn;
  g.pruned = work + 3 * nn;
  g.ended = &run->ended;
  int *lits = work + 4 * nn;
  for (;;) {
    if (owner)
      borrow_threads(run);
    pthread_mutex_lock(&run->lock);
    long a = run->next;
    int go = a <= SB_ATTEMPTS && a < atomic_load(&run->ended);
    if (go)
      run->next++;
    pthread_mutex_unlock(&run->lock);
    if (go && gx.begun)
      atomic_fetch_add(gx.begun, 1);
    if (!go)
      break;
    gc_rng_seed(&rng, run->stream, (uint64_t)a);
    g.attempt = a;
    g.calls = 0;
    g.over = 0;
    g.budget = (long)SB_BUDGET_PER_ROW * n * luby(a);
    gx.perturbs = 0;
    gc_error_clear(&err);
    int rc = sb_attempt(&g, &pz, lits, &err);
    if (rc == 1 && g.over)
      rc = 2; /* over budget, or past an attempt that ended: failed */
    pthread_mutex_lock(&run->lock);
    run->perturbs[a] = gx.perturbs;
    if (rc != 2 && a < atomic_load(&run->ended)) {
      atomic_store(&run->ended, a);
      run->rc = rc;
      run->err = err;
      if (rc == 0) {
        memcpy(run->region, s->region, (size_t)nn * sizeof *run->region);
        memcpy(run->star, pz.known.cell, (size_t)nn * sizeof *run->star);
      }
    }
    pthread_mutex_unlock(&run->lock);
  }
  free(work);
  gc_grid_free(&pz.known);
  free(pz.data);
  return NULL;
}

static void *attempts(void *arg) { return attempts_on(arg, 0); }

static void *lent_attempts(void *arg) {
  sb_run *run = arg;
  attempts_on(run, 0);
  run->gx->give_back(run->gx->pool);
  return NULL;
}

int sb_whole(gc_puzzle *pz, int n, int m, gc_gen_ctx *gx, gc_error *err) {
  sb_run run;
  memset(&run, 0, sizeof run);
  run.pz = pz;
  run.gx = gx;
  run.n = n;
  run.m = m;
  run.stream = gc_rng_next(gx->rng);
  run.next = 1;
  atomic_init(&run.ended, LONG_MAX);
  run.rc = 2;
  sb *s = pz->data;
  run.region = s->region;
  run.star = pz->known.cell;
  run.perturbs = gc_calloc(SB_ATTEMPTS + 1, sizeof *run.perturbs, err);
  if (!run.perturbs)
    return -1;
  pthread_mutex_init(&run.lock, NULL);
  for (int i = 1; i < gx->threads; i++) /* none where threads cannot start */
    if (!add_thread(&run, 0))
      break;
  attempts_on(&run, 1);
  /* only this thread starts threads, and it is done: the others end as
     soon as their attempt does */
  for (int i = 0; i < run.started; i++)
    pthread_join(run.tid[i], NULL);
  pthread_mutex_destroy(&run.lock);
  long last = atomic_load(&run.ended);
  if (last > SB_ATTEMPTS)
    last = SB_ATTEMPTS;
  for (long a = 1; a <= last; a++)
    gx->perturbs += run.perturbs[a];
  gx->attempts += last;
  free(run.perturbs);
  if (run.rc == -1)
    *err = run.err;
  return run.rc;
}
