/*
 * cli.c: the gridcnf command line.  gc_cli_run() is the whole program but
 * for signal handling: it takes the arguments and the output streams and
 * returns the exit code, so the tests run it in-process.  It is the only
 * code that prints.
 *
 * Exit codes (a batch exits with the worst of its records, in the order
 * 0 < 2 < 1 < 3 < 65 < 66 < 74 < 70 < 130):
 *   0 solved (and unique when that was asked), 1 no solution, 2 more than
 *   one solution, 3 time limit, 64 usage, 65 bad input, 66 cannot open an
 *   input, 70 internal error, 74 I/O error, 130 interrupted.
 */
#include "cli.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gridcnf.h"

enum {
  EX_OK = 0,
  EX_NONE = 1,
  EX_MULTIPLE = 2,
  EX_TIME = 3,
  EX_USAGE = 64,
  EX_DATAERR = 65,
  EX_NOINPUT = 66,
  EX_SOFTWARE = 70,
  EX_IOERR = 74,
  EX_INTERRUPT = 130
};

static int severity(int code) {
  static const int order[] = {EX_OK,      EX_MULTIPLE, EX_NONE,
                              EX_TIME,    EX_DATAERR,  EX_NOINPUT,
                              EX_IOERR,   EX_SOFTWARE, EX_INTERRUPT};
  for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++)
    if (order[i] == code)
      return i;
  return 0;
}

static void worst(int *acc, int code) {
  if (severity(code) > severity(*acc))
    *acc = code;
}

typedef struct cli {
  FILE *out, *err;
  const volatile int *interrupt;
  const char *command;
  gc_options opt;
  gc_limits lim;
  gc_read_options ropt;
  int json;
  int block_solution;
  const char *to; /* convert --to */
  int converted;  /* puzzles written so far by convert */
  double total_timeout; /* seconds for the whole batch, 0 = none */
  int all;              /* count --all, hint --all */
  const char *id;     /* --id filter */
  const char *output; /* cnf -o */
  const char *files[64];
  int nfiles;
  double start_ms;
} cli;

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void print_error(cli *c, const gc_error *e) {
  char buf[600];
  gc_error_format(e, buf, sizeof buf);
  fprintf(c->err, "gridcnf: %s\n", buf);
}

static int usage_error(cli *c, const char *fmt, const char *arg) {
  fprintf(c->err, "gridcnf: ");
  fprintf(c->err, fmt, arg);
  fprintf(c->err, " (try 'gridcnf --help')\n");
  return EX_USAGE;
}

