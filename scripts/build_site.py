#!/usr/bin/env python3
"""Build the deployable site into ``_site/``: exactly what GitHub Pages serves.

    python3 scripts/build_site.py [--out _site]

The runtime (Pyodide, PyScript) is copied from ``node_modules`` (``npm ci`` installs
the exact versions pinned in package-lock.json); only the files the site needs, no
source maps. The Python code of ``pygame_core`` and ``web`` ships as one zip that
PyScript unpacks at start-up. Every URL in the site is relative, so it works under a
subpath such as ``/nordic21/``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from icons import write_icons

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
    "update.available",
    "update.reload",
)
#: Zip entries get a fixed date so the same sources give the same bytes.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


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
    if not (node_modules / "workbox-build").is_dir():
        raise BuildError(
            "workbox-build is not installed (it generates the service worker).\n"
            "Run `npm ci` first, or use `make play`, which does it for you."
        )
    files = [(pyodide / name, f"vendor/pyodide/{name}") for name in PYODIDE_FILES]
    for path in sorted(pyscript.iterdir()):
        unused = path.name.startswith(UNUSED_PYSCRIPT_CHUNKS)
        if path.is_file() and path.suffix in {".js", ".css"} and not unused:
            files.append((path, f"vendor/pyscript/{path.name}"))
    return files


def python_sources() -> list[Path]:
    """Every file that goes into the app zip: the two Python packages and the locales."""
    files = sorted((ROOT / "pygame_core").rglob("*.py"))
    files += sorted((ROOT / "web").rglob("*.py"))
    files += sorted((ROOT / "web" / "locales").glob("*.json"))
    files += sorted((ROOT / "web" / "rules").glob("*.md"))
    return [f for f in files if "__pycache__" not in f.parts]


def write_zip(target: Path, files: list[Path]) -> None:
    """A deterministic zip of ``files`` with paths relative to the repo root."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), ZIP_DATE)
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


def render_index() -> str:
    """index.html with the shell strings filled in (a JSON block, never executed)."""
    html = (ROOT / "index.html").read_text("utf-8")
    marker = "<!-- boot-strings -->"
    if marker not in html:
        raise BuildError("index.html lost its <!-- boot-strings --> marker")
    data = json.dumps(boot_strings(), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    block = f'<script type="application/json" id="boot-strings">{data}</script>'
    return html.replace(marker, block)


def service_worker(out: Path) -> None:
    """Generate ``sw.js`` (Workbox) precaching every file of the built site."""
    result = subprocess.run(
        ["node", str(ROOT / "scripts" / "sw.mjs"), str(out)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise BuildError(f"generating the service worker failed:\n{result.stderr.strip()}")
    print(result.stdout.strip())


def build(out: Path, node_modules: Path = NODE) -> dict[str, str]:
    """Build the site into ``out``; returns {relative path: sha256} of every file."""
    runtime = runtime_sources(node_modules)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / "index.html").write_text(render_index(), "utf-8")
    shutil.copy2(ROOT / "pyscript.toml", out / "pyscript.toml")
    for path in sorted((ROOT / "web").rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and path.suffix in {".css", ".js", ".svg", ".png", ".webmanifest"}:
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out / rel)
    (out / "web").mkdir(exist_ok=True)
    shutil.copy2(ROOT / "web" / "main.py", out / "web" / "main.py")
    (out / "app").mkdir()
    write_zip(out / "app" / "nordic21.zip", python_sources())
    for source, dest in runtime:
        (out / dest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, out / dest)
    for icon in write_icons(ROOT / "build" / "icons"):
        shutil.copy2(icon, out / "web" / "icons" / icon.name)
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
    args = parser.parse_args(argv)
    try:
        files = build(Path(args.out), Path(args.node_modules))
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 2
    size = sum((Path(args.out) / f).stat().st_size for f in files)
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
