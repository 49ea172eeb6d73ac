/*
 * test_help.c: what the command line says about itself.  Every command has
 * its own page (usage, options, examples) within 80 columns; an option is
 * refused by a command it does not apply to (64); misspelt commands,
 * options and help topics get the nearest name; the renamed spellings
 * still work with a note; the man page and the completion files in docs/
 * are the ones the tables write now.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_int.h"
#include "testutil.h"

static void assert_width(const char *text, const char *what) {
  int line = 1;
  for (const char *p = text; *p;) {
    size_t len = strcspn(p, "\n");
    if (len > 80)
      fail_msg("%s: line %d has %zu columns: %.*s", what, line, len, (int)len, p);
    p += len + (p[len] == '\n');
    line++;
  }
}

static void test_command_pages(void **state) {
  (void)state;
  assert_true(gc_cli_command_count() >= 15);
  for (size_t i = 0; i < gc_cli_command_count(); i++) {
    const gc_command *cmd = gc_cli_command_at(i);
    char *out, *out2, *err;
    /* gridcnf help CMD and gridcnf CMD --help print the same page */
    assert_int_equal(tu_cli(&out, &err, "help", cmd->name, NULL), 0);
    assert_string_equal(err, "");
    assert_int_equal(tu_cli(&out2, NULL, cmd->name, "--help", NULL), 0);
    assert_string_equal(out, out2);
    char usage[80];
    snprintf(usage, sizeof usage, "usage: gridcnf %s ", cmd->name);
    assert_true(strncmp(out, usage, strlen(usage)) == 0);
    assert_non_null(strstr(out, cmd->summary));
    assert_non_null(strstr(out, "examples:\n  gridcnf "));
    assert_width(out, cmd->name);
    /* every option the command takes is on its page, and no other */
    for (size_t k = 0; k < gc_cli_option_count(); k++) {
      const gc_cli_option *o = gc_cli_option_at(k);
      char name[64];
      snprintf(name, sizeof name, " --%s ", o->name);
      int listed = strstr(out, name) != NULL;
      if (listed != gc_cli_takes(cmd, o->name))
        fail_msg("%s: option --%s %s", cmd->name, o->name,
                 listed ? "listed but not taken" : "taken but not listed");
    }
    /* its examples use it */
    snprintf(usage, sizeof usage, "gridcnf %s ", cmd->name);
    if (strcmp(cmd->name, "genres"))
      assert_non_null(strstr(cmd->examples, usage));
    free(out), free(out2), free(err);
  }
}

static void test_main_and_topics(void **state) {
  (void)state;
  char *out, *err;
  assert_int_equal(tu_cli(&out, NULL, "--help", NULL), 0);
  assert_width(out, "--help");
  /* one screen: the command list, not the encoding knobs */
  int lines = 0;
  for (const char *p = out; *p; p++)
    lines += *p == '\n';
  assert_true(lines <= 60);
  assert_null(strstr(out, "--sb-pairs"));
  for (size_t i = 0; i < gc_cli_command_count(); i++) {
    char want[40];
    snprintf(want, sizeof want, "\n  %s ", gc_cli_command_at(i)->name);
    assert_non_null(strstr(out, want));
  }
  char *out2;
  assert_int_equal(tu_cli(&out2, NULL, "help", NULL), 0);
  assert_string_equal(out, out2);
  free(out), free(out2);
  static const char *const topics[] = {"encoding", "formats", "exit-codes"};
  static const char *const wants[] = {"--sb-pairs=off|on|auto", "tatham",
                                      "130"};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(tu_cli(&out, NULL, "help", topics[i], NULL), 0);
    assert_non_null(strstr(out, wants[i]));
    assert_width(out, topics[i]);
    free(out);
  }
  assert_int_equal(tu_cli(&out, &err, "help", "encodng", NULL), 64);
  assert_non_null(strstr(err, "unknown help topic 'encodng' (did you mean 'encoding'?)"));
  free(out), free(err);
}