static void help(FILE *f) {
  fprintf(f,
          "gridcnf %s: logic-grid puzzles to CNF, solved with CaDiCaL\n"
          "\n"
          "usage: gridcnf solve  [options] [FILE|-]...   solve and prove uniqueness\n"
          "       gridcnf cnf    [options] [FILE|-]      write the puzzle's CNF (DIMACS)\n"
          "       gridcnf decode [options] PUZZLE MODEL  read an external solver's model\n"
          "       gridcnf convert --to FORMAT [FILE|-]...  rewrite puzzles\n"
          "       gridcnf count [--max K | --all] [FILE|-]...  count solutions\n"
          "       gridcnf explain [FILE|-]...      why a puzzle has no solution\n"
          "       gridcnf minimize [FILE|-]...     redundant clues, a minimal puzzle\n"
          "       gridcnf hint --all [FILE|-]...   the cells fixed in every solution\n"
          "       gridcnf genres                         list the genres\n"
          "\n"
          "Input is the corpus JSON lines format (one puzzle per line, many per\n"
          "file), a genre's text notation, or a format people paste (below, one\n"
          "puzzle per line); '-' or no file reads standard input.\n"
          "\n"
          "options:\n"
          "  --json              one JSON object per puzzle per line\n"
          "  --first             stop at the first solution (status \"solved\")\n"
          "  --count K           count solutions, up to K\n"
          "  --timeout SECONDS   time limit per puzzle (status \"unknown\", exit 3)\n"
          "  --total-timeout S   time limit for the whole batch; later puzzles\n"
          "                      are reported unknown\n"
          "  --max-vars N, --max-clauses N   refuse formulas larger than that\n"
          "  --genre NAME        genre of input that does not name one\n"
          "  --format F          auto (default), json, text or a pasted format\n"
          "  --id ID             only the puzzle with this id\n"
          "  --to F              convert: the output format: json (default), text\n"
          "                      or a pasted format (url = puzzlink)\n"
          "  --block-solution    cnf: add the clause that excludes the first\n"
          "                      solution (UNSAT then proves it unique)\n"
          "  -o FILE             cnf: write to FILE instead of standard output\n"
          "  -h, --help          this help;  --version  the version\n"
          "\n"
          "encoding options (--name=value; booleans also --name / --no-name):\n",
          GC_VERSION);
  for (size_t i = 0; i < gc_option_count(); i++) {
    const gc_option_info *o = gc_option_at(i);
    char name[40];
    snprintf(name, sizeof name, "%s", o->name);
    for (char *p = name; *p; p++)
      if (*p == '_')
        *p = '-';
    char def[32];
    gc_options d;
    gc_options_default(&d);
    gc_option_value(&d, o, def, sizeof def);
    fprintf(f, "  --%-18s %s (%s%s%s; default %s)\n", name, o->help,
            o->kind == GC_OPT_ENUM ? o->values : "",
            o->kind == GC_OPT_BOOL ? "0|1" : "",
            o->kind == GC_OPT_INT ? "number" : "", def);
  }
  fprintf(f, "\npasted formats (--format, --to; auto-detected in this order):\n");
  for (size_t i = 0; i < gc_format_count(); i++)
    fprintf(f, "  %-10s %s\n", gc_format_name(i), gc_format_summary(i));
  fprintf(f,
          "\n"
          "exit codes: 0 solved/unique, 1 no solution, 2 multiple solutions,\n"
          "  3 time limit, 64 usage, 65 bad input, 66 cannot open, 70 internal,\n"
          "  74 I/O error, 130 interrupted; a batch exits with its worst.\n"
          "\n"
          "examples:\n"
          "  gridcnf solve puzzle.txt\n"
          "  gridcnf solve --json ../shared/corpus/skyscrapers.jsonl\n"
          "  gridcnf solve --count 10 --timeout 5 puzzle.txt\n"
          "  gridcnf cnf --block-solution puzzle.txt > cert.cnf; cadical cert.cnf\n"
          "  gridcnf cnf puzzle.txt > f.cnf; minisat f.cnf model.txt;\n"
          "    gridcnf decode puzzle.txt model.txt\n");
}

/*------------------------------------------------------------------------*/

static int parse_args(cli *c, int argc, char **argv, int first) {
  for (int i = first; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !strcmp(a, "-")) {
      if (c->nfiles == (int)(sizeof c->files / sizeof c->files[0]))
        return usage_error(c, "too many files (at most 64): '%s'", a);
      c->files[c->nfiles++] = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      for (i++; i < argc && c->nfiles < 64; i++)
        c->files[c->nfiles++] = argv[i];
      break;
    }
    char name[64];
    const char *value = NULL;
    const char *eq = strchr(a, '=');
    if (a[1] == '-' && eq) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a - 2), a + 2);
      value = eq + 1;
    } else
      snprintf(name, sizeof name, "%s", a[1] == '-' ? a + 2 : a + 1);
