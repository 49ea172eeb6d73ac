/*
 * app.js: the page.  Every answer comes from the gridcnf command line
 * running in a Web Worker (worker.js): `convert --to json` reads what was
 * pasted, `render --svg` draws it (the library's picture), `solve --json`,
 * `hint --json`, `check --json`, `explain --json`, `count --json`, `rate
 * --json`, `generate`, `cnf`, `convert --to F` do the rest.  This file
 * only passes text in and shows the records: the highlights (cells where
 * two solutions differ, the clues and cells a message names, the user's own
 * entries) are drawn over the library's SVG.
 *
 * Contract (tests, share links): index.html#p=<URL-encoded puzzle text>
 * loads the puzzle and solves it; when done, #result carries data-status
 * (unique|multiple|none|unknown|error) and data-solution (the solution grid
 * as JSON, as in --json), and the picture is an inline <svg>.
 */
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

const EXAMPLES = {
  skyscrapers: '6:2//2//1///1/2//3//3/4///1///1///2/,e3_1o2m',
  starbattle: 'https://puzz.link/p?starbattle/10/10/2/48q25g3paqbmko5m04oobsf2u97l0ob6g8dg',
  futoshiki: 'futoshiki\n0 0 0 0 1 3\n    ^\n0 0 0 0 0 6\n\n0>0 2 5<0 0\n\n2 0 0 1 0 0\n\n0 0 0 0 2 0\n\n0 5 0 0<0 0\n',
};

/*------------------------------------------------------------------------*/
/* The worker: one at a time; Stop ends it and starts another on the same
   compiled module. */

let wasmModule = null;
let worker = null;
let nextId = 1;
const pending = new Map();
let busy = 0;

async function compileModule() {
  try {
    if (WebAssembly.compileStreaming)
      return await WebAssembly.compileStreaming(fetch('gridcnf-wasm.wasm'));
  } catch (e) { /* served without the wasm MIME type: compile the bytes */ }
  const r = await fetch('gridcnf-wasm.wasm');
  return WebAssembly.compile(await r.arrayBuffer());
}

function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.type) return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.crashed) restartWorker();
    p.resolve(m);
  };
  worker.postMessage({ type: 'init', module: wasmModule });
}

function restartWorker() {
  if (worker) worker.terminate();
  for (const p of pending.values()) p.reject(new Error('stopped'));
  pending.clear();
  startWorker();
}

/* Runs `gridcnf ...args` on input: {code, stdout, stderr, files}. */
function gridcnf(args, input = '', files = {}, read = []) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, args, input, files, read });
  });
}

const records = (stdout) => stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));

/* A long command: the Stop button is live while it runs. */
async function longRun(label, args, input, files) {
  busy++;
  $('stop').disabled = false;
  setResult('busy', `${label}…`);
  const t0 = performance.now();
  try {
    const r = await gridcnf(args, input, files);
    r.ms = performance.now() - t0;
    return r;
  } finally {
    if (--busy === 0) $('stop').disabled = true;
  }
}

/*------------------------------------------------------------------------*/
/* The puzzle on the page. */

const state = {
  text: '',       // the puzzle text the commands read (one puzzle)
  rec: null,      // its corpus JSON record (convert --to json)
  letters: null,  // Star Battle: the region letter of each cell (text notation)
  svg: '',        // render --svg of the puzzle
  solved: '',     // render --svg --solution, once solved
  showSolved: false,
  entries: [],    // the user's cells: null, a digit, 'star' or 'no'
  sel: -1,
  marks: [],      // [{kind, cells|clue|line}]
  hintValue: null,
  lastSolve: null,
};
let loadSeq = 0;

function setMessage(text, info) {
  $('message').textContent = text || '';
  $('message').className = info ? 'info' : '';
}

function setResult(status, verdict, stats, solution) {
  const el = $('result');
  el.dataset.status = status;
  if (solution !== undefined) el.dataset.solution = JSON.stringify(solution);
  else delete el.dataset.solution;
  el.replaceChildren();
  const v = document.createElement('span');
  v.className = 'verdict';
  v.textContent = verdict;
  el.append(v);
  if (stats) {
    const s = document.createElement('span');
    s.className = 'stats';
    s.textContent = stats;
    el.append(s);
  }
}

/* The list under the verdict; with onPick, every item is a button that
   calls onPick(its index). */
function setDetails(items, onPick) {
  const ul = $('details');
  ul.replaceChildren();
  (items || []).forEach((it, k) => {
    const li = document.createElement('li');
    if (onPick) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'step';
      b.textContent = it;
      b.addEventListener('click', () => onPick(k));
      li.append(b);
    } else li.textContent = it;
    ul.append(li);
  });
}

/* "<stdin>:1:30: expected ..." -> "Line 1, column 30: expected ..." */
const STDIN_AT = /^(?:gridcnf: )?<stdin>:(\d+)(?::(\d+))?: (.*)$/s;
function positioned(msg) {
  const m = STDIN_AT.exec(msg.trim());
  return m ? `Line ${m[1]}${m[2] ? `, column ${m[2]}` : ''}: ${m[3]}` : msg.replace(/^gridcnf: /, '');
}

/* The message of unreadable input, with its position, and the text
   cursor goes there. */
