// Nordic 21's service worker: the whole site offline, each file downloaded once.
//
// The build (scripts/build_site.py, ``service_worker``) writes it to the site's sw.js
// with the site's files in place of the two markers below: every file's path and the
// sha256 of its bytes (a Subresource Integrity string), and the build's version.
//
// - Precache without a second download. The page has already fetched its start-up
//   files when this worker installs (it is registered once the app is ready), so they
//   are in the HTTP cache: each file is taken from there (``cache: "force-cache"``)
//   with its integrity checked, and downloaded again only if the HTTP cache has no
//   copy or a different one (``cache: "reload"``). Workbox fetched every file with
//   "reload", past the HTTP cache: a first visit downloaded the site twice.
// - A new version copies the files it shares with the old one from the old cache, so
//   an update downloads only what changed; the cache keys carry the file's hash.
// - Cache first, with one cache opened once: a return visit reads each file from Cache
//   Storage with no routing beyond a Map lookup. Any navigation in scope gets
//   index.html (the app reads ?lang= and the address itself).
// - Never switch versions under a player: the new worker waits until the page sends
//   {type: "SKIP_WAITING"} (the "Update available" button) or every tab is closed.
"use strict";

/** [path relative to the scope, "sha256-..."] for every file of the site. */
const FILES = /* files */ [];
const VERSION = /* version */ "dev";

const PREFIX = "nordic21-site-";
const CACHE = PREFIX + VERSION;
const scope = new URL(self.registration.scope);
const INDEX = new URL("index.html", scope).href;

/** pathname -> {url, integrity, key}: key names the file's bytes, not only its path. */
const entries = new Map();
for (const [path, integrity] of FILES) {
  const url = new URL(path, scope).href;
  const key = `${url}?rev=${encodeURIComponent(integrity.slice(7, 23))}`;
  entries.set(new URL(url).pathname, { url, integrity, key });
}
const index = entries.get(new URL(INDEX).pathname);

let opened = null;
const cache = () => (opened ||= caches.open(CACHE));

/**
 * The file at ``url`` with exactly these bytes: from the HTTP cache if the page (or an
 * earlier visit) left it there, else downloaded. ``alternates`` are other addresses of
 * the same bytes that the page may have loaded (index.html as "./?lang=sv").
 */
async function fetchOnce(url, integrity, alternates) {
  for (const candidate of [...alternates, url]) {
    try {
      const response = await fetch(candidate, { cache: "force-cache", integrity, credentials: "same-origin" });
      if (response.ok) return response;
    } catch (error) {
      // Not that file (another version in the HTTP cache fails its integrity): next.
    }
  }
  const response = await fetch(url, { cache: "reload", integrity, credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function precache() {
  const target = await cache();
  const pages = (await self.clients.matchAll({ type: "window", includeUncontrolled: true }))
    .map((client) => new URL(client.url))
    .filter((page) => page.origin === scope.origin && [scope.href, INDEX].includes(page.origin + page.pathname))
    .map((page) => page.href.split("#")[0]);
  await Promise.all(
    [...entries.values()].map(async ({ url, integrity, key }) => {
      if (await target.match(key)) return;
      const response =
        (await caches.match(key)) || // the same bytes in an older version's cache
        (await fetchOnce(url, integrity, url === INDEX ? pages : []));
      await target.put(key, response);
    }),
  );
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        // Older versions of this site, and the Workbox precache of the builds before.
        if ((name.startsWith(PREFIX) && name !== CACHE) || name.startsWith("workbox-precache")) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  let entry = entries.get(url.pathname);
  if (!entry && request.mode === "navigate" && url.pathname.startsWith(scope.pathname)) entry = index;
  if (!entry) return;
  event.respondWith(
    cache()
      .then((target) => target.match(entry.key))
      .then((response) => response || fetch(request)),
  );
});
