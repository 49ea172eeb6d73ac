/*
 * solve_via.c: solve --via minizinc|clingo|cbc|glpk.  The puzzle goes to
 * another solving paradigm through gridcnf's own exports, and the answer
 * comes back as a grid:
 *   minizinc  constraint programming: `minizinc MODEL.mzn DATA.dzn`
 *             (models/<genre>.mzn, data by the dzn writer; MiniZinc's
 *             default solver, Gecode on Debian)
 *   clingo    answer set programming: `clingo MODEL.lp FACTS.lp`
 *             (models/<genre>.lp, facts by the asp writer)
 *   cbc       MIP: `cbc PUZZLE.lp solve solu OUT` (the lp writer)
 *   glpk      MIP: `glpsol --lp PUZZLE.lp -o OUT`
 * The models are built into the command (generated/models.h, from
 * models/), written next to the data in a fresh temporary directory.
 *
 * As with SAT, uniqueness is a second run with the first solution
 * excluded, by a no-good in each language: a MiniZinc constraint that
 * some cell differs, a clingo integrity constraint on the solution's
 * atoms, an LP row that keeps the sum of the solution's true variables
 * (minus the false ones, for stars) below its count.  Every solution the
 * tool gives is checked by the genre's rule checker; one that breaks a
 * rule, or a second run that repeats the first solution, is an error
 * (exit 70).  --timeout bounds both runs together (status unknown, exit
 * 3), as --external does, and ends the tool's whole process group; the
 * --json record is solve's, with "via" in its stats.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../formats/strbuf.h"
#include "cli_int.h"
#include "external.h"
#include "models.h"

typedef enum { VIA_MINIZINC, VIA_CLINGO, VIA_CBC, VIA_GLPK } via_tool;

static const struct {
  const char *name, *program, *format, *model_ext, *data_name;
} tools[] = {
    {"minizinc", "minizinc", "dzn", "mzn", "data.dzn"},
    {"clingo", "clingo", "asp", "lp", "facts.lp"},
    {"cbc", "cbc", "lp", NULL, "puzzle.lp"},
    {"glpk", "glpsol", "lp", NULL, "puzzle.lp"},
};
enum { NTOOLS = sizeof tools / sizeof tools[0] };

int gc_cli_via_known(const char *name) {
  for (int i = 0; i < NTOOLS; i++)
    if (!strcmp(tools[i].name, name))
      return 1;
  return 0;
}

static int tool_of(const char *name) {
  for (int i = 0; i < NTOOLS; i++)
    if (!strcmp(tools[i].name, name))
      return i;
  return -1;
}

/*------------------------------------------------------------------------*/
/* Reading the answers                                                     */

/* The first n*n integers of the line of text that starts with '[' (the
   models' output item), or of the values the LP solvers print. */
static int ints_line(const char *text, int nn, int *out) {
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
    if (*p != '[')
      continue;
    int k = 0;
    const char *q = p + 1;
    while (k < nn) {
      char *end;
      long v = strtol(q, &end, 10);
      if (end == q)
        break;
      out[k++] = (int)v;
      q = end;
      while (*q == ',' || *q == ' ')
        q++;
    }
    if (k == nn)
      return 0;
  }
  return -1;
}

/* MiniZinc: a solution line then "----------", or UNSATISFIABLE. */
static int read_minizinc(const char *out, int n, gc_outside_call *r) {
  if (strstr(out, "=====UNSATISFIABLE====="))
    return r->sat = 0, 0;
  if (!strstr(out, "----------") || gc_grid_init(&r->grid, n))
    return -1;
  if (ints_line(out, n * n, r->grid.cell))
    return -1;
  r->sat = 1;
  return 0;
}

/* clingo: "Answer: 1", the atoms x(R,C,V) / s(R,C) on the next line;
   "UNSATISFIABLE" otherwise. */
static int read_clingo(const char *out, int n, int stars, gc_outside_call *r) {
  const char *a = strstr(out, "Answer: 1\n");
  if (!a) {
    if (strstr(out, "\nUNSATISFIABLE"))
      return r->sat = 0, 0;
    return -1;
  }
  if (gc_grid_init(&r->grid, n))
    return -1;
  for (int i = 0; i < n * n; i++)
    r->grid.cell[i] = stars ? 0 : GC_EMPTY;
  const char *p = strchr(a, '\n') + 1, *eol = strchr(p, '\n');
  if (!eol)
    eol = p + strlen(p);
  int count = 0;
  while (p < eol) {
    int row, col, v = 1, used = 0;
    if (stars ? sscanf(p, "s(%d,%d)%n", &row, &col, &used) == 2
              : sscanf(p, "x(%d,%d,%d)%n", &row, &col, &v, &used) == 3) {
      if (row < 0 || row >= n || col < 0 || col >= n)
        return -1;
      r->grid.cell[row * n + col] = v;
      count++;
      p += used;
    } else
      p++;
  }
  if (!stars && count != n * n)
    return -1;
  r->sat = 1;
  return 0;
}

