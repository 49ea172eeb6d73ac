/*
 * solve_external.c: solve --external 'CMD'.  Instead of the embedded
 * CaDiCaL, the puzzle's CNF goes to a file in a fresh temporary directory
 * and CMD runs on it; its model is decoded and checked by the genre's rule
 * checker (gc_decode), then the CNF with the blocking clause of that
 * solution runs the same way to prove uniqueness.  The statuses, exit codes
 * and JSON are those of `solve` (--first stops after the first call; --count
 * is not offered).
 *
 * The command line: CMD is split on spaces and tabs (no quoting, no shell).
 * A word "{cnf}" is replaced by the CNF's path, otherwise the path is
 * appended.  A word "{out}" is replaced by the path of a result file, and
 * the answer is read from that file; otherwise, when the program's name
 * (after the last '/') starts with "minisat", a result file path is
 * appended after the CNF (MiniSat writes its model only there); otherwise
 * the answer is the program's standard output (standard error is kept
 * apart).  The answer is read by gc_model_read: "s SATISFIABLE" and "v"
 * lines (cadical, kissat, picosat, ...) or a MiniSat result file.  An exit
 * code 10 or 20 that disagrees with the answer is an error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"
#include "external.h"

enum { MAX_WORDS = 60 };

typedef struct ext_cmd {
  char *copy;
  char *argv[MAX_WORDS + 3];
  int argc;
  int cnf_slot, out_slot; /* indices in argv, or -1 */
} ext_cmd;

static int parse_cmd(const char *cmd, ext_cmd *x) {
  memset(x, 0, sizeof *x);
  x->cnf_slot = x->out_slot = -1;
  if (!(x->copy = malloc(strlen(cmd) + 1)))
    return -1;
  strcpy(x->copy, cmd);
  for (char *p = x->copy; *p;) {
    while (*p == ' ' || *p == '\t')
      *p++ = 0;
    if (!*p)
      break;
    if (x->argc == MAX_WORDS)
      return -1;
    if (!strncmp(p, "{cnf}", 5) && (!p[5] || p[5] == ' ' || p[5] == '\t'))
      x->cnf_slot = x->argc;
    if (!strncmp(p, "{out}", 5) && (!p[5] || p[5] == ' ' || p[5] == '\t'))
      x->out_slot = x->argc;
    x->argv[x->argc++] = p;
    while (*p && *p != ' ' && *p != '\t')
      p++;
  }
  if (x->argc == 0 || x->cnf_slot == 0 || x->out_slot == 0)
    return -1;
  if (x->cnf_slot < 0)
    x->cnf_slot = x->argc++;
  const char *base = strrchr(x->argv[0], '/');
  base = base ? base + 1 : x->argv[0];
  if (x->out_slot < 0 && !strncmp(base, "minisat", 7))
    x->out_slot = x->argc++;
  x->argv[x->argc] = NULL;
  return 0;
}

/* Writes the CNF (block: NULL or the grid to exclude), runs the command and
   reads its answer.  0, or -1 with e (e->line -1 when the program cannot
   be started). */
static int ext_run(cli *c, ext_cmd *x, const char *tmp, const gc_puzzle *pz,
                   const gc_grid *block, double timeout, gc_outside_call *r,
                   gc_stats *st, gc_error *e) {
  memset(r, 0, sizeof *r);
  r->sat = -1;
  char cnf[4200], out[4200], err[4200], res[4200];
  snprintf(cnf, sizeof cnf, "%s/%s", tmp, block ? "blocked.cnf" : "puzzle.cnf");
  snprintf(out, sizeof out, "%s/stdout", tmp);
  snprintf(err, sizeof err, "%s/stderr", tmp);
  snprintf(res, sizeof res, "%s/result", tmp);
  char *text;
  size_t len;
  double t0 = gc_cli_now_ms();
  if (gc_dimacs_limited(pz, &c->opt, &c->lim, block, &text, &len, e))
    return -1;
  if (st && !block) {
    const char *p = strstr(text, "\np cnf ");
    if (p)
      sscanf(p, "\np cnf %d %ld", &st->vars, &st->clauses);
    st->encode_ms = gc_cli_now_ms() - t0;
  }
  int wrc = gc_write_file(cnf, text, len);
  free(text);
  if (wrc) {
    gc_error_set(e, GC_E_IO, 0, 0, "cannot write %s: %s", cnf, strerror(errno));
    return -1;
  }
  unlink(res);
  x->argv[x->cnf_slot] = cnf;
  if (x->out_slot >= 0)
    x->argv[x->out_slot] = res;
  gc_run run;
  int ran = gc_cli_outside_run(c, x->argv, out, err, timeout, "--external",
                               &run, r, e);
  if (ran)
    return ran < 0 ? -1 : 0;
  const char *answer = x->out_slot >= 0 ? res : out;
  char *data = NULL;
  signed char *values = NULL;
  int nvars = 0, sat = -1;
  size_t dlen = 0;
  gc_error me;
  gc_error_clear(&me);
  int bad = gc_read_file(answer, &data, &dlen, 0, &me) ||
            gc_model_read(data, dlen, answer, &sat, &values, &nvars, &me);
  free(data);
  if (bad || (run.exited && run.status == 10 && sat != 1) ||
      (run.exited && run.status == 20 && sat != 0)) {
    char hint[300], msg[600];
    gc_file_hint(err, hint, sizeof hint);
    gc_error_format(&me, msg, sizeof msg);
    gc_error_set(e, GC_E_INTERNAL, 0, 0,
                 "--external: '%s' (%s %d) gave no answer gridcnf can use: "
                 "%.150s%s%.150s",
                 x->argv[0], run.exited ? "exit" : "signal", run.status,
                 bad ? msg : sat == 1 ? "it says SAT" : sat == 0 ? "it says UNSAT"
                                                                 : "it says unknown",
                 hint[0] ? "; " : "", hint);
    free(values);
    return -1;
  }
  r->sat = sat;
  if (sat == 1 && gc_decode(pz, &c->opt, values, nvars, &r->grid, e)) {
    char m[256];
    snprintf(m, sizeof m, "%s", e->message);
    gc_error_set(e, GC_E_INTERNAL, 0, 0, "--external: the model of '%s': %.200s",
                 x->argv[0], m);
    free(values);
    return -1;
  }
  free(values);
  return 0;
}

