/*
 * cmd_certify.c: certify --out DIR, an independently checkable uniqueness
 * certificate (see ../shared/design/encodings.md section 6).
 *
 * For a puzzle that the embedded solver proves unique, DIR gets
 *   puzzle.json     the puzzle (corpus JSON record)
 *   puzzle.cnf      its CNF F, as `gridcnf cnf` writes it
 *   blocked.cnf     F plus the clause B excluding the solution, as
 *                   `gridcnf cnf --block-solution` writes it
 *   solution.txt    the solution, as `gridcnf solve` prints it
 *   solution.json   {"id", "genre", "n", "solution"}
 *   solution.model  a model of F from the `cadical` command; it decodes to
 *                   the solution (checked here, and by `gridcnf decode`)
 *   proof.drat      a textual DRAT proof that F and B is UNSAT, written by
 *                   `cadical --no-binary blocked.cnf proof.drat` (exit 20)
 *   README.txt      what is proven and how to check it
 * A puzzle with no solution (exit 1) or several (exit 2) gets nothing:
 * these file names in its directory are removed, so no older certificate
 * is left to mislead.  One puzzle writes into DIR itself; a batch of
 * several (more than one puzzle across the inputs, after --id) writes
 * DIR/<id>/ per puzzle (the id with every character outside [A-Za-z0-9._-]
 * as '_'; "<file>-line<N>" without an id, <file> the input's name without
 * its directory and extension; "-2", "-3" added to a name met twice).
 * The processes run through process.c (posix_spawnp, no shell).
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"
#include "external.h"

static const char *const cert_files[] = {
    "puzzle.json",   "puzzle.cnf",     "blocked.cnf", "solution.txt",
    "solution.json", "solution.model", "proof.drat",  "README.txt",
    "cadical.log",   "cadical-model.log", NULL};

typedef struct certify_ctx {
  int flat;       /* one puzzle: DIR itself */
  char **names;   /* subdirectory names used so far */
  size_t nnames;
  char broken[1200]; /* why the cadical command cannot run, once known */
} certify_ctx;

typedef struct proof_stats {
  long lemmas, deletions, bytes;
} proof_stats;

static void path_in(char *buf, size_t size, const char *dir, const char *file) {
  snprintf(buf, size, "%s/%s", dir, file);
}

static void remove_cert(const char *dir) {
  char p[4200];
  for (int i = 0; cert_files[i]; i++) {
    path_in(p, sizeof p, dir, cert_files[i]);
    unlink(p);
  }
}

static int name_used(certify_ctx *x, const char *name) {
  for (size_t i = 0; i < x->nnames; i++)
    if (!strcmp(x->names[i], name))
      return 1;
  return 0;
}

/* The subdirectory name of pz in a batch, remembered; -1 out of memory. */
static int subdir_name(certify_ctx *x, const gc_puzzle *pz, const char *source,
                       char *buf, size_t size) {
  const char *id = gc_puzzle_id(pz);
  char base[160];
  if (id && *id && strcmp(id, ".") && strcmp(id, "..")) {
    size_t k = 0;
    for (const char *p = id; *p && k + 1 < sizeof base - 8; p++)
      base[k++] = ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
                   (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' ||
                   *p == '-')
                      ? *p
                      : '_';
    base[k] = 0;
  } else {
    /* no id: the input's file name without its directory and extension */
    const char *b = strrchr(source, '/');
    b = b ? b + 1 : source;
    size_t k = 0;
    for (; b[k] && b[k] != '.' && k < 100; k++)
      base[k] = (b[k] >= 'A' && b[k] <= 'Z') || (b[k] >= 'a' && b[k] <= 'z') ||
                        (b[k] >= '0' && b[k] <= '9') || b[k] == '_' || b[k] == '-'
                    ? b[k]
                    : '_';
    snprintf(base + k, sizeof base - k, "-line%ld", gc_puzzle_line(pz));
  }
  snprintf(buf, size, "%s", base);
  for (int k = 2; name_used(x, buf); k++)
    snprintf(buf, size, "%s-%d", base, k);
  char **grown = realloc(x->names, (x->nnames + 1) * sizeof *grown);
  if (!grown)
    return -1;
  x->names = grown;
  if (!(x->names[x->nnames] = malloc(strlen(buf) + 1)))
    return -1;
  strcpy(x->names[x->nnames++], buf);
  return 0;
}

