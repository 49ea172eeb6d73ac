/* cmd_convert.c: convert --to FORMAT. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

static int convert_one(cli *c, const char *source, gc_puzzle *pz,
                       double parse_ms, int *code) {
  (void)parse_ms;
  int json = !c->to || !strcmp(c->to, "json");
  int text = !json && !strcmp(c->to, "text");
  gc_error e;
  gc_error_clear(&e);
  char *s = json ? gc_puzzle_json(pz)
            : text ? gc_puzzle_text(pz) /* with its "# ID" line */
                   : gc_format_write(pz, c->to, &e);
  if (!s && e.code && e.code != GC_E_NOMEM) { /* "cannot express: ..." */
    gc_error_source(&e, source);
    e.line = gc_puzzle_line(pz);
    e.column = 0;
    gc_cli_emit_error_record(c, &e, pz);
    gc_cli_worst(code, gc_code_exit(e.code));
    return 0;
  }
  if (!s) { /* an error record in its place, and the batch goes on */
    gc_cli_record_lost(c);
    return 0;
  }
  if (text && c->converted++)
    fputs("---\n", c->out);
  fputs(s, c->out);
  if (!text)
    fputc('\n', c->out);
  free(s);
  return 0;
}

static int cmd_convert(cli *c) {
  int count = 0;
  return gc_cli_each_puzzle(c, convert_one, &count);
}


const gc_command gc_command_convert = {
    .name = "convert",
    .order = 70,
    .section = "files",
    .args = "--to FORMAT [FILE|-]...",
    .summary = "rewrite puzzles in another format",
    .options = "to @input",
    .about = "FORMAT is json (the corpus record, the default), text (the "
             "genre's notation) or a notation people paste (see 'gridcnf "
             "help formats').  A puzzle the notation cannot hold is reported "
             "(exit 65) and the batch goes on.",
    .examples = "gridcnf convert --to json puzzles.txt > puzzles.jsonl\n"
                "gridcnf convert --to puzzlink puzzle.txt",
    .run = cmd_convert};
