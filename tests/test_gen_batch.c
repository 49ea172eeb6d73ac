/*
 * test_gen_batch.c: generate at scale, through the command line.  Puzzle K
 * of a seed depends on the seed and K alone: --jobs N and --start shards
 * print the same bytes as one run; every puzzle made is unique again when
 * its record goes through `solve`, with the solution it came with; a
 * minimal puzzle (difficulty any, Skyscrapers and Futoshiki) has more than
 * one solution without any one of its clues; no puzzle within --tries is
 * exit 4 and the run goes on; --timeout stops each puzzle, not the run;
 * --distinct prints no puzzle twice; one-star Star Battles have few
 * single-cell regions and name regions in reading order; big sparse Star
 * Battles come out unique with no region far over the average; one Star
 * Battle made on several threads at once is the one made on one.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* generate with the common arguments (NULL-terminated extra ones after
   them); the exit code, output in *out. */
static int gen(char **out, char **err, const char *genre, const char *size,
               const char *stars, const char *number, const char *start,
               const char *jobs, const char *json) {
  const char *a[20];
  int k = 0;
  a[k++] = genre;
  a[k++] = "--size";
  a[k++] = size;
  if (stars) {
    a[k++] = "--stars";
    a[k++] = stars;
  }
  a[k++] = "--seed";
  a[k++] = "77";
  a[k++] = "--number";
  a[k++] = number;
  if (start) {
    a[k++] = "--start";
    a[k++] = start;
  }
  if (jobs) {
    a[k++] = "--jobs";
    a[k++] = jobs;
  }
  if (json)
    a[k++] = json;
  while (k < 20)
    a[k++] = NULL;
  return tu_cli(out, err, "generate", a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15],
                a[16], NULL);
}

static char *concat(char *a, char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *r = malloc(la + lb + 1);
  assert_non_null(r);
  memcpy(r, a, la);
  memcpy(r + la, b, lb + 1);
  free(a);
  free(b);
  return r;
}

/* --jobs 2 and 3, and three shards (--start 1, 3, 5), give the bytes of
   one --jobs 1 run; a shard's ids are those of the whole run. */
static void test_jobs_and_shards(void **state) {
  (void)state;
  static const char *const cases[][3] = {{"starbattle", "10", "2"},
                                         {"skyscrapers", "5", NULL},
                                         {"futoshiki", "5", NULL}};
  for (int c = 0; c < 3; c++)
    for (int j = 0; j < 2; j++) {
      const char *json = j ? "--json" : NULL;
      char *one, *two, *three, *s1, *s2, *s3;
      assert_int_equal(gen(&one, NULL, cases[c][0], cases[c][1], cases[c][2],
                           "6", NULL, NULL, json),
                       0);
      assert_int_equal(gen(&two, NULL, cases[c][0], cases[c][1], cases[c][2],
                           "6", NULL, "2", json),
                       0);
      assert_int_equal(gen(&three, NULL, cases[c][0], cases[c][1], cases[c][2],
                           "6", NULL, "3", json),
                       0);
      assert_int_equal(gen(&s1, NULL, cases[c][0], cases[c][1], cases[c][2],
                           "2", "1", NULL, json),
                       0);
      assert_int_equal(gen(&s2, NULL, cases[c][0], cases[c][1], cases[c][2],
                           "2", "3", "2", json),
                       0);
      assert_int_equal(gen(&s3, NULL, cases[c][0], cases[c][1], cases[c][2],
                           "2", "5", NULL, json),
                       0);
      char id[64];
      snprintf(id, sizeof id, "gen-%s-%s-s77-5", cases[c][0], cases[c][1]);
      assert_non_null(strstr(s3, id));
      assert_null(strstr(s3, "-s77-1"));
      assert_true(strlen(one) > 100);
      assert_string_equal(one, two);
      assert_string_equal(one, three);
      char *shards = concat(concat(s1, s2), s3);
      assert_string_equal(one, shards);
      free(one);
      free(two);
      free(three);
      free(shards);
    }
}

/* The "N region changes in A attempts" of each puzzle line of a run's
   standard error, one per line, into buf. */
static void attempts_of(const char *err, char *buf, size_t size) {
  size_t k = 0;
  buf[0] = 0;
  for (const char *p = err; (p = strstr(p, " gen-starbattle-"));) {
    const char *a = p + 1, *e = strchr(a, ',');
    assert_non_null(e);
    assert_true(k + (size_t)(e - a) + 2 < size);
    memcpy(buf + k, a, (size_t)(e - a));
    k += (size_t)(e - a);
    buf[k++] = '\n';
    buf[k] = 0;
    p = e;
  }
}

/* One Star Battle made whole on several threads (--jobs over the puzzles
   asked for: attempts at once) is the one made on one, region changes and
   attempts included; so is a batch whose threads, once their puzzles are
   done, are lent to the puzzles still being made.  These puzzles take
   several attempts each, so which thread ends first varies from run to
   run. */
