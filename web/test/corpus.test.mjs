/* corpus.test.mjs: the WebAssembly build answers the whole shared corpus
   exactly as the native command does (every record's id, status, solution,
   second and error, and the exit code), both as `node bin/gridcnf.mjs`
   and through the ES module.  The native command runs with the portfolio
   off: its second thread (which the single-threaded WebAssembly build does
   not have) may answer a puzzle with several solutions with another pair. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import * as gridcnf from '../dist/gridcnf.mjs';
import { corpusFiles, lines, native, nativeExe, untimed, wasmCli } from './helpers.mjs';

const files = corpusFiles();
const skip = !files.length ? 'no ../shared/corpus' : !nativeExe() ? 'no native gridcnf built' : false;

for (const file of files.length ? files : ['(corpus)']) {
  test(`solve --json ${path.basename(file)}: wasm = native`, { skip }, async () => {
    const n = native(['solve', '--json', '--portfolio=off', file]);
    const w = wasmCli(['solve', '--json', file]);
    assert.equal(w.stderr, n.stderr);
    assert.equal(w.code, n.code, 'exit code');
    const nr = lines(n.stdout), wr = lines(w.stdout);
    assert.ok(nr.length > 0);
    assert.equal(wr.length, nr.length);
    for (let i = 0; i < nr.length; i++) {
      assert.deepEqual(untimed(wr[i]), untimed(nr[i]), `record ${i + 1} (${nr[i].id})`);
      assert.deepEqual(Object.keys(wr[i].stats ?? {}).filter((k) => !k.endsWith('_ms')),
        Object.keys(nr[i].stats ?? {}).filter((k) => !k.endsWith('_ms')));
    }
    // the ES module: the same records from the text
    const mod = await gridcnf.solve(fs.readFileSync(file, 'utf8'));
    const mr = Array.isArray(mod) ? mod : [mod];
    assert.deepEqual(mr.map(untimed), nr.map(untimed));
  });
}

test('each status has its exit code, puzzle by puzzle (a sample of each file)', { skip }, () => {
  const seen = new Set();
  for (const file of files) {
    const recs = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
    // every 50th puzzle and every one whose status is not unique
    const statuses = lines(native(['solve', '--json', '--portfolio=off', file]).stdout);
    recs.forEach((rec, i) => {
      if (i % 50 && statuses[i] && statuses[i].status === 'unique') return;
      const n = native(['solve', '--json', '--portfolio=off', '-'], rec);
      const w = wasmCli(['solve', '--json', '-'], rec);
      assert.equal(w.code, n.code, `${file}:${i + 1}`);
      assert.deepEqual(lines(w.stdout).map(untimed), lines(n.stdout).map(untimed));
      seen.add(n.code);
    });
  }
  assert.ok(seen.has(0) && seen.size >= 2, `exit codes seen: ${[...seen]}`);
});
