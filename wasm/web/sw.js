// Service worker: keeps the whole game in a versioned cache so that it starts
// and plays offline after the first visit. The version is the site's content
// hash, written in by wasm/site; a new build gets a new cache and the old one
// is deleted once the new worker takes over. The game's file is named by its
// own content (main-<hash>.wasm), so a new build of the page alone does not
// download the game again.
const VERSION = '{{VERSION}}';
const WASM = '{{WASM}}';
const CACHE = 'bashni-' + VERSION;
const SHELL = [
  './',
  'index.html',
  'wasm_exec.js',
  WASM,
  'build.json',
  'manifest.webmanifest',
  'icons/icon-180.png',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
];

// The game's file never changes under its name: the copy the page has just
// downloaded into the HTTP cache will do (or the previous cache's, when only
// the page changed). The page downloads either the game or, from a host that
// does not compress, its gzip copy (index.html): whichever of the two is at
// hand is kept, and nothing is downloaded again for it. With neither at hand
// the game is fetched.
function keepGame(cache) {
  const names = [WASM, WASM + '.gz'];
  const fromHTTPCache = (u) => fetch(new Request(u, {cache: 'only-if-cached', mode: 'same-origin'}))
    .then((res) => (res.ok ? res : null)).catch(() => null);
  return Promise.all(names.map((u) => caches.match(u).then((hit) => hit || fromHTTPCache(u))))
    .then((found) => {
      const kept = names.map((u, i) => found[i] && cache.put(u, found[i])).filter(Boolean);
      return kept.length > 0 ? Promise.all(kept) : cache.add(new Request(WASM, {cache: 'default'}));
    });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // Everything but the game is checked with the server (a 304 when
      // unchanged).
      .then((cache) => Promise.all(SHELL.map((u) => u === WASM
        ? keepGame(cache)
        : cache.add(new Request(u, {cache: 'no-cache'})))))
      .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('bashni-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

// Network first for the page, build.json and wasm_exec.js (so a new version
// is seen when online), cache first for everything else (the game, named by
// its content, and the icons).
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) {
    return;
  }
  const url = new URL(req.url);
  const fresh = req.mode === 'navigate' || ['/build.json', '/index.html', '/wasm_exec.js'].some((p) => url.pathname.endsWith(p));
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