function showInputError(msg) {
  const m = STDIN_AT.exec(msg.trim());
  setMessage(positioned(msg));
  if (!m) return;
  const line = +m[1], col = m[2] ? +m[2] : 0;
  const ta = $('puzzle');
  const lines = ta.value.split('\n');
  if (line >= 1 && line <= lines.length) {
    let pos = 0;
    for (let i = 0; i < line - 1; i++) pos += lines[i].length + 1;
    pos += Math.max(0, Math.min(col ? col - 1 : 0, lines[line - 1].length));
    ta.setSelectionRange(pos, Math.min(pos + 1, ta.value.length));
  }
}

function stdinError(r) {
  const errs = r.stderr.split('\n').filter(Boolean);
  return errs.length ? errs[0] : `gridcnf exited with ${r.code}`;
}

/* The cell-entry hint under the picture and the picture's label name the
   keys onPictureKey and onPictureClick take for the genre shown: Star
   Battle marks stars, the others take digits 1..n (two typed quickly for
   10 and up).  No genre: the keys every genre shares. */
function showKeys(rec) {
  const kbd = (k) => `<kbd>${k}</kbd>`;
  let html, label;
  if (rec && rec.genre === 'starbattle') {
    html = `Fill cells: click or arrow keys; click a chosen cell again to cycle star, no star, empty; ${kbd('Space')} star, ${kbd('x')} no star, ${kbd('Backspace')} clear.`;
    label = 'Puzzle grid: click a cell or use the arrow keys; click it again to cycle star, no star, empty; Space for a star, x for no star, Backspace to clear';
  } else if (rec) {
    const two = rec.n >= 10 ? ' (10 and up: two digits typed quickly)' : '';
    html = `Fill cells: click or arrow keys, then a digit ${kbd(1)}–${kbd(Math.min(rec.n, 9))}${two}; ${kbd('Backspace')} clear.`;
    label = `Puzzle grid: click a cell or use the arrow keys, then type a digit from 1 to ${rec.n}${two}; Backspace to clear`;
  } else {
    html = `Fill cells: click or arrow keys, then type the value; ${kbd('Backspace')} clear.`;
    label = 'Puzzle grid: click a cell or use the arrow keys, then type its value; Backspace clears';
  }
  $('keys').innerHTML = html;
  $('picture').setAttribute('aria-label', label);
}

const GENRE_NAMES = { skyscrapers: 'Skyscrapers', starbattle: 'Star Battle', futoshiki: 'Futoshiki' };

/* The picker of an input that holds several puzzles: one entry each,
   numbered in input order, with its genre, size and id. */
function showPicker(recs, pick) {
  const row = $('pick-row'), sel = $('pick');
  if (recs.length < 2) { row.hidden = true; sel.replaceChildren(); return; }
  sel.replaceChildren(...recs.map((r, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    const stars = r.genre === 'starbattle' ? `, ${r.stars} star${r.stars > 1 ? 's' : ''}` : '';
    o.textContent = `${i + 1}. ${GENRE_NAMES[r.genre] || r.genre} ${r.n}×${r.n}${stars}${r.id ? ` (${r.id})` : ''}`;
    return o;
  }));
  sel.value = String(pick);
  row.hidden = false;
}

/* Reads what was pasted: its record (the pick-th when it holds several),
   its picture. */
async function loadPuzzle(text, pick = 0) {
  const seq = ++loadSeq;
  state.rec = null;
  state.svg = state.solved = '';
  state.showSolved = false;
  state.marks = [];
  state.hintValue = null;
  state.lastSolve = null;
  setDetails([]);
  const link = $('share-link'); /* a link to an earlier puzzle would mislead */
  link.href = '#';
  link.textContent = '';
  if (!text.trim()) {
    showPicker([], 0);
    $('picture').replaceChildren();
    showKeys(null);
    setMessage('');
    setResult('', 'Paste a puzzle or pick an example.');
    return false;
  }
  const conv = await gridcnf(['convert', '--to', 'json', '-'], text);
  if (seq !== loadSeq) return false;
  const recs = records(conv.stdout);
  showPicker(recs, pick);
  if (!recs.length) {
    showInputError(stdinError(conv));
    $('picture').replaceChildren();
    showKeys(null);
    setResult('error', 'The puzzle cannot be read.');
    return false;
  }
  let info = '';
  if (pick < 0 || pick >= recs.length) pick = 0;
  if (recs.length > 1 || conv.code !== 0) {
    state.text = JSON.stringify(recs[pick]) + '\n';
    info = recs.length > 1 ? `The input holds ${recs.length} puzzles: this is number ${pick + 1} (pick another below).` : '';
    if (conv.code !== 0) info += (info ? ' ' : '') + positioned(stdinError(conv));
  } else {
    state.text = text;
  }
  state.rec = recs[pick];
  showKeys(state.rec);
  const n = state.rec.n;
  if (state.entries.length !== n * n) state.entries = new Array(n * n).fill(null);
  state.sel = -1;
  state.letters = null;
  if (state.rec.genre === 'starbattle') {
    const t = await gridcnf(['convert', '--to', 'text', '-'], state.text);
    const rows = t.stdout.split('\n').filter((l) => l && !l.startsWith('#') && !/^starbattle/.test(l));
    if (rows.length >= n) state.letters = rows.slice(0, n).map((r) => [...r.replace(/\s+/g, '')]);
  }
  const pic = await gridcnf(['render', '--svg', '-'], state.text);
  if (seq !== loadSeq) return false;
  if (pic.code !== 0) {
    showInputError(stdinError(pic));
    setResult('error', 'The puzzle cannot be drawn.');
    return false;
  }
  state.svg = pic.stdout;
  setMessage(info, true);
  const name = GENRE_NAMES[state.rec.genre] || state.rec.genre;
  const extra = state.rec.genre === 'starbattle' ? `, ${state.rec.stars} star${state.rec.stars > 1 ? 's' : ''}` : '';
  setResult('ready', `${name} ${n}×${n}${extra}: ready.`);
  updateShare();
  draw();
  return true;
}

