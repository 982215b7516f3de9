// Generate the service worker of a built site with Workbox: it precaches every file
// (with content hashes), serves them cache-first, drops old caches when a new version
// activates, and waits for the player's word before taking over from an older version.
// Usage: node scripts/sw.mjs _site
import { generateSW } from "workbox-build";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/sw.mjs SITE_DIR");
  process.exit(2);
}
const { count, size, warnings } = await generateSW({
  globDirectory: dir,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js"],
  swDest: `${dir}/sw.js`,
  // The wasm runtime is about 10 MB: it must be precached for offline play.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
  // Never switch versions under a player: a new worker waits until the page sends
  // {type: "SKIP_WAITING"} (the "Update available" button) or every tab is closed.
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // ?lang=sv and ?seed=7 are the same page.
  ignoreURLParametersMatching: [/.*/],
  navigateFallback: "index.html",
});
for (const warning of warnings) console.error(`warning: ${warning}`);
console.log(`service worker: ${count} files precached, ${(size / 1e6).toFixed(1)} MB`);
