// The interpreter module PyScript loads (`interpreter` in pyscript.toml): the vendored
// Pyodide, started as early as the page allows.
//
// PyScript imports its interpreter only after its own chunks, pyscript.toml and the
// TOML parser have arrived, about 300 ms into a load. index.html also loads this module
// as an async script, which starts Pyodide as soon as the module arrives, so the
// runtime downloads, compiles and boots while PyScript gets ready; PyScript's
// loadPyodide() then picks up that same instance and connects its stdout/stderr to it.
// The module is shared (one URL, one instance). If the early start fails, PyScript
// gets the same failure when it asks, and reports it.
//
// On a return visit it restores the device snapshot instead (web/snapshot.mjs): the
// interpreter with the standard library and the app already imported. Anything amiss
// (none stored, another build's, corrupt, a failed restore or check) means the normal
// start, silently; <html data-snapshot> says which (the bench counts the fallbacks).
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";
import {
  AFTER_RESTORE,
  dropSnapshot,
  findSnapshot,
  snapshotKey,
  withKey,
  withoutStackSwitching,
} from "./snapshot.mjs";

export { version };

/** This build's runtime, stdlib and app zip hashes, written by scripts/build_site.py
 * (null in the sources: no snapshots outside a built site). */
const BUILD = null;

let early = null;
/** How this start went: "restored", "none", "off" or "fallback:<why>". */
let snapshot = "off";

/** This build's snapshot key (null outside a built site). */
const KEY = BUILD && snapshotKey(BUILD);

/**
 * The stored snapshot for this build, checked against KEY: web/boot.js began its
 * lookup and read at the page's start (``nordic21Stored``), and its checksum runs while
 * the page is still parsed. Resolves to {bytes} (a promise of the checked bytes) or
 * null, the reason left in `snapshot`.
 */
async function findStored() {
  let found;
  try {
    found = await findSnapshot(KEY, globalThis.nordic21Stored);
  } catch {
    snapshot = "none"; // no Cache Storage here (private mode, an opaque origin)
    return null;
  }
  performance.mark("nordic21:snapshot-found");
  if (found.none) {
    snapshot = "none";
    return null;
  }
  if (found.stale) {
    snapshot = "fallback:stale";
    await dropSnapshot();
    return null;
  }
  found.bytes.then(() => performance.mark("nordic21:snapshot-read"), () => {});
  return found;
}

/** The interpreter restored from `found` (see findStored), or null (the reason is left
 * in `snapshot`). */
async function restore(found) {
  if (!found) return null;
  try {
    const pyodide = await load({ _loadSnapshot: found.bytes });
    pyodide.runPython(withKey(AFTER_RESTORE, KEY));
    snapshot = "restored";
    return pyodide;
  } catch (error) {
    snapshot = String(error?.message).includes("corrupt") ? "fallback:corrupt" : "fallback:restore";
    await dropSnapshot();
    return null;
  }
}

/**
 * Run ``start`` with the downloads web/boot.js began while the page was parsed
 * (``window.nordic21Early``: {absolute url: fetch() promise}) handed to Pyodide's own
 * fetch() of the same URL, each once; any other request goes to the network as usual.
 * Pyodide has no option to pass the standard library's bytes, so fetch is wrapped for
 * the duration of the start, then put back.
 */
async function earlyFetches(start) {
  const pending = globalThis.nordic21Early;
  if (!pending) return start();
  const realFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    let url = null;
    if (input instanceof URL) url = input.href;
    else if (typeof input === "string") url = new URL(input, document.baseURI).href;
    const response = url !== null && !init?.integrity ? pending[url] : undefined;
    if (response === undefined) return realFetch.call(this, input, init);
    delete pending[url];
    return response;
  };
  try {
    return await start();
  } finally {
    globalThis.fetch = realFetch;
  }
}

/**
 * Resolves once the page is parsed. Python's start-up is long work on the main thread,
 * and an engine may give the parser no turn until it is over: the prerendered setups
 * at the page's end (what a tap on a game asks for) would then wait for Python. Seen
 * in WebKit, a tap answered 3.3 s late on a cold visit; the downloads web/boot.js
 * began go on meanwhile.
 */
function parsed() {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener("readystatechange", resolve, { once: true });
  });
}

/** Start Pyodide (once, after the page is parsed); resolves to the interpreter. */
export function startEarly() {
  early ??= earlyFetches(async () => {
    withoutStackSwitching();
    const stored = BUILD ? findStored() : null;
    await parsed();
    performance.mark("nordic21:runtime-start");
    const pyodide = (BUILD && (await restore(await stored))) || (await load());
    performance.mark("nordic21:runtime-ready");
    document.documentElement.dataset.snapshot = snapshot;
    return pyodide;
  });
  return early;
}

/**
 * Called by web/boot.js once the app is ready: on a start that restored nothing, a
 * Worker makes the snapshot when the page is idle (it boots a second Pyodide, so it
 * waits for the player's start-up to be over). <html data-snapshot-made> says how it
 * went ("stored" or "failed:<why>"), for the tests.
 */
export function keepSnapshot() {
  const root = document.documentElement;
  if (!BUILD || snapshot === "restored" || typeof Worker === "undefined") return;
  if (typeof caches === "undefined") return;
  const make = () => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const done = (result) => {
      root.dataset.snapshotMade = result;
      worker.terminate();
    };
    worker.onmessage = ({ data }) => done(data.ok ? "stored" : `failed:${data.error}`);
    worker.onerror = (event) => done(`failed:${event.message || "worker error"}`);
    worker.postMessage({ build: BUILD });
  };
  // Two seconds first: the player's first taps (which import the game's modules) and
  // the service worker's precaching go before a second interpreter boots.
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(make, { timeout: 3000 }) : make());
  setTimeout(idle, 2000);
}

/**
 * What PyScript calls: the early interpreter, with PyScript's output handlers. PyScript
 * also passes `indexURL` (Pyodide finds its files next to pyodide.mjs anyway) and, only
 * when pyscript.toml lists packages, package options: the app has none, so a config
 * that asks for packages is refused here rather than silently ignored.
 */
export async function loadPyodide(options = {}) {
  performance.mark("nordic21:pyscript-asks");
  if (options.packages || options.lockFileURL || options.lockFileContents) {
    throw new Error("web/runtime.mjs starts Pyodide without packages: load them from Python");
  }
  const pyodide = await startEarly();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

startEarly().catch(() => {});