static void test_suggestions(void **state) {
  (void)state;
  static const struct {
    const char *args[4];
    const char *want;
  } cases[] = {
      {{"solv", "x"}, "unknown command 'solv' (did you mean 'solve'?)"},
      {{"genre"}, "unknown command 'genre' (did you mean 'genres'?)"},
      {{"minimise-it"}, "unknown command 'minimise-it' (did you mean 'minimise'?)"},
      {{"solve", "--jsn", "x"}, "unknown option '--jsn' (did you mean '--json'?)"},
      {{"solve", "--timout", "1", "x"},
       "unknown option '--timout' (did you mean '--timeout'?)"},
      {{"solve", "--sb-pair=on", "x"},
       "unknown option '--sb-pair' (did you mean '--sb-pairs'?)"},
      {{"count", "--maxx", "3", "x"}, "unknown option '--maxx' (did you mean '--max'?)"},
      {{"solve", "--xyzzy", "x"}, "unknown option '--xyzzy' (see 'gridcnf help solve')"},
      {{"frobnicate"}, "unknown command 'frobnicate' (see 'gridcnf --help')"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *out, *err;
    const char *const *a = cases[i].args;
    assert_int_equal(tu_cli(&out, &err, a[0], a[1], a[2], a[3], NULL), 64);
    if (!strstr(err, cases[i].want))
      fail_msg("case %zu: got '%s', want '%s'", i, err, cases[i].want);
    assert_string_equal(out, "");
    free(out), free(err);
  }
}

static void test_refused(void **state) {
  (void)state;
  static const struct {
    const char *args[4];
    const char *option;
  } cases[] = {
      {{"render", "--json", "x"}, "--json"},
      {{"convert", "--timeout", "2", "x"}, "--timeout"},
      {{"cnf", "--first", "x"}, "--first"},
      {{"solve", "--svg", "x"}, "--svg"},
      {{"genres", "--timeout", "2"}, "--timeout"},
      {{"convert", "--sb-pairs=on", "x"}, "--sb-pairs"},
      {{"count", "--block-solution", "x"}, "--block-solution"},
      {{"solve", "-o", "f", "x"}, "-o"},
      {{"generate", "--id", "a", "skyscrapers"}, "--id"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *out, *err;
    const char *const *a = cases[i].args;
    assert_int_equal(tu_cli(&out, &err, a[0], a[1], a[2], a[3], NULL), 64);
    char want[120];
    snprintf(want, sizeof want, "option '%s' does not apply to '%s' (see 'gridcnf help %s')",
             cases[i].option, a[0], a[0]);
    if (!strstr(err, want))
      fail_msg("case %zu: got '%s', want '%s'", i, err, want);
    free(out), free(err);
  }
  /* values are checked with the option's name as typed */
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "solve", "--timeout", "soon", "x", NULL), 64);
  assert_non_null(strstr(err, "--timeout takes seconds > 0 (e.g. 2.5), not 'soon'"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "--timeout", NULL), 64);
  assert_non_null(strstr(err, "option '--timeout' needs a value: --timeout SECONDS"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "--json=1", "x", NULL), 64);
  assert_non_null(strstr(err, "option '--json' takes no value"));
  free(out), free(err);
  /* a one-letter option's value may follow it at once, as getopt reads it */
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "4", "--seed",
                          "2", NULL), 0);
  char *one = out;
  free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "4", "--seed",
                          "2", "-j2", NULL), 0);
  assert_string_equal(out, one);
  free(one), free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "-jx", NULL), 64);
  assert_non_null(strstr(err, "-j takes a whole number from 1 to 1000, not 'x'"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "-hx", NULL), 64);
  assert_non_null(strstr(err, "unknown option '-hx'"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "4", "--seed",
                          "18446744073709551616", NULL), 64);
  assert_non_null(strstr(err, "--seed takes a whole number from 0 to 18446744073709551615"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "4", "--seed",
                          "-1", NULL), 64);
  free(out), free(err);
}


