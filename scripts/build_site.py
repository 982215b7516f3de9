#!/usr/bin/env python3
"""Build the deployable site into ``_site/``: exactly what GitHub Pages serves.

    python3 scripts/build_site.py [--out _site]

The runtime (Pyodide, PyScript) is copied from ``node_modules`` (``npm ci`` installs
the exact versions pinned in package-lock.json); only the files the site needs, no
source maps. The Python code of ``pygame_core`` and ``web`` ships as one zip that
PyScript unpacks at start-up. Pyodide's standard library ships cut to the modules
the app uses and precompiled by the vendored interpreter (``stdlib_zip``). Every URL
in the site is relative, so it works under a subpath such as ``/nordic21/``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from icons import write_icons
from lean_source import lean

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

#: The only Pyodide files a pure-Python app needs at run time (measured, RUNTIME.md).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: PyScript chunks only its <py-editor> and <py-terminal> elements load (the app has
#: neither): leaving them out spares every first visit about 0.9 MB of precaching.
UNUSED_PYSCRIPT_CHUNKS = ("codemirror", "xterm")
LANGUAGES = ("nb", "sv", "da", "en")
#: Strings the HTML shell shows before Python runs (from the same translation files).
BOOT_KEYS = (
    "app.title",
    "boot.loading",
    "boot.starting",
    "boot.failed",
    "boot.noscript",
    "boot.setting_up",
    "update.available",
    "update.reload",
)
#: Files of web/ copied as they are (the Python goes into the app zip; web/boot.js is
#: inlined into index.html).
WEB_ASSETS = frozenset({".css", ".js", ".mjs", ".svg", ".png", ".webmanifest"})
#: Modules of the packages the browser never imports: the bot arena is a command-line
#: tool for the developers (its argparse and statistics would ship in the trimmed
#: standard library only for it).
NOT_SHIPPED = frozenset({"pygame_core/arena.py"})
#: Vendored code, shipped as it comes (licence headers and all).
VENDORED = Path("web/remote/segno")
#: The module web/main.py imports first: it and everything it imports
#: ship precompiled.
START_MODULE = "web.app"
#: Where the app zip lists the start-up modules in the order their imports finish:
#: web/main.py imports them in that order, giving the page a turn between slices.
STARTUP_ORDER = "web/startup.json"
#: Zip entries get a fixed date so the same sources give the same bytes.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)
#: Where the computed standard-library closure is kept between builds (it takes about
#: 20 s: every game played in Pyodide), keyed by everything that can change it.
CLOSURE_CACHE = ROOT / "build" / "stdlib-closure"
STDLIB = "vendor/pyodide/python_stdlib.zip"


class BuildError(Exception):
    """The build cannot go on; the message says what to do."""


def runtime_sources(node_modules: Path = NODE) -> list[tuple[Path, str]]:
    """(source, destination in the site) for every runtime file, or a BuildError."""
    pyodide = node_modules / "pyodide"
    pyscript = node_modules / "@pyscript" / "core" / "dist"
    missing = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing or not (pyscript / "core.js").is_file():
        raise BuildError(
            "The Pyodide/PyScript runtime is not installed (node_modules is missing files: "
            + ", ".join(missing or ["@pyscript/core/dist/core.js"])
            + ").\nRun `npm ci` first (it installs the versions pinned in package-lock.json),"
            " or use `make play`, which does it for you."
        )
    files = [(pyodide / name, f"vendor/pyodide/{name}") for name in PYODIDE_FILES]
    # The DOM patcher web/patch.js drives (web/dom.py loads both).
    morphdom = node_modules / "morphdom" / "dist" / "morphdom-umd.min.js"
    if not morphdom.is_file():
        raise BuildError("morphdom is not installed.\nRun `npm ci` first.")
    files.append((morphdom, "vendor/morphdom/morphdom.min.js"))
    files.append((morphdom.parent.parent / "LICENSE", "vendor/morphdom/LICENSE"))
    # The QR decoder web/remote/scan.mjs loads when the browser has no BarcodeDetector.
    jsqr = node_modules / "jsqr" / "dist" / "jsQR.js"
    if not jsqr.is_file():
        raise BuildError("jsqr is not installed.\nRun `npm ci` first.")
    files.append((jsqr, "vendor/jsqr/jsQR.js"))
    files.append((jsqr.parent.parent / "LICENSE", "vendor/jsqr/LICENSE"))
    for path in sorted(pyscript.iterdir()):
        unused = path.name.startswith(UNUSED_PYSCRIPT_CHUNKS)
        if path.is_file() and path.suffix in {".js", ".css"} and not unused:
            files.append((path, f"vendor/pyscript/{path.name}"))
    return files


def python_sources() -> list[Path]:
    """Every file that goes into the app zip: the two Python packages (segno's vendored
    encoder with its licence among them, not the developers' tools of
    :data:`NOT_SHIPPED`), the locales and the rules pages."""
    files = sorted((ROOT / "pygame_core").rglob("*.py"))
    files += sorted((ROOT / "web").rglob("*.py"))
    files += sorted((ROOT / "web" / "locales").glob("*.json"))
    files += sorted((ROOT / "web" / "rules").glob("*.md"))
    # segno's licence, beside its vendored encoder (web/remote/segno/).
    files.append(ROOT / "web" / "remote" / "segno" / "LICENSE")
    return [
        f
        for f in files
        if "__pycache__" not in f.parts and f.relative_to(ROOT).as_posix() not in NOT_SHIPPED
    ]


def startup_bytecode(stage: Path) -> tuple[list[Path], list[str]]:
    """Compile the modules the app imports before its home screen (``web.app`` and what
    it imports) for the shipped Pyodide, each ``.pyc`` beside its lean source in
    ``stage`` (the zip ships it in place of the source, :func:`app_zip`).

    Returns the ``.pyc`` files and the modules' names in the order their imports
    finished (:data:`STARTUP_ORDER`). Only these are compiled: bytecode is about two and
    a half times the size of the lean source (gzipped), and the other modules are imported
    when a game is opened.
    Measured in the vendored Pyodide under Node on the trimmed standard library (3 runs
    each, machine shared): ``import web.app`` 88-300 ms precompiled against 247-505 ms
    from source. In the zip (gzip, 2026-12-04): the start-up modules' bytecode 262 kB
    (no column tables), the other modules' lean sources 120 kB; the start-up modules'
    lean sources were 108 kB, which bytecode-only spares. ``--no-bytecode`` builds
    source only, to measure the trade again.
    """
    line = run_node("pyc.mjs", str(stage), START_MODULE, what="compiling the start-up modules")
    found = json.loads(line)
    return [stage / rel for rel in found["pyc"]], [str(name) for name in found["order"]]


def run_node(script: str, *args: str, what: str) -> str:
    """Run one of the build's Node scripts; its last stdout line, or a BuildError."""
    result = subprocess.run(
        ["node", str(ROOT / "scripts" / script), *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise BuildError(f"{what} failed:\n{result.stderr.strip()[-4000:]}")
    return result.stdout.strip().splitlines()[-1]


def stdlib_closure(stage: Path, node_modules: Path = NODE) -> dict[str, str]:
    """{module: entry of the stdlib zip} of every standard-library module the app
    imports on any code path (``scripts/stdlib_closure.mjs``), cached by the hash of
    the app's sources, the closure scripts and the vendored runtime."""
    key = hashlib.sha256()
    inputs = sorted(p for p in stage.rglob("*") if p.is_file())
    inputs += [ROOT / "scripts" / "stdlib_closure.mjs", ROOT / "scripts" / "stdlib_closure.py"]
    inputs += [node_modules / "pyodide" / name for name in ("python_stdlib.zip", "package.json")]
    for path in inputs:
        key.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    cached = CLOSURE_CACHE / f"{key.hexdigest()[:32]}.json"
    if cached.is_file():
        return dict(json.loads(cached.read_text("utf-8"))["modules"])
    line = run_node("stdlib_closure.mjs", str(stage), what="finding the standard-library closure")
    CLOSURE_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(line, "utf-8")
    return dict(json.loads(line)["modules"])


def stdlib_zip(target: Path, closure: dict[str, str]) -> dict[str, int]:
    """Write the trimmed, precompiled standard library (``scripts/stdlib_zip.mjs``)."""
    with tempfile.TemporaryDirectory(prefix="nordic21-stdlib-") as tmp:
        listing = Path(tmp) / "closure.json"
        listing.write_text(json.dumps({"modules": closure}), "utf-8")
        summary = json.loads(
            run_node("stdlib_zip.mjs", str(listing), str(target), what="precompiling the stdlib")
        )
    return {"modules": int(summary["modules"]), "bytes": target.stat().st_size}


def stage_sources(stage: Path) -> list[Path]:
    """Copy the app zip's files into ``stage``, the app's own Python lean (no comments,
    no docstrings, every line where it is in git: :func:`lean_source.lean`; segno's
    files as they come, with their licence headers); returns the copies."""
    files = []
    for path in python_sources():
        rel = path.relative_to(ROOT)
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".py" and VENDORED not in rel.parents:
            (stage / rel).write_text(lean(path.read_text("utf-8")), "utf-8")
        else:
            shutil.copyfile(path, stage / rel)
        files.append(stage / rel)
    return files


def app_zip(target: Path, stage: Path, files: list[Path], bytecode: bool = True) -> int:
    """Write the app zip (sources, translations, rules pages, the start-up modules'
    import order; with ``bytecode``, the start-up modules as bytecode only, in place of
    their sources: a traceback names the file and line, without the line's text).
    Returns how many modules ship precompiled.
    """
    compiled, order = startup_bytecode(stage)
    if not bytecode:
        for pyc in compiled:
            pyc.unlink()
        compiled = []
    replaced = {pyc.with_suffix(".py") for pyc in compiled}
    listing = stage / STARTUP_ORDER
    listing.write_text(json.dumps(order) + "\n", "utf-8")
    write_zip(target, stage, [*(f for f in files if f not in replaced), listing, *compiled])
    for path in [*compiled, listing]:
        path.unlink()
    return len(compiled)


def write_zip(target: Path, root: Path, files: list[Path]) -> None:
    """A deterministic zip of ``files`` with paths relative to ``root``."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())


def boot_strings() -> dict[str, dict[str, str]]:
    """The shell's strings in every language, read from the translation files."""
    out = {}
    for lang in LANGUAGES:
        table = json.loads((ROOT / "web" / "locales" / f"{lang}.json").read_text("utf-8"))
        out[lang] = {key: table[key] for key in BOOT_KEYS}
    return out


def preload_links(site: Path) -> str:
    """``<link rel="modulepreload">`` hints that start the start-up modules as the page
    arrives.

    Without them the downloads wait on chains: core.js, then its chunk; runtime.mjs,
    then pyodide.mjs and snapshot.mjs (and before the runtime started early:
    pyscript.toml, then the TOML parser, then pyodide.mjs, about 400 ms in on a local
    server, more on a network).
    Files get no hint, measured (bench/steps.py, bench/engines.py):

    - ``python_stdlib.zip`` and ``pyodide-lock.json``, which Pyodide gets with
      ``fetch()``: WebKit never hands a ``<link rel="preload" as="fetch" crossorigin>``
      response to a later ``fetch()`` (its CachedResourceLoader does not reuse a cached
      raw resource: "FIXME: Implement reuse of cached raw resources"), so it downloaded
      both twice (server count, bench/engines.py: the same request headers, the preload
      long finished); and on the "mid-range tablet" profile the 1.25 MB preload shared
      the 10 Mbit/s link with the stylesheet the first paint waits for (style.css
      147 -> 333 ms in one trace). web/boot.js starts both with fetch() while the page
      is parsed and web/runtime.mjs hands those responses to Pyodide: one download
      everywhere (left to Pyodide, they started ~0.5 s later on the tablet and shared
      the link with the wasm: ready ~1 s later).
    - pyodide.asm.mjs, because a module preload also compiles its 1.2 MB on the main
      thread while the page is still starting (browser CPU to ready 5.4 s -> 4.8 s
      without it in one noisy comparison; Pyodide asks for it early enough);
    - the wasm, because a preloaded response never meets V8's cached compilation of it
      (a returning visitor's start-up went from 2.6 s to 3.8-4.3 s; runtime.mjs
      requests it within ~100 ms anyway);
    - the app zip, because PyScript asks for it only once the interpreter is up,
      seconds after the load event on a slow device, and Chromium warns about a
      preload unused that long.
    """
    core = (site / "vendor" / "pyscript" / "core.js").read_text("utf-8")
    chunk = re.search(r'from"\./(core-[\w-]+\.js)"', core)
    if chunk is None:
        raise BuildError("vendor/pyscript/core.js no longer imports a core-*.js chunk")
    modules = [
        f"vendor/pyscript/{chunk.group(1)}",
        "web/runtime.mjs",
        "vendor/pyodide/pyodide.mjs",
        # runtime.mjs imports it: unhinted, it was asked for only once runtime.mjs had
        # arrived, a round trip later (575 ms against 328 ms for pyodide.mjs, tablet).
        "web/snapshot.mjs",
    ]
    for rel in modules:
        if not (site / rel).is_file():
            raise BuildError(f"preload hint for a file the site lacks: {rel}")
    return "\n  ".join(f'<link rel="modulepreload" href="./{rel}">' for rel in modules)


def fill(html: str, marker: str, block: str) -> str:
    """``html`` with the comment ``marker`` replaced by ``block``."""
    if marker not in html:
        raise BuildError(f"index.html lost its {marker} marker")
    return html.replace(marker, block)


def template(template_id: str, markup: str) -> str:
    """``markup`` as an inert ``<template>`` of the page (a screen drawn at build time)."""
    if "</template" in markup.lower():
        raise BuildError(f"the markup of {template_id} would end its <template> early")
    return f'<template id="{template_id}">{markup}</template>'


def static_homes() -> str:
    """The home screen in every language, drawn now by the app's own render code (as
    Python draws it at start-up for a player with nothing saved), as inert templates:
    web/boot.js shows the one of the page's language before any Python runs, and
    Python's first render then replaces it with the same markup."""
    sys.path.insert(0, str(ROOT))
    try:
        from web.games import all_uis
        from web.i18n import Translator
        from web.screens.home import HomeData, render_home
    finally:
        sys.path.remove(str(ROOT))
    blocks = [
        template(f"home-{lang}", render_home(Translator(lang), all_uis(), HomeData()))
        for lang in LANGUAGES
    ]
    return "\n  ".join(blocks)


def static_setups() -> str:
    """Each game's setup screen in every language, as Python draws it for a newcomer,
    as inert templates: web/boot.js shows one on a tap of its home tile before Python
    is ready (``setup-<game>-<lang>``: the whole screen with the first variant), and
    swaps in another variant's panel on a tap of its button
    (``setup-<game>-<lang>-<variant>``: the variant buttons and the options)."""
    sys.path.insert(0, str(ROOT))
    try:
        from pygame_core import game_ids
        from web.i18n import Translator
        from web.screens.setup import render_setup, variant_panel
        from web.setup import apply_preset, new_draft, opening_seats, variants
    finally:
        sys.path.remove(str(ROOT))
    blocks = []
    for lang in LANGUAGES:
        tr = Translator(lang)
        for game_id in game_ids():
            seats = opening_seats(game_id, tr.t("setup.default_name"), tr.t("setup.default_bot"))
            draft = new_draft(game_id, seats)
            pieces = [(f"setup-{game_id}-{lang}", render_setup(tr, draft))]
            pieces += [
                (f"setup-{game_id}-{lang}-{name}", variant_panel(tr, apply_preset(draft, name)))
                for name in variants(game_id)
            ]
            blocks += [template(template_id, markup) for template_id, markup in pieces]
    return "\n  ".join(blocks)


def sha256_source(body: bytes) -> str:
    """ "sha256-<base64>": how a CSP hash source and a Subresource Integrity string
    name ``body``."""
    return "sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode()


#: How index.html loads the shell, and its CSP's script sources: the build inlines it.
BOOT_TAG = '<script src="./web/boot.js"></script>'
SCRIPT_SRC = "script-src 'self' 'unsafe-eval'"


def inline_boot(html: str) -> str:
    """``html`` with web/boot.js inlined where it is loaded and allowed by its hash in
    the Content-Security-Policy: the shell then runs during parsing, before the first
    paint, with no download to wait for (web/boot.js says what that bought)."""
    script = (ROOT / "web" / "boot.js").read_text("utf-8")
    if "</script" in script.lower():
        raise BuildError("web/boot.js cannot be inlined: it contains </script")
    if html.count(BOOT_TAG) != 1 or html.count(SCRIPT_SRC) != 1:
        raise BuildError("index.html lost its boot.js tag or its CSP script-src")
    html = html.replace(SCRIPT_SRC, f"{SCRIPT_SRC} '{sha256_source(script.encode())}'")
    return html.replace(BOOT_TAG, f"<script>{script}</script>")


#: How index.html loads the stylesheet, and its CSP's style sources: the build inlines it.
STYLE_TAG = '<link rel="stylesheet" href="./web/style.css">'
STYLE_SRC = "style-src 'self'"


def inline_style(html: str) -> str:
    """``html`` with web/style.css inlined where it is linked, allowed by its hash in the
    Content-Security-Policy.

    The first paint waits for the stylesheet: as a file it cost a round trip after the
    page arrived, sharing the link with the start-up downloads (on the bench's "mid-range
    tablet" profile, 10 Mbit/s and 60 ms, style.css took 70-190 ms of a first paint
    of 340-510 ms). Inline it is ~7 kB more of the page gzipped and no request. The file
    stays in the site (the service worker precaches it; e2e/shots.py links it). It
    has no ``url()`` or ``@import`` that would resolve differently from the page.
    """
    css = (ROOT / "web" / "style.css").read_text("utf-8")
    if "</style" in css.lower():
        raise BuildError("web/style.css cannot be inlined: it contains </style")
    if re.search(r"url\(|@import", css):
        raise BuildError(
            "web/style.css has url() or @import: inlined, it would resolve against the page"
        )
    if html.count(STYLE_TAG) != 1 or html.count(STYLE_SRC) != 1:
        raise BuildError("index.html lost its style.css link or its CSP style-src")
    html = html.replace(STYLE_SRC, f"{STYLE_SRC} '{sha256_source(css.encode())}'")
    return html.replace(STYLE_TAG, f"<style>{css}</style>")


def render_index(site: Path) -> str:
    """index.html with the preload hints, the shell strings (a JSON block, never
    executed), the prerendered home and setup screens, the inlined stylesheet and the inlined
    shell filled in."""
    html = inline_style(inline_boot((ROOT / "index.html").read_text("utf-8")))
    data = json.dumps(boot_strings(), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    html = fill(html, "<!-- preload -->", preload_links(site))
    html = fill(html, "<!-- static-home -->", static_homes())
    html = fill(html, "<!-- static-setup -->", static_setups())
    block = f'<script type="application/json" id="boot-strings">{data}</script>'
    return fill(html, "<!-- boot-strings -->", block)


def stamp_runtime(out: Path) -> dict[str, str]:
    """Write this build's hashes into web/runtime.mjs: a device snapshot is valid only
    for the runtime, standard library and app zip it was made from (web/snapshot.mjs)."""

    def digest(*rels: str) -> str:
        h = hashlib.sha256()
        for rel in rels:
            h.update(hashlib.sha256((out / rel).read_bytes()).digest())
        return h.hexdigest()[:16]

    build = {
        "runtime": digest("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs"),
        # The worker checks these two files against their hashes (one file: plain sha256).
        "stdlib": hashlib.sha256((out / STDLIB).read_bytes()).hexdigest()[:16],
        "app": hashlib.sha256((out / "app" / "nordic21.zip").read_bytes()).hexdigest()[:16],
    }
    runtime = out / "web" / "runtime.mjs"
    text = runtime.read_text("utf-8")
    line = "const BUILD = null;"
    if text.count(line) != 1:
        raise BuildError(f"web/runtime.mjs lost its `{line}` line")
    runtime.write_text(text.replace(line, f"const BUILD = {json.dumps(build)};"), "utf-8")
    return build


#: The service worker's source: the build fills in the site's files and version.
SW_SOURCE = ROOT / "scripts" / "sw.js"
SW_FILES = "/* files */ []"
SW_VERSION = '/* version */ "dev"'


def service_worker(out: Path) -> None:
    """Write ``sw.js``: scripts/sw.js with every file of the built site (but dotfiles
    and the worker itself) and its sha256 as a Subresource Integrity string, which the
    worker checks whatever cache a file comes from, and a version made of them all."""
    files = []
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if not path.is_file() or rel == "sw.js" or any(p.startswith(".") for p in rel.split("/")):
            continue
        files.append([rel, sha256_source(path.read_bytes())])
    listing = json.dumps(files, separators=(",", ":"))
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    source = SW_SOURCE.read_text("utf-8")
    if source.count(SW_FILES) != 1 or source.count(SW_VERSION) != 1:
        raise BuildError("scripts/sw.js lost its file list or version marker")
    source = source.replace(SW_FILES, listing).replace(SW_VERSION, json.dumps(version))
    (out / "sw.js").write_text(source, "utf-8")
    size = sum((out / rel).stat().st_size for rel, _ in files)
    print(f"service worker: {len(files)} files precached, {size / 1e6:.1f} MB")


def build(
    out: Path, node_modules: Path = NODE, bytecode: bool = True, full_stdlib: bool = False
) -> dict[str, str]:
    """Build the site into ``out``; returns {relative path: sha256} of every file."""
    runtime = runtime_sources(node_modules)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy2(ROOT / "pyscript.toml", out / "pyscript.toml")
    for path in sorted((ROOT / "web").rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and path.suffix in WEB_ASSETS and rel.as_posix() != "web/boot.js":
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out / rel)
    (out / "app").mkdir()
    for source, dest in runtime:
        (out / dest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, out / dest)
    with tempfile.TemporaryDirectory(prefix="nordic21-zip-") as tmp:
        stage = Path(tmp)
        files = stage_sources(stage)
        if not full_stdlib:
            trimmed = stdlib_zip(out / STDLIB, stdlib_closure(stage, node_modules))
            print(f"stdlib: {trimmed['modules']} modules precompiled, {trimmed['bytes']:,} bytes")
        compiled = app_zip(out / "app" / "nordic21.zip", stage, files, bytecode)
    if compiled:
        print(f"app zip: {compiled} start-up modules precompiled")
    for icon in write_icons(ROOT / "build" / "icons"):
        shutil.copy2(icon, out / "web" / "icons" / icon.name)
    stamp_runtime(out)
    (out / "index.html").write_text(render_index(out), "utf-8")
    (out / ".nojekyll").write_text("")
    service_worker(out)
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "_site"), help="output folder")
    parser.add_argument("--node-modules", default=str(NODE), help="where npm ci installed")
    parser.add_argument(
        "--bytecode",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="ship the start-up modules precompiled too (default; the trade: startup_bytecode)",
    )
    parser.add_argument(
        "--full-stdlib",
        action="store_true",
        help="ship Pyodide's whole standard library as sources (to measure the trim)",
    )
    parser.add_argument(
        "--worker-only",
        action="store_true",
        help="only write the service worker of the site already in --out (after a change)",
    )
    args = parser.parse_args(argv)
    if args.worker_only:
        service_worker(Path(args.out))
        return 0
    try:
        files = build(Path(args.out), Path(args.node_modules), args.bytecode, args.full_stdlib)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 2
    size = sum((Path(args.out) / f).stat().st_size for f in files)
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
