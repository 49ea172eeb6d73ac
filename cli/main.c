/*
 * main.c: signals and the exit code; everything else is gc_cli_run.
 * SIGINT and SIGTERM set a flag that the solver polls, so a long solve stops
 * cleanly, prints what was finished and exits 130.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
  (void)sig;
  interrupted = 1;
}

int main(int argc, char **argv) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  int rc = gc_cli_run(argc, argv, stdout, stderr, (const volatile int *)&interrupted);
  if (fclose(stdout) != 0 && rc != 74) {
    fprintf(stderr, "gridcnf: writing output failed\n");
    rc = 74;
  }
  return rc;
}
