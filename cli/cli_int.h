/*
 * cli_int.h: what the command files of cli/ share.  A command is one file
 * that defines `const gc_command gc_command_<name> = {...}`; CMake lists it
 * in the command registry (generated/command_list.h), so adding a command
 * touches nothing else.  Only cli/ prints.
 */
#ifndef GC_CLI_CLI_INT_H
#define GC_CLI_CLI_INT_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

#include "gridcnf.h"

enum {
  EX_OK = 0,
  EX_NONE = 1,
  EX_MULTIPLE = 2,
  EX_TIME = 3,
  EX_NOTFOUND = 4, /* generate: no puzzle within the tries */
  EX_USAGE = 64,
  EX_DATAERR = 65,
  EX_NOINPUT = 66,
  EX_UNAVAILABLE = 69,
  EX_SOFTWARE = 70,
  EX_IOERR = 74,
  EX_INTERRUPT = 130
};

/* The statuses of a batch's records, counted for its progress line and
   summary (term.c). */
enum { GC_CLI_TALLY_KINDS = 8 };
typedef struct gc_cli_tally {
  char name[GC_CLI_TALLY_KINDS][24];
  long count[GC_CLI_TALLY_KINDS];
  int kinds;
  long total;
  double next_ms; /* when the progress line may change again */
  int shown;      /* the progress line is on the terminal */
} gc_cli_tally;

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
  int all;              /* count --all */
  int forced;           /* hint --forced */
  long number;          /* generate --number */
  long start;           /* generate --start K (0: 1) */
  int distinct;         /* generate --distinct */
  int tries;            /* generate --tries N (0: the library's 50) */
  int color;            /* --color: GC_COLOR_AUTO, _ALWAYS, _NEVER */
  int list;             /* count --list */
  const char *id;       /* --id filter */
  const char *output;   /* cnf -o, certify --out */
  const char *out_dir;  /* render --out-dir */
  int svg;              /* render --svg */
  const char *picture;  /* render --png / --pdf: "png", "pdf" or NULL */
  int solution;         /* render --solution */
  int step;             /* render --step K (0: none) */
  const char *external; /* solve --external CMD */
  const char *via;      /* solve --via TOOL (named in the --json stats) */
  const char *grid;     /* hint --grid PARTIAL */
  int size;             /* generate --size */
  int stars;            /* generate --stars */
  int box_rows, box_cols; /* generate --boxes RxC: rows x columns (0 = none) */
  uint64_t seed;        /* generate --seed */
  int seed_set;
  const char *difficulty; /* generate --difficulty */
  int jobs;             /* --jobs N: solve, generate, rate, minimize
                           (1 = sequential) */
  json_t *extra;        /* keys added to the next --json answer, or NULL */
  const char *input;    /* what '-' reads instead of standard input, or NULL */
  size_t input_len;
  const char *files[64];
  int nfiles;
  double start_ms;
  /* term.c: what the streams are (gc_cli_term_setup) */
  int color_on;      /* ANSI colours on out */
  int boxes;         /* grids drawn for a terminal (gc_look.boxes) */
  int progress;      /* err is a terminal: the batch summary */
  int progress_line; /* ... and out is not: a running count too */
  gc_cli_tally tally;
  /* Output (output.c): out is the record being made while one is open
     (gc_cli_record_begin), else the caller's stream, real_out. */
  FILE *real_out;
  int rec_open;         /* between gc_cli_record_begin and _end */
  FILE *rec;            /* the open record's buffer, or NULL */
  char *rec_buf;
  size_t rec_len;
  unsigned long rec_jfail; /* gc_json_failures() when it began */
  int rec_lost;         /* part of it could not be made (out of memory) */
  int withheld;         /* an interrupt held a record back: exit 130 */
  int write_failed;     /* the output stream failed: exit 74 */
  char *external_broken; /* solve --external/--via: why the program cannot run */
} cli;

