/*
 * options.c: the command line's options, one table.  Each row is an
 * option's name, its short form, the value it takes and its help line;
 * each command says which options it takes (gc_command.options: names and
 * groups), so an option that does not apply to a command is refused, and
 * the help, the man page and the completions are written from the same
 * rows (help.c).  The encoding options come from the library's own table
 * (GC_OPTIONS, gc_option_*) as the group @encoding.
 *
 * Every name means one thing in every command.  Spellings that used to
 * mean something else in one command are still read there, with a note on
 * standard error (renamed[]).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "external.h"

/*------------------------------------------------------------------------*/
/* Setters: 0, or the exit code after the message.                         */

static int bad_value(cli *c, const char *typed, const char *want,
                     const char *value) {
  fprintf(c->err, "gridcnf: %s takes %s, not '%s' (see 'gridcnf help %s')\n",
          typed, want, value, c->command);
  return EX_USAGE;
}

/* A whole number in lo..hi. */
static int number(cli *c, const char *typed, const char *v, long lo, long hi,
                  long *out) {
  char *end;
  errno = 0;
  long k = strtol(v, &end, 10);
  if (!*v || *end || errno || k < lo || k > hi) {
    char want[64];
    if (hi == LONG_MAX && !(errno == ERANGE && k == LONG_MAX))
      snprintf(want, sizeof want, "a whole number >= %ld", lo);
    else
      snprintf(want, sizeof want, "a whole number from %ld to %ld", lo, hi);
    return bad_value(c, typed, want, v);
  }
  *out = k;
  return 0;
}

/* A whole number 1..1000 into an int field. */
static int small_number(cli *c, const char *typed, const char *v, int *out) {
  long k;
  int rc = number(c, typed, v, 1, 1000, &k);
  if (!rc)
    *out = (int)k;
  return rc;
}

static int seconds(cli *c, const char *typed, const char *v, double *out) {
  char *end;
  double t = strtod(v, &end);
  if (!*v || *end || !(t > 0) || !isfinite(t) || t > 1e7)
    return bad_value(c, typed, "seconds > 0 (e.g. 2.5)", v);
  *out = t;
  return 0;
}

#define SETTER(fn) static int fn(cli *c, const char *typed, const char *v)
#define UNUSED_ARGS (void)typed, (void)v

