/*
 * main.c: signals, the heap and the exit code; everything else is
 * gc_cli_run.  SIGINT and SIGTERM set a flag that the solver polls, so a
 * long solve stops cleanly, prints what was finished and exits 130.
 *
 * The heap: on the virtual machines this runs on, the first write to a
 * fresh 4 KB page of memory costs about 12 us (a 25x25 Star Battle touches
 * 2,000 pages: 24 ms of a 60 ms run), asking the kernel for many pages at
 * once (MADV_POPULATE_WRITE) about 1 us a page, and one 2 MB page (a
 * transparent huge page, where the kernel offers them on request) about
 * 150-350 us, less than half of that again for big formulas, with fewer TLB
 * misses afterwards (a 25x25 3-star Star Battle: 45 -> 39 ms).  So
 * reserve() makes the memory a formula is about to fill ready in one call
 * (in 2 MB pages where whole ones fit, from 2 MB on), and the heap is not
 * given back between puzzles.
 *
 * On another kind of virtual machine it runs on, a first write costs 2-4
 * us and asking ahead about as much a page: there the estimates' margin
 * costs more than it saves (a 2x2 puzzle reserved 124 KB, 31 pages, for a
 * run that writes a few), and so does mapping the program's code ahead
 * (below), 0.07 ms of a 0.7 ms run.  So the first write to a fresh page
 * is timed once at the start (gc_cli_first_write_us, pagecost.c): where it
 * takes under 6 us only the 2 MB pages are asked for, which pay there too
 * (a 12x12 Skyscrapers: 13.2 ms against 15.1 without), and the code is
 * left to the faults.
 */
#define _GNU_SOURCE /* madvise, dl_iterate_phdr */
#include <link.h>
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cli.h"

/* Set by the handler, read on the solving threads (gc_stop_requested):
   atomic accesses on both sides. */
static volatile int interrupted;

/* Counts the interrupts: a second one also gives up a line that a full
   pipe holds half-written (output.c).  An atomic add, since two signals
   may be handled on two threads at once; it stops counting at 2 (a race
   may carry it to 3, which reads the same). */
static void on_signal(int sig) {
  (void)sig;
  if (gc_stop_requested(&interrupted) < 2)
    __atomic_fetch_add(&interrupted, 1, __ATOMIC_RELAXED);
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

#ifndef MADV_HUGEPAGE
#define MADV_HUGEPAGE 14
#endif

#define HUGE_PAGE ((uintptr_t)2 << 20)
#define SMALL_PAGE ((uintptr_t)4096)

static uintptr_t round_up(uintptr_t x, uintptr_t to) {
  return (x + to - 1) & ~(to - 1);
}
static uintptr_t round_down(uintptr_t x, uintptr_t to) { return x & ~(to - 1); }

static int huge_pages = 1; /* 0 once the kernel refused them */

/* Makes [a, e) ready, asking for 2 MB pages on the whole ones inside it
   (the heap lies in one mapping up to the break, which must cover them). */
static int populate(uintptr_t a, uintptr_t e, int huge) {
  if (e <= a)
    return 0;
  if (huge) {
    uintptr_t ha = round_up(a, HUGE_PAGE), he = round_down(e, HUGE_PAGE);
    if (he > ha && madvise((void *)ha, he - ha, MADV_HUGEPAGE) != 0)
      huge_pages = 0;
  }
  return madvise((void *)a, e - a, MADV_POPULATE_WRITE);
}

static int slow_faults = 1; /* gc_cli_faults_slow, measured in main */

static void reserve(size_t bytes) {
  enum { CHUNK = 16 << 20 }; /* below the mmap threshold set in main */
  if (bytes < (slow_faults ? (size_t)64 << 10 : HUGE_PAGE))
    return;
  if (bytes > ((size_t)1 << 30))
    bytes = (size_t)1 << 30;
  /* 2 MB pages from 2 MB on (below, one costs about as much as the 4 KB
     pages it would replace) */
  int huge = huge_pages && bytes >= HUGE_PAGE;
  void *chunk[64];
  size_t k = 0;
  for (size_t left = bytes; left > 0 && k < 64; k++) {
    size_t len = left < CHUNK ? left : CHUNK, last = len == left;
    /* the last chunk has room to end on a 2 MB boundary */
    char *p = malloc(len + (last && huge ? HUGE_PAGE : 0));
    if (!p)
      break;
    chunk[k] = p;
    uintptr_t a = round_up((uintptr_t)p, SMALL_PAGE);
    uintptr_t e = (uintptr_t)p + len;
    /* a tail of more than an eighth of a 2 MB page gets the whole page */
    if (last && huge && e - round_down(e, HUGE_PAGE) > HUGE_PAGE / 8)
      e = round_up(e, HUGE_PAGE);
    if (populate(a, round_down(e, SMALL_PAGE), huge) != 0)
      left = len; /* not supported here: stop after this chunk */
    left -= len;
  }
  while (k > 0) /* newest first: each goes back into the top of the heap */
    free(chunk[--k]);
}

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22 /* Linux 5.14 */
#endif

/* The program's read-only segments (code, constants) mapped in one call:
   else each first touch of a 64 KB stretch is a fault (12 fewer of them on
   a 7x7 Skyscrapers, about 2 % of its run). */
static int map_segment(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W))
      continue;
    uintptr_t a = round_down(info->dlpi_addr + ph->p_vaddr, SMALL_PAGE);
    uintptr_t e = round_up(info->dlpi_addr + ph->p_vaddr + ph->p_memsz, SMALL_PAGE);
    (void)madvise((void *)a, e - a, MADV_POPULATE_READ);
  }
  return 1; /* the program only, not the libraries of a dynamic build */
}

int main(int argc, char **argv) {
  slow_faults = gc_cli_faults_slow(gc_cli_first_write_us());
  if (slow_faults)
    dl_iterate_phdr(map_segment, NULL);
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
  int rc = gc_cli_run(argc, argv, stdout, stderr, &interrupted);
  if (fclose(stdout) != 0 && rc != 74 && rc != 130) {
    fprintf(stderr, "gridcnf: writing output failed\n");
    rc = 74;
  }
  return rc;
}
