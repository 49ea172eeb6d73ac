/*
 * gridcnf.mjs: gridcnf as an ES module (Node and bundlers), the WebAssembly
 * build of the same C library and command line.  Every function runs one
 * `gridcnf COMMAND --json ... -` with the puzzle text as standard input and
 * resolves to what the command prints: the record (an object) for one
 * puzzle, an array of records for several, as `gridcnf ... --json` writes
 * them.  Options are the command line's, as an object ({timeout: 5,
 * first: true, 'sb-pairs': 'on'}) or an array of words.  Input that cannot
 * be read resolves to its error record (status "error", as with --json); a
 * usage error, or a command that prints no record, rejects with a
 * GridcnfError (message: the command's own, code: its exit code).
 *
 *   import { solve } from 'gridcnf';
 *   const rec = await solve('4:///////3//3///1///,m2b');
 *   rec.status === 'unique'; rec.solution;   // [[...], ...]
 */
import createGridcnf from './gridcnf-wasm.js';
import runner from './runner.js';

export class GridcnfError extends Error {
  constructor(result) {
    const lines = result.stderr.trim().split('\n').filter(Boolean);
    // the reason, not generate's summary line after it
    if (lines.length > 1 && /^gridcnf: generate: \d+ of \d+ puzzles? made/.test(lines[lines.length - 1])) lines.pop();
    const msg = lines.pop() || `gridcnf exited with ${result.code}`;
    super(msg.replace(/^gridcnf: /, ''));
    this.name = 'GridcnfError';
    this.code = result.code;
    this.stderr = result.stderr;
    this.stdout = result.stdout;
  }
}

let loading = null;

/* Loads the module once (options: Emscripten module settings, e.g.
   wasmBinary or locateFile).  Under Node the .wasm beside this file is
   read directly (Node's fetch cannot read a local file). */
export function load(options = {}) {
  if (!loading) {
    loading = (async () => {
      const settings = { ...options };
      const isNode = typeof process === 'object' && process.versions && process.versions.node;
      if (isNode && !settings.wasmBinary) {
        const fs = await import('node:fs');
        settings.wasmBinary = fs.readFileSync(new URL('./gridcnf-wasm.wasm', import.meta.url));
      }
      return createGridcnf(settings);
    })();
  }
  return loading;
}

let fileNo = 0;
/* Writes text into the module's in-memory file system; returns its path. */
function tempFile(M, text) {
  try { M.FS.mkdir('/tmp/gridcnf'); } catch (e) { /* exists */ }
  const path = `/tmp/gridcnf/in-${++fileNo}.txt`;
  M.FS.writeFile(path, text);
  return path;
}

/* Runs `gridcnf ...args` with input as standard input: {code, stdout,
   stderr, records}.  files: {path: text} written to the in-memory file
   system first (for options that name files). */
export async function run(args, input = '', files = {}) {
  const M = await load();
  for (const [p, t] of Object.entries(files)) M.FS.writeFile(p, t);
  const r = runner.run(M, args, input);
  r.records = runner.records(r.stdout);
  return r;
}

async function recordCommand(command, puzzle, opts, extraArgs = [], tail = []) {
  const M = await load();
  const o = opts && !Array.isArray(opts) ? { ...opts } : opts;
  const args = [command, '--json', ...extraArgs];
  if (o && !Array.isArray(o) && typeof o.grid === 'string') { /* hint --grid TEXT */
    args.push('--grid', tempFile(M, o.grid));
    delete o.grid;
  }
  args.push(...runner.optionArgs(o));
  args.push(...(puzzle === null ? [] : ['-']), ...tail);
  const r = runner.run(M, args, puzzle ?? '');
  const recs = runner.records(r.stdout);
  if (!recs.length) throw new GridcnfError(r);
  return recs.length === 1 ? recs[0] : recs;
}

async function textCommand(command, puzzle, opts, extraArgs = []) {
  const M = await load();
  const r = runner.run(M, [command, ...extraArgs, ...runner.optionArgs(opts), '-'], puzzle);
  if (r.code >= 64 || (!r.stdout && r.code !== 0)) throw new GridcnfError(r);
  return r.stdout;
}

/** solve: status unique|multiple|none|unknown|solved, solution, second, stats. */
export const solve = (puzzle, opts) => recordCommand('solve', puzzle, opts);
/** count: solutions up to --max K (default 2), or all: count, complete. */
export const count = (puzzle, opts) => recordCommand('count', puzzle, opts);
/** hint: one forced cell (row, col, value, ...); opts.grid: a partial grid's text. */
export const hint = (puzzle, opts) => recordCommand('hint', puzzle, opts);
/** explain: for a puzzle with no solution, the conflicting clues. */
export const explain = (puzzle, opts) => recordCommand('explain', puzzle, opts);
/** rate: score and label. */
export const rate = (puzzle, opts) => recordCommand('rate', puzzle, opts);
/** check: is grid (text or JSON) a solution? Every broken rule. */
export async function check(puzzle, grid, opts) {
  const M = await load();
  return recordCommand('check', puzzle, opts, [], [tempFile(M, grid)]);
}
/** generate: genre and options (size, stars, boxes, seed, number, start, tries, difficulty); rejects (code 4, or 3 at the time limit) when no puzzle was made. */
export const generate = (genre, opts) => recordCommand('generate', null, opts, [genre]);
/** cnf: the DIMACS text with its variable map (comment lines). */
export const cnf = (puzzle, opts) => textCommand('cnf', puzzle, opts);
/** convert: the puzzle in another notation (opts.to: json, text, tatham, url, ...). */
export const convert = (puzzle, opts) => textCommand('convert', puzzle, opts);
/** render: the picture (opts.svg: SVG; opts.solution: with the solution). */
export const render = (puzzle, opts) => textCommand('render', puzzle, opts);
