/* cmd_generate.c: gridcnf generate GENRE --size N: random unique puzzles. */
#include <jansson.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../formats/jsonload.h"
#include "cli_int.h"

/* --difficulty: any, one of the genre's level names (the labels of
   rate), or the older easy / hard of a genre without such a level. */
static int parse_difficulty(const gc_genre *genre, const char *s,
                            gc_gen_params *p) {
  const char *const *lv = gc_genre_levels(genre);
  if (!s || !strcmp(s, "any")) {
    p->difficulty = GC_DIFFICULTY_ANY;
    return 0;
  }
  for (int i = 0; lv && lv[i]; i++)
    if (!strcmp(lv[i], s)) {
      p->level = lv[i];
      return 0;
    }
  if (!strcmp(s, "easy"))
    p->difficulty = GC_DIFFICULTY_EASY;
  else if (!strcmp(s, "hard"))
    p->difficulty = GC_DIFFICULTY_HARD;
  else
    return -1;
  return 0;
}

/* The corpus record: id, genre, n, source, difficulty, unique, the
   genre's keys, solution. */
static int print_json(cli *c, const gc_puzzle *pz, const char *source,
                      const char *label) {
  char *text = gc_puzzle_json(pz);
  json_t *rec = text ? gc_json_loads(text) : NULL;
  free(text);
  json_t *o = json_object();
  if (!rec || !o) {
    json_decref(rec);
    json_decref(o);
    return -1;
  }
  const char *head[] = {"id", "genre", "n"};
  for (int i = 0; i < 3; i++)
    json_object_set(o, head[i], json_object_get(rec, head[i]));
  json_object_set_new(o, "source", json_string(source));
  json_object_set_new(o, "difficulty",
                      label ? json_string(label) : json_null());
  json_object_set_new(o, "unique", json_true());
  const char *key;
  json_t *v;
  json_object_foreach(rec, key, v) {
    if (!json_object_get(o, key) && strcmp(key, "solution"))
      json_object_set(o, key, v);
  }
  json_object_set(o, "solution", json_object_get(rec, "solution"));
  json_decref(rec);
  gc_cli_emit_json(c, o);
  return 0;
}

/* --distinct gives up after this many repeats in a row (parameters with
   few puzzles: 4x4 Star Battle has 2 star layouts). */
enum { GEN_REPEATS_MOST = 1000 };

/* A batch of puzzles, made by gc_cli_ordered_run in rounds: item i of a
   round is the puzzle of index round + i, which depends on the seed and
   that index alone, so --jobs and --start shards print the same bytes as
   one run.  There is one round, and with --distinct one more for the
   repeats each round skipped. */
typedef struct gen_item {
  gc_puzzle *pz;
  gc_gen_info info;
  gc_error e;
  int r;             /* gc_generate's return */
  const char *label; /* the grade of the step path, or NULL */
  struct gen_batch *b;
  long i;
} gen_item;

typedef struct gen_batch {
  cli *c;
  const gc_genre *genre;
  gc_gen_params p;
  gc_limits lim;
  long first, count;
  long round;            /* the index of the current round's item 0 */
  long total;            /* puzzles the run asks for so far (--distinct adds
                            one for each repeat skipped) */
  json_t *seen;          /* --distinct: each puzzle's text -> its id */
  long repeats, pending; /* repeats skipped: in all, and in this round */
  long run_of_repeats;   /* the last puzzles printed or skipped: repeats */
  int stopped;
  const char *source;
  gen_item *items; /* a ring: item i at i % ring (the ordered window) */
  size_t ring;
  double *ms; /* seconds of each puzzle made, for the summary */
  size_t ms_cap;
  long made, none, timed;
  int code;
  pthread_mutex_t lock; /* err, the progress line */
  double next_ms;       /* when the progress line may change again */
  atomic_int spare;     /* threads of --jobs with no puzzle of their own */
  atomic_int rare_noted; /* the note on a level that seldom comes out */
} gen_batch;

/* gc_gen_params.borrow and give_back: the threads of --jobs that have no
   puzzle of their own (more jobs than puzzles, or the end of the batch)
   are lent to the puzzles still being made (a Star Battle made whole runs
   its attempts on them; the same bytes either way). */