/*------------------------------------------------------------------------*/
/* Drawing over the library's picture. */

/* The cells' boxes in the SVG's coordinates: Futoshiki draws one
   rect.cell per cell; the others a rect.frame around the n x n grid. */
function cellBoxes(svg, n) {
  const rects = svg.querySelectorAll('rect.cell');
  if (rects.length === n * n) {
    return [...rects].map((r) => ({ x: +r.getAttribute('x'), y: +r.getAttribute('y'),
      w: +r.getAttribute('width'), h: +r.getAttribute('height') }));
  }
  const f = svg.querySelector('rect.frame');
  let x0, y0, side;
  if (f) {
    x0 = +f.getAttribute('x'); y0 = +f.getAttribute('y'); side = +f.getAttribute('width');
  } else {
    const vb = svg.viewBox.baseVal;
    x0 = vb.x; y0 = vb.y; side = Math.min(vb.width, vb.height);
  }
  const c = side / n;
  const boxes = [];
  for (let r = 0; r < n; r++)
    for (let k = 0; k < n; k++) boxes.push({ x: x0 + k * c, y: y0 + r * c, w: c, h: c });
  return boxes;
}

function el(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function givenAt(i) {
  const rec = state.rec;
  if (!rec || !rec.givens) return 0;
  const n = rec.n;
  return rec.givens[Math.floor(i / n)][i % n];
}

function star(cx, cy, r, cls) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5, rr = k % 2 ? r * 0.42 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return el('polygon', { class: cls, points: pts.join(' ') });
}

