/* cmd_cnf.c: cnf (DIMACS out) and decode (a model in). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"

static int cmd_cnf(cli *c) {
  gc_cli_one o;
  int code = gc_cli_read_one(c, &o);
  if (code)
    return code;
  gc_error e;
  gc_result res;
  gc_result_init(&res);
  const gc_grid *block = NULL;
  if (c->block_solution) {
    gc_limits lim = c->lim;
    lim.mode = GC_MODE_FIRST;
    if (gc_cli_solve_fixed(c, o.pz, &lim, &res, &e)) {
      gc_error_source(&e, o.source);
      gc_cli_print_error(c, &e);
      code = gc_code_exit(e.code);
      goto done;
    }
    if (res.status == GC_STATUS_UNKNOWN) {
      fprintf(c->err, "gridcnf: %s: no solution found before the %s; no CNF written\n",
              o.source, res.stop == GC_STOP_TIME ? "time limit" : "interrupt");
      code = gc_cli_status_exit(&res);
      goto done;
    }
    if (res.status == GC_STATUS_NONE) {
      fprintf(c->err,
              "gridcnf: %s: the puzzle has no solution, so there is none to "
              "block; the CNF written is itself UNSAT\n",
              o.source);
      code = EX_NONE;
    } else
      block = &res.first;
  }
  char *text;
  size_t len;
  /* --max-vars and --max-clauses bound what is written, as they bound
     what is solved */
  if (gc_dimacs_limited(o.pz, &c->opt, &c->lim, block, &text, &len, &e)) {
    gc_error_source(&e, o.source);
    gc_cli_print_error(c, &e);
    code = gc_code_exit(e.code);
    goto done;
  }
  int wc = gc_cli_write_all(c, text, len, "CNF");
  free(text);
  if (wc)
    code = wc;
done:
  gc_result_free(&res);
  gc_puzzle_free(o.pz);
  return code;
}

static int cmd_decode(cli *c) {
  if (c->nfiles != 2)
    return gc_cli_usage_error(c, "decode takes a PUZZLE and a MODEL file%s", "");
  const char *model_path = c->files[1];
  c->nfiles = 1;
  gc_cli_one o;
  int code = gc_cli_read_one(c, &o);
  if (code)
    return code;
  char *data = NULL;
  size_t len;
  gc_error e;
  signed char *values = NULL;
  int nvars, sat;
  gc_result res;
  gc_result_init(&res);
  if (gc_cli_read_file(c, model_path, &data, &len, &e) ||
      gc_model_read(data, len, !strcmp(model_path, "-") ? "<stdin>" : model_path,
                    &sat, &values, &nvars, &e)) {
    gc_cli_emit_error_record(c, &e, o.pz); /* with --json, its record too */
    code = gc_code_exit(e.code);
    goto done;
  }
  if (sat == 1) {
    if (gc_decode(o.pz, &c->opt, values, nvars, &res.first, &e)) {
      gc_error_source(&e, model_path);
      gc_cli_emit_error_record(c, &e, o.pz);
      code = gc_code_exit(e.code);
      goto done;
    }
    res.status = GC_STATUS_SOLVED;
    res.count = 1;
  } else {
    res.status = sat == 0 ? GC_STATUS_NONE : GC_STATUS_UNKNOWN;
    res.stop = GC_STOP_NONE;
  }
  gc_cli_record_begin(c);
  gc_cli_emit_result(c, o.source, o.pz, &res);
  code = res.status == GC_STATUS_SOLVED ? EX_OK
         : res.status == GC_STATUS_NONE ? EX_NONE
                                        : EX_TIME;
  gc_cli_record_end(c, o.source, o.pz, &code);
done:
  free(values);
  free(data);
  gc_result_free(&res);
  gc_puzzle_free(o.pz);
  return code;
}


const gc_command gc_command_cnf = {
    .name = "cnf",
    .alias = "dimacs",
    .order = 60,
    .section = "files",
    .args = "[FILE|-]",
    .summary = "write the puzzle's CNF (DIMACS) with its variable map",
    .options = "output block-solution @input @limits @encoding",
    .about = "The \"c gridcnf\" comment lines name the genre, the options "
             "and the variable blocks, so 'gridcnf decode' can read a model "
             "back.  With --block-solution the clause that excludes the "
             "first solution is added: UNSAT then certifies uniqueness.",
    .examples = "gridcnf cnf puzzle.txt -o f.cnf\n"
                "gridcnf cnf --block-solution puzzle.txt | cadical   # UNSAT "
                "= unique",
    .run = cmd_cnf};
const gc_command gc_command_decode = {
    .name = "decode",
    .order = 62,
    .section = "files",
    .args = "PUZZLE MODEL",
    .summary = "read an external SAT solver's model back into a grid",
    .options = "json @input @encoding",
    .about = "MODEL is the solver's output: \"s SATISFIABLE\" with \"v\" "
             "lines (CaDiCaL, Kissat, ...) or MiniSat's result file.  The "
             "encoding options must be the ones the CNF was written with.",
    .examples = "gridcnf cnf puzzle.txt -o f.cnf && minisat f.cnf model.txt\n"
                "gridcnf decode puzzle.txt model.txt",
    .run = cmd_decode};