#define NEED_VALUE()                                                           \
  do {                                                                         \
    if (!value) {                                                              \
      if (i + 1 >= argc)                                                       \
        return usage_error(c, "option '%s' needs a value", a);                 \
      value = argv[++i];                                                       \
    }                                                                          \
  } while (0)
    if (!strcmp(name, "json"))
      c->json = 1;
    else if (!strcmp(name, "first"))
      c->lim.mode = GC_MODE_FIRST;
    else if (!strcmp(name, "block-solution"))
      c->block_solution = 1;
    else if (!strcmp(name, "count")) {
      NEED_VALUE();
      char *end;
      long k = strtol(value, &end, 10);
      if (!*value || *end || k < 1 || k > 1000000000L)
        return usage_error(c, "--count takes a number from 1 to 10^9, not '%s'",
                           value);
      c->lim.mode = GC_MODE_COUNT;
      c->lim.count = k;
    } else if (!strcmp(name, "max-vars") || !strcmp(name, "max-clauses")) {
      NEED_VALUE();
      char *end;
      long k = strtol(value, &end, 10);
      if (!*value || *end || k < 1)
        return usage_error(c, "--max-vars and --max-clauses take a number >= 1, not '%s'",
                           value);
      if (name[4] == 'v')
        c->lim.max_vars = k;
      else
        c->lim.max_clauses = k;
    } else if (!strcmp(name, "total-timeout")) {
      NEED_VALUE();
      char *end;
      double t = strtod(value, &end);
      if (!*value || *end || !(t > 0) || !isfinite(t) || t > 1e7)
        return usage_error(c, "--total-timeout takes seconds > 0, not '%s'", value);
      c->total_timeout = t;
    } else if (!strcmp(name, "timeout")) {
      NEED_VALUE();
      char *end;
      double t = strtod(value, &end);
      if (!*value || *end || !(t > 0) || !isfinite(t) || t > 1e7)
        return usage_error(c, "--timeout takes seconds > 0, not '%s'", value);
      c->lim.timeout = t;
    } else if (!strcmp(name, "genre")) {
      NEED_VALUE();
      if (!gc_genre_find(value))
        return usage_error(c, "unknown genre '%s' (see 'gridcnf genres')",
                           value);
      c->ropt.genre = value;
    } else if (!strcmp(name, "format")) {
      NEED_VALUE();
      if (strcmp(value, "auto") && strcmp(value, "json") &&
          strcmp(value, "text") && !gc_format_known(value))
        return usage_error(c, "--format takes auto, json, text or a pasted "
                              "format (see --help), not '%s'",
                           value);
      c->ropt.format = value;
    } else if (!strcmp(name, "all")) {
      c->all = 1;
    } else if (!strcmp(name, "max")) {
      NEED_VALUE();
      char *end;
      long k = strtol(value, &end, 10);
      if (!*value || *end || k < 1 || k > 1000000000L)
        return usage_error(c, "--max takes a number from 1 to 10^9, not '%s'", value);
      c->lim.count = k;
    } else if (!strcmp(name, "to")) {
      NEED_VALUE();
      if (strcmp(value, "json") && strcmp(value, "text") &&
          !gc_format_known(value))
        return usage_error(c, "--to takes json, text or a pasted format (see "
                              "--help), not '%s'",
                           value);
      c->to = value;
    } else if (!strcmp(name, "id")) {
      NEED_VALUE();
      c->id = value;
    } else if (!strcmp(name, "o") || !strcmp(name, "output")) {
      NEED_VALUE();
      c->output = value;
    } else {
      const gc_option_info *o = gc_option_find(name);
      int negated = 0;
      if (!o && !strncmp(name, "no-", 3) && (o = gc_option_find(name + 3)))
        negated = 1;
      if (!o)
        return usage_error(c, "unknown option '%s'", a);
      if (o->kind == GC_OPT_BOOL && !value) {
        value = negated ? "0" : "1";
      } else if (negated) {
        return usage_error(c, "option '%s' is not a switch", a);
      } else
        NEED_VALUE();
      gc_error e;
      gc_error_clear(&e);
      if (gc_option_set(&c->opt, o, value, &e)) {
        fprintf(c->err, "gridcnf: %s (try 'gridcnf --help')\n", e.message);
        return EX_USAGE;
      }
    }
#undef NEED_VALUE
  }
  return 0;
}

/*------------------------------------------------------------------------*/

