// Memory snapshots of the interpreter, made on the player's own device.
//
// After a start without one, a Worker (web/snapshot-worker.mjs) boots the same Pyodide
// with `_makeSnapshot`, unpacks the same app zip, imports the app (not its start: no
// page, no timers) and keeps the whole wasm memory in Cache Storage. The next start
// (web/runtime.mjs) restores it with `_loadSnapshot` instead of initialising Python and
// importing the standard library and the app again. Pyodide's snapshot API is private
// (RUNTIME.md, 2026-12-01); everything here falls back to the normal start on any
// doubt, and says which doubt in <html data-snapshot>.
//
// Used in three places: the page (read, check), the Worker (make, store) and Node
// (scripts/snapshot_check.mjs, which the build test runs: size and restore).

/** Cache Storage bucket and the one entry in it. */
export const CACHE = "nordic21-snapshot";
const ENTRY = "./nordic21-snapshot";
/**
 * Pyodide restores a snapshot's memory into the wasm heap as it is at start-up, 30 MiB,
 * without growing it (pyodide#6254): a snapshot taken after the heap grew cannot be
 * restored. The snapshot is a small header (its JSON part) followed by the heap.
 */
export const MAX_HEAP_BYTES = 30 * 1024 * 1024;

/** The bytes of wasm heap a snapshot holds (its size without the header). */
export function heapBytes(bytes) {
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  return bytes.byteLength - header[1];
}

/**
 * What a snapshot is valid for: the runtime build and the exact standard library and
 * app archives (a snapshot holds modules imported from them, and the zipimporter's
 * index of the stdlib zip by byte offset). `build` is what scripts/build_site.py writes
 * into web/runtime.mjs.
 */
export function snapshotKey(build) {
  return `pyodide=${build.runtime};stdlib=${build.stdlib};app=${build.app};${STACKS};${PACKING}`;
}

/**
 * Pyodide runs without WebAssembly stack switching (JSPI), as it does in WebKit, which
 * has none. Two Chromium renderer crashes in the e2e runs (2026-12-02 and 12-03, one
 * page load in several hundred, both as Pyodide started) were the same fault: SIGSEGV,
 * SEGV_ACCERR at a page boundary, on the main thread while it ran on a stack V8 had
 * switched to (every other thread on its own stack), i.e. in JSPI's stack switching.
 * The app never needs it (nothing in it calls async JS from sync Python), so Pyodide is
 * started as if the engine had none: it checks `"Suspending" in WebAssembly` as it
 * loads. Called by the page (web/runtime.mjs) and by the snapshot Worker alike, so a
 * snapshot is made and restored in the same mode (the mode is part of its key).
 */
export const STACKS = "jspi=off";
export function withoutStackSwitching(scope = globalThis) {
  for (const name of ["Suspending", "Suspender", "promising"]) delete scope.WebAssembly?.[name];
}

/**
 * Python run in the Worker before the snapshot is taken: import what every start
 * imports, and hold nothing the snapshot cannot keep. A JS object held by Python
 * makes makeMemorySnapshot throw (so it cannot slip in unnoticed); `js` itself and
 * the modules' functions are kept by name and found again in the page. No asyncio
 * task or timer exists yet: the app only schedules them once start() runs, in the
 * page. The key is stored in the interpreter, so the page can check what it restored.
 */
export const PREPARE = `
import gc, sys
sys.dont_write_bytecode = True
import web.app  # noqa: F401  (what web/main.py imports before start())
import asyncio
assert not asyncio.all_tasks(asyncio.get_event_loop()), "no task may be pending"
sys._nordic21_snapshot = KEY
gc.collect()
`;

/**
 * Python run in the page right after a restore. It checks the snapshot is the one
 * asked for, and reseeds what the snapshot froze:
 * - `random`: its state was taken in the Worker, so every start from one snapshot
 *   would draw the same numbers; reseeded from the system's randomness (the app's
 *   match seeds come from the page's Math.random anyway, never from the snapshot).
 * - the str hash seed cannot be changed after start-up: every start from one snapshot
 *   orders sets of strings alike. Harmless for the app: it was drawn on this device
 *   (the snapshot is never downloaded), so it is as unknown to anyone else as a
 *   normal start's; and nothing the app shows, saves or decides depends on set or
 *   dict iteration order (dicts keep insertion order; saves are sorted JSON; chance
 *   comes only from the seeded RNG in pygame_core.rng).
 */
export const AFTER_RESTORE = `
import random, sys
if getattr(sys, "_nordic21_snapshot", None) != KEY:
    raise RuntimeError("the snapshot is not the one this page asked for")
random.seed()
`;

/** The Python above with the key put in as a literal. */
export function withKey(code, key) {
  return code.replaceAll("KEY", JSON.stringify(key));
}

