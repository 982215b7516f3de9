// Makes the device snapshot in the background (web/snapshot.mjs says what and why),
// started by web/runtime.mjs after a start that had none. Its own Pyodide, booted from
// the very files the page used (the service worker or the HTTP cache has them), so
// the page's interpreter and the player's game are never touched.
//
// Message in: {build} (web/runtime.mjs's BUILD). Message out: {ok: true, bytes, stored}
// (the snapshot's size and what is kept of it) or {ok: false, error}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { makeSnapshot, sha256, snapshotKey, storeSnapshot, withoutStackSwitching } from "./snapshot.mjs";

/** A file of the site, checked against the build's hash of it: a snapshot must hold
 * exactly what the page that asked for it runs (a newer deployment may be online). */
async function fetchChecked(path, hash) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!(await sha256(bytes)).startsWith(hash)) throw new Error(`${path} is not this build's`);
  return bytes;
}

addEventListener("message", async ({ data: { build } }) => {
  withoutStackSwitching();
  try {
    const appZip = await fetchChecked("../app/nordic21.zip", build.app);
    const stdlib = await fetchChecked("../vendor/pyodide/python_stdlib.zip", build.stdlib);
    const stdLibURL = URL.createObjectURL(new Blob([stdlib]));
    const key = snapshotKey(build);
    const bytes = await makeSnapshot(loadPyodide, appZip, key, { stdLibURL });
    const stored = await storeSnapshot(bytes, key);
    postMessage({ ok: true, bytes: bytes.byteLength, stored });
  } catch (error) {
    postMessage({ ok: false, error: String(error?.message || error) });
  }
});
