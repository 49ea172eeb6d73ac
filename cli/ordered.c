/*
 * ordered.c: a numbered batch of independent work on N threads, the
 * results handed back in order (generate, rate and minimize --jobs).
 *
 * The items are there from the start (generate: puzzle i is made from the
 * seed and i), or fill(ctx, i) makes item i ready on the calling thread,
 * in order, as the window moves (rate and minimize read the next record),
 * so that neither the results nor the items are held for the whole batch.
 *
 * Item i is made by work(ctx, i) on a worker thread and given to
 * emit(ctx, i) on the calling thread once items 0..i-1 have been; a worker
 * starts an item only while it is within `window` of the next one to
 * emit, so memory stays bounded however long the batch.  Since emit runs
 * in order on one thread, what it prints is the same bytes as with one
 * job, as long as work(i) depends on i alone.  emit returning nonzero
 * stops the batch: items not started are not made, those in progress are
 * waited for and not emitted.  With jobs 1 (or no thread to be had) the
 * items are made and emitted one after another on the calling thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

typedef struct ordered {
  gc_cli_ordered_fn fill, work, emit;
  void (*idle)(void *ctx); /* a worker that has no item left ends */
  void *ctx;
  size_t count, next, emitted, window;
  size_t avail; /* items made ready by fill (count when there is none) */
  int ended;    /* fill said there are no more */
  char *done;   /* done[i % window] */
  int stop;
  pthread_mutex_t lock;
  pthread_cond_t changed;
} ordered;

static void *worker(void *arg) {
  ordered *o = arg;
  pthread_mutex_lock(&o->lock);
  for (;;) {
    /* (past count there is no item: no need to wait for the window) */
    while (!o->stop && o->next < o->count &&
           (o->next >= o->emitted + o->window ||
            (o->next >= o->avail && !o->ended)))
      pthread_cond_wait(&o->changed, &o->lock);
    if (o->stop || o->next >= o->avail || o->next >= o->count) {
      if (!o->stop && o->idle)
        o->idle(o->ctx);
      break;
    }
    size_t i = o->next++;
    pthread_mutex_unlock(&o->lock);
    o->work(o->ctx, i);
    pthread_mutex_lock(&o->lock);
    o->done[i % o->window] = 1;
    pthread_cond_broadcast(&o->changed);
  }
  pthread_mutex_unlock(&o->lock);
  return NULL;
}

int gc_cli_ordered_window(int jobs) { return jobs > 1 ? 2 * jobs : 1; }

/* Is there an item i?  Made by fill when there is one (on the calling
   thread, outside the lock). */
static int have(gc_cli_ordered_fn fill, void *ctx, size_t count, size_t i) {
  return i < count && (!fill || fill(ctx, i));
}

/* Fills the window ahead of the items emitted; called with the lock. */
static void top_up(ordered *o) {
  while (!o->ended && !o->stop && o->avail < o->emitted + o->window) {
    size_t i = o->avail;
    pthread_mutex_unlock(&o->lock);
    int made = have(o->fill, o->ctx, o->count, i);
    pthread_mutex_lock(&o->lock);
    if (made) {
      o->done[i % o->window] = 0;
      o->avail = i + 1;
    } else
      o->ended = 1;
    pthread_cond_broadcast(&o->changed);
  }
}

int gc_cli_ordered_run(int jobs, size_t count, gc_cli_ordered_fn fill,
                       gc_cli_ordered_fn work, gc_cli_ordered_fn emit,
                       void *ctx) {
  return gc_cli_ordered_run_idle(jobs, count, fill, work, emit, NULL, ctx);
}

int gc_cli_ordered_run_idle(int jobs, size_t count, gc_cli_ordered_fn fill,
                            gc_cli_ordered_fn work, gc_cli_ordered_fn emit,
                            void (*idle)(void *ctx), void *ctx) {
  if (count == 0)
    return 0;
#ifndef __EMSCRIPTEN__
  if (jobs > 1 && count > 1) {
    ordered o;
    memset(&o, 0, sizeof o);
    o.fill = fill;
    o.work = work;
    o.emit = emit;
    o.idle = idle;
    o.ctx = ctx;
    o.count = count;
    o.window = (size_t)gc_cli_ordered_window(jobs);
    o.done = calloc(o.window, 1);
    int nthreads = (size_t)jobs < count ? jobs : (int)count, started = 0;
    pthread_t *threads = o.done ? calloc((size_t)nthreads, sizeof *threads)
                                : NULL;
    if (threads) {
      pthread_mutex_init(&o.lock, NULL);
      pthread_cond_init(&o.changed, NULL);
      for (int t = 0; t < nthreads; t++)
        if (pthread_create(&threads[t], NULL, worker, &o) == 0)
          started++;
    }
    if (started) {
      int rc = 0;
      pthread_mutex_lock(&o.lock);
      for (size_t i = 0; !rc; i++) {
        top_up(&o);
        if (i >= o.avail)
          break; /* ended */
        while (!o.done[i % o.window])
          pthread_cond_wait(&o.changed, &o.lock);
        pthread_mutex_unlock(&o.lock);
        rc = emit(ctx, i);
        pthread_mutex_lock(&o.lock);
        o.emitted = i + 1;
        if (rc)
          o.stop = 1;
        pthread_cond_broadcast(&o.changed);
      }
      o.stop = 1; /* the workers waiting for more items end */
      pthread_cond_broadcast(&o.changed);
      pthread_mutex_unlock(&o.lock);
      for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
      pthread_cond_destroy(&o.changed);
      pthread_mutex_destroy(&o.lock);
      free(threads);
      free(o.done);
      return rc;
    }
    if (threads) {
      pthread_cond_destroy(&o.changed);
      pthread_mutex_destroy(&o.lock);
    }
    free(threads);
    free(o.done);
  }
#else
  (void)jobs;
#endif
  for (size_t i = 0; have(fill, ctx, count, i); i++) {
    work(ctx, i);
    int rc = emit(ctx, i);
    if (rc)
      return rc;
  }
  return 0;
}
