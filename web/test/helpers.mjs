/* helpers.mjs: what the Node tests share: where the native command, the
   corpus and the WebAssembly build are, and running a command. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repo = path.resolve(webDir, '..');
export const dist = path.join(webDir, 'dist');
export const bin = path.join(webDir, 'bin', 'gridcnf.mjs');
export const corpus = path.resolve(repo, '..', 'shared', 'corpus');

/* The native command to compare with: $GRIDCNF_NATIVE, else the test
   build's or the main build's. */
export function nativeExe() {
  const c = [process.env.GRIDCNF_NATIVE, path.join(repo, 'build-test', 'gridcnf'),
    path.join(repo, 'build', 'gridcnf')].filter(Boolean);
  return c.find((p) => fs.existsSync(p));
}

export function corpusFiles() {
  if (!fs.existsSync(corpus)) return [];
  return fs.readdirSync(corpus).filter((f) => f.endsWith('.jsonl')).sort()
    .map((f) => path.join(corpus, f));
}

/* Runs a program: {code, stdout, stderr}. */
export function runProgram(argv, input) {
  const r = spawnSync(argv[0], argv.slice(1), { input: input ?? '', encoding: 'utf8',
    maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const native = (args, input) => runProgram([nativeExe(), ...args], input);
export const wasmCli = (args, input) => runProgram([process.execPath, bin, ...args], input);

export function lines(stdout) {
  return stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
}

/* A record without its timings (the only part allowed to differ). */
export function untimed(rec) {
  const r = { ...rec };
  delete r.stats;
  delete r.ms;
  return r;
}
