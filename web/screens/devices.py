"""The screens of one table on many devices: the host's pairing panel for each seat
that waits for its phone, and the phone's own screen before it has joined.

Every code is drawn twice: as a QR code (:func:`web.remote.qr.qr_svg`) for a camera,
and as text, for a device without one (typed or pasted). A reason a code or a camera
was refused is said in words (``device.why.*``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from web.markup import Child, Markup, classes, h
from web.screens.common import button, top_bar

if TYPE_CHECKING:
    from web.frame import Frame
    from web.i18n import Translator

#: Where the pairing of a seat's phone is (the host's devices controller,
#: :mod:`web.controllers.devices`, moves it on).
PairState = Literal["making", "code", "connecting", "unavailable", "failed"]


@dataclass(frozen=True)
class DevicePanel:
    """What the table shows for one seat that waits for its phone (made by the host's
    devices controller, drawn here)."""

    seat: int
    state: PairState
    #: The join link the phone scans (a QR code of it), once made.
    link: str = ""
    #: The pairing code alone (what is typed or pasted), once made.
    code: str = ""
    #: Why the last answer or scan was refused (a ``device.why.*`` key's last part).
    error: str | None = None
    #: The host's camera is reading the phone's answer.
    scanning: bool = False


def _qr(text: str, label: str) -> Markup:
    from web.remote.qr import qr_svg

    return h("div", {"class": "qr-box"}, qr_svg(text, label=label))


def code_text(tr: Translator, code: str, *, key: str) -> Markup:
    """A code as text, to type or copy (selected as one word)."""
    return h(
        "details",
        {"class": "device-typed", "data-key": f"typed-{key}"},
        h("summary", None, tr.t("device.type_instead")),
        h("p", {"class": "device-help"}, tr.t("device.code_help")),
        h("code", {"class": "device-code", "data-pair-code": key}, code),
    )


def code_field(
    tr: Translator, field: str, label: str, action: str, seat: int | None = None
) -> Markup:
    """A field to paste or type a code into, and the button that takes it."""
    return h(
        "div",
        {"class": "device-field"},
        h(
            "label",
            {"class": "field-label", "for": field},
            label,
        ),
        h(
            "input",
            {
                "id": field,
                "class": "device-input",
                "type": "text",
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "inputmode": "url",
                "data-focus": field,
            },
        ),
        # the page sends the field's text with the button (``data-take``)
        button(
            tr.t("device.connect"),
            action,
            kind="primary",
            focus=f"{field}-go",
            take=field,
            seat=seat,
        ),
    )


def camera(
    tr: Translator, video: str, scanning: bool, start: str, stop: str, seat: int | None = None
) -> Child:
    """The camera's picture while it reads a code, with Stop; else the button that starts it."""
    if not scanning:
        return button(tr.t("device.scan"), start, kind="big", seat=seat)
    return h(
        "div",
        {"class": "device-camera"},
        h(
            "video",
            {
                "id": video,
                "class": "device-video",
                "muted": True,
                "playsinline": True,
                "autoplay": True,
                "aria-label": tr.t("device.camera"),
                "data-motion": "still",
            },
        ),
        button(tr.t("device.scan_stop"), stop, kind="quiet", seat=seat),
    )


def why(tr: Translator, reason: str | None) -> Markup | None:
    """A refusal in words."""
    if reason is None:
        return None
    return h("p", {"class": "device-error", "role": "alert"}, tr.t(f"device.why.{reason}"))