/** Lowercase hex SHA-256 of `bytes`. */
export async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Boot `loadPyodide` with `_makeSnapshot`, prepare the app and take the snapshot. */
export async function makeSnapshot(loadPyodide, appZip, key, options = {}) {
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  pyodide.unpackArchive(appZip, "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython(withKey(PREPARE, key));
  const bytes = pyodide.makeMemorySnapshot();
  if (heapBytes(bytes) > MAX_HEAP_BYTES) {
    throw new Error(`a heap of ${heapBytes(bytes)} bytes is over Pyodide's restore limit`);
  }
  return bytes;
}

/**
 * The snapshot is kept without its pages of zeros: most of the 30 MiB heap is never
 * touched by the time the app is imported (13.1 of its 31.5 MB are kept, in 4 KiB
 * pages), and every byte kept is a byte of the device's storage, and a byte to read out
 * of Cache Storage and checksum before Python can start (that read took 140 instead of
 * 240 ms in a return visit's start, median of 6). Packed: a bitmap of the PAGE-byte
 * pages kept, then those pages in order; the length of the whole is in the entry's
 * headers.
 */
const PAGE = 4096;
/** How the stored snapshot is packed, part of its key. */
const PACKING = `packed=${PAGE}`;

/** `bytes` without its pages of zeros (see PAGE). */
export function packSnapshot(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  let kept = 0;
  for (let page = 0; page < pages; page++) {
    const start = (page * PAGE) >> 2;
    const end = Math.min(words.length, ((page + 1) * PAGE) >> 2);
    let zero = true;
    for (let i = start; i < end && zero; i++) zero = words[i] === 0;
    for (let i = end << 2; i < Math.min(bytes.length, (page + 1) * PAGE) && zero; i++) zero = bytes[i] === 0;
    if (!zero) {
      bitmap[page >> 3] |= 1 << (page & 7);
      kept++;
    }
  }
  const packed = new Uint8Array(bitmap.length + kept * PAGE);
  packed.set(bitmap);
  let at = bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (bitmap[page >> 3] & (1 << (page & 7))) {
      packed.set(bytes.subarray(page * PAGE, Math.min(bytes.length, (page + 1) * PAGE)), at);
      at += PAGE;
    }
  }
  return packed;
}

/** The snapshot of `length` bytes that `packed` holds (see packSnapshot). */
export function unpackSnapshot(packed, length) {
  const bytes = new Uint8Array(length);
  const pages = Math.ceil(length / PAGE);
  const bitmap = packed.subarray(0, Math.ceil(pages / 8));
  let at = bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (bitmap[page >> 3] & (1 << (page & 7))) {
      const end = Math.min(length, (page + 1) * PAGE);
      bytes.set(packed.subarray(at, at + end - page * PAGE), page * PAGE);
      at += PAGE;
    }
  }
  if (at !== packed.length) throw new Error("corrupt: the packed snapshot's pages do not add up");
  return bytes;
}

/** Keep the snapshot (and only it), packed, with its key, length and checksum. */
export async function storeSnapshot(bytes, key) {
  const packed = packSnapshot(bytes);
  const cache = await caches.open(CACHE);
  const headers = {
    "x-snapshot-key": key,
    "x-snapshot-length": String(bytes.length),
    "x-snapshot-sha256": await sha256(packed),
  };
  await cache.put(new URL(ENTRY, import.meta.url), new Response(packed, { headers }));
  return packed.length;
}

/** Forget the stored snapshot (stale, corrupt, or it failed to restore). */
export async function dropSnapshot() {
  try {
    await caches.delete(CACHE);
  } catch (e) {
    /* nothing stored, or no Cache Storage: nothing to forget */
  }
}

/**
 * The stored snapshot for `key`: {bytes} (a promise of the checked bytes: the check
 * runs while the runtime compiles), {none: true} when nothing is stored, or {stale}
 * when one is stored for another build. A checksum mismatch rejects `bytes`. `early`,
 * if given, is the same lookup begun before (web/boot.js): a promise of null or of
 * {headers, bytes: a promise of the body's ArrayBuffer}.
 */
export async function findSnapshot(key, early = null) {
  if (typeof caches === "undefined") return { none: true };
  const found = await (early ?? lookUp());
  if (!found) return { none: true };
  if (found.headers.get("x-snapshot-key") !== key) return { stale: true };
  const expected = found.headers.get("x-snapshot-sha256");
  const length = Number(found.headers.get("x-snapshot-length"));
  const bytes = found.bytes.then(async (buffer) => {
    const data = new Uint8Array(buffer);
    if ((await sha256(data)) !== expected) throw new Error("corrupt");
    return unpackSnapshot(data, length);
  });
  // Rejected (corrupt) before Pyodide awaits it: not an unhandled rejection.
  bytes.catch(() => {});
  return { bytes };
}

/** The stored entry, as findSnapshot's `early` (web/boot.js begins the same lookup at the
 * page's start, by the same cache name and entry). */
async function lookUp() {
  if (!(await caches.has(CACHE))) return null; // open() would make the cache
  const cache = await caches.open(CACHE);
  const response = await cache.match(new URL(ENTRY, import.meta.url));
  return response && { headers: response.headers, bytes: response.arrayBuffer() };
}