static void test_renamed(void **state) {
  (void)state;
  char *out, *out2, *err;
  /* generate --count N is now --number N: the same puzzles, and a note */
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "4", "--seed",
                          "3", "--count", "2", NULL), 0);
  assert_non_null(strstr(err, "note: 'generate --count' is now '--number'"));
  free(err);
  assert_int_equal(tu_cli(&out2, &err, "generate", "skyscrapers", "--size", "4", "--seed",
                          "3", "--number", "2", NULL), 0);
  assert_null(strstr(err, "note:"));
  assert_string_equal(out, out2);
  assert_non_null(strstr(out, "gen-skyscrapers-4-s3-2"));
  free(out), free(out2), free(err);
  /* solve --count K still counts solutions */
  char path[300];
  snprintf(path, sizeof path, "%s/m.jsonl", tu_tmpdir);
  tu_write_file(path, "{\"id\":\"m4\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n");
  assert_int_equal(tu_cli(&out, &err, "solve", "--json", "--count", "3", path, NULL), 2);
  assert_non_null(strstr(out, "\"count\":3"));
  assert_string_equal(err, "");
  free(out), free(err);
  /* hint --all is now --forced */
  assert_int_equal(tu_cli(&out, &err, "hint", "--all", "--json", path, NULL), 0);
  assert_non_null(strstr(err, "note: 'hint --all' is now '--forced'"));
  assert_int_equal(tu_cli(&out2, NULL, "hint", "--forced", "--json", path, NULL), 0);
  assert_string_equal(out, out2);
  free(out), free(out2), free(err);
  /* certify --out DIR is now --out-dir DIR */
  char dir[300];
  snprintf(dir, sizeof dir, "%s/cert", tu_tmpdir);
  snprintf(path, sizeof path, "%s/u.jsonl", tu_tmpdir);
  tu_write_file(path, "{\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"
                      "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}\n");
  int rc = tu_cli(&out, &err, "certify", "--out", dir, path, NULL);
  assert_non_null(strstr(err, "note: 'certify --out' is now '--out-dir'"));
  assert_true(rc == 0 || rc == 69); /* 69: no cadical command here */
  free(out), free(err);
  /* --out FILE elsewhere is -o FILE */
  snprintf(path, sizeof path, "%s/u.jsonl", tu_tmpdir);
  char cnf[300];
  snprintf(cnf, sizeof cnf, "%s/u.cnf", tu_tmpdir);
  assert_int_equal(tu_cli(&out, &err, "cnf", "--out", cnf, path, NULL), 0);
  assert_non_null(strstr(err, "note: 'cnf --out' is now '--output'"));
  assert_string_equal(out, "");
  free(out), free(err);
  char *text = tu_read_file(cnf);
  assert_true(strncmp(text, "c gridcnf", 9) == 0);
  free(text);
}

/* docs/gridcnf.1 and docs/completion/ are what the tables write now. */
static void test_generated_files(void **state) {
  (void)state;
  static const char *const what[][2] = {
      {"man", "docs/gridcnf.1"},
      {"complete-bash", "docs/completion/gridcnf.bash"},
      {"complete-zsh", "docs/completion/_gridcnf"},
  };
  for (int i = 0; i < 3; i++) {
    char *out;
    assert_int_equal(tu_cli(&out, NULL, "--generate", what[i][0], NULL), 0);
    char path[600];
    snprintf(path, sizeof path, "%s/%s", GC_SOURCE_DIR, what[i][1]);
    char *file = tu_read_file(path);
    if (strcmp(out, file))
      fail_msg("%s is out of date: run 'build/gridcnf --generate %s > %s'",
               what[i][1], what[i][0], what[i][1]);
    free(out), free(file);
  }
  char cmd[800];
  snprintf(cmd, sizeof cmd, "bash -n '%s/docs/completion/gridcnf.bash'", GC_SOURCE_DIR);
  assert_int_equal(system(cmd), 0);
  /* the bash completion offers what the tables say */
  snprintf(cmd, sizeof cmd,
           "bash -c 'source \"%s/docs/completion/gridcnf.bash\"; COMP_WORDS=(gridcnf "
           "solve --ti); COMP_CWORD=2; _gridcnf; echo \"${COMPREPLY[*]}\"' > %s/compl.txt",
           GC_SOURCE_DIR, tu_tmpdir);
  assert_int_equal(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "%s/compl.txt", tu_tmpdir);
  char *got = tu_read_file(cmd);
  assert_string_equal(got, "--timeout\n");
  free(got);
  /* the man page is well-formed roff, when groff is here to say so */
  snprintf(cmd, sizeof cmd,
           "command -v groff >/dev/null || exit 0; groff -man -Tutf8 -ww '%s/docs/gridcnf.1' "
           "2>&1 >/dev/null | grep -q . && exit 1; exit 0",
           GC_SOURCE_DIR);
  assert_int_equal(system(cmd), 0);
}

static int setup(void **state) {
  (void)state;
  return tu_tmp_open("help");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_command_pages), cmocka_unit_test(test_main_and_topics),
      cmocka_unit_test(test_suggestions),   cmocka_unit_test(test_refused),
      cmocka_unit_test(test_renamed),       cmocka_unit_test(test_generated_files),
  };
  return cmocka_run_group_tests(tests, setup, tu_teardown);
}
