// The loading shell: translates itself, shows the home screen the build drew (the
// app's own render code, one <template> per language) before any Python runs, keeps
// every tap made before Python is ready and hands it to the app once it is. It never
// touches the app once <html data-ready="1"> is set by the Python UI.
//
// A classic script at the end of <body>, inlined there by the build (its hash is in the
// CSP): it runs while the page is being parsed, without waiting for a download, so the
// first paint is already the home screen. (As a deferred module it ran after the shell
// had been painted; as a separate file, when it arrived among the runtime's downloads:
// first screen 248 ms against a first paint of 116 ms, bench median on a busy machine.)
(() => {
  "use strict";
  // The build inlines this script into index.html (no src): then it lives in web/.
  const here = document.currentScript?.src || new URL("web/boot.js", document.baseURI).href;
  performance.mark("nordic21:shell");

  // The two files Pyodide gets with fetch(), started now, while the page is parsed, and
  // handed to it by web/runtime.mjs (``earlyFetches``): one download in every engine.
  // Not <link rel="preload" as="fetch">: WebKit never hands such a preload to a later
  // fetch() and downloaded both twice. Not left to Pyodide either: it asks ~0.5 s
  // later on a slow tablet, and the 1.25 MB then shares the link with the wasm (ready
  // ~1 s later on the bench's 10 Mbit/s profile).
  const fetched = ["python_stdlib.zip", "pyodide-lock.json"].map((name) => {
    const url = new URL(`../vendor/pyodide/${name}`, here).href;
    const response = fetch(url);
    response.catch(() => {}); // a failure is Pyodide's to report, when it asks
    return [url, response];
  });
  window.nordic21Early = Object.fromEntries(fetched);

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
  const allStrings = block ? JSON.parse(block.textContent) : null;
  let lang = pickLanguage();
  let strings = allStrings ? allStrings[lang] : null;
  const say = (key) => (strings && strings[key]) || null;

  function translateShell() {
    if (!strings) return;
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-boot]")) {
      const text = say(node.dataset.boot);
      if (text) node.textContent = text;
    }
  }

  function setProgress(done) {
    if (isReady()) return;
    const bar = document.getElementById("boot-progress");
    if (bar) bar.value = Math.max(bar.value, done);
    const status = document.getElementById("boot-status");
    if (status && bar && done >= STEPS.length) status.textContent = say("boot.starting") || status.textContent;
  }

  const root = document.documentElement;
  const isReady = () => root.dataset.ready === "1";

  /**
   * Whether the page was opened on the home screen with nothing to reopen: a reload of
   * a match in progress (the app remembers it under nordic21.open) or an address of
   * another screen gets the loading shell instead, never a home screen that Python
   * would swap for something else.
   */
  function opensOnHome() {
    let open = null;
    try { open = localStorage.getItem("nordic21.open"); } catch (e) { /* private mode */ }
    return open === null && location.hash.replace(/^#\/?/, "") === "";
  }

  /** Swap the shell for the prerendered home screen of ``lang``; false if there is none. */
  function showHome(lang) {
    const template = document.getElementById(`home-${lang}`);
    const app = document.getElementById("app");
    if (!template || !app) return false;
    const status = document.getElementById("boot-status") || document.createElement("p");
    app.replaceChildren(template.content.cloneNode(true));
    // The status line stays, small, under the screen: it says the table is still being
    // set up (and, after a tap, that the tap is being carried out).
    status.id = "boot-status";
    status.className = "boot-bar";
    status.setAttribute("role", "status");
    app.append(status);
    // A file picked before Python listens would be lost with the replaced screen.
    for (const input of app.querySelectorAll('input[type="file"]')) input.disabled = true;
    // Element Timing: the bench reads when this screen was really painted.
    app.querySelector("h1")?.setAttribute("elementtiming", "first-screen");
    root.lang = lang;
    root.dataset.boot = "home";
    return true;
  }

  /** Taps made before Python is ready, in order: {action, data}. */
  const taps = [];

  function keepTap(event) {
    if (isReady() || root.dataset.boot !== "home") return;
    const target = event.target.closest?.("#app [data-action]");
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (target.disabled || target.getAttribute("aria-busy") === "true") return;
    performance.mark("nordic21:tap");
    const data = { ...target.dataset };
    taps.push({ action: data.action, data });
    if (data.action === "set-lang" && LANGS.includes(data.lang)) {
      // Answered at once: the same home screen in the chosen language.
      lang = data.lang;
      strings = allStrings ? allStrings[lang] : null;
      showHome(lang);
      translateShell();
    } else {
      target.setAttribute("aria-busy", "true");
      target.closest(".tile")?.classList.add("is-pending");
    }
    const status = document.getElementById("boot-status");
    if (status) status.textContent = say(data.action === "set-lang" ? "boot.loading" : "boot.setting_up") || "";
    root.dataset.boot = "home";
    requestAnimationFrame(() => setTimeout(() => performance.mark("nordic21:tap-shown"), 0));
  }

  /** Once Python drew its first screen: carry out the kept taps on its buttons. */
  function replayTaps() {
    document.removeEventListener("click", keepTap, true);
    for (const { action, data } of taps.splice(0)) {
      const same = (el) => Object.entries(data).every(([key, value]) => el.dataset[key] === value);
      const button = [...document.querySelectorAll(`#app [data-action="${CSS.escape(action)}"]`)].find(same);
      if (button && !button.disabled) button.click();
    }
  }

  translateShell();
  if (opensOnHome() && showHome(lang)) {
    performance.mark("nordic21:first-screen");
    document.addEventListener("click", keepTap, true);
  }
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
    if (isReady()) return callback();
    new MutationObserver((_, observer) => {
      if (isReady()) {
        observer.disconnect();
        callback();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // The app sets data-ready="1" right after its first render, with its own click
  // handling in place; the observer's callback runs once that Python task is over, so
  // the kept taps go to the app's buttons before the next paint.
  whenReady(replayTaps);
  // A return visit starts from a snapshot made on this device (web/runtime.mjs).
  const runtimeModule = new URL("runtime.mjs", here).href;
  whenReady(() => import(runtimeModule).then((runtime) => runtime.keepSnapshot()).catch(() => {}));

  // The worker precaches the whole site: start it only once the app is ready, so its
  // downloads do not compete with the first start-up.
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
})();
