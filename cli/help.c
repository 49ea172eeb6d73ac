/*
 * help.c: what the command line says about itself, written from the
 * tables (the commands, options.c's rows, the library's encoding options,
 * the notations): the main page, one page per command, the topics, the
 * man page and the shell completions.  Every line fits in 80 columns.
 */
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

enum { WIDTH = 79 };

/* Writes text from column col (the cursor is there already), wrapping at
   spaces so that no line passes WIDTH; continuation lines start at
   column indent.  Ends with a newline. */
static void wrap(FILE *f, int col, int indent, const char *text) {
  const char *p = text;
  while (*p) {
    while (*p == ' ')
      p++;
    size_t word = strcspn(p, " ");
    if (!word)
      break;
    if (col > indent && col + 1 + (int)word > WIDTH) {
      fprintf(f, "\n%*s", indent, "");
      col = indent;
    } else if (col > indent) {
      fputc(' ', f);
      col++;
    }
    fwrite(p, 1, word, f);
    col += (int)word;
    p += word;
  }
  fputc('\n', f);
}

/* "  --name VALUE" then the help from column 26 (or the next line). */
static void option_line(FILE *f, const char *left, const char *help) {
  int col = fprintf(f, "  %s", left);
  if (col > 24) {
    fprintf(f, "\n%*s", 26, "");
    col = 26;
  } else {
    fprintf(f, "%*s", 26 - col, "");
    col = 26;
  }
  wrap(f, col, 26, help);
}

static void option_left(const gc_cli_option *o, char *buf, size_t size) {
  if (o->shrt)
    snprintf(buf, size, "-%c, --%s%s%s", o->shrt, o->name, o->metavar ? " " : "",
             o->metavar ? o->metavar : "");
  else
    snprintf(buf, size, "--%s%s%s", o->name, o->metavar ? " " : "",
             o->metavar ? o->metavar : "");
}

/* Every encoding option as "--name=values" and its help with the default,
   through row (option_line, or the man page's). */
static void encoding_rows(FILE *f,
                          void (*row)(FILE *, const char *, const char *)) {
  gc_options d;
  gc_options_default(&d);
  for (size_t i = 0; i < gc_option_count(); i++) {
    const gc_option_info *o = gc_option_at(i);
    char name[40], def[32], left[96], help[600];
    gc_option_cli_name(o, name, sizeof name);
    gc_option_value(&d, o, def, sizeof def);
    snprintf(left, sizeof left, "--%s=%s", name,
             o->kind == GC_OPT_ENUM ? o->values
             : o->kind == GC_OPT_BOOL ? "0|1"
                                      : "N");
    snprintf(help, sizeof help, "%s (default %s)", o->help, def);
    row(f, left, help);
  }
}

static const char *const sections[][2] = {
    {"solve", "solve and check"},
    {"set", "set puzzles"},
    {"files", "formats, files and pictures"},
};

/* The exit codes, one table for the help, the man page and the docs. */
static const struct {
  int code;
  const char *meaning;
} exit_codes[] = {
    {0, "solved (and unique, when that was asked); done"},
    {1, "no solution"},
    {2, "more than one solution"},
    {3, "time limit reached"},
    {4, "generate made no puzzle within its --tries, or --distinct only "
        "repeats (the limits, not the input: a fresh seed or more tries "
        "may)"},
    {64, "usage: an unknown or misplaced option, a missing argument"},
    {65, "bad input: a puzzle or grid that cannot be read (line and column "
         "given)"},
    {66, "an input file cannot be opened (missing, a directory, no access)"},
    {69, "a program gridcnf needs is missing (an --external solver, a --via "
         "tool, cadical for certify, rsvg-convert for render --png/--pdf)"},
    {70, "internal error or out of memory"},
    {74, "output could not be written"},
    {130, "interrupted (Ctrl-C)"},
};

