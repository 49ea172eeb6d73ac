/*
 * cli.c: the gridcnf command line.  gc_cli_run() is the whole program but
 * for signal handling: it takes the arguments and the output streams and
 * returns the exit code, so the tests run it in-process.  It is the only
 * code that prints.
 *
 * Exit codes (a batch exits with the worst of its records, in the order
 * 0 < 2 < 1 < 3 < 4 < 65 < 66 < 64 < 69 < 74 < 70 < 130;
 * docs/exit-codes.md):
 *   0 solved (and unique when that was asked), 1 no solution, 2 more than
 *   one solution, 3 time limit, 4 generate made no puzzle within its
 *   tries, 64 usage, 65 bad input, 66 cannot open an input, 69 a program
 *   it needs is missing, 70 internal error or out of memory, 74 I/O error,
 *   130 interrupted.
 */
#include "cli.h"
#include "cli_int.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "external.h"
#include "gridcnf.h"

static int severity(int code) {
  static const int order[] = {EX_OK,      EX_MULTIPLE,    EX_NONE,
                              EX_TIME,    EX_NOTFOUND,    EX_DATAERR,
                              EX_NOINPUT, EX_USAGE,       EX_UNAVAILABLE,
                              EX_IOERR,   EX_SOFTWARE,    EX_INTERRUPT};
  int n = (int)(sizeof order / sizeof order[0]);
  for (int i = 0; i < n; i++)
    if (order[i] == code)
      return i;
  /* a code missing here must not vanish from a batch: rank it as 70 */
  return severity(EX_SOFTWARE);
}

void gc_cli_worst(int *acc, int code) {
  if (severity(code) > severity(*acc))
    *acc = code;
}

double gc_cli_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void gc_cli_print_error(cli *c, const gc_error *e) {
  gc_cli_progress_clear(c);
  char buf[600];
  gc_error_format(e, buf, sizeof buf); /* one line: no control characters */
  fprintf(c->err, "gridcnf: %s\n", buf);
}

int gc_cli_solve_fixed(cli *c, const gc_puzzle *pz, const gc_limits *lim,
                       gc_result *res, gc_error *e) {
  gc_options opt = c->opt;
  if (opt.portfolio == GC_PORTFOLIO_AUTO)
    opt.portfolio = GC_PORTFOLIO_OFF;
  return gc_solve(pz, &opt, lim, res, e);
}

int gc_cli_usage_error(cli *c, const char *fmt, const char *arg) {
  fprintf(c->err, "gridcnf: ");
  fprintf(c->err, fmt, arg);
  if (c->command)
    fprintf(c->err, " (see 'gridcnf help %s')\n", c->command);
  else
    fprintf(c->err, " (try 'gridcnf --help')\n");
  return EX_USAGE;
}

#define GC_COMMAND(name) extern const gc_command gc_command_##name;
#include "command_list.h"
#undef GC_COMMAND

