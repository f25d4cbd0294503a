// The web edition's service worker: once the page has loaded, it works with
// no network. Every file of the site is kept in a cache named for this
// build; a request is answered from the cache first, then the network.
const VERSION = '{{VERSION}}';
const FILES = {{FILES}}; // [path, its SHA-256 as Subresource Integrity]
const CACHE = 'zmission-web-' + VERSION;

// Each file is asked for past the HTTP cache's freshness ('no-cache': the
// server says whether what the browser holds is still the file, so a file
// the page fetched a moment ago is not sent twice) and must match this
// build's digest: a host's max-age never hands this build the last one's
// files, and a host halfway through a deploy fails the install, which is
// tried again at the next visit, rather than keeping a mix.
self.addEventListener('install', ev => {
  ev.waitUntil(caches.open(CACHE).then(c => Promise.all(FILES.map(async ([f, sri]) => {
    const r = await fetch(new Request(f, { cache: 'no-cache', integrity: sri }));
    if (!r.ok) throw new Error(f + ': ' + r.status);
    await c.put(f, r);
  }))));
});

// A new build waits until the page says to take over (its "reload"
// button): a page is never served a mix of two builds.
self.addEventListener('message', ev => {
  if (ev.data === 'take-over') self.skipWaiting();
});

self.addEventListener('activate', ev => {
  ev.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith('zmission-web-') && k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', ev => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== 'GET' || url.origin !== location.origin) return;
  ev.respondWith(caches.open(CACHE).then(async c => {
    const hit = await c.match(ev.request, { ignoreSearch: true });
    if (hit) return hit;
    const r = await fetch(ev.request);
    // The printouts' fonts are kept once the first printout fetched them.
    if (r.ok && url.pathname.includes('/fonts/')) await c.put(ev.request, r.clone());
    return r;
  }));
});