void gc_cli_help_main(FILE *f) {
  fprintf(f,
          "gridcnf %s: logic-grid puzzles to CNF, solved with CaDiCaL\n"
          "\n"
          "usage: gridcnf COMMAND [options] [FILE|-]...\n",
          GC_VERSION);
  for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
    fprintf(f, "\n%s:\n", sections[s][1]);
    for (size_t i = 0; i < gc_cli_command_count(); i++) {
      const gc_command *cmd = gc_cli_command_at(i);
      if (strcmp(cmd->section, sections[s][0]))
        continue;
      int col = fprintf(f, "  %-11s", cmd->name);
      wrap(f, col, 13, cmd->summary);
    }
  }
  fprintf(f, "\ncommon options:\n");
  static const char *const common[] = {"json", "timeout", "genre", "format",
                                       "id", "color", NULL};
  for (int k = 0; common[k]; k++)
    for (size_t i = 0; i < gc_cli_option_count(); i++) {
      const gc_cli_option *o = gc_cli_option_at(i);
      if (strcmp(o->name, common[k]))
        continue;
      char left[64];
      option_left(o, left, sizeof left);
      option_line(f, left, o->help);
    }
  option_line(f, "-h, --help", "this page; gridcnf COMMAND --help: the "
                               "command's options and examples");
  fprintf(f,
          "\n"
          "Input: a genre's text notation, JSON lines (one puzzle per line), "
          "or a\n"
          "notation people paste (a Tatham game ID, a puzz.link URL, ...), "
          "which may\n"
          "be the argument itself; '-' or no file reads standard input.\n"
          "\n"
          "more help:\n"
          "  gridcnf help COMMAND      one command: options and examples\n"
          "  gridcnf help formats      the input formats and notations\n"
          "  gridcnf help encoding     the encoding options (--amo, --card, "
          "...)\n"
          "  gridcnf help exit-codes   what each exit code means\n"
          "\n"
          "examples:\n"
          "  gridcnf solve puzzle.txt\n"
          "  gridcnf solve --json puzzles.jsonl\n"
          "  gridcnf generate starbattle --size 10 --stars 2 --seed 7\n");
}

void gc_cli_help_command(FILE *f, const gc_command *cmd) {
  fprintf(f, "usage: gridcnf %s [options] %s\n\n", cmd->name, cmd->args);
  wrap(f, 0, 0, cmd->summary);
  if (cmd->about) {
    fputc('\n', f);
    wrap(f, 0, 0, cmd->about);
  }
  fprintf(f, "\noptions:\n");
  for (size_t i = 0; i < gc_cli_option_count(); i++) {
    const gc_cli_option *o = gc_cli_option_at(i);
    if (!gc_cli_takes(cmd, o->name) || !strcmp(o->name, "color"))
      continue;
    char left[64];
    option_left(o, left, sizeof left);
    option_line(f, left, o->help);
  }
  if (gc_cli_takes_encoding(cmd))
    option_line(f, "--NAME=VALUE",
                "an encoding option (see 'gridcnf help encoding')");
  option_line(f, "--color WHEN", "colour: auto, always or never");
  option_line(f, "-h, --help", "this page");
  if (cmd->examples && *cmd->examples) {
    fprintf(f, "\nexamples:\n");
    for (const char *p = cmd->examples; *p;) {
      size_t len = strcspn(p, "\n");
      fprintf(f, "  %.*s\n", (int)len, p);
      p += len + (p[len] == '\n');
    }
  }
}

static void help_encoding(FILE *f) {
  fprintf(f,
          "encoding options: how a puzzle becomes CNF and how CaDiCaL is "
          "run.\n"
          "The defaults are measured to be the fastest (benchmarks/RESULTS.md);"
          "\nthe others are there to compare.  --name=VALUE; a switch is also "
          "--name\nor --no-name.\n\n");
  encoding_rows(f, option_line);
}

