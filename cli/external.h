/*
 * external.h: running other programs from the command line (the `cadical`
 * that writes certify's DRAT proof, the solver of `solve --external`), and
 * the file helpers they need.  Only cli/ runs processes; the library never
 * does.
 */
#ifndef GC_CLI_EXTERNAL_H
#define GC_CLI_EXTERNAL_H

#include <stddef.h>

#include "gridcnf.h"

struct cli;
struct gc_puzzle;

typedef struct gc_run {
  int started;   /* 0: the program could not be started (see why) */
  int exited;    /* 1: it exited; status holds its exit code */
  int status;    /* exit code, or the signal number when !exited */
  int timed_out; /* it was stopped at the time limit */
  int interrupted; /* it was stopped by an interrupt */
  double ms;     /* wall-clock time */
  /* internal */
  long pid;
  int done, killed;
  double t0, kill_at;
} gc_run;

/* Starts argv (argv[0] looked up on PATH, no shell) with standard input
   from /dev/null, standard output to out_path (NULL: /dev/null) and
   standard error to err_path (NULL: with standard output), as the leader
   of a process group of its own.  0, or -1 when it could not be started,
   with a message in why. */
int gc_run_start(char *const argv[], const char *out_path,
                 const char *err_path, gc_run *r, char *why, size_t why_size);

/* Waits for every started run of runs[0..n), stopping each at timeout
   seconds (<= 0: no limit) or when *interrupt becomes non-zero (interrupt
   may be NULL): SIGTERM to its whole process group (what it started too),
   SIGKILL 2 s later; r->exited, status, timed_out, interrupted, ms tell
   how each ended. */
void gc_run_wait(gc_run *const runs[], int n, double timeout,
                 const volatile int *interrupt);

/* Is name a program that gc_run_start would find (on PATH, or a path)? */
int gc_run_found(const char *name);

/* gc_run_start and gc_run_wait for one program: 0 when it ran (r says how
   it ended), -1 when it could not be started (why). */
int gc_run_program(char *const argv[], const char *out_path,
                   const char *err_path, double timeout,
                   const volatile int *interrupt, gc_run *r, char *why,
                   size_t why_size);

/* Writes len bytes to path (created or truncated).  0 or -1 (errno). */
int gc_write_file(const char *path, const char *text, size_t len);

/* Creates dir and its missing parents (mode 0777 less umask).  0 or -1. */
int gc_mkdir_p(const char *dir);

/* The first line of path that contains "error" (or the last non-empty
   line), for a message; "" when there is none. */
void gc_file_hint(const char *path, char *buf, size_t size);

/* Can solve --external use c->external as a command?  EX_OK, or EX_USAGE
   with the message printed (checked before the batch starts). */
int gc_cli_external_usable(struct cli *c);

/* solve --external CMD for one puzzle (a gc_cli_puzzle_fn). */
int gc_cli_solve_external(struct cli *c, const char *source,
                          struct gc_puzzle *pz, double parse_ms, int *code);

/* One run of an outside program (solve --external, --via). */
typedef struct gc_outside_call {
  int sat;      /* 1 a solution (grid, checked), 0 none, -1 unknown */
  gc_grid grid; /* sat == 1 */
  int timed_out, interrupted;
  double ms;
} gc_outside_call;

/* Runs the program on the puzzle once (block: NULL, or the solution to
   exclude), stopping it at timeout seconds (<= 0: none) or an interrupt.
   0 with r filled, or -1 with e (e->line -1: it cannot be started). */
typedef int (*gc_outside_fn)(void *ctx, const gc_grid *block, double timeout,
                             gc_outside_call *r, gc_error *e);

/* One run of an outside program for a gc_outside_fn (solve_outside.c):
   how it ended into run, its time and whether the time limit or an
   interrupt stopped it into r.  0 it ran to its end (read its answer); 1
   it was stopped; -1 it could not be started (e says so, after "who: ",
   with e->line -1). */
int gc_cli_outside_run(struct cli *c, char *const argv[], const char *out_path,
                       const char *err_path, double timeout, const char *who,
                       gc_run *run, gc_outside_call *r, gc_error *e);

/* solve through fn (solve_outside.c): a first run, then unless --first a
   second one excluding the first solution; prints solve's record of res
   (its parse and encode stats set by the caller; the caller frees it) or
   the error record (69 when the program cannot be started: remembered for
   the rest of the batch).  who names the program in messages.  1 when the
   batch must stop (an interrupt), else 0. */
int gc_cli_outside_solve(struct cli *c, const char *source,
                         const struct gc_puzzle *pz, gc_result *res,
                         gc_outside_fn fn, void *ctx, const char *who,
                         int *code);
/* The error record for a program already known not to start (1), or 0
   when it is not known to be missing. */
int gc_cli_outside_broken(struct cli *c, const char *source,
                          const struct gc_puzzle *pz, int *code);
/* The error record of e for pz (69 and remembered when e->line is -1). */
int gc_cli_outside_failed(struct cli *c, const char *source,
                          const struct gc_puzzle *pz, gc_error *e, int *code);

/* solve --via TOOL for one puzzle (solve_via.c), and whether TOOL is one
   it knows (minizinc, clingo, cbc, glpk). */
int gc_cli_solve_via(struct cli *c, const char *source, struct gc_puzzle *pz,
                     double parse_ms, int *code);
int gc_cli_via_known(const char *name);

#endif
