"""The site build: what goes in, what stays out, and the message when the runtime is missing."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_site.py"
HAS_RUNTIME = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file()


def run_build(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


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
    assert "pygame_core/__init__.py" in names
    assert "web/app.py" in names
    assert "web/locales/en.json" in names


@pytest.mark.skipif(not HAS_RUNTIME, reason="needs `npm ci`")
def test_build_is_reproducible(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run_build("--out", str(tmp_path / name)).returncode == 0
    first = (tmp_path / "a" / "app" / "nordic21.zip").read_bytes()
    assert first == (tmp_path / "b" / "app" / "nordic21.zip").read_bytes()
