/*
 * pagecost.c: what a first write to a fresh page of memory costs here,
 * and what main.c's heap policy makes of it (see main.c).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "cli_int.h"

double gc_cli_first_write_us(void) {
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0)
    page = 4096;
  char *p = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return GC_CLI_SLOW_FAULT_US; /* not known: as on a slow machine */
  double t0 = gc_cli_now_ms();
  *(volatile char *)p = 1;
  double us = (gc_cli_now_ms() - t0) * 1e3;
  munmap(p, (size_t)page);
  return us;
}

int gc_cli_faults_slow(double first_write_us) {
  return first_write_us >= GC_CLI_SLOW_FAULT_US;
}