static void test_attempts_at_once(void **state) {
  (void)state;
  for (int j = 0; j < 2; j++) {
    const char *json = j ? "--json" : NULL;
    char *one, *err1, lines1[512];
    assert_int_equal(gen(&one, &err1, "starbattle", "16", "3", "3", NULL,
                         NULL, json),
                     0);
    attempts_of(err1, lines1, sizeof lines1);
    assert_non_null(strstr(lines1, "in 8 attempts"));
    for (int t = 0; t < 2; t++) {
      char *all = calloc(1, 1), lines[512] = "";
      assert_non_null(all);
      for (int k = 1; k <= 3; k++) {
        char *out, *err, start[8], part[256];
        snprintf(start, sizeof start, "%d", k);
        assert_int_equal(gen(&out, &err, "starbattle", "16", "3", "1", start,
                             t ? "4" : "2", json),
                         0);
        attempts_of(err, part, sizeof part);
        strcat(lines, part);
        all = concat(all, out);
        free(err);
      }
      assert_string_equal(one, all);
      assert_string_equal(lines1, lines);
      free(all);
      char *batch, *errb, linesb[512];
      assert_int_equal(gen(&batch, &errb, "starbattle", "16", "3", "3", NULL,
                           t ? "3" : "2", json),
                       0);
      attempts_of(errb, linesb, sizeof linesb);
      assert_string_equal(one, batch);
      assert_string_equal(lines1, linesb);
      free(batch);
      free(errb);
    }
    free(one);
    free(err1);
  }
}

/* The progress callback's attempts: those begun so far, never fewer than
   before; on one thread the last it sees is the count the puzzle's line
   gives (the attempt that made it was the last begun), on two at least
   that. */
typedef struct progress_seen {
  long calls, most;
  int fell;
} progress_seen;

static void note_progress(void *ctx, const gc_gen_info *so_far) {
  progress_seen *s = ctx;
  s->calls++;
  s->fell |= so_far->attempts < s->most;
  if (so_far->attempts > s->most)
    s->most = so_far->attempts;
}

static void test_progress_attempts(void **state) {
  (void)state;
  for (int threads = 1; threads <= 2; threads++) {
    gc_gen_params p;
    memset(&p, 0, sizeof p);
    p.n = 16;
    p.stars = 3;
    p.seed = 77;
    p.index = 2;
    p.threads = threads;
    progress_seen s = {0, 0, 0};
    p.progress = note_progress;
    p.progress_ctx = &s;
    gc_puzzle *pz = NULL;
    gc_gen_info info;
    gc_error e;
    assert_int_equal(gc_generate(gc_genre_find("starbattle"), &p, NULL, NULL,
                                 &pz, &info, &e),
                     0);
    assert_int_equal(info.attempts, 8); /* as test_attempts_at_once's */
    assert_true(s.calls > 8);
    assert_false(s.fell);
    if (threads == 1)
      assert_int_equal(s.most, 8);
    else
      assert_true(s.most >= 8);
    gc_puzzle_free(pz);
  }
}

/* Tries at once: a level asked for is found by fresh starts, which run
   on the threads the puzzle may use; each try has its own stream, so the
   puzzle, its tries and their tally are the same for any count (8x8
   one-star aimed at expert: 267 tries; 5x5 none in 300, with what they
   graded), and so is the command's output with --jobs. */
static void test_tries_at_once(void **state) {
  (void)state;
  const struct {
    int n, tries, made;
    const char *level;
  } cases[] = {{8, 0, 1, "expert"}, {5, 300, 0, "expert"}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char *want = NULL;
    gc_gen_info first;
    for (int threads = 1; threads <= 3; threads++) {
      gc_gen_params p;
      memset(&p, 0, sizeof p);
      p.n = cases[k].n;
      p.stars = 1;
      p.seed = 1;
      p.index = 1;
      p.level = cases[k].level;
      p.max_tries = cases[k].tries;
      p.threads = threads;
      gc_puzzle *pz = NULL;
      gc_gen_info info;
      gc_error e;
      int r = gc_generate(gc_genre_find("starbattle"), &p, NULL, NULL, &pz,
                          &info, &e);
      assert_int_equal(r, cases[k].made ? 0 : 2);
      char *text = pz ? gc_puzzle_json(pz) : strdup(e.message);
      assert_non_null(text);
      if (threads == 1) {
        want = text;
        first = info;
        if (cases[k].made)
          assert_int_equal(info.tries, 267);
        else
          assert_non_null(strstr(text, "in 300 tries (they graded "));
        gc_puzzle_free(pz);
        continue;
      }
      assert_string_equal(text, want);
      assert_int_equal(info.tries, first.tries);
      assert_int_equal(info.perturbs, first.perturbs);
      assert_int_equal(info.level, first.level);
      assert_memory_equal(info.graded, first.graded, sizeof info.graded);
      free(text);
      gc_puzzle_free(pz);
    }
    free(want);
  }
  /* the command: 5x5 Skyscrapers aimed at unreasonable take 13, 4 and 4
     tries */
  char *out1, *err1, *out2, *err2;
  assert_int_equal(tu_cli(&out1, &err1, "generate", "skyscrapers", "--size",
                          "5", "--seed", "4", "--difficulty", "unreasonable",
                          "--number", "3", "--jobs", "1", NULL),
                   0);
  assert_int_equal(tu_cli(&out2, &err2, "generate", "skyscrapers", "--size",
                          "5", "--seed", "4", "--difficulty", "unreasonable",
                          "--number", "3", "--jobs", "2", NULL),
                   0);
  assert_string_equal(out1, out2);
  for (int i = 0; i < 2; i++) {
    const char *e = i ? err2 : err1;
    assert_non_null(strstr(e, "s4-1: 8 of 45 clues kept, unreasonable, 13 tries"));
    assert_non_null(strstr(e, "s4-2: 7 of 45 clues kept, unreasonable, 4 tries"));
  }
  free(out1);
  free(out2);
  free(err1);
  free(err2);
}

