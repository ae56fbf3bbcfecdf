"""J Journal: every message of the game since it began, newest last.

The game screen keeps each message it says, whole, in ``host.journal`` (a list of strings; a
whole game's few thousand lines take a few hundred kilobytes at most, so all are kept).  The
window shows four lines of them at a time, wrapped at 40 columns, starting on the newest
page; the cursor keys turn the pages (↑ ← older, ↓ → newer); ENTER or ESC closes it.
"""

from __future__ import annotations

from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.base import CommandMode

PAGE = 4      # message lines per page (lines 1-4 of the window)


class JournalMode(CommandMode):
    """The J command: the game's messages, paged with the cursor keys."""

    title_key = "cmd.journal.heading"

    def __init__(self, host) -> None:
        super().__init__(host)
        self.rows_text = [part for said in host.journal for part in (wrap(said, 40) or [""])]
        self.pages = max(1, -(-len(self.rows_text) // PAGE))
        self.page = self.pages - 1          # the newest page first

    def title(self) -> str:
        return self.tx("cmd.journal.heading", page=self.page + 1, pages=self.pages)

    def question(self) -> str:
        return self.tx("cmd.journal.keys")

    def body(self) -> list[str]:
        if not self.rows_text:
            return [self.tx("cmd.journal.empty")]
        # the last page ends on the newest line; the pages before it are full
        end = len(self.rows_text) - (self.pages - 1 - self.page) * PAGE
        return self.rows_text[max(0, end - PAGE):end]

    def key(self, ev) -> bool:
        if ev.is_enter:
            self.close()
        elif ev.key in ("UP", "LEFT"):
            self.page = max(0, self.page - 1)
        elif ev.key in ("DOWN", "RIGHT"):
            self.page = min(self.pages - 1, self.page + 1)
        return True      # the journal takes every key while it is open (the cursor stays)