enum { GC_COLOR_AUTO = 0, GC_COLOR_ALWAYS, GC_COLOR_NEVER };

/* A command: its file defines `const gc_command gc_command_<name>` with
   designated initialisers.  Its help page (gridcnf help NAME) is made of
   the fields below and the rows of the options it takes. */
typedef struct gc_command {
  const char *name;
  const char *alias;    /* another name, or NULL */
  int order;            /* place in the command list */
  const char *section;  /* heading it is listed under: "solve", "set", "files" */
  const char *args;     /* what follows the options: "[FILE|-]..." */
  const char *summary;  /* one line, lower case, for the command list */
  /* The options it takes: names of gc_cli_option rows (without "--") and
     groups: @input (--genre --format --id), @limits (--timeout
     --max-vars --max-clauses) and @encoding (the library's encoding
     options, gridcnf help encoding).  --help and --color go everywhere. */
  const char *options;
  const char *about;    /* a paragraph for its help page, or NULL */
  /* Two or three examples, one per line: "gridcnf ...  # what it does". */
  const char *examples;
  int (*run)(cli *c);
} gc_command;

/* An option of the command line (options.c). */
typedef struct gc_cli_option {
  const char *name;    /* long name without "--" */
  char shrt;           /* one-letter form ('o' for -o), or 0 */
  const char *metavar; /* the value's name ("SECONDS"), NULL for a switch */
  const char *help;    /* one line, lower case */
  /* Sets it; 0, or the exit code after printing why the value is bad.
     typed is the name as the user wrote it. */
  int (*set)(cli *c, const char *typed, const char *value);
} gc_cli_option;

size_t gc_cli_option_count(void);
const gc_cli_option *gc_cli_option_at(size_t i);
/* Does cmd take the option name (a table row or an encoding option)? */
int gc_cli_takes(const gc_command *cmd, const char *name);
int gc_cli_takes_encoding(const gc_command *cmd);
/* Reads argv[first..] into c for cmd: files and options.  0, or the exit
   code (64) after a message naming the option and what to do. */
int gc_cli_parse_args(cli *c, const gc_command *cmd, int argc, char **argv,
                      int first);

/* The nearest of the names offered to what was typed, when near enough
   (options.c): "did you mean ...?" */
typedef struct gc_cli_suggest {
  const char *typed, *best;
  int score;
} gc_cli_suggest;
void gc_cli_suggest_init(gc_cli_suggest *s, const char *typed);
void gc_cli_suggest_offer(gc_cli_suggest *s, const char *name);

/* The commands (cli.c), in their list order. */
size_t gc_cli_command_count(void);
const gc_command *gc_cli_command_at(size_t i);
const gc_command *gc_cli_command_find(const char *name); /* or alias */

/* Help (help.c): the main page; one command's page; a topic ("encoding",
   "formats", "exit-codes"); 0, or -1 when there is no such topic. */
void gc_cli_help_main(FILE *f);
void gc_cli_help_command(FILE *f, const gc_command *cmd);
int gc_cli_help_topic(FILE *f, const char *topic);
/* gridcnf --generate man|complete-bash|complete-zsh; 0 or -1. */
int gc_cli_generate(FILE *f, const char *what);

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
/* The id / genre / n / status head of a JSON answer (with source and
   line when the puzzle has no id). */
json_t *gc_cli_record_head(const gc_puzzle *pz, const char *status);
/* Adds "source" (source, or the puzzle's when NULL) and "line" (where the
   puzzle starts) to a record: a puzzle without an id is named so. */
void gc_cli_record_origin(json_t *o, const char *source, const gc_puzzle *pz);
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
/* The same on c->jobs threads, the output in input order (each_jobs.c):
   fn writes to a copy of c whose streams are memory. */
int gc_cli_each_puzzle_jobs(cli *c, gc_cli_puzzle_fn fn, int *npuzzles);

/* The one puzzle of files[0] (or the --id one). */
typedef struct gc_cli_one {
  gc_puzzle *pz;
  char source[128];
  int more;
} gc_cli_one;
int gc_cli_read_one(cli *c, gc_cli_one *o);