/* The tries take the threads a caller lends (gc_gen_params.borrow), from
   the second try on: 5x5 Skyscrapers aimed at unreasonable, seed 4,
   takes 13 tries, and borrows; aimed at extreme, puzzle 2 takes one and
   borrows none (the first try runs alone).  Every thread lent is given
   back, and the puzzle is the one made without lending. */
typedef struct lender {
  atomic_int asked, lent, back;
} lender;

static int lend_one(void *pool) {
  lender *l = pool;
  atomic_fetch_add(&l->asked, 1);
  int none = 0;
  return atomic_compare_exchange_strong(&l->lent, &none, 1);
}

static void take_back(void *pool) {
  lender *l = pool;
  atomic_fetch_add(&l->back, 1);
}

static void test_tries_lent(void **state) {
  (void)state;
  const struct {
    const char *level;
    int index, tries, borrows;
  } cases[] = {{"unreasonable", 1, 13, 1}, {"extreme", 2, 1, 0}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char *text[2];
    for (int lend = 0; lend < 2; lend++) {
      gc_gen_params p;
      memset(&p, 0, sizeof p);
      p.n = 5;
      p.seed = 4;
      p.index = (uint64_t)cases[k].index;
      p.level = cases[k].level;
      lender l;
      atomic_init(&l.asked, 0);
      atomic_init(&l.lent, 0);
      atomic_init(&l.back, 0);
      if (lend) {
        p.borrow = lend_one;
        p.give_back = take_back;
        p.pool = &l;
      }
      gc_puzzle *pz = NULL;
      gc_gen_info info;
      gc_error e;
      assert_int_equal(gc_generate(gc_genre_find("skyscrapers"), &p, NULL,
                                   NULL, &pz, &info, &e),
                       0);
      assert_int_equal(info.tries, cases[k].tries);
      text[lend] = gc_puzzle_json(pz);
      assert_non_null(text[lend]);
      gc_puzzle_free(pz);
      if (lend) {
        assert_int_equal(atomic_load(&l.lent), cases[k].borrows);
        assert_int_equal(atomic_load(&l.back), cases[k].borrows);
        if (!cases[k].borrows)
          assert_int_equal(atomic_load(&l.asked), 0);
      }
    }
    assert_string_equal(text[0], text[1]);
    free(text[0]);
    free(text[1]);
  }
}

/* A grade cut short stops the puzzle: it is not made with no grade (a run
   cut short then would print a record one run does not).  The step path's
   progress callback, first called while the made puzzle is graded, stands
   for Ctrl-C there. */
static volatile int grade_stop;

static void stop_at_grading(void *ctx, const char *phase, long done,
                            long total) {
  (void)ctx, (void)phase, (void)done, (void)total;
  gc_stop_request(&grade_stop, 1);
}

static void test_grade_cut_short(void **state) {
  (void)state;
  gc_gen_params p;
  memset(&p, 0, sizeof p);
  p.n = 8;
  p.stars = 1;
  p.seed = 3;
  p.index = 1;
  gc_limits lim;
  memset(&lim, 0, sizeof lim);
  gc_puzzle *pz = NULL;
  gc_gen_info info;
  gc_error e;
  /* uncut: made and graded */
  assert_int_equal(gc_generate(gc_genre_find("starbattle"), &p, NULL, &lim, &pz,
                               &info, &e),
                   0);
  assert_true(info.level >= 0);
  gc_puzzle_free(pz);
  grade_stop = 0;
  lim.interrupt = &grade_stop;
  lim.progress = stop_at_grading;
  assert_int_equal(gc_generate(gc_genre_find("starbattle"), &p, NULL, &lim, &pz,
                               &info, &e),
                   1);
  assert_true(grade_stop);
  assert_null(pz);
}

/* Every record of out (a run's JSON lines), solved again by `solve
   --json`: unique, with the solution the record came with.  The records,
   parsed, into recs (at most cap; the caller's to json_decref); returns
   how many. */
