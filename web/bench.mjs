/*
 * bench.mjs: the WebAssembly build in Node against the native command, on
 * the same puzzles in the same run (benchmarks/RESULTS.md, "WebAssembly").
 *
 *   node web/bench.mjs [--reps N] [--every K] [NATIVE]
 *
 * Per puzzle, the time the command's own --json stats give (parse +
 * encode + solve + unique, measured by the same C code with the same
 * clock on both sides), native with the portfolio off (the WebAssembly
 * build is single-threaded), as medians over N repetitions, each
 * repetition one process (native) or one module (wasm) solving the whole
 * sample: the first call is a puzzle solved first by a fresh module (cold
 * code), the steady state a later repetition.  Also: the module's
 * compile + instantiate time, and the .wasm's size raw and gzipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const args = process.argv.slice(2);
let reps = 5, every = 10, nativeExe = path.join(repo, 'build', 'gridcnf');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--reps') reps = +args[++i];
  else if (args[i] === '--every') every = +args[++i];
  else nativeExe = args[i];
}
const createGridcnf = (await import(path.join(here, 'dist', 'gridcnf-wasm.js'))).default;
const runner = (await import(path.join(here, 'dist', 'runner.js'))).default;
const wasmFile = path.join(here, 'dist', 'gridcnf-wasm.wasm');
const wasmBytes = fs.readFileSync(wasmFile);
process.setMaxListeners(0); // every module instance listens for uncaught errors

const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const statMs = (r) => r.stats ? (r.stats.parse_ms + r.stats.encode_ms + r.stats.solve_ms + r.stats.unique_ms) : NaN;

// the sample: every K-th puzzle of each corpus file, all of the scaling series
const sets = [];
const corpus = path.resolve(repo, '..', 'shared', 'corpus');
const bench = path.resolve(repo, '..', 'shared', 'bench');
for (const g of ['skyscrapers', 'futoshiki', 'starbattle']) {
  const lines = fs.readFileSync(path.join(corpus, `${g}.jsonl`), 'utf8').split('\n').filter((l) => l.trim());
  sets.push({ name: `corpus ${g}`, lines: lines.filter((_, i) => i % every === 0) });
  const sl = fs.readFileSync(path.join(bench, `scaling-${g}.jsonl`), 'utf8').split('\n').filter((l) => l.trim());
  sets.push({ name: `scaling ${g}`, lines: sl });
}

async function wasmRep(text) {
  const t0 = performance.now();
  const M = await createGridcnf({ wasmBinary: wasmBytes });
  const load = performance.now() - t0;
  const out = [];
  // each puzzle once cold (the first call of this module for it is the
  // first time its code paths run only for the first puzzle; so the
  // module's first solve is reported apart), then the whole sample again
  for (let pass = 0; pass < 2; pass++) {
    const r = runner.run(M, ['solve', '--json', '-'], text);
    out.push(runner.records(r.stdout));
  }
  return { load, cold: out[0], warm: out[1] };
}

function nativeRep(file) {
  const r = spawnSync(nativeExe, ['solve', '--json', '--portfolio=off', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
}

const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'gridcnf-bench-'));
const rows = [];
const loads = [], firsts = [], nativeFirsts = [];
for (const set of sets) {
  const file = path.join(tmp, set.name.replace(/ /g, '-') + '.jsonl');
  const text = set.lines.join('\n') + '\n';
  fs.writeFileSync(file, text);
  const nat = [], cold = [], warm = [];
  for (let k = 0; k < reps; k++) { // interleaved
    nat.push(nativeRep(file));
    const w = await wasmRep(text);
    loads.push(w.load);
    firsts.push(statMs(w.cold[0]));
    nativeFirsts.push(statMs(nat[k][0]));
    cold.push(w.cold);
    warm.push(w.warm);
  }
  const n = set.lines.length;
  const per = (runs, i) => median(runs.map((rs) => statMs(rs[i])));
  const nMs = [], wMs = [], cMs = [], ratios = [];
  for (let i = 0; i < n; i++) {
    const a = per(nat, i), b = per(warm, i), c = per(cold, i);
    for (const rs of [...warm, ...cold]) {
      if (rs[i].status !== nat[0][i].status || JSON.stringify(rs[i].solution) !== JSON.stringify(nat[0][i].solution))
        throw new Error(`${set.name} #${i + 1}: the answers differ`);
    }
    nMs.push(a); wMs.push(b); cMs.push(c); ratios.push(b / a);
  }
  rows.push({ set: set.name, n, native: median(nMs), wasmFirstPass: median(cMs), wasm: median(wMs),
    ratio: median(ratios), totalNative: nMs.reduce((x, y) => x + y, 0), totalWasm: wMs.reduce((x, y) => x + y, 0) });
}

// The first call on a puzzle that reaches CaDiCaL: a fresh module (cold
// code, as after a page load) against a fresh native process, then the
// same puzzle again in the same module / process (steady state).
const first = [];
const samples = [
  ['skyscrapers 6x6 (examples/)', fs.readFileSync(path.join(repo, 'examples', 'skyscrapers-6x6.txt'), 'utf8')],
  ['starbattle 7x7 (examples/)', fs.readFileSync(path.join(repo, 'examples', 'starbattle-7x7.txt'), 'utf8')],
  ['futoshiki 9x9 (scaling)', fs.readFileSync(path.join(bench, 'scaling-futoshiki.jsonl'), 'utf8').split('\n').filter((l) => /"n":\s*9\b/.test(l))[0] + '\n'],
];
for (const [name, text] of samples) {
  const file = path.join(tmp, 'one.txt');
  fs.writeFileSync(file, text);
  const again = 7;
  const nf = [], ns = [], wf = [], ws = [], wwall = [];
  for (let k = 0; k < reps; k++) {
    const nat = nativeRep(file);
    nf.push(statMs(nat[0]));
    const many = path.join(tmp, 'many.txt');
    fs.writeFileSync(many, Array(again + 1).fill(text.trim()).join(text.includes('{') ? '\n' : '\n---\n') + '\n');
    const natMany = nativeRep(many);
    ns.push(median(natMany.slice(1).map(statMs)));
    const M = await createGridcnf({ wasmBinary: wasmBytes });
    const t0 = performance.now();
    const r0 = runner.records(runner.run(M, ['solve', '--json', '-'], text).stdout)[0];
    wwall.push(performance.now() - t0);
    wf.push(statMs(r0));
    const later = [];
    for (let j = 0; j < again; j++) later.push(statMs(runner.records(runner.run(M, ['solve', '--json', '-'], text).stdout)[0]));
    ws.push(median(later));
  }
  first.push({ name, nf: median(nf), wf: median(wf), wwall: median(wwall), ns: median(ns), ws: median(ws) });
}
fs.rmSync(tmp, { recursive: true, force: true });

const f = (x) => x.toFixed(3);
console.log(`| sample | puzzles | native median ms | wasm first pass median ms | wasm steady median ms | steady / native (median of ratios) | sum native ms | sum wasm ms |`);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(`| ${r.set} | ${r.n} | ${f(r.native)} | ${f(r.wasmFirstPass)} | ${f(r.wasm)} | ${r.ratio.toFixed(2)}x | ${r.totalNative.toFixed(1)} | ${r.totalWasm.toFixed(1)} |`);
console.log('\n| puzzle | native first call ms | wasm first call ms (whole call) | native steady ms | wasm steady ms | steady ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of first)
  console.log(`| ${r.name} | ${f(r.nf)} | ${f(r.wf)} (${r.wwall.toFixed(1)}) | ${f(r.ns)} | ${f(r.ws)} | ${(r.ws / r.ns).toFixed(2)}x |`);
console.log(`\nmodule compile + instantiate (Node ${process.version}): median ${median(loads).toFixed(1)} ms over ${loads.length}`);
console.log(`a fresh module's first solve (the first puzzle of a sample): median ${median(firsts).toFixed(2)} ms; the native process's first: ${median(nativeFirsts).toFixed(2)} ms`);
console.log(`gridcnf-wasm.wasm: ${wasmBytes.length} bytes, ${zlib.gzipSync(wasmBytes, { level: 9 }).length} gzipped`);