SETTER(set_json) {
  UNUSED_ARGS;
  c->json = 1;
  return 0;
}
SETTER(set_first) {
  UNUSED_ARGS;
  c->lim.mode = GC_MODE_FIRST;
  return 0;
}
SETTER(set_count) {
  long k;
  int rc = number(c, typed, v, 1, 1000000000L, &k);
  if (!rc) {
    c->lim.mode = GC_MODE_COUNT;
    c->lim.count = k;
  }
  return rc;
}
SETTER(set_max) {
  long k;
  int rc = number(c, typed, v, 1, 1000000000L, &k);
  if (!rc)
    c->lim.count = k;
  return rc;
}
SETTER(set_all) { UNUSED_ARGS; c->all = 1; return 0; }
SETTER(set_forced) { UNUSED_ARGS; c->forced = 1; return 0; }
SETTER(set_list) { UNUSED_ARGS; c->list = 1; return 0; }
SETTER(set_max_vars) { return number(c, typed, v, 1, LONG_MAX, &c->lim.max_vars); }
SETTER(set_max_clauses) {
  return number(c, typed, v, 1, LONG_MAX, &c->lim.max_clauses);
}
SETTER(set_timeout) { return seconds(c, typed, v, &c->lim.timeout); }
SETTER(set_total_timeout) { return seconds(c, typed, v, &c->total_timeout); }
SETTER(set_jobs) { return small_number(c, typed, v, &c->jobs); }
SETTER(set_genre) {
  (void)typed;
  if (!gc_genre_find(v)) {
    fprintf(c->err, "gridcnf: unknown genre '%s' (see 'gridcnf genres')\n", v);
    return EX_USAGE;
  }
  c->ropt.genre = v;
  return 0;
}
SETTER(set_format) {
  if (strcmp(v, "auto") && strcmp(v, "json") && strcmp(v, "text") &&
      !gc_format_known(v))
    return bad_value(c, typed, "auto, json, text or a notation (see 'gridcnf "
                               "help formats')", v);
  c->ropt.format = v;
  return 0;
}
SETTER(set_to) {
  if (strcmp(v, "json") && strcmp(v, "text") && !gc_format_known(v))
    return bad_value(c, typed, "json, text or a notation (see 'gridcnf help "
                               "formats')", v);
  c->to = v;
  return 0;
}
SETTER(set_id) { (void)typed; c->id = v; return 0; }
SETTER(set_output) {
  (void)typed;
  c->output = strcmp(v, "-") ? v : NULL; /* '-': standard output */
  return 0;
}
SETTER(set_out_dir) {
  if (!*v)
    return bad_value(c, typed, "a directory", v);
  c->out_dir = v;
  return 0;
}
SETTER(set_block_solution) { UNUSED_ARGS; c->block_solution = 1; return 0; }
SETTER(set_svg) { UNUSED_ARGS; c->svg = 1; return 0; }
SETTER(set_png) { UNUSED_ARGS; c->picture = "png"; return 0; }
SETTER(set_pdf) { UNUSED_ARGS; c->picture = "pdf"; return 0; }
SETTER(set_solution) { UNUSED_ARGS; c->solution = 1; return 0; }
SETTER(set_external) {
  if (!*v)
    return bad_value(c, typed, "a solver command (e.g. 'kissat {cnf}')", v);
  c->external = v;
  return 0;
}
SETTER(set_via) {
  if (!gc_cli_via_known(v))
    return bad_value(c, typed, "minizinc, clingo, cbc or glpk", v);
  c->via = v;
  return 0;
}
SETTER(set_grid) { (void)typed; c->grid = v; return 0; }
SETTER(set_size) { return small_number(c, typed, v, &c->size); }
SETTER(set_stars) { return small_number(c, typed, v, &c->stars); }
SETTER(set_number) {
  return number(c, typed, v, 1, 1000000000L, &c->number);
}
SETTER(set_tries) {
  long k;
  int rc = number(c, typed, v, 1, 1000000, &k);
  if (!rc)
    c->tries = (int)k;
  return rc;
}
SETTER(set_distinct) {
  UNUSED_ARGS;
  c->distinct = 1;
  return 0;
}
SETTER(set_start) {
  return number(c, typed, v, 1, LONG_MAX, &c->start);
}
SETTER(set_boxes) {
  int w, h, len = 0;
  if (sscanf(v, "%dx%d%n", &w, &h, &len) != 2 || v[len] || w < 1 || h < 1 ||
      w > 32 || h > 32)
    return bad_value(c, typed, "RxC, rows x columns of a box (e.g. 2x3)", v);
  c->box_rows = w;
  c->box_cols = h;
  return 0;
}
SETTER(set_seed) {
  char *end;
  errno = 0;
  unsigned long long s = strtoull(v, &end, 10);
  if (!*v || *end || !isdigit((unsigned char)v[0]) || errno == ERANGE)
    return bad_value(c, typed, "a whole number from 0 to 18446744073709551615",
                     v);
  c->seed = (uint64_t)s;
  c->seed_set = 1;
  return 0;
}
SETTER(set_difficulty) { (void)typed; c->difficulty = v; return 0; }
SETTER(set_step) {
  long k;
  int rc = number(c, typed, v, 1, 1000000, &k);
  if (!rc)
    c->step = (int)k;
  return rc;
}
SETTER(set_color) {
  if (!strcmp(v, "auto"))
    c->color = GC_COLOR_AUTO;
  else if (!strcmp(v, "always"))
    c->color = GC_COLOR_ALWAYS;
  else if (!strcmp(v, "never"))
    c->color = GC_COLOR_NEVER;
  else
    return bad_value(c, typed, "auto, always or never", v);
  return 0;
}

/*------------------------------------------------------------------------*/
/* The table.  The help line is one sentence, lower case; help.c wraps it. */

