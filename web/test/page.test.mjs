/* page.test.mjs: the page in headless Chromium (Debian's, driven by
   puppeteer-core), served from 127.0.0.1: puzzles of each genre in several
   formats solve to the native command's solution; Hint, Check (with a wrong
   entry, typed with the keyboard), Generate, Count, the time limit and Stop
   work; two-digit entries (10, 20, ...) typed on a 10x10 grid; bad input
   shows the library's positioned message; an input of several puzzles
   gets a picker; the page stays responsive during
   a long solve; Steps and Rate say when reason items were not shown needed;
   it works offline once loaded.  One screenshot per genre
   (and a phone-width one) goes to build-web/screenshots/ for people to look
   at; no pixel is asserted. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { chromiumPath, launch } from './browser.mjs';
import { lines, native, nativeExe, repo } from './helpers.mjs';
import { serve } from './serve.mjs';

const skip = !chromiumPath() ? 'no chromium' : !nativeExe() ? 'no native gridcnf built' : false;
const shots = path.join(repo, 'build-web', 'screenshots');
let server, browser, base;

before(async () => {
  if (skip) return;
  fs.mkdirSync(shots, { recursive: true });
  server = await serve();
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

async function newPage(width = 1200) {
  const page = await browser.newPage();
  await page.setViewport({ width, height: 900 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

const status = (page) => page.$eval('#result', (e) => e.dataset.status || '');

// The final status, read in the same evaluation that sees it final (a
// second read could meet the next solve's 'busy').
async function waitDone(page, timeout = 30000) {
  const h = await page.waitForFunction(() => {
    const s = document.getElementById('result').dataset.status;
    return s && s !== 'busy' ? s : false;
  }, { timeout });
  return h.jsonValue();
}

async function setPuzzle(page, text) {
  await page.$eval('#puzzle', (t, v) => {
    document.getElementById('picture').replaceChildren();
    t.value = v;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  // the picture of the new puzzle
  await page.waitForFunction(() => document.querySelector('#picture svg') ||
    document.getElementById('result').dataset.status === 'error', { timeout: 20000 });
}

async function clickAndWait(page, id, timeout) {
  await page.$eval('#result', (e) => { e.dataset.status = 'busy'; });
  await page.click(id);
  return waitDone(page, timeout);
}

const sky = fs.readFileSync(path.join(repo, 'examples', 'skyscrapers-6x6.txt'), 'utf8');
const sb = fs.readFileSync(path.join(repo, 'examples', 'starbattle-7x7.txt'), 'utf8');
const futo = 'futoshiki\n0 0 0 0 1 3\n    ^\n0 0 0 0 0 6\n\n0>0 2 5<0 0\n\n2 0 0 1 0 0\n\n0 0 0 0 2 0\n\n0 5 0 0<0 0\n';
const inputs = {
  skyscrapers: [sky, 'codewars', 'url', 'tatham'],
  starbattle: [sb, 'sbn', 'url', 'json'],
  futoshiki: [futo, 'tatham', 'json'],
};

test('#p= loads, solves and reports the native solution: each genre, several formats', { skip }, async () => {
  const page = await newPage();
  for (const [genre, [text, ...formats]] of Object.entries(inputs)) {
    const want = lines(native(['solve', '--json', '--portfolio=off', '-'], text).stdout)[0];
    assert.equal(want.status, 'unique');
    const variants = [text, ...formats.map((f) => {
      const c = native(['convert', '--to', f, '-'], text);
      assert.equal(c.code, 0, `convert --to ${f}: ${c.stderr}`);
      return c.stdout.trim();
    })];
    for (const v of variants) {
      // a new #p= on the same page is a hash change, not a load: the last
      // puzzle's status must not pass for this one's
      await page.$eval('#result', (e) => { e.dataset.status = 'busy'; }).catch(() => {});
      await page.goto(base + 'index.html#p=' + encodeURIComponent(v));
      assert.equal(await waitDone(page), 'unique', `${genre}: ${v.slice(0, 60)}`);
      const sol = await page.$eval('#result', (e) => e.dataset.solution);
      assert.deepEqual(JSON.parse(sol), want.solution, `${genre}: ${v.slice(0, 60)}`);
      assert.ok(await page.$('#picture svg'), 'an inline <svg>');
      // the library's picture, with the solution drawn in it
      const drawn = await page.$$eval('#picture svg .solution, #picture svg .star', (e) => e.length);
      assert.ok(drawn > 0);
      // the cell-entry hint and the picture's label name this genre's keys:
      // stars for Star Battle, digits for the others
      const keys = await page.$eval('#keys', (e) => e.textContent);
      const label = await page.$eval('#picture', (e) => e.getAttribute('aria-label'));
      if (genre === 'starbattle') {
        assert.match(keys, /Space star, x no star/, keys);
        assert.match(label, /star/, label);
      } else {
        assert.doesNotMatch(keys, /star/i, keys);
        assert.doesNotMatch(label, /star/i, label);
        assert.match(keys, /digit 1–6/, keys);
      }
      assert.ok(await page.$('.keys #clear'), 'Clear entries stays in the hint line');
    }
    await page.screenshot({ path: path.join(shots, `${genre}.png`), fullPage: true });
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paste and press Solve: unique, multiple (cells that differ marked), none (the conflict marked)', { skip }, async () => {
  const page = await newPage(390);
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, sb);
  // a Star Battle hint says whether the cell holds a star
  assert.equal(await clickAndWait(page, '#hint'), 'hint');
  const sh = lines(native(['hint', '--json', '-'], sb).stdout)[0];
  assert.match(await page.$eval('#result', (e) => e.textContent),
    new RegExp(`r${sh.row}c${sh.col} holds ${sh.value ? 'a star' : 'no star'}\\.`));
  assert.equal(await clickAndWait(page, '#solve'), 'unique');
  const multi = '{"genre":"futoshiki","n":4,"givens":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}';
  await setPuzzle(page, multi);
  assert.equal(await clickAndWait(page, '#solve'), 'multiple');
  const want = lines(native(['solve', '--json', '--portfolio=off', '-'], multi).stdout)[0];
  let differ = 0;
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) if (want.solution[r][c] !== want.second[r][c]) differ++;
  assert.equal(await page.$$eval('#picture .hl-diff', (e) => e.length), differ);
  const none = '{"genre":"skyscrapers","n":3,"top":[3,3,0],"bottom":[0,0,0],"left":[0,0,0],"right":[0,0,0]}';
  await setPuzzle(page, none);
  assert.equal(await clickAndWait(page, '#solve'), 'none');
  const conflict = lines(native(['explain', '--json', '-'], none).stdout)[0].conflict;
  assert.ok(conflict.length > 0);
  await page.waitForFunction((k) => document.querySelectorAll('#details li').length === k, {}, conflict.length);
  assert.deepEqual(await page.$$eval('#details li', (e) => e.map((x) => x.textContent)), conflict);
  assert.ok(await page.$$eval('#picture .hl-clue, #picture .hl-bad, #picture .hl-line', (e) => e.length) > 0);
  await page.screenshot({ path: path.join(shots, 'phone-none.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('bad input: the library\'s message with its position', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, sky); // a puzzle read first: its share link
  assert.notEqual(await page.$eval('#share-link', (a) => a.getAttribute('href')), '#');
  const bad = '5:/3//2//3//1/////3//3//3///2x';
  await setPuzzle(page, bad);
  const msg = await page.$eval('#message', (e) => e.textContent);
  const want = native(['solve', '-'], bad).stderr.trim().replace(/^gridcnf: <stdin>:1:30: /, '');
  assert.equal(msg, `Line 1, column 30: ${want}`);
  // no link to the puzzle before
  assert.equal(await page.$eval('#share-link', (a) => a.getAttribute('href')), '#');
  assert.equal(await clickAndWait(page, '#solve'), 'error');
  // the message is said once, under the input, not again as <stdin>:...
  assert.equal(await page.$eval('#result', (e) => e.textContent.trim()), 'The puzzle cannot be read.');
  await page.goto(base + 'index.html#p=' + encodeURIComponent('skyscrapers\n. . x\n'));
  assert.equal(await waitDone(page), 'error');
  assert.match(await page.$eval('#message', (e) => e.textContent), /^Line \d+/);
  await page.close();
});

test('an input of several puzzles: a picker shows each, and Solve and the share link are the one shown', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  const many = [sky, sb, futo].map((t) => lines(native(['convert', '--to', 'json', '-'], t).stdout)[0]);
  assert.ok(await page.$eval('#pick-row', (e) => e.hidden), 'no picker before');
  await setPuzzle(page, many.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const opts = await page.$$eval('#pick option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(opts, ['1. Skyscrapers 6×6', '2. Star Battle 7×7, 1 star', '3. Futoshiki 6×6']);
  assert.equal(await page.$eval('#pick-row', (e) => e.hidden), false);
  assert.match(await page.$eval('#message', (e) => e.textContent), /holds 3 puzzles: this is number 1/);
  for (const i of [2, 1]) {
    await page.$eval('#picture', (e) => e.replaceChildren());
    await page.select('#pick', String(i));
    await page.waitForSelector('#picture svg');
    assert.match(await page.$eval('#message', (e) => e.textContent), new RegExp(`this is number ${i + 1}`));
    assert.equal(await clickAndWait(page, '#solve'), 'unique');
    const want = lines(native(['solve', '--json', '-'], JSON.stringify(many[i])).stdout)[0];
    assert.deepEqual(JSON.parse(await page.$eval('#result', (e) => e.dataset.solution)), want.solution);
    // the share link opens the puzzle shown, not the whole input
    const href = await page.$eval('#share-link', (a) => a.href);
    const shared = decodeURIComponent(new URL(href).hash.replace(/^#p=/, ''));
    assert.deepEqual(JSON.parse(shared), many[i]);
  }
  await page.screenshot({ path: path.join(shots, 'several.png'), fullPage: true });
  // one that cannot be read among them: its place, as a line and column
  await setPuzzle(page, many.slice(0, 2).map((r) => JSON.stringify(r)).join('\n') + '\n{"genre":"skyscrapers","n":4,"top":[1]}\n');
  assert.equal((await page.$$eval('#pick option', (o) => o.length)), 2);
  const msg = await page.$eval('#message', (e) => e.textContent);
  assert.match(msg, /holds 2 puzzles: this is number 1 .* Line 3, column \d+: /, msg);
  assert.doesNotMatch(msg, /<stdin>/, msg);
  // one puzzle again: no picker
  await setPuzzle(page, sky);
  assert.ok(await page.$eval('#pick-row', (e) => e.hidden));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Futoshiki: the hint cell and reason are tinted over the white squares, not hidden under them', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, futo);
  assert.equal(await clickAndWait(page, '#hint'), 'hint');
  // every tint comes after every filled square in the drawing's order
  const order = await page.$eval('#picture svg', (svg) => {
    const all = [...svg.querySelectorAll('*')];
    const cells = all.filter((e) => e.matches('rect.cell')).map((e) => all.indexOf(e));
    const tints = all.filter((e) => e.matches('.hl-hint, .hl-reason')).map((e) => all.indexOf(e));
    return { lastCell: Math.max(...cells), firstTint: Math.min(...tints), tints: tints.length };
  });
  assert.ok(order.tints >= 2, JSON.stringify(order));
  assert.ok(order.firstTint > order.lastCell, JSON.stringify(order));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Hint, Check with a wrong entry typed on the keyboard, Generate', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, sky);
  // Hint: the native command's cell and value
  assert.equal(await clickAndWait(page, '#hint'), 'hint');
  const h = lines(native(['hint', '--json', '-'], sky).stdout)[0];
  assert.match(await page.$eval('#result', (e) => e.textContent), new RegExp(`r${h.row}c${h.col} must be ${h.value}`));
  assert.equal(await page.$$eval('#picture .hl-hint', (e) => e.length), 1);
  // its reason, in the library's words, and the clue it rests on circled
  assert.ok((await page.$eval('#result', (e) => e.textContent)).includes(h.text), h.text);
  assert.equal(await page.$$eval('#picture .hl-clue', (e) => e.length),
    h.reason.filter((it) => it.kind === 'clue').length);
  // Check: two equal digits in row 1, entered with the keyboard alone
  await page.focus('#picture');
  await page.keyboard.press('3');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('3');
  assert.equal(await page.$$eval('#picture .entry', (e) => e.length), 2);
  assert.equal(await clickAndWait(page, '#check'), 'broken');
  const details = await page.$$eval('#details li', (e) => e.map((x) => x.textContent));
  assert.ok(details.includes('row 1 repeats 3 (columns 1 and 2)'), details.join('; '));
  assert.equal(await page.$$eval('#picture .hl-bad', (e) => e.length), 2);
  // a right entry alone can be completed
  await page.focus('#picture');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ArrowLeft');
  const sol = lines(native(['solve', '--json', '-'], sky).stdout)[0].solution;
  await page.keyboard.press(String(sol[0][0]));
  assert.equal(await clickAndWait(page, '#check'), 'hint');
  assert.match(await page.$eval('#result', (e) => e.textContent), /can be completed/);
  // Hint with the entries: the hinted cell is not the filled one
  assert.equal(await clickAndWait(page, '#hint'), 'hint');
  assert.doesNotMatch(await page.$eval('#result', (e) => e.textContent), /r1c1 must/);
  // Generate's difficulty offers the genre's levels (genres --json): a
  // Futoshiki at one of its own levels
  const levels = Object.fromEntries(lines(native(['genres', '--json']).stdout)
    .map((r) => [r.name, r.levels]));
  await page.select('#genre', 'futoshiki');
  assert.deepEqual(await page.$$eval('#difficulty option', (o) => o.map((x) => x.value)),
    ['any', ...levels.futoshiki]);
  await page.$eval('#size', (e) => { e.value = '5'; });
  await page.select('#difficulty', 'trivial');
  assert.equal(await clickAndWait(page, '#generate'), 'generated');
  assert.match(await page.$eval('#result', (e) => e.textContent), /, trivial, unique/);
  // Generate a Star Battle, then solve it
  await page.select('#genre', 'starbattle');
  assert.deepEqual(await page.$$eval('#difficulty option', (o) => o.map((x) => x.value)),
    ['any', ...levels.starbattle]);
  await page.select('#difficulty', 'any');
  await page.$eval('#size', (e) => { e.value = '8'; });
  assert.equal(await clickAndWait(page, '#generate'), 'generated');
  assert.match(await page.$eval('#puzzle', (e) => e.value), /^starbattle/m);
  assert.equal(await clickAndWait(page, '#solve'), 'unique');
  // A size known to take minutes, stopped by the page's time limit: the
  // verdict is the time limit, the note on the size below it
  await page.$eval('#size', (e) => { e.value = '30'; });
  await page.$eval('#stars', (e) => { e.value = '6'; });
  await page.$eval('#timeout', (e) => { e.value = '0.5'; });
  assert.equal(await clickAndWait(page, '#generate', 60000), 'error');
  assert.match(await page.$eval('#result .verdict', (e) => e.textContent),
    /^Time limit reached after/);
  assert.match(await page.$eval('#result .stats', (e) => e.textContent),
    /^A 30x30 starbattle with 6 stars may take minutes, or hours, to make\. Up to 29x29 a grid with 6 stars takes seconds\.$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('10 and up typed as two digits: 1 then 0 is 10; a 0 that extends nothing clears', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, '{"genre":"futoshiki","n":10}');
  assert.match(await page.$eval('#keys', (e) => e.textContent), /10 and up: two digits typed quickly/);
  // the entries drawn, in cell order
  const entries = () => page.$$eval('#picture .entry', (e) => e.map((x) => x.textContent));
  const pause = () => new Promise((r) => setTimeout(r, 900));
  await page.focus('#picture');
  // r1c1: 1 then 0 typed quickly is 10
  await page.keyboard.press('1');
  await page.keyboard.press('0');
  assert.deepEqual(await entries(), ['10']);
  // a 0 on a cell holding 10 clears it, as Backspace does
  await page.keyboard.press('0');
  assert.deepEqual(await entries(), []);
  // r1c2: 2 then 0 would be 20, over 10: the 0 clears
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('2');
  assert.deepEqual(await entries(), ['2']);
  await page.keyboard.press('0');
  assert.deepEqual(await entries(), []);
  // r1c3: a 0 typed after the pause clears, it does not make 30
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('3');
  await pause();
  await page.keyboard.press('0');
  assert.deepEqual(await entries(), []);
  // the first digit belongs to its cell: 1 in r1c3, 1 in r1c4, back to
  // r1c3 and 0 at once clears r1c3 rather than making it 10
  await page.keyboard.press('1');
  await pause();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('0');
  assert.deepEqual(await entries(), ['1']);
  // 1 then 0 in another cell, next to the 1 in r1c4
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('1');
  await page.keyboard.press('0');
  assert.deepEqual(await entries(), ['1', '10']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Steps: the path in words, and the grid after a step drawn by the library', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, sky);
  await page.waitForSelector('#steps:not([hidden])');
  assert.equal(await clickAndWait(page, '#steps'), 'hint');
  const rec = lines(native(['steps', '--json', '-'], sky).stdout)[0];
  const items = await page.$$eval('#details li', (e) => e.map((x) => x.textContent));
  assert.equal(items.length, rec.steps.length);
  assert.equal(items[0], `1. ${rec.steps[0].text}`);
  // the third step: the picture is render --svg --step 3's
  await page.click('#details li:nth-child(3) button');
  await page.waitForSelector('#picture svg .focus');
  const want = native(['render', '--svg', '--step', '3', '-'], sky).stdout;
  const got = await page.$$eval('#picture svg [class^="reason"]', (e) => e.length);
  assert.equal(got, (want.match(/class="reason/g) || []).length);
  assert.ok(got > 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Steps and Rate say when reason items were not shown needed (too hard to decide)', { skip }, async () => {
  // a 22x22 4-star whose search steps' reasons reach the prover's limit
  // (the library's count of conflicts, the same on every machine)
  const big = native(['generate', 'starbattle', '--size', '22', '--stars', '4', '--seed', '1',
    '--jobs', '2']).stdout;
  const rec = lines(native(['steps', '--json', '-'], big).stdout)[0];
  const marked = rec.steps.map((s, k) => [k, s.unproven || 0]).filter(([, u]) => u > 0);
  assert.ok(marked.length > 0);
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await page.$eval('#timeout', (e) => { e.value = '300'; });
  await setPuzzle(page, big);
  await page.waitForSelector('#steps:not([hidden])');
  assert.equal(await clickAndWait(page, '#steps', 300000), 'hint');
  const items = await page.$$eval('#details li', (e) => e.map((x) => x.textContent));
  assert.equal(items.length, rec.steps.length);
  for (const [k, u] of marked)
    assert.equal(items[k], `${k + 1}. ${rec.steps[k].text} (${u} item${u === 1 ? '' : 's'} of its reason not shown needed: too hard to decide)`);
  assert.equal(items.filter((t) => t.includes('too hard to decide')).length, marked.length);
  const rated = lines(native(['rate', '--json', '-'], big).stdout)[0];
  assert.ok(rated.unproven > 0);
  assert.equal(await clickAndWait(page, '#rate', 300000), 'hint');
  assert.match(await page.$eval('#result', (e) => e.textContent),
    new RegExp(`; ${rated.unproven} reason items? not shown needed \\(too hard to decide\\)`));
  // the cells probing decides count those propagation decides too
  assert.match(await page.$eval('#result', (e) => e.textContent),
    new RegExp(`${rated.up_cells} of ${rated.cells} cells by propagation, ${rated.probe_cells} with probing too;`));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a long solve: the page stays responsive, the time limit and Stop work', { skip }, async () => {
  const page = await newPage();
  await page.goto(base + 'index.html');
  await page.waitForSelector('body[data-ready]');
  await setPuzzle(page, '{"genre":"futoshiki","n":9}');
  // Count up to 10^6 solutions: far longer than the test waits
  await page.$eval('#timeout', (e) => { e.value = '0.5'; });
  assert.equal(await clickAndWait(page, '#count'), 'multiple');
  assert.match(await page.$eval('#result', (e) => e.textContent), /time limit reached/);
  await page.$eval('#timeout', (e) => { e.value = '600'; });
  await page.click('#count');
  await page.waitForFunction(() => document.getElementById('result').dataset.status === 'busy');
  // the page's own thread answers at once while the worker counts
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    assert.ok(Date.now() - t0 < 1000, `a frame took ${Date.now() - t0} ms`);
    await page.type('#timeout', '0'); // typing lands (the puzzle itself stays)
  }
  assert.equal(await page.$eval('#timeout', (e) => e.value), '60000000');
  assert.equal(await status(page), 'busy');
  assert.equal(await page.$eval('#stop', (e) => e.disabled), false);
  const t0 = Date.now();
  await page.click('#stop');
  assert.equal(await waitDone(page, 5000), 'unknown');
  assert.ok(Date.now() - t0 < 3000);
  assert.match(await page.$eval('#result', (e) => e.textContent), /Stopped/);
  await page.$eval('#timeout', (e) => { e.value = '30'; });
  // a new worker answers
  await setPuzzle(page, sky);
  assert.equal(await clickAndWait(page, '#solve'), 'unique');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('works offline once loaded (the server gone)', { skip }, async () => {
  const srv = await serve();
  const url = `http://127.0.0.1:${srv.address().port}/index.html`;
  const page = await newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await new Promise((r) => srv.close(r));
  srv.closeAllConnections?.();
  await page.goto(url + '#p=' + encodeURIComponent(sb));
  await page.reload();
  assert.equal(await waitDone(page), 'unique');
  await page.close();
});

test('downloads: the CNF and a format as the command writes them; a format that cannot hold the puzzle says so', { skip }, async () => {
  const page = await newPage();
  const dir = fs.mkdtempSync(path.join(repo, 'build-web', 'downloads-'));
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
    await page.goto(base + 'index.html');
    await page.waitForSelector('body[data-ready]');
    const formats = await page.$$eval('#format option', (o) => o.map((x) => x.value));
    for (const f of ['json', 'text', 'tatham', 'puzzlink', 'sbn', 'codewars']) assert.ok(formats.includes(f), formats.join(','));
    await setPuzzle(page, sky);
    const waitFile = async (name) => {
      for (let i = 0; i < 100 && !fs.existsSync(path.join(dir, name)); i++) await new Promise((r) => setTimeout(r, 100));
      return fs.readFileSync(path.join(dir, name), 'utf8');
    };
    await page.click('#dl-cnf');
    assert.equal(await waitFile('skyscrapers-6.cnf'), native(['cnf', '-'], sky).stdout);
    await page.select('#format', 'codewars');
    await page.click('#dl-format');
    assert.equal(await waitFile('skyscrapers-6.codewars.txt'), native(['convert', '--to', 'codewars', '-'], sky).stdout);
    await setPuzzle(page, sb);
    await page.select('#format', 'tatham');
    await page.click('#dl-format');
    await page.waitForFunction(() => /cannot express/.test(document.getElementById('message').textContent));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await page.close();
  }
});
