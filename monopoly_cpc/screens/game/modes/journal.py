"""J Journal: every message of the game since it began, newest last.

The game screen keeps each message it says, whole, in ``host.journal`` (a list of strings; a
whole game's few thousand lines take a few hundred kilobytes at most, so all are kept).  The
window shows four lines of them at a time, wrapped at 40 columns, starting on the newest
page, a message never cut between two pages; the cursor keys turn the pages (↑ ← older, ↓ →
newer); ENTER or ESC closes it.  Messages said while it is open join it on the newest page; a
reader on an older page keeps his pages until he comes back to the newest.
"""

from __future__ import annotations

from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.base import CommandMode

PAGE = 4      # message lines per page (lines 1-4 of the window)


def paged(journal: list[str]) -> list[list[str]]:
    """The journal's pages of ``PAGE`` lines, oldest first, the newest message last on the last
    page.  A message is never cut between two pages (unless it alone is longer than a page):
    a page that cannot take the whole of the next older message ends above it."""
    pages: list[list[str]] = []
    page: list[str] = []
    for said in reversed(journal):
        lines = wrap(said, 40) or [""]
        while len(lines) > PAGE:                      # a message longer than a page
            if page:
                pages.append(page)
            page, lines = lines[-PAGE:], lines[:-PAGE]
            pages.append(page)
            page = []
        if len(page) + len(lines) > PAGE:
            pages.append(page)
            page = []
        page = lines + page
    if page or not pages:
        pages.append(page)
    pages.reverse()
    return pages


class JournalMode(CommandMode):
    """The J command: the game's messages, paged with the cursor keys."""

    title_key = "cmd.journal.heading"
    keeps_window = True     # a computer's purchase or card does not cover the page being read

    def __init__(self, host) -> None:
        super().__init__(host)
        self.said = len(host.journal)
        self.page_rows = paged(host.journal)
        self.pages = len(self.page_rows)
        self.page = self.pages - 1          # the newest page first

    def tick(self) -> None:
        super().tick()
        if len(self.host.journal) != self.said and self.page == self.pages - 1:
            # messages said while it is open (the computers' moves) join it when the reader is
            # on the newest page, who stays on the newest page; a reader on an older page keeps
            # the pages he is turning (counted from the newest message, they would all shift
            # under him: play-test) until he comes back to the newest
            self.said = len(self.host.journal)
            self.page_rows = paged(self.host.journal)
            self.pages = len(self.page_rows)
            self.page = self.pages - 1

    def title(self) -> str:
        return self.tx("cmd.journal.heading", page=self.page + 1, pages=self.pages)

    def question(self) -> str:
        return self.tx("cmd.journal.keys")

    def body(self) -> list[str]:
        if not self.page_rows[0]:
            return [self.tx("cmd.journal.empty")]
        return self.page_rows[self.page]

    def key(self, ev) -> bool:
        if ev.is_enter:
            self.close()
        elif ev.key in ("UP", "LEFT"):
            self.page = max(0, self.page - 1)
        elif ev.key in ("DOWN", "RIGHT"):
            self.page = min(self.pages - 1, self.page + 1)
        return True      # the journal takes every key while it is open (the cursor stays)
