// The loading shell: translates itself and shows progress until Python takes over.
// It never touches the app once <html data-ready="1"> is set by the Python UI.
performance.mark("nordic21:shell");

const LANGS = ["nb", "sv", "da", "en"];
const ALIASES = { nb: "nb", no: "nb", nn: "nb", sv: "sv", da: "da", en: "en" };
// Files whose arrival marks a step of the start-up, in the order they usually come.
const STEPS = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "nordic21.zip"];

function pickLanguage() {
  const requested = new URLSearchParams(location.search).get("lang");
  let remembered = null;
  try { remembered = localStorage.getItem("nordic21.lang"); } catch (e) { /* private mode */ }
  for (const lang of [requested, remembered]) if (LANGS.includes(lang)) return lang;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (ALIASES[base]) return ALIASES[base];
  }
  return "en";
}

const block = document.getElementById("boot-strings");
const strings = block ? JSON.parse(block.textContent)[pickLanguage()] : null;
const say = (key) => (strings && strings[key]) || null;

function translateShell() {
  if (!strings) return;
  document.documentElement.lang = pickLanguage();
  for (const node of document.querySelectorAll("[data-boot]")) {
    const text = say(node.dataset.boot);
    if (text) node.textContent = text;
  }
}

function setProgress(done) {
  if (document.documentElement.dataset.ready === "1") return;
  const bar = document.getElementById("boot-progress");
  const status = document.getElementById("boot-status");
  if (!bar || !status) return;
  bar.value = Math.max(bar.value, done);
  if (done >= STEPS.length) status.textContent = say("boot.starting") || status.textContent;
}

translateShell();
const seen = new Set();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const name = entry.name.split("/").pop().split("?")[0];
    if (STEPS.includes(name)) seen.add(name);
  }
  setProgress(seen.size);
}).observe({ type: "resource", buffered: true });

addEventListener("py:error", () => {
  const status = document.getElementById("boot-status");
  if (status) status.textContent = say("boot.failed") || "Nordic 21 could not start.";
});

// Offline play: a service worker precaches the whole site. A new version waits until
// the player presses "Update" (or every tab is closed): never in the middle of a game.
let acceptedUpdate = false;
function offerUpdate(worker) {
  const banner = document.getElementById("update-banner");
  const button = document.getElementById("update-reload");
  if (!banner || !button) return;
  banner.hidden = false;
  button.onclick = () => {
    acceptedUpdate = true;
    button.disabled = true;
    worker.postMessage({ type: "SKIP_WAITING" });
  };
}

function whenReady(callback) {
  // The worker precaches the whole site: start it only once the app is ready, so its
  // downloads do not compete with the first start-up.
  const root = document.documentElement;
  if (root.dataset.ready === "1") return callback();
  new MutationObserver((_, observer) => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      callback();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (acceptedUpdate) location.reload();
  });
  whenReady(() => navigator.serviceWorker.register("./sw.js", { scope: "./" }).then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }).catch(() => { /* no worker (private mode, file://): the app still runs online */ }));
}
