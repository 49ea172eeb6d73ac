/*
 * bench-page.mjs: page load to first answer in headless Chromium
 * (benchmarks/RESULTS.md, "WebAssembly"): a fresh browser profile opens
 * index.html#p=PUZZLE from a server on 127.0.0.1 and the time from the
 * navigation's start to #result's final data-status is read in the page
 * (performance.now() when the status is set).  Medians over N loads.
 *
 *   node web/bench-page.mjs [N]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './test/browser.mjs';
import { serve } from './test/serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const n = +(process.argv[2] || 7);
const puzzles = {
  'skyscrapers 6x6': fs.readFileSync(path.join(repo, 'examples', 'skyscrapers-6x6.txt'), 'utf8'),
  'starbattle 7x7': fs.readFileSync(path.join(repo, 'examples', 'starbattle-7x7.txt'), 'utf8'),
};
const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/index.html`;
for (const [name, text] of Object.entries(puzzles)) {
  const total = [], solver = [];
  for (let i = 0; i < n; i++) {
    const browser = await launch(); // a fresh profile: no cache, no service worker
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(() => {
      new MutationObserver((_, obs) => {
        const r = document.getElementById('result');
        const s = r && r.dataset.status;
        if (s && !['busy', 'ready', ''].includes(s)) {
          window.__answered = performance.now();
          obs.disconnect();
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
    });
    await page.goto(base + '#p=' + encodeURIComponent(text));
    await page.waitForFunction(() => window.__answered, { timeout: 30000 });
    total.push(await page.evaluate(() => window.__answered));
    solver.push(await page.$eval('#result .stats', (e) => parseFloat(/([\d.]+) ms in the solver/.exec(e.textContent)?.[1] || 'NaN')));
    await browser.close();
  }
  console.log(`${name}: load to first answer median ${median(total).toFixed(0)} ms (min ${Math.min(...total).toFixed(0)}, max ${Math.max(...total).toFixed(0)}), its solve ${median(solver).toFixed(1)} ms in the solver, ${n} loads`);
}
server.close();
