/*
 * term.c: the one place that knows about terminals.  Whether standard
 * output and standard error are terminals decides three things
 * (gc_cli_term_setup):
 *   colour    the styles of gc_render_look as ANSI SGR sequences: with
 *             --color=always, or with auto (the default) on a terminal
 *             unless NO_COLOR is set to something (https://no-color.org);
 *   pictures  the look of a grid for a terminal (Star Battle's regions in
 *             box-drawing characters): on a terminal, or with
 *             --color=always (a pager that shows colours shows those too);
 *   progress  a batch's running count on standard error while standard
 *             output goes elsewhere, and its one-line summary at the end:
 *             only when standard error is a terminal.
 * Memory streams (the tests, the in-process door gc_cli_run_io) are never
 * terminals, so what they get is the plain text, the same bytes as a pipe.
 * Here too: the prompt when a puzzle is read from a terminal.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"

/* The WebAssembly build's standard streams are emscripten's tty devices
   whatever Node's or the page's are, so there no stream is a terminal: it
   writes what the native command writes into a pipe (web/test compares
   the two). */
static int fd_is_terminal(int fd) {
#ifdef __EMSCRIPTEN__
  (void)fd;
  return 0;
#else
  return fd >= 0 && isatty(fd);
#endif
}

static int is_terminal(FILE *f) { return fd_is_terminal(f ? fileno(f) : -1); }

void gc_cli_term_setup(cli *c) {
  const char *no_color = getenv("NO_COLOR");
  int out_tty = is_terminal(c->out);
  c->color_on = c->color == GC_COLOR_ALWAYS ||
                (c->color == GC_COLOR_AUTO && out_tty &&
                 !(no_color && *no_color));
  c->boxes = out_tty || c->color == GC_COLOR_ALWAYS;
  c->progress = is_terminal(c->err);
  c->progress_line = c->progress && !out_tty;
}

/*------------------------------------------------------------------------*/
/* Styles as ANSI SGR parameters.                                          */

static const char *sgr_base(int style) {
  switch (style & ~GC_STYLE_DIFFERS) {
  case GC_STYLE_CLUE: return "1";      /* bold */
  case GC_STYLE_SOLVED: return "36";   /* cyan */
  case GC_STYLE_STAR: return "1;33";   /* bold yellow */
  case GC_STYLE_EMPTY: return "2";     /* faint */
  default: return "";                  /* givens, signs, lines: plain */
  }
}

/* The SGR parameters of style into buf ("" when it is plain). */
static const char *sgr(int style, char *buf, size_t size) {
  const char *base = sgr_base(style);
  if (!(style & GC_STYLE_DIFFERS))
    return base;
  /* where two solutions differ: reverse video over the cell's colour */
  snprintf(buf, size, "%s%s7", base, *base ? ";" : "");
  return buf;
}

void gc_cli_term_write(cli *c, FILE *f, const char *text,
                       const unsigned char *style) {
  if (!c->color_on || !style) {
    fputs(text, f);
    return;
  }
  /* runs of one style within a line, each reset at its end */
  for (size_t i = 0; text[i];) {
    if (text[i] == '\n') {
      fputc('\n', f);
      i++;
      continue;
    }
    size_t j = i;
    while (text[j] && text[j] != '\n' && style[j] == style[i])
      j++;
    char buf[32];
    const char *p = sgr(style[i], buf, sizeof buf);
    if (*p)
      fprintf(f, "\033[%sm", p);
    fwrite(text + i, 1, j - i, f);
    if (*p)
      fputs("\033[0m", f);
    i = j;
  }
}

void gc_cli_print_grid(cli *c, const gc_puzzle *pz, const gc_grid *g,
                       const gc_grid *other) {
  gc_look look = {c->boxes, other};
  unsigned char *style = NULL;
  char *s = gc_render_look(pz, g, &look, &style);
  if (s)
    gc_cli_term_write(c, c->out, s, style);
  else /* out of memory: an error record takes the record's place */
    gc_cli_record_lost(c);
  free(s);
  free(style);
}

/* The cells where a and b differ, after the second of two grids:
   "the two solutions differ in 4 cells: r1c1, r1c2, r2c1, r2c2" (a line
   gc_grid_read skips, for its ':'). */
