/* testutil.c: see testutil.h. */
#include "testutil.h"

#include <ccadical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "solver-glue/cadical.h"

gc_puzzle *tu_generate(const char *genre, int n, int stars, int br, int bc,
                       uint64_t seed, uint64_t index, gc_difficulty d,
                       const char *level) {
  return tu_generate_info(genre, n, stars, br, bc, seed, index, d, level,
                          NULL);
}

gc_puzzle *tu_generate_info(const char *genre, int n, int stars, int br,
                            int bc, uint64_t seed, uint64_t index,
                            gc_difficulty d, const char *level,
                            gc_gen_info *info) {
  gc_gen_params p;
  memset(&p, 0, sizeof p);
  p.n = n;
  p.stars = stars;
  p.box_rows = br;
  p.box_cols = bc;
  p.seed = seed;
  p.index = index;
  p.difficulty = d;
  p.level = level;
  p.max_tries = 200;
  gc_puzzle *pz = NULL;
  gc_error e;
  int r = gc_generate(gc_genre_find(genre), &p, NULL, NULL, &pz, info, &e);
  if (r != 0)
    fail_msg("generate %s %d (seed %llu, #%llu, %s): %d %s", genre, n,
             (unsigned long long)seed, (unsigned long long)index,
             level ? level : "no level", r, e.message);
  assert_non_null(pz);
  return pz;
}

gc_puzzle *tu_puzzle(const char *text, const char *genre) {
  gc_read_options ro = {NULL, genre};
  gc_error e;
  gc_reader *rd = gc_reader_new(text, strlen(text), "test", &ro, &e);
  assert_non_null(rd);
  gc_puzzle *pz = NULL;
  int r = gc_reader_next(rd, &pz, &e);
  if (r != GC_READ_PUZZLE) {
    char buf[600];
    gc_error_format(&e, buf, sizeof buf);
    fail_msg("puzzle did not read: %s", buf);
  }
  gc_reader_free(rd);
  return pz;
}

gc_code tu_read_error(const char *text, const char *genre, gc_error *err) {
  gc_read_options ro = {NULL, genre};
  gc_reader *rd = gc_reader_new(text, strlen(text), "test", &ro, err);
  if (!rd)
    return err->code;
  gc_puzzle *pz = NULL;
  int r = gc_reader_next(rd, &pz, err);
  gc_reader_free(rd);
  if (r == GC_READ_PUZZLE) {
    gc_puzzle_free(pz);
    fail_msg("expected a read error for: %s", text);
  }
  assert_int_equal(r, GC_READ_ERROR);
  return err->code;
}

const char *tu_shared(const char *rel) {
  static char buf[1024];
  const char *base = getenv("GC_SHARED");
  if (!base)
    base = GC_SHARED_DIR;
  snprintf(buf, sizeof buf, "%s/%s", base, rel);
  struct stat st;
  return stat(buf, &st) == 0 ? buf : NULL;
}

void tu_write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f)
    fail_msg("cannot write %s", path);
  fputs(text, f);
  fclose(f);
}

char *tu_read_file(const char *path) {
  char *data;
  size_t len;
  gc_error e;
  if (gc_read_file(path, &data, &len, 0, &e))
    fail_msg("cannot read %s: %s", path, e.message);
  return data;
}

int tu_cli(char **out, char **err, const char *arg0, ...) {
  char *args[64];
  int argc = 0;
  va_list ap;
  va_start(ap, arg0);
  for (const char *a = arg0; a && argc < 63; a = va_arg(ap, const char *))
    args[argc++] = (char *)a;
  va_end(ap);
  return tu_cli_argv(out, err, argc, args);
}