static const gc_cli_option table[] = {
    {"json", 0, NULL, "one JSON record per puzzle per line", set_json},
    {"first", 0, NULL,
     "stop at the first solution: status \"solved\", uniqueness not proven",
     set_first},
    {"count", 0, "K", "count solutions, up to K (status \"counted\")",
     set_count},
    {"max", 0, "K", "count at most K solutions (default 2)", set_max},
    {"all", 0, NULL, "count every solution, however many", set_all},
    {"list", 0, NULL, "print every solution counted", set_list},
    {"timeout", 0, "SECONDS",
     "time limit per puzzle: status \"unknown\", exit 3", set_timeout},
    {"total-timeout", 0, "SECONDS",
     "time limit for the whole batch; the puzzles left are reported unknown",
     set_total_timeout},
    {"jobs", 'j', "N",
     "work on N threads (the output in input order, the same as with one)",
     set_jobs},
    {"max-vars", 0, "N", "refuse a puzzle whose formula has more variables",
     set_max_vars},
    {"max-clauses", 0, "N", "refuse a puzzle whose formula has more clauses",
     set_max_clauses},
    {"genre", 0, "NAME",
     "the genre of input that does not name one (see 'gridcnf genres')",
     set_genre},
    {"format", 0, "F",
     "the input's format: auto (default), json, text or a notation",
     set_format},
    {"id", 0, "ID",
     "only the puzzle with this id (one without an id: the line it starts "
     "on)",
     set_id},
    {"to", 0, "F", "the output format: json (default), text or a notation",
     set_to},
    {"output", 'o', "FILE", "write to FILE instead of standard output",
     set_output},
    {"out-dir", 0, "DIR", "write the files into DIR (made when missing)",
     set_out_dir},
    {"block-solution", 0, NULL,
     "add the clause that excludes the first solution: UNSAT then proves it "
     "unique",
     set_block_solution},
    {"svg", 0, NULL, "draw an SVG picture instead of text", set_svg},
    {"png", 0, NULL, "draw a PNG picture (the SVG through rsvg-convert)",
     set_png},
    {"pdf", 0, NULL, "draw a PDF page (the SVG through rsvg-convert)",
     set_pdf},
    {"solution", 0, NULL, "solve first and draw the solution too",
     set_solution},
    {"external", 0, "CMD",
     "solve with the SAT solver command CMD ({cnf} and {out} stand for its "
     "files)",
     set_external},
    {"via", 0, "TOOL",
     "solve through another paradigm on gridcnf's exports and models/: "
     "minizinc (CP), clingo (ASP), cbc or glpk (MIP); answers checked, "
     "uniqueness by a second run with a no-good",
     set_via},
    {"grid", 0, "FILE", "the partly filled grid to work from", set_grid},
    {"forced", 0, NULL,
     "every cell whose value is forced: the same in all solutions",
     set_forced},
    {"size", 0, "N", "the grid's side", set_size},
    {"stars", 0, "M", "Star Battle: stars per row, column and region",
     set_stars},
    {"boxes", 0, "RxC", "Skyscrapers: Sudoku boxes of R rows x C columns",
     set_boxes},
    {"seed", 0, "S",
     "the random seed (the same seed makes the same puzzles)", set_seed},
    {"number", 0, "N", "how many puzzles to make (default 1)", set_number},
    {"tries", 0, "N",
     "fresh starts per puzzle before giving up (default 50; 1000 with "
     "--difficulty other than any): exit 4 when "
     "none gives one",
     set_tries},
    {"start", 0, "K",
     "the index of the first puzzle (default 1): shards of a run, each with "
     "its own --start, print the same puzzles as one run",
     set_start},
    {"distinct", 0, NULL,
     "no puzzle twice in a run: one that repeats an earlier one is skipped "
     "and the next index made in its place",
     set_distinct},
    {"difficulty", 0, "D",
     "the difficulty to aim at: any, or a level of the genre as rate labels "
     "them (Skyscrapers easy, hard, extreme, unreasonable; Futoshiki trivial, "
     "easy, tricky, extreme, recursive; Star Battle easy, medium, hard, "
     "expert)",
     set_difficulty},
    {"step", 0, "K",
     "draw the grid after K steps of 'gridcnf steps', step K's cell and its "
     "reason marked",
     set_step},
    {"color", 0, "WHEN",
     "colour on a terminal: auto (default; off when NO_COLOR is set), always "
     "or never",
     set_color},
};
enum { NTABLE = sizeof table / sizeof table[0] };

/* Spellings that used to mean something else in one command (NULL: in
   every command), still read, with a note. */
static const struct {
  const char *command, *old, *now;
} renamed[] = {
    {"generate", "count", "number"},
    {"certify", "out", "out-dir"},
    {"hint", "all", "forced"},
    {NULL, "out", "output"},
};

/* Options every command takes. */
static const char *const global[] = {"color", NULL};

/* The names of group g ("@input"), or NULL. */
static const char *group(const char *g) {
  if (!strcmp(g, "@input"))
    return "genre format id";
  if (!strcmp(g, "@limits"))
    return "timeout max-vars max-clauses";
  return NULL;
}