static int resolved(const char *out, json_t **recs, int cap) {
  tu_write_file("gen-batch.jsonl", out);
  char *solved;
  assert_int_equal(
      tu_cli(&solved, NULL, "solve", "--json", "gen-batch.jsonl", NULL), 0);
  const char *p = out, *q = solved;
  int records = 0;
  while (*p) {
    const char *pe = strchr(p, '\n'), *qe = strchr(q, '\n');
    assert_non_null(pe);
    assert_non_null(qe);
    json_t *a = json_loadb(p, (size_t)(pe - p), 0, NULL);
    json_t *b = json_loadb(q, (size_t)(qe - q), 0, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(json_string_value(json_object_get(b, "status")),
                        "unique");
    assert_string_equal(json_string_value(json_object_get(a, "id")),
                        json_string_value(json_object_get(b, "id")));
    assert_true(json_equal(json_object_get(a, "solution"),
                           json_object_get(b, "solution")));
    json_decref(b);
    assert_true(records < cap);
    recs[records++] = a;
    p = pe + 1;
    q = qe + 1;
  }
  free(solved);
  remove("gen-batch.jsonl");
  return records;
}

/* Every record of a run is unique again through `solve`. */
static void test_resolve(void **state) {
  (void)state;
  static const char *const cases[][3] = {{"starbattle", "12", "2"},
                                         {"starbattle", "8", "1"},
                                         {"skyscrapers", "6", NULL},
                                         {"futoshiki", "6", NULL}};
  for (int c = 0; c < 4; c++) {
    char *out;
    json_t *recs[4];
    assert_int_equal(gen(&out, NULL, cases[c][0], cases[c][1], cases[c][2], "4",
                         NULL, "2", "--json"),
                     0);
    assert_int_equal(resolved(out, recs, 4), 4);
    for (int k = 0; k < 4; k++)
      json_decref(recs[k]);
    free(out);
  }
}

/* Difficulty any: without any one of its clues, givens or signs, a
   puzzle has more than one solution (`solve` answers multiple, exit 2). */
static void test_minimal(void **state) {
  (void)state;
  static const char *const cases[][2] = {{"skyscrapers", "4"},
                                         {"futoshiki", "4"}};
  static const char *const keys[] = {"top", "bottom", "left", "right",
                                     "givens"};
  for (int c = 0; c < 2; c++) {
    char *out;
    assert_int_equal(gen(&out, NULL, cases[c][0], cases[c][1], NULL, "3", NULL,
                         "2", "--json"),
                     0);
    for (const char *p = out; *p;) {
      const char *pe = strchr(p, '\n');
      json_t *rec = json_loadb(p, (size_t)(pe - p), 0, NULL);
      assert_non_null(rec);
      json_object_del(rec, "solution");
      json_object_del(rec, "unique");
      int clues = 0;
      /* every nonzero entry of the clue arrays and grids, in turn */
      for (int k = 0; k < 5; k++) {
        json_t *v = json_object_get(rec, keys[k]);
        size_t n = json_is_array(v) ? json_array_size(v) : 0;
        for (size_t i = 0; i < n; i++) {
          json_t *e = json_array_get(v, i);
          size_t m = json_is_array(e) ? json_array_size(e) : 1;
          for (size_t j = 0; j < m; j++) {
            json_t *x = json_is_array(e) ? json_array_get(e, j) : e;
            if (!json_integer_value(x))
              continue;
            json_int_t keep = json_integer_value(x);
            json_integer_set(x, 0);
            char *text = json_dumps(rec, JSON_COMPACT);
            tu_write_file("gen-minimal.json", text);
            free(text);
            assert_int_equal(
                tu_cli(NULL, NULL, "solve", "gen-minimal.json", NULL), 2);
            json_integer_set(x, keep);
            clues++;
          }
        }
      }
      json_t *lt = json_object_get(rec, "lt"); /* Futoshiki's signs */
      for (size_t i = 0; json_is_array(lt) && i < json_array_size(lt); i++) {
        json_t *copy = json_deep_copy(rec);
        json_array_remove(json_object_get(copy, "lt"), i);
        char *text = json_dumps(copy, JSON_COMPACT);
        tu_write_file("gen-minimal.json", text);
        free(text);
        json_decref(copy);
        assert_int_equal(tu_cli(NULL, NULL, "solve", "gen-minimal.json", NULL),
                         2);
        clues++;
      }
      assert_true(clues > 0);
      json_decref(rec);
      p = pe + 1;
    }
    free(out);
  }
  remove("gen-minimal.json");
}

/* No puzzle within --tries: exit 4 (not 65), the message says so, the run
   goes on with the next puzzle, and the summary counts it. */
static void test_not_found(void **state) {
  (void)state;
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "3",
                          "--seed", "1", "--difficulty", "unreasonable",
                          "--tries", "2", "--number", "2", NULL),
                   4);
  assert_string_equal(out, "");
  assert_non_null(strstr(err, "puzzle 1 of 2: no skyscrapers 3x3 puzzle of "
                              "difficulty unreasonable in 2 tries"));
  assert_non_null(strstr(err, "puzzle 2 of 2: no skyscrapers"));
  assert_non_null(strstr(err, "0 of 2 puzzles made"));
  assert_non_null(strstr(err, "2 not found within the tries"));
  free(out);
  free(err);
  /* the library's status: 2 */
  gc_gen_params p;
  memset(&p, 0, sizeof p);
  p.n = 3;
  p.seed = 1;
  p.index = 1;
  p.level = "unreasonable";
  p.max_tries = 2;
  gc_puzzle *pz = NULL;
  gc_gen_info info;
  gc_error e;
  assert_int_equal(
      gc_generate(gc_genre_find("skyscrapers"), &p, NULL, NULL, &pz, &info, &e),
      2);
  assert_null(pz);
  assert_int_equal(info.tries, 2);
  assert_non_null(strstr(e.message, "in 2 tries"));
  /* Without --tries, a difficulty asked for gets GC_GEN_TRIES_AIMED
     fresh starts: one 8x8 one-star Star Battle in about a hundred grades
     expert, and seed 1's first takes 267 tries (50 gave none). */
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "8",
                          "--seed", "1", "--difficulty", "expert", "--json",
                          NULL),
                   0);
  json_t *rec = json_loads(out, 0, NULL);
  assert_non_null(rec);
  assert_string_equal(json_string_value(json_object_get(rec, "difficulty")),
                      "expert");
  json_decref(rec);
  assert_non_null(strstr(err, "expert, 267 tries"));
  free(out);
  free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "8",
                          "--seed", "1", "--difficulty", "expert", "--tries",
                          "50", NULL),
                   4);
  assert_non_null(strstr(err, "in 50 tries"));
  free(out);
  free(err);
  /* a level the genre does not have: its levels, and Futoshiki's older
     "hard" (it has no level of that name) */
  assert_int_equal(tu_cli(&out, &err, "generate", "futoshiki", "--size", "6",
                          "--difficulty", "medium", NULL),
                   64);
  assert_non_null(strstr(err, "--difficulty takes any, trivial, easy, tricky, "
                              "extreme, recursive for futoshiki (or hard: one "
                              "that propagation and probing do not solve), not "
                              "'medium' (see 'gridcnf help generate')"));
  free(out);
  free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "6",
                          "--difficulty", "tricky", NULL),
                   64);
  assert_non_null(strstr(err, "takes any, easy, medium, hard, expert for "
                              "starbattle, not 'tricky'"));
  free(out);
  free(err);
  /* Futoshiki's older "hard" (propagation and probing do not solve it):
     none at 5x5, and the message says why and names the level to ask
     for instead */
  assert_int_equal(tu_cli(&out, &err, "generate", "futoshiki", "--size", "5",
                          "--seed", "1", "--difficulty", "hard", "--tries",
                          "20", NULL),
                   4);
  assert_non_null(strstr(err, "no futoshiki 5x5 puzzle of difficulty hard in "
                              "20 tries (propagation and probing solved all "
                              "20; --difficulty recursive asks for the "
                              "genre's hardest level)\n"));
  free(out);
  free(err);
  /* 5x5 one-star grids grade expert none in 1000 tries; the message says
     what they graded (1000 in all) */
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "5",
                          "--seed", "1", "--difficulty", "expert", NULL),
                   4);
  assert_non_null(strstr(err, "no starbattle 5x5 puzzle of difficulty expert "
                              "in 1000 tries (they graded hard 108, medium "
                              "763, easy 129)\n"));
  free(out);
  free(err);
  /* ... and one that has taken more than 10 tries and 5 s gets a note
     once, with what its tries graded so far (4x4 one-star grids graded
     hard: none in 6 s); on two threads, so that tries are still running
     when it is written */
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "4",
                          "--seed", "1", "--difficulty", "hard", "--tries",
                          "1000000", "--timeout", "6", "--jobs", "2", NULL),
                   3);
  const char *note = strstr(err, "puzzle 1 of 1: none of its first ");
  assert_non_null(note);
  assert_non_null(strstr(note, " tries graded hard (they graded "));
  assert_non_null(strstr(note, "); that level may be rare at this size\n"));
  { /* the count is the tries graded: the sum of the tally */
    int first = 0, sum = 0, k = 0;
    const char *at = note + strlen("puzzle 1 of 1: none of its first ");
    assert_int_equal(sscanf(at, "%d", &first), 1);
    at = strstr(note, "(they graded ") + strlen("(they graded ");
    for (;;) {
      char level[16];
      if (sscanf(at, "%15[a-z] %d", level, &k) != 2)
        break;
      sum += k;
      const char *next = strstr(at, ", ");
      const char *close = strchr(at, ')');
      if (!next || next > close)
        break;
      at = next + 2;
    }
    assert_true(first > 10);
    assert_int_equal(first, sum);
  }
  assert_null(strstr(strstr(note, "none of") + 1, "none of")); /* once */
  free(out);
  free(err);
  /* Aimed at easy, a Star Battle of several stars grows one region only
     (sb_grow): 14x14 with 3 stars, seed 5, in 17 tries (seeds 1 to 5
     take 17 to 116; with the usual growth of one to half of the regions
     seeds 1 to 3 took 316, 1408 and 792 with the tries' streams of
     then). */
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "14",
                          "--stars", "3", "--seed", "5", "--difficulty",
                          "easy", "--tries", "50", NULL),
                   0);
  assert_non_null(strstr(err, "easy, 17 tries"));
  free(out);
  free(err);
}