int tu_cli_argv(char **out, char **err, int argc, char **args) {
  char *argv[66];
  if (argc > 64)
    fail_msg("too many arguments");
  argv[0] = (char *)"gridcnf";
  for (int i = 0; i < argc; i++)
    argv[i + 1] = args[i];
  argv[argc + 1] = NULL;
  size_t ol = 0, el = 0;
  char *ob = NULL, *eb = NULL;
  FILE *fo = open_memstream(&ob, &ol), *fe = open_memstream(&eb, &el);
  int rc = gc_cli_run(argc + 1, argv, fo, fe, NULL);
  fclose(fo);
  fclose(fe);
  if (out)
    *out = ob;
  else
    free(ob);
  if (err)
    *err = eb;
  else
    free(eb);
  return rc;
}

char tu_tmpdir[256];

int tu_tmp_open(const char *name) {
  snprintf(tu_tmpdir, sizeof tu_tmpdir, "/tmp/gridcnf-test-%s-XXXXXX", name);
  return mkdtemp(tu_tmpdir) ? 0 : -1;
}

int tu_tmp_close(void) {
  char cmd[300];
  if (!tu_tmpdir[0])
    return 0;
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", tu_tmpdir);
  return system(cmd) == 0 ? 0 : -1;
}

int tu_teardown(void **state) {
  (void)state;
  return tu_tmp_close();
}

const char *tu_tmp_path(const char *name) {
  static char path[8][512];
  static int k;
  char *p = path[k++ % 8];
  snprintf(p, 512, "%s/%s", tu_tmpdir, name);
  return p;
}

const char *tu_tmp_write(const char *name, const char *text) {
  const char *p = tu_tmp_path(name);
  tu_write_file(p, text);
  return p;
}

static CCaDiCaL *load(const gc_memsink *m) {
  CCaDiCaL *s = ccadical_init();
  ccadical_set_option(s, "quiet", 1);
  gc_memsink_replay(m, gc_sink_cadical(s));
  return s;
}

void *tu_solver(const gc_memsink *m) { return load(m); }

int tu_solver_sat(void *solver, const int *assume, int n) {
  for (int i = 0; i < n; i++)
    ccadical_assume(solver, assume[i]);
  int r = ccadical_solve(solver);
  assert_true(r == 10 || r == 20);
  return r == 10;
}

int tu_solver_true(void *solver, int lit) { return ccadical_val(solver, lit) > 0; }

void tu_solver_free(void *solver) { ccadical_release(solver); }

int tu_sat_under(const gc_memsink *m, int nvars, const int *assume, int n) {
  (void)nvars;
  CCaDiCaL *s = load(m);
  for (int i = 0; i < n; i++)
    ccadical_assume(s, assume[i]);
  int r = ccadical_solve(s);
  ccadical_release(s);
  assert_true(r == 10 || r == 20);
  return r == 10;
}

long tu_count_projected(const gc_memsink *m, int nvars, int nproj) {
  (void)nvars;
  assert_true(nproj <= 20);
  CCaDiCaL *s = load(m);
  long count = 0;
  for (long a = 0; a < (1L << nproj); a++) {
    for (int v = 1; v <= nproj; v++)
      ccadical_assume(s, (a >> (v - 1)) & 1 ? v : -v);
    int r = ccadical_solve(s);
    assert_true(r == 10 || r == 20);
    count += r == 10;
  }
  ccadical_release(s);
  return count;
}

void tu_encode(const gc_puzzle *pz, const gc_options *opt, gc_cnf *cnf,
               gc_memsink *mem) {
  gc_error e;
  gc_error_clear(&e);
  if (gc_encode_memory(pz, opt, cnf, mem, &e)) {
    char buf[600];
    gc_error_format(&e, buf, sizeof buf);
    fail_msg("encoding failed: %s", buf);
  }
}

void tu_solve(const gc_puzzle *pz, gc_mode mode, gc_result *res) {
  gc_limits lim = {.mode = mode, .count = 2};
  gc_error e;
  if (gc_solve(pz, NULL, &lim, res, &e)) {
    char buf[600];
    gc_error_format(&e, buf, sizeof buf);
    fail_msg("solve failed: %s", buf);
  }
}
