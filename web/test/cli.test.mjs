/* cli.test.mjs: `node bin/gridcnf.mjs` behaves as the native command: the
   same output (timings aside), error messages and exit codes for every
   command, files written where -o says, and --jobs refused. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { lines, native, nativeExe, repo, untimed, wasmCli } from './helpers.mjs';

const skip = nativeExe() ? false : 'no native gridcnf built';
const ex = (f) => path.join(repo, 'examples', f);
const sky = ex('skyscrapers-6x6.txt'), sb = ex('starbattle-7x7.txt');
const futo = 'futoshiki\n0 0>0 0\n0 0 0 0\n\n0 0 0<0\n0 0 0 0\n';
const none = '{"genre":"skyscrapers","n":3,"top":[3,3,0],"bottom":[0,0,0],"left":[0,0,0],"right":[0,0,0]}\n';
const multi = '{"genre":"futoshiki","n":3}\n';

/* Same exit code and standard error (times in ms or s aside); the same
   output, or the same records without their timings. */
function same(args, input) {
  const n = native(args, input), w = wasmCli(args, input);
  assert.equal(w.code, n.code, `exit code of ${args.join(' ')}`);
  const untimedText = (t) => t.replace(/\d+(?:\.\d+)? (ms|s)\b/g, 'T $1');
  assert.equal(untimedText(w.stderr), untimedText(n.stderr), `stderr of ${args.join(' ')}`);
  if (args.includes('--json'))
    assert.deepEqual(lines(w.stdout).map(untimed), lines(n.stdout).map(untimed));
  else if (args[0] === 'solve' || args[0] === 'rate')
    assert.equal(untimedText(w.stdout), untimedText(n.stdout));
  else
    assert.equal(w.stdout, n.stdout, `stdout of ${args.join(' ')}`);
  return { n, w };
}

test('the commands print what the native command prints', { skip }, () => {
  same(['solve', sky]);
  same(['solve', '--json', sky, sb]);
  same(['solve', '--json', '-'], futo);
  same(['solve', '--json', '--count', '5', '-'], multi);
  same(['count', '--json', '--max', '20', '--list', '-'], multi);
  same(['solve', '--first', '--json', sb]);
  same(['cnf', sky]);
  same(['cnf', '--block-solution', sb]);
  same(['render', '--svg', '--solution', sky]);
  same(['render', sb]);
  for (const to of ['json', 'text', 'tatham', 'url', 'sbn', 'codewars'])
    same(['convert', '--to', to, to === 'sbn' || to === 'url' ? sb : sky]);
  // a pasted notation as the argument itself (no file has that name)
  same(['solve', '--json', '5:/3////2///3/3///1//3//2///,b2v']);
  same(['solve', 'https://puzz.link/p?starbattle/8/8/1/m58o14qsgoa012sd24lcag80']);
  same(['solve', '6:1/2/3']);
  same(['hint', '--json', sky]);
  same(['hint', '--all', '--json', '-'], multi);
  same(['explain', '--json', '-'], none);
  same(['minimize', '--json', sb]);
  same(['rate', '--json', sky]);
  same(['generate', 'skyscrapers', '--size', '5', '--seed', '3', '--count', '2']);
  same(['generate', 'futoshiki', '--size', '5', '--seed', '4', '--json']);
  same(['genres']);
  same(['genres', '--json']);
  same(['generate', 'starbattle', '--size', '4', '--seed', '77', '--number', '12', '--distinct']);
  // 16x16 with 2 stars is made of two 8x8 puzzles whose regions then share
  // out the cells off them, with conflict-limited proofs
  same(['generate', 'starbattle', '--size', '16', '--stars', '2', '--seed', '3', '--json']);
  same(['--version']);
  same(['--help']);
});

test('errors: the same messages and exit codes', { skip }, () => {
  const bad = same(['solve', '-'], '5:/3//2//3//1/////3//3//3///2x\n');
  assert.equal(bad.w.code, 65);
  assert.match(bad.w.stderr, /<stdin>:1:30: expected ','/);
  assert.equal(same(['solve', '/nonexistent/puzzle.txt']).w.code, 66);
  assert.equal(same(['solve', '--no-such-option', sky]).w.code, 64);
  assert.equal(same(['frobnicate']).w.code, 64);
  assert.equal(same(['solve', '-'], none).w.code, 1);
  assert.equal(same(['solve', '-'], multi).w.code, 2);
  for (const f of fs.readdirSync(path.join(repo, 'tests', 'data', 'bad', 'skyscrapers')).slice(0, 5))
    same(['solve', path.join(repo, 'tests', 'data', 'bad', 'skyscrapers', f)]);
});

test('files: -o and --out-dir write on the real file system', { skip }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridcnf-web-'));
  try {
    const nf = path.join(dir, 'n.cnf'), wf = path.join(dir, 'w.cnf');
    assert.equal(native(['cnf', sky, '-o', nf]).code, 0);
    assert.equal(wasmCli(['cnf', sky, '-o', wf]).code, 0);
    assert.equal(fs.readFileSync(wf, 'utf8'), fs.readFileSync(nf, 'utf8'));
    assert.equal(native(['render', '--svg', '--out-dir', path.join(dir, 'np'), sky, sb]).code, 0);
    assert.equal(wasmCli(['render', '--svg', '--out-dir', path.join(dir, 'wp'), sky, sb]).code, 0);
    const names = fs.readdirSync(path.join(dir, 'np')).sort();
    assert.equal(names.length, 2);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'wp')).sort(), names);
    for (const f of names)
      assert.equal(fs.readFileSync(path.join(dir, 'wp', f), 'utf8'),
        fs.readFileSync(path.join(dir, 'np', f), 'utf8'));
    // a relative path is relative to the working directory
    const rel = wasmCli(['cnf', path.relative(process.cwd(), sky), '-o', path.relative(process.cwd(), path.join(dir, 'r.cnf'))]);
    assert.equal(rel.code, 0);
    assert.equal(fs.readFileSync(path.join(dir, 'r.cnf'), 'utf8'), fs.readFileSync(nf, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('single-threaded: --jobs is refused with a clear message, the portfolio stays off', () => {
  const j = wasmCli(['solve', '--jobs', '2', sky]);
  assert.equal(j.code, 64);
  assert.match(j.stderr, /--jobs is not available in the single-threaded WebAssembly build/);
  const p = wasmCli(['solve', '--json', '--portfolio=on', sb]);
  assert.equal(p.code, 0);
  assert.equal(lines(p.stdout)[0].status, 'unique');
  const c = wasmCli(['certify', '--out', path.join(os.tmpdir(), 'gridcnf-web-cert'), sky]);
  assert.equal(c.code, 69); /* a program it needs cannot be run */
  assert.match(c.stderr, /cannot/);
});