size_t gc_cli_option_count(void) { return NTABLE; }
const gc_cli_option *gc_cli_option_at(size_t i) {
  return i < NTABLE ? &table[i] : NULL;
}

static const gc_cli_option *find_long(const char *name) {
  for (size_t i = 0; i < NTABLE; i++)
    if (!strcmp(table[i].name, name))
      return &table[i];
  return NULL;
}

/* Does the space-separated list hold name as a whole word? */
static int word_in(const char *list, const char *name) {
  size_t len = strlen(name);
  for (const char *p = list; p && *p;) {
    while (*p == ' ')
      p++;
    size_t k = strcspn(p, " ");
    if (k == len && !strncmp(p, name, len))
      return 1;
    p += k;
  }
  return 0;
}

int gc_cli_takes(const gc_command *cmd, const char *name) {
  for (int i = 0; global[i]; i++)
    if (!strcmp(global[i], name))
      return 1;
  if (word_in(cmd->options, name))
    return 1;
  if (word_in(cmd->options, "@input") && word_in(group("@input"), name))
    return 1;
  if (word_in(cmd->options, "@limits") && word_in(group("@limits"), name))
    return 1;
  return word_in(cmd->options, "@encoding") && strchr(name, '_') == NULL &&
         gc_option_find(name) != NULL;
}

int gc_cli_takes_encoding(const gc_command *cmd) {
  return word_in(cmd->options, "@encoding");
}

/*------------------------------------------------------------------------*/
/* Suggestions: the nearest name by edit distance (gc_edit_distance: a     */
/* swap of two neighbouring letters counts one), when near enough.         */

void gc_cli_suggest_init(gc_cli_suggest *s, const char *typed) {
  s->typed = typed;
  s->best = NULL;
  s->score = 1000;
}

void gc_cli_suggest_offer(gc_cli_suggest *s, const char *name) {
  size_t lt = strlen(s->typed), ln = strlen(name);
  int d = gc_edit_distance(s->typed, name);
  /* a prefix of at least three letters is as good as a slip */
  if (lt >= 3 && lt < ln && !strncmp(s->typed, name, lt))
    d = 1;
  int limit = lt <= 3 ? 1 : lt <= 6 ? 2 : 3;
  if (d <= limit && d < s->score) {
    s->score = d;
    s->best = name;
  }
}

/* The options cmd takes, nearest to typed (without dashes), or NULL. */
static const char *nearest_option(const gc_command *cmd, const char *typed,
                                  int only_cmd) {
  gc_cli_suggest s;
  gc_cli_suggest_init(&s, typed);
  for (size_t i = 0; i < NTABLE; i++)
    if (!only_cmd || gc_cli_takes(cmd, table[i].name))
      gc_cli_suggest_offer(&s, table[i].name);
  if (!only_cmd || gc_cli_takes_encoding(cmd)) {
    static char names[64][40];
    for (size_t i = 0; i < gc_option_count() && i < 64; i++) {
      gc_option_cli_name(gc_option_at(i), names[i], sizeof names[i]);
      gc_cli_suggest_offer(&s, names[i]);
    }
  }
  return s.best;
}

/*------------------------------------------------------------------------*/

/* An enum option with the values on and off is also a switch (asked of
   the option parser itself, on a scratch set of options). */
static int switch_enum(const gc_option_info *o) {
  gc_options scratch;
  gc_error e;
  gc_options_default(&scratch);
  return o->kind == GC_OPT_ENUM && !gc_option_set(&scratch, o, "on", &e) &&
         !gc_option_set(&scratch, o, "off", &e);
}

static int not_here(cli *c, const char *typed) {
  fprintf(c->err,
          "gridcnf: option '%s' does not apply to '%s' (see 'gridcnf help "
          "%s')\n",
          typed, c->command, c->command);
  return EX_USAGE;
}

static int unknown(cli *c, const gc_command *cmd, const char *typed,
                   const char *name) {
  const char *near = nearest_option(cmd, name, 1);
  if (!near)
    near = nearest_option(cmd, name, 0);
  if (near)
    fprintf(c->err, "gridcnf: unknown option '%s' (did you mean '--%s'?)\n",
            typed, near);
  else
    fprintf(c->err,
            "gridcnf: unknown option '%s' (see 'gridcnf help %s')\n", typed,
            c->command);
  return EX_USAGE;
}