static const gc_command *const commands[] = {
#define GC_COMMAND(name) &gc_command_##name,
#include "command_list.h"
#undef GC_COMMAND
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

/* The commands in list order (by .order, then name), sorted once. */
static const gc_command *sorted[NCOMMANDS];
static int sorted_ready;

static void sort_commands(void) {
  if (sorted_ready)
    return;
  for (int i = 0; i < NCOMMANDS; i++) {
    int j = i;
    for (; j > 0 && (sorted[j - 1]->order > commands[i]->order ||
                     (sorted[j - 1]->order == commands[i]->order &&
                      strcmp(sorted[j - 1]->name, commands[i]->name) > 0));
         j--)
      sorted[j] = sorted[j - 1];
    sorted[j] = commands[i];
  }
  sorted_ready = 1;
}

size_t gc_cli_command_count(void) { return NCOMMANDS; }

const gc_command *gc_cli_command_at(size_t i) {
  sort_commands();
  return i < NCOMMANDS ? sorted[i] : NULL;
}

const gc_command *gc_cli_command_find(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (!strcmp(commands[i]->name, name) ||
        (commands[i]->alias && !strcmp(commands[i]->alias, name)))
      return commands[i];
  return NULL;
}

/* "unknown command 'solv' (did you mean 'solve'?)" */
static int unknown_command(FILE *err, const char *name, const char *what) {
  gc_cli_suggest s;
  gc_cli_suggest_init(&s, name);
  for (int i = 0; i < NCOMMANDS; i++) {
    gc_cli_suggest_offer(&s, commands[i]->name);
    if (commands[i]->alias)
      gc_cli_suggest_offer(&s, commands[i]->alias);
  }
  if (!strcmp(what, "help topic")) {
    static const char *const topics[] = {"encoding", "formats", "exit-codes"};
    for (int i = 0; i < 3; i++)
      gc_cli_suggest_offer(&s, topics[i]);
  }
  if (s.best)
    fprintf(err, "gridcnf: unknown %s '%s' (did you mean '%s'?)\n", what, name,
            s.best);
  else
    fprintf(err, "gridcnf: unknown %s '%s' (see 'gridcnf --help')\n", what,
            name);
  return EX_USAGE;
}

/*------------------------------------------------------------------------*/

json_t *gc_cli_grid_json(const gc_grid *g) {
  if (!g || !g->n)
    return json_null();
  json_t *rows = json_array();
  for (int r = 0; r < g->n; r++) {
    json_t *row = json_array();
    for (int col = 0; col < g->n; col++)
      json_array_append_new(row, json_integer(g->cell[r * g->n + col]));
    json_array_append_new(rows, row);
  }
  return rows;
}

static double round3(double x) { return floor(x * 1000 + 0.5) / 1000; }

void gc_cli_emit_json(cli *c, json_t *obj) {
  gc_cli_progress_note(c, json_string_value(json_object_get(obj, "status")));
  char *s = obj ? json_dumps(obj, JSON_COMPACT | JSON_ENSURE_ASCII |
                                      JSON_REAL_PRECISION(6))
                : NULL;
  if (s) {
    fputs(s, c->out);
    fputc('\n', c->out);
    free(s);
  } else /* out of memory: an error record stands in for it (output.c) */
    gc_cli_record_lost(c);
  json_decref(obj);
  fflush(c->out);
}

void gc_cli_emit_error_record(cli *c, const gc_error *e, const gc_puzzle *pz) {
  gc_cli_print_error(c, e);
  if (!c->json) {
    gc_cli_progress_note(c, "error");
    return;
  }
  char buf[600];
  gc_error_format(e, buf, sizeof buf);
  json_t *o = json_object();
  json_object_set_new(o, "id", pz && gc_puzzle_id(pz) ? json_string(gc_puzzle_id(pz))
                                                       : json_null());
  json_object_set_new(o, "genre", pz ? json_string(gc_genre_name(gc_puzzle_genre(pz)))
                                     : json_null());
  json_object_set_new(o, "n", pz ? json_integer(gc_puzzle_n(pz)) : json_null());
  json_object_set_new(o, "status", json_string("error"));
  json_object_set_new(o, "solution", json_null());
  json_object_set_new(o, "second", json_null());
  json_object_set_new(o, "error", json_string(buf));
  json_object_set_new(o, "line", e->line ? json_integer(e->line) : json_null());
  json_object_set_new(o, "column", e->line && e->column ? json_integer(e->column)
                                                        : json_null());
  if (!pz || !gc_puzzle_id(pz)) /* no id: where the record is */
    json_object_set_new(o, "source", e->source[0] ? json_string(e->source)
                                     : pz && gc_puzzle_source(pz)
                                         ? json_string(gc_puzzle_source(pz))
                                         : json_null());
  gc_cli_emit_json(c, o);
}

int gc_cli_status_exit(const gc_result *res) {
  /* a count (or any search) cut short is the limit's, whatever it found */
  if (res->stop != GC_STOP_NONE && !res->complete)
    return res->stop == GC_STOP_INTERRUPT ? EX_INTERRUPT : EX_TIME;
  switch (res->status) {
  case GC_STATUS_UNIQUE:
  case GC_STATUS_SOLVED: return EX_OK;
  case GC_STATUS_MULTIPLE: return EX_MULTIPLE;
  case GC_STATUS_NONE: return EX_NONE;
  default: return res->stop == GC_STOP_INTERRUPT ? EX_INTERRUPT : EX_TIME;
  }
}

void gc_cli_print_grid_text(cli *c, const gc_puzzle *pz, const gc_grid *g) {
  gc_cli_print_grid(c, pz, g, NULL);
}

void gc_cli_emit_result(cli *c, const char *source, const gc_puzzle *pz,
                        const gc_result *res) {
  if (c->json) {
    json_t *o = json_object();
    const char *id = gc_puzzle_id(pz);
    json_object_set_new(o, "id", id ? json_string(id) : json_null());
    json_object_set_new(o, "genre", json_string(gc_genre_name(gc_puzzle_genre(pz))));
    json_object_set_new(o, "n", json_integer(gc_puzzle_n(pz)));
    json_object_set_new(o, "status", json_string(gc_status_name(res->status)));
    if (!id)
      gc_cli_record_origin(o, source, pz);
    json_object_set_new(o, "solution", gc_cli_grid_json(&res->first));
    json_object_set_new(o, "second", gc_cli_grid_json(&res->second));
    if (c->lim.mode == GC_MODE_COUNT) {
      json_object_set_new(o, "count", json_integer(res->count));
      json_object_set_new(o, "complete", json_boolean(res->complete));
    }
    if (res->status == GC_STATUS_UNKNOWN || res->stop)
      json_object_set_new(o, "stopped",
                          json_string(res->stop == GC_STOP_TIME ? "time"
                                      : res->stop == GC_STOP_INTERRUPT
                                          ? "interrupt"
                                          : "none"));
    json_t *st = json_object();
    json_object_set_new(st, "vars", json_integer(res->stats.vars));
    json_object_set_new(st, "clauses", json_integer(res->stats.clauses));
    if (res->stats.solver_clauses || res->stats.propagation_only)
      json_object_set_new(st, "solver_clauses",
                          json_integer(res->stats.solver_clauses));
    if (res->stats.propagation_only)
      json_object_set_new(st, "propagation_only", json_true());
    if (res->stats.portfolio)
      json_object_set_new(st, "portfolio",
                          json_string(res->stats.portfolio == 3   ? "alternate"
                                      : res->stats.portfolio == 2 ? "stable"
                                                                  : "default"));
    if (res->stats.portfolio >= 2)
      json_object_set_new(st, "portfolio_start_ms",
                          json_real(round3(res->stats.portfolio_start_ms)));
    if (res->stats.sparse_search)
      json_object_set_new(st, "search", json_string("sparse"));
    if (c->via)
      json_object_set_new(st, "via", json_string(c->via));
    json_object_set_new(st, "parse_ms", json_real(round3(res->stats.parse_ms)));
    json_object_set_new(st, "encode_ms", json_real(round3(res->stats.encode_ms)));
    json_object_set_new(st, "solve_ms", json_real(round3(res->stats.solve_ms)));
    json_object_set_new(st, "unique_ms", json_real(round3(res->stats.unique_ms)));
    json_object_set_new(o, "stats", st);
    if (c->extra)
      json_object_update(o, c->extra);
    gc_cli_emit_json(c, o);
    return;
  }
  char name[400];
  gc_cli_puzzle_name(source, pz, name, sizeof name);
  int n = gc_puzzle_n(pz);
  /* count --list: the solutions are on the lines above already */
  int listed = c->list && c->lim.mode == GC_MODE_COUNT;
  gc_cli_progress_note(c, gc_status_name(res->status));
  fprintf(c->out, "%s: %s", name, gc_status_name(res->status));
  switch (res->status) {
  case GC_STATUS_UNIQUE: fprintf(c->out, " (the only solution)"); break;
  case GC_STATUS_MULTIPLE:
    if (c->lim.mode == GC_MODE_COUNT)
      fprintf(c->out, " (%s%ld solutions; %s)", res->complete ? "" : "at least ",
              res->count, listed ? "listed above" : "two shown");
    else
      fprintf(c->out, " (two of its solutions shown)");
    break;
  case GC_STATUS_NONE: fprintf(c->out, " (no solution)"); break;
  case GC_STATUS_UNKNOWN:
    fprintf(c->out, " (%s)", res->stop == GC_STOP_TIME ? "time limit reached"
                                                       : "interrupted");
    break;
  default: break;
  }
  if (c->via)
    fprintf(c->out, "; %s %dx%d, via %s, %.1f ms\n",
            gc_genre_name(gc_puzzle_genre(pz)), n, n, c->via,
            res->stats.encode_ms + res->stats.solve_ms + res->stats.unique_ms);
  else if (res->stats.vars)
    fprintf(c->out, "; %s %dx%d, %d vars, %ld clauses, %.1f ms\n",
            gc_genre_name(gc_puzzle_genre(pz)), n, n, res->stats.vars,
            res->stats.clauses,
            res->stats.portfolio_start_ms + res->stats.encode_ms +
                res->stats.solve_ms + res->stats.unique_ms);
  else
    fprintf(c->out, "; %s %dx%d\n", gc_genre_name(gc_puzzle_genre(pz)), n, n);
  if (res->first.n && !listed)
    gc_cli_print_grid(c, pz, &res->first, res->second.n ? &res->second : NULL);
  if (res->second.n && !listed) {
    fprintf(c->out, "second solution:\n");
    gc_cli_print_grid(c, pz, &res->second, &res->first);
    gc_cli_print_differences(c, &res->first, &res->second);
  }
  fflush(c->out);
}

/*------------------------------------------------------------------------*/


/* An error that is not a puzzle's (a file that cannot be read, a record
   that does not parse) as a record of its own. */
static int error_record(cli *c, const gc_error *e, int *code) {
  gc_cli_record_begin(c);
  gc_cli_emit_error_record(c, e, NULL);
  gc_cli_worst(code, gc_code_exit(e->code));
  return gc_cli_record_end(c, e->source, NULL, code);
}

/* Calls fn on each puzzle of the files (after the --id filter), and
   reports the records that fail to read.  Each puzzle's output is one
   record (output.c). */
int gc_cli_each_puzzle(cli *c, gc_cli_puzzle_fn fn, int *npuzzles) {
  int code = EX_OK, halt = 0;
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  gc_cli_records in = {c, 0, NULL, NULL, NULL, 0};
  while (!halt && !gc_stop_requested(c->interrupt)) {
    gc_puzzle *pz;
    double parse_ms;
    const char *source;
    gc_error e;
    int r = gc_cli_records_next(&in, &pz, &parse_ms, &source, &e);
    if (r == GC_READ_END)
      break;
    if (r == GC_READ_ERROR) {
      halt = error_record(c, &e, &code);
      continue;
    }
    ++*npuzzles;
    gc_cli_record_begin(c);
    int stop = fn(c, source, pz, parse_ms, &code);
    halt = gc_cli_record_end(c, source, pz, &code) || stop;
    gc_puzzle_free(pz);
  }
  gc_cli_records_close(&in);
  if (gc_stop_requested(c->interrupt)) {
    fprintf(c->err, "gridcnf: interrupted after %.1f s\n",
            (gc_cli_now_ms() - c->start_ms) / 1e3);
    gc_cli_worst(&code, EX_INTERRUPT);
  }
  return code;
}

/* The id / genre / n head of a JSON answer. */
json_t *gc_cli_record_head(const gc_puzzle *pz, const char *status) {
  json_t *o = json_object();
  const char *id = gc_puzzle_id(pz);
  json_object_set_new(o, "id", id ? json_string(id) : json_null());
  json_object_set_new(o, "genre", json_string(gc_genre_name(gc_puzzle_genre(pz))));
  json_object_set_new(o, "n", json_integer(gc_puzzle_n(pz)));
  json_object_set_new(o, "status", json_string(status));
  if (!id)
    gc_cli_record_origin(o, gc_puzzle_source(pz), pz);
  return o;
}

void gc_cli_record_origin(json_t *o, const char *source, const gc_puzzle *pz) {
  if (!source)
    source = gc_puzzle_source(pz);
  json_object_set_new(o, "source", source ? json_string(source) : json_null());
  json_object_set_new(o, "line", json_integer(gc_puzzle_line(pz)));
}

void gc_cli_print_name(cli *c, const char *source, const gc_puzzle *pz,
                       const char *status) {
  gc_cli_progress_note(c, status);
  char name[400];
  gc_cli_puzzle_name(source, pz, name, sizeof name);
  fprintf(c->out, "%s: %s", name, status);
}

int gc_cli_stop_exit(const gc_limits *lim) {
  return gc_stop_requested(lim->interrupt) ? EX_INTERRUPT : EX_TIME;
}

int gc_cli_tool_failed(cli *c, const char *source, const gc_puzzle *pz,
                       gc_error *e, int *code) {
  if (!e->line) {
    gc_error_source(e, source);
    e->line = gc_puzzle_line(pz);
  }
  gc_cli_emit_error_record(c, e, pz);
  gc_cli_worst(code, gc_code_exit(e->code));
  return 0;
}

/*------------------------------------------------------------------------*/

int gc_cli_read_one(cli *c, gc_cli_one *o) {
  memset(o, 0, sizeof *o);
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  char *data;
  size_t len;
  gc_error e;
  const char *source;
  if (gc_cli_read_input(c, c->files[0], &data, &len, &source, &e)) {
    gc_cli_print_error(c, &e);
    return gc_code_exit(e.code);
  }
  snprintf(o->source, sizeof o->source, "%s", source);
  gc_reader *rd = gc_reader_new(data, len, source, &c->ropt, &e);
  if (!rd) {
    gc_cli_print_error(c, &e);
    free(data);
    return gc_code_exit(e.code);
  }
  int code = EX_OK;
  for (;;) {
    gc_puzzle *pz;
    int r = gc_reader_next(rd, &pz, &e);
    if (r == GC_READ_END)
      break;
    if (r == GC_READ_ERROR) {
      gc_cli_emit_error_record(c, &e, NULL); /* with --json, a record */
      code = gc_code_exit(e.code);
      break;
    }
    if (!gc_cli_id_match(c, pz)) {
      gc_puzzle_free(pz);
      continue;
    }
    if (o->pz) {
      o->more = 1;
      gc_puzzle_free(pz);
      break;
    }
    o->pz = pz;
  }
  gc_reader_free(rd);
  free(data);
  if (code != EX_OK) {
    gc_puzzle_free(o->pz);
    o->pz = NULL;
    return code;
  }
  if (!o->pz) {
    fprintf(c->err, "gridcnf: %s: no puzzle in the input%s\n", source,
            c->id ? " with that --id" : "");
    return EX_DATAERR;
  }
  if (o->more) {
    fprintf(c->err,
            "gridcnf: %s: the input holds more than one puzzle; pick one with "
            "--id (its id, or for one without, the line it starts on: --id "
            "%ld)\n",
            source, gc_puzzle_line(o->pz));
    gc_puzzle_free(o->pz);
    o->pz = NULL;
    return EX_USAGE;
  }
  return EX_OK;
}

int gc_cli_id_match(const cli *c, const gc_puzzle *pz) {
  if (!c->id)
    return 1;
  const char *id = gc_puzzle_id(pz);
  if (id)
    return !strcmp(c->id, id);
  char *end;
  errno = 0;
  long k = strtol(c->id, &end, 10);
  return *c->id && !*end && !errno && k == gc_puzzle_line(pz);
}

int gc_cli_read_file(cli *c, const char *path, char **data, size_t *len,
                     gc_error *e) {
  if (!strcmp(path, "-"))
    gc_cli_prompt(c);
  if (!c->input || strcmp(path, "-"))
    return gc_read_file(path, data, len, 0, e);
  gc_error_clear(e);
  gc_error_source(e, "<stdin>");
  *len = c->input_len;
  if (!(*data = malloc(c->input_len + 1))) {
    gc_error_set(e, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  memcpy(*data, c->input, c->input_len);
  (*data)[c->input_len] = '\0';
  return 0;
}

int gc_cli_read_input(cli *c, const char *path, char **data, size_t *len,
                      const char **source, gc_error *e) {
  *source = !strcmp(path, "-") ? "<stdin>" : path;
  if (!gc_cli_read_file(c, path, data, len, e))
    return 0;
  struct stat st;
  size_t n = strlen(path);
  /* no such file, or no such name at all (a part too long, or a
     file where a directory would be) */
  if (e->code != GC_E_OPEN || !strcmp(path, "-") || !stat(path, &st) ||
      (errno != ENOENT && errno != ENAMETOOLONG && errno != ENOTDIR) ||
      !gc_format_detect(path, n))
    return -1;
  if (!(*data = malloc(n + 1))) {
    gc_error_set(e, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  memcpy(*data, path, n + 1);
  *len = n;
  *source = "<argument>";
  gc_error_clear(e);
  return 0;
}

int gc_cli_write_all(cli *c, const char *text, size_t len, const char *what) {
  if (!c->output && c->out == c->real_out) { /* standard output: whole */
    int rc = gc_cli_write_whole(c, text, len);
    if (rc == EX_IOERR)
      fprintf(c->err, "gridcnf: writing the %s failed\n", what);
    return rc;
  }
  FILE *f = c->out;
  if (c->output && !(f = fopen(c->output, "wb"))) {
    fprintf(c->err, "gridcnf: %s: cannot open for writing\n", c->output);
    return EX_IOERR;
  }
  size_t w = fwrite(text, 1, len, f);
  int bad = w != len || fflush(f) != 0;
  if (c->output && fclose(f) != 0)
    bad = 1;
  if (bad) {
    fprintf(c->err, "gridcnf: writing the %s failed\n", what);
    return EX_IOERR;
  }
  return EX_OK;
}

void (*gc_cli_reserve)(size_t bytes);

int gc_cli_run(int argc, char **argv, FILE *out, FILE *err,
               const volatile int *interrupt) {
  gc_cli_io io = {NULL, 0, out, err, interrupt};
  return gc_cli_run_io(argc, argv, &io);
}

int gc_cli_run_io(int argc, char **argv, const gc_cli_io *io) {
  FILE *out = io->out, *err = io->err;
  const volatile int *interrupt = io->interrupt;
  cli c;
  memset(&c, 0, sizeof c);
  c.out = c.real_out = out;
  c.err = err;
  c.interrupt = interrupt;
  c.input = io->input;
  c.input_len = io->input_len;
  c.start_ms = gc_cli_now_ms();
  gc_options_default(&c.opt);
  c.lim.mode = GC_MODE_UNIQUE;
  c.lim.count = 2;
  c.lim.interrupt = (const volatile int *)interrupt;
  c.lim.reserve = gc_cli_reserve;
  if (argc < 2) {
    fprintf(err, "usage: gridcnf COMMAND [options] [FILE|-]... (try 'gridcnf "
                 "--help')\n");
    return EX_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") ||
      (!strcmp(cmd, "help") && argc == 2)) {
    gc_cli_help_main(out);
    return EX_OK;
  }
  if (!strcmp(cmd, "help")) {
    const gc_command *hc = gc_cli_command_find(argv[2]);
    if (hc)
      gc_cli_help_command(out, hc);
    else if (gc_cli_help_topic(out, argv[2]))
      return unknown_command(err, argv[2], "help topic");
    return EX_OK;
  }
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
    fprintf(out, "gridcnf %s\n", GC_VERSION);
    return EX_OK;
  }
  if (!strcmp(cmd, "--generate")) {
    if (argc != 3 || gc_cli_generate(out, argv[2])) {
      fprintf(err, "gridcnf: --generate takes man, complete-bash or "
                   "complete-zsh\n");
      return EX_USAGE;
    }
    return EX_OK;
  }
  const gc_command *command = gc_cli_command_find(cmd);
  if (!command) {
    if (cmd[0] == '-') {
      fprintf(err, "gridcnf: '%s' before a command; usage: gridcnf COMMAND "
                   "[options] [FILE|-]... (try 'gridcnf --help')\n",
              cmd);
      return EX_USAGE;
    }
    return unknown_command(err, cmd, "command");
  }
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--"))
      break;
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      gc_cli_help_command(out, command);
      return EX_OK;
    }
  }
  c.command = command->name;
  int rc = gc_cli_parse_args(&c, command, argc, argv, 2);
  if (rc)
    return rc;
  gc_cli_term_setup(&c);
  rc = command->run(&c);
  gc_cli_progress_end(&c);
  gc_cli_output_close(&c);
  free(c.external_broken);
  int failed = fflush(out) != 0 || ferror(out) || c.write_failed;
  if (c.withheld || (failed && gc_stop_requested(interrupt))) {
    /* an interrupt stays one, even when it cut a write short */
    gc_cli_worst(&rc, EX_INTERRUPT);
    return rc;
  }
  if (failed) {
    fprintf(err, "gridcnf: writing output failed\n");
    return EX_IOERR;
  }
  return rc;
}
