/*
 * cmd_render.c: render [--svg] [--solution] [--out-dir DIR] [-o FILE].
 *
 * Draws puzzles: the genre's text notation (gc_render_text), or with --svg
 * a standalone SVG picture (gc_render_svg).  --solution solves each puzzle
 * first (the first solution is enough; gc_solve has checked it) and draws
 * its digits or stars in the solution colour; a puzzle with no solution is
 * drawn alone, reported on standard error, and the exit code is 1.
 *
 * Where it goes: with --out-dir DIR one file per puzzle, DIR/<id>.svg (or
 * .txt), the id cut down to [A-Za-z0-9._-] (others become '_'), or
 * puzzle-<line> for a puzzle without an id; a name used twice in one run
 * gets -2, -3, ... .  Without --out-dir: text goes to standard output (or
 * -o FILE), puzzles separated by "---"; an SVG is one document, so --svg
 * draws one puzzle to standard output or -o FILE and a batch of more is a
 * usage error (64) that asks for --out-dir.
 *
 * --png and --pdf draw the SVG and hand it to rsvg-convert (Debian's
 * librsvg2-bin), one file per picture as for --svg; without rsvg-convert
 * on PATH they stop before drawing anything, with exit 69.  A PNG or PDF
 * is not written to a terminal.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "cli_int.h"
#include "external.h"

typedef struct render_run {
  cli c;          /* first, so that the callback's cli is the run */
  int drawn;      /* puzzles drawn */
  char *picture;  /* --svg without --out-dir: the one picture */
  int too_many;   /* --svg without --out-dir met a second puzzle */
  int bad_step;   /* --step K past a puzzle's path */
  FILE *text;     /* text output: NULL for standard output (each puzzle's
                     record, c.out), or a memory stream for -o */
  char **names;   /* file names written under --out-dir */
  int nnames;
} render_run;

/* "ID" or "SOURCE:LINE" for messages. */
static void puzzle_name(const char *source, const gc_puzzle *pz, char *buf,
                        size_t size) {
  if (gc_puzzle_id(pz))
    snprintf(buf, size, "%s", gc_puzzle_id(pz));
  else
    snprintf(buf, size, "%s:%ld", source, gc_puzzle_line(pz));
}

static int safe_char(char ch) {
  return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
         (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' || ch == '-';
}

/* The file name of pz under --out-dir (without the extension); 0, or -1
   when out of memory. */
static int file_base(render_run *run, const gc_puzzle *pz, char *buf,
                     size_t size, const char *ext) {
  const char *id = gc_puzzle_id(pz);
  size_t k = 0;
  for (; id && id[k] && k < 120 && k + 1 < size; k++)
    buf[k] = safe_char(id[k]) ? id[k] : '_';
  buf[k] = 0;
  if (k == 0)
    snprintf(buf, size, "puzzle-%ld", gc_puzzle_line(pz));
  else if (buf[0] == '.')
    buf[0] = '_'; /* no hidden files, no "." or ".." */
  char base[160];
  snprintf(base, sizeof base, "%s", buf);
  for (int again = 2;; again++) {
    int used = 0;
    char full[200];
    snprintf(full, sizeof full, "%s%s", buf, ext);
    for (int i = 0; i < run->nnames && !used; i++)
      used = !strcmp(run->names[i], full);
    if (!used) {
      char **more = realloc(run->names, (size_t)(run->nnames + 1) * sizeof *more);
      if (!more)
        return -1;
      run->names = more;
      if (!(more[run->nnames] = malloc(strlen(full) + 1)))
        return -1;
      strcpy(more[run->nnames++], full);
      snprintf(buf, size, "%s", full);
      return 0;
    }
    snprintf(buf, size, "%s-%d", base, again);
  }
}

static int write_file(cli *c, const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(c->err, "gridcnf: %s: cannot open for writing: %s\n", path,
            strerror(errno));
    return EX_IOERR;
  }
  size_t len = strlen(text);
  int bad = fwrite(text, 1, len, f) != len;
  if (fclose(f) != 0)
    bad = 1;
  if (bad) {
    fprintf(c->err, "gridcnf: %s: writing failed\n", path);
    return EX_IOERR;
  }
  return EX_OK;
}