static void count_proof(const char *path, proof_stats *ps) {
  memset(ps, 0, sizeof *ps);
  FILE *f = fopen(path, "rb");
  if (!f)
    return;
  int ch, at_start = 1;
  while ((ch = getc(f)) != EOF) {
    ps->bytes++;
    if (at_start && ch != '\n') {
      if (ch == 'd')
        ps->deletions++;
      else if (ch != 'c')
        ps->lemmas++;
    }
    at_start = ch == '\n';
  }
  fclose(f);
}

/* " --amo=auto --edge-units=1 ..." : the options as CLI flags. */
static void option_flags(const gc_options *opt, char *buf, size_t size) {
  size_t k = 0;
  buf[0] = 0;
  for (size_t i = 0; i < gc_option_count(); i++) {
    const gc_option_info *o = gc_option_at(i);
    char v[32], name[40];
    gc_option_cli_name(o, name, sizeof name);
    int w = snprintf(buf + k, size - k, " --%s=%s", name,
                     gc_option_value(opt, o, v, sizeof v));
    if (w < 0 || (size_t)w >= size - k)
      break;
    k += (size_t)w;
  }
}

static char *readme_text(cli *c, const gc_puzzle *pz, const char *name,
                         const proof_stats *ps) {
  char flags[400];
  option_flags(&c->opt, flags, sizeof flags);
  int n = gc_puzzle_n(pz);
  const char *fmt =
      "gridcnf %s uniqueness certificate: %s (%s %dx%d)\n"
      "\n"
      "Claim: the puzzle in puzzle.json has exactly one solution, the grid in\n"
      "solution.txt (solution.json).\n"
      "\n"
      "What is proven:\n"
      "  - puzzle.cnf (F) is the puzzle's CNF.  Its \"c gridcnf\" comment lines\n"
      "    give the variable map; \"c p show ... 0\" lists the answer-key (cell)\n"
      "    variables, which determine the grid.\n"
      "  - solution.model is a model of F (found by the cadical command); it\n"
      "    decodes to solution.txt, and gridcnf's rule checker for the genre\n"
      "    accepted that grid.\n"
      "  - blocked.cnf is F plus one last clause B, the negation of the\n"
      "    solution's true cell literals: any other solution satisfies B.\n"
      "  - proof.drat (%ld lemmas, %ld deletions, %ld bytes, text DRAT, written\n"
      "    by CaDiCaL) derives the empty clause from blocked.cnf: F and B has\n"
      "    no model, so F has no second solution.\n"
      "\n"
      "What is trusted, not proven: that F encodes the rules of the puzzle\n"
      "faithfully.  gridcnf backs that with exhaustive tests of its\n"
      "encodings' primitives and brute-force cross-checks on small grids.\n"
      "\n"
      "How to check:\n"
      "  drat-trim blocked.cnf proof.drat            expect \"s VERIFIED\"\n"
      "  (any DRAT checker will do; drat-trim is at github.com/marijnheule/drat-trim)\n"
      "  gridcnf cnf%s puzzle.json | cmp - puzzle.cnf\n"
      "  gridcnf cnf%s --block-solution puzzle.json | cmp - blocked.cnf\n"
      "  gridcnf decode%s puzzle.json solution.model\n"
      "  cadical blocked.cnf                          exit 20: UNSAT (a re-solve,\n"
      "                                               not a proof check)\n";
  size_t size = 4096 + 3 * strlen(flags) + strlen(name);
  char *s = malloc(size);
  if (s)
    snprintf(s, size, fmt, GC_VERSION, name, gc_genre_name(gc_puzzle_genre(pz)),
             n, n, ps->lemmas, ps->deletions, ps->bytes, flags, flags, flags);
  return s;
}

