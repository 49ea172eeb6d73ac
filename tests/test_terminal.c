/*
 * test_terminal.c: the gridcnf command at a terminal, through a
 * pseudo-terminal (forkpty): one Ctrl-D ends a puzzle typed at the
 * terminal, after a prompt on standard error; colour and the box-drawn
 * Star Battle map on a terminal (and Skyscraper Sudoku's boxes ruled off),
 * none of the colour with NO_COLOR, neither when piped; a batch's summary
 * (and its running count) on standard error only when that is a terminal.  Every run has a loose time limit, so that
 * a command waiting for a second end of input fails the test instead of
 * hanging it.
 */
#define _GNU_SOURCE /* forkpty */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct growing {
  char *s;
  size_t len, cap;
} growing;

static void append(growing *g, const char *p, size_t n) {
  if (g->len + n + 1 > g->cap) {
    g->cap = (g->len + n + 1) * 2;
    g->s = realloc(g->s, g->cap);
    assert_non_null(g->s);
  }
  memcpy(g->s + g->len, p, n);
  g->len += n;
  g->s[g->len] = 0;
}

/* How a run is wired: which streams go to a pipe instead of the
   terminal, the environment it gets, and what is typed and when. */
typedef struct run {
  const char *args[16];
  int out_pipe, err_pipe; /* standard output / error to a pipe */
  int no_color;           /* NO_COLOR=1 */
  const char *wait_for;   /* type only once the terminal shows this */
  const char *typed;      /* then type this ... */
  int eof;                /* ... and one Ctrl-D */
  /* results */
  growing tty, out, err;  /* the terminal, the pipes */
  int status;             /* exit code, or -1 when it had to be killed */
} run;

static void run_pty(run *r) {
  int po[2] = {-1, -1}, pe[2] = {-1, -1};
  if (r->out_pipe)
    assert_int_equal(pipe(po), 0);
  if (r->err_pipe)
    assert_int_equal(pipe(pe), 0);
  struct winsize ws = {24, 100, 0, 0};
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, &ws);
  assert_true(pid >= 0);
  if (pid == 0) {
    if (r->out_pipe)
      dup2(po[1], 1);
    if (r->err_pipe)
      dup2(pe[1], 2);
    if (r->no_color)
      setenv("NO_COLOR", "1", 1);
    else
      unsetenv("NO_COLOR");
    char *argv[18];
    int k = 0;
    argv[k++] = (char *)GC_BINARY;
    for (int i = 0; r->args[i]; i++)
      argv[k++] = (char *)r->args[i];
    argv[k] = NULL;
    execv(GC_BINARY, argv);
    _exit(127);
  }
  if (r->out_pipe)
    close(po[1]);
  if (r->err_pipe)
    close(pe[1]);
  int typed = !r->typed && !r->eof, done = 0, st = 0;
  int fdv[3] = {master, po[0], pe[0]};
  growing *dest[3] = {&r->tty, &r->out, &r->err};
  double t0 = now_ms();
  r->status = -1;
  /* until it has exited and the terminal and the pipes are drained */
  while (!done || fdv[0] >= 0 || fdv[1] >= 0 || fdv[2] >= 0) {
    struct pollfd fds[3];
    for (int i = 0; i < 3; i++)
      fds[i] = (struct pollfd){fdv[i], POLLIN, 0};
    poll(fds, 3, 50);
    char buf[4096];
    for (int i = 0; i < 3; i++) {
      if (fdv[i] < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t n = read(fdv[i], buf, sizeof buf);
      if (n > 0)
        append(dest[i], buf, (size_t)n);
      else if (i > 0 || done) { /* a pipe's end; the terminal's (EIO) */
        close(fdv[i]);
        fdv[i] = -1;
      }
    }
    if (!typed && (!r->wait_for || (r->tty.s && strstr(r->tty.s, r->wait_for)))) {
      if (r->typed)
        assert_int_equal(write(master, r->typed, strlen(r->typed)),
                         (ssize_t)strlen(r->typed));
      if (r->eof) {
        struct termios t;
        tcgetattr(master, &t);
        char eof = (char)t.c_cc[VEOF];
        assert_int_equal(write(master, &eof, 1), 1);
      }
      typed = 1;
    }
    if (!done && waitpid(pid, &st, WNOHANG) == pid) {
      done = 1;
      r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    }
    if (now_ms() - t0 > 20000) { /* it hangs (waiting for more input?) */
      if (!done) {
        kill(pid, SIGKILL);
        waitpid(pid, &st, 0);
        done = 1;
      }
      break;
    }
  }
  for (int i = 0; i < 3; i++)
    if (fdv[i] >= 0)
      close(fdv[i]);
  if (!r->tty.s)
    append(&r->tty, "", 0);
  if (!r->out.s)
    append(&r->out, "", 0);
  if (!r->err.s)
    append(&r->err, "", 0);
}

