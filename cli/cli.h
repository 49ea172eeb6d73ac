/* cli.h: the command line as a function, run in-process by the tests. */
#ifndef GC_CLI_CLI_H
#define GC_CLI_CLI_H

#include <stdio.h>

#include "gridcnf.h"

/* Runs `gridcnf argv[1] ...`, printing to out and err; returns the exit
   code.  A non-zero *interrupt (set by a signal handler, with
   gc_stop_request) stops the solve in progress and the batch; interrupt
   may be NULL. */
int gc_cli_run(int argc, char **argv, FILE *out, FILE *err,
               const volatile int *interrupt);

/* The same for the other doors (the WebAssembly build, Node, Python): what
   '-' (standard input, also the default input) reads comes from the input
   buffer when it is not NULL, and output goes to the caller's streams
   (open_memstream, fopencookie, ...).  The records written with --json are
   then exactly the command line's. */
typedef struct gc_cli_io {
  const char *input; /* what '-' reads, or NULL for standard input */
  size_t input_len;
  FILE *out, *err;
  const volatile int *interrupt; /* non-zero stops; may be NULL */
} gc_cli_io;
int gc_cli_run_io(int argc, char **argv, const gc_cli_io *io);

/* gc_limits.reserve of every solve of gc_cli_run but the --jobs threads:
   set by main (the process owns its heap), NULL in the tests. */
extern void (*gc_cli_reserve)(size_t bytes);

/* The first write to a fresh page of memory, timed once (one page of a
   fresh mapping, its page table included, as the heap's first pages pay
   it too), in us; GC_CLI_SLOW_FAULT_US when no page could be mapped.  An
   interruption can only make it look slower. */
double gc_cli_first_write_us(void);
/* Is a first write that costs first_write_us slow enough that making
   memory ready ahead pays (main.c's heap policy)?  About 12 us on one kind
   of virtual machine this runs on, 2-4 us on another. */
#define GC_CLI_SLOW_FAULT_US 6.0
int gc_cli_faults_slow(double first_write_us);

#endif