static int gen_borrow(void *pool) {
  gen_batch *b = pool;
  int k = atomic_load(&b->spare);
  while (k > 0 && !atomic_compare_exchange_weak(&b->spare, &k, k - 1))
    ;
  return k > 0;
}

static void gen_give_back(void *pool) {
  gen_batch *b = pool;
  atomic_fetch_add(&b->spare, 1);
}

/* Is a grid of side n, with p's other parameters, named slow? */
static int slow_at(const gc_genre *genre, const gc_gen_params *p, int n) {
  gc_gen_params q = *p;
  q.n = n;
  return gc_generate_slow(genre, &q);
}

/* The sides next to p's that gc_generate_slow does not name, with the
   same parameters, as words for its note: "up to 28x28 and from 32x32 a
   grid with 4 stars takes seconds; " (what: " with 4 stars"); empty when
   none. */
static void fast_sides(const gc_genre *genre, const gc_gen_params *p,
                       const char *what, char *buf, size_t size) {
  int below = p->n - 1, above = p->n + 1, most = gc_genre_max_n(genre);
  while (below >= 1 && slow_at(genre, p, below))
    below--;
  while (above <= most && slow_at(genre, p, above))
    above++;
  char up[32] = "", from[32] = "";
  if (below >= 1)
    snprintf(up, sizeof up, "up to %dx%d", below, below);
  if (above <= most)
    snprintf(from, sizeof from, "from %dx%d", above, above);
  buf[0] = 0;
  if (*up || *from)
    snprintf(buf, size, "%s%s%s a grid%s takes seconds; ", up,
             *up && *from ? " and " : "", from, what);
}

/* gc_cli_ordered_run_idle: a worker with no puzzle left lends itself. */
static void gen_idle(void *ctx) { gen_give_back(ctx); }

/* A puzzle aimed at a level that has taken this many tries and seconds
   gets the note below. */
enum { GEN_RARE_TRIES = 10, GEN_RARE_MS = 5000 };

/* Is the note below due (not yet given, the puzzle past its tries and
   time)? */
static int rare_due(gen_batch *b, const gc_gen_info *so_far) {
  return !atomic_load(&b->rare_noted) && so_far->tries > GEN_RARE_TRIES &&
         so_far->ms >= GEN_RARE_MS;
}

/* Once a run, when a puzzle aimed at a level has taken GEN_RARE_TRIES
   tries and GEN_RARE_MS: what its tries graded, so that a wait for a level
   the size seldom gives is understood (20x20 Star Battles with 4 stars
   aimed at easy take about a second a try, and 1000 tries by default).
   Called with b->lock held (rare_due again under it: one note a run). */
static void rare_note(gen_batch *b, gen_item *it, const gc_gen_info *so_far) {
  cli *c = b->c;
  if (!rare_due(b, so_far))
    return;
  atomic_store(&b->rare_noted, 1);
  char seen[160];
  gc_gen_graded_text(b->genre, so_far, seen, sizeof seen);
  if (!*seen)
    return; /* a genre whose tries are not graded one by one */
  /* the tries graded so far: with tries on several threads, some begun
     are still running */
  int graded = 0;
  for (int i = 0; i < GC_GEN_LEVELS; i++)
    graded += so_far->graded[i];
  gc_cli_progress_clear(c);
  fprintf(c->err,
          "gridcnf: generate: puzzle %ld of %ld: none of its first %d tries "
          "graded %s (they graded %s); that level may be rare at this "
          "size%s\n",
          b->round - b->first + it->i + 1, b->total, graded, c->difficulty,
          seen,
          c->tries ? "" : ", and --tries N gives up sooner");
}

/* gc_gen_params.progress: on a terminal, "puzzle k of K" with the work so
   far, at most ten times a second; and the note on a rare level. */
