"""The device snapshot (web/snapshot.mjs): made after a first start, restored on the next,
never trusted when it is not this build's or not intact, and nothing random frozen."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from e2e.conftest import READY, READY_TIMEOUT_MS, open_app
from e2e.helpers import button
from e2e.server import SiteServer

#: Booting a second Pyodide in a Worker on a shared 2-core machine.
SNAPSHOT_TIMEOUT_MS = 90_000
STORED = "html[data-snapshot-made='stored']"

#: Evaluated in the page: rewrite the stored snapshot's bytes or headers.
TAMPER = """async ({flip, key}) => {
  const cache = await caches.open('nordic21-snapshot');
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (flip) bytes[bytes.length >> 1] ^= 0xff;
  const headers = {
    'x-snapshot-key': key ?? response.headers.get('x-snapshot-key'),
    'x-snapshot-sha256': response.headers.get('x-snapshot-sha256'),
  };
  await cache.put(request, new Response(bytes, {headers}));
}"""

#: A snapshot of the right build whose interpreter says it is another one's, stored
#: with this page's key and a correct checksum: only the check after restoring sees it.
FOREIGN = """async () => {
  const snap = await import('./web/snapshot.mjs');
  const { loadPyodide } = await import('./vendor/pyodide/pyodide.mjs');
  const cache = await caches.open('nordic21-snapshot');
  const [request] = await cache.keys();
  const key = (await cache.match(request)).headers.get('x-snapshot-key');
  const zip = new Uint8Array(await (await fetch('./app/nordic21.zip')).arrayBuffer());
  const stdLibURL = new URL('./vendor/pyodide/python_stdlib.zip', location.href).href;
  const bytes = await snap.makeSnapshot(loadPyodide, zip, 'another build', { stdLibURL });
  await snap.storeSnapshot(bytes, key);
}"""

PYTHON_RANDOM = """async () => {
  const runtime = await import('./web/runtime.mjs');
  const pyodide = await runtime.startEarly();
  return pyodide.runPython('import random; random.random()');
}"""


def prime(page: Page, url: str) -> None:
    """A first start, then wait for its Worker to store the snapshot."""
    open_app(page, url, "?lang=en")
    assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
    page.wait_for_selector(STORED, timeout=SNAPSHOT_TIMEOUT_MS, state="attached")


def started_with(page: Page) -> str:
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    return str(page.evaluate("document.documentElement.dataset.snapshot"))


def first_deal(page: Page, url: str) -> tuple[int, str]:
    """Start a Twenty One match (no ?seed=: a fresh one) and return its seed and the
    cards the person was dealt."""
    page.goto(url + "?lang=en")
    assert started_with(page) == "restored"
    button(page, "Twenty One").click()
    button(page, "Start").click()
    expect(page.locator(".stage")).to_be_visible()
    saved = page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith('nordic21.game.'))
                 .map(k => localStorage.getItem(k))"""
    )
    seed = json.loads(saved[-1])["game"]["seed"]
    cards = page.locator(".n21-hand-card")
    expect(cards).not_to_have_count(0)
    return seed, " ".join(
        str(key) for key in cards.evaluate_all("cs => cs.map(c => c.dataset.key)")
    )


def test_second_start_restores_and_plays(page: Page, site: SiteServer) -> None:
    prime(page, site.url)
    page.reload()
    assert started_with(page) == "restored"
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    button(page, "21").click()
    button(page, "Start").click()
    button(page, "Roll").click()
    expect(page.locator(".log-list li")).not_to_have_count(0)


def test_two_snapshot_starts_deal_differently(page: Page, site: SiteServer) -> None:
    prime(page, site.url)
    seeds, deals, draws = set(), set(), set()
    for _ in range(2):
        seed, deal = first_deal(page, site.url)
        seeds.add(seed)
        deals.add(deal)
        draws.add(page.evaluate(PYTHON_RANDOM))
        page.evaluate("localStorage.clear()")
    assert len(seeds) == 2, "match seeds are fresh on every start"
    assert len(deals) == 2, "the first cards differ"
    assert len(draws) == 2, "random is reseeded after every restore"


def test_a_corrupt_snapshot_falls_back_and_is_made_again(page: Page, site: SiteServer) -> None:
    prime(page, site.url)
    page.evaluate(TAMPER, {"flip": True, "key": None})
    page.reload()
    assert started_with(page) == "fallback:corrupt"
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    page.wait_for_selector(STORED, timeout=SNAPSHOT_TIMEOUT_MS, state="attached")
    page.reload()
    assert started_with(page) == "restored"


def test_another_builds_snapshot_falls_back(page: Page, site: SiteServer) -> None:
    prime(page, site.url)
    page.evaluate(TAMPER, {"flip": False, "key": "pyodide=old;stdlib=old;app=old"})
    page.reload()
    assert started_with(page) == "fallback:stale"
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()


def test_a_snapshot_that_is_not_what_it_says_falls_back(
    context: BrowserContext, page: Page, site: SiteServer
) -> None:
    prime(page, site.url)
    page.evaluate(FOREIGN)
    page.reload()
    assert started_with(page) == "fallback:restore"
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