void gc_cli_print_differences(cli *c, const gc_grid *a, const gc_grid *b) {
  if (!a->n || a->n != b->n)
    return;
  int n = a->n, k = 0;
  for (int i = 0; i < n * n; i++)
    k += a->cell[i] != b->cell[i];
  if (!k)
    return;
  fprintf(c->out, "the two solutions differ in %d cell%s:", k, k == 1 ? "" : "s");
  for (int i = 0, shown = 0; i < n * n; i++) {
    if (a->cell[i] == b->cell[i])
      continue;
    if (++shown > 24) {
      fputs(", ...", c->out);
      break;
    }
    fprintf(c->out, "%s r%dc%d", shown > 1 ? "," : "", i / n + 1, i % n + 1);
  }
  fputc('\n', c->out);
}

/*------------------------------------------------------------------------*/
/* Reading a terminal.                                                     */

void gc_cli_prompt(cli *c) {
  if (c->input || !fd_is_terminal(STDIN_FILENO))
    return;
  fprintf(c->err, "gridcnf: reading standard input from the terminal: type "
                  "or paste, then Ctrl-D at the start of a line\n");
  fflush(c->err);
}

/*------------------------------------------------------------------------*/
/* Batch progress: the records' statuses counted as they are written.     */

/* Rubs out the progress line, before anything else goes to stderr. */
void gc_cli_progress_clear(cli *c) {
  if (!c->tally.shown)
    return;
  fputs("\r\033[K", c->err);
  fflush(c->err);
  c->tally.shown = 0;
}

/* "57 puzzles, 1.2 s: 55 unique, 2 none" (or "... in 1.2 s: ..."). */
static void tally_line(cli *c, const char *sep) {
  gc_cli_tally *t = &c->tally;
  double s = (gc_cli_now_ms() - c->start_ms) / 1e3;
  fprintf(c->err, "gridcnf: %ld puzzle%s%s%.*f s:", t->total,
          t->total == 1 ? "" : "s", sep, s < 10 ? 2 : 1, s);
  for (int i = 0; i < t->kinds; i++)
    fprintf(c->err, "%s %ld %s", i ? "," : "", t->count[i], t->name[i]);
}

void gc_cli_progress_show(cli *c, const char *text) {
  if (!c->progress)
    return;
  fputs("\r\033[K", c->err);
  fputs(text, c->err);
  fflush(c->err);
  c->tally.shown = 1;
}

static void steps_progress(void *ctx, const char *phase, long done,
                           long total) {
  gc_cli_watch *w = ctx;
  double now = gc_cli_now_ms();
  if (now - w->start_ms < 500 || now < w->next_ms)
    return;
  w->next_ms = now + 100;
  char text[160];
  snprintf(text, sizeof text, "gridcnf: %s: %s, %ld of %ld %s, %.1f s",
           w->cmd, phase, done, total,
           strcmp(phase, "reasons") ? "cells" : "steps",
           (now - w->start_ms) / 1e3);
  gc_cli_progress_show(w->c, text);
  w->shown = 1;
}

void gc_cli_steps_unwatch(gc_cli_watch *w) {
  if (w->shown)
    gc_cli_progress_clear(w->c);
}

void gc_cli_steps_watch(cli *c, const char *cmd, gc_cli_watch *w,
                        gc_limits *lim) {
  *w = (gc_cli_watch){c, cmd, gc_cli_now_ms(), 0, 0};
  *lim = c->lim;
  if (c->progress && c->jobs <= 1) {
    lim->progress = steps_progress;
    lim->progress_ctx = w;
  }
}

void gc_cli_progress_note(cli *c, const char *status) {
  gc_cli_tally *t = &c->tally;
  if (!c->progress || !status)
    return;
  int i = 0;
  while (i < t->kinds && strcmp(t->name[i], status))
    i++;
  if (i == t->kinds) {
    if (t->kinds == GC_CLI_TALLY_KINDS)
      i = t->kinds - 1; /* more kinds than any command has: lump them */
    else
      snprintf(t->name[t->kinds++], sizeof t->name[0], "%s", status);
  }
  t->count[i]++;
  t->total++;
  double now = gc_cli_now_ms();
  /* a line that changes at most 10 times a second, from half a second on */
  if (!c->progress_line || now - c->start_ms < 500 || now < t->next_ms)
    return;
  t->next_ms = now + 100;
  fputs("\r\033[K", c->err);
  tally_line(c, ", ");
  fflush(c->err);
  t->shown = 1;
}

void gc_cli_progress_end(cli *c) {
  gc_cli_progress_clear(c);
  if (!c->progress || c->tally.total < 2)
    return;
  tally_line(c, " in ");
  fputc('\n', c->err);
  fflush(c->err);
}