static json_t *grid_json(const gc_grid *g) {
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

static void emit_json(cli *c, json_t *obj) {
  char *s = json_dumps(obj, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(6));
  if (s) {
    fputs(s, c->out);
    fputc('\n', c->out);
    free(s);
  }
  json_decref(obj);
  fflush(c->out);
}

static void emit_error_record(cli *c, const gc_error *e, const gc_puzzle *pz) {
  print_error(c, e);
  if (!c->json)
    return;
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
  emit_json(c, o);
}

static int status_exit(const gc_result *res) {
  switch (res->status) {
  case GC_STATUS_UNIQUE:
  case GC_STATUS_SOLVED: return EX_OK;
  case GC_STATUS_MULTIPLE: return EX_MULTIPLE;
  case GC_STATUS_NONE: return EX_NONE;
  default: return res->stop == GC_STOP_INTERRUPT ? EX_INTERRUPT : EX_TIME;
  }
}

static void print_grid_text(cli *c, const gc_puzzle *pz, const gc_grid *g) {
  char *s = gc_render_text(pz, g);
  if (s) {
    fputs(s, c->out);
    free(s);
  }
}

static void emit_result(cli *c, const char *source, const gc_puzzle *pz,
                        const gc_result *res) {
  if (c->json) {
    json_t *o = json_object();
    const char *id = gc_puzzle_id(pz);
    json_object_set_new(o, "id", id ? json_string(id) : json_null());
    json_object_set_new(o, "genre", json_string(gc_genre_name(gc_puzzle_genre(pz))));
    json_object_set_new(o, "n", json_integer(gc_puzzle_n(pz)));
    json_object_set_new(o, "status", json_string(gc_status_name(res->status)));
    json_object_set_new(o, "solution", grid_json(&res->first));
    json_object_set_new(o, "second", grid_json(&res->second));
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
    json_object_set_new(st, "parse_ms", json_real(round3(res->stats.parse_ms)));
    json_object_set_new(st, "encode_ms", json_real(round3(res->stats.encode_ms)));
    json_object_set_new(st, "solve_ms", json_real(round3(res->stats.solve_ms)));
    json_object_set_new(st, "unique_ms", json_real(round3(res->stats.unique_ms)));
    json_object_set_new(o, "stats", st);
    emit_json(c, o);
    return;
  }
  const char *id = gc_puzzle_id(pz);
  char name[200];
  if (id)
    snprintf(name, sizeof name, "%s", id);
  else
    snprintf(name, sizeof name, "%s:%ld", source, gc_puzzle_line(pz));
  int n = gc_puzzle_n(pz);
  fprintf(c->out, "%s: %s", name, gc_status_name(res->status));
  switch (res->status) {
  case GC_STATUS_UNIQUE: fprintf(c->out, " (the only solution)"); break;
  case GC_STATUS_MULTIPLE:
    if (c->lim.mode == GC_MODE_COUNT)
      fprintf(c->out, " (%s%ld solutions; two shown)", res->complete ? "" : "at least ",
              res->count);
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
  if (res->stats.vars)
    fprintf(c->out, "; %s %dx%d, %d vars, %ld clauses, %.1f ms\n",
            gc_genre_name(gc_puzzle_genre(pz)), n, n, res->stats.vars,
            res->stats.clauses,
            res->stats.encode_ms + res->stats.solve_ms + res->stats.unique_ms);
  else
    fprintf(c->out, "; %s %dx%d\n", gc_genre_name(gc_puzzle_genre(pz)), n, n);
  if (res->first.n)
    print_grid_text(c, pz, &res->first);
  if (res->second.n) {
    fprintf(c->out, "second solution:\n");
    print_grid_text(c, pz, &res->second);
  }
  fflush(c->out);
}

/*------------------------------------------------------------------------*/

typedef int (*puzzle_fn)(cli *c, const char *source, gc_puzzle *pz,
                         double parse_ms, int *exit_code);

/* Reads every file, calls fn on each puzzle (after the --id filter), and
   reports the records that fail to read. */
static int each_puzzle(cli *c, puzzle_fn fn, int *npuzzles) {
  int code = EX_OK;
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  for (int f = 0; f < c->nfiles; f++) {
    char *data;
    size_t len;
    gc_error e;
    if (gc_read_file(c->files[f], &data, &len, 0, &e)) {
      emit_error_record(c, &e, NULL);
      worst(&code, gc_code_exit(e.code));
      continue;
    }
    const char *source = !strcmp(c->files[f], "-") ? "<stdin>" : c->files[f];
    gc_reader *rd = gc_reader_new(data, len, source, &c->ropt, &e);
    if (!rd) {
      emit_error_record(c, &e, NULL);
      worst(&code, gc_code_exit(e.code));
      free(data);
      continue;
    }
    int records = 0;
    for (;;) {
      if (c->interrupt && *c->interrupt)
        break;
      gc_puzzle *pz;
      double t0 = now_ms();
      int r = gc_reader_next(rd, &pz, &e);
      double parse_ms = now_ms() - t0;
      if (r == GC_READ_END)
        break;
      records++;
      if (r == GC_READ_ERROR) {
        emit_error_record(c, &e, NULL);
        worst(&code, gc_code_exit(e.code));
        continue;
      }
      if (c->id && (!gc_puzzle_id(pz) || strcmp(c->id, gc_puzzle_id(pz)))) {
        gc_puzzle_free(pz);
        continue;
      }
      ++*npuzzles;
      int stop = fn(c, source, pz, parse_ms, &code);
      gc_puzzle_free(pz);
      if (stop)
        break;
    }
    gc_reader_free(rd);
    free(data);
    if (c->interrupt && *c->interrupt)
      break;
    if (!records) {
      gc_error_clear(&e);
      gc_error_source(&e, source);
      gc_error_set(&e, GC_E_SHAPE, 0, 0,
                   "no puzzle in the input (empty, or only comments)");
      emit_error_record(c, &e, NULL);
      worst(&code, EX_DATAERR);
    }
  }
  if (c->interrupt && *c->interrupt) {
    fprintf(c->err, "gridcnf: interrupted after %.1f s\n",
            (now_ms() - c->start_ms) / 1e3);
    worst(&code, EX_INTERRUPT);
  }
  return code;
}

static int solve_one(cli *c, const char *source, gc_puzzle *pz, double parse_ms,
                     int *code) {
  gc_result res;
  gc_error e;
  gc_limits lim = c->lim;
  if (c->total_timeout > 0) {
    /* The batch's time left bounds this puzzle; once it is spent, every
       later puzzle still gets its line, as unknown. */
    double left = c->total_timeout - (now_ms() - c->start_ms) / 1e3;
    if (left <= 0) {
      gc_result_init(&res);
      res.stop = GC_STOP_TIME;
      emit_result(c, source, pz, &res);
      worst(code, EX_TIME);
      return 0;
    }
    if (lim.timeout <= 0 || left < lim.timeout)
      lim.timeout = left;
  }
  if (gc_solve(pz, &c->opt, &lim, &res, &e)) {
    if (!e.line) {
      gc_error_source(&e, source);
      e.line = gc_puzzle_line(pz);
    }
    emit_error_record(c, &e, pz);
    worst(code, gc_code_exit(e.code));
    gc_result_free(&res);
    return 0;
  }
  res.stats.parse_ms = parse_ms;
  emit_result(c, source, pz, &res);
  worst(code, status_exit(&res));
  int stop = res.stop == GC_STOP_INTERRUPT;
  gc_result_free(&res);
  return stop;
}

static int convert_one(cli *c, const char *source, gc_puzzle *pz,
                       double parse_ms, int *code) {
  (void)parse_ms;
  int json = !c->to || !strcmp(c->to, "json");
  int text = !json && !strcmp(c->to, "text");
  gc_error e;
  gc_error_clear(&e);
  char *s = json ? gc_puzzle_json(pz)
            : text ? gc_render_text(pz, NULL)
                   : gc_format_write(pz, c->to, &e);
  if (!s && e.code && e.code != GC_E_NOMEM) { /* "cannot express: ..." */
    gc_error_source(&e, source);
    e.line = gc_puzzle_line(pz);
    e.column = 0;
    emit_error_record(c, &e, pz);
    worst(code, gc_code_exit(e.code));
    return 0;
  }
  if (!s) {
    fprintf(c->err, "gridcnf: out of memory\n");
    worst(code, EX_SOFTWARE);
    return 1;
  }
  if (text && c->converted++)
    fputs("---\n", c->out);
  fputs(s, c->out);
  if (!text)
    fputc('\n', c->out);
  free(s);
  return 0;
}

/* The id / genre / n head of a JSON answer. */
static json_t *record_head(const gc_puzzle *pz, const char *status) {
  json_t *o = json_object();
  const char *id = gc_puzzle_id(pz);
  json_object_set_new(o, "id", id ? json_string(id) : json_null());
  json_object_set_new(o, "genre", json_string(gc_genre_name(gc_puzzle_genre(pz))));
  json_object_set_new(o, "n", json_integer(gc_puzzle_n(pz)));
  json_object_set_new(o, "status", json_string(status));
  return o;
}

static json_t *clues_json(const gc_clues *cl) {
  json_t *a = json_array();
  for (size_t i = 0; i < cl->count; i++)
    json_array_append_new(a, json_string(cl->what[i]));
  return a;
}

static void print_name(cli *c, const char *source, const gc_puzzle *pz,
                       const char *status) {
  if (gc_puzzle_id(pz))
    fprintf(c->out, "%s: %s", gc_puzzle_id(pz), status);
  else
    fprintf(c->out, "%s:%ld: %s", source, gc_puzzle_line(pz), status);
}

static void print_clues(cli *c, const char *title, const gc_clues *cl) {
  fprintf(c->out, "%s%s\n", title, cl->count ? ":" : ": none");
  for (size_t i = 0; i < cl->count; i++)
    fprintf(c->out, "  %s\n", cl->what[i]);
}

static int stop_exit(const gc_limits *lim) {
  return lim->interrupt && *lim->interrupt ? EX_INTERRUPT : EX_TIME;
}

static int tool_failed(cli *c, const char *source, const gc_puzzle *pz,
                       gc_error *e, int *code) {
  if (!e->line) {
    gc_error_source(e, source);
    e->line = gc_puzzle_line(pz);
  }
  emit_error_record(c, e, pz);
  worst(code, gc_code_exit(e->code));
  return 0;
}

static int explain_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                       int *code) {
  (void)ms;
  gc_status st;
  gc_clues core;
  gc_error e;
  if (gc_explain(pz, &c->opt, &c->lim, &st, &core, &e))
    return tool_failed(c, source, pz, &e, code);
  const char *status = st == GC_STATUS_NONE ? "none"
                       : st == GC_STATUS_SOLVED ? "solvable"
                                                : "unknown";
  if (c->json) {
    json_t *o = record_head(pz, status);
    json_object_set_new(o, "conflict", clues_json(&core));
    emit_json(c, o);
  } else {
    print_name(c, source, pz, status);
    if (st == GC_STATUS_NONE) {
      fprintf(c->out, " (no solution); these cannot all hold, and each is "
                      "needed for that:\n");
      for (size_t i = 0; i < core.count; i++)
        fprintf(c->out, "  %s\n", core.what[i]);
    } else
      fprintf(c->out, st == GC_STATUS_SOLVED ? " (it has a solution: nothing to explain)\n"
                                              : " (stopped before an answer)\n");
  }
  worst(code, st == GC_STATUS_UNKNOWN ? stop_exit(&c->lim) : EX_OK);
  gc_clues_free(&core);
  return st == GC_STATUS_UNKNOWN && c->lim.interrupt && *c->lim.interrupt;
}

static int minimize_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                        int *code) {
  (void)ms;
  gc_status st;
  gc_clues redundant, removed;
  char *minimal;
  gc_error e;
  if (gc_minimize(pz, &c->opt, &c->lim, &st, &redundant, &removed, &minimal, &e))
    return tool_failed(c, source, pz, &e, code);
  if (c->json) {
    json_t *o = record_head(pz, gc_status_name(st));
    json_object_set_new(o, "redundant", clues_json(&redundant));
    json_object_set_new(o, "removed", clues_json(&removed));
    json_object_set_new(o, "minimal", minimal ? json_loads(minimal, 0, NULL) : json_null());
    emit_json(c, o);
  } else {
    print_name(c, source, pz, gc_status_name(st));
    if (st == GC_STATUS_UNIQUE) {
      fprintf(c->out, "\n");
      print_clues(c, "each removable alone (the solution stays unique)", &redundant);
      print_clues(c, "removed, one after another, for a minimal puzzle", &removed);
      gc_read_options ro = {"json", NULL};
      gc_error e2;
      gc_reader *rd = minimal ? gc_reader_new(minimal, strlen(minimal), "minimal", &ro, &e2) : NULL;
      gc_puzzle *mp = NULL;
      if (rd && gc_reader_next(rd, &mp, &e2) == GC_READ_PUZZLE) {
        char *text = gc_render_text(mp, NULL);
        if (text)
          fprintf(c->out, "the minimal puzzle:\n%s", text);
        free(text);
      }
      gc_puzzle_free(mp);
      gc_reader_free(rd);
    } else
      fprintf(c->out, " (only a unique puzzle can be minimised)\n");
  }
  worst(code, st == GC_STATUS_UNIQUE ? EX_OK
              : st == GC_STATUS_NONE ? EX_NONE
              : st == GC_STATUS_MULTIPLE ? EX_MULTIPLE
                                         : stop_exit(&c->lim));
  free(minimal);
  gc_clues_free(&redundant);
  gc_clues_free(&removed);
  return 0;
}