static void help_formats(FILE *f) {
  fprintf(f,
          "Input formats.  The format is detected; --format F sets it, "
          "--genre NAME\n"
          "the genre of input that does not name one.\n"
          "\n"
          "  json       JSON lines: one record per line (id, genre, n and the "
          "genre's\n"
          "             keys), or one array of records\n"
          "  text       each genre's own notation, with an optional header "
          "line naming\n"
          "             the genre (see 'gridcnf genres' and docs/formats.md)\n");
  for (size_t i = 0; i < gc_format_count(); i++) {
    int col = fprintf(f, "  %-10s ", gc_format_name(i));
    wrap(f, col, 13, gc_format_summary(i));
  }
  fprintf(f, "\nconvert --to takes json, text or one of the notations.\n\n");
  wrap(f, 0, 0,
       "A JSON record's keys that gridcnf does not know are its metadata "
       "(source, difficulty, ...), but one a slip away from a known key is "
       "an error: \"rigth\" (did you mean \"right\"?).  When neither a "
       "header line nor --genre names the genre (or --format the notation), "
       "it is guessed from the look of the input, and an error says what it "
       "was taken for.");
  fputc('\n', f);
  wrap(f, 0, 0,
       "Grids (check GRID, hint --grid): one row per line, as 'gridcnf "
       "solve' prints it (the clue frame, the signs, a terminal's lines and "
       "colours are skipped), or JSON (rows of numbers, null = empty, or a "
       "record with \"solution\" or \"grid\").  In every genre '.' or '?' "
       "is an empty cell (in Skyscrapers and Futoshiki '-' and 0 too); Star "
       "Battle: '*' or '1' is a star, 'x', '-', '0' or a region's letter no "
       "star.");
}

static void help_exit_codes(FILE *f) {
  fprintf(f, "exit codes (a batch exits with the most serious of its "
             "puzzles'):\n");
  for (size_t i = 0; i < sizeof exit_codes / sizeof exit_codes[0]; i++) {
    int col = fprintf(f, "  %3d  ", exit_codes[i].code);
    wrap(f, col, 7, exit_codes[i].meaning);
  }
}

typedef struct writer {
  const char *name;
  void (*write)(FILE *f);
} writer;

/* Calls the writer called name; 0, or -1 when there is none. */
static int dispatch(FILE *f, const writer *w, const char *name) {
  for (; w->name; w++)
    if (!strcmp(w->name, name)) {
      w->write(f);
      return 0;
    }
  return -1;
}

int gc_cli_help_topic(FILE *f, const char *topic) {
  static const writer topics[] = {{"encoding", help_encoding},
                                  {"formats", help_formats},
                                  {"exit-codes", help_exit_codes},
                                  {NULL, NULL}};
  return dispatch(f, topics, topic);
}

/*------------------------------------------------------------------------*/
/* The man page and the completions.                                       */

/* Text for roff: backslashes and leading dots or quotes escaped. */
static void roff(FILE *f, const char *s) {
  if (*s == '.' || *s == '\'')
    fputs("\\&", f);
  for (; *s; s++) {
    if (*s == '\\')
      fputs("\\e", f);
    else if (*s == '-')
      fputs("\\-", f);
    else
      fputc(*s, f);
  }
}

static void man_option(FILE *f, const char *left, const char *help) {
  fputs(".TP\n.B ", f);
  roff(f, left);
  fputc('\n', f);
  roff(f, help);
  fputc('\n', f);
}

