"""The paths that matter, in WebKit and in Firefox, by clicking as a person would.

The tests of one engine run in file order in one browser (see conftest.py); each starts
from the home screen through the UI, so a failed one does not spoil the next.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from pathlib import Path

import pytest

from e2e.cross import ui
from e2e.cross.conftest import SITE, Run
from e2e.cross.site import ProbedServer

#: The CSP sources that name no other origin (besides a script hash, see below).
OWN_SOURCES = {"'self'", "'none'", "'unsafe-eval'"}


def names_other_origin(source: str) -> bool:
    """Whether a CSP source lets in something from elsewhere (the inlined loading
    shell's ``'sha256-...'`` hash allows one script of this page, no origin)."""
    return source not in OWN_SOURCES and not re.fullmatch(r"'sha256-[A-Za-z0-9+/=]+'", source)


def assert_clean(run: Run) -> None:
    """No error in the document on screen (the probe's record since it loaded)."""
    found = run.harvest()
    assert found == [], f"errors in the page: {found}"


def test_boot_makes_no_outside_request(run: Run, cross_site: ProbedServer) -> None:
    """boot"""
    seconds = ui.load(run.driver, cross_site.url, seen=run.errors)
    print(f"{run.engine}: ready in {seconds:.1f} s")
    assert ui.probe_loaded(run.driver), "the error probe did not run"
    fetched = ui.resources(run.driver)
    outside = [u for u in fetched if not u.startswith(cross_site.origin + cross_site.prefix)]
    assert outside == [], f"the page fetched from elsewhere: {outside}"
    assert any(u.endswith("pyodide.asm.wasm") for u in fetched), "no runtime in the entries"
    # From the page's own request on (the icon opened first to set the speed, as a
    # document of its own, makes the browser ask for /favicon.ico).
    paths = [p for p, _ in cross_site.statuses]
    page = len(paths) - 1 - paths[::-1].index(cross_site.prefix + "?lang=en")
    served = cross_site.statuses[page:]
    assert [p for p, _ in served if not p.startswith(cross_site.prefix)] == []
    assert [(p, s) for p, s in served if s >= 400] == [], "requests failed"
    policy = {d.split()[0]: d.split()[1:] for d in ui.csp(run.driver).split(";") if d.strip()}
    assert policy.get("default-src") == ["'self'"], policy
    assert policy.get("connect-src") == ["'self'"], policy
    others = {d: s for d, s in policy.items() if any(map(names_other_origin, s))}
    assert others == {}, f"the CSP allows other origins: {others}"
    # The engine enforces it: another origin on this machine (localhost is not 127.0.0.1)
    # is refused before any request reaches the server.
    other = cross_site.url.replace("127.0.0.1", "localhost") + "index.html?from=csp-check"
    before = len(cross_site.statuses)
    refused = run.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        " fetch(arguments[0]).then(() => done('fetched'), (e) => done('refused: ' + e.name))",
        other,
    )
    assert str(refused).startswith("refused"), refused
    ui.wait_for(
        run.driver,
        "return (window.__n21errors || []).some(e => e.startsWith('CSP: connect-src'))",
        10,
        "the engine to report the CSP violation of the refused fetch",
    )
    if run.engine == "firefox":  # BiDi reports it too, from its own thread
        run.wait_console(lambda lines: any("csp-check" in e for e in lines), timeout=10)
    run.harvest()
    assert not any("csp-check" in p for p, _ in cross_site.statuses[before:])
    # That violation was provoked; anything else is an error of the boot.
    run.errors[:] = [
        e for e in run.errors if not e.startswith("CSP: connect-src") and "csp-check" not in e
    ]
    assert run.errors == [], f"errors during the boot: {run.errors}"


