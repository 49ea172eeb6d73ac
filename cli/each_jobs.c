/*
 * each_jobs.c: gc_cli_each_puzzle on N threads (rate, minimize --jobs N).
 *
 * The records are read as the batch goes, a window of them ahead of the
 * output (gc_cli_ordered_run's fill), so that memory is that of the
 * window and not of the batch.  Each puzzle's command function runs on a
 * worker thread with a copy of the command line whose standard output
 * and error are memory streams, and what it wrote goes to the real
 * streams in input order, so the output is the bytes of one job.  Records that do not read are reported in their place.  With
 * --jobs the running count of a batch on a terminal is not shown (the
 * summary is).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

typedef struct each_item {
  gc_puzzle *pz; /* NULL: a record that did not read (err) */
  gc_error err;
  const char *source;
  double parse_ms;
  char *out, *errtext; /* what the command wrote */
  size_t out_len, err_len;
  int code, stop, failed;
} each_item;

typedef struct each_batch {
  cli *c;
  gc_cli_puzzle_fn fn;
  each_item *ring; /* item i in ring[i % window] */
  size_t window;
  int code;
  int *npuzzles;
  gc_cli_records in;
} each_batch;

/* Item i: the next record of the input (a puzzle, or the error in its
   place).  0 when the input is used up or an interrupt came. */
static int each_fill(void *ctx, size_t i) {
  each_batch *b = ctx;
  cli *c = b->c;
  each_item *it = &b->ring[i % b->window];
  memset(it, 0, sizeof *it);
  if (gc_stop_requested(c->interrupt))
    return 0;
  int r = gc_cli_records_next(&b->in, &it->pz, &it->parse_ms, &it->source,
                              &it->err);
  *b->npuzzles += r == GC_READ_PUZZLE;
  return r != GC_READ_END;
}

/* What item i held, once emitted (its slot is used again). */
static void item_free(each_item *it) {
  gc_puzzle_free(it->pz);
  free(it->out);
  free(it->errtext);
  memset(it, 0, sizeof *it);
}

static int each_work(void *ctx, size_t i) {
  each_batch *b = ctx;
  each_item *it = &b->ring[i % b->window];
  if (!it->pz || gc_stop_requested(b->c->interrupt))
    return 0;
  cli copy = *b->c;
  copy.lim.reserve = NULL; /* the heap of one thread: not worth it here */
  copy.progress = copy.progress_line = 0;
  memset(&copy.tally, 0, sizeof copy.tally);
  copy.rec = NULL; /* its own record buffer */
  copy.rec_buf = NULL;
  copy.rec_len = 0;
  copy.rec_open = 0;
  copy.withheld = copy.write_failed = 0;
  copy.out = copy.real_out = open_memstream(&it->out, &it->out_len);
  copy.err = open_memstream(&it->errtext, &it->err_len);
  if (!copy.out || !copy.err) {
    if (copy.out)
      fclose(copy.out);
    if (copy.err)
      fclose(copy.err);
    it->failed = 1;
    return 0;
  }
  it->code = EX_OK;
  gc_cli_record_begin(&copy);
  it->stop = b->fn(&copy, it->source, it->pz, it->parse_ms, &it->code);
  it->stop |= gc_cli_record_end(&copy, it->source, it->pz, &it->code);
  gc_cli_output_close(&copy);
  fclose(copy.real_out);
  fclose(copy.err);
  return 0;
}

static int emit_item(each_batch *b, each_item *it) {
  cli *c = b->c;
  if (!it->pz) {
    gc_cli_record_begin(c);
    gc_cli_emit_error_record(c, &it->err, NULL);
    gc_cli_worst(&b->code, gc_code_exit(it->err.code));
    return gc_cli_record_end(c, it->err.source, NULL, &b->code);
  }
  if (gc_stop_requested(c->interrupt))
    return 1;
  if (it->failed) {
    fprintf(c->err, "gridcnf: out of memory\n");
    gc_cli_worst(&b->code, EX_SOFTWARE);
    return 1;
  }
  if (it->err_len) {
    fwrite(it->errtext, 1, it->err_len, c->err);
    fflush(c->err);
  }
  gc_cli_worst(&b->code, it->code);
  int w = gc_cli_write_whole(c, it->out, it->out_len);
  if (w != EX_OK) {
    gc_cli_worst(&b->code, w);
    return 1;
  }
  return it->stop;
}

static int each_emit(void *ctx, size_t i) {
  each_batch *b = ctx;
  each_item *it = &b->ring[i % b->window];
  int stop = emit_item(b, it);
  item_free(it);
  return stop;
}

int gc_cli_each_puzzle_jobs(cli *c, gc_cli_puzzle_fn fn, int *npuzzles) {
#ifdef __EMSCRIPTEN__ /* built without threads */
  return gc_cli_each_puzzle(c, fn, npuzzles);
#endif
  each_batch b;
  memset(&b, 0, sizeof b);
  b.c = c;
  b.fn = fn;
  b.code = EX_OK;
  b.npuzzles = npuzzles;
  b.in.c = c;
  b.window = (size_t)gc_cli_ordered_window(c->jobs);
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  b.ring = calloc(b.window, sizeof *b.ring);
  if (b.ring)
    gc_cli_ordered_run(c->jobs, SIZE_MAX, each_fill, each_work, each_emit,
                       &b);
  if (!b.ring) {
    fprintf(c->err, "gridcnf: out of memory\n");
    gc_cli_worst(&b.code, EX_SOFTWARE);
  }
  if (gc_stop_requested(c->interrupt)) {
    fprintf(c->err, "gridcnf: interrupted after %.1f s\n",
            (gc_cli_now_ms() - c->start_ms) / 1e3);
    gc_cli_worst(&b.code, EX_INTERRUPT);
  }
  for (size_t i = 0; b.ring && i < b.window; i++)
    item_free(&b.ring[i]); /* made, not emitted (the batch stopped) */
  gc_cli_records_close(&b.in);
  free(b.ring);
  return b.code;
}