/* Does --id pick pz?  Yes without --id; else when it is pz's id, or for
   a puzzle without one, the line it starts on ("--id 3", as solve names
   it "file:3:"). */
int gc_cli_id_match(const cli *c, const gc_puzzle *pz);
/* gc_read_file for the command's inputs: '-' reads the caller's input
   buffer when gc_cli_run_io was given one, else standard input. */
int gc_cli_read_file(cli *c, const char *path, char **data, size_t *len,
                     gc_error *e);

/* gc_cli_read_file for a puzzle input: an argument that names no file
   but reads as a pasted notation (a Tatham game ID, a puzz.link URL, ...)
   is itself the input.  *source: how messages name the input ("<stdin>",
   "<argument>" or the path). */
int gc_cli_read_input(cli *c, const char *path, char **data, size_t *len,
                      const char **source, gc_error *e);

/* Writes text to -o FILE or standard output; what names the content in
   the error message. */
int gc_cli_write_all(cli *c, const char *text, size_t len, const char *what);

/* Terminals (term.c), the only code that writes ANSI escapes.  Sets
   color_on, boxes and progress from the streams, --color and NO_COLOR. */
void gc_cli_term_setup(cli *c);
/* text with its gc_style per byte, as colours when color_on. */
void gc_cli_term_write(cli *c, FILE *f, const char *text,
                       const unsigned char *style);
/* pz with grid g (NULL: the puzzle alone) on out, styled, for a terminal
   when boxes; the cells where g differs from other (may be NULL)
   highlighted. */
void gc_cli_print_grid(cli *c, const gc_puzzle *pz, const gc_grid *g,
                       const gc_grid *other);
/* After the second of two solutions: the line that names the cells where
   they differ (nothing when they do not). */
void gc_cli_print_differences(cli *c, const gc_grid *a, const gc_grid *b);
/* A line on err when standard input is a terminal about to be read. */
void gc_cli_prompt(cli *c);
/* A record of the batch has this status ("unique", "error", ...). */
void gc_cli_progress_note(cli *c, const char *status);
/* Rubs out the progress line (before a message on err). */
void gc_cli_progress_clear(cli *c);
/* The end of the command: the summary line of a batch, on a terminal. */
void gc_cli_progress_end(cli *c);
/* One record at a time (output.c): what the commands print between
   begin and end (to c->out) is written whole at the end; when part of it
   could not be made (gc_cli_record_lost, or a jansson allocation failed
   meanwhile) an error record for pz stands in for it (exit 70).  end
   returns 1 when the batch must stop: the output failed (74) or an
   interrupt withheld the record (130; pz is then reported "unknown" if
   the output has room for that line). */
void gc_cli_record_begin(cli *c);
int gc_cli_record_end(cli *c, const char *source, const gc_puzzle *pz,
                      int *code);
void gc_cli_record_lost(cli *c);
/* The record buffer's memory, given back at the end of a run. */
void gc_cli_output_close(cli *c);
/* count --list: what the open record holds so far goes out now. */
void gc_cli_record_flush(cli *c);
/* Writes text to the caller's stream whole, as a record is: EX_OK,
   EX_INTERRUPT (withheld) or EX_IOERR. */
int gc_cli_write_whole(cli *c, const char *text, size_t len);
/* s for a terminal: control characters and '\\' escaped (\n, \x1b, ...). */
void gc_cli_escape(const char *s, char *buf, size_t size);
/* "ID" or "SOURCE:LINE", escaped for a terminal. */
void gc_cli_puzzle_name(const char *source, const gc_puzzle *pz, char *buf,
                        size_t size);

/* The records of c's files one at a time (records.c); start with
   {c} and end with gc_cli_records_close. */