static int hint_one(cli *c, const char *source, gc_puzzle *pz, double ms,
                    int *code) {
  (void)ms;
  gc_status st;
  gc_grid fixed;
  gc_error e;
  if (gc_backbone(pz, &c->opt, &c->lim, &st, &fixed, &e))
    return tool_failed(c, source, pz, &e, code);
  int n = gc_puzzle_n(pz), known = 0;
  for (int i = 0; fixed.n && i < n * n; i++)
    known += fixed.cell[i] >= 0;
  if (c->json) {
    json_t *o = record_head(pz, gc_status_name(st));
    json_object_set_new(o, "fixed", grid_json(&fixed));
    json_object_set_new(o, "fixed_cells", json_integer(known));
    emit_json(c, o);
  } else {
    print_name(c, source, pz, gc_status_name(st));
    if (fixed.n) {
      fprintf(c->out, "; %d of %d cells are the same in every solution ('.' = not fixed):\n",
              known, n * n);
      for (int r = 0; r < n; r++) {
        for (int col = 0; col < n; col++) {
          int v = fixed.cell[r * n + col];
          if (col)
            fputc(' ', c->out);
          if (v < 0)
            fprintf(c->out, n >= 10 ? "%2s" : "%s", ".");
          else
            fprintf(c->out, n >= 10 ? "%2d" : "%d", v);
        }
        fprintf(c->out, "\n");
      }
    } else
      fprintf(c->out, "\n");
  }
  worst(code, st == GC_STATUS_UNKNOWN ? stop_exit(&c->lim)
              : st == GC_STATUS_NONE   ? EX_NONE
                                       : EX_OK);
  gc_grid_free(&fixed);
  return 0;
}