static void run_free(run *r) {
  free(r->tty.s);
  free(r->out.s);
  free(r->err.s);
}

static const char *example(const char *name) {
  static char path[4][1024];
  static int k;
  char *p = path[k++ % 4];
  snprintf(p, 1024, "%s/examples/%s", GC_SOURCE_DIR, name);
  return p;
}

/* A puzzle typed at the terminal ends with one Ctrl-D (the first read
   that returns nothing ends the input), after a prompt on stderr. */
static void test_one_eof(void **state) {
  (void)state;
  char *puzzle = tu_read_file(example("starbattle-7x7.txt"));
  run r = {.args = {"solve", "-", NULL},
           .wait_for = "Ctrl-D",
           .typed = puzzle,
           .eof = 1};
  run_pty(&r);
  if (r.status != 0)
    fail_msg("solve - at a terminal: exit %d after one Ctrl-D; the terminal "
             "shows:\n%s",
             r.status, r.tty.s);
  assert_non_null(strstr(r.tty.s, "gridcnf: reading standard input from the "
                                  "terminal"));
  assert_non_null(strstr(r.tty.s, "unique (the only solution)"));
  run_free(&r);
  /* The same with the grid of check read from the terminal. */
  char *sol = NULL;
  assert_int_equal(tu_cli(&sol, NULL, "solve", example("starbattle-7x7.txt"), NULL), 0);
  run c = {.args = {"check", example("starbattle-7x7.txt"), "-", NULL},
           .wait_for = "Ctrl-D",
           .typed = sol,
           .eof = 1};
  run_pty(&c);
  assert_int_equal(c.status, 0);
  assert_non_null(strstr(c.tty.s, "solution (the grid solves the puzzle"));
  run_free(&c);
  /* No prompt when standard input is not a terminal. */
  run f = {.args = {"solve", example("starbattle-7x7.txt"), NULL}};
  run_pty(&f);
  assert_int_equal(f.status, 0);
  assert_null(strstr(f.tty.s, "reading standard input"));
  run_free(&f);
  free(sol);
  free(puzzle);
}

/* Colour on a terminal: solved digits coloured, givens plain; Star Battle
   drawn as a region map with box-drawing lines and coloured stars.  With
   NO_COLOR: the same pictures, no escape sequence.  Piped: the plain text,
   byte for byte what the in-process command writes to a memory stream. */
static void test_colour(void **state) {
  (void)state;
  const char *files[2] = {example("skyscrapers-6x6.txt"),
                          example("starbattle-7x7.txt")};
  for (int i = 0; i < 2; i++) {
    run tty = {.args = {"solve", files[i], NULL}};
    run_pty(&tty);
    assert_int_equal(tty.status, 0);
    assert_non_null(strstr(tty.tty.s, "\033["));
    if (i == 0) {
      assert_non_null(strstr(tty.tty.s, "\033[36m")); /* a solved digit */
    } else {
      assert_non_null(strstr(tty.tty.s, "\xe2\x94\x8c")); /* the frame's corner */
      assert_non_null(strstr(tty.tty.s, "\033[1;33m\xe2\x98\x85\033[0m"));
    }
    run plain = {.args = {"solve", files[i], NULL}, .no_color = 1};
    run_pty(&plain);
    assert_int_equal(plain.status, 0);
    assert_null(strstr(plain.tty.s, "\033["));
    if (i == 1) {
      assert_non_null(strstr(plain.tty.s, "\xe2\x94\x8c"));
      assert_non_null(strstr(plain.tty.s, "\xe2\x98\x85"));
    }
    /* --color=always wins over NO_COLOR (an option on the command line
       says more than the environment) */
    run always = {.args = {"solve", "--color=always", files[i], NULL},
                  .no_color = 1};
    run_pty(&always);
    assert_non_null(strstr(always.tty.s, "\033["));
    run never = {.args = {"solve", "--color", "never", files[i], NULL}};
    run_pty(&never);
    assert_null(strstr(never.tty.s, "\033["));
    run piped = {.args = {"solve", files[i], NULL}, .out_pipe = 1};
    run_pty(&piped);
    assert_int_equal(piped.status, 0);
    char *want = NULL;
    assert_int_equal(tu_cli(&want, NULL, "solve", files[i], NULL), 0);
    /* but for the time on the status line */
    const char *a = strchr(piped.out.s, '\n'), *b = strchr(want, '\n');
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    assert_null(strstr(piped.out.s, "\033["));
    free(want);
    run_free(&tty);
    run_free(&plain);
    run_free(&always);
    run_free(&never);
    run_free(&piped);
  }
}

