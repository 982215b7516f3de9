// The loading shell: translates itself, shows the home screen the build drew (the
// app's own render code, one <template> per language) before any Python runs, and on
// a tap of a game's tile that game's setup (drawn the same way); keeps every tap and
// every field changed before Python is ready and hands them to the app once it is. It never
// touches the app once <html data-ready="1"> is set by the Python UI.
//
// A classic script at the end of <body>, inlined there by the build (its hash is in the
// CSP): it runs while the page is being parsed, without waiting for a download, so the
// first paint is already the home screen (on a page that is on time; a late one paints
// the shell first: LATE_MS). (As a deferred module it ran after the shell had been
// painted; as a separate file, when it arrived among the runtime's downloads: first
// screen 248 ms against a first paint of 116 ms, bench median on a busy machine.)
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

  // The device snapshot (web/snapshot.mjs), looked up now and read at once if there is
  // one: a return visit's Python starts from it, so its read is the first thing that
  // start waits for, and web/runtime.mjs runs only once its module imports are in.
  // web/runtime.mjs checks the entry (its build, its checksum) before using any of it.
  // Asked with has() first: open() would make the cache on a first visit. The cache and
  // entry are web/snapshot.mjs's CACHE and ENTRY (its lookUp() is this, for pages
  // without this shell).
  if (typeof caches !== "undefined") {
    const stored = caches
      .has("nordic21-snapshot")
      .then((has) => has && caches.open("nordic21-snapshot"))
      .then((cache) => cache && cache.match(new URL("nordic21-snapshot", here)))
      .then((response) => response && { headers: response.headers, bytes: response.arrayBuffer() });
    stored.catch(() => {}); // no Cache Storage here: web/runtime.mjs finds out again
    window.nordic21Stored = stored;
  }

  const LANGS = ["nb", "sv", "da", "en"];
  const ALIASES = { nb: "nb", no: "nb", nn: "nb", sv: "sv", da: "da", en: "en" };
  // Files whose arrival marks a step of the start-up, in the order they usually come.
  const STEPS = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "nordic21.zip"];
  // After this long from the navigation's start with nothing painted yet, the shell is
  // painted before the home (below, where the home is shown).
  const LATE_MS = 200;

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

  /** Swap the shell (or the screen shown) for the prerendered screen of template ``id``;
   * false if there is none. ``kind`` says which: "home" or "setup". */
  function showScreen(id, kind) {
    const template = document.getElementById(id);
    const app = document.getElementById("app");
    if (!template || !app) return false;
    const status = document.getElementById("boot-status") || document.createElement("p");
    app.replaceChildren(template.content.cloneNode(true));
    // The status line stays, small, under the screen: it says the table is still being
    // set up (and, after a tap, that the tap is being carried out).
    status.id = "boot-status";
    status.className = "boot-bar";
    status.setAttribute("role", "status");
    // on a setup, under its Start button (the bar that holds it stays on screen)
    (app.querySelector(".setup-actions") || app).append(status);
    // A file picked before Python listens would be lost with the replaced screen.
    for (const input of app.querySelectorAll('input[type="file"]')) input.disabled = true;
    // Element Timing: the bench reads when this screen was really painted.
    app.querySelector("h1")?.setAttribute("elementtiming", kind === "home" ? "first-screen" : "setup-screen");
    root.lang = lang;
    root.dataset.boot = kind;
    return true;
  }

  const showHome = (lang) => showScreen(`home-${lang}`, "home");

  // -- the prerendered setup ---------------------------------------------------------
  // A tap on a game's tile shows that game's setup (the build drew it for a newcomer:
  // web/screens/setup.py). Its text fields, menus and switches are the browser's own and
  // work as they are; a variant's or an option's button is pressed here; every change
  // is kept (below) and made again in Python's setup once Python is ready.

  /** The game and variant of the setup on screen. */
  let setupGame = null;
  let setupPreset = null;

  /** The setup's options in ``scope`` by "field:name", each with get() and set(value)
   * of the text its field sends Python (a switch's as "1" or "0", as web/dom.py reads it). */
  function controlsOf(scope) {
    const out = new Map();
    for (const el of scope.querySelectorAll('[data-field="option"], [data-field="reveal-after"]')) {
      out.set(`${el.dataset.field}:${el.dataset.name || ""}`, {
        get: () => (el.type === "checkbox" ? (el.checked ? "1" : "0") : el.value),
        set: (value) => {
          if (el.type === "checkbox") el.checked = value === "1";
          else el.value = value;
        },
      });
    }
    for (const group of scope.querySelectorAll(".choice-group")) {
      const choices = [...group.querySelectorAll('[data-action="set-option"]')];
      if (!choices.length) continue;
      out.set(`option:${choices[0].dataset.name}`, {
        get: () => choices.find((b) => b.getAttribute("aria-pressed") === "true")?.dataset.value ?? "",
        set: (value) => {
          for (const b of choices) b.setAttribute("aria-pressed", String(b.dataset.value === value));
        },
      });
    }
    return out;
  }

  /** Show the options that apply given the others (21's rounds, for a match of rounds). */
  function followShowIf() {
    const app = document.getElementById("app");
    const controls = controlsOf(app);
    for (const box of app.querySelectorAll("[data-show-if]")) {
      const control = controls.get(`option:${box.dataset.showIf}`);
      // an option the variant decides is not on the form: the build drew it right
      if (control) box.hidden = control.get() !== box.dataset.showValue;
    }
  }

  /** The name the person's seat starts with: the first of the last match's people, as
   * web/controllers/setup.py reads it (null: none). */
  function rememberedName() {
    try {
      const names = JSON.parse(localStorage.getItem("nordic21.names") || "[]");
      return (Array.isArray(names) && names.find((n) => typeof n === "string" && n.trim())) || null;
    } catch (e) {
      return null; // unreadable or private mode: Python reads it the same way
    }
  }

  function showSetup(game) {
    if (!showScreen(`setup-${game}-${lang}`, "setup")) return false;
    const app = document.getElementById("app");
    setupGame = game;
    setupPreset = app.querySelector('[data-action="set-preset"][aria-pressed="true"]')?.dataset.preset ?? null;
    const name = rememberedName();
    const person = [...app.querySelectorAll('[data-field="seat-kind"]')].find((s) => s.value === "human");
    const field = person && app.querySelector(`[data-field="seat-name"][data-seat="${person.dataset.seat}"]`);
    if (name && field) field.value = name;
    followShowIf();
    return true;
  }

  /** Another variant: its panel in place of the one shown, with each option the person
   * changed from the variant before kept (as web/setup.py's apply_preset keeps it). */
  function swapVariant(preset) {
    const app = document.getElementById("app");
    const panel = app.querySelector('[data-panel="variant"]');
    const next = document.getElementById(`setup-${setupGame}-${lang}-${preset}`);
    const before = document.getElementById(`setup-${setupGame}-${lang}-${setupPreset}`);
    if (!panel || !next || !before) return false;
    const shown = controlsOf(panel);
    const pristine = controlsOf(before.content);
    const fresh = next.content.cloneNode(true);
    const after = controlsOf(fresh);
    for (const [key, control] of shown) {
      const changed = key.startsWith("reveal-after:") || control.get() !== pristine.get(key)?.get();
      if (changed && after.has(key)) after.get(key).set(control.get());
    }
    panel.replaceWith(fresh);
    setupPreset = preset;
    followShowIf();
    app.querySelector(`[data-action="set-preset"][data-preset="${CSS.escape(preset)}"]`)?.focus();
    return true;
  }

  /** An option's button: pressed, its group's others not. */
  function pressChoice(button) {
    const group = button.closest(".choice-group");
    if (!group) return false;
    for (const b of group.querySelectorAll('[data-action="set-option"]')) {
      b.setAttribute("aria-pressed", String(b === button));
    }
    followShowIf();
    return true;
  }

  /**
   * What was done before Python is ready, in order, for Python to do again once it
   * is: taps {tap, data} and changed fields {field, seat, name, value, checked}.
   */
  const kept = [];

  /** Carry out a tap here if the prerendered screens can (true), else it waits. */
  function answer(data, target) {
    switch (data.action) {
      case "set-lang":
        if (!LANGS.includes(data.lang) || root.dataset.boot !== "home") return false;
        lang = data.lang;
        strings = allStrings ? allStrings[lang] : null;
        showHome(lang);
        translateShell();
        return true;
      case "open-game":
        if (showSetup(data.game)) return true;
        if (document.readyState === "loading") {
          // The setups come at the page's end, which a slow link may not have brought
          // yet (the home screen is painted before it): shown as soon as it is in.
          document.addEventListener("readystatechange", () => {
            if (isReady() || root.dataset.boot !== "home" || !target.isConnected) return;
            if (target.getAttribute("aria-busy") !== "true" || !showSetup(data.game)) return;
            const status = document.getElementById("boot-status");
            if (status) status.textContent = say("boot.loading") || "";
          }, { once: true });
        }
        return false;
      case "go-home":
        setupGame = null;
        return showHome(lang);
      case "set-preset":
        return swapVariant(data.preset);
      case "set-option":
        return pressChoice(target);
      default:
        return false;
    }
  }

  function keepTap(event) {
    const screen = root.dataset.boot;
    if (isReady() || (screen !== "home" && screen !== "setup")) return;
    const target = event.target.closest?.("#app [data-action]");
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (target.disabled || target.getAttribute("aria-busy") === "true") return;
    performance.mark("nordic21:tap");
    const data = { ...target.dataset };
    kept.push({ tap: data.action, data });
    const answered = answer(data, target);
    if (!answered) {
      target.setAttribute("aria-busy", "true");
      target.closest(".tile")?.classList.add("is-pending");
      if (screen === "setup") {
        // Start, the rules, a seat more or fewer: Python does it. Until then the form
        // holds still, so that nothing is typed into a form about to change.
        for (const part of document.getElementById("app").children) {
          if (part.id !== "boot-status") part.inert = true;
        }
        root.dataset.boot = "waiting";
      }
    }
    const status = document.getElementById("boot-status");
    if (status) status.textContent = say(answered ? "boot.loading" : "boot.setting_up") || "";
    requestAnimationFrame(() => setTimeout(() => performance.mark("nordic21:tap-shown"), 0));
  }

  /** A field of the prerendered setup changed (each key, and as it is left). */
  function keepField(event) {
    if (isReady() || root.dataset.boot !== "setup") return;
    const el = event.target.closest?.("#app [data-field]");
    if (!el || el.type === "file") return;
    const { field, seat, name } = el.dataset;
    const entry = { field, seat, name, value: el.value, checked: el.checked };
    const last = kept[kept.length - 1];
    const same = last && last.field === field && last.seat === seat && last.name === name;
    if (same) kept[kept.length - 1] = entry;
    else kept.push(entry);
    followShowIf();
  }

  /** The control that had the focus on the prerendered screen (its data-focus). */
  let focused = null;
  const followFocus = (event) => {
    if (!isReady()) focused = event.target.closest?.("#app [data-focus]")?.dataset.focus ?? null;
  };

  /** Once Python drew its first screen: do again on its screens what was done on the
   * prerendered ones, in order (its buttons pressed, its fields given the values and
   * their change events), then give the focus back where it was. */
  function replayKept() {
    document.removeEventListener("click", keepTap, true);
    document.removeEventListener("input", keepField, true);
    document.removeEventListener("change", keepField, true);
    document.removeEventListener("focusin", followFocus, true);
    const app = document.getElementById("app");
    for (const entry of kept.splice(0)) {
      if (entry.tap) {
        const { data } = entry;
        const same = (el) => Object.entries(data).every(([key, value]) => el.dataset[key] === value);
        const button = [...app.querySelectorAll(`[data-action="${CSS.escape(entry.tap)}"]`)].find(same);
        if (button && !button.disabled) button.click();
        continue;
      }
      let selector = `[data-field="${CSS.escape(entry.field)}"]`;
      if (entry.seat !== undefined) selector += `[data-seat="${CSS.escape(entry.seat)}"]`;
      if (entry.name !== undefined) selector += `[data-name="${CSS.escape(entry.name)}"]`;
      const el = app.querySelector(selector);
      if (!el || el.disabled) continue;
      if (el.type === "checkbox") el.checked = entry.checked;
      else el.value = entry.value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    if (focused) app.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }

  /** The home in place of the shell, taps and fields kept from then on. */
  function openHome() {
    if (isReady() || !showHome(lang)) return;
    performance.mark("nordic21:first-screen");
    document.addEventListener("click", keepTap, true);
    document.addEventListener("input", keepField, true);
    document.addEventListener("change", keepField, true);
    document.addEventListener("focusin", followFocus, true);
  }

  translateShell();
  if (opensOnHome()) {
    // A page this late (a slow device or link) shows the shell first, the home in the
    // frame after: the home's style and layout held its first paint back by 30-134 ms
    // on the bench's tablet profile, to 500-600 ms after the navigation began. Measured
    // there (10 cold loads each, interleaved): first paint median 402 against 506 ms,
    // over 500 ms in 1 load of 10 against 6, the home painted no later (566 against
    // 590 ms). A page on time shows the home in its first paint. (A hidden page paints
    // nothing and runs no animation frames: the home at once.)
    const late = performance.now() > LATE_MS && performance.getEntriesByType("paint").length === 0;
    if (late && document.visibilityState === "visible") {
      requestAnimationFrame(() => setTimeout(openHome, 0));
    } else {
      openHome();
    }
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
  whenReady(replayKept);
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
