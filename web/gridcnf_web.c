/*
 * gridcnf_web.c: the WebAssembly build's door to the command line.  Every
 * call from JavaScript (the page's worker, the Node module, bin/gridcnf.mjs)
 * is one `gridcnf ARGS...` run by gc_cli_run_io, so what it prints is the
 * command's own output; nothing here reads or writes a puzzle.
 *
 * gcw_run: '-' reads the input buffer, the output and error text are kept
 *   in memory (open_memstream) until the next call or gcw_release.
 * gcw_run_stdio: the process's own standard input and output (Node, with
 *   the real file system).
 */
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static char *out_text, *err_text;
static size_t out_len, err_len;

EMSCRIPTEN_KEEPALIVE void gcw_release(void) {
  free(out_text);
  free(err_text);
  out_text = err_text = NULL;
  out_len = err_len = 0;
}

/* Runs `gridcnf argv[1] ...` with input as what '-' reads (input_len bytes;
   input may hold NUL bytes).  Returns the exit code, or -1 when the output
   streams cannot be made. */
EMSCRIPTEN_KEEPALIVE int gcw_run(int argc, char **argv, const char *input,
                                 size_t input_len) {
  gcw_release();
  FILE *out = open_memstream(&out_text, &out_len);
  FILE *err = open_memstream(&err_text, &err_len);
  if (!out || !err) {
    if (out)
      fclose(out);
    if (err)
      fclose(err);
    gcw_release();
    return -1;
  }
  static const char none[1] = "";
  gc_cli_io io = {input ? input : none, input_len, out, err, NULL};
  int rc = gc_cli_run_io(argc, argv, &io);
  fclose(out);
  fclose(err);
  return rc;
}

EMSCRIPTEN_KEEPALIVE const char *gcw_out(void) { return out_text ? out_text : ""; }
EMSCRIPTEN_KEEPALIVE size_t gcw_out_len(void) { return out_len; }
EMSCRIPTEN_KEEPALIVE const char *gcw_err(void) { return err_text ? err_text : ""; }
EMSCRIPTEN_KEEPALIVE size_t gcw_err_len(void) { return err_len; }

EMSCRIPTEN_KEEPALIVE int gcw_run_stdio(int argc, char **argv) {
  int rc = gc_cli_run(argc, argv, stdout, stderr, NULL);
  fflush(stdout);
  fflush(stderr);
  return rc;
}