/* The text of each puzzle of a text run (the lines after each "# ID"
   line), into texts (room for most); returns how many. */
static int puzzle_texts(const char *out, char **texts, int most) {
  int k = 0;
  for (const char *at = strstr(out, "# gen-"); at && k < most;) {
    const char *body = strchr(at, '\n');
    assert_non_null(body);
    body++;
    const char *next = strstr(body, "# gen-");
    size_t len = next ? (size_t)(next - body) : strlen(body);
    texts[k] = malloc(len + 1);
    assert_non_null(texts[k]);
    memcpy(texts[k], body, len);
    texts[k++][len] = 0;
    at = next;
  }
  return k;
}

static int repeats_in(char **texts, int k) {
  int r = 0;
  for (int i = 0; i < k; i++)
    for (int j = 0; j < i; j++)
      if (!strcmp(texts[i], texts[j])) {
        r++;
        break;
      }
  return r;
}

/* --distinct: 4x4 Star Battle (2 star layouts) repeats puzzles within 40;
   with --distinct the run prints 40 that all differ, the same bytes with
   --jobs 2, each with the id that makes it again alone; parameters with
   no more puzzles stop after 1000 repeats in a row with exit 4. */
static void test_distinct(void **state) {
  (void)state;
  enum { K = 40 };
  char *plain, *one, *two, *err, *texts[K + 1];
  assert_int_equal(tu_cli(&plain, NULL, "generate", "starbattle", "--size", "4",
                          "--seed", "77", "--number", "40", NULL),
                   0);
  int k = puzzle_texts(plain, texts, K + 1);
  assert_int_equal(k, K);
  assert_true(repeats_in(texts, k) > 0); /* the case is worth testing */
  for (int i = 0; i < k; i++)
    free(texts[i]);
  assert_int_equal(tu_cli(&one, &err, "generate", "starbattle", "--size", "4",
                          "--seed", "77", "--number", "40", "--distinct", NULL),
                   0);
  assert_int_equal(tu_cli(&two, NULL, "generate", "starbattle", "--size", "4",
                          "--seed", "77", "--number", "40", "--distinct",
                          "--jobs", "2", NULL),
                   0);
  assert_string_equal(one, two);
  k = puzzle_texts(one, texts, K + 1);
  assert_int_equal(k, K);
  assert_int_equal(repeats_in(texts, k), 0);
  assert_non_null(strstr(err, "40 of 40 puzzles made"));
  assert_non_null(strstr(err, "repeats skipped"));
  /* a skipped index says which puzzle it repeats, and prints nothing */
  const char *skip = strstr(err, ": the same puzzle as gen-starbattle-4-s77-");
  assert_non_null(skip);
  const char *id = skip;
  while (id > err && id[-1] != ' ')
    id--;
  char skipped[64];
  snprintf(skipped, sizeof skipped, "# %.*s\n", (int)(skip - id), id);
  assert_null(strstr(one, skipped));
  /* the last puzzle, made alone from its id's index, is the same */
  const char *last = strrchr(one, '#');
  assert_non_null(last);
  char index[32];
  const char *dash = strchr(last, '\n');
  while (dash[-1] != '-')
    dash--;
  snprintf(index, sizeof index, "%.*s", (int)(strchr(last, '\n') - dash), dash);
  assert_true(atoi(index) > K);
  char *alone;
  assert_int_equal(tu_cli(&alone, NULL, "generate", "starbattle", "--size", "4",
                          "--seed", "77", "--start", index, NULL),
                   0);
  assert_string_equal(alone, last);
  free(alone);
  for (int i = 0; i < k; i++)
    free(texts[i]);
  free(one);
  free(two);
  free(err);
  /* 2x2 Skyscrapers: a few puzzles, then only repeats */
  assert_int_equal(tu_cli(&one, &err, "generate", "skyscrapers", "--size", "2",
                          "--seed", "1", "--number", "50", "--distinct", NULL),
                   4);
  k = puzzle_texts(one, texts, K + 1);
  assert_true(k > 0 && k < 50);
  assert_int_equal(repeats_in(texts, k), 0);
  assert_non_null(strstr(err, "1000 repeats in a row"));
  for (int i = 0; i < k; i++)
    free(texts[i]);
  free(one);
  free(err);
  free(plain);
}

