/* browser.mjs: Debian's Chromium, headless, driven by puppeteer-core, with
   the flags this closed network needs (no first-run, no background
   networking, a fresh profile). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

export function chromiumPath() {
  return [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']
    .filter(Boolean).find((p) => fs.existsSync(p));
}

export async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gridcnf-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage', `--user-data-dir=${profile}`],
    protocolTimeout: 60000,
  });
  const close = browser.close.bind(browser);
  browser.close = async () => {
    await close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return browser;
}
