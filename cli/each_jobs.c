/*
 * each_jobs.c: gc_cli_each_puzzle on N threads (rate, minimize --jobs N).
 *
 * Every record is read first; then each puzzle's command function runs on
 * a worker thread (gc_cli_ordered_run) with a copy of the command line
 * whose standard output and error are memory streams, and what it wrote
 * goes to the real streams in input order, so the output is the bytes of
 * one job.  Records that do not read are reported in their place.  With
 * --jobs the running count of a batch on a terminal is not shown (the
 * summary is).
 */
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
  each_item *items;
  size_t count, cap;
  int code;
} each_batch;

static each_item *add_item(each_batch *b) {
  if (b->count == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 64;
    each_item *p = realloc(b->items, cap * sizeof *p);
    if (!p)
      return NULL;
    b->items = p;
    b->cap = cap;
  }
  each_item *it = &b->items[b->count++];
  memset(it, 0, sizeof *it);
  return it;
}

/* Reads every record of every file into items; 0, or -1 out of memory. */
static int read_all(each_batch *b) {
  cli *c = b->c;
  for (int f = 0; f < c->nfiles; f++) {
    char *data;
    size_t len;
    gc_error e;
    each_item *it;
    if (gc_cli_read_file(c, c->files[f], &data, &len, &e)) {
      if (!(it = add_item(b)))
        return -1;
      it->err = e;
      continue;
    }
    const char *source = !strcmp(c->files[f], "-") ? "<stdin>" : c->files[f];
    gc_reader *rd = gc_reader_new(data, len, source, &c->ropt, &e);
    if (!rd) {
      free(data);
      if (!(it = add_item(b)))
        return -1;
      it->err = e;
      continue;
    }
    int records = 0, rc = 0;
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
        rc = -1;
        break;
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
    if (rc)
      return rc;
    if (!records) {
      if (!(it = add_item(b)))
        return -1;
      gc_error_clear(&it->err);
      gc_error_source(&it->err, source);
      gc_error_set(&it->err, GC_E_SHAPE, 0, 0,
                   "no puzzle in the input (empty, or only comments)");
    }
  }
  return 0;
}

static int each_work(void *ctx, size_t i) {
  each_batch *b = ctx;
  each_item *it = &b->items[i];
  if (!it->pz || (b->c->interrupt && *b->c->interrupt))
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

static int each_emit(void *ctx, size_t i) {
  each_batch *b = ctx;
  each_item *it = &b->items[i];
  cli *c = b->c;
  if (!it->pz) {
    gc_cli_record_begin(c);
    gc_cli_emit_error_record(c, &it->err, NULL);
    gc_cli_worst(&b->code, gc_code_exit(it->err.code));
    return gc_cli_record_end(c, it->err.source, NULL, &b->code);
  }
  if (c->interrupt && *c->interrupt)
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

int gc_cli_each_puzzle_jobs(cli *c, gc_cli_puzzle_fn fn, int *npuzzles) {
#ifdef __EMSCRIPTEN__ /* built without threads */
  return gc_cli_each_puzzle(c, fn, npuzzles);
#endif
  each_batch b;
  memset(&b, 0, sizeof b);
  b.c = c;
  b.fn = fn;
  b.code = EX_OK;
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  if (read_all(&b)) {
    fprintf(c->err, "gridcnf: out of memory\n");
    b.code = EX_SOFTWARE;
  } else {
    for (size_t i = 0; i < b.count; i++)
      *npuzzles += b.items[i].pz != NULL;
    gc_cli_ordered_run(c->jobs, b.count, each_work, each_emit, &b);
  }
  if (c->interrupt && *c->interrupt) {
    fprintf(c->err, "gridcnf: interrupted after %.1f s\n",
            (gc_cli_now_ms() - c->start_ms) / 1e3);
    gc_cli_worst(&b.code, EX_INTERRUPT);
  }
  for (size_t i = 0; i < b.count; i++) {
    gc_puzzle_free(b.items[i].pz);
    free(b.items[i].out);
    free(b.items[i].errtext);
  }
  free(b.items);
  return b.code;
}