/* solution.json: the head of a record and the grid. */
static char *solution_json(const gc_puzzle *pz, const gc_grid *g) {
  json_t *o = json_object();
  const char *id = gc_puzzle_id(pz);
  json_object_set_new(o, "id", id ? json_string(id) : json_null());
  json_object_set_new(o, "genre", json_string(gc_genre_name(gc_puzzle_genre(pz))));
  json_object_set_new(o, "n", json_integer(gc_puzzle_n(pz)));
  json_object_set_new(o, "solution", gc_cli_grid_json(g));
  char *s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII);
  json_decref(o);
  return s;
}

static double round3(double x) { return floor(x * 1000 + 0.5) / 1000; }

typedef struct cert_out {
  const char *dir; /* NULL: none written */
  proof_stats proof;
  double proof_ms, model_ms;
} cert_out;

static void emit(cli *c, const char *source, const gc_puzzle *pz,
                 const gc_result *res, const cert_out *co) {
  if (c->json) {
    json_t *o = gc_cli_record_head(pz, gc_status_name(res->status));
    json_object_set_new(o, "solution", gc_cli_grid_json(&res->first));
    json_object_set_new(o, "second", gc_cli_grid_json(&res->second));
    json_object_set_new(o, "certificate", co->dir ? json_string(co->dir) : json_null());
    if (co->dir) {
      json_t *p = json_object();
      json_object_set_new(p, "lemmas", json_integer(co->proof.lemmas));
      json_object_set_new(p, "deletions", json_integer(co->proof.deletions));
      json_object_set_new(p, "bytes", json_integer(co->proof.bytes));
      json_object_set_new(o, "proof", p);
    } else
      json_object_set_new(o, "proof", json_null());
    if (res->status == GC_STATUS_UNKNOWN || res->stop)
      json_object_set_new(o, "stopped", json_string(res->stop == GC_STOP_TIME
                                                        ? "time"
                                                        : "interrupt"));
    json_t *st = json_object();
    json_object_set_new(st, "vars", json_integer(res->stats.vars));
    json_object_set_new(st, "clauses", json_integer(res->stats.clauses));
    json_object_set_new(st, "solve_ms", json_real(round3(res->stats.solve_ms)));
    json_object_set_new(st, "unique_ms", json_real(round3(res->stats.unique_ms)));
    json_object_set_new(st, "proof_ms", json_real(round3(co->proof_ms)));
    json_object_set_new(st, "model_ms", json_real(round3(co->model_ms)));
    json_object_set_new(o, "stats", st);
    gc_cli_emit_json(c, o);
    return;
  }
  gc_cli_print_name(c, source, pz, gc_status_name(res->status));
  switch (res->status) {
  case GC_STATUS_UNIQUE:
    fprintf(c->out,
            " (the only solution); certificate in %s (proof.drat: %ld lemmas, "
            "%ld deletions, %ld bytes; cadical %.1f ms)\n",
            co->dir, co->proof.lemmas, co->proof.deletions, co->proof.bytes,
            co->proof_ms);
    return;
  case GC_STATUS_MULTIPLE:
    fprintf(c->out, " (two of its solutions shown); no certificate written\n");
    gc_cli_print_grid_text(c, pz, &res->first);
    fprintf(c->out, "second solution:\n");
    gc_cli_print_grid_text(c, pz, &res->second);
    return;
  case GC_STATUS_NONE:
    fprintf(c->out, " (no solution); no certificate written\n");
    return;
  default:
    fprintf(c->out, " (%s); no certificate written\n",
            res->stop == GC_STOP_TIME ? "time limit reached" : "interrupted");
  }
}

/* The kind of error (for cert_failed) of a program that cannot be started:
   reported as internal, exit 69. */
#define MISSING GC_CODE_COUNT

/* An error for pz, reported as a record; the certificate is removed. */
static int cert_failed(cli *c, const char *source, const gc_puzzle *pz,
                       const char *dir, int *code, gc_code kind,
                       const char *what) {
  gc_error e;
  gc_error_clear(&e);
  gc_error_source(&e, source);
  gc_error_set(&e, kind == MISSING ? GC_E_INTERNAL : kind, gc_puzzle_line(pz),
               0, "%s", what);
  gc_cli_emit_error_record(c, &e, pz);
  /* (the cadical command missing: 69, a program missing) */
  gc_cli_worst(code, kind == MISSING ? EX_UNAVAILABLE : gc_code_exit(kind));
  if (dir)
    remove_cert(dir);
  return 0;
}