function draw() {
  const host = $('picture');
  const src = state.showSolved && state.solved ? state.solved : state.svg;
  if (!src) { host.replaceChildren(); return; }
  const doc = new DOMParser().parseFromString(src, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('role', 'img');
  host.replaceChildren(svg);
  const n = state.rec.n;
  const boxes = cellBoxes(svg, n);
  const under = el('g', { class: 'marks' });
  const over = el('g', { class: 'overlay' });
  // highlights go under the drawing's lines and digits, over its filled
  // cells (Futoshiki's white squares) or else its background
  const cells = svg.querySelectorAll('rect.cell');
  const bg = cells.length ? cells[cells.length - 1] : svg.querySelector('rect');
  if (bg && bg.nextSibling) svg.insertBefore(under, bg.nextSibling); else svg.append(under);
  svg.append(over);
  for (const m of state.marks) {
    if (m.cells) for (const i of m.cells) {
      const b = boxes[i];
      if (b) under.append(el('rect', { class: m.kind, x: b.x, y: b.y, width: b.w, height: b.h }));
    }
    if (m.clue) {
      over.append(el('circle', { class: 'hl-clue', cx: m.clue.x, cy: m.clue.y, r: m.clue.r }));
    }
  }
  if (!(state.showSolved && state.solved)) {
    state.entries.forEach((v, i) => {
      if (v === null || v === undefined || givenAt(i)) return;
      const b = boxes[i];
      const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
      if (v === 'star') over.append(star(cx, cy, b.w * 0.34, 'entry-star'));
      else if (v === 'no') over.append(el('circle', { class: 'entry-no', cx, cy, r: b.w * 0.08 }));
      else over.append(el('text', { class: 'entry', x: cx, y: cy, 'font-size': b.h * 0.58,
        'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(v)));
    });
  }
  if (state.hintValue) {
    const { i, value } = state.hintValue;
    const b = boxes[i];
    if (b && state.rec.genre === 'starbattle') {
      if (value) over.append(star(b.x + b.w / 2, b.y + b.h / 2, b.w * 0.34, 'hint-value'));
      else over.append(el('circle', { class: 'hint-value', cx: b.x + b.w / 2, cy: b.y + b.h / 2, r: b.w * 0.1 }));
    } else if (b) {
      over.append(el('text', { class: 'hint-value', x: b.x + b.w / 2, y: b.y + b.h / 2,
        'font-size': b.h * 0.58, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(value)));
    }
  }
  if (state.sel >= 0 && boxes[state.sel] && document.activeElement === host) {
    const b = boxes[state.sel];
    over.append(el('rect', { class: 'sel', x: b.x + 2, y: b.y + 2, width: b.w - 4, height: b.h - 4, rx: 3 }));
  }
  // click targets
  boxes.forEach((b, i) => {
    const hit = el('rect', { class: 'cellhit', x: b.x, y: b.y, width: b.w, height: b.h, 'data-cell': i });
    over.append(hit);
  });
}

/* Cells, lines and clues that a message names ("r2c3", "row 4",
   "column 2 repeats 5 (rows 1 and 6)", "clue 3 left of row 2", "region
   C"); each a mark of the given kind. */
function marksFor(messages, kind) {
  const n = state.rec.n;
  const out = [];
  const svg = $('picture').querySelector('svg');
  for (const msg of messages) {
    const cells = [];
    for (const m of msg.matchAll(/r(\d+)c(\d+)/g)) cells.push((m[1] - 1) * n + (m[2] - 1));
    let m = /^(row|column) (\d+) repeats \d+ \((rows|columns) ([\d, and]+)\)/.exec(msg);
    if (m) {
      const line = +m[2] - 1;
      for (const x of m[4].match(/\d+/g)) {
        const other = +x - 1;
        cells.push(m[1] === 'row' ? line * n + other : other * n + line);
      }
    }
    m = /^clue (\d+) (above column|below column|left of row|right of row) (\d+)/.exec(msg);
    if (m && svg) {
      const clue = findClue(svg, m[2], +m[3] - 1, m[1]);
      if (clue) out.push({ kind, clue });
    } else if ((m = /^(row|column) (\d+) (holds|has)/.exec(msg))) {
      const line = +m[2] - 1;
      const lc = [];
      for (let k = 0; k < n; k++) lc.push(m[1] === 'row' ? line * n + k : k * n + line);
      out.push({ kind: 'hl-line', cells: lc });
    } else if ((m = /^region (\S+) (holds|has)/.exec(msg)) && state.letters) {
      const rc = [];
      state.letters.forEach((row, r) => row.forEach((ch, k) => { if (ch === m[1]) rc.push(r * n + k); }));
      out.push({ kind: 'hl-line', cells: rc });
    }
    if (cells.length) out.push({ kind, cells });
  }
  return out;
}

/* Marks for the items of a reason (`hint --json`, `steps --json`): the
   clues circled, the givens and earlier results shaded, the rows, columns
   and regions it counts on tinted. */
const SIDES = { top: 'above column', bottom: 'below column', left: 'left of row', right: 'right of row' };
function reasonMarks(reason) {
  const n = state.rec.n;
  const out = [];
  const svg = $('picture').querySelector('svg');
  const line = (kind, k) => Array.from({ length: n }, (_, j) => (kind === 'row' ? (k - 1) * n + j : j * n + k - 1));
  for (const it of reason || []) {
    if (it.kind === 'clue' && svg) {
      const clue = findClue(svg, SIDES[it.side], it.index - 1, it.value);
      if (clue) out.push({ kind: 'hl-clue', clue });
    } else if (it.kind === 'given' || it.kind === 'cell') {
      out.push({ kind: 'hl-reason', cells: [(it.row - 1) * n + it.col - 1] });
    } else if (it.kind === 'sign' || it.kind === 'mark') {
      out.push({ kind: 'hl-reason', cells: [(it.a[0] - 1) * n + it.a[1] - 1, (it.b[0] - 1) * n + it.b[1] - 1] });
    } else if (it.kind === 'row' || it.kind === 'column') {
      out.push({ kind: 'hl-line', cells: line(it.kind, it.index) });
    } else if (it.kind === 'region' && state.rec.regions) {
      const cells = [];
      state.rec.regions.forEach((row, r) => row.forEach((g, c) => { if (g === it.id) cells.push(r * n + c); }));
      out.push({ kind: 'hl-line', cells });
    }
  }
  return out;
}

/* The clue text beside a row or column (the SVG's text.clue elements). */
function findClue(svg, side, index, value) {
  const n = state.rec.n;
  const boxes = cellBoxes(svg, n);
  const first = boxes[0], last = boxes[n * n - 1];
  let best = null, bestD = Infinity;
  for (const t of svg.querySelectorAll('text.clue')) {
    if (t.textContent.trim() !== String(value)) continue;
    const x = +t.getAttribute('x'), y = +t.getAttribute('y');
    let want;
    if (side === 'above column') want = y < first.y && { x: boxes[index].x + first.w / 2, y };
    else if (side === 'below column') want = y > last.y + last.h && { x: boxes[index].x + first.w / 2, y };
    else if (side === 'left of row') want = x < first.x && { x, y: boxes[index * n].y + first.h / 2 };
    else want = x > last.x + last.w && { x, y: boxes[index * n].y + first.h / 2 };
    if (!want) continue;
    const d = Math.hypot(want.x - x, want.y - y);
    if (d < bestD) {
      bestD = d;
      const bb = t.getBBox(); // x, y is the text's baseline: circle its box
      best = { x: bb.x + bb.width / 2, y: bb.y + bb.height / 2, r: Math.max(bb.width, bb.height) * 0.62 };
    }
  }
  return best;
}

/*------------------------------------------------------------------------*/
/* Actions. */

function timeoutArgs() {
  const t = parseFloat($('timeout').value);
  return t > 0 ? ['--timeout', String(t)] : [];
}

function statsLine(rec, ms) {
  const s = rec.stats || {};
  const parts = [];
  if (s.vars) parts.push(`${s.vars} variables, ${s.clauses} clauses`);
  if (s.propagation_only) parts.push('decided by propagation alone');
  const solver = ['encode_ms', 'solve_ms', 'unique_ms'].reduce((a, k) => a + (s[k] || 0), 0);
  if (solver) parts.push(`${solver.toFixed(1)} ms in the solver`);
  if (ms !== undefined) parts.push(`${ms.toFixed(0)} ms in all`);
  return parts.join(' · ');
}

const cellName = (i) => `r${Math.floor(i / state.rec.n) + 1}c${(i % state.rec.n) + 1}`;

function caught(e) {
  if (e && e.message === 'stopped') return;
  setResult('error', String(e && e.message ? e.message : e));
}

async function ensureLoaded() {
  const text = $('puzzle').value;
  if (!state.rec || text !== lastLoaded) {
    lastLoaded = text;
    return loadPuzzle(text);
  }
  return true;
}

async function solve() {
  try {
    if (!(await ensureLoaded())) {
      // (the reading error is in the message under the input, with its
      // place marked there)
      if ($('puzzle').value.trim()) setResult('error', 'The puzzle cannot be read.');
      return;
    }
    state.marks = [];
    state.hintValue = null;
    setDetails([]);
    const r = await longRun('Solving', ['solve', '--json', ...timeoutArgs(), '-'], state.text);
    const rec = records(r.stdout)[0];
    if (!rec) { setResult('error', stdinError(r)); return; }
    state.lastSolve = rec;
    const n = state.rec.n;
    if (rec.status === 'error') {
      showInputError(rec.error);
      setResult('error', 'The puzzle cannot be solved: ' + rec.error.replace(/^<stdin>:/, 'line '));
      return;
    }
    if (rec.solution) {
      const pic = await gridcnf(['render', '--svg', '--solution', ...timeoutArgs(), '-'], state.text);
      if (pic.code === 0 || pic.code === 2) { state.solved = pic.stdout; state.showSolved = true; }
    }
    const stats = statsLine(rec, r.ms);
    if (rec.status === 'unique') {
      setResult('unique', 'Unique: this is the only solution (proven).', stats, rec.solution);
    } else if (rec.status === 'multiple') {
      const diff = [];
      for (let i = 0; i < n * n; i++)
        if (rec.solution[Math.floor(i / n)][i % n] !== rec.second[Math.floor(i / n)][i % n]) diff.push(i);
      state.marks = [{ kind: 'hl-diff', cells: diff }];
      const isSb = state.rec.genre === 'starbattle';
      const show = (g, i) => (isSb ? (g[Math.floor(i / n)][i % n] ? 'star' : 'empty') : g[Math.floor(i / n)][i % n]);
      setResult('multiple', `Not unique: more than one solution. The ${diff.length} highlighted cells differ between two of them.`,
        stats, rec.solution);
      setDetails(diff.slice(0, 12).map((i) => `${cellName(i)}: ${show(rec.solution, i)} in one solution, ${show(rec.second, i)} in another`)
        .concat(diff.length > 12 ? [`… and ${diff.length - 12} more`] : []));
    } else if (rec.status === 'none') {
      setResult('none', 'No solution.', stats, null);
      const ex = await gridcnf(['explain', '--json', ...timeoutArgs(), '-'], state.text);
      const er = records(ex.stdout)[0];
      if (er && er.conflict && er.conflict.length) {
        state.marks = marksFor(er.conflict, 'hl-bad');
        setResult('none', 'No solution: these clues cannot all hold (each one is needed for that).', stats, null);
        setDetails(er.conflict);
      }
    } else {
      const why = rec.stopped === 'time' ? 'time limit reached' : 'stopped';
      setResult('unknown', `Unknown: ${why} before an answer.`, stats, rec.solution);
    }
    draw();
  } catch (e) { caught(e); }
}

function gridText() {
  const n = state.rec.n;
  const sb = state.rec.genre === 'starbattle';
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let k = 0; k < n; k++) {
      const i = r * n + k, v = state.entries[i];
      if (sb) row.push(v === 'star' ? '*' : v === 'no' ? 'x' : '?');
      else row.push(givenAt(i) || (typeof v === 'number' ? v : '.'));
    }
    rows.push(row.join(' '));
  }
  return rows.join('\n') + '\n';
}

const filledCount = () => state.entries.filter((v, i) => v !== null && !givenAt(i)).length;

async function hint() {
  try {
    if (!(await ensureLoaded())) return;
    state.showSolved = false;
    state.marks = [];
    state.hintValue = null;
    setDetails([]);
    const files = {};
    const args = ['hint', '--json', ...timeoutArgs()];
    if (filledCount()) {
      files['/tmp/page/grid.txt'] = gridText();
      args.push('--grid', '/tmp/page/grid.txt');
    }
    args.push('-');
    const r = await longRun('Looking for a forced cell', args, state.text, files);
    const rec = records(r.stdout)[0];
    if (!rec) { setResult('error', stdinError(r)); draw(); return; }
    const n = state.rec.n;
    if (rec.status === 'hint') {
      const i = (rec.row - 1) * n + (rec.col - 1);
      state.marks = [{ kind: 'hl-hint', cells: [i] }, ...reasonMarks(rec.reason)];
      state.hintValue = { i, value: rec.value };
      const what = state.rec.genre === 'starbattle' ? (rec.value ? 'holds a star' : 'holds no star')
        : `must be ${rec.value}`;
      const how = rec.text || (rec.by === 'propagation' ? 'found by propagation alone'
        : `found by a short search (${rec.conflicts} conflicts)`);
      setResult('hint', `Hint: ${cellName(i)} ${what}.`, how + (rec.technique ? ` (${rec.technique})` : ''));
    } else if (rec.status === 'wrong') {
      state.marks = marksFor(rec.conflict || [], 'hl-bad');
      setResult('broken', 'Some entries are wrong: no solution agrees with them.');
      setDetails(rec.conflict);
    } else if (rec.status === 'error') {
      setResult('error', rec.error);
    } else {
      setResult(rec.status, `Hint: ${rec.status}` + (rec.conflict && rec.conflict.length ? '' : '.'));
      setDetails(rec.conflict || []);
    }
    draw();
  } catch (e) { caught(e); }
}

async function check() {
  try {
    if (!(await ensureLoaded())) return;
    state.showSolved = false;
    state.hintValue = null;
    const files = { '/tmp/page/grid.txt': gridText() };
    const r = await longRun('Checking', ['check', '--json', ...timeoutArgs(), '-', '/tmp/page/grid.txt'], state.text, files);
    const rec = records(r.stdout)[0];
    if (!rec) { setResult('error', stdinError(r)); return; }
    const broken = rec.broken || [];
    state.marks = marksFor(broken, 'hl-bad');
    if (rec.status === 'solution') {
      setResult('solution', 'Solved: every rule holds.');
      setDetails([]);
    } else if (broken.length) {
      setResult('broken', `${broken.length} broken rule${broken.length > 1 ? 's' : ''} marked.`);
      setDetails(broken);
    } else if (rec.status === 'completable') {
      setResult('hint', `No rule broken so far, and ${rec.filled} entr${rec.filled === 1 ? 'y' : 'ies'} can be completed to a solution.`);
      setDetails([]);
    } else if (rec.status === 'not-completable') {
      state.marks = marksFor(rec.conflict || [], 'hl-bad');
      setResult('broken', 'No rule broken yet, but these entries cannot all stand in a solution.');
      setDetails(rec.conflict || []);
    } else {
      setResult(rec.status === 'error' ? 'error' : rec.status, `Check: ${rec.error || rec.status}`);
      setDetails(broken);
    }
    draw();
  } catch (e) { caught(e); }
}

/* The solution step by step: every step's sentence; picking one draws the
   grid after it (render --svg --step K: the step's cell and its reason
   marked by the library). */
async function steps() {
  try {
    if (!(await ensureLoaded())) return;
    const r = await longRun('Solving step by step', ['steps', '--json', ...timeoutArgs(), '-'], state.text);
    const rec = records(r.stdout)[0];
    if (!rec) { setResult('error', stdinError(r)); return; }
    if (rec.status === 'error') { setResult('error', rec.error); return; }
    const list = rec.steps || [];
    // a reason item the library could not show needed within its limit
    // (too hard to decide) is said, as the CLI says it
    const unproven = (s) => s.unproven ? ` (${s.unproven} item${s.unproven === 1 ? '' : 's'} of its reason not shown needed: too hard to decide)` : '';
    const items = list.map((s, k) => `${k + 1}. ${s.text || JSON.stringify(s)}${unproven(s)}`);
    const level = rec.level ? `, level ${rec.level}` : '';
    const verdict = rec.status === 'unique' ? `${list.length} steps to the solution${level}.`
      : rec.status === 'multiple' ? `${list.length} steps, then deduction stops: the puzzle has more than one solution.`
      : rec.status === 'none' ? `${list.length} steps, then a contradiction: the puzzle has no solution.`
      : `${list.length} steps (${rec.status}).`;
    setResult(rec.status === 'unique' ? 'hint' : rec.status, verdict, 'Pick a step to see the grid after it.');
    setDetails(items, async (k) => {
      const pic = await gridcnf(['render', '--svg', '--step', String(k + 1), ...timeoutArgs(), '-'], state.text);
      if (pic.code !== 0) return;
      state.marks = [];
      state.showSolved = false;
      $('picture').innerHTML = pic.stdout;
      const svg = $('picture').querySelector('svg');
      if (svg) { svg.removeAttribute('width'); svg.removeAttribute('height'); svg.setAttribute('role', 'img'); }
    });
  } catch (e) { caught(e); }
}

async function count() {
  try {
    if (!(await ensureLoaded())) return;
    const r = await longRun('Counting', ['count', '--json', '--max', '1000000', ...timeoutArgs(), '-'], state.text);
    const rec = records(r.stdout)[0];
    if (!rec) { setResult('error', stdinError(r)); return; }
    const k = rec.count;
    const verdict = rec.complete ? `${k} solution${k === 1 ? '' : 's'} in all.`
      : `At least ${k} solutions (${rec.stopped === 'time' ? 'time limit reached' : 'count stopped'}).`;
    setResult(k === 1 && rec.complete ? 'unique' : k === 0 ? 'none' : 'multiple', verdict, statsLine(rec, r.ms), rec.solution);
  } catch (e) { caught(e); }
}

async function rate() {
  try {
    if (!(await ensureLoaded())) return;
    const r = await longRun('Rating', ['rate', '--json', ...timeoutArgs(), '-'], state.text);
    const rec = records(r.stdout)[0];
    if (!rec) { setResult('error', stdinError(r)); return; }
    if (rec.status === 'error') { setResult('error', rec.error); return; }
    setResult('hint', rec.label ? `Difficulty: ${rec.label} (score ${rec.score} of 100).` : `Not rated: ${rec.status}.`,
      `${rec.up_cells} of ${rec.cells} cells by propagation, ${rec.probe_cells} with probing too; ${rec.conflicts_solve + rec.conflicts_unique} conflicts` +
      (rec.unproven ? `; ${rec.unproven} reason item${rec.unproven === 1 ? '' : 's'} not shown needed (too hard to decide)` : ''));
  } catch (e) { caught(e); }
}

async function generate() {
  try {
    const genre = $('genre').value;
    const args = ['generate', genre, '--json', '--size', $('size').value, '--seed',
      String(Math.floor(Math.random() * 1e9)), '--difficulty', $('difficulty').value, ...timeoutArgs()];
    if (genre === 'starbattle') args.push('--stars', $('stars').value);
    const r = await longRun('Generating', args, '');
    const rec = records(r.stdout)[0];
    if (!rec) {
      // the failure of the puzzle (time limit, none in the tries) rather
      // than the note on a size known to be slow, which comes first and
      // is shown below it
      const tidy = (l) => {
        const t = l.replace(/^gridcnf: (generate: )?(puzzle \d+ of \d+: )?/, '').replace(/ \(try 'gridcnf --help'\)$/, '');
        return t.charAt(0).toUpperCase() + t.slice(1);
      };
      const lines = r.stderr.split('\n').filter(Boolean);
      const failed = lines.find((l) => /: puzzle \d+ of \d+: /.test(l));
      const slow = lines.find((l) => / may take minutes, or hours, to make /.test(l));
      // the CLI's note, as sentences: what is slow, and the sides with
      // the same stars that take seconds; without its pointer to the
      // guide, which the page does not carry, and its advice on options
      const parts = slow && tidy(slow).match(/^(.*?) \((.*?)(?:; )?the guide lists such sizes\)/);
      const note = parts && `${parts[1]}.` +
        (parts[2] ? ` ${parts[2].charAt(0).toUpperCase()}${parts[2].slice(1)}.` : '');
      setResult('error', tidy(failed || stdinError(r)), note || undefined);
      return;
    }
    const t = await gridcnf(['convert', '--to', 'text', '-'], JSON.stringify(rec));
    $('puzzle').value = t.code === 0 ? t.stdout : JSON.stringify(rec) + '\n';
    state.entries = [];
    lastLoaded = $('puzzle').value;
    await loadPuzzle($('puzzle').value);
    setResult('generated', `Generated: ${rec.id}, ${rec.difficulty || 'unrated'}, unique.`);
  } catch (e) { caught(e); }
}

/*------------------------------------------------------------------------*/
/* Downloads and sharing. */

function download(name, text, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

const baseName = () => (state.rec && state.rec.id ? state.rec.id.replace(/[^A-Za-z0-9._-]/g, '_')
  : state.rec ? `${state.rec.genre}-${state.rec.n}` : 'puzzle');

async function downloadCnf() {
  if (!(await ensureLoaded())) return;
  const r = await gridcnf(['cnf', '-'], state.text);
  if (r.code !== 0) { setMessage(stdinError(r)); return; }
  download(`${baseName()}.cnf`, r.stdout, 'text/plain');
}

async function downloadSvg() {
  if (!(await ensureLoaded())) return;
  download(`${baseName()}.svg`, state.showSolved && state.solved ? state.solved : state.svg, 'image/svg+xml');
}

async function downloadFormat() {
  if (!(await ensureLoaded())) return;
  const to = $('format').value;
  const r = await gridcnf(['convert', '--to', to, '-'], state.text);
  if (r.code !== 0) { setMessage(stdinError(r).replace(/^gridcnf: <stdin>:\d+: /, '')); return; }
  setMessage('');
  const ext = to === 'json' ? 'jsonl' : 'txt';
  download(`${baseName()}.${to}.${ext}`, r.stdout, 'text/plain');
}

/* The puzzle shown: what was pasted, or of an input that holds several
   (or some that cannot be read) the record of the one shown. */
const shownText = () => (state.rec ? state.text : $('puzzle').value);

function shareUrl() {
  const u = new URL(location.href);
  u.hash = 'p=' + encodeURIComponent(shownText());
  return u.href;
}

function updateShare() {
  const a = $('share-link');
  a.href = shareUrl();
  a.textContent = shownText().length < 120 ? a.href : 'share link';
}

async function share() {
  updateShare();
  try {
    await navigator.clipboard.writeText(shareUrl());
    setMessage('Link copied.', true);
  } catch (e) {
    setMessage('The link is below: copy it from there.', true);
  }
}

/*------------------------------------------------------------------------*/
/* Entering cells. */

function setEntry(i, v) {
  if (i < 0 || givenAt(i)) return;
  state.entries[i] = v;
  state.showSolved = false;
  state.hintValue = null;
  state.marks = state.marks.filter((m) => m.kind === 'hl-diff');
  draw();
}

function onPictureKey(ev) {
  if (!state.rec) return;
  const n = state.rec.n;
  let i = state.sel < 0 ? 0 : state.sel;
  const k = ev.key;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (k in moves) {
    const r = Math.floor(i / n), c = i % n;
    if ((k === 'ArrowLeft' && c === 0) || (k === 'ArrowRight' && c === n - 1) ||
        (k === 'ArrowUp' && r === 0) || (k === 'ArrowDown' && r === n - 1)) { ev.preventDefault(); return; }
    state.sel = i + moves[k];
    ev.preventDefault();
    draw();
    return;
  }
  if (state.sel < 0) { state.sel = 0; draw(); }
  i = state.sel;
  const sb = state.rec.genre === 'starbattle';
  if (!sb && /^[0-9]$/.test(k)) {
    // two-digit values (n >= 10): a second digit typed quickly in the same
    // cell extends the first, 0 included (10, 20, ...); a 0 that extends
    // nothing clears the cell
    const now = Date.now();
    let v = +k;
    const prev = state.entries[i];
    if (n >= 10 && typeof prev === 'number' && prev < 10 && i === lastDigitCell &&
        now - lastDigitAt < 800 && prev * 10 + v <= n) v = prev * 10 + v;
    lastDigitAt = now;
    lastDigitCell = i;
    if (v === 0) setEntry(i, null);
    else if (v <= n) setEntry(i, v);
  } else if (k === 'Backspace' || k === 'Delete' || k === '0' || k === '.') setEntry(i, null);
  else if (sb && (k === ' ' || k === '*' || k === 's')) setEntry(i, state.entries[i] === 'star' ? null : 'star');
  else if (sb && (k === 'x' || k === '-')) setEntry(i, state.entries[i] === 'no' ? null : 'no');
  else return;
  ev.preventDefault();
}
let lastDigitAt = 0, lastDigitCell = -1;

function onPictureClick(ev) {
  const t = ev.target.closest('[data-cell]');
  if (!t || !state.rec) return;
  const i = +t.dataset.cell;
  $('picture').focus({ preventScroll: true });
  if (state.rec.genre === 'starbattle' && state.sel === i) {
    // click again: star, no star, empty
    const v = state.entries[i];
    setEntry(i, v === null ? 'star' : v === 'star' ? 'no' : null);
  }
  state.sel = i;
  draw();
}

/*------------------------------------------------------------------------*/

let lastLoaded = null;
let typingTimer = 0;

function fromHash() {
  const m = /^#p=(.*)$/s.exec(location.hash);
  if (!m) return null;
  try { return decodeURIComponent(m[1]); } catch (e) { return null; }
}

// Each genre's difficulty levels, easiest first (from `genres --json`).
const genreLevels = {};

async function setup() {
  // what the command line offers, as its help lists it
  const help = await gridcnf(['--help']);
  if (/^\s+(gridcnf )?steps\s/m.test(help.stdout)) $('steps').hidden = false;
  const ver = await gridcnf(['--version']);
  $('version').textContent = ver.stdout.trim();
  // genres: what `gridcnf genres --json` lists, with their difficulty
  // levels for Generate
  const g = await gridcnf(['genres', '--json']);
  for (const rec of records(g.stdout)) {
    genreLevels[rec.name] = rec.levels || [];
    const o = document.createElement('option');
    o.value = o.textContent = rec.name;
    $('genre').append(o);
  }
  $('genre').value = 'skyscrapers';
  // output formats: those `gridcnf help formats` lists (json, text and the
  // notations people paste); older builds list them under --help
  const fmts = [];
  const hf = await gridcnf(['help', 'formats']);
  let text = hf.code === 0 ? hf.stdout : (help.stdout.split(/pasted formats[^\n]*\n/)[1] || '');
  if (hf.code !== 0) fmts.push('json', 'text');
  for (const line of text.split('\n')) {
    const m = /^ {2}([a-z][a-z0-9-]*) {2,}\S/.exec(line);
    if (m && !fmts.includes(m[1])) fmts.push(m[1]);
  }
  for (const f of fmts) {
    const o = document.createElement('option');
    o.value = o.textContent = f;
    $('format').append(o);
  }
}

async function main() {
  wasmModule = await compileModule().catch(() => null);
  startWorker();
  const genreChanged = () => {
    $('stars-label').hidden = $('genre').value !== 'starbattle';
    // Generate's difficulty: any, or one of the genre's levels
    const keep = $('difficulty').value;
    const levels = ['any', ...(genreLevels[$('genre').value] || [])];
    $('difficulty').replaceChildren(...levels.map((v) => {
      const o = document.createElement('option');
      o.value = o.textContent = v;
      return o;
    }));
    $('difficulty').value = levels.includes(keep) ? keep : 'any';
  };
  $('genre').addEventListener('change', genreChanged);
  await setup();
  genreChanged();

  $('solve').addEventListener('click', solve);
  $('hint').addEventListener('click', hint);
  $('check').addEventListener('click', check);
  $('steps').addEventListener('click', steps);
  $('count').addEventListener('click', count);
  $('rate').addEventListener('click', rate);
  $('generate').addEventListener('click', generate);
  $('stop').addEventListener('click', () => {
    restartWorker();
    busy = 0;
    $('stop').disabled = true;
    setResult('unknown', 'Stopped.');
  });
  $('dl-cnf').addEventListener('click', downloadCnf);
  $('dl-svg').addEventListener('click', downloadSvg);
  $('dl-format').addEventListener('click', downloadFormat);
  $('share').addEventListener('click', share);
  $('clear').addEventListener('click', () => {
    if (!state.rec) return;
    state.entries = new Array(state.rec.n * state.rec.n).fill(null);
    state.marks = [];
    state.hintValue = null;
    setDetails([]);
    draw();
  });
  for (const b of document.querySelectorAll('[data-example]')) {
    b.addEventListener('click', async () => {
      $('puzzle').value = EXAMPLES[b.dataset.example];
      state.entries = [];
      lastLoaded = $('puzzle').value;
      await loadPuzzle($('puzzle').value);
    });
  }
  $('puzzle').addEventListener('input', () => {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      if ($('puzzle').value === lastLoaded) return;
      lastLoaded = $('puzzle').value;
      state.entries = [];
      loadPuzzle(lastLoaded).catch(caught);
    }, 250);
  });
  $('pick').addEventListener('change', () => {
    state.entries = [];
    lastLoaded = $('puzzle').value;
    loadPuzzle(lastLoaded, +$('pick').value).catch(caught);
  });
  $('puzzle').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); solve(); }
  });
  const pic = $('picture');
  pic.addEventListener('keydown', onPictureKey);
  pic.addEventListener('click', onPictureClick);
  pic.addEventListener('focus', () => { if (state.sel < 0 && state.rec) state.sel = 0; draw(); });
  pic.addEventListener('blur', () => draw());

  const onHash = async () => {
    const p = fromHash();
    if (p === null) return;
    $('puzzle').value = p;
    state.entries = [];
    state.rec = null;
    await solve();
  };
  window.addEventListener('hashchange', onHash);
  await onHash();

  if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol)) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  document.body.dataset.ready = '1';
}

main().catch((e) => setResult('error', `The page could not start: ${e.message || e}`));
