/*
 * worker.js: runs gridcnf commands off the page's thread, so a long solve
 * never freezes it (the page's Stop button ends this worker and starts a
 * new one on the same compiled module).  A message {id, args, input,
 * files, read} runs `gridcnf ...args` with input as standard input, after
 * writing files ({path: text}) into the in-memory file system; the answer
 * {id, code, stdout, stderr, files} carries back the files named in read.
 */
/* global createGridcnf, gridcnfRunner */
importScripts('gridcnf-wasm.js', 'runner.js');

let ready = null;

function dirs(M, path) {
  const parts = path.split('/').slice(1, -1);
  let d = '';
  for (const p of parts) {
    d += '/' + p;
    try { M.FS.mkdir(d); } catch (e) { /* exists */ }
  }
}

self.onmessage = async (ev) => {
  const m = ev.data;
  if (m.type === 'init') {
    const settings = {};
    if (m.module) {
      settings.instantiateWasm = (imports, done) => {
        WebAssembly.instantiate(m.module, imports).then((inst) => done(inst, m.module));
        return {};
      };
    }
    ready = createGridcnf(settings);
    ready.then(() => self.postMessage({ type: 'ready' }),
      (e) => self.postMessage({ type: 'failed', error: String(e) }));
    return;
  }
  let M;
  try {
    M = await ready;
    for (const [p, t] of Object.entries(m.files || {})) {
      dirs(M, p);
      M.FS.writeFile(p, t);
    }
    const r = gridcnfRunner.run(M, m.args, m.input || '');
    const files = {};
    for (const p of m.read || []) {
      try { files[p] = M.FS.readFile(p, { encoding: 'utf8' }); } catch (e) { /* not written */ }
    }
    self.postMessage({ id: m.id, code: r.code, stdout: r.stdout, stderr: r.stderr, files });
  } catch (e) {
    self.postMessage({ id: m.id, code: -1, stdout: '', stderr: 'gridcnf: ' + String(e), crashed: true });
  }
};