/* The picture svg as a PNG or PDF (c->picture) in path, drawn by
   rsvg-convert from a temporary file. */
static int convert_picture(cli *c, const char *svg, const char *path) {
  const char *dir = getenv("TMPDIR");
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s/gridcnf-render-XXXXXX",
           dir && *dir ? dir : "/tmp");
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(c->err, "gridcnf: cannot make a temporary file in %s: %s\n",
            dir && *dir ? dir : "/tmp", strerror(errno));
    return EX_IOERR;
  }
  close(fd);
  if (gc_write_file(tmp, svg, strlen(svg))) {
    fprintf(c->err, "gridcnf: %s: writing failed\n", tmp);
    remove(tmp);
    return EX_IOERR;
  }
  char log[4200];
  snprintf(log, sizeof log, "%s.log", tmp);
  char *argv[] = {"rsvg-convert", "-f", (char *)c->picture, "-o",
                  (char *)path, tmp, NULL};
  gc_run r;
  char why[300];
  int code = EX_OK;
  if (gc_run_program(argv, NULL, log, 0, c->interrupt, &r, why, sizeof why)) {
    fprintf(c->err, "gridcnf: %s\n", why);
    code = EX_UNAVAILABLE;
  } else if (!r.exited || r.status != 0) {
    char hint[200];
    gc_file_hint(log, hint, sizeof hint);
    fprintf(c->err, "gridcnf: rsvg-convert failed (%s %d)%s%s\n",
            r.exited ? "exit" : "signal", r.status, *hint ? ": " : "", hint);
    code = r.interrupted ? EX_INTERRUPT : EX_SOFTWARE;
  }
  remove(tmp);
  remove(log);
  return code;
}

