/*
 * test_certify_corpus.c: `gridcnf certify` on every unique puzzle of the
 * ../shared/corpus files whose genre is registered (one batch per file, one
 * directory per puzzle), each proof checked by tests/drat/drat_check.c.
 * Prints the counts, the time spent and the proof sizes; the proofs are
 * checked four at a time.  Exits 77
 * (skipped) without ../shared or without the cadical command.
 */
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

static const char *const files[] = {"skyscrapers.jsonl", "starbattle.jsonl",
                                    "futoshiki.jsonl", "variants.jsonl"};
static char dir[256];

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static pid_t start(char *const argv[]) {
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int nul = open("/dev/null", O_WRONLY);
    if (nul < 0)
      _exit(126);
    dup2(nul, 1);
    dup2(nul, 2);
    execvp(argv[0], argv);
    _exit(127);
  }
  return pid;
}

static int run(char *const argv[]) {
  pid_t pid = start(argv);
  int st;
  assert_int_equal(waitpid(pid, &st, 0), pid);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_corpus_certificates(void **state) {
  (void)state;
  long certified = 0, lemmas = 0, max_lemmas = 0, bytes = 0, max_bytes = 0;
  double certify_ms = 0, check_ms = 0;
  char max_id[128] = "";
  char **dirs = NULL;
  size_t ndirs = 0;
  /* GC_TEST_CERT_SAMPLE=K takes every K-th unique puzzle (the sanitizer
     pass: the proofs are the same, only slower to make) */
  const char *sample_env = getenv("GC_TEST_CERT_SAMPLE");
  long sample = sample_env ? atol(sample_env) : 1;
  if (sample < 1)
    sample = 1;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    char rel[64];
    snprintf(rel, sizeof rel, "corpus/%s", files[f]);
    const char *src = tu_shared(rel);
    if (!src)
      continue;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(src, &data, &len, 0, &e), 0);
    /* the unique puzzles of registered genres, into one batch file */
    char batch[512];
    snprintf(batch, sizeof batch, "%s/%s", dir, files[f]);
    FILE *out = fopen(batch, "w");
    assert_non_null(out);
    long want = 0, uniq = 0;
    for (char *line = data; line && *line;) {
      char *nl = strchr(line, '\n');
      if (nl)
        *nl = 0;
      json_error_t je;
      json_t *rec = json_loads(line, 0, &je);
      assert_non_null(rec);
      if (gc_genre_find(json_string_value(json_object_get(rec, "genre"))) &&
          json_is_true(json_object_get(rec, "unique")) && uniq++ % sample == 0) {
        fprintf(out, "%s\n", line);
        want++;
      }
      json_decref(rec);
      line = nl ? nl + 1 : NULL;
    }
    fclose(out);
    free(data);
    if (!want)
      continue;
    char outdir[512];
    snprintf(outdir, sizeof outdir, "%s/cert-%.*s", dir,
             (int)(strlen(files[f]) - 6), files[f]);
    char *o, *err;
    double t0 = now_ms();
    int rc = tu_cli(&o, &err, "certify", "--json", "--out-dir", outdir, batch, NULL);
    certify_ms += now_ms() - t0;
    if (rc != 0)
      fail_msg("certify %s: exit %d\n%s", files[f], rc, err);
    long seen = 0;
    for (char *line = o; line && *line;) {
      char *nl = strchr(line, '\n');
      if (nl)
        *nl = 0;
      json_error_t je;
      json_t *rec = json_loads(line, 0, &je);
      assert_non_null(rec);
      assert_string_equal(json_string_value(json_object_get(rec, "status")), "unique");
      const char *cdir = json_string_value(json_object_get(rec, "certificate"));
      assert_non_null(cdir);
      json_t *proof = json_object_get(rec, "proof");
      long l = (long)json_integer_value(json_object_get(proof, "lemmas"));
      long b = (long)json_integer_value(json_object_get(proof, "bytes"));
      lemmas += l;
      bytes += b;
      if (b > max_bytes) {
        max_bytes = b, max_lemmas = l;
        snprintf(max_id, sizeof max_id, "%s",
                 json_string_value(json_object_get(rec, "id")));
      }
      dirs = realloc(dirs, (ndirs + 1) * sizeof *dirs);
      dirs[ndirs] = strdup(cdir);
      ndirs++;
      seen++;
      json_decref(rec);
      line = nl ? nl + 1 : NULL;
    }
    assert_int_equal(seen, want);
    certified += seen;
    free(o);
    free(err);
  }
  /* The proofs, checked by JOBS checkers at a time. */
  enum { JOBS = 4 };
  pid_t pids[JOBS] = {0};
  size_t which[JOBS] = {0};
  double t0 = now_ms();
  size_t next = 0, running = 0;
  while (next < ndirs || running) {
    if (next < ndirs && running < JOBS) {
      char cnf[600], drat[600];
      snprintf(cnf, sizeof cnf, "%s/blocked.cnf", dirs[next]);
      snprintf(drat, sizeof drat, "%s/proof.drat", dirs[next]);
      char *argv[] = {(char *)GC_DRAT_CHECK, cnf, drat, NULL};
      int slot = 0;
      while (pids[slot])
        slot++;
      pids[slot] = start(argv);
      which[slot] = next++;
      running++;
      continue;
    }
    int st;
    pid_t w = waitpid(-1, &st, 0);
    assert_true(w > 0);
    for (int k = 0; k < JOBS; k++)
      if (pids[k] == w) {
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
          fail_msg("%s: the proof was rejected (%d)", dirs[which[k]], st);
        pids[k] = 0;
        running--;
      }
  }
  check_ms = now_ms() - t0;
  for (size_t i = 0; i < ndirs; i++)
    free(dirs[i]);
  free(dirs);
  print_message("corpus: %ld unique puzzles certified in %.1f s, proofs checked "
                "in %.1f s (%d at a time); %ld lemmas, %.1f MB of proofs; largest %s: %ld "
                "lemmas, %ld bytes\n",
                certified, certify_ms / 1e3, check_ms / 1e3, (int)JOBS, lemmas, bytes / 1e6,
                max_id, max_lemmas, max_bytes);
  assert_true(certified >= 90 / sample);
}

int main(void) {
  if (!tu_shared("corpus")) {
    printf("../shared/corpus not found: skipped\n");
    return 77;
  }
  if (system("command -v cadical >/dev/null 2>&1") != 0) {
    printf("cadical not installed: skipped\n");
    return 77;
  }
  snprintf(dir, sizeof dir, "/tmp/gridcnf-test-certcorpus-XXXXXX");
  if (!mkdtemp(dir))
    return 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus_certificates)};
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  char *rm[] = {(char *)"rm", (char *)"-rf", dir, NULL};
  if (run(rm) != 0)
    rc = 1;
  return rc;
}