static void gen_progress(void *ctx, const gc_gen_info *so_far) {
  gen_item *it = ctx;
  gen_batch *b = it->b;
  cli *c = b->c;
  if (rare_due(b, so_far)) {
    pthread_mutex_lock(&b->lock);
    rare_note(b, it, so_far);
    pthread_mutex_unlock(&b->lock);
  }
  if (!c->progress)
    return;
  double now = gc_cli_now_ms();
  pthread_mutex_lock(&b->lock);
  if (now >= b->next_ms) {
    b->next_ms = now + 100;
    char text[240], attempts[40] = "";
    if (so_far->attempts > 0)
      snprintf(attempts, sizeof attempts, ", %ld attempt%s",
               so_far->attempts, so_far->attempts == 1 ? "" : "s");
    snprintf(text, sizeof text,
             "gridcnf: generate: puzzle %ld of %ld (index %ld): try %d%s, %ld "
             "checks, %.1f s",
             b->round - b->first + it->i + 1, b->total, b->round + it->i,
             so_far->tries, attempts, so_far->calls, so_far->ms / 1e3);
    gc_cli_progress_show(c, text);
  }
  pthread_mutex_unlock(&b->lock);
}

static int gen_work(void *ctx, size_t i) {
  gen_batch *b = ctx;
  gen_item *it = &b->items[i % b->ring];
  memset(it, 0, sizeof *it);
  it->b = b;
  it->i = (long)i;
  gc_gen_params p = b->p;
  p.borrow = gen_borrow;
  p.give_back = gen_give_back;
  p.pool = b;
  p.index = (uint64_t)(b->round + (long)i);
  p.progress = gen_progress;
  p.progress_ctx = it;
  it->r = gc_generate(b->genre, &p, &b->c->opt, &b->lim, &it->pz, &it->info,
                      &it->e);
  if (it->r == 0 && it->info.level >= 0)
    it->label = gc_genre_levels(b->genre)[it->info.level];
  return 0;
}

/* --distinct: is pz the same puzzle as one printed before in the run
   (the same text)?  Then it says so on err and counts a repeat (the run
   makes one more index in its place), 1; else it remembers pz, 0 (also
   when out of memory: pz is printed unchecked). */
static int repeat_of(gen_batch *b, const gc_puzzle *pz, long k) {
  if (!b->seen)
    return 0;
  char *text = gc_render_text(pz, NULL);
  if (!text)
    return 0;
  json_t *earlier = json_object_get(b->seen, text);
  if (earlier) {
    fprintf(b->c->err,
            "gridcnf: generate: %ld/%ld %s: the same puzzle as %s, skipped\n",
            k, b->total, gc_puzzle_id(pz), json_string_value(earlier));
    b->repeats++;
    b->pending++;
    b->total++;
    b->run_of_repeats++;
    free(text);
    return 1;
  }
  /* the object keeps a copy of the key */
  json_object_set_new(b->seen, text, json_string(gc_puzzle_id(pz)));
  free(text);
  b->run_of_repeats = 0;
  return 0;
}

/* Prints item i (in order, on the calling thread); nonzero stops the
   batch: an interrupt, or parameters the genre cannot make. */
