// The web edition's service worker: once the page has loaded, it works with
// no network. Every file of the site is kept in a cache named for this
// build; a request is answered from the cache first, then the network.
const VERSION = '{{VERSION}}';
const FILES = {{FILES}};
const CACHE = 'zmission-web-' + VERSION;

self.addEventListener('install', ev => {
  ev.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
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
    return fetch(ev.request);
  }));
});