static int cmd_explain(cli *c) {
  int count = 0;
  return each_puzzle(c, explain_one, &count);
}

static int cmd_minimize(cli *c) {
  int count = 0;
  return each_puzzle(c, minimize_one, &count);
}

static int cmd_hint(cli *c) {
  if (!c->all)
    return usage_error(c, "hint needs --all for now: it prints every cell fixed "
                          "in all solutions%s", "");
  int count = 0;
  return each_puzzle(c, hint_one, &count);
}

static int cmd_count(cli *c) {
  c->lim.mode = GC_MODE_COUNT;
  if (c->all)
    c->lim.count = 1000000000L;
  else if (c->lim.count < 1)
    c->lim.count = 2;
  int count = 0;
  return each_puzzle(c, solve_one, &count);
}

static int cmd_convert(cli *c) {
  int count = 0;
  return each_puzzle(c, convert_one, &count);
}

static int cmd_solve(cli *c) {
  int count = 0;
  int code = each_puzzle(c, solve_one, &count);
  if (count == 0 && code == EX_OK) { /* every record filtered out by --id */
    fprintf(c->err, "gridcnf: no puzzle with the id '%s'\n", c->id ? c->id : "");
    return EX_DATAERR;
  }
  return code;
}

/*------------------------------------------------------------------------*/

