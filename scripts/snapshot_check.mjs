// Make the device snapshot of a built site the way web/snapshot-worker.mjs does, in
// the vendored Pyodide under Node, pack it as it is stored and unpack it as it is read,
// then restore it twice: tests/test_build.py checks its size against Pyodide's restore
// limit, that packing keeps every byte and leaves out most of it, that the app is
// imported in it, that each restore draws different random numbers, and that a
// snapshot of another build is refused by the check the page runs after a restore.
//
// Usage: node scripts/snapshot_check.mjs SITE_DIR
// Prints one JSON line.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";
import {
  AFTER_RESTORE,
  MAX_HEAP_BYTES,
  heapBytes,
  makeSnapshot,
  packSnapshot,
  unpackSnapshot,
  withKey,
} from "../web/snapshot.mjs";

const site = process.argv[2];
if (!site) {
  console.error("usage: node scripts/snapshot_check.mjs SITE_DIR");
  process.exit(2);
}
const stdLibURL = resolve(site, "vendor/pyodide/python_stdlib.zip");
const appZip = new Uint8Array(readFileSync(resolve(site, "app/nordic21.zip")));
const key = "check";
const made = await makeSnapshot(loadPyodide, appZip, key, { stdLibURL });
const packed = packSnapshot(made);
const bytes = unpackSnapshot(packed, made.length);
const intact = bytes.length === made.length && bytes.every((byte, i) => byte === made[i]);

async function restore(asKey) {
  const pyodide = await loadPyodide({ stdLibURL, _loadSnapshot: bytes });
  pyodide.unpackArchive(appZip, "zip", { extractDir: "/home/pyodide" });
  try {
    pyodide.runPython(withKey(AFTER_RESTORE, asKey));
  } catch (error) {
    return { refused: String(error.message).split("\n").filter(Boolean).pop() };
  }
  return JSON.parse(pyodide.runPython(`
import json, random, sys
from web.app import start  # noqa: F401  (imported already: nothing is compiled)
json.dumps({"app_imported": "web.app" in sys.modules, "random": random.random()})
`));
}

const first = await restore(key);
const second = await restore(key);
const other = await restore("another build");
const sizes = { bytes: bytes.byteLength, packed: packed.byteLength, intact, heap: heapBytes(bytes), limit: MAX_HEAP_BYTES };
console.log(JSON.stringify({ ...sizes, first, second, other }));
