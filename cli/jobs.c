/*
 * jobs.c: `solve --jobs N`, a batch solved by N threads, one CaDiCaL per
 * puzzle as always, answers printed in input order.
 *
 * The main thread reads the records as the batch goes (a bad record
 * becomes an error item in its place), into a window of at most WINDOW
 * items that are read but not yet printed, and prints the oldest as soon
 * as it is done, one record at a time (output.c), so the output is the
 * same as with one job and a reader of the output sees complete lines as
 * soon as the items before them are done.  Memory stays that of the
 * window, not of the batch: a million small puzzles are not all held at
 * once.  Workers take the next unsolved item of the window.  The
 * per-puzzle --timeout, --total-timeout and SIGINT behave as without
 * --jobs: an interrupt stops the solves in progress; items not started
 * are not printed.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

/* items read ahead per job */
#define WINDOW_PER_JOB 32

enum { READY = 1, TAKEN, DONE };

typedef struct item {
  gc_puzzle *pz; /* NULL: a record that did not read (err) */
  gc_error err;
  int failed; /* gc_solve returned an error */
  const char *source;
  double parse_ms;
  gc_result res;
  int ready; /* a puzzle to solve (else a record to print) */
} item;

/* The window is ring[head % window] .. ring[(tail - 1) % window]; head and
   tail are written by the main thread only, which fills the free slots
   from tail on before it publishes the new tail.  The workers claim items
   by their state (no lock); the lock and the two conditions are for
   sleeping only: a worker when there is nothing to take, the main thread
   when the item it must print next is not done. */
typedef struct batch {
  cli *c;
  item *ring;
  /* the state of ring[k]: a worker owns an item once it turns READY into
     TAKEN; the main thread writes an item while its state is DONE (it was
     printed) and then sets it READY or leaves it DONE (an error) */
  atomic_int *state;
  size_t window;
  atomic_size_t head;    /* the next item to print */
  atomic_size_t tail;    /* the next item to read */
  atomic_size_t next;    /* where the workers look for an item */
  atomic_int eof;        /* no more items will come */
  atomic_int idle;       /* workers asleep */
  atomic_int main_waits; /* the main thread sleeps */
  pthread_mutex_t lock;
  pthread_cond_t more; /* for the workers: items, or the end */
  pthread_cond_t done; /* for the main thread: an item is done */
  gc_cli_records in; /* the input */
} batch;

static void solve_item(cli *c, item *it) {
  gc_limits lim = c->lim;
  lim.reserve = NULL; /* the heap of one thread: not worth it in a batch */
  if (c->total_timeout > 0) {
    double left = c->total_timeout - (gc_cli_now_ms() - c->start_ms) / 1e3;
    if (left <= 0) {
      it->res.stop = GC_STOP_TIME;
      return;
    }
    if (lim.timeout <= 0 || left < lim.timeout)
      lim.timeout = left;
  }
  if (gc_solve(it->pz, &c->opt, &lim, &it->res, &it->err)) {
    it->failed = 1;
    if (!it->err.line) {
      gc_error_source(&it->err, it->source);
      it->err.line = gc_puzzle_line(it->pz);
    }
  }
  it->res.stats.parse_ms = it->parse_ms;
}

static void *worker(void *arg) {
  batch *b = arg;
  cli *c = b->c;
  for (;;) {
    size_t t = atomic_load(&b->tail), h = atomic_load(&b->head);
    size_t i = atomic_load(&b->next);
    if (i < h) { /* printed meanwhile */
      atomic_compare_exchange_weak(&b->next, &i, h);
      continue;
    }
    if (i < t) {
      if (!atomic_compare_exchange_weak(&b->next, &i, i + 1))
        continue;
      atomic_int *st = &b->state[i % b->window];
      int ready = READY;
      if (!atomic_compare_exchange_strong(st, &ready, TAKEN))
        continue; /* a record that did not read, or taken already */
      if (!gc_stop_requested(c->interrupt))
        solve_item(c, &b->ring[i % b->window]);
      atomic_store(st, DONE);
      if (atomic_load(&b->main_waits)) {
        pthread_mutex_lock(&b->lock);
        pthread_cond_signal(&b->done);
        pthread_mutex_unlock(&b->lock);
      }
      continue;
    }
    if (atomic_load(&b->eof))
      break;
    pthread_mutex_lock(&b->lock);
    atomic_fetch_add(&b->idle, 1);
    while (atomic_load(&b->next) >= atomic_load(&b->tail) &&
           !atomic_load(&b->eof))
      pthread_cond_wait(&b->more, &b->lock);
    atomic_fetch_sub(&b->idle, 1);
    pthread_mutex_unlock(&b->lock);
  }
  return NULL;
}

/* Wakes the workers that sleep (new items, or the end). */
static void wake_workers(batch *b) {
  if (!atomic_load(&b->idle))
    return;
  pthread_mutex_lock(&b->lock);
  pthread_cond_broadcast(&b->more);
  pthread_mutex_unlock(&b->lock);
}

/* The next item of the input (outside the lock: it is not in the window
   yet).  1, or 0 when the input is used up. */
static int read_item(batch *b, item *it) {
  memset(it, 0, sizeof *it);
  gc_result_init(&it->res);
  int r = gc_cli_records_next(&b->in, &it->pz, &it->parse_ms, &it->source,
                              &it->err);
  it->ready = r == GC_READ_PUZZLE;
  return r != GC_READ_END;
}

