/* testutil.h: helpers shared by the cmocka tests. */
#ifndef GC_TESTS_TESTUTIL_H
#define GC_TESTS_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four above first */
#include <cmocka.h>

#include "encoder/cnf.h"
#include "genres/genre.h"
#include "gridcnf.h"

/* TU_ASAN: 1 in a build with AddressSanitizer (gcc or clang), else 0. */
#if defined(__SANITIZE_ADDRESS__)
#define TU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TU_ASAN 1
#endif
#endif
#ifndef TU_ASAN
#define TU_ASAN 0
#endif

/* The one puzzle in text (JSON or a text notation; genre may be NULL).
   Fails the test when it does not read. */
gc_puzzle *tu_puzzle(const char *text, const char *genre);
/* Puzzle `index` of seed made by gc_generate (br, bc: Sudoku boxes;
   level NULL: difficulty d; 200 tries).  Fails the test when none is. */
gc_puzzle *tu_generate(const char *genre, int n, int stars, int br, int bc,
                       uint64_t seed, uint64_t index, gc_difficulty d,
                       const char *level);
/* The same with gc_generate's info. */
gc_puzzle *tu_generate_info(const char *genre, int n, int stars, int br,
                            int bc, uint64_t seed, uint64_t index,
                            gc_difficulty d, const char *level,
                            gc_gen_info *info);
/* Reads text expecting an error; returns the error's code and fills err. */
gc_code tu_read_error(const char *text, const char *genre, gc_error *err);

/* Path of ../shared/<rel> when the shared data is there, else NULL
   (GC_SHARED overrides the place).  Static buffer. */
const char *tu_shared(const char *rel);

/* Writes text to path / reads a whole file (caller frees); either fails
   the test when the file cannot be written or read. */
void tu_write_file(const char *path, const char *text);
char *tu_read_file(const char *path);

/* A temporary directory for one test program: tu_tmp_open("cli") makes
   /tmp/gridcnf-test-cli-XXXXXX (0, or -1: a cmocka group setup's return),
   tu_tmp_close removes it with all it holds.  tu_tmp_path is a file's path
   in it (one of 8 static buffers, used in turn); tu_tmp_write writes text
   there and returns the path. */
extern char tu_tmpdir[256];
int tu_tmp_open(const char *name);
int tu_tmp_close(void);
int tu_teardown(void **state); /* tu_tmp_close as a group teardown */
const char *tu_tmp_path(const char *name);
const char *tu_tmp_write(const char *name, const char *text);

/* Two 4x4 Skyscrapers records: one with one solution, one with several. */
#define UNIQUE4                                                                \
  "{\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"        \
  "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}\n"
#define MULTI4                                                                 \
  "{\"id\":\"m4\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n"

/* Runs the CLI in-process; out/err get what it printed (caller frees). */
int tu_cli(char **out, char **err, const char *arg0, ...);
/* The same with the arguments (after "gridcnf") in an array. */
int tu_cli_argv(char **out, char **err, int argc, char **argv);

/* Counts the models of the memory CNF projected on vars 1..nproj (all
   assignments of those vars for which the CNF is satisfiable), with
   CaDiCaL under assumptions.  nproj <= 20. */
long tu_count_projected(const gc_memsink *m, int nvars, int nproj);
/* Is the memory CNF satisfiable under these assumptions? */
int tu_sat_under(const gc_memsink *m, int nvars, const int *assume, int n);

/* One incremental CaDiCaL holding the memory CNF (an opaque pointer so
   that tests need not include ccadical.h). */
void *tu_solver(const gc_memsink *m);
int tu_solver_sat(void *solver, const int *assume, int n);
/* After tu_solver_sat returned 1: is lit true in the model? */
int tu_solver_true(void *solver, int lit);
void tu_solver_free(void *solver);

/* Encodes pz into mem (opt may be NULL: the defaults); fails the test on
   an error.  The caller releases cnf and frees mem. */
void tu_encode(const gc_puzzle *pz, const gc_options *opt, gc_cnf *cnf,
               gc_memsink *mem);

/* Solves with default options and the given mode. */
void tu_solve(const gc_puzzle *pz, gc_mode mode, gc_result *res);

#endif