static int render_one(cli *c, const char *source, gc_puzzle *pz,
                      double parse_ms, int *code) {
  (void)parse_ms;
  render_run *run = (render_run *)c;
  char name[160];
  puzzle_name(source, pz, name, sizeof name);
  if (c->svg && !c->out_dir && run->drawn) {
    fprintf(c->err,
            "gridcnf: render --svg (--png, --pdf) writes one picture to standard output or "
            "-o FILE, and the input holds more than one puzzle: give "
            "--out-dir DIR for one file per puzzle, or pick one with --id "
            "(try 'gridcnf --help')\n");
    run->too_many = 1; /* EX_USAGE set by cmd_render: it has no severity */
    return 1;
  }
  gc_result res;
  gc_result_init(&res);
  const gc_grid *solution = NULL;
  if (c->solution) {
    gc_limits lim = c->lim;
    lim.mode = GC_MODE_FIRST;
    gc_error e;
    gc_error_clear(&e);
    if (gc_cli_solve_fixed(c, pz, &lim, &res, &e)) {
      gc_result_free(&res);
      return gc_cli_tool_failed(c, source, pz, &e, code);
    }
    if (res.status == GC_STATUS_NONE || res.first.n == 0) {
      gc_cli_progress_clear(c);
      fprintf(c->err, "gridcnf: %s: %s; drawing the puzzle alone\n", name,
              res.status == GC_STATUS_NONE ? "no solution"
              : res.stop == GC_STOP_INTERRUPT
                  ? "interrupted before a solution was found"
                  : "time limit reached before a solution was found");
      gc_cli_worst(code, gc_cli_status_exit(&res));
    } else
      solution = &res.first;
  }
  gc_step_path spath;
  memset(&spath, 0, sizeof spath);
  gc_grid sofar = {0, NULL};
  const gc_step *step = NULL;
  if (c->step) {
    gc_error e;
    if (gc_steps(pz, &c->opt, &c->lim, NULL, 0, &spath, &e)) {
      gc_step_path_free(&spath);
      gc_result_free(&res);
      return gc_cli_tool_failed(c, source, pz, &e, code);
    }
    if ((size_t)c->step > spath.count) {
      gc_cli_progress_clear(c);
      fprintf(c->err, "gridcnf: %s: --step %d, but the path has %zu step%s\n",
              name, c->step, spath.count, spath.count == 1 ? "" : "s");
      run->bad_step = 1; /* EX_USAGE set by cmd_render */
      gc_step_path_free(&spath);
      gc_result_free(&res);
      return 0;
    }
    /* the grid after K steps: what they placed */
    int n = gc_puzzle_n(pz);
    if (gc_grid_init(&sofar, n) == 0) {
      for (int i = 0; i < n * n; i++)
        sofar.cell[i] = GC_EMPTY;
      for (int k = 0; k < c->step; k++)
        if (spath.step[k].value >= 0)
          sofar.cell[spath.step[k].row * n + spath.step[k].col] =
              spath.step[k].value;
      solution = &sofar;
      step = &spath.step[c->step - 1];
    }
  }
  char *s = c->svg && step ? gc_render_svg_step(pz, solution, step)
            : c->svg       ? gc_render_svg(pz, solution)
                           : gc_render_text(pz, solution);
  if (!s) { /* an error record in its place, and the batch goes on */
    gc_result_free(&res);
    gc_step_path_free(&spath);
    gc_grid_free(&sofar);
    gc_cli_record_lost(c);
    return 0;
  }
  int stop = 0;
  if (c->out_dir) {
    char file[200], path[4096];
    const char *ext = c->picture ? (!strcmp(c->picture, "png") ? ".png" : ".pdf")
                      : c->svg   ? ".svg"
                                 : ".txt";
    if (file_base(run, pz, file, sizeof file, ext)) {
      fprintf(c->err, "gridcnf: out of memory\n");
      gc_cli_worst(code, EX_SOFTWARE);
      stop = 1;
    } else {
      size_t dl = strlen(c->out_dir);
      snprintf(path, sizeof path, "%s%s%s", c->out_dir,
               dl && c->out_dir[dl - 1] == '/' ? "" : "/", file);
      int rc = c->picture ? convert_picture(c, s, path) : write_file(c, path, s);
      gc_cli_worst(code, rc);
      stop = rc == EX_UNAVAILABLE || rc == EX_INTERRUPT;
    }
  } else if (c->svg) {
    run->picture = s;
    s = NULL;
  } else {
    FILE *to = run->text ? run->text : c->out; /* (c->out: the record) */
    if (run->drawn)
      fputs("---\n", to);
    if (!run->text) /* standard output: styled for a terminal (term.c) */
      gc_cli_print_grid(c, pz, solution, NULL);
    else
      fputs(s, to);
  }
  gc_result_free(&res);
  gc_step_path_free(&spath);
  gc_grid_free(&sofar);
  run->drawn++;
  free(s);
  return stop;
}

/* Makes --out-dir DIR when it is missing (one level, as mkdir does). */
static int make_dir(cli *c, const char *dir) {
  struct stat st;
  if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 &&
                                S_ISDIR(st.st_mode)))
    return EX_OK;
  fprintf(c->err, "gridcnf: %s: cannot make the output directory: %s\n", dir,
          errno == EEXIST ? "a file of that name exists" : strerror(errno));
  return EX_IOERR;
}

/* The one picture of a run without --out-dir, as PNG or PDF, to -o FILE
   or standard output. */
static int write_converted(cli *c, const char *svg) {
  if (c->output)
    return convert_picture(c, svg, c->output);
  const char *dir = getenv("TMPDIR");
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s/gridcnf-picture-XXXXXX",
           dir && *dir ? dir : "/tmp");
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(c->err, "gridcnf: cannot make a temporary file: %s\n",
            strerror(errno));
    return EX_IOERR;
  }
  close(fd);
  int code = convert_picture(c, svg, tmp);
  char *data = NULL;
  size_t len = 0;
  gc_error e;
  if (!code && gc_read_file(tmp, &data, &len, 0, &e)) {
    gc_cli_print_error(c, &e);
    code = gc_code_exit(e.code);
  }
  if (!code)
    code = gc_cli_write_all(c, data, len, "picture");
  free(data);
  remove(tmp);
  return code;
}