/* cnf and decode work on one puzzle: the first (or the --id one). */
typedef struct one {
  gc_puzzle *pz;
  char source[128];
  int more;
} one;

static int read_one(cli *c, one *o) {
  memset(o, 0, sizeof *o);
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  char *data;
  size_t len;
  gc_error e;
  if (gc_read_file(c->files[0], &data, &len, 0, &e)) {
    print_error(c, &e);
    return gc_code_exit(e.code);
  }
  const char *source = !strcmp(c->files[0], "-") ? "<stdin>" : c->files[0];
  snprintf(o->source, sizeof o->source, "%s", source);
  gc_reader *rd = gc_reader_new(data, len, source, &c->ropt, &e);
  if (!rd) {
    print_error(c, &e);
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
      print_error(c, &e);
      code = gc_code_exit(e.code);
      break;
    }
    if (c->id && (!gc_puzzle_id(pz) || strcmp(c->id, gc_puzzle_id(pz)))) {
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
            "--id\n",
            source);
    gc_puzzle_free(o->pz);
    o->pz = NULL;
    return EX_USAGE;
  }
  return EX_OK;
}

static int write_all(cli *c, const char *text, size_t len) {
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
    fprintf(c->err, "gridcnf: writing the CNF failed\n");
    return EX_IOERR;
  }
  return EX_OK;
}

static int cmd_cnf(cli *c) {
  one o;
  int code = read_one(c, &o);
  if (code)
    return code;
  gc_error e;
  gc_result res;
  gc_result_init(&res);
  const gc_grid *block = NULL;
  if (c->block_solution) {
    gc_limits lim = c->lim;
    lim.mode = GC_MODE_FIRST;
    if (gc_solve(o.pz, &c->opt, &lim, &res, &e)) {
      gc_error_source(&e, o.source);
      print_error(c, &e);
      code = gc_code_exit(e.code);
      goto done;
    }
    if (res.status == GC_STATUS_UNKNOWN) {
      fprintf(c->err, "gridcnf: %s: no solution found before the %s; no CNF written\n",
              o.source, res.stop == GC_STOP_TIME ? "time limit" : "interrupt");
      code = status_exit(&res);
      goto done;
    }
    if (res.status == GC_STATUS_NONE) {
      fprintf(c->err,
              "gridcnf: %s: the puzzle has no solution, so there is none to "
              "block; the CNF written is itself UNSAT\n",
              o.source);
      code = EX_NONE;
    } else
      block = &res.first;
  }
  char *text;
  size_t len;
  if (gc_dimacs(o.pz, &c->opt, block, &text, &len, &e)) {
    gc_error_source(&e, o.source);
    print_error(c, &e);
    code = gc_code_exit(e.code);
    goto done;
  }
  int wc = write_all(c, text, len);
  free(text);
  if (wc)
    code = wc;
done:
  gc_result_free(&res);
  gc_puzzle_free(o.pz);
  return code;
}

