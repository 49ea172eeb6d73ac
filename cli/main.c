/*
 * main.c: signals, the heap and the exit code; everything else is
 * gc_cli_run.  SIGINT and SIGTERM set a flag that the solver polls, so a
 * long solve stops cleanly, prints what was finished and exits 130.
 *
 * The heap: on the virtual machines this runs on, the first write to a
 * fresh page of memory costs about 12 us (a 25x25 Star Battle touches 2,000
 * pages: 24 ms of a 60 ms run), and asking the kernel for many pages at
 * once (MADV_POPULATE_WRITE) about a quarter of that.  So once a puzzle is
 * encoded, reserve() makes the heap the solver is about to fill ready in
 * one call, and the heap is not given back between puzzles.
 */
#define _DEFAULT_SOURCE /* madvise */
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cli.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
  (void)sig;
  interrupted = 1;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

static void reserve(size_t bytes) {
  enum { CHUNK = 16 << 20 }; /* below the mmap threshold set in main */
  if (bytes < (256 << 10))
    return;
  if (bytes > ((size_t)1 << 30))
    bytes = (size_t)1 << 30;
  void *chunk[64];
  size_t k = 0;
  for (size_t left = bytes; left > 0 && k < 64; k++) {
    size_t len = left < CHUNK ? left : CHUNK;
    char *p = malloc(len);
    if (!p)
      break;
    chunk[k] = p;
    uintptr_t a = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
    uintptr_t e = ((uintptr_t)p + len) & ~(uintptr_t)4095;
    if (e > a && madvise((void *)a, e - a, MADV_POPULATE_WRITE) != 0)
      left = len; /* not supported here: stop after this chunk */
    left -= len;
  }
  while (k > 0) /* newest first: each goes back into the top of the heap */
    free(chunk[--k]);
}

int main(int argc, char **argv) {
  /* keep freed memory for the next puzzle, and big blocks in the heap */
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  gc_cli_reserve = reserve;
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