/* One-star Star Battles: regions grow to several cells first, so that few
   stay single cells and none takes most of the grid (before: 5.6 single
   cells a puzzle at 8x8, the largest region half the grid); regions are
   named in reading order (the first cell's region 0, a new one the next
   id). */
static void test_one_star_regions(void **state) {
  (void)state;
  char *out;
  assert_int_equal(tu_cli(&out, NULL, "generate", "starbattle", "--size", "8",
                          "--seed", "3", "--number", "40", "--json", NULL),
                   0);
  int puzzles = 0, singles = 0, big = 0;
  for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
    json_error_t je;
    json_t *rec = json_loads(line, 0, &je);
    assert_non_null(rec);
    int size[8] = {0}, next = 0;
    for (int r = 0; r < 8; r++)
      for (int c = 0; c < 8; c++) {
        int id = (int)json_integer_value(json_array_get(
            json_array_get(json_object_get(rec, "regions"), r), c));
        assert_true(id >= 0 && id < 8);
        if (!size[id])
          assert_int_equal(id, next++); /* reading order */
        size[id]++;
      }
    for (int k = 0; k < 8; k++) {
      singles += size[k] == 1;
      big += size[k] > 32;
    }
    puzzles++;
    json_decref(rec);
  }
  assert_int_equal(puzzles, 40);
  assert_true(singles <= 40); /* at most one a puzzle on average */
  assert_true(big <= 4);      /* a region over half the grid: rare */
  free(out);
}

/* Region r of a record: connected, with its size. */
static int region_size(json_t *regions, int n, int r, int *connected) {
  int cells[40 * 40], seen[40 * 40] = {0}, k = 0, size = 0, first = -1;
  for (int c = 0; c < n * n; c++)
    if (json_integer_value(json_array_get(
            json_array_get(regions, (size_t)(c / n)), (size_t)(c % n))) == r) {
      size++;
      if (first < 0)
        first = c;
    }
  if (first < 0) {
    *connected = 0;
    return 0;
  }
  cells[k++] = first;
  seen[first] = 1;
  for (int h = 0; h < k; h++) {
    int c = cells[h];
    int nb[4] = {c % n ? c - 1 : -1, c % n < n - 1 ? c + 1 : -1,
                 c >= n ? c - n : -1, c + n < n * n ? c + n : -1};
    for (int d = 0; d < 4; d++) {
      int y = nb[d];
      if (y < 0 || seen[y] ||
          json_integer_value(json_array_get(
              json_array_get(regions, (size_t)(y / n)), (size_t)(y % n))) != r)
        continue;
      seen[y] = 1;
      cells[k++] = y;
    }
  }
  *connected = k == size;
  return size;
}