static int gen_emit(void *ctx, size_t i) {
  gen_batch *b = ctx;
  gen_item *it = &b->items[i % b->ring];
  cli *c = b->c;
  long k = b->round - b->first + (long)i + 1;
  /* the workers' progress lines wait while this item is printed */
  pthread_mutex_lock(&b->lock);
  gc_cli_progress_clear(c);
  int stop = 0;
  if (it->r < 0) {
    gc_cli_print_error(c, &it->e);
    /* parameters the genre cannot make are a usage error */
    if (it->e.code == GC_E_RANGE)
      b->code = EX_USAGE; /* outside the ranking of a batch's records */
    else
      gc_cli_worst(&b->code, gc_code_exit(it->e.code));
    stop = 1;
  } else if (it->r == 1) {
    int intr = gc_stop_requested(c->interrupt);
    fprintf(c->err, "gridcnf: generate: puzzle %ld of %ld: %s after %.1f s\n",
            k, b->total, intr ? "interrupted" : "time limit reached",
            it->info.ms / 1e3);
    gc_cli_worst(&b->code, intr ? EX_INTERRUPT : EX_TIME);
    b->timed += !intr;
    stop = intr;
  } else if (it->r == 2) {
    fprintf(c->err, "gridcnf: generate: puzzle %ld of %ld: %s\n", k, b->total,
            it->e.message);
    gc_cli_worst(&b->code, EX_NOTFOUND);
    b->none++;
  } else if (repeat_of(b, it->pz, k)) {
    if (b->run_of_repeats >= GEN_REPEATS_MOST) {
      fprintf(c->err,
              "gridcnf: generate: %d repeats in a row: no new puzzle of "
              "these parameters is coming, %ld of %ld made\n",
              GEN_REPEATS_MOST, b->made, b->count);
      gc_cli_worst(&b->code, EX_NOTFOUND);
      stop = 1;
    }
  } else {
    gc_puzzle *pz = it->pz;
    const gc_gen_info *info = &it->info;
    char what[64];
    if (info->clues_full)
      snprintf(what, sizeof what, "%d of %d clues kept", info->clues_kept,
               info->clues_full);
    else if (info->attempts > 1)
      snprintf(what, sizeof what, "%ld region change%s in %ld attempts",
               info->perturbs, info->perturbs == 1 ? "" : "s",
               info->attempts);
    else
      snprintf(what, sizeof what, "%ld region change%s", info->perturbs,
               info->perturbs == 1 ? "" : "s");
    gc_cli_record_begin(c);
    if (c->json) {
      if (print_json(c, pz, b->source, it->label))
        gc_cli_record_lost(c);
    } else {
      char *text = gc_puzzle_text(pz); /* with its "# ID" line */
      if (text)
        fputs(text, c->out);
      else
        gc_cli_record_lost(c);
      free(text);
    }
    stop = gc_cli_record_end(c, "generate", pz, &b->code);
    /* the puzzle's line once its record is out: a record an interrupt or
       a failed write kept back is not counted made, so that a run
       resumed with --start K (K the index named) loses none */
    if (stop) {
      int intr = gc_stop_requested(c->interrupt);
      fprintf(c->err,
              "gridcnf: generate: %ld/%ld %s: made, but not written (%s); "
              "--start %llu makes it again\n",
              k, b->total, gc_puzzle_id(pz),
              intr ? "interrupted" : "the output failed",
              (unsigned long long)(b->round + (long)i));
    } else {
      fprintf(c->err,
              "gridcnf: generate: %ld/%ld %s: %s, %s, %d tr%s, %ld checks, "
              "%.0f ms\n",
              k, b->total, gc_puzzle_id(pz), what,
              it->label ? it->label : "not rated", info->tries,
              info->tries == 1 ? "y" : "ies", info->calls, info->ms);
      if ((size_t)b->made == b->ms_cap) {
        size_t cap = b->ms_cap ? 2 * b->ms_cap : 64;
        double *ms = realloc(b->ms, cap * sizeof *ms);
        if (ms) {
          b->ms = ms;
          b->ms_cap = cap;
        }
      }
      if ((size_t)b->made < b->ms_cap)
        b->ms[b->made] = info->ms / 1e3;
      b->made++;
    }
  }
  b->stopped |= stop;
  fflush(c->err);
  b->next_ms = gc_cli_now_ms() + 100; /* the line just printed stays a while */
  pthread_mutex_unlock(&b->lock);
  gc_puzzle_free(it->pz);
  it->pz = NULL;
  return stop;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The last line on err: what the run made, and how fast. */
static void gen_summary(gen_batch *b) {
  cli *c = b->c;
  double s = (gc_cli_now_ms() - c->start_ms) / 1e3;
  fprintf(c->err, "gridcnf: generate: %ld of %ld puzzle%s made in %.1f s",
          b->made, b->count, b->count == 1 ? "" : "s", s);
  size_t k = (size_t)b->made < b->ms_cap ? (size_t)b->made : b->ms_cap;
  if (k) {
    qsort(b->ms, k, sizeof *b->ms, by_value);
    double med = k % 2 ? b->ms[k / 2] : (b->ms[k / 2 - 1] + b->ms[k / 2]) / 2;
    fprintf(c->err, " (per puzzle: median %.2f s, worst %.2f s)", med,
            b->ms[k - 1]);
  }
  if (b->none)
    fprintf(c->err, ", %ld not found within the tries", b->none);
  if (b->timed)
    fprintf(c->err, ", %ld stopped by the time limit", b->timed);
  if (b->repeats)
    fprintf(c->err, ", %ld repeat%s skipped", b->repeats,
            b->repeats == 1 ? "" : "s");
  fputc('\n', c->err);
  fflush(c->err);
}

static int cmd_generate(cli *c) {
  if (c->nfiles != 1)
    return gc_cli_usage_error(c,
                              "generate takes one genre (e.g. 'gridcnf "
                              "generate skyscrapers --size 6')%s",
                              "");
  const gc_genre *genre = gc_genre_find(c->files[0]);
  if (!genre)
    return gc_cli_usage_error(c, "unknown genre '%s' (see 'gridcnf genres')",
                              c->files[0]);
  const char *name = gc_genre_name(genre);
  if (!c->size)
    return gc_cli_usage_error(c, "generate needs --size N%s", "");
  if (c->stars && strcmp(name, "starbattle"))
    return gc_cli_usage_error(c, "--stars is for starbattle, not %s", name);
  if (c->box_rows && strcmp(name, "skyscrapers"))
    return gc_cli_usage_error(c, "--boxes is for skyscrapers, not %s", name);
  if (c->box_rows && c->box_rows * c->box_cols != c->size)
    return gc_cli_usage_error(c,
                              "--boxes RxC must tile the grid: R*C = "
                              "--size%s",
                              "");
  gc_gen_params p;
  memset(&p, 0, sizeof p);
  if (parse_difficulty(genre, c->difficulty, &p)) {
    char names[160] = "";
    const char *const *lv = gc_genre_levels(genre);
    size_t at = 0;
    int hard = 0; /* the older "hard", for a genre without that level */
    for (int i = 0; lv && lv[i]; i++) {
      hard |= !strcmp(lv[i], "hard");
      if (at < sizeof names - 20)
        at += (size_t)snprintf(names + at, sizeof names - at, ", %s", lv[i]);
    }
    fprintf(c->err,
            "gridcnf: --difficulty takes any%s for %s%s, not '%s' (see "
            "'gridcnf help generate')\n",
            names[0] ? names : ", easy or hard", name,
            names[0] && !hard ? " (or hard: one that propagation and probing "
                                "do not solve)"
                              : "",
            c->difficulty);
    return EX_USAGE;
  }
  p.n = c->size;
  p.stars = c->stars;
  p.box_rows =
      c->box_rows; /* --boxes RxC: rows x columns, as in the text header */
  p.box_cols = c->box_cols;
  if (c->seed_set)
    p.seed = c->seed;
  else {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    p.seed = (uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec % 1000003u;
    fprintf(c->err,
            "gridcnf: generate: --seed %llu (give it to make the same "
            "puzzles again)\n",
            (unsigned long long)p.seed);
  }
  long count = c->number > 0 ? c->number : 1;
  long first = c->start > 0 ? c->start : 1;
  if (first > LONG_MAX - count)
    return gc_cli_usage_error(c, "--start plus --number is too large%s", "");
  char source[160];
  snprintf(source, sizeof source, "gridcnf generate %s --size %d --seed %llu",
           name, p.n, (unsigned long long)p.seed);
  if (p.stars)
    snprintf(source + strlen(source), sizeof source - strlen(source),
             " --stars %d", p.stars);
  if (p.box_cols)
    snprintf(source + strlen(source), sizeof source - strlen(source),
             " --boxes %dx%d", p.box_rows, p.box_cols);
  if (p.difficulty || p.level)
    snprintf(source + strlen(source), sizeof source - strlen(source),
             " --difficulty %s", c->difficulty);
  p.max_tries = c->tries;
  if (gc_generate_slow(genre, &p)) {
    char what[48] = "", jobs[80] = "", fast[96] = "";
    if (p.stars)
      snprintf(what, sizeof what, " with %d star%s", p.stars,
               p.stars == 1 ? "" : "s");
    fast_sides(genre, &p, what, fast, sizeof fast);
    /* one puzzle on one thread of several: its attempts can share them */
    int cpus = gc_usable_cpus();
    if (count == 1 && c->jobs == 0 && cpus > 1)
      snprintf(jobs, sizeof jobs, "; --jobs %d makes its attempts %d at a time",
               cpus, cpus);
    fprintf(c->err,
            "gridcnf: generate: a %dx%d %s%s may take minutes, or hours, to "
            "make (%sthe guide lists such sizes)%s%s\n",
            p.n, p.n, name, what, fast, jobs,
            c->lim.timeout > 0 ? "" : "; --timeout SECONDS bounds each puzzle");
  }
  gen_batch b;
  memset(&b, 0, sizeof b);
  b.c = c;
  b.genre = genre;
  b.p = p;
  b.lim = c->lim;
  b.lim.mode = GC_MODE_UNIQUE;
  b.first = first;
  b.count = count;
  b.round = first;
  b.total = count;
  b.source = source;
  b.code = EX_OK;
  b.ring = (size_t)gc_cli_ordered_window(c->jobs);
  b.items = calloc(b.ring, sizeof *b.items);
  if (!b.items) {
    fprintf(c->err, "gridcnf: out of memory\n");
    return EX_SOFTWARE;
  }
  if (c->jobs > 1)
    b.lim.reserve = NULL; /* the heap of one thread: not worth it here */
  if (c->distinct && !(b.seen = json_object())) {
    free(b.items);
    fprintf(c->err, "gridcnf: out of memory\n");
    return EX_SOFTWARE;
  }
  pthread_mutex_init(&b.lock, NULL);
  /* rounds: each repeat skipped (--distinct) is made up by the next
     index after the round */
  for (long todo = count; todo > 0 && !b.stopped;) {
    b.pending = 0;
    /* the threads of --jobs beyond the puzzles, and those whose puzzles
       are done, are lent to the puzzles still being made (none in
       WebAssembly, which runs on one thread) */
#ifdef __EMSCRIPTEN__
    atomic_store(&b.spare, 0);
#else
    atomic_store(&b.spare, todo < c->jobs ? c->jobs - (int)todo : 0);
#endif
    gc_cli_ordered_run_idle(c->jobs, (size_t)todo, NULL, gen_work, gen_emit,
                            gen_idle, &b);
    if (b.round > LONG_MAX - todo - b.pending)
      break;
    b.round += todo;
    todo = b.pending;
  }
  pthread_mutex_destroy(&b.lock);
  json_decref(b.seen);
  for (size_t i = 0; i < b.ring; i++)
    gc_puzzle_free(b.items[i].pz);
  if (b.code != EX_USAGE) /* parameters no puzzle can have: no run to sum up */
    gen_summary(&b);
  free(b.items);
  free(b.ms);
  if (ferror(c->out))
    gc_cli_worst(&b.code, EX_IOERR);
  return b.code;
}

const gc_command gc_command_generate = {
    .name = "generate",
    .order = 50,
    .section = "set",
    .args = "GENRE --size N",
    .summary = "make random puzzles with a unique solution",
    .options = "json size stars boxes seed number start distinct jobs "
               "difficulty tries @limits @encoding",
    .about = "Each puzzle is proven unique by a fresh solve before it is "
             "printed, with its solution in the JSON record.  The same seed "
             "makes the same puzzles; without --seed one is drawn and "
             "printed on standard error.  --difficulty LEVEL (a level of "
             "the genre, as rate labels them) makes puzzles that grade "
             "exactly that level.  Puzzle K of a run depends on the seed and "
             "K alone: --start K shards and --jobs N print the same bytes as "
             "one run; threads with no puzzle of their own (more jobs than "
             "puzzles, the end of a batch) help a puzzle still being made "
             "with its tries for a --difficulty, else a Star Battle made "
             "whole with its attempts.  --distinct skips a puzzle that repeats an earlier one "
             "of the run (tiny grids have few) and makes the next index in "
             "its place; shards then no longer add up to one run.  --timeout "
             "limits each puzzle (exit 3, the run goes on with the next); a "
             "puzzle not found within --tries fresh starts "
             "exits 4.  A size known to take minutes or more a puzzle is "
             "named on standard error first.  On a terminal, standard error "
             "shows the puzzle being made; a summary line ends the run.",
    .examples = "gridcnf generate skyscrapers --size 6 --seed 1\n"
                "gridcnf generate starbattle --size 10 --stars 2 --number 5 "
                "--json\n"
                "gridcnf generate futoshiki --size 7 --difficulty tricky\n"
                "gridcnf generate starbattle --size 20 --stars 4 --seed 7 "
                "--start 51 -j 2",
    .run = cmd_generate};