static int cmd_decode(cli *c) {
  if (c->nfiles != 2)
    return usage_error(c, "decode takes a PUZZLE and a MODEL file%s", "");
  const char *model_path = c->files[1];
  c->nfiles = 1;
  one o;
  int code = read_one(c, &o);
  if (code)
    return code;
  char *data = NULL;
  size_t len;
  gc_error e;
  signed char *values = NULL;
  int nvars, sat;
  gc_result res;
  gc_result_init(&res);
  if (gc_read_file(model_path, &data, &len, 0, &e) ||
      gc_model_read(data, len, !strcmp(model_path, "-") ? "<stdin>" : model_path,
                    &sat, &values, &nvars, &e)) {
    print_error(c, &e);
    code = gc_code_exit(e.code);
    goto done;
  }
  if (sat == 1) {
    if (gc_decode(o.pz, &c->opt, values, nvars, &res.first, &e)) {
      gc_error_source(&e, model_path);
      print_error(c, &e);
      code = gc_code_exit(e.code);
      goto done;
    }
    res.status = GC_STATUS_SOLVED;
    res.count = 1;
  } else {
    res.status = sat == 0 ? GC_STATUS_NONE : GC_STATUS_UNKNOWN;
    res.stop = GC_STOP_NONE;
  }
  emit_result(c, o.source, o.pz, &res);
  code = res.status == GC_STATUS_SOLVED ? EX_OK
         : res.status == GC_STATUS_NONE ? EX_NONE
                                        : EX_TIME;
done:
  free(values);
  free(data);
  gc_result_free(&res);
  gc_puzzle_free(o.pz);
  return code;
}

static int cmd_genres(cli *c) {
  for (size_t i = 0; i < gc_genre_count(); i++) {
    const gc_genre *g = gc_genre_at(i);
    fprintf(c->out, "%-12s n <= %-3d %s", gc_genre_name(g), gc_genre_max_n(g),
            gc_genre_summary(g));
    const char *const *a = gc_genre_aliases(g);
    if (*a) {
      fprintf(c->out, " (also:");
      for (; *a; a++)
        fprintf(c->out, " %s", *a);
      fprintf(c->out, ")");
    }
    fprintf(c->out, "\n");
  }
  return EX_OK;
}

int gc_cli_run(int argc, char **argv, FILE *out, FILE *err,
               const volatile int *interrupt) {
  cli c;
  memset(&c, 0, sizeof c);
  c.out = out;
  c.err = err;
  c.interrupt = interrupt;
  c.start_ms = now_ms();
  gc_options_default(&c.opt);
  c.lim.mode = GC_MODE_UNIQUE;
  c.lim.count = 2;
  c.lim.interrupt = (const volatile int *)interrupt;
  if (argc < 2) {
    fprintf(err, "usage: gridcnf solve|cnf|decode|convert|genres [options] [FILE|-] "
                 "(try 'gridcnf --help')\n");
    return EX_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    help(out);
    return EX_OK;
  }
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
    fprintf(out, "gridcnf %s\n", GC_VERSION);
    return EX_OK;
  }
  for (int i = 2; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      help(out);
      return EX_OK;
    }
  int (*run)(cli *) = !strcmp(cmd, "solve")    ? cmd_solve
                      : !strcmp(cmd, "cnf")    ? cmd_cnf
                      : !strcmp(cmd, "dimacs") ? cmd_cnf
                      : !strcmp(cmd, "decode") ? cmd_decode
                      : !strcmp(cmd, "convert") ? cmd_convert
                      : !strcmp(cmd, "explain") ? cmd_explain
                      : !strcmp(cmd, "minimize") ? cmd_minimize
                      : !strcmp(cmd, "minimise") ? cmd_minimize
                      : !strcmp(cmd, "hint") ? cmd_hint
                      : !strcmp(cmd, "count") ? cmd_count
                      : !strcmp(cmd, "genres") ? cmd_genres
                                               : NULL;
  if (!run)
    return usage_error(&c, "unknown command '%s'", cmd);
  c.command = cmd;
  int rc = parse_args(&c, argc, argv, 2);
  if (rc)
    return rc;
  if (c.block_solution && run != cmd_cnf)
    return usage_error(&c, "--block-solution goes with 'cnf'%s", "");
  rc = run(&c);
  if (fflush(out) != 0 || ferror(out)) {
    fprintf(err, "gridcnf: writing output failed\n");
    return EX_IOERR;
  }
  return rc;
}
