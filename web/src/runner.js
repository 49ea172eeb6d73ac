/*
 * runner.js: one `gridcnf ARGS...` run inside the WebAssembly module, for
 * the page's worker (importScripts) and the Node module (require).  The
 * arguments and the input are copied into the module's memory, the command
 * line runs there (gc_cli_run_io through web/gridcnf_web.c), and what it
 * printed comes back as text.  Nothing here knows a command or an option.
 */
(function (root) {
  'use strict';

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  function cString(M, s) {
    const bytes = encoder.encode(String(s));
    const p = M._malloc(bytes.length + 1);
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return p;
  }

  function text(M, ptr, len) {
    return decoder.decode(M.HEAPU8.subarray(ptr, ptr + len));
  }

  /* Runs `gridcnf ...args` with input (a string or bytes) as what '-'
     reads.  Returns {code, stdout, stderr}. */
  function run(M, args, input) {
    const argv = ['gridcnf'].concat(args.map(String));
    const ptrs = argv.map((a) => cString(M, a));
    const av = M._malloc(4 * ptrs.length);
    ptrs.forEach((p, i) => { M.HEAPU32[(av >> 2) + i] = p; });
    const bytes = typeof input === 'string' ? encoder.encode(input)
      : input instanceof Uint8Array ? input : new Uint8Array(0);
    const ip = M._malloc(bytes.length + 1);
    M.HEAPU8.set(bytes, ip);
    try {
      const code = M._gcw_run(argv.length, av, ip, bytes.length);
      return {
        code,
        stdout: text(M, M._gcw_out(), M._gcw_out_len()),
        stderr: text(M, M._gcw_err(), M._gcw_err_len()),
      };
    } finally {
      M._gcw_release();
      ptrs.forEach((p) => M._free(p));
      M._free(av);
      M._free(ip);
    }
  }

  /* The JSON lines of an output (--json: one object per puzzle). */
  function records(stdout) {
    const out = [];
    for (const line of stdout.split('\n')) {
      const t = line.trim();
      if (t.startsWith('{')) out.push(JSON.parse(t));
    }
    return out;
  }

  /* Options as on the command line: an array of words is passed as it is;
     an object {name: value} becomes --name value, true --name, false
     --no-name, an array value repeats the option. */
  function optionArgs(opts) {
    if (!opts) return [];
    if (Array.isArray(opts)) return opts.map(String);
    const args = [];
    for (const [k, v] of Object.entries(opts)) {
      if (v === undefined || v === null) continue;
      const name = k.length === 1 ? '-' + k : '--' + k;
      const values = Array.isArray(v) ? v : [v];
      for (const x of values) {
        if (x === true) args.push(name);
        else if (x === false) args.push('--no-' + k);
        else args.push(name, String(x));
      }
    }
    return args;
  }

  const api = { run, records, optionArgs };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.gridcnfRunner = api;
})(typeof self !== 'undefined' ? self : this);
