/*
 * cli_int.h: what the command files of cli/ share.  A command is one file
 * that defines `const gc_command gc_command_<name> = {...}`; CMake lists it
 * in the command registry (generated/command_list.h), so adding a command
 * touches nothing else.  Only cli/ prints.
 */
#ifndef GC_CLI_CLI_INT_H
#define GC_CLI_CLI_INT_H

#include <jansson.h>
#include <stdio.h>

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

typedef struct cli {
  FILE *out, *err;
  const volatile int *interrupt;
  const char *command;
  gc_options opt;
  gc_limits lim;
  gc_read_options ropt;
  int json;
  int block_solution;
  const char *to;       /* convert --to */
  int converted;        /* puzzles written so far by convert */
  double total_timeout; /* seconds for the whole batch, 0 = none */
  int all;              /* count --all, hint --all */
  int list;             /* count --list */
  const char *id;       /* --id filter */
  const char *output;   /* cnf -o, certify --out */
  const char *out_dir;  /* render --out-dir */
  int svg;              /* render --svg */
  int solution;         /* render --solution */
  const char *external; /* solve --external CMD */
  const char *grid;     /* hint --grid PARTIAL */
  int size;             /* generate --size */
  int stars;            /* generate --stars */
  int box_rows, box_cols; /* generate --boxes RxC: rows x columns (0 = none) */
  unsigned long seed;   /* generate --seed */
  int seed_set;
  const char *difficulty; /* generate --difficulty */
  int jobs;             /* solve --jobs N (1 = sequential) */
  json_t *extra;        /* keys added to the next --json answer, or NULL */
  const char *input;    /* what '-' reads instead of standard input, or NULL */
  size_t input_len;
  const char *files[64];
  int nfiles;
  double start_ms;
} cli;

typedef struct gc_command {
  const char *name;
  const char *alias; /* another name, or NULL */
  int order;         /* place in --help */
  const char *usage; /* "ARGS   what it does" for --help */
  int (*run)(cli *c);
} gc_command;

/* Shared by the commands (cli.c). */
double gc_cli_now_ms(void);
void gc_cli_worst(int *acc, int code);
void gc_cli_print_error(cli *c, const gc_error *e);
int gc_cli_usage_error(cli *c, const char *fmt, const char *arg);
/* gc_solve for a command whose output must come out the same on every run
   (cnf --block-solution, render --solution, certify): option portfolio's
   auto, where the answer among several solutions depends on which thread
   finishes first, stays off. */
int gc_cli_solve_fixed(cli *c, const gc_puzzle *pz, const gc_limits *lim,
                       gc_result *res, gc_error *e);
json_t *gc_cli_grid_json(const gc_grid *g);
void gc_cli_emit_json(cli *c, json_t *obj);
void gc_cli_emit_error_record(cli *c, const gc_error *e, const gc_puzzle *pz);
int gc_cli_status_exit(const gc_result *res);
int gc_cli_stop_exit(const gc_limits *lim);
void gc_cli_print_grid_text(cli *c, const gc_puzzle *pz, const gc_grid *g);
void gc_cli_emit_result(cli *c, const char *source, const gc_puzzle *pz,
                        const gc_result *res);
/* The id / genre / n / status head of a JSON answer. */
json_t *gc_cli_record_head(const gc_puzzle *pz, const char *status);
/* "ID: status" or "SOURCE:LINE: status", no newline. */
void gc_cli_print_name(cli *c, const char *source, const gc_puzzle *pz,
                       const char *status);
/* Reports a failed library call on pz as an error record; returns 0. */
int gc_cli_tool_failed(cli *c, const char *source, const gc_puzzle *pz,
                       gc_error *e, int *code);

/* Calls fn on every puzzle of every input file (after --id), reporting the
   records that fail to read; a non-zero return from fn stops the batch.
   Returns the batch's exit code; *npuzzles counts the puzzles seen. */
typedef int (*gc_cli_puzzle_fn)(cli *c, const char *source, gc_puzzle *pz,
                                double parse_ms, int *exit_code);
int gc_cli_each_puzzle(cli *c, gc_cli_puzzle_fn fn, int *npuzzles);

/* The one puzzle of files[0] (or the --id one). */
typedef struct gc_cli_one {
  gc_puzzle *pz;
  char source[128];
  int more;
} gc_cli_one;
int gc_cli_read_one(cli *c, gc_cli_one *o);

/* gc_read_file for the command's inputs: '-' reads the caller's input
   buffer when gc_cli_run_io was given one, else standard input. */
int gc_cli_read_file(cli *c, const char *path, char **data, size_t *len,
                     gc_error *e);

/* Writes text to -o FILE or standard output; what names the content in
   the error message. */
int gc_cli_write_all(cli *c, const char *text, size_t len, const char *what);

/* solve --jobs N: the batch on N threads, answers in input order
   (jobs.c).  Returns the exit code; *npuzzles counts the puzzles. */
int gc_cli_solve_jobs(cli *c, int *npuzzles);

/* hint --all: the backbone (cmd_setter.c). */
int gc_cli_hint_all(cli *c);

#endif