/* Skyscraper Sudoku drawn for a terminal: its boxes ruled off ("│"
   between boxes side by side, a rule with "┼" between boxes one above the
   other, the "│" of every row under the clue lines' gap); the plain text
   (piped, no colour) stays the notation, with no rule. */
static void test_sudoku_boxes(void **state) {
  (void)state;
  assert_int_equal(tu_tmp_open("terminal"), 0);
  const char *f = tu_tmp_write(
      "boxes.jsonl", "{\"genre\":\"skyscrapers\",\"n\":4,\"boxes\":[2,2],"
                     "\"givens\":[[0,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]}\n");
  char *out = NULL;
  assert_int_equal(tu_cli(&out, NULL, "solve", "--color=always", f, NULL), 0);
  int bars = 0, rules = 0;
  long at = -1;
  for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
    char *bar = strstr(line, "\xe2\x94\x82"); /* │ */
    if (bar) {
      /* the same column in every row (escape sequences before it aside) */
      long col = 0;
      for (char *p = line; p < bar; p++)
        if (*p == '\033')
          while (*p && *p != 'm')
            p++;
        else
          col++;
      assert_true(at < 0 || col == at);
      at = col;
      bars++;
    }
    rules += strstr(line, "\xe2\x94\xbc") != NULL; /* ┼ */
  }
  assert_int_equal(bars, 4);
  assert_int_equal(rules, 1);
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "solve", f, NULL), 0);
  assert_null(strstr(out, "\xe2\x94"));
  assert_non_null(strstr(out, "1 2 3 4"));
  free(out);
  assert_int_equal(tu_tmp_close(), 0);
}

/* A batch ends with a summary on stderr when stderr is a terminal (counts
   per status and the time), and nothing of it when stderr is a pipe. */
static void test_summary(void **state) {
  (void)state;
  const char *batch =
      "{\"id\":\"a\",\"genre\":\"futoshiki\",\"n\":3,\"givens\":[[1,0,0],[0,0,0],[0,0,0]],\"lt\":[[0,1,0,2]]}\n"
      "{\"id\":\"b\",\"genre\":\"futoshiki\",\"n\":3,\"givens\":[[1,0,0],[0,0,0],[0,0,0]]}\n"
      "{\"id\":\"c\",\"genre\":\"futoshiki\",\"n\":2,\"givens\":[[1,1],[0,0]]}\n"
      "{\"id\":\"d\",\"genre\":\"futoshiki\",\"n\":3,\"lt\":[[0,0,0,1],[0,1,0,2],[0,2,1,2],[1,2,1,1],[1,1,1,0],[1,0,0,0]]}\n"
      "{\"genre\":\"futoshiki\",\"n\":3,\"givens\":[[1,0,0],[0,2,0],[0,0,0]]}\n";
  tu_write_file("terminal-batch.jsonl", batch);
  char *want_out = NULL;
  int want = tu_cli(&want_out, NULL, "solve", "--json", "terminal-batch.jsonl", NULL);
  /* stderr a terminal, stdout a pipe */
  run t = {.args = {"solve", "--json", "terminal-batch.jsonl", NULL},
           .out_pipe = 1};
  run_pty(&t);
  assert_int_equal(t.status, want);
  char *line = strstr(t.tty.s, "gridcnf: 5 puzzles in ");
  if (!line)
    fail_msg("no summary on the terminal:\n%s", t.tty.s);
  /* the statuses, counted from the records themselves */
  int unique = 0, multiple = 0, none = 0, error = 0;
  for (const char *p = want_out; (p = strstr(p, "\"status\":\"")); p++) {
    p += 10;
    unique += !strncmp(p, "unique\"", 7);
    multiple += !strncmp(p, "multiple\"", 9);
    none += !strncmp(p, "none\"", 5);
    error += !strncmp(p, "error\"", 6);
  }
  assert_int_equal(unique + multiple + none + error, 5);
  char part[64];
  static const char *const names[] = {"unique", "multiple", "none", "error"};
  int counts[] = {unique, multiple, none, error};
  for (int i = 0; i < 4; i++) {
    snprintf(part, sizeof part, " %d %s", counts[i], names[i]);
    if (counts[i] && !strstr(line, part))
      fail_msg("'%s' not in the summary: %s", part, line);
  }
  /* the records are the same as without a terminal, timings aside */
  assert_int_equal(strlen(t.out.s) > 0, 1);
  int lines = 0;
  for (const char *p = t.out.s; *p; p++)
    lines += *p == '\n';
  assert_int_equal(lines, 5);
  run_free(&t);
  /* text output on the terminal too: the summary follows it */
  run both = {.args = {"solve", "terminal-batch.jsonl", NULL}};
  run_pty(&both);
  assert_non_null(strstr(both.tty.s, "gridcnf: 5 puzzles in "));
  run_free(&both);
  /* stderr a pipe: no summary, no progress */
  run p = {.args = {"solve", "--json", "terminal-batch.jsonl", NULL},
           .out_pipe = 1, .err_pipe = 1};
  run_pty(&p);
  assert_int_equal(p.status, want);
  assert_null(strstr(p.err.s, "puzzles"));
  assert_string_equal(p.tty.s, "");
  run_free(&p);
  /* one puzzle is not a batch: no summary */
  run one = {.args = {"solve", example("skyscrapers-6x6.txt"), NULL}};
  run_pty(&one);
  assert_null(strstr(one.tty.s, "puzzle in"));
  assert_null(strstr(one.tty.s, "puzzles in"));
  run_free(&one);
  free(want_out);
  remove("terminal-batch.jsonl");
}

