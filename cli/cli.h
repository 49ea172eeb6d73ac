/* cli.h: the command line as a function, run in-process by the tests. */
#ifndef GC_CLI_CLI_H
#define GC_CLI_CLI_H

#include <stdio.h>

/* Runs `gridcnf argv[1] ...`, printing to out and err; returns the exit
   code.  A non-zero *interrupt (set by a signal handler) stops the solve in
   progress and the batch; interrupt may be NULL. */
int gc_cli_run(int argc, char **argv, FILE *out, FILE *err,
               const volatile int *interrupt);

/* gc_limits.reserve of every solve of gc_cli_run but the --jobs threads:
   set by main (the process owns its heap), NULL in the tests. */
extern void (*gc_cli_reserve)(size_t bytes);

#endif
