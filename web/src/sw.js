/* sw.js: keeps the page's files so that it works offline once loaded
   (network first, so a new build is picked up; the cache when offline). */
const CACHE = 'gridcnf-v1';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'runner.js',
  'gridcnf-wasm.js', 'gridcnf-wasm.wasm'];

self.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (ev) => ev.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (ev) => {
  if (ev.request.method !== 'GET') return;
  ev.respondWith(fetch(ev.request).then((r) => {
    if (r.ok) {
      const copy = r.clone();
      caches.open(CACHE).then((c) => c.put(ev.request, copy));
    }
    return r;
  }).catch(() => caches.match(ev.request, { ignoreSearch: true })));
});