/* Prints a done item as its record; 1 when the batch must stop. */
static int print_item(cli *c, item *it, int *code, int *npuzzles) {
  if (gc_stop_requested(c->interrupt) && it->pz && !it->res.stats.vars &&
      it->res.status == GC_STATUS_UNKNOWN && it->res.stop == GC_STOP_NONE &&
      !it->failed)
    return 0; /* never started: not printed */
  gc_cli_record_begin(c);
  if (!it->pz) {
    gc_cli_emit_error_record(c, &it->err, NULL);
    gc_cli_worst(code, gc_code_exit(it->err.code));
  } else if (it->failed) {
    ++*npuzzles;
    gc_cli_emit_error_record(c, &it->err, it->pz);
    gc_cli_worst(code, gc_code_exit(it->err.code));
  } else {
    ++*npuzzles;
    gc_cli_emit_result(c, it->source, it->pz, &it->res);
    gc_cli_worst(code, gc_cli_status_exit(&it->res));
  }
  return gc_cli_record_end(c, it->pz ? it->source : it->err.source, it->pz,
                           code);
}

static void free_item(item *it) {
  gc_puzzle_free(it->pz);
  gc_result_free(&it->res);
  it->pz = NULL;
}

int gc_cli_solve_jobs(cli *c, int *npuzzles) {
#ifdef __EMSCRIPTEN__ /* built without threads (they need cross-origin isolation) */
  (void)npuzzles;
  return gc_cli_usage_error(c, "--jobs is not available in the single-threaded "
                               "WebAssembly build%s", "");
#endif
  batch b;
  memset(&b, 0, sizeof b);
  b.c = c;
  b.in.c = c;
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  b.window = (size_t)c->jobs * WINDOW_PER_JOB;
  b.ring = calloc(b.window, sizeof *b.ring);
  b.state = malloc(b.window * sizeof *b.state);
  if (b.state)
    for (size_t k = 0; k < b.window; k++)
      atomic_init(&b.state[k], DONE);
  if (!b.ring || !b.state) {
    free(b.ring);
    free(b.state);
    fprintf(c->err, "gridcnf: out of memory\n");
    return EX_SOFTWARE;
  }
  pthread_mutex_init(&b.lock, NULL);
  pthread_cond_init(&b.more, NULL);
  pthread_cond_init(&b.done, NULL);
  atomic_init(&b.head, 0);
  atomic_init(&b.tail, 0);
  atomic_init(&b.next, 0);
  atomic_init(&b.eof, 0);
  atomic_init(&b.idle, 0);
  atomic_init(&b.main_waits, 0);
  pthread_t *threads = calloc((size_t)c->jobs + 1, sizeof *threads);
  int started = 0;
  for (int t = 0; threads && t < c->jobs; t++)
    if (pthread_create(&threads[t], NULL, worker, &b) == 0)
      started++;
  int code = EX_OK, halt = 0, eof = 0;
  size_t head = 0, tail = 0;
  for (;;) {
    /* read ahead into the free part of the window once half of it is
       free (idle workers are woken for a batch, not for every item),
       then publish it */
    if (!eof && tail - head <= b.window / 2) {
      while (!eof && tail - head < b.window) {
        item *it = &b.ring[tail % b.window]; /* (its state is DONE) */
        if (halt || gc_stop_requested(c->interrupt) || !read_item(&b, it))
          eof = 1;
        else {
          if (it->ready)
            atomic_store(&b.state[tail % b.window], READY);
          tail++;
        }
      }
      atomic_store(&b.tail, tail);
      if (eof)
        atomic_store(&b.eof, 1);
      wake_workers(&b);
    }
    if (head == tail)
      break;
    item *it = &b.ring[head % b.window];
    atomic_int *st = &b.state[head % b.window];
    int ready = READY;
    if (!started && atomic_compare_exchange_strong(st, &ready, TAKEN)) {
      if (!gc_stop_requested(c->interrupt)) /* no thread: the work is here */
        solve_item(c, it);
      atomic_store(st, DONE);
    }
    if (atomic_load(st) != DONE) {
      pthread_mutex_lock(&b.lock);
      atomic_store(&b.main_waits, 1);
      while (atomic_load(st) != DONE)
        pthread_cond_wait(&b.done, &b.lock);
      atomic_store(&b.main_waits, 0);
      pthread_mutex_unlock(&b.lock);
    }
    if (!halt) /* (after a halt: only waited for, and freed) */
      halt = print_item(c, it, &code, npuzzles);
    free_item(it);
    atomic_store(&b.head, ++head);
  }
  atomic_store(&b.eof, 1);
  pthread_mutex_lock(&b.lock);
  pthread_cond_broadcast(&b.more);
  pthread_mutex_unlock(&b.lock);
  for (int t = 0; t < started; t++)
    pthread_join(threads[t], NULL);
  free(threads);
  pthread_cond_destroy(&b.more);
  pthread_cond_destroy(&b.done);
  pthread_mutex_destroy(&b.lock);
  gc_cli_records_close(&b.in);
  free(b.ring);
  free(b.state);
  if (gc_stop_requested(c->interrupt)) {
    fprintf(c->err, "gridcnf: interrupted after %.1f s\n",
            (gc_cli_now_ms() - c->start_ms) / 1e3);
    gc_cli_worst(&code, EX_INTERRUPT);
  }
  return code;
}