/* generate: the puzzle being made shows on stderr when it is a terminal
   (puzzle k of K, rubbed out before the next line), never in a pipe; the
   summary line ends both. */
static void test_generate_progress(void **state) {
  (void)state;
  const char *args[] = {"generate", "starbattle", "--size", "10", "--stars",
                        "2", "--seed", "3", "--number", "2", NULL};
  run t = {.out_pipe = 1};
  for (int i = 0; args[i]; i++)
    t.args[i] = args[i];
  run_pty(&t);
  assert_int_equal(t.status, 0);
  if (!strstr(t.tty.s, "puzzle 1 of 2 (index 1): try 1"))
    fail_msg("no progress on the terminal:\n%s", t.tty.s);
  assert_non_null(strstr(t.tty.s, "\r\033[K"));
  assert_non_null(strstr(t.tty.s, "gridcnf: generate: 2 of 2 puzzles made in"));
  run p = {.out_pipe = 1, .err_pipe = 1};
  for (int i = 0; args[i]; i++)
    p.args[i] = args[i];
  run_pty(&p);
  assert_int_equal(p.status, 0);
  assert_null(strstr(p.err.s, "puzzle 1 of"));
  assert_null(strstr(p.err.s, "\033["));
  assert_non_null(strstr(p.err.s, "gridcnf: generate: 2 of 2 puzzles made in"));
  assert_string_equal(p.out.s, t.out.s); /* the same puzzles */
  run_free(&t);
  run_free(&p);
}

/* rate and steps on a puzzle that takes more than half a second: the
   step path's progress on a terminal (rubbed out before the answer),
   never in a pipe, and the same answer. */
static void test_steps_progress(void **state) {
  (void)state;
  run g = {.out_pipe = 1, .err_pipe = 1};
  const char *gen[] = {"generate", "starbattle", "--size", "20", "--stars",
                       "4", "--seed", "1", NULL}; /* rate: about 1 s */
  for (int i = 0; gen[i]; i++)
    g.args[i] = gen[i];
  run_pty(&g);
  assert_int_equal(g.status, 0);
  FILE *f = fopen("terminal-steps.txt", "w");
  assert_non_null(f);
  fputs(g.out.s, f);
  fclose(f);
  static const char *const cmds[] = {"rate", "steps"};
  for (int k = 0; k < 2; k++) {
    run t = {.args = {cmds[k], "terminal-steps.txt"}};
    run_pty(&t);
    assert_int_equal(t.status, 0);
    char want[64]; /* (which phases show depends on the machine's speed) */
    snprintf(want, sizeof want, "gridcnf: %s: ", cmds[k]);
    const char *line = strstr(t.tty.s, want);
    if (!line || (strncmp(line + strlen(want), "deducing, ", 10) &&
                  strncmp(line + strlen(want), "reasons, ", 9)))
      fail_msg("no progress on the terminal: %.300s", t.tty.s);
    /* the line rubbed out, then the answer from the start of a line */
    /* (generate's "# ID" line names the puzzle) */
    const char *answer = strstr(t.tty.s, "gen-starbattle-20-s1-1: unique;");
    assert_non_null(answer);
    assert_true(answer - t.tty.s >= 4 && !strncmp(answer - 3, "\033[K", 3));
    run p = {.args = {cmds[k], "terminal-steps.txt"}, .out_pipe = 1,
             .err_pipe = 1};
    run_pty(&p);
    assert_int_equal(p.status, 0);
    assert_string_equal(p.err.s, "");
    assert_non_null(strstr(p.out.s, "gen-starbattle-20-s1-1: unique;"));
    run_free(&t);
    run_free(&p);
  }
  run_free(&g);
  remove("terminal-steps.txt");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_generate_progress),
      cmocka_unit_test(test_steps_progress),
      cmocka_unit_test(test_one_eof),
      cmocka_unit_test(test_colour),
      cmocka_unit_test(test_summary),
      cmocka_unit_test(test_sudoku_boxes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
