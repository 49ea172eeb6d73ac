/*
 * records.c: the records of the command line's inputs, one at a time, in
 * order (solve --jobs, rate and minimize --jobs read them as their batch
 * goes): each file read whole, its records parsed one by one, after the
 * --id filter.  A file that cannot be read, a record that does not parse
 * and a file with no record at all come out as errors in their place.
 */
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

int gc_cli_records_next(gc_cli_records *s, gc_puzzle **pz, double *ms,
                        const char **source, gc_error *err) {
  cli *c = s->c;
  *pz = NULL;
  *ms = 0;
  *source = NULL;
  for (;;) {
    if (!s->rd) {
      if (s->file >= c->nfiles)
        return GC_READ_END;
      const char *path = c->files[s->file++];
      size_t len;
      if (gc_cli_read_input(c, path, &s->data, &len, &s->source, err))
        return GC_READ_ERROR;
      s->records = 0;
      if (!(s->rd = gc_reader_new(s->data, len, s->source, &c->ropt, err))) {
        free(s->data);
        s->data = NULL;
        return GC_READ_ERROR;
      }
    }
    *source = s->source;
    double t0 = gc_cli_now_ms();
    int r = gc_reader_next(s->rd, pz, err);
    *ms = gc_cli_now_ms() - t0;
    if (r == GC_READ_END) {
      gc_cli_records_close(s);
      *source = NULL; /* not a record's */
      if (!s->records) {
        gc_error_clear(err);
        gc_error_source(err, s->source);
        gc_error_set(err, GC_E_SHAPE, 0, 0,
                     "no puzzle in the input (empty, or only comments)");
        return GC_READ_ERROR;
      }
      continue;
    }
    s->records++;
    if (r == GC_READ_PUZZLE && !gc_cli_id_match(c, *pz)) {
      gc_puzzle_free(*pz);
      *pz = NULL;
      continue;
    }
    return r;
  }
}

void gc_cli_records_close(gc_cli_records *s) {
  gc_reader_free(s->rd);
  free(s->data);
  s->rd = NULL;
  s->data = NULL;
}