static void man(FILE *f) {
  fprintf(f, ".\\\" written by 'gridcnf --generate man'; do not edit\n"
             ".TH GRIDCNF 1 \"\" \"gridcnf %s\" \"User Commands\"\n"
             ".SH NAME\ngridcnf \\- logic\\-grid puzzles to CNF, solved with "
             "CaDiCaL\n"
             ".SH SYNOPSIS\n.B gridcnf\n.I COMMAND\n[options] [FILE|\\-]...\n"
             ".SH DESCRIPTION\n",
          GC_VERSION);
  roff(f, "gridcnf solves Skyscrapers (Towers), Star Battle (Parks, Queens) "
          "and Futoshiki (Unequal) puzzles with the CaDiCaL SAT solver, proves "
          "the solution unique or shows a second one, writes DIMACS for other "
          "solvers, checks grids, gives hints and makes new puzzles.  Input "
          "is a genre's text notation, JSON lines or a notation people paste "
          "(see FORMATS), which may be given as the argument itself where no "
          "file has that name; - or no file reads standard input.");
  fprintf(f, "\n.SH COMMANDS\n");
  for (size_t i = 0; i < gc_cli_command_count(); i++) {
    const gc_command *cmd = gc_cli_command_at(i);
    fprintf(f, ".SS \"gridcnf %s [options] ", cmd->name);
    roff(f, cmd->args);
    fprintf(f, "\"\n");
    roff(f, cmd->summary);
    fputc('\n', f);
    if (cmd->about) {
      fputs(".PP\n", f);
      roff(f, cmd->about);
      fputc('\n', f);
    }
    fputs(".PP\nOptions:", f);
    for (size_t k = 0; k < gc_cli_option_count(); k++) {
      const gc_cli_option *o = gc_cli_option_at(k);
      if (gc_cli_takes(cmd, o->name) && strcmp(o->name, "color")) {
        fprintf(f, " \\-\\-");
        roff(f, o->name);
      }
    }
    if (gc_cli_takes_encoding(cmd))
      fputs(", and the encoding options", f);
    fputs(".\n", f);
    if (cmd->examples && *cmd->examples) {
      fputs(".PP\nExamples:\n.nf\n", f);
      for (const char *p = cmd->examples; *p;) {
        size_t len = strcspn(p, "\n");
        char line[400];
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        roff(f, line);
        fputc('\n', f);
        p += len + (p[len] == '\n');
      }
      fputs(".fi\n", f);
    }
  }
  fprintf(f, ".SH OPTIONS\n");
  for (size_t i = 0; i < gc_cli_option_count(); i++) {
    const gc_cli_option *o = gc_cli_option_at(i);
    char left[64];
    option_left(o, left, sizeof left);
    man_option(f, left, o->help);
  }
  man_option(f, "-h, --help", "the command's help");
  fprintf(f, ".SH ENCODING OPTIONS\n");
  encoding_rows(f, man_option);
  fprintf(f, ".SH FORMATS\n");
  for (size_t i = 0; i < gc_format_count(); i++)
    man_option(f, gc_format_name(i), gc_format_summary(i));
  fprintf(f, ".SH EXIT STATUS\n");
  for (size_t i = 0; i < sizeof exit_codes / sizeof exit_codes[0]; i++) {
    char code[8];
    snprintf(code, sizeof code, "%d", exit_codes[i].code);
    man_option(f, code, exit_codes[i].meaning);
  }
  fprintf(f, ".SH ENVIRONMENT\n.TP\n.B NO_COLOR\nwhen set (and not empty), "
             "no colour on a terminal unless \\-\\-color=always\n"
             ".SH SEE ALSO\n.BR cadical (1),\n.BR minisat (1)\n");
}

/* The option words of cmd for a completion list, space-separated. */
static void option_words(FILE *f, const gc_command *cmd) {
  for (size_t k = 0; k < gc_cli_option_count(); k++) {
    const gc_cli_option *o = gc_cli_option_at(k);
    if (!gc_cli_takes(cmd, o->name))
      continue;
    fprintf(f, " --%s", o->name);
    if (o->shrt)
      fprintf(f, " -%c", o->shrt);
  }
  if (gc_cli_takes_encoding(cmd))
    for (size_t i = 0; i < gc_option_count(); i++) {
      char name[40];
      gc_option_cli_name(gc_option_at(i), name, sizeof name);
      fprintf(f, " --%s", name);
    }
  fprintf(f, " --help");
}

