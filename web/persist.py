"""Saves that survive the browser: whether they are protected, Safari's home-screen
advice (once), and what to say when saves from an earlier visit are gone.

Safari deletes a site's script-written storage after seven days without a visit unless
the site is on the home screen (or, on a Mac, in the Dock), and any browser may evict a
site's storage when space runs low unless it granted ``navigator.storage.persist()``.
The browser calls live in web/storage.py; this module is plain Python (tested under
pytest) and decides what the home screen says.

A lost save is noticed through a marker written beside the saves: if the marker says
saves existed and none are left, the browser removed them (the player's own deletions
clear the marker when nothing is left). When the browser wipes everything, marker
included, the visit looks like a first one: no page can tell the difference.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Protocol

from web.i18n import Translator
from web.markup import Markup, h

#: Set once the home-screen advice was shown on this device.
ADVICE_KEY = "advice.home_screen"
#: Set while saved games exist (see the module docstring).
SEEN_KEY = "saves.seen"

Status = Literal["unknown", "persisted", "best-effort", "unsupported"]
Platform = Literal["ios", "mac"]

#: Browsers on a Mac other than Safari name themselves in the user agent.
NOT_SAFARI = re.compile(r"Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg/|OPR/|Firefox|Android")


class Store(Protocol):
    """The part of web.storage.LocalStore used here."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


@dataclass(frozen=True)
class Protection:
    """What the home screen says about keeping the saves."""

    #: The browser's answer to the persistence request ("unknown" until asked).
    status: Status = "unknown"
    #: Where Safari keeps saves only from the home screen (or Dock); None elsewhere.
    platform: Platform | None = None
    #: The home-screen advice is on screen during this visit (shown once per device).
    advice: bool = False
    #: Saves from an earlier visit are gone.
    lost: bool = False


def apple_platform(user_agent: str, touch_points: int) -> Platform | None:
    """iOS/iPadOS (every browser there is Safari's engine) or Safari on a Mac.

    iPadOS asks for desktop pages with a Mac user agent; its touch screen gives it away.
    """
    if re.search(r"iPad|iPhone|iPod", user_agent):
        return "ios"
    if "Macintosh" in user_agent and "Safari/" in user_agent and not NOT_SAFARI.search(user_agent):
        return "ios" if touch_points > 1 else "mac"
    return None


def first_look(
    store: Store, has_saves: bool, user_agent: str, touch_points: int, standalone: bool
) -> Protection:
    """At start-up: are earlier saves gone, and is the home-screen advice due (it is
    then marked as given, so it appears on this visit only, or again after a loss)?"""
    platform = None if standalone else apple_platform(user_agent, touch_points)
    lost = not has_saves and store.get(SEEN_KEY) is not None
    if lost:
        store.remove(SEEN_KEY)
    # After a loss the advice is how to keep saves next time: shown again.
    advice = platform is not None and (lost or store.get(ADVICE_KEY) is None)
    if advice:
        store.set(ADVICE_KEY, "1")
    return Protection(platform=platform, advice=advice, lost=lost)


def note_saves(store: Store, present: bool) -> None:
    """Keep the marker in step with the saves (after saving, or the player's delete)."""
    if present:
        if store.get(SEEN_KEY) is None:
            store.set(SEEN_KEY, "1")
    else:
        store.remove(SEEN_KEY)


def status_text(tr: Translator, protection: Protection) -> str | None:
    """One sentence on whether the saves are safe, once the browser has answered."""
    if protection.status == "persisted":
        return tr.t("persist.protected")
    if protection.status == "unknown":
        return None
    if protection.platform is not None:
        return tr.t("persist.safari_at_risk")
    if protection.status == "unsupported":
        return tr.t("persist.unsupported")
    return tr.t("persist.at_risk")


def protection_alert(tr: Translator, protection: Protection) -> Markup | None:
    """The top of the home screen: saves lost since the last visit, and Safari's advice
    (on the first visit, or after a loss)."""
    lines = []
    if protection.lost:
        lines.append(
            h("p", {"class": "notice persist-lost", "role": "status"}, tr.t("persist.lost"))
        )
    if protection.advice and protection.platform is not None:
        lines.append(
            h(
                "p",
                {"class": "notice persist-advice"},
                tr.t(f"persist.advice.{protection.platform}"),
            )
        )
    return h("div", {"class": "persist"}, lines) if lines else None


def protection_note(tr: Translator, protection: Protection) -> Markup | None:
    """The line in "Your saved games" on whether they are protected (once known)."""
    status = status_text(tr, protection)
    if status is None:
        return None
    return h("p", {"class": f"hint persist-status {protection.status}"}, status)