def test_full_21_match_by_clicking(run: Run, cross_site: ProbedServer) -> None:
    """21 match"""
    driver = run.driver
    ui.open_setup(driver, cross_site.url, "dice21", run.errors)
    ui.set_seats(driver, [("Ann", "human"), ("Bo", "medium")])
    ui.click(driver, ui.OPTION.format(name="match", value="series"))
    ui.start(driver)
    assert ui.count(driver, ".seat") == 2
    clicks = ui.play_21(driver)
    assert clicks >= 2, "the person never played"
    over = ui.one(driver, ui.MATCH_OVER)
    assert over is not None
    assert ui.text("play.match_over") in ui.page_html(driver) or over.text
    assert ui.count(driver, ui.STANDING) == 2
    assert_clean(run)


def test_tjueett_round_by_clicking(run: Run, cross_site: ProbedServer) -> None:
    """Tjueett round"""
    driver = run.driver
    ui.open_setup(driver, cross_site.url, "tjueett", run.errors)
    ui.click(driver, ui.PRESET.format(name="fixed_bank"))
    ui.set_seats(driver, [("Ann", "human"), ("Bo", "medium"), ("Cy", "easy")])
    ui.start(driver)
    round_over = ui.text("event.banker.round_over", round=1)
    moves: list[str] = []
    for _ in range(60):
        if ui.state(driver) == "over" or any(round_over in line for line in ui.log_lines(driver)):
            break
        moves.append(ui.banker_move(driver))
    else:
        raise AssertionError(f"round 1 did not end after {moves}")
    assert moves, "the person never played"
    assert any(round_over in line for line in ui.log_lines(driver))
    assert_clean(run)


