"""The home screen's saves: the saved and finished matches, their deletion, export and
import, the statistics, and keeping the saves (persistent storage)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from web.controllers.base import Context, Controller, Handler, Notice
from web.i18n import Translator
from web.markup import Markup
from web.persist import Protection, Status, note_saves, protection_alert, protection_note
from web.saves import SaveImportError, concerns_home
from web.saves.formats import Refusal
from web.storage import StorageFull


@dataclass(frozen=True)
class Refused(Notice):
    """Why items of an import file were not imported, each named by its place in the
    file and worded in the reader's language when shown (``import.item.<part>``,
    ``import.why.<problem>``), so it follows a change of language."""

    refusals: tuple[Refusal, ...] = ()

    def text(self, tr: Translator) -> str:
        return "; ".join(
            tr.t(f"import.why.{r.problem}", item=tr.t(f"import.item.{r.part}", n=r.index))
            for r in self.refusals
        )


#: The notices that report something done, not a problem: drawn as a success
#: (``notice done``, green, a tick) or as news (``notice info``), never with the
#: red stripe of a problem (issue 48).
NOTICE_KINDS: Mapping[str, str] = {
    "import.done": "done",
    "import.done_one": "done",
    "import.nothing_new": "info",
}


def notice_kind(notice: Notice | None) -> str:
    """How the home screen draws ``notice``: ``done``, ``info`` or ``problem``."""
    return "problem" if notice is None else NOTICE_KINDS.get(notice.key, "problem")


class HomeController(Controller):
    """The saved games on the home screen."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The saved match whose Delete was pressed and awaits a yes or no ("stats":
        #: the statistics' Reset).
        self.confirming: str | None = None
        #: What the home screen says about keeping the saves (web/persist.py).
        self.protection = Protection()
        self.persist_asked = False

    def actions(self) -> Mapping[str, Handler]:
        return {
            "delete-save": self.do_delete_save,
            "confirm-delete": self.do_confirm_delete,
            "cancel-delete": self.do_cancel,
            "reset-stats": self.do_reset_stats,
            "confirm-reset-stats": self.do_confirm_reset_stats,
            "cancel-reset-stats": self.do_cancel,
            "export-one": self.do_export_one,
            "export-all": self.do_export_all,
        }

    def markup(self) -> Markup:
        """The home screen."""
        from web.games import all_uis
        from web.screens.home import HomeData, render_home

        ctx = self.ctx
        saved, unreadable = ctx.book.overview()
        history, bad_history = ctx.book.history()
        data = HomeData(
            saved=saved,
            unreadable=[*unreadable, *bad_history],
            history=history,
            stats=ctx.stats.table(),
            notice=ctx.notice_text(),
            notice_kind=notice_kind(ctx.notice),
            has_saves=self.has_saves(),
            confirming=self.confirming,
            now_ms=ctx.page.now_ms(),
            protection=protection_note(ctx.tr, self.protection),
            protection_alert=protection_alert(ctx.tr, self.protection),
            practice=ctx.book.practice.items()[0],
        )
        return render_home(ctx.tr, all_uis(), data)

    def has_saves(self) -> bool:
        """Whether any match, going or finished, is in storage."""
        return bool(self.ctx.book.ids() or self.ctx.book.history_ids())

    def protect_saves(self) -> None:
        """Mark that saves exist and ask (once a visit) for persistent storage."""
        if self.has_saves():
            note_saves(self.ctx.store, True)
        if not self.persist_asked:
            self.persist_asked = True
            self.ctx.page.ask_to_persist(self.on_persist_answer)

    def on_persist_answer(self, status: Status) -> None:
        """The browser's answer goes on the home screen."""
        self.protection = replace(self.protection, status=status)
        if self.ctx.router.screen == "home":
            self.ctx.router.render()

    def on_storage(self, key: str | None) -> bool:
        """Another tab changed ``key``: whether the home screen shows it."""
        return concerns_home(key)

    def import_text(self, text: str) -> None:
        """Import a file's text; everything is checked before anything is written."""
        ctx = self.ctx
        try:
            result = ctx.book.import_bundle(text)
        except SaveImportError as exc:
            if exc.refusals:
                ctx.say("import.none_refused", reasons=Refused("import.why", {}, exc.refusals))
            else:
                ctx.say("import.refused", reason=Notice(f"reason.{exc.problem}", {"n": exc.limit}))
            return
        except StorageFull:
            ctx.say("save.full")
            return
        count = len(result.games) + len(result.history)
        refused = Refused("import.why", {}, result.reasons) if result.reasons else None
        if count and refused:
            ctx.say("import.done_some_refused", n=count, reasons=refused)
        elif count:
            ctx.say("import.done_one" if count == 1 else "import.done", n=count)
        elif refused:
            ctx.say("import.none_refused", reasons=refused)
        else:
            ctx.say("import.nothing_new")

    def do_delete_save(self, data: dict[str, str]) -> None:
        self.confirming = data.get("save")

    def do_confirm_delete(self, data: dict[str, str]) -> None:
        book = self.ctx.book
        if self.confirming is not None and data.get("save") == self.confirming:
            book.delete(self.confirming)
            book.delete_history(self.confirming)
            note_saves(self.ctx.store, self.has_saves())
        self.confirming = None

    def do_reset_stats(self, data: dict[str, str]) -> None:
        self.confirming = "stats"

    def do_confirm_reset_stats(self, data: dict[str, str]) -> None:
        if self.confirming == "stats":
            self.ctx.stats.reset()
        self.confirming = None

    def do_cancel(self, data: dict[str, str]) -> None:
        self.confirming = None

    def do_export_one(self, data: dict[str, str]) -> None:
        saved_id = data.get("save", "")
        self.ctx.page.download(f"nordic21-{saved_id}.json", self.ctx.book.export_one(saved_id))

    def do_export_all(self, data: dict[str, str]) -> None:
        self.ctx.page.download("nordic21-games.json", self.ctx.book.export_all())
