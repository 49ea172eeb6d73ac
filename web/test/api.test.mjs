/* api.test.mjs: the ES module's functions resolve to exactly the record
   `gridcnf COMMAND --json` prints (timings aside), take options as the
   command line does, and reject with the command's own message. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import * as gridcnf from '../dist/gridcnf.mjs';
import { lines, native, nativeExe, repo, untimed } from './helpers.mjs';

const skip = nativeExe() ? false : 'no native gridcnf built';
const sky = fs.readFileSync(path.join(repo, 'examples', 'skyscrapers-6x6.txt'), 'utf8');
const sb = fs.readFileSync(path.join(repo, 'examples', 'starbattle-7x7.txt'), 'utf8');
const multi = '{"genre":"futoshiki","n":3}\n';
const none = '{"genre":"skyscrapers","n":3,"top":[3,3,0],"bottom":[0,0,0],"left":[0,0,0],"right":[0,0,0]}\n';

const rec = (args, input) => lines(native(args, input).stdout).map(untimed);
const one = (r) => untimed(r);

test('each function resolves to the record the command prints', { skip }, async () => {
  assert.deepEqual(one(await gridcnf.solve(sky)), rec(['solve', '--json', '-'], sky)[0]);
  assert.deepEqual(one(await gridcnf.solve(multi, { first: true })),
    rec(['solve', '--json', '--first', '-'], multi)[0]);
  assert.deepEqual(one(await gridcnf.count(multi, { max: 10, list: true })),
    rec(['count', '--json', '--max', '10', '--list', '-'], multi)[0]);
  assert.deepEqual(one(await gridcnf.count(multi, ['--all'])), rec(['count', '--json', '--all', '-'], multi)[0]);
  assert.deepEqual(one(await gridcnf.hint(sky)), rec(['hint', '--json', '-'], sky)[0]);
  assert.deepEqual(one(await gridcnf.explain(none)), rec(['explain', '--json', '-'], none)[0]);
  assert.deepEqual(one(await gridcnf.rate(sb)), rec(['rate', '--json', '-'], sb)[0]);
  const gen = await gridcnf.generate('starbattle', { size: 8, stars: 1, seed: 5 });
  assert.deepEqual(one(gen), rec(['generate', 'starbattle', '--json', '--size', '8', '--stars', '1', '--seed', '5'])[0]);
  assert.equal(await gridcnf.cnf(sb, { 'block-solution': true }), native(['cnf', '--block-solution', '-'], sb).stdout);
  assert.equal(await gridcnf.render(sky, { svg: true, solution: true }), native(['render', '--svg', '--solution', '-'], sky).stdout);
  assert.equal(await gridcnf.convert(sky, { to: 'tatham' }), native(['convert', '--to', 'tatham', '-'], sky).stdout);
  assert.equal(await gridcnf.convert(sb, { to: 'url' }), native(['convert', '--to', 'url', '-'], sb).stdout);
});

test('check and hint --grid take the grid as text', { skip }, async () => {
  const sol = (await gridcnf.solve(sky)).solution;
  const good = sol.map((r) => r.join(' ')).join('\n') + '\n';
  const ok = await gridcnf.check(sky, good);
  assert.equal(ok.status, 'solution');
  assert.deepEqual(ok.broken, []);
  const wrong = sol.map((r) => [...r]);
  [wrong[0][0], wrong[0][1]] = [wrong[0][1], wrong[0][0]];
  const bad = await gridcnf.check(sky, wrong.map((r) => r.join(' ')).join('\n'));
  assert.equal(bad.status, 'broken');
  assert.ok(bad.broken.some((b) => /column 1 repeats/.test(b)), bad.broken.join('; '));
  const partial = sol.map((r, i) => r.map((v, j) => (i === 0 && j < 2 ? v : '.')).join(' ')).join('\n');
  const h = await gridcnf.hint(sky, { grid: partial });
  assert.equal(h.status, 'hint');
  assert.equal(h.value, sol[h.row - 1][h.col - 1]);
  assert.ok(!(h.row === 1 && h.col <= 2), 'a cell already filled is not hinted');
});

test('several puzzles give an array; errors reject with the message', async () => {
  const two = await gridcnf.solve(`${sky}---\n${sky}`);
  assert.ok(Array.isArray(two) && two.length === 2);
  const bad = await gridcnf.solve('5:/3//2//3//1/////3//3//3///2x');
  assert.equal(bad.status, 'error');
  assert.match(bad.error, /<stdin>:1:30: expected ','/);
  await assert.rejects(gridcnf.solve(sky, { 'no-such': 1 }), (e) => e.code === 64 && /unknown option/.test(e.message));
  await assert.rejects(gridcnf.render('xyz 1 2', { svg: true }), (e) => e.code === 65);
  // no puzzle made: the reason, not the run's summary line
  await assert.rejects(gridcnf.generate('skyscrapers', { size: 3, seed: 1, difficulty: 'unreasonable', tries: 2 }),
    (e) => e.code === 4 && /^generate: puzzle 1 of 1: no skyscrapers 3x3 puzzle of difficulty unreasonable in 2 tries \(they graded easy 2\)$/.test(e.message));
  const r = await gridcnf.run(['solve', '--json', '--timeout', '5', '-'], sky);
  assert.equal(r.code, 0);
  assert.equal(r.records[0].status, 'unique');
});