/* Big sparse Star Battles (made of dense puzzles on the diagonal) come
   out, unique again through `solve` with their own solution, every region
   in one piece, none far over the average (n cells): the build before
   made no 30x30 with 3 stars or 40x40 with 2 in minutes, and without the
   balancing of regions its largest here are 139, 169 and 77 cells; the
   first 40x40 has stars in touching corners of two squares unless a square
   is turned (exit 70 then: the fresh proof finds no solution).  The moves
   of the balancing count as region changes in the progress line (16x16
   with 2 stars: its dense 8x8 squares need no other change, and it said
   0). */
static void test_sparse_blocks(void **state) {
  (void)state;
  static const char *const cases[][3] = {
      {"30", "3", "120"}, {"40", "2", "160"}, {"20", "1", "60"}};
  for (int c = 0; c < 3; c++) {
    char *out;
    json_t *recs[2];
    int n = atoi(cases[c][0]), most = atoi(cases[c][2]);
    assert_int_equal(gen(&out, NULL, "starbattle", cases[c][0], cases[c][1],
                         "2", NULL, "2", "--json"),
                     0);
    assert_int_equal(resolved(out, recs, 2), 2);
    for (int k = 0; k < 2; k++) {
      int largest = 0;
      for (int r = 0; r < n; r++) {
        int connected, size = region_size(json_object_get(recs[k], "regions"),
                                          n, r, &connected);
        assert_true(size > 0 && connected);
        if (size > largest)
          largest = size;
      }
      assert_true(largest <= most);
      json_decref(recs[k]);
    }
    free(out);
  }
  char *out, *err;
  assert_int_equal(
      gen(&out, &err, "starbattle", "16", "2", "2", NULL, "1", "--json"), 0);
  assert_non_null(strstr(err, "region changes"));
  assert_null(strstr(err, ": 0 region changes"));
  free(out);
  free(err);
  /* past the wall the regions are built unique, with no region changed
     after (starbattle_forced.c) */
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "22",
                          "--stars", "3", "--seed", "9", "--json", NULL),
                   0);
  assert_non_null(strstr(err, ": 0 region changes"));
  free(out);
  free(err);
}

/* --timeout limits each puzzle: both puzzles of the run are stopped and
   reported (exit 3), well before a generous bound. */
static void test_timeout_per_puzzle(void **state) {
  (void)state;
  char *out, *err;
  double t0 = now_ms();
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "30",
                          "--stars", "6", "--seed", "1", "--number", "2",
                          "--timeout", "0.05", NULL),
                   3);
  assert_true(now_ms() - t0 < 60000);
  assert_non_null(strstr(err, "puzzle 1 of 2: time limit reached"));
  assert_non_null(strstr(err, "puzzle 2 of 2: time limit reached"));
  assert_non_null(strstr(err, "2 stopped by the time limit"));
  assert_string_equal(out, "");
  /* a size known to take minutes is named before the run starts, with
     the sides that take seconds for its stars; with a time limit given,
     the advice to give one is left out */
  const char *note = "gridcnf: generate: a 30x30 starbattle with 6 stars may "
                     "take minutes, or hours, to make (up to 29x29 a grid "
                     "with 6 stars takes seconds; the guide lists such "
                     "sizes)\n";
  assert_true(strncmp(err, note, strlen(note)) == 0);
  free(out);
  free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "35",
                          "--stars", "5", "--seed", "1", "--timeout", "0.05",
                          NULL),
                   3);
  assert_non_null(strstr(err, "a 35x35 starbattle with 5 stars may take"));
  /* the fast sides on both sides of the wall: whole below it, in blocks
     from 8 lines a star */
  assert_non_null(strstr(err, "to make (up to 30x30 and from 40x40 a grid "
                              "with 5 stars takes seconds; the guide lists "
                              "such sizes)"));
  assert_null(strstr(err, "--timeout SECONDS"));
  /* one puzzle on one of several cores: what --jobs would do is said */
  int cpus = gc_usable_cpus();
  char hint[96];
  snprintf(hint, sizeof hint, "sizes); --jobs %d makes its attempts %d at a time\n",
           cpus, cpus);
  if (cpus > 1)
    assert_non_null(strstr(err, hint));
  else
    assert_null(strstr(err, "--jobs"));
  free(out);
  free(err);
  for (int j = 1; j <= 2; j++) { /* --jobs given, even 1: no advice */
    assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "35",
                            "--stars", "5", "--seed", "1", "--timeout", "0.05",
                            "--jobs", j == 1 ? "1" : "2", NULL),
                     3);
    assert_non_null(strstr(err, "a 35x35 starbattle with 5 stars may take"));
    assert_null(strstr(err, "--jobs"));
    free(out);
    free(err);
  }
  /* Without a time limit the note advises one; sizes made in seconds
     (whole, in blocks, by construction past the wall, other genres) get
     none. */
  static const int slow[][2] = {{31, 5}, {39, 5}, {30, 6}, {40, 6},
                                {33, 7}, {40, 7}, {36, 8}, {40, 8}};
  for (size_t i = 0; i < sizeof slow / sizeof *slow; i++) {
    gc_gen_params p = {.n = slow[i][0], .stars = slow[i][1]};
    assert_true(gc_generate_slow(gc_genre_find("starbattle"), &p));
  }
  /* the densest big grids come out in seconds (28x28 with 6 stars, 31x31
     with 7, 35x35 with 8), as do grids of 8 lines a star (blocks) and
     those built past the wall up to where seeds took most of a minute
     (23x23 with 3 stars, 31x31 with 4, 30x30 with 5, 29x29 with 6, 32x32
     with 7) */
  static const int fast[][2] = {
      {10, 2}, {20, 3}, {20, 4}, {22, 4}, {25, 5}, {25, 6}, {28, 6}, {31, 7},
      {32, 8}, {35, 8}, {30, 3}, {32, 4}, {40, 5}, {20, 1}, {40, 1}, {22, 3},
      {23, 3}, {23, 4}, {31, 4}, {26, 5}, {30, 5}, {29, 6}, {32, 7}};
  for (size_t i = 0; i < sizeof fast / sizeof *fast; i++) {
    gc_gen_params p = {.n = fast[i][0], .stars = fast[i][1]};
    assert_false(gc_generate_slow(gc_genre_find("starbattle"), &p));
  }
  assert_false(
      gc_generate_slow(gc_genre_find("skyscrapers"), &(gc_gen_params){.n = 9}));
  assert_int_equal(tu_cli(&out, &err, "generate", "starbattle", "--size", "10",
                          "--stars", "2", "--seed", "1", NULL),
                   0);
  assert_null(strstr(err, "may take minutes"));
  free(out);
  free(err);
}