typedef struct gc_cli_records {
  cli *c;
  int file; /* the next file of c->files */
  char *data;
  gc_reader *rd;      /* the file being read, or NULL */
  const char *source; /* its name in messages */
  int records;        /* its records so far */
} gc_cli_records;
/* The next record: GC_READ_PUZZLE with *pz (its parse time in *ms, its
   input's name in *source); GC_READ_ERROR with err for a record that does
   not parse, a file that cannot be read or one with no record; GC_READ_END
   when the files are used up. */
int gc_cli_records_next(gc_cli_records *s, gc_puzzle **pz, double *ms,
                        const char **source, gc_error *err);
/* Frees the file being read (the stream may go on with the next). */
void gc_cli_records_close(gc_cli_records *s);

/* Items 0..count-1 made by work(ctx, i) on `jobs` threads and handed to
   emit(ctx, i) in order on the calling thread (ordered.c); emit returning
   nonzero stops the batch (items not started are not made, nor emitted).
   fill, when not NULL, makes item i ready on the calling thread before any
   work on it, in order, no more than the window ahead of emit; it returns
   0 when there is no item i (the batch ends there; count is then only a
   bound).  Returns emit's last nonzero value, or 0. */
typedef int (*gc_cli_ordered_fn)(void *ctx, size_t i);
int gc_cli_ordered_run(int jobs, size_t count, gc_cli_ordered_fn fill,
                       gc_cli_ordered_fn work, gc_cli_ordered_fn emit,
                       void *ctx);
/* The same, and idle(ctx) on a worker thread that finds no item left, just
   before it ends (its thread may then be lent: generate). */
int gc_cli_ordered_run_idle(int jobs, size_t count, gc_cli_ordered_fn fill,
                            gc_cli_ordered_fn work, gc_cli_ordered_fn emit,
                            void (*idle)(void *ctx), void *ctx);
/* How many items may be made but not yet emitted: work(i) runs only once
   emit(i - window) has returned (a ring of that many results will do);
   fill(i) likewise. */
int gc_cli_ordered_window(int jobs);
/* A line of progress of its own (generate: the puzzle being made) in place
   of the progress line, when err is a terminal (term.c). */
void gc_cli_progress_show(cli *c, const char *text);

/* The progress of one puzzle's step path (gc_limits.progress) on a
   terminal, for rate and steps: "gridcnf: rate: deducing, 812 of 1600
   cells, 12.3 s", at most ten times a second, from half a second on
   (term.c).  gc_cli_steps_watch sets it on lim (a copy of c->lim) when
   stderr is a terminal and one puzzle runs at a time. */
typedef struct gc_cli_watch {
  cli *c;
  const char *cmd;
  double start_ms, next_ms;
  int shown; /* a line is on the terminal */
} gc_cli_watch;
void gc_cli_steps_watch(cli *c, const char *cmd, gc_cli_watch *w,
                        gc_limits *lim);
/* Rubs out the watch's line, if it showed one, before the answer. */
void gc_cli_steps_unwatch(gc_cli_watch *w);

/* solve --jobs N: the batch on N threads, answers in input order
   (jobs.c).  Returns the exit code; *npuzzles counts the puzzles. */
int gc_cli_solve_jobs(cli *c, int *npuzzles);

/* Step paths as JSON and text (steps_out.c): an item; a step's keys
   (row, col, value / not / star, reason, technique, text, level) into o;
   a step as an object; a step in words with its reason (number 0: ": "
   and the words, to follow a name on its line). */
json_t *gc_cli_item_json(const gc_puzzle *pz, const gc_item *it);
void gc_cli_step_keys(const gc_puzzle *pz, const gc_step *st,
                      const gc_step_path *path, json_t *o);
json_t *gc_cli_step_json(const gc_puzzle *pz, const gc_step *st,
                         const gc_step_path *path);
void gc_cli_print_step(cli *c, const gc_puzzle *pz, const gc_step *st,
                       size_t number);

/* hint --all: the backbone (cmd_setter.c). */
int gc_cli_hint_all(cli *c);

#endif