/* Writes a library-made text to dir/file; frees it. */
static int put(const char *dir, const char *file, char *text, size_t len) {
  char p[4200];
  path_in(p, sizeof p, dir, file);
  int rc = text ? gc_write_file(p, text, len) : -1;
  free(text);
  return rc;
}

static int certify_one(cli *c, certify_ctx *x, const char *source,
                       gc_puzzle *pz, int *code) {
  char dir[4096];
  const char *name = gc_puzzle_id(pz) ? gc_puzzle_id(pz) : source;
  if (x->flat)
    snprintf(dir, sizeof dir, "%s", c->out_dir);
  else {
    char sub[200];
    if (subdir_name(x, pz, source, sub, sizeof sub))
      return cert_failed(c, source, pz, NULL, code, GC_E_NOMEM, "out of memory");
    snprintf(dir, sizeof dir, "%s/%s", c->out_dir, sub);
  }
  remove_cert(dir); /* nothing left from an older run */
  if (x->broken[0]) /* every puzzle still gets its record */
    return cert_failed(c, source, pz, NULL, code, MISSING, x->broken);
  gc_result res;
  gc_error e;
  gc_limits lim = c->lim;
  lim.mode = GC_MODE_UNIQUE;
  if (gc_cli_solve_fixed(c, pz, &lim, &res, &e)) {
    gc_result_free(&res);
    return gc_cli_tool_failed(c, source, pz, &e, code);
  }
  cert_out co = {0};
  char msg[1200], hint[300];
  char *text;
  size_t len;
  int stop = res.stop == GC_STOP_INTERRUPT;
  if (res.status != GC_STATUS_UNIQUE) {
    emit(c, source, pz, &res, &co);
    gc_cli_worst(code, gc_cli_status_exit(&res));
    goto done;
  }
  if (gc_mkdir_p(dir)) {
    snprintf(msg, sizeof msg, "cannot create the directory %.300s: %s", dir,
             strerror(errno));
    cert_failed(c, source, pz, NULL, code, GC_E_IO, msg);
    goto done;
  }
  /* The CNFs and the puzzle. */
  gc_error_clear(&e);
  if (gc_dimacs(pz, &c->opt, NULL, &text, &len, &e) ||
      put(dir, "puzzle.cnf", text, len) ||
      gc_dimacs(pz, &c->opt, &res.first, &text, &len, &e) ||
      put(dir, "blocked.cnf", text, len)) {
    if (e.code) {
      gc_cli_tool_failed(c, source, pz, &e, code);
      remove_cert(dir);
    } else {
      snprintf(msg, sizeof msg, "cannot write the CNFs into %.300s", dir);
      cert_failed(c, source, pz, dir, code, GC_E_IO, msg);
    }
    goto done;
  }
  text = gc_puzzle_json(pz);
  if (text) {
    size_t l = strlen(text);
    char *t2 = realloc(text, l + 2);
    if (t2) {
      text = t2;
      text[l] = '\n', text[l + 1] = 0;
    }
  }
  if (put(dir, "puzzle.json", text, text ? strlen(text) : 0)) {
    snprintf(msg, sizeof msg, "cannot write %.300s/puzzle.json", dir);
    cert_failed(c, source, pz, dir, code, GC_E_IO, msg);
    goto done;
  }
  /* Two runs of the cadical command at once: the proof, on F and B, which
     must say UNSAT (20), and a model of F (10), decoded and compared. */
  char blocked[4200], proof[4200], plain[4200], model[4200], log[4200],
      log2[4200];
  path_in(blocked, sizeof blocked, dir, "blocked.cnf");
  path_in(proof, sizeof proof, dir, "proof.drat");
  path_in(plain, sizeof plain, dir, "puzzle.cnf");
  path_in(model, sizeof model, dir, "solution.model");
  path_in(log, sizeof log, dir, "cadical.log");
  path_in(log2, sizeof log2, dir, "cadical-model.log");
  char *argv1[] = {"cadical", "--no-binary", "-q", blocked, proof, NULL};
  char *argv2[] = {"cadical", "-q", plain, NULL};
  gc_run run, run2;
  if (gc_run_start(argv1, log, NULL, &run, msg, sizeof msg)) {
    snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
             " (certify needs the cadical command: apt-get install cadical)");
    cert_failed(c, source, pz, dir, code, MISSING, msg);
    /* the next puzzles would fail the same way: they are not tried, but
       each still gets its record */
    snprintf(x->broken, sizeof x->broken, "%s", msg);
    goto done;
  }
  int started2 = !gc_run_start(argv2, model, log2, &run2, hint, sizeof hint);
  gc_run *both[2] = {&run, &run2};
  gc_run_wait(both, started2 ? 2 : 1, lim.timeout, c->interrupt);
  co.proof_ms = run.ms;
  co.model_ms = run2.ms;
  if (run.timed_out || run.interrupted || run2.timed_out || run2.interrupted) {
    remove_cert(dir);
    res.status = GC_STATUS_UNKNOWN;
    res.stop = run.interrupted || run2.interrupted ? GC_STOP_INTERRUPT : GC_STOP_TIME;
    stop = res.stop == GC_STOP_INTERRUPT;
    emit(c, source, pz, &res, &co);
    gc_cli_worst(code, gc_cli_status_exit(&res));
    goto done;
  }
  if (!run.exited || run.status != 20) {
    if (run.exited && run.status == 10)
      snprintf(msg, sizeof msg,
               "cadical finds %.300s satisfiable, but the embedded solver proved "
               "the solution unique",
               blocked);
    else {
      gc_file_hint(log, hint, sizeof hint);
      snprintf(msg, sizeof msg, "cadical on %.300s did not say UNSAT (%s %d)%s%.300s",
               blocked, run.exited ? "exit" : "signal", run.status,
               hint[0] ? ": " : "", hint);
    }
    cert_failed(c, source, pz, dir, code, GC_E_INTERNAL, msg);
    goto done;
  }
  if (!started2 || !run2.exited || run2.status != 10) {
    if (started2)
      snprintf(msg, sizeof msg, "cadical on %.300s did not say SAT (%s %d)", plain,
               run2.exited ? "exit" : "signal", run2.status);
    else
      snprintf(msg, sizeof msg, "%s", hint);
    cert_failed(c, source, pz, dir, code, GC_E_INTERNAL, msg);
    goto done;
  }
  {
    char *data = NULL;
    size_t dlen;
    signed char *values = NULL;
    int nvars, sat;
    gc_grid g = {0, NULL};
    gc_error_clear(&e);
    snprintf(e.message, sizeof e.message, "%s", "a different grid");
    int ok = !gc_read_file(model, &data, &dlen, 0, &e) &&
             !gc_model_read(data, dlen, model, &sat, &values, &nvars, &e) &&
             sat == 1 && !gc_decode(pz, &c->opt, values, nvars, &g, &e) &&
             gc_grid_equal(&g, &res.first);
    free(data);
    free(values);
    gc_grid_free(&g);
    if (!ok) {
      snprintf(msg, sizeof msg, "cadical's model of %.300s is not the solution (%.250s)",
               plain, e.message);
      cert_failed(c, source, pz, dir, code, GC_E_INTERNAL, msg);
      goto done;
    }
  }
  unlink(log);
  unlink(log2);
  count_proof(proof, &co.proof);
  text = gc_render_text(pz, &res.first);
  int bad = put(dir, "solution.txt", text, text ? strlen(text) : 0);
  text = solution_json(pz, &res.first);
  if (text) {
    char *t2 = realloc(text, strlen(text) + 2);
    if (t2)
      strcat(text = t2, "\n");
  }
  bad |= put(dir, "solution.json", text, text ? strlen(text) : 0);
  text = readme_text(c, pz, name, &co.proof);
  bad |= put(dir, "README.txt", text, text ? strlen(text) : 0);
  if (bad) {
    snprintf(msg, sizeof msg, "cannot write the solution files into %.300s", dir);
    cert_failed(c, source, pz, dir, code, GC_E_IO, msg);
    goto done;
  }
  co.dir = dir;
  emit(c, source, pz, &res, &co);
  gc_cli_worst(code, EX_OK);
