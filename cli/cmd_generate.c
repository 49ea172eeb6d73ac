/* cmd_generate.c: gridcnf generate GENRE --size N: random unique puzzles. */
#include <jansson.h>
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
  json_object_set_new(o, "difficulty", label ? json_string(label) : json_null());
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

static int cmd_generate(cli *c) {
  if (c->nfiles != 1)
    return gc_cli_usage_error(c, "generate takes one genre (e.g. 'gridcnf "
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
    return gc_cli_usage_error(c, "--boxes RxC must tile the grid: R*C = "
                                 "--size%s",
                              "");
  gc_gen_params p;
  memset(&p, 0, sizeof p);
  if (parse_difficulty(genre, c->difficulty, &p)) {
    char names[160] = "";
    const char *const *lv = gc_genre_levels(genre);
    size_t at = 0;
    for (int i = 0; lv && lv[i] && at < sizeof names - 20; i++)
      at += (size_t)snprintf(names + at, sizeof names - at, ", %s", lv[i]);
    fprintf(c->err,
            "gridcnf: --difficulty takes any%s for %s, not '%s' (try "
            "'gridcnf --help')\n",
            names[0] ? names : ", easy or hard", name, c->difficulty);
    return EX_USAGE;
  }
  p.n = c->size;
  p.stars = c->stars;
  p.box_rows = c->box_rows; /* --boxes RxC: rows x columns, as in the text header */
  p.box_cols = c->box_cols;
  if (c->seed_set)
    p.seed = c->seed;
  else {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    p.seed = (uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec % 1000003u;
    fprintf(c->err, "gridcnf: generate: --seed %llu (give it to make the same "
                    "puzzles again)\n",
            (unsigned long long)p.seed);
  }
  long count = c->number > 0 ? c->number : 1;
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
  gc_limits lim = c->lim;
  lim.mode = GC_MODE_UNIQUE;
  int code = EX_OK;
  for (long i = 1; i <= count; i++) {
    p.index = (uint64_t)i;
    gc_puzzle *pz = NULL;
    gc_gen_info info;
    gc_error e;
    int r = gc_generate(genre, &p, &c->opt, &lim, &pz, &info, &e);
    if (r < 0) {
      gc_cli_print_error(c, &e);
      /* parameters the genre cannot make are a usage error */
      code = e.code == GC_E_RANGE ? EX_USAGE : gc_code_exit(e.code);
      break;
    }
    if (r > 0) {
      fprintf(c->err, "gridcnf: generate: puzzle %ld of %ld: %s\n", i, count,
              c->interrupt && *c->interrupt ? "interrupted" : "time limit reached");
      gc_cli_worst(&code, gc_cli_stop_exit(&lim));
      break;
    }
    /* the label rate gives: the grade of the step path, which needs no
       reasons (a puzzle made here is unique) */
    const char *label = NULL;
    gc_step_path path;
    if (gc_steps(pz, &c->opt, &lim, NULL, GC_STEPS_NO_REASONS, &path, &e) == 0 &&
        path.status == GC_STATUS_UNIQUE && path.level >= 0 && path.levels)
      label = path.levels[path.level];
    gc_step_path_free(&path);
    char what[64];
    if (info.clues_full)
      snprintf(what, sizeof what, "%d of %d clues kept", info.clues_kept,
               info.clues_full);
    else
      snprintf(what, sizeof what, "%ld region change%s", info.perturbs,
               info.perturbs == 1 ? "" : "s");
    fprintf(c->err,
            "gridcnf: generate: %ld/%ld %s: %s, %s, %d tr%s, %ld checks, "
            "%.0f ms\n",
            i, count, gc_puzzle_id(pz), what, label ? label : "not rated",
            info.tries, info.tries == 1 ? "y" : "ies", info.calls, info.ms);
    gc_cli_record_begin(c);
    if (c->json) {
      if (print_json(c, pz, source, label))
        gc_cli_record_lost(c);
    } else {
      char *text = gc_render_text(pz, NULL);
      if (text) {
        fprintf(c->out, "# %s\n%s", gc_puzzle_id(pz), text);
        free(text);
      } else
        gc_cli_record_lost(c);
    }
    int halt = gc_cli_record_end(c, "generate", pz, &code);
    gc_puzzle_free(pz);
    if (halt)
      break;
  }
  if (ferror(c->out))
    gc_cli_worst(&code, EX_IOERR);
  return code;
}

const gc_command gc_command_generate = {
    .name = "generate",
    .order = 50,
    .section = "set",
    .args = "GENRE --size N",
    .summary = "make random puzzles with a unique solution",
    .options = "json size stars boxes seed number difficulty @limits "
               "@encoding",
    .about = "Each puzzle is proven unique by a fresh solve before it is "
             "printed, with its solution in the JSON record.  The same seed "
             "makes the same puzzles; without --seed one is drawn and "
             "printed on standard error.  --difficulty LEVEL (a level of "
             "the genre, as rate labels them) makes puzzles that grade "
             "exactly that level.",
    .examples = "gridcnf generate skyscrapers --size 6 --seed 1\n"
                "gridcnf generate starbattle --size 10 --stars 2 --number 5 "
                "--json\n"
                "gridcnf generate futoshiki --size 7 --difficulty tricky",
    .run = cmd_generate};
