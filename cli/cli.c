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
#include "cli_int.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gridcnf.h"

static int severity(int code) {
  static const int order[] = {EX_OK,      EX_MULTIPLE, EX_NONE,
                              EX_TIME,    EX_DATAERR,  EX_NOINPUT,
                              EX_IOERR,   EX_SOFTWARE, EX_INTERRUPT};
  for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++)
    if (order[i] == code)
      return i;
  return 0;
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
  char buf[600];
  gc_error_format(e, buf, sizeof buf);
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

static const gc_command *find_command(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (!strcmp(commands[i]->name, name) ||
        (commands[i]->alias && !strcmp(commands[i]->alias, name)))
      return commands[i];
  return NULL;
}

static void help(FILE *f) {
  fprintf(f,
          "gridcnf %s: logic-grid puzzles to CNF, solved with CaDiCaL\n"
          "\n"
          "usage:\n",
          GC_VERSION);
  /* The commands in their --help order. */
  const gc_command *sorted[NCOMMANDS];
  for (int i = 0; i < NCOMMANDS; i++) {
    int j = i;
    for (; j > 0 && sorted[j - 1]->order > commands[i]->order; j--)
      sorted[j] = sorted[j - 1];
    sorted[j] = commands[i];
  }
  for (int i = 0; i < NCOMMANDS; i++)
    fprintf(f, "  gridcnf %-8s %s\n", sorted[i]->name, sorted[i]->usage);
  fprintf(f,
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
          "  --jobs N            solve a batch on N threads (answers in input order)\n"
          "  --max-vars N, --max-clauses N   refuse formulas larger than that\n"
          "  --genre NAME        genre of input that does not name one\n"
          "  --format F          auto (default), json, text or a pasted format\n"
          "  --id ID             only the puzzle with this id\n"
          "  --to F              convert: the output format: json (default), text\n"
          "                      or a pasted format (url = puzzlink)\n"
          "  --block-solution    cnf: add the clause that excludes the first\n"
          "                      solution (UNSAT then proves it unique)\n"
          "  -o FILE             cnf, render: write to FILE instead of standard output\n"
          "  --max K, --all, --list   count: the cap (default 2), no cap, print\n"
          "                      every solution\n"
          "  --grid FILE         hint: the partly filled grid to give a hint for\n"
          "  --svg, --solution, --out-dir DIR   render: SVG, with the solution,\n"
          "                      one file per puzzle of a batch\n"
          "  --size N, --stars M, --boxes RxC, --seed S, --difficulty D\n"
          "                      generate: the puzzles to make\n"
          "  --out DIR           certify: write the certificate into DIR\n"
          "  --external 'CMD'    solve with the SAT solver CMD ({cnf}, {out}:\n"
          "                      its file names; minisat gets a result file)\n"
          "  -h, --help          this help;  --version  the version\n"
          "\n"
          "encoding options (--name=value; booleans also --name / --no-name):\n");
  for (size_t i = 0; i < gc_option_count(); i++) {
    const gc_option_info *o = gc_option_at(i);
    char name[40];
    gc_option_cli_name(o, name, sizeof name);
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

/* An enum option with the values on and off is also a switch (asked of
   the option parser itself, on a scratch set of options). */
static int switch_enum(const gc_option_info *o) {
  gc_options scratch;
  gc_error e;
  gc_options_default(&scratch);
  return o->kind == GC_OPT_ENUM && !gc_option_set(&scratch, o, "on", &e) &&
         !gc_option_set(&scratch, o, "off", &e);
}

/*------------------------------------------------------------------------*/

static int parse_args(cli *c, int argc, char **argv, int first) {
  for (int i = first; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !strcmp(a, "-")) {
      if (c->nfiles == (int)(sizeof c->files / sizeof c->files[0]))
        return gc_cli_usage_error(c, "too many files (at most 64): '%s'", a);
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
        return gc_cli_usage_error(c, "option '%s' needs a value", a);                 \
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
        return gc_cli_usage_error(c, "--count takes a number from 1 to 10^9, not '%s'",
                           value);
      c->lim.mode = GC_MODE_COUNT;
      c->lim.count = k;
    } else if (!strcmp(name, "max-vars") || !strcmp(name, "max-clauses")) {
      NEED_VALUE();
      char *end;
      long k = strtol(value, &end, 10);
      if (!*value || *end || k < 1)
        return gc_cli_usage_error(c, "--max-vars and --max-clauses take a number >= 1, not '%s'",
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
        return gc_cli_usage_error(c, "--total-timeout takes seconds > 0, not '%s'", value);
      c->total_timeout = t;
    } else if (!strcmp(name, "timeout")) {
      NEED_VALUE();
      char *end;
      double t = strtod(value, &end);
      if (!*value || *end || !(t > 0) || !isfinite(t) || t > 1e7)
        return gc_cli_usage_error(c, "--timeout takes seconds > 0, not '%s'", value);
      c->lim.timeout = t;
    } else if (!strcmp(name, "genre")) {
      NEED_VALUE();
      if (!gc_genre_find(value))
        return gc_cli_usage_error(c, "unknown genre '%s' (see 'gridcnf genres')",
                           value);
      c->ropt.genre = value;
    } else if (!strcmp(name, "format")) {
      NEED_VALUE();
      if (strcmp(value, "auto") && strcmp(value, "json") &&
          strcmp(value, "text") && !gc_format_known(value))
        return gc_cli_usage_error(c, "--format takes auto, json, text or a pasted "
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
        return gc_cli_usage_error(c, "--max takes a number from 1 to 10^9, not '%s'", value);
      c->lim.count = k;
    } else if (!strcmp(name, "to")) {
      NEED_VALUE();
      if (strcmp(value, "json") && strcmp(value, "text") &&
          !gc_format_known(value))
        return gc_cli_usage_error(c, "--to takes json, text or a pasted format (see "
                              "--help), not '%s'",
                           value);
      c->to = value;
    } else if (!strcmp(name, "id")) {
      NEED_VALUE();
      c->id = value;
    } else if (!strcmp(name, "o") || !strcmp(name, "output") ||
               !strcmp(name, "out")) {
      NEED_VALUE();
      c->output = strcmp(value, "-") ? value : NULL; /* '-': standard output */
    } else if (!strcmp(name, "list")) {
      c->list = 1;
    } else if (!strcmp(name, "svg")) {
      c->svg = 1;
    } else if (!strcmp(name, "solution")) {
      c->solution = 1;
    } else if (!strcmp(name, "out-dir")) {
      NEED_VALUE();
      c->out_dir = value;
    } else if (!strcmp(name, "external")) {
      NEED_VALUE();
      if (!*value)
        return gc_cli_usage_error(c, "--external needs a solver command%s", "");
      c->external = value;
    } else if (!strcmp(name, "grid")) {
      NEED_VALUE();
      c->grid = value;
    } else if (!strcmp(name, "size") || !strcmp(name, "stars") ||
               !strcmp(name, "jobs")) {
      NEED_VALUE();
      char *end;
      long k = strtol(value, &end, 10);
      if (!*value || *end || k < 1 || k > 1000)
        return gc_cli_usage_error(c, "--size, --stars and --jobs take a number "
                                     "from 1 to 1000, not '%s'",
                                  value);
      *(name[0] == 'j' ? &c->jobs : name[1] == 'i' ? &c->size : &c->stars) = (int)k;
    } else if (!strcmp(name, "boxes")) {
      NEED_VALUE();
      int w, h, len = 0;
      if (sscanf(value, "%dx%d%n", &w, &h, &len) != 2 || value[len] || w < 1 ||
          h < 1 || w > 32 || h > 32)
        return gc_cli_usage_error(c, "--boxes takes RxC, rows x columns of a box (e.g. 2x3), not '%s'", value);
      c->box_rows = w;
      c->box_cols = h;
    } else if (!strcmp(name, "seed")) {
      NEED_VALUE();
      char *end;
      unsigned long long s = strtoull(value, &end, 10);
      if (!*value || *end || value[0] == '-')
        return gc_cli_usage_error(c, "--seed takes a number >= 0, not '%s'", value);
      c->seed = (unsigned long)s;
      c->seed_set = 1;
    } else if (!strcmp(name, "difficulty")) {
      NEED_VALUE();
      c->difficulty = value;
    } else {
      const gc_option_info *o = gc_option_find(name);
      int negated = 0;
      if (!o && !strncmp(name, "no-", 3) && (o = gc_option_find(name + 3)))
        negated = 1;
      if (!o)
        return gc_cli_usage_error(c, "unknown option '%s'", a);
      if (o->kind == GC_OPT_BOOL && !value) {
        value = negated ? "0" : "1";
      } else if (!value && switch_enum(o)) { /* --name = on, --no-name = off */
        value = negated ? "off" : "on";
      } else if (negated) {
        return gc_cli_usage_error(c, "option '%s' is not a switch", a);
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
  char *s = json_dumps(obj, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(6));
  if (s) {
    fputs(s, c->out);
    fputc('\n', c->out);
    free(s);
  }
  json_decref(obj);
  fflush(c->out);
}

void gc_cli_emit_error_record(cli *c, const gc_error *e, const gc_puzzle *pz) {
  gc_cli_print_error(c, e);
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
  gc_cli_emit_json(c, o);
}

int gc_cli_status_exit(const gc_result *res) {
  switch (res->status) {
  case GC_STATUS_UNIQUE:
  case GC_STATUS_SOLVED: return EX_OK;
  case GC_STATUS_MULTIPLE: return EX_MULTIPLE;
  case GC_STATUS_NONE: return EX_NONE;
  default: return res->stop == GC_STOP_INTERRUPT ? EX_INTERRUPT : EX_TIME;
  }
}

void gc_cli_print_grid_text(cli *c, const gc_puzzle *pz, const gc_grid *g) {
  char *s = gc_render_text(pz, g);
  if (s) {
    fputs(s, c->out);
    free(s);
  }
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
            res->stats.portfolio_start_ms + res->stats.encode_ms +
                res->stats.solve_ms + res->stats.unique_ms);
  else
    fprintf(c->out, "; %s %dx%d\n", gc_genre_name(gc_puzzle_genre(pz)), n, n);
  if (res->first.n)
    gc_cli_print_grid_text(c, pz, &res->first);
  if (res->second.n) {
    fprintf(c->out, "second solution:\n");
    gc_cli_print_grid_text(c, pz, &res->second);
  }
  fflush(c->out);
}

/*------------------------------------------------------------------------*/


/* Reads every file, calls fn on each puzzle (after the --id filter), and
   reports the records that fail to read. */
int gc_cli_each_puzzle(cli *c, gc_cli_puzzle_fn fn, int *npuzzles) {
  int code = EX_OK;
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  for (int f = 0; f < c->nfiles; f++) {
    char *data;
    size_t len;
    gc_error e;
    if (gc_cli_read_file(c, c->files[f], &data, &len, &e)) {
      gc_cli_emit_error_record(c, &e, NULL);
      gc_cli_worst(&code, gc_code_exit(e.code));
      continue;
    }
    const char *source = !strcmp(c->files[f], "-") ? "<stdin>" : c->files[f];
    gc_reader *rd = gc_reader_new(data, len, source, &c->ropt, &e);
    if (!rd) {
      gc_cli_emit_error_record(c, &e, NULL);
      gc_cli_worst(&code, gc_code_exit(e.code));
      free(data);
      continue;
    }
    int records = 0;
    for (;;) {
      if (c->interrupt && *c->interrupt)
        break;
      gc_puzzle *pz;
      double t0 = gc_cli_now_ms();
      int r = gc_reader_next(rd, &pz, &e);
      double parse_ms = gc_cli_now_ms() - t0;
      if (r == GC_READ_END)
        break;
      records++;
      if (r == GC_READ_ERROR) {
        gc_cli_emit_error_record(c, &e, NULL);
        gc_cli_worst(&code, gc_code_exit(e.code));
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
      gc_cli_emit_error_record(c, &e, NULL);
      gc_cli_worst(&code, EX_DATAERR);
    }
  }
  if (c->interrupt && *c->interrupt) {
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
  return o;
}

void gc_cli_print_name(cli *c, const char *source, const gc_puzzle *pz,
                       const char *status) {
  if (gc_puzzle_id(pz))
    fprintf(c->out, "%s: %s", gc_puzzle_id(pz), status);
  else
    fprintf(c->out, "%s:%ld: %s", source, gc_puzzle_line(pz), status);
}

int gc_cli_stop_exit(const gc_limits *lim) {
  return lim->interrupt && *lim->interrupt ? EX_INTERRUPT : EX_TIME;
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
  if (gc_cli_read_file(c, c->files[0], &data, &len, &e)) {
    gc_cli_print_error(c, &e);
    return gc_code_exit(e.code);
  }
  const char *source = !strcmp(c->files[0], "-") ? "<stdin>" : c->files[0];
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
      gc_cli_print_error(c, &e);
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

int gc_cli_read_file(cli *c, const char *path, char **data, size_t *len,
                     gc_error *e) {
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

int gc_cli_write_all(cli *c, const char *text, size_t len, const char *what) {
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
  c.out = out;
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
    fprintf(err, "usage: gridcnf COMMAND [options] [FILE|-] (try 'gridcnf --help')\n");
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
  const gc_command *command = find_command(cmd);
  int (*run)(cli *) = command ? command->run : NULL;
  if (!run)
    return gc_cli_usage_error(&c, "unknown command '%s'", cmd);
  c.command = command->name;
  int rc = parse_args(&c, argc, argv, 2);
  if (rc)
    return rc;
  if (c.block_solution && strcmp(c.command, "cnf"))
    return gc_cli_usage_error(&c, "--block-solution goes with 'cnf'%s", "");
  rc = run(&c);
  if (fflush(out) != 0 || ferror(out)) {
    fprintf(err, "gridcnf: writing output failed\n");
    return EX_IOERR;
  }
  return rc;
}