int gc_cli_parse_args(cli *c, const gc_command *cmd, int argc, char **argv,
                      int first) {
  for (int i = first; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !strcmp(a, "-")) {
      if (c->nfiles == (int)(sizeof c->files / sizeof c->files[0])) {
        fprintf(c->err, "gridcnf: too many files (at most 64): '%s'\n", a);
        return EX_USAGE;
      }
      c->files[c->nfiles++] = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      for (i++; i < argc; i++) {
        if (c->nfiles == (int)(sizeof c->files / sizeof c->files[0])) {
          fprintf(c->err, "gridcnf: too many files (at most 64): '%s'\n",
                  argv[i]);
          return EX_USAGE;
        }
        c->files[c->nfiles++] = argv[i];
      }
      break;
    }
    /* The name, as typed (up to '='), and its value if attached. */
    char name[64], typed[80];
    const char *value = NULL;
    const gc_cli_option *o = NULL;
    if (a[1] != '-') { /* -o FILE, -j N: one letter; -j2, -oFILE as
                          getopt reads them */
      snprintf(typed, sizeof typed, "%.2s", a);
      for (size_t k = 0; k < NTABLE; k++)
        if (table[k].shrt == a[1] && (a[2] == 0 || table[k].metavar))
          o = &table[k];
      if (o && a[2])
        value = a + 2;
      if (!o) {
        snprintf(typed, sizeof typed, "%s", a);
        return unknown(c, cmd, typed, a + 1);
      }
      snprintf(name, sizeof name, "%s", o->name);
    } else {
      const char *eq = strchr(a, '=');
      size_t len = eq ? (size_t)(eq - a) : strlen(a);
      snprintf(typed, sizeof typed, "%.*s", (int)len, a);
      snprintf(name, sizeof name, "%.*s", (int)(len - 2), a + 2);
      value = eq ? eq + 1 : NULL;
      for (size_t k = 0; k < sizeof renamed / sizeof renamed[0]; k++)
        if (!strcmp(name, renamed[k].old) &&
            (!renamed[k].command || !strcmp(renamed[k].command, c->command)) &&
            (renamed[k].command || !gc_cli_takes(cmd, name))) {
          if (gc_cli_takes(cmd, renamed[k].now)) {
            fprintf(c->err, "gridcnf: note: '%s %s' is now '--%s'\n",
                    c->command, typed, renamed[k].now);
            snprintf(name, sizeof name, "%s", renamed[k].now);
          }
          break;
        }
      o = find_long(name);
    }
    if (o) {
      if (!gc_cli_takes(cmd, o->name))
        return not_here(c, typed);
      if (!o->metavar && value) {
        fprintf(c->err, "gridcnf: option '%s' takes no value\n", typed);
        return EX_USAGE;
      }
      if (o->metavar && !value) {
        if (i + 1 >= argc) {
          fprintf(c->err, "gridcnf: option '%s' needs a value: %s %s\n", typed,
                  typed, o->metavar);
          return EX_USAGE;
        }
        value = argv[++i];
      }
      int rc = o->set(c, typed, value ? value : "");
      if (rc)
        return rc;
      continue;
    }
    /* An encoding option: --name=value, --name / --no-name for switches. */
    const gc_option_info *eo = strchr(name, '_') ? NULL : gc_option_find(name);
    int negated = 0;
    if (!eo && !strncmp(name, "no-", 3) && !strchr(name, '_') &&
        (eo = gc_option_find(name + 3)))
      negated = 1;
    if (!eo)
      return unknown(c, cmd, typed, name);
    if (!gc_cli_takes_encoding(cmd))
      return not_here(c, typed);
    if (eo->kind == GC_OPT_BOOL && !value)
      value = negated ? "0" : "1";
    else if (!value && switch_enum(eo))
      value = negated ? "off" : "on";
    else if (negated) {
      fprintf(c->err, "gridcnf: option '%s' is not a switch\n", typed);
      return EX_USAGE;
    } else if (!value) {
      if (i + 1 >= argc) {
        fprintf(c->err, "gridcnf: option '%s' needs a value\n", typed);
        return EX_USAGE;
      }
      value = argv[++i];
    }
    gc_error e;
    gc_error_clear(&e);
    if (gc_option_set(&c->opt, eo, value, &e)) {
      fprintf(c->err, "gridcnf: %s (see 'gridcnf help encoding')\n",
              e.message);
      return EX_USAGE;
    }
  }
  return 0;
}