static void rm_tmp(const char *tmp) {
  static const char *const files[] = {"puzzle.cnf", "blocked.cnf", "stdout",
                                      "stderr", "result", NULL};
  char p[4200];
  for (int i = 0; files[i]; i++) {
    snprintf(p, sizeof p, "%s/%s", tmp, files[i]);
    unlink(p);
  }
  rmdir(tmp);
}

int gc_cli_external_usable(cli *c) {
  ext_cmd x;
  int bad = parse_cmd(c->external, &x);
  free(x.copy);
  if (!bad)
    return EX_OK;
  char cmd[120];
  gc_cli_escape(c->external, cmd, sizeof cmd);
  fprintf(c->err,
          "gridcnf: --external: cannot use the command '%s' (at most %d "
          "words; {cnf} and {out} not first) (try 'gridcnf --help')\n",
          cmd, MAX_WORDS);
  return EX_USAGE;
}

/* gc_outside_fn for the command: the CNF written, the program run, its
   answer read. */
typedef struct ext_ctx {
  cli *c;
  ext_cmd *x;
  const char *tmp;
  const gc_puzzle *pz;
  gc_stats *st; /* the first run's formula size and encoding time */
} ext_ctx;

static int ext_call(void *arg, const gc_grid *block, double timeout,
                    gc_outside_call *r, gc_error *e) {
  ext_ctx *x = arg;
  return ext_run(x->c, x->x, x->tmp, x->pz, block, timeout, r,
                 block ? NULL : x->st, e);
}

int gc_cli_solve_external(cli *c, const char *source, gc_puzzle *pz,
                          double parse_ms, int *code) {
  if (gc_cli_outside_broken(c, source, pz, code))
    return 0;
  gc_error e;
  gc_error_clear(&e);
  ext_cmd x;
  if (parse_cmd(c->external, &x)) { /* (checked before the batch) */
    free(x.copy);
    gc_error_set(&e, GC_E_USAGE, 0, 0, "--external: cannot use the command");
    gc_cli_outside_failed(c, source, pz, &e, code);
    return 1;
  }
  char tmp[4096];
  const char *tdir = getenv("TMPDIR");
  snprintf(tmp, sizeof tmp, "%s/gridcnf-ext-XXXXXX", tdir && *tdir ? tdir : "/tmp");
  if (!mkdtemp(tmp)) {
    free(x.copy);
    gc_error_set(&e, GC_E_IO, 0, 0, "--external: cannot make a temporary directory: %s",
                 strerror(errno));
    gc_cli_emit_error_record(c, &e, pz);
    gc_cli_worst(code, EX_IOERR);
    return 1;
  }
  gc_result res;
  gc_result_init(&res);
  res.stats.parse_ms = parse_ms;
  ext_ctx cx = {c, &x, tmp, pz, &res.stats};
  char who[200];
  snprintf(who, sizeof who, "--external: '%.150s'", x.argv[0]);
  int stop = gc_cli_outside_solve(c, source, pz, &res, ext_call, &cx, who, code);
  gc_result_free(&res);
  rm_tmp(tmp);
  free(x.copy);
  return stop;
}