static int cmd_render(cli *c) {
  if (c->picture) {
    if (c->svg)
      return gc_cli_usage_error(c, "render: --svg, --png and --pdf: one at a "
                                   "time%s", "");
    if (!c->out_dir && !c->output && isatty(fileno(c->out)))
      return gc_cli_usage_error(c, "render --png/--pdf: a picture does not go "
                                   "to a terminal: give -o FILE or --out-dir "
                                   "DIR%s", "");
    if (!gc_run_found("rsvg-convert")) {
      fprintf(c->err, "gridcnf: render --%s needs rsvg-convert, which is not "
                      "on PATH (Debian: apt-get install librsvg2-bin)\n",
              c->picture);
      return EX_UNAVAILABLE;
    }
    c->svg = 1;
  }
  if (c->out_dir && c->output)
    return gc_cli_usage_error(c, "render: --out-dir and -o do not go together%s",
                              "");
  if (c->out_dir && !*c->out_dir)
    return gc_cli_usage_error(c, "render: --out-dir needs a directory%s", "");
  if (c->out_dir) {
    int rc = make_dir(c, c->out_dir);
    if (rc)
      return rc;
  }
  render_run run;
  memset(&run, 0, sizeof run);
  run.c = *c;
  char *mem = NULL;
  size_t memlen = 0;
  run.text = NULL; /* standard output, record by record */
  if (!c->svg && !c->out_dir && c->output &&
      !(run.text = open_memstream(&mem, &memlen))) {
    fprintf(c->err, "gridcnf: out of memory\n");
    return EX_SOFTWARE;
  }
  int count = 0;
  int code = gc_cli_each_puzzle(&run.c, render_one, &count);
  c->withheld |= run.c.withheld; /* (the run wrote through its copy) */
  c->write_failed |= run.c.write_failed;
  gc_cli_output_close(&run.c);
  if (run.text) {
    int bad = fclose(run.text) != 0 || !mem;
    if (bad) {
      fprintf(c->err, "gridcnf: out of memory\n");
      gc_cli_worst(&code, EX_SOFTWARE);
    } else if (run.drawn)
      gc_cli_worst(&code, gc_cli_write_all(c, mem, memlen, "text"));
    free(mem);
  }
  if (run.picture && !run.too_many)
    gc_cli_worst(&code, c->picture ? write_converted(c, run.picture)
                                   : gc_cli_write_all(c, run.picture,
                                                      strlen(run.picture),
                                                      "picture"));
  free(run.picture);
  if (run.too_many || run.bad_step)
    code = EX_USAGE;
  for (int i = 0; i < run.nnames; i++)
    free(run.names[i]);
  free(run.names);
  return code;
}

const gc_command gc_command_render = {
    .name = "render",
    .order = 72,
    .section = "files",
    .args = "[FILE|-]...",
    .summary = "draw puzzles as text or SVG, with the solution if asked",
    .options = "svg png pdf solution step output out-dir @input @limits "
               "@encoding",
    .about = "Text goes to standard output (or -o FILE), puzzles separated "
             "by ---.  An SVG is one picture, with a title (id, genre, Star "
             "Battle's stars) and the rules under it, to solve on paper: one "
             "puzzle to standard output or -o FILE, a batch with --out-dir "
             "DIR (one file per puzzle, named after its id).  --png and --pdf "
             "convert it with rsvg-convert (Debian: librsvg2-bin).  --step K "
             "draws the grid after K steps of gridcnf steps, step K's cell "
             "and the items of its reason marked.",
    .examples = "gridcnf render --svg --solution puzzle.txt -o puzzle.svg\n"
                "gridcnf render --svg --step 12 puzzle.txt -o step12.svg\n"
                "gridcnf render --pdf --out-dir pictures/ puzzles.jsonl",
    .run = cmd_render};
