// Service worker: keeps the whole game in a versioned cache so that it starts
// and plays offline after the first visit. The version is the build's content
// hash, written in by wasm/serve; a new build gets a new cache and the old one
// is deleted once the new worker takes over.
const VERSION = '{{VERSION}}';
const CACHE = 'bashni-' + VERSION;
const SHELL = [
  './',
  'index.html',
  'wasm_exec.js',
  'main.wasm?v=' + VERSION,
  'build.json',
  'manifest.webmanifest',
  'icons/icon-180.png',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // main.wasm?v=<version> never changes: the copy the page has just
      // downloaded into the HTTP cache will do. Everything else is checked
      // with the server.
      .then((cache) => cache.addAll(SHELL.map((u) => new Request(u, {cache: u.startsWith('main.wasm?v=') ? 'default' : 'no-cache'}))))
      .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('bashni-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

// Network first for the page and build.json (so a new version is seen when
// online), cache first for everything else (versioned or immutable).
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) {
    return;
  }
  const url = new URL(req.url);
  const fresh = req.mode === 'navigate' || url.pathname.endsWith('/build.json') || url.pathname.endsWith('/index.html');
  if (fresh) {
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(req.mode === 'navigate' ? './' : req, copy));
          }
          return res;
        })
        .catch(() => caches.match(req.mode === 'navigate' ? './' : req, {ignoreSearch: req.mode === 'navigate'})));
    return;
  }
  event.respondWith(
    caches.match(req).then((hit) => hit || fetch(req).then((res) => {
      if (res.ok) {
        const copy = res.clone();
        caches.open(CACHE).then((c) => c.put(req, copy));
      }
      return res;
    })));
});