def test_the_table_renders_and_a_moment_waits_for_continue(
    run: Run, cross_site: ProbedServer
) -> None:
    """the table and Continue"""
    driver = run.driver
    ui.open_setup(driver, cross_site.url, "tjueett", run.errors)
    ui.click(driver, ui.PRESET.format(name="fixed_bank"))
    ui.set_seats(driver, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    ui.start(driver)
    felt = ui.table(driver)
    assert felt["width"] > 300 and felt["height"] > 200, felt
    assert felt["ellipses"] >= 3, "the oval (rail, cloth) is drawn"
    assert felt["seats"] == 3 and felt["seatsShown"] == 3, felt
    assert felt["names"] == ["Ann", "Bo", "Cy"], felt  # by seat, whole (short names)
    assert not felt["scrolls"], "the table needs scrolling"
    moves = ui.until_moment(driver)
    assert moves, "the person never played"
    held = ui.table(driver)
    # the round's end: everyone's cards lie face up on the felt, as card pictures
    assert held["faceUp"] >= 4, held
    assert ui.count(driver, ".moment-panel") == 1
    # Held: nothing is scheduled to run by itself (the page says so: no bot's move waits
    # to deal the next round), and the cards stay.
    ui.wait_quiet(driver)
    assert ui.count(driver, ".moment-panel") == 1
    assert ui.table(driver)["faceUp"] == held["faceUp"]
    assert ui.count(driver, "[data-action='act']:not([disabled])") == 0
    ui.click(driver, "[data-action='moment-seen']")
    ui.wait_for(
        driver,
        "return !document.querySelector('.moment-panel')",
        20,
        "the moment to end on Continue",
    )
    assert_clean(run)


def test_pass_and_play_hides_cards_on_hand_off(run: Run, cross_site: ProbedServer) -> None:
    """pass-and-play secrecy"""
    driver = run.driver
    ui.open_setup(driver, cross_site.url, "tjueett", run.errors)
    ui.click(driver, ui.PRESET.format(name="fixed_bank"))
    ui.set_seats(driver, [("Ann", "human"), ("Bo", "human")])
    ui.start(driver)
    pass_to = ui.text("handoff.pass_to", name="")
    for _ in range(60):
        now = ui.state(driver)
        if now == "over":
            break
        if now == "cover":
            assert pass_to in ui.page_html(driver)
            assert ui.count(driver, f"{ui.SECRET_CARDS}, .card-button") == 0
            ui.click(driver, ui.SHOW_CARDS)
            continue
        secrets = ui.secret_labels(driver)
        ui.banker_move(driver)
        if ui.state(driver) != "cover" or not secrets:
            continue
        html = ui.page_html(driver)
        leaked = [label for label in secrets if label in html]
        assert leaked == [], f"hidden cards still in the page after the hand-off: {leaked}"
        break
    else:
        raise AssertionError("never saw a hand-off with hidden cards before it")
    assert now != "over", "the match ended before a hand-off with hidden cards"
    assert_clean(run)


def test_reload_resumes_the_same_state(run: Run, cross_site: ProbedServer) -> None:
    """reload resumes"""
    driver = run.driver
    ui.open_setup(driver, cross_site.url, "dice21", run.errors)
    ui.set_seats(driver, [("Ann", "human"), ("Bo", "expert")])
    ui.start(driver)
    assert ui.state(driver) == "turn"
    ui.click(driver, ui.move("Roll"))
    assert ui.state(driver) in {"turn", "over"}
    before = (ui.log_lines(driver), ui.turn_banner(driver), ui.total(driver))
    assert before[0], "the roll is not in the log"
    ui.reload(driver, run.errors)
    ui.wait_for(driver, f'return document.querySelector("{ui.STAGE}")', 20, "the saved match")
    ui.state(driver)
    after = (ui.log_lines(driver), ui.turn_banner(driver), ui.total(driver))
    assert after == before
    assert_clean(run)


def test_offline_reload_after_first_visit(
    run: Run, cross_site: ProbedServer, tmp_path: Path
) -> None:
    """offline reload"""
    driver = run.driver
    # Its own server (a new origin: a fresh worker and storage) that the test stops.
    root = tmp_path / "site"
    shutil.copytree(SITE, root)
    server = ProbedServer(root)
    server.start()
    try:
        ui.load(driver, server.url, seen=run.errors)
        registered = driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
            if (!('serviceWorker' in navigator)) { done('no navigator.serviceWorker'); return; }
            const until = Date.now() + 60000;
            const poll = () => {
              if (navigator.serviceWorker.controller) { done('controlled'); return; }
              if (Date.now() > until) {
                navigator.serviceWorker.getRegistration().then(
                  (r) => done('not controlled after 60 s; registration: ' +
                    (r ? JSON.stringify({active: !!r.active, installing: !!r.installing,
                                         waiting: !!r.waiting}) : 'none')),
                  (e) => done('getRegistration failed: ' + e));
                return;
              }
              setTimeout(poll, 200);
            };
            poll();""",
        )
        if registered != "controlled":
            pytest.skip(f"{run.engine}'s automation session runs no service worker: {registered}")
        ui.open_setup(driver, server.url, "dice21", run.errors)
        ui.set_seats(driver, [("Ann", "human"), ("Bo", "medium")])
        ui.start(driver)
        ui.click(driver, ui.move("Roll"))
        ui.state(driver)
        before = ui.log_lines(driver)
        server.stop()
        ui.reload(driver, run.errors)
        ui.wait_for(driver, f'return document.querySelector("{ui.STAGE}")', 20, "the saved match")
        assert ui.log_lines(driver) == before
        if ui.state(driver) == "turn":
            ui.click(driver, ui.move("Roll"))
            assert len(ui.log_lines(driver)) > len(before)
        # Served by the worker, the page has no probe (it is not part of the site).
        assert ui.js(driver, "return document.documentElement.dataset.ready") == "1"
    finally:
        with contextlib.suppress(OSError):
            server.stop()
    # Back on the probed site, for the paths after this one.
    ui.load(driver, cross_site.url)


def test_no_console_errors(run: Run) -> None:
    """no console errors"""
    run.harvest()
    assert run.probed >= 2, f"the error probe was read only {run.probed} times"
    assert run.errors == [], f"errors in {run.engine}: {run.errors}"
    assert re.match(r"\w", run.version)