/* The value of every x_R_C_V / s_R_C column that is 1, from a line
   "<index> <name> <value> ..." (cbc's solution file, the column table of
   glpsol's report with "*" after the name). */
static int lp_columns(const char *out, int n, int stars, gc_outside_call *r) {
  if (gc_grid_init(&r->grid, n))
    return -1;
  for (int i = 0; i < n * n; i++)
    r->grid.cell[i] = stars ? 0 : GC_EMPTY;
  int count = 0;
  for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
    int idx, row, col, v = 1, used = 0;
    double val;
    if (sscanf(p, " %d %n", &idx, &used) != 1)
      continue;
    const char *q = p + used;
    int k = 0;
    if (stars ? sscanf(q, "s_%d_%d %n", &row, &col, &k) != 2
              : sscanf(q, "x_%d_%d_%d %n", &row, &col, &v, &k) != 3)
      continue;
    q += k;
    if (*q == '*')
      q++;
    if (sscanf(q, "%lf", &val) != 1 || val < 0.5)
      continue;
    if (row < 1 || row > n || col < 1 || col > n || v < 1 || v > n)
      return -1;
    r->grid.cell[(row - 1) * n + col - 1] = stars ? 1 : v;
    count++;
  }
  if (!stars && count != n * n)
    return -1;
  r->sat = 1;
  return 0;
}

static int read_cbc(const char *out, int n, int stars, gc_outside_call *r) {
  if (!strncmp(out, "Infeasible", 10) || !strncmp(out, "Integer infeasible", 18))
    return r->sat = 0, 0;
  if (strncmp(out, "Optimal", 7))
    return -1;
  return lp_columns(out, n, stars, r);
}

static int read_glpk(const char *out, int n, int stars, gc_outside_call *r) {
  const char *st = strstr(out, "Status:");
  if (!st)
    return -1;
  st += 7;
  while (*st == ' ')
    st++;
  if (!strncmp(st, "INTEGER EMPTY", 13) || !strncmp(st, "EMPTY", 5))
    return r->sat = 0, 0;
  if (strncmp(st, "INTEGER OPTIMAL", 15) && strncmp(st, "INTEGER NON-OPT", 15))
    return -1;
  const char *cols = strstr(out, "Column name");
  return lp_columns(cols ? cols : out, n, stars, r);
}

/*------------------------------------------------------------------------*/
/* The no-goods                                                            */

/* The text that excludes grid g in the tool's language: a MiniZinc
   constraint, a clingo integrity constraint, an LP row. */
static char *nogood(int tool, const gc_grid *g, int stars) {
  int n = g->n, ones = 0;
  gc_strbuf b = {0};
  const char *var = stars ? "s" : "x";
  if (tool == VIA_MINIZINC) {
    gc_sb_put(&b, "% the solution found first, excluded\nconstraint");
    for (int i = 0; i < n * n; i++)
      gc_sb_printf(&b, "%s %s[%d, %d] != %d", i ? " \\/" : "", var, i / n + 1,
                   i % n + 1, g->cell[i]);
    gc_sb_put(&b, ";\n");
  } else if (tool == VIA_CLINGO) {
    gc_sb_put(&b, "% the solution found first, excluded\n:-");
    for (int i = 0; i < n * n; i++) {
      if (stars && !g->cell[i])
        continue;
      gc_sb_printf(&b, "%s ", ones++ ? "," : "");
      if (stars)
        gc_sb_printf(&b, "s(%d,%d)", i / n, i % n);
      else
        gc_sb_printf(&b, "x(%d,%d,%d)", i / n, i % n, g->cell[i]);
    }
    gc_sb_put(&b, ".\n");
  } else {
    gc_sb_put(&b, " nogood:");
    for (int i = 0; i < n * n; i++) {
      if (i && i % 8 == 0)
        gc_sb_put(&b, "\n  ");
      if (stars)
        gc_sb_printf(&b, " %c s_%d_%d", g->cell[i] ? '+' : '-', i / n + 1,
                     i % n + 1);
      else
        gc_sb_printf(&b, "%s x_%d_%d_%d", i ? " +" : "", i / n + 1, i % n + 1,
                     g->cell[i]);
      ones += stars ? g->cell[i] != 0 : 1;
    }
    gc_sb_printf(&b, " <= %d\n", ones - 1);
  }
  return gc_sb_finish(&b);
}

