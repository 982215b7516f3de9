"""The site build: what goes in, what stays out, and the message when the runtime is missing."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_site.py"
HAS_RUNTIME = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file()


FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def run_build(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def node_report(script: str, *args: str) -> dict[str, Any]:
    """Run one of scripts/*.mjs; the JSON of its last line (it must succeed)."""
    result = subprocess.run(
        ["node", str(ROOT / "scripts" / script), *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert isinstance(report, dict)
    return report


def test_missing_runtime_stops_with_the_command_to_run(tmp_path: Path) -> None:
    result = run_build("--out", str(tmp_path / "site"), "--node-modules", str(tmp_path / "none"))
    assert result.returncode == 2
    assert "npm ci" in result.stderr
    assert "pyodide.asm.wasm" in result.stderr
    assert not (tmp_path / "site").exists(), "nothing half-built may be left behind"


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_site_holds_exactly_what_pages_serves(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = run_build("--out", str(out))
    assert result.returncode == 0, result.stderr
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    for needed in (
        "index.html",
        "pyscript.toml",
        ".nojekyll",
        "web/runtime.mjs",
        "web/style.css",
        "app/nordic21.zip",
        "vendor/pyodide/pyodide.asm.wasm",
        "vendor/pyodide/pyodide-lock.json",
        "vendor/pyscript/core.js",
    ):
        assert needed in files
    assert not [f for f in files if f.endswith(".map")], "source maps are not shipped"
    html = (out / "index.html").read_text()
    assert 'id="boot-strings"' in html
    assert "<!-- boot-strings -->" not in html
    assert 'src="/' not in html
    assert 'href="/' not in html, "only relative URLs (the site lives under a subpath)"
    names = zipfile.ZipFile(out / "app" / "nordic21.zip").namelist()
    assert "pygame_core/rng.pyc" in names, "start-up modules precompiled"
    assert "web/app.pyc" in names and "web/app.py" not in names, "bytecode in place of source"
    assert "pygame_core/twentyone/search.py" in names, "a game's modules are source"
    assert "pygame_core/arena.py" not in names, "the developers' arena is not shipped"
    assert "web/locales/en.json" in names
    assert "web/main.py" in names, "the entry the page imports"


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build for the tests that only read it."""
    out = tmp_path_factory.mktemp("built") / "site"
    result = run_build("--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_inlined_shell_and_stylesheet_are_allowed_by_their_hashes(built_site: Path) -> None:
    """The build inlines web/boot.js and web/style.css (the first paint needs no request
    after the page); the CSP allows exactly those blocks by their sha256 and no inline
    code otherwise ('unsafe-inline' would allow any)."""
    html = (built_site / "index.html").read_text("utf-8")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert csp is not None
    directives = {d.split()[0]: d.split()[1:] for d in csp.group(1).split("; ")}
    assert "'unsafe-inline'" not in directives["script-src"] + directives["style-src"]

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    styles = re.findall(r"<style>(.*?)</style>", html, flags=re.S)
    assert scripts == [(ROOT / "web" / "boot.js").read_text("utf-8")]
    assert styles == [(ROOT / "web" / "style.css").read_text("utf-8")]
    assert [h for h in directives["script-src"] if h.startswith("'sha256-")] == [digest(scripts[0])]
    assert [h for h in directives["style-src"] if h.startswith("'sha256-")] == [digest(styles[0])]
    assert 'rel="stylesheet"' not in html, "the stylesheet is inlined, not linked"
    assert (built_site / "web" / "style.css").is_file(), "the file stays (precache, shots)"


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_worker_lists_every_file_with_its_hash(built_site: Path, tmp_path: Path) -> None:
    """sw.js precaches every file of the site (but dotfiles and itself), each with the
    sha256 of its bytes (checked by the browser, whatever cache a copy comes from), and
    its version is made of them, so that any changed file makes a new version."""
    source = (built_site / "sw.js").read_text("utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", source).group(1))  # type: ignore[union-attr]
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', source)
    assert version, "the build wrote no version"
    listed = dict(files)
    site = {
        p.relative_to(built_site).as_posix()
        for p in built_site.rglob("*")
        if p.is_file() and p.name != "sw.js" and not p.name.startswith(".")
    }
    assert set(listed) == site
    for rel, integrity in listed.items():
        digest = base64.b64encode(hashlib.sha256((built_site / rel).read_bytes()).digest())
        assert integrity == f"sha256-{digest.decode()}", rel
    # One changed file: the worker written again names its new bytes and a new version.
    changed = tmp_path / "site"
    shutil.copytree(built_site, changed)
    (changed / "pyscript.toml").write_text((built_site / "pyscript.toml").read_text() + "\n")
    result = run_build("--worker-only", "--out", str(changed))
    assert result.returncode == 0, result.stderr
    again = (changed / "sw.js").read_text("utf-8")
    new_version = re.search(r'const VERSION = "([0-9a-f]{16})";', again)
    assert new_version and new_version.group(1) != version.group(1)
    new_files = dict(json.loads(re.search(r"const FILES = (\[.*?\]);", again).group(1)))  # type: ignore[union-attr]
    assert new_files["pyscript.toml"] != listed["pyscript.toml"]
    assert {k: v for k, v in new_files.items() if k != "pyscript.toml"} == {
        k: v for k, v in listed.items() if k != "pyscript.toml"
    }


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_every_setup_is_prerendered_after_the_shell(built_site: Path) -> None:
    """Each game's setup in each language, and each variant's panel, as a template
    (web/boot.js shows them before Python is ready), after the shell's script so that
    they do not hold back the first paint; the home screens come before it."""
    sys.path.insert(0, str(ROOT))
    from registered import site_games  # the built page has no setup of the tests' toy

    from web.setup import variants

    html = (built_site / "index.html").read_text()
    ids = re.findall(r'<template id="([^"]+)">', html)
    assert len(ids) == len(set(ids))
    expected = {f"home-{lang}" for lang in ("nb", "sv", "da", "en")}
    for lang in ("nb", "sv", "da", "en"):
        for game in site_games():
            expected.add(f"setup-{game}-{lang}")
            expected |= {f"setup-{game}-{lang}-{name}" for name in variants(game)}
    assert set(ids) == expected
    shell = html.index("nordic21:shell")
    assert all(html.index(f'id="home-{lang}"') < shell for lang in ("nb", "sv", "da", "en"))
    assert html.index('<template id="setup-') > shell
    panel = re.search(r'<template id="setup-dice21-en-two_dice">(.*?)</template>', html, re.S)
    assert panel and panel.group(1).startswith('<section class="panel"')
    assert 'data-panel="variant"' in panel.group(1)


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_preload_hints_name_files_of_the_site(built_site: Path) -> None:
    out = built_site
    html = (out / "index.html").read_text()
    hints = re.findall(r'<link rel="(modulepreload|preload)" href="\./([^"]+)"', html)
    assert {rel for _, rel in hints} >= {"web/runtime.mjs", "vendor/pyodide/pyodide.mjs"}
    for kind, rel in hints:
        assert (out / rel).is_file(), rel
        assert kind == "modulepreload", rel
    # Measured (scripts/build_site.py): these must not be preloaded. The two fetched
    # files: WebKit downloads a preloaded one again when fetch() asks for it, and on a
    # slow link the stdlib competes with the stylesheet of the first paint.
    for rel in (
        "pyodide.asm.wasm",
        "pyodide.asm.mjs",
        "nordic21.zip",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        assert not any(path.endswith(rel) for _, path in hints), rel
    assert '<script type="module" async src="./web/runtime.mjs">' in html
    assert '<script type="py" config="./pyscript.toml">import web.main</script>' in html


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_start_up_modules_ship_precompiled(tmp_path: Path) -> None:
    """The build compiles the shipped Pyodide's bytecode for web.app and what it imports,
    and for nothing else, and ships it in place of those sources (``--no-bytecode``:
    sources only, to measure the trade)."""
    out = tmp_path / "site"
    result = run_build("--out", str(out))
    assert result.returncode == 0, result.stderr
    app_zip = zipfile.ZipFile(out / "app" / "nordic21.zip")
    names = app_zip.namelist()
    compiled = {n for n in names if n.endswith(".pyc")}
    stems = {n.removesuffix(".pyc") for n in compiled}
    assert {"web/app", "pygame_core/contract"} <= stems
    assert not [n for n in compiled if "/twentyone/" in n], "game modules load on demand"
    for stem in stems:
        assert f"{stem}.py" not in names, f"{stem}.pyc ships in place of its source"
    # A traceback names the module's file in the repository, at its line in git.
    # (The bytecode is the browser's Python's, which this one may not read: its file
    # name is a plain string in it.)
    bytecode = app_zip.read("web/app.pyc")
    assert b"web/app.py" in bytecode and b"/src/" not in bytecode
    # web/main.py imports them one slice at a time, in the order their imports finished
    order = json.loads(app_zip.read("web/startup.json"))
    assert len(order) == len(set(order)) == len(compiled)
    modules = {re.sub(r"/__init__$", "", s).replace("/", ".") for s in stems}
    assert set(order) == modules
    assert order[-1] == "web.app", "the entry finishes last"
    assert order.index("web.seats") < order.index("web.setup"), "what a module imports comes first"
    assert run_build("--out", str(tmp_path / "plain"), "--no-bytecode").returncode == 0
    plain = zipfile.ZipFile(tmp_path / "plain" / "app" / "nordic21.zip").namelist()
    assert not [n for n in plain if n.endswith(".pyc")]
    assert "web/startup.json" in plain, "the slices do not depend on the bytecode"


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_build_is_reproducible(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run_build("--out", str(tmp_path / name)).returncode == 0
    first = (tmp_path / "a" / "app" / "nordic21.zip").read_bytes()
    assert first == (tmp_path / "b" / "app" / "nordic21.zip").read_bytes()


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_every_code_path_runs_on_the_shipped_standard_library(tmp_path: Path) -> None:
    """The closure script plays every game x preset x level, draws every screen, saves
    and imports, all in the vendored Pyodide booted from the zip the site ships: a lazy
    import the trimmed standard library lacks fails here instead of in a browser."""
    out = tmp_path / "site"
    assert run_build("--out", str(out)).returncode == 0
    shipped = out / "vendor" / "pyodide" / "python_stdlib.zip"
    names = zipfile.ZipFile(shipped).namelist()
    assert names and all(n.endswith(".pyc") for n in names), "precompiled, no sources"
    # PyScript's own needs (measured in Chromium) and Pyodide's bootstrap's.
    for needed in ("html/entities.pyc", "encodings/cp437.pyc", "asyncio/__init__.pyc"):
        assert needed in names, needed
    assert shipped.stat().st_size < 0.6 * FULL_STDLIB.stat().st_size
    app = tmp_path / "app"
    zipfile.ZipFile(out / "app" / "nordic21.zip").extractall(app)
    report = node_report("stdlib_closure.mjs", str(app), str(shipped))
    assert report["played"] > 1000, report["played"]
    loaded = set(report["modules"].values())
    assert loaded <= set(names)
    assert loaded == set(names), f"shipped but never imported: {set(names) - loaded}"


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_device_snapshot_fits_restores_and_refuses_another_build(tmp_path: Path) -> None:
    """The snapshot web/snapshot-worker.mjs makes (same code, web/snapshot.mjs, in Node):
    its heap stays within what Pyodide can restore (pyodide#6254), it is stored packed
    and comes back whole, the app is imported in it, every restore draws other random
    numbers, another build's key is refused."""
    out = tmp_path / "site"
    assert run_build("--out", str(out)).returncode == 0
    report = node_report("snapshot_check.mjs", str(out))
    assert report["heap"] <= report["limit"] == 30 * 1024 * 1024, report
    # Stored without its pages of zeros: every byte comes back, and under half is kept.
    assert report["intact"] and report["packed"] < report["bytes"] / 2, report
    assert report["first"]["app_imported"] and report["second"]["app_imported"]
    assert report["first"]["random"] != report["second"]["random"], "random is reseeded"
    assert "not the one this page asked for" in report["other"]["refused"]
    runtime = (out / "web" / "runtime.mjs").read_text()
    stamp = re.search(r"const BUILD = (\{.*\});", runtime)
    assert stamp, "the build writes its hashes into web/runtime.mjs"
    assert set(json.loads(stamp.group(1))) == {"runtime", "stdlib", "app"}
