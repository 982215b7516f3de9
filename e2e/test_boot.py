"""The foundation: the built site boots Python offline and lists the five games."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.conftest import open_app, shoot
from e2e.server import SiteServer

GAMES = ["21", "41", "Tjueett", "Tjugoett", "Twenty One"]


def test_home_lists_the_five_games(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=en")
    tiles = page.locator(".tile-name")
    expect(tiles).to_have_text(GAMES)
    for name in GAMES:
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    assert all(r.startswith("/nordic21/") for r in site.requests), site.requests
    shoot(page, "home-tablet")


def test_shell_paints_before_python(page: Page, site: SiteServer) -> None:
    page.goto(site.url + "?lang=nb")
    expect(page.locator("#boot-status")).to_be_visible()
    expect(page.locator("h1")).to_have_text("Nordic 21")
    page.wait_for_selector("html[data-ready='1']", timeout=60000)
    expect(page.get_by_role("heading", name="Velg et spill")).to_be_visible()


def test_runtime_starts_early_and_every_file_comes_once(page: Page, site: SiteServer) -> None:
    """The shell starts Pyodide before PyScript asks for it (web/runtime.mjs), and the
    preload hints match the real requests: no start-up file is downloaded twice."""
    before = len(site.requests)
    open_app(page, site.url, "?lang=en")
    marks = dict(
        page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])")
    )
    names = ["runtime-start", "runtime-ready", "pyscript-asks", "python-started", "imported"]
    at = {name: marks[f"nordic21:{name}"] for name in [*names, "ready"]}
    # Started before PyScript asked; whichever of "ready" and "asks" comes first
    # depends on the device, but Python runs only after both.
    assert at["runtime-start"] < at["pyscript-asks"], marks
    assert at["runtime-start"] < at["runtime-ready"], marks
    later = max(at["runtime-ready"], at["pyscript-asks"])
    assert later <= at["python-started"] <= at["imported"] <= at["ready"], marks
    fetched = [r.split("?")[0] for r in site.requests[before:]]
    doubles = {path for path in fetched if fetched.count(path) > 1}
    assert not doubles, doubles
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "nordic21.zip"):
        assert any(path.endswith(name) for path in fetched), name