/*------------------------------------------------------------------------*/

typedef struct via_ctx {
  cli *c;
  int tool;
  const gc_puzzle *pz;
  char dir[4096];
  char data[4200], model[4200], extra[4200], out[4200], err[4200];
  char *lp; /* the LP (cbc, glpk), kept to insert the no-good */
} via_ctx;

static int write_text(via_ctx *v, const char *path, const char *text,
                      size_t len, gc_error *e) {
  if (gc_write_file(path, text, len)) {
    gc_error_set(e, GC_E_IO, 0, 0, "--via: cannot write %s: %s", path,
                 strerror(errno));
    return -1;
  }
  (void)v;
  return 0;
}

/* Writes the inputs: the model (minizinc, clingo) and the export. */
static int prepare(via_ctx *v, gc_error *e) {
  const char *genre = gc_genre_name(gc_puzzle_genre(v->pz));
  const char *ext = tools[v->tool].model_ext;
  snprintf(v->data, sizeof v->data, "%s/%s", v->dir, tools[v->tool].data_name);
  snprintf(v->out, sizeof v->out, "%s/answer", v->dir);
  snprintf(v->err, sizeof v->err, "%s/stderr", v->dir);
  snprintf(v->extra, sizeof v->extra, "%s/nogood.%s", v->dir,
           ext ? ext : "lp");
  if (ext) {
    char name[64];
    snprintf(name, sizeof name, "%s.%s", genre, ext);
    snprintf(v->model, sizeof v->model, "%s/%s", v->dir, name);
    const struct gc_model *m = NULL;
    for (size_t i = 0; i < sizeof gc_models / sizeof gc_models[0]; i++)
      if (!strcmp(gc_models[i].name, name))
        m = &gc_models[i];
    if (!m) {
      gc_error_set(e, GC_E_UNSUPPORTED, 0, 0,
                   "--via %s: no model for %s (models/%s)", tools[v->tool].name,
                   genre, name);
      return -1;
    }
    if (write_text(v, v->model, (const char *)m->text, m->len, e))
      return -1;
  }
  char *text = gc_format_write(v->pz, tools[v->tool].format, e);
  if (!text)
    return -1;
  size_t len = strlen(text);
  int rc = write_text(v, v->data, text, len, e);
  if (tools[v->tool].model_ext)
    free(text);
  else
    v->lp = text;
  return rc;
}