/* The lines of a JSON-lines output with every "ms" key taken out. */
static char *without_ms(const char *text) {
  size_t cap = 4 * strlen(text) + 1024, len = 0;
  char *r = malloc(cap);
  assert_non_null(r);
  r[0] = 0;
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    assert_non_null(e);
    json_t *o = json_loadb(p, (size_t)(e - p), 0, NULL);
    assert_non_null(o);
    json_object_del(o, "ms");
    char *line = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    size_t k = strlen(line);
    assert_true(len + k + 2 <= cap);
    memcpy(r + len, line, k);
    len += k;
    r[len++] = '\n';
    r[len] = 0;
    free(line);
    json_decref(o);
    p = e + 1;
  }
  return r;
}

/* rate and minimize --jobs 2: the records of one job, in input order, a
   record that does not read reported in its place. */
static void test_rate_minimize_jobs(void **state) {
  (void)state;
  char *out;
  assert_int_equal(
      gen(&out, NULL, "skyscrapers", "5", NULL, "5", NULL, NULL, "--json"), 0);
  /* a bad record third */
  const char *second = strchr(strchr(out, '\n') + 1, '\n') + 1;
  size_t head = (size_t)(second - out);
  const char *bad = "{\"genre\":\"skyscrapers\",\"n\":5,\"top\":[1]}\n";
  char *batch = malloc(strlen(out) + strlen(bad) + 1);
  memcpy(batch, out, head);
  strcpy(batch + head, bad);
  strcat(batch, second);
  tu_write_file("gen-jobs.jsonl", batch);
  static const char *const cmds[] = {"rate", "minimize"};
  for (int k = 0; k < 2; k++) {
    char *o1, *o2, *t1, *t2;
    int r1 = tu_cli(&o1, NULL, cmds[k], "--json", "gen-jobs.jsonl", NULL);
    int r2 = tu_cli(&o2, NULL, cmds[k], "--json", "--jobs", "2",
                    "gen-jobs.jsonl", NULL);
    assert_int_equal(r1, 65);
    assert_int_equal(r2, r1);
    char *a = without_ms(o1), *b = without_ms(o2);
    assert_string_equal(a, b);
    assert_non_null(strstr(b, "\"status\":\"error\""));
    int lines = 0;
    for (const char *p = b; *p; p++)
      lines += *p == '\n';
    assert_int_equal(lines, 6);
    free(a), free(b), free(o1), free(o2);
    assert_int_equal(tu_cli(&t1, NULL, cmds[k], "gen-jobs.jsonl", NULL), 65);
    assert_int_equal(
        tu_cli(&t2, NULL, cmds[k], "-j", "3", "gen-jobs.jsonl", NULL), 65);
    if (k == 0) /* rate's text has no times */
      assert_string_equal(t1, t2);
    free(t1), free(t2);
  }
  free(batch);
  free(out);
  remove("gen-jobs.jsonl");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_jobs_and_shards),
      cmocka_unit_test(test_attempts_at_once),
      cmocka_unit_test(test_progress_attempts),
      cmocka_unit_test(test_tries_at_once),
      cmocka_unit_test(test_tries_lent),
      cmocka_unit_test(test_grade_cut_short),
      cmocka_unit_test(test_resolve),
      cmocka_unit_test(test_minimal),
      cmocka_unit_test(test_not_found),
      cmocka_unit_test(test_distinct),
      cmocka_unit_test(test_one_star_regions),
      cmocka_unit_test(test_sparse_blocks),
      cmocka_unit_test(test_timeout_per_puzzle),
      cmocka_unit_test(test_rate_minimize_jobs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
