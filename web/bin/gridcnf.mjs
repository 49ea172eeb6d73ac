#!/usr/bin/env node
/*
 * gridcnf.mjs: the gridcnf command, run by Node on the WebAssembly build
 * (dist/gridcnf-node.*, linked with the real file system): the same
 * arguments, output and exit codes as the native command.
 *
 *   node web/bin/gridcnf.mjs solve --json puzzles.jsonl
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const createGridcnf = require('../dist/gridcnf-node.js');
const M = await createGridcnf({
  wasmBinary: fs.readFileSync(new URL('../dist/gridcnf-node.wasm', import.meta.url)),
});
const enc = new TextEncoder();
const argv = ['gridcnf', ...process.argv.slice(2)];
const ptrs = argv.map((a) => {
  const b = enc.encode(a);
  const p = M._malloc(b.length + 1);
  M.HEAPU8.set(b, p);
  M.HEAPU8[p + b.length] = 0;
  return p;
});
const av = M._malloc(4 * ptrs.length);
ptrs.forEach((p, i) => { M.HEAPU32[(av >> 2) + i] = p; });
process.exitCode = M._gcw_run_stdio(argv.length, av);