/* One run; blocked: the solution to exclude, or NULL. */
static int run(via_ctx *v, const gc_grid *blocked, double timeout, gc_outside_call *r,
               gc_error *e) {
  memset(r, 0, sizeof *r);
  r->sat = -1;
  int stars = gc_genre_binary(gc_puzzle_genre(v->pz));
  int n = gc_puzzle_n(v->pz);
  const char *input = v->data;
  if (blocked) {
    char *ng = nogood(v->tool, blocked, stars);
    if (!ng) {
      gc_error_set(e, GC_E_NOMEM, 0, 0, "out of memory");
      return -1;
    }
    int bad;
    if (v->lp) { /* the LP with one row more, after "Subject To" */
      const char *at = strstr(v->lp, "Subject To\n");
      size_t head = at ? (size_t)(at - v->lp) + 11 : 0;
      gc_strbuf b = {0};
      gc_sb_putn(&b, v->lp, head);
      gc_sb_put(&b, ng);
      gc_sb_put(&b, v->lp + head);
      char *lp2 = gc_sb_finish(&b);
      bad = !lp2 || !at || write_text(v, v->extra, lp2, strlen(lp2), e);
      free(lp2);
      input = v->extra;
    } else
      bad = write_text(v, v->extra, ng, strlen(ng), e);
    free(ng);
    if (bad) {
      if (!e->code)
        gc_error_set(e, GC_E_INTERNAL, 0, 0, "--via: no 'Subject To' in the LP");
      return -1;
    }
  }
  char *argv[12];
  int k = 0;
  const char *out_path = v->out; /* standard output, for minizinc / clingo */
  argv[k++] = (char *)tools[v->tool].program;
  switch (v->tool) {
  case VIA_MINIZINC:
  case VIA_CLINGO:
    argv[k++] = v->model;
    if (blocked)
      argv[k++] = v->extra;
    argv[k++] = v->data;
    break;
  case VIA_CBC:
    argv[k++] = (char *)input;
    argv[k++] = "solve";
    argv[k++] = "solu";
    argv[k++] = v->out;
    out_path = NULL;
    break;
  default:
    argv[k++] = "--lp";
    argv[k++] = (char *)input;
    argv[k++] = "-o";
    argv[k++] = v->out;
    out_path = NULL;
    break;
  }
  argv[k] = NULL;
  unlink(v->out);
  char who[32];
  snprintf(who, sizeof who, "--via %s", tools[v->tool].name);
  gc_run pr;
  int ran =
      gc_cli_outside_run(v->c, argv, out_path, v->err, timeout, who, &pr, r, e);
  if (ran)
    return ran < 0 ? -1 : 0;
  char *text = NULL;
  size_t len;
  gc_error me;
  int bad = gc_read_file(v->out, &text, &len, 0, &me);
  if (!bad)
    bad = v->tool == VIA_MINIZINC ? read_minizinc(text, n, r)
          : v->tool == VIA_CLINGO ? read_clingo(text, n, stars, r)
          : v->tool == VIA_CBC    ? read_cbc(text, n, stars, r)
                                  : read_glpk(text, n, stars, r);
  free(text);
  if (bad) {
    char hint[300];
    gc_file_hint(v->err, hint, sizeof hint);
    gc_error_set(e, GC_E_INTERNAL, 0, 0,
                 "--via %s: no answer gridcnf can read (%s %d)%s%.200s",
                 tools[v->tool].name, pr.exited ? "exit" : "signal", pr.status,
                 hint[0] ? ": " : "", hint);
    return -1;
  }
  char why2[256];
  if (r->sat == 1 && !gc_check(v->pz, &r->grid, why2, sizeof why2)) {
    gc_error_set(e, GC_E_INTERNAL, 0, 0,
                 "--via %s: its answer breaks a rule: %.200s",
                 tools[v->tool].name, why2);
    return -1;
  }
  return 0;
}

static void rm_dir(via_ctx *v) {
  const char *files[] = {v->data, v->model, v->extra, v->out, v->err};
  for (int i = 0; i < 5; i++)
    if (files[i][0])
      unlink(files[i]);
  rmdir(v->dir);
}

/* gc_outside_fn for the tool. */
static int via_call(void *arg, const gc_grid *block, double timeout,
                    gc_outside_call *r, gc_error *e) {
  return run(arg, block, timeout, r, e);
}

int gc_cli_solve_via(cli *c, const char *source, gc_puzzle *pz,
                     double parse_ms, int *code) {
  if (gc_cli_outside_broken(c, source, pz, code))
    return 0;
  gc_result res;
  gc_result_init(&res);
  res.stats.parse_ms = parse_ms;
  gc_error e;
  gc_error_clear(&e);
  via_ctx v;
  memset(&v, 0, sizeof v);
  v.c = c;
  v.pz = pz;
  v.tool = tool_of(c->via);
  int stop = 0;
  const char *tdir = getenv("TMPDIR");
  snprintf(v.dir, sizeof v.dir, "%s/gridcnf-via-XXXXXX",
           tdir && *tdir ? tdir : "/tmp");
  if (!mkdtemp(v.dir)) {
    gc_error_set(&e, GC_E_IO, 0, 0, "--via: cannot make a temporary directory: %s",
                 strerror(errno));
    v.dir[0] = 0;
    gc_cli_outside_failed(c, source, pz, &e, code);
    goto done;
  }
  double t0 = gc_cli_now_ms();
  if (prepare(&v, &e)) {
    gc_cli_outside_failed(c, source, pz, &e, code);
    goto done;
  }
  res.stats.encode_ms = gc_cli_now_ms() - t0;
  char who[64];
  snprintf(who, sizeof who, "--via %s", tools[v.tool].name);
  stop = gc_cli_outside_solve(c, source, pz, &res, via_call, &v, who, code);
done:
  gc_result_free(&res);
  free(v.lp);
  if (v.dir[0])
    rm_dir(&v);
  return stop;
}