done:
  gc_result_free(&res);
  return stop;
}

/* An error that is not a puzzle's, as a record of its own. */
static int error_record(cli *c, const gc_error *e, int *code) {
  gc_cli_record_begin(c);
  gc_cli_emit_error_record(c, e, NULL);
  gc_cli_worst(code, gc_code_exit(e->code));
  return gc_cli_record_end(c, e->source, NULL, code);
}

/* Reads every input first: a single puzzle writes into DIR, several into
   DIR/<name>/. */
static int cmd_certify(cli *c) {
  if (!c->out_dir)
    return gc_cli_usage_error(c, "certify needs --out-dir DIR%s", "");
  if (c->nfiles == 0)
    c->files[c->nfiles++] = "-";
  int code = EX_OK;
  char *data[64] = {0};
  size_t len[64];
  const char *source[64];
  long puzzles = 0;
  gc_error e;
  int halt = 0;
  for (int f = 0; f < c->nfiles && !halt; f++) {
    if (gc_cli_read_input(c, c->files[f], &data[f], &len[f], &source[f],
                          &e)) {
      halt = error_record(c, &e, &code);
      data[f] = NULL;
      continue;
    }
    gc_reader *rd = gc_reader_new(data[f], len[f], source[f], &c->ropt, &e);
    gc_puzzle *pz;
    int r;
    while (rd && (r = gc_reader_next(rd, &pz, &e)) != GC_READ_END)
      if (r == GC_READ_PUZZLE) {
        if (!c->id || (gc_puzzle_id(pz) && !strcmp(c->id, gc_puzzle_id(pz))))
          puzzles++;
        gc_puzzle_free(pz);
      }
    gc_reader_free(rd);
  }
  certify_ctx x = {puzzles == 1, NULL, 0, ""};
  long seen = 0;
  int records_total = 0;
  for (int f = 0; f < c->nfiles && !halt && !gc_stop_requested(c->interrupt);
       f++) {
    if (!data[f])
      continue;
    gc_reader *rd = gc_reader_new(data[f], len[f], source[f], &c->ropt, &e);
    if (!rd) {
      halt = error_record(c, &e, &code);
      continue;
    }
    int stop = 0;
    while (!stop && !halt && !gc_stop_requested(c->interrupt)) {
      gc_puzzle *pz;
      int r = gc_reader_next(rd, &pz, &e);
      if (r == GC_READ_END)
        break;
      records_total++;
      if (r == GC_READ_ERROR) {
        halt = error_record(c, &e, &code);
        continue;
      }
      if (c->id && (!gc_puzzle_id(pz) || strcmp(c->id, gc_puzzle_id(pz)))) {
        gc_puzzle_free(pz);
        continue;
      }
      seen++;
      gc_cli_record_begin(c);
      stop = certify_one(c, &x, source[f], pz, &code);
      halt = gc_cli_record_end(c, source[f], pz, &code);
      gc_puzzle_free(pz);
    }
    gc_reader_free(rd);
    if (stop || halt)
      break;
  }
  for (int f = 0; f < c->nfiles; f++)
    free(data[f]);
  for (size_t i = 0; i < x.nnames; i++)
    free(x.names[i]);
  free(x.names);
  if (gc_stop_requested(c->interrupt))
    gc_cli_worst(&code, EX_INTERRUPT);
  if (seen == 0 && code == EX_OK) {
    if (c->id)
      fprintf(c->err, "gridcnf: no puzzle with the id '%s'\n", c->id);
    else
      fprintf(c->err, "gridcnf: no puzzle in the input%s\n",
              records_total ? "" : " (empty, or only comments)");
    return EX_DATAERR;
  }
  return code;
}

const gc_command gc_command_certify = {
    .name = "certify",
    .order = 64,
    .section = "files",
    .args = "--out-dir DIR [FILE|-]...",
    .summary = "a uniqueness certificate: CNFs, solution, DRAT proof",
    .options = "json out-dir @input @limits @encoding",
    .about = "Writes the puzzle's CNF, the solution, the CNF with that "
             "solution blocked and CaDiCaL's DRAT proof that it has no "
             "other, and checks the proof when drat-trim is installed.  "
             "Needs the cadical command.",
    .examples = "gridcnf certify --out-dir cert/ puzzle.txt",
    .run = cmd_certify};