static void complete_bash(FILE *f) {
  fprintf(f, "# bash completion for gridcnf; written by 'gridcnf --generate "
             "complete-bash'\n"
             "_gridcnf() {\n"
             "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
             "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
             "    COMPREPLY=($(compgen -W \"");
  for (size_t i = 0; i < gc_cli_command_count(); i++)
    fprintf(f, "%s%s", i ? " " : "", gc_cli_command_at(i)->name);
  fprintf(f, " help\" -- \"$cur\"))\n    return\n  fi\n"
             "  case $prev in\n"
             "    --genre) COMPREPLY=($(compgen -W \"");
  for (size_t i = 0; i < gc_genre_count(); i++)
    fprintf(f, "%s%s", i ? " " : "", gc_genre_name(gc_genre_at(i)));
  fprintf(f, "\" -- \"$cur\")); return ;;\n"
             "    --format|--to) COMPREPLY=($(compgen -W \"auto json text");
  for (size_t i = 0; i < gc_format_count(); i++)
    fprintf(f, " %s", gc_format_name(i));
  fprintf(f, "\" -- \"$cur\")); return ;;\n"
             "    --color) COMPREPLY=($(compgen -W \"auto always never\" -- "
             "\"$cur\")); return ;;\n"
             "    --out-dir) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
             "  esac\n"
             "  local opts\n"
             "  case ${COMP_WORDS[1]} in\n");
  for (size_t i = 0; i < gc_cli_command_count(); i++) {
    const gc_command *cmd = gc_cli_command_at(i);
    fprintf(f, "    %s%s%s) opts=\"", cmd->name, cmd->alias ? "|" : "",
            cmd->alias ? cmd->alias : "");
    option_words(f, cmd);
    fprintf(f, "\" ;;\n");
  }
  fprintf(f, "    help) COMPREPLY=($(compgen -W \"");
  for (size_t i = 0; i < gc_cli_command_count(); i++)
    fprintf(f, "%s ", gc_cli_command_at(i)->name);
  fprintf(f, "encoding formats exit-codes\" -- \"$cur\")); return ;;\n"
             "  esac\n"
             "  if [[ $cur == -* ]]; then\n"
             "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
             "  else\n"
             "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
             "  fi\n"
             "}\n"
             "complete -o filenames -F _gridcnf gridcnf\n");
}

static void complete_zsh(FILE *f) {
  fprintf(f, "#compdef gridcnf\n"
             "# zsh completion for gridcnf; written by 'gridcnf --generate "
             "complete-zsh'\n"
             "_gridcnf() {\n"
             "  local -a commands\n"
             "  commands=(\n");
  for (size_t i = 0; i < gc_cli_command_count(); i++) {
    const gc_command *cmd = gc_cli_command_at(i);
    fprintf(f, "    '%s:", cmd->name);
    for (const char *p = cmd->summary; *p; p++)
      fputs(*p == '\'' ? "'\\''" : *p == ':' ? "\\:" : (char[]){*p, 0}, f);
    fprintf(f, "'\n");
  }
  fprintf(f, "    'help:a command'\\''s options and examples'\n"
             "  )\n"
             "  if (( CURRENT == 2 )); then\n"
             "    _describe command commands\n"
             "    return\n"
             "  fi\n"
             "  local -a opts\n"
             "  case $words[2] in\n");
  for (size_t i = 0; i < gc_cli_command_count(); i++) {
    const gc_command *cmd = gc_cli_command_at(i);
    fprintf(f, "    %s%s%s) opts=(", cmd->name, cmd->alias ? "|" : "",
            cmd->alias ? cmd->alias : "");
    option_words(f, cmd);
    fprintf(f, ") ;;\n");
  }
  fprintf(f, "  esac\n"
             "  if [[ $PREFIX == -* ]]; then\n"
             "    compadd -a opts\n"
             "  else\n"
             "    _files\n"
             "  fi\n"
             "}\n"
             "_gridcnf \"$@\"\n");
}

int gc_cli_generate(FILE *f, const char *what) {
  static const writer files[] = {{"man", man},
                                 {"complete-bash", complete_bash},
                                 {"complete-zsh", complete_zsh},
                                 {NULL, NULL}};
  return dispatch(f, files, what);
}