def device_pair(tr: Translator, frame: Frame, panel: DevicePanel, first: bool) -> Markup:
    """One seat waiting for its phone: its code, the answer's way back, and the way
    out (play it here, or a bot)."""
    seat = panel.seat
    name = frame.names[seat]
    body: list[Child] = []
    if panel.state == "making":
        body.append(h("p", {"class": "device-help"}, tr.t("device.making")))
    elif panel.state == "unavailable":
        body.append(h("p", {"class": "device-help"}, tr.t("device.unavailable")))
    elif panel.state == "failed":
        body.append(why(tr, panel.error or "rtc"))
        body.append(button(tr.t("device.retry"), "device-retry", kind="big", seat=seat))
    else:
        body += [
            h("p", {"class": "device-help"}, tr.t("device.scan_this", name=name)),
            _qr(panel.link, tr.t("device.qr_label", name=name)),
            code_text(tr, panel.code, key=f"offer-{seat}"),
            h("p", {"class": "device-help"}, tr.t("device.answer_help")),
        ]
        if panel.state == "connecting":
            body.append(
                h("p", {"class": "device-help", "role": "status"}, tr.t("device.connecting"))
            )
        else:
            body += [
                camera(
                    tr,
                    f"device-video-{seat}",
                    panel.scanning,
                    "device-scan",
                    "device-scan-stop",
                    seat=seat,
                ),
                code_field(
                    tr,
                    f"device-answer-{seat}",
                    tr.t("device.answer_label"),
                    "device-answer",
                    seat=seat,
                ),
                why(tr, panel.error),
            ]
    body.append(
        h(
            "div",
            {"class": "device-ways"},
            button(tr.t("device.here"), "device-here", kind="quiet", seat=seat),
            button(tr.t("device.bot"), "device-bot", kind="quiet", seat=seat),
        )
    )
    # one seat's code open at a time (the first that waits): the table's own controls
    # stay in view above it; a drawer opened by hand stays open (web/patch.js)
    return h(
        "details",
        {
            "class": classes("device-pair", panel.state),
            "data-device-seat": seat,
            "data-device-state": panel.state,
            "data-key": f"device-{seat}",
            "open": first,
        },
        h(
            "summary",
            {"class": "panel-title device-summary", "id": f"device-title-{seat}"},
            tr.t("device.title", name=name),
        ),
        h("div", {"class": "device-body"}, body),
    )


def devices_panel(tr: Translator, frame: Frame) -> Markup | None:
    """The seats of the table that wait for their phone (the host's live table only)."""
    if frame.mode != "live" or not frame.devices or frame.over:
        return None
    return h(
        "aside",
        {"class": "panel devices", "data-key": "devices", "data-motion": "still"},
        [device_pair(tr, frame, panel, i == 0) for i, panel in enumerate(frame.devices)],
    )


# -- the guest's screen before it joined ----------------------------------------------------
def guest_screen(
    tr: Translator,
    status: str,
    *,
    answer: str = "",
    error: str | None = None,
    scanning: bool = False,
    available: bool = True,
) -> Markup:
    """A phone joining a table: scan (or paste) the host's code, then show the host
    the answer; or, once joined and the connection lost, scan the host's new code."""
    body: list[Child] = []
    if not available:
        body.append(h("p", {"class": "device-help"}, tr.t("device.guest.unavailable")))
    elif status == "answering":
        body.append(
            h("p", {"class": "device-help", "role": "status"}, tr.t("device.guest.answering"))
        )
    elif status == "answer":
        body += [
            h("p", {"class": "device-help"}, tr.t("device.guest.show_host")),
            _qr(answer, tr.t("device.guest.qr_label")),
            code_text(tr, answer, key="answer"),
            h("p", {"class": "device-help", "role": "status"}, tr.t("device.guest.waiting")),
        ]
    elif status == "joining":
        body.append(
            h("p", {"class": "device-help", "role": "status"}, tr.t("device.guest.joining"))
        )
    else:
        intro = {
            "lost": "device.guest.lost",
            "released": "device.guest.released",
            "ended": "device.guest.ended",
        }.get(status, "device.guest.intro")
        body += [
            h("p", {"class": "device-help"}, tr.t(intro)),
            camera(tr, "guest-video", scanning, "guest-scan", "guest-scan-stop"),
            code_field(tr, "guest-code", tr.t("device.guest.code_label"), "guest-join"),
        ]
    body.append(why(tr, error))
    return h(
        "div",
        {"class": "screen guest-screen", "data-guest": status},
        top_bar(tr, tr.t("device.guest.title")),
        h("main", {"class": "guest-main"}, h("section", {"class": "panel device-join"}, body)),
    )


__all__ = ["devices_panel", "guest_screen"]
