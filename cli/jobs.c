/*
 * jobs.c: `solve --jobs N`, a batch solved by N threads, one CaDiCaL per
 * puzzle as always, answers printed in input order.
 *
 * The main thread reads every record first (a bad record becomes an error
 * item in its place), starts the workers, then prints item after item as
 * each is done, flushing per record, so the output is the same as with one
 * job and a reader of the output sees complete lines as soon as the items
 * before them are done.  Workers take the next item from a shared counter.
 * The per-puzzle --timeout, --total-timeout and SIGINT behave as without
 * --jobs: an interrupt stops the solves in progress; items not started are
 * not printed.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

typedef struct item {
  gc_puzzle *pz;     /* NULL: a record that did not read (err) */
  gc_error err;
  int failed;        /* gc_solve returned an error */
  const char *source;
  double parse_ms;
  gc_result res;
  int done;
} item;

typedef struct batch {
  cli *c;
  item *items;
  size_t count, cap, next;
  pthread_mutex_t lock;
  pthread_cond_t changed;
} batch;

static item *add_item(batch *b) {
  if (b->count == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 64;
    item *p = realloc(b->items, cap * sizeof *p);
    if (!p)
      return NULL;
    b->items = p;
    b->cap = cap;
  }
  item *it = &b->items[b->count++];
  memset(it, 0, sizeof *it);
  gc_result_init(&it->res);
  return it;
}

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
  for (;;) {
    pthread_mutex_lock(&b->lock);
    size_t i = b->next < b->count ? b->next++ : b->count;
    pthread_mutex_unlock(&b->lock);
    if (i >= b->count)
      return NULL;
    item *it = &b->items[i];
    if (it->pz && !(b->c->interrupt && *b->c->interrupt))
      solve_item(b->c, it);
    pthread_mutex_lock(&b->lock);
    it->done = 1;
    pthread_cond_broadcast(&b->changed);
    pthread_mutex_unlock(&b->lock);
  }
}

/* Reads every record of every file into items; 0, or an exit code. */
static int read_all(batch *b, int *code) {
  cli *c = b->c;
  for (int f = 0; f < c->nfiles; f++) {
    char *data;
    size_t len;
    gc_error e;
    item *it;
    if (gc_cli_read_file(c, c->files[f], &data, &len, &e)) {
      if (!(it = add_item(b)))
        return EX_SOFTWARE;
      it->err = e;
      continue;
    }
    const char *source = !strcmp(c->files[f], "-") ? "<stdin>" : c->files[f];
    gc_reader *rd = gc_reader_new(data, len, source, &c->ropt, &e);
    if (!rd) {
      free(data);
      if (!(it = add_item(b)))
        return EX_SOFTWARE;
      it->err = e;
      continue;
    }
    int records = 0;
    for (;;) {
      gc_puzzle *pz;
      double t0 = gc_cli_now_ms();
      int r = gc_reader_next(rd, &pz, &e);
      double ms = gc_cli_now_ms() - t0;
      if (r == GC_READ_END)
        break;
      records++;
      if (r == GC_READ_PUZZLE && c->id &&
          (!gc_puzzle_id(pz) || strcmp(c->id, gc_puzzle_id(pz)))) {
        gc_puzzle_free(pz);
        continue;
      }
      if (!(it = add_item(b))) {
        if (r == GC_READ_PUZZLE)
          gc_puzzle_free(pz);
        gc_reader_free(rd);
        free(data);
        return EX_SOFTWARE;
      }
      it->source = source;
      if (r == GC_READ_ERROR)
        it->err = e;
      else {
        it->pz = pz;
        it->parse_ms = ms;
      }
    }
    gc_reader_free(rd);
    free(data);
    if (!records) {
      if (!(it = add_item(b)))
        return EX_SOFTWARE;
      gc_error_clear(&it->err);
      gc_error_source(&it->err, source);
      gc_error_set(&it->err, GC_E_SHAPE, 0, 0,
                   "no puzzle in the input (empty, or only comments)");
    }
  }
  (void)code;
  return 0;
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
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  int code = EX_OK;
  int rc = read_all(&b, &code);
  if (rc) {
    fprintf(c->err, "gridcnf: out of memory\n");
    code = rc;
    goto out;
  }
  pthread_mutex_init(&b.lock, NULL);
  pthread_cond_init(&b.changed, NULL);
  int nthreads = c->jobs < (int)b.count ? c->jobs : (int)b.count;
  pthread_t *threads = calloc((size_t)nthreads + 1, sizeof *threads);
  int started = 0;
  for (int t = 0; threads && t < nthreads; t++)
    if (pthread_create(&threads[t], NULL, worker, &b) == 0)
      started++;
  if (!started) { /* no thread: do the work here */
    worker(&b);
  }
  for (size_t i = 0; i < b.count; i++) {
    item *it = &b.items[i];
    pthread_mutex_lock(&b.lock);
    while (!it->done)
      pthread_cond_wait(&b.changed, &b.lock);
    pthread_mutex_unlock(&b.lock);
    if (c->interrupt && *c->interrupt && it->pz && !it->res.stats.vars &&
        it->res.status == GC_STATUS_UNKNOWN && it->res.stop == GC_STOP_NONE)
      continue; /* never started: not printed */
    if (!it->pz) {
      gc_cli_emit_error_record(c, &it->err, NULL);
      gc_cli_worst(&code, gc_code_exit(it->err.code));
    } else if (it->failed) {
      ++*npuzzles;
      gc_cli_emit_error_record(c, &it->err, it->pz);
      gc_cli_worst(&code, gc_code_exit(it->err.code));
    } else {
      ++*npuzzles;
      gc_cli_emit_result(c, it->source, it->pz, &it->res);
      gc_cli_worst(&code, gc_cli_status_exit(&it->res));
    }
  }
  for (int t = 0; t < started; t++)
    pthread_join(threads[t], NULL);
  free(threads);
  pthread_cond_destroy(&b.changed);
  pthread_mutex_destroy(&b.lock);
  if (c->interrupt && *c->interrupt) {
    fprintf(c->err, "gridcnf: interrupted after %.1f s\n",
            (gc_cli_now_ms() - c->start_ms) / 1e3);
    gc_cli_worst(&code, EX_INTERRUPT);
  }
out:
  for (size_t i = 0; i < b.count; i++) {
    gc_puzzle_free(b.items[i].pz);
    gc_result_free(&b.items[i].res);
  }
  free(b.items);
  return code;
}
