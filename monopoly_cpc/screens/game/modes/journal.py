"""J Journal: every message of the game since it began, as a full page over the board.

The game screen keeps each message it says, whole, in ``host.journal`` (a list of strings; a
whole game's few thousand lines take a few hundred kilobytes at most, so all are kept), and in
``view.turns`` where each turn began (the journal's length then, the round, the player).  The
page covers the board: a title row, :data:`PAGE` lines, a row of keys.  Each message starts a
line of its own, its continuation lines indented, and is never cut between two pages; each
turn's messages come under a heading naming the round and the player ("(suite)" on a page that
continues a turn).  It opens on the newest page; the cursor keys turn the pages (↑ ← older,
↓ → newer); ENTER or ESC closes it.  Messages said while it is open join it on the newest page;
a reader on an older page keeps his pages until he comes back to the newest.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.base import TITLE_INK, CommandMode
from monopoly_cpc.screens.game.window import WINDOW_INKS

PAGE = 22       # lines of a page (text rows 1-22; row 0 is the title, row 23 the keys)
INDENT = "  "   # a message's continuation lines
HEADING_PEN = 2
TEXT_PEN = 1


def draw_page(fb, title: str) -> None:
    """A page over the board and the window, rows 0 to 23 in the window's inks (the status
    line stays), its title on row 0."""
    bottom = 23 * 8
    fb.set_inks(WINDOW_INKS, 0, bottom + 8)
    fb.fill_rect(0, 0, fb.W, bottom + 8, 0)
    fb.set_ink(3, TITLE_INK, 0, 8)
    fb.set_ink(2, 0, 0, 8)
    fb.text(0, 0, title.center(40)[:40], pen=2, paper=3)


@dataclass(frozen=True)
class Block:
    """One message's lines and the turn it was said in (-1: before the first turn)."""

    turn: int
    lines: tuple[str, ...]
    first: bool          # the first message of its turn


def message_lines(text: str) -> tuple[str, ...]:
    """A message's lines: the first at the left edge, the others indented."""
    lines = wrap(text, 40 - len(INDENT)) or [""]
    return (lines[0], *(INDENT + line for line in lines[1:]))


def blocks(journal: list[str], turns: list[tuple[int, int, int]]) -> list[Block]:
    """The journal's messages with their turns (``turns``: (first message, round, player))."""
    out: list[Block] = []
    t = -1
    for i, said in enumerate(journal):
        first = False
        while t + 1 < len(turns) and turns[t + 1][0] <= i:
            t += 1
            first = True
        out.append(Block(t, message_lines(said), first or i == 0))
    return out


def paged(all_blocks: list[Block]) -> list[list[Block]]:
    """The blocks in pages of at most ``PAGE`` lines counting one heading per turn on the page,
    oldest first, the newest message last on the last page; a message is never cut."""
    pages: list[list[Block]] = []
    page: list[Block] = []
    used = 0
    for blk in reversed(all_blocks):
        lines = len(blk.lines) + (0 if page and page[0].turn == blk.turn else 1)
        if page and used + lines > PAGE:
            pages.append(page)
            page, used = [], 0
            lines = len(blk.lines) + 1
        page.insert(0, blk)
        used += lines
    pages.append(page)
    pages.reverse()
    return pages


class JournalMode(CommandMode):
    """The J command: the game's messages, a page at a time over the board."""

    title_key = "cmd.journal.heading"
    keeps_window = True     # a computer's purchase or card does not cover the page being read

    def __init__(self, host) -> None:
        super().__init__(host)
        self._read()

    def _read(self) -> None:
        self.said = len(self.host.journal)
        self.page_blocks = paged(blocks(self.host.journal, self._turns()))
        self.pages = len(self.page_blocks)
        self.page = self.pages - 1          # the newest page first

    def _turns(self) -> list[tuple[int, int, int]]:
        return self.host.turns

    def tick(self) -> None:
        super().tick()
        if len(self.host.journal) != self.said and self.page == self.pages - 1:
            # messages said while it is open (the computers' moves) join it when the reader is
            # on the newest page, who stays on the newest page; a reader on an older page keeps
            # the pages he is turning (counted from the newest message, they would all shift
            # under him) until he comes back to the newest
            self._read()

    def title(self) -> str:
        return self.tx("cmd.journal.heading", page=self.page + 1, pages=self.pages)

    def question(self) -> str:
        return self.tx("cmd.journal.keys")

    def heading(self, turn: int, more: bool) -> str:
        """The heading of a turn's messages: its round and its player."""
        if turn < 0:
            text = self.tx("cmd.journal.start")
        else:
            _first, rnd, p = self._turns()[turn]
            players = self.state.players
            name = players[p].name if 0 <= p < len(players) else "?"
            text = self.tx("cmd.journal.turn", round=rnd, n=p + 1, name=name)
        if more:
            text = self.tx("cmd.journal.more", heading=text)
        return f"══ {text} ".ljust(40, "═")[:40]

    def page_lines(self) -> list[tuple[str, int]]:
        """The page's lines and their pens: headings and messages."""
        out: list[tuple[str, int]] = []
        turn = None
        for blk in self.page_blocks[self.page]:
            if blk.turn != turn:
                out.append((self.heading(blk.turn, more=not blk.first and not out), HEADING_PEN))
                turn = blk.turn
            out.extend((line, TEXT_PEN) for line in blk.lines)
        return out

    def body(self) -> list[str]:
        if not self.host.journal:
            return [self.tx("cmd.journal.empty")]
        return [text for text, _pen in self.page_lines()]

    def key(self, ev) -> bool:
        if ev.is_enter:
            self.close()
        elif ev.key in ("UP", "LEFT"):
            self.page = max(0, self.page - 1)
        elif ev.key in ("DOWN", "RIGHT"):
            self.page = min(self.pages - 1, self.page + 1)
        return True      # the journal takes every key while it is open (the cursor stays)

    def draw(self, fb) -> None:
        """The page over the board and the window: rows 0 to 23 (the status line stays)."""
        draw_page(fb, self.title())
        if self.host.journal:
            rows = self.page_lines()
        else:
            rows = [(self.tx("cmd.journal.empty"), TEXT_PEN)]
        for i, (text, pen) in enumerate(rows[:PAGE]):
            fb.text(0, 1 + i, text[:40], pen=pen, paper=0)
        fb.text(0, 23, self.question().center(40)[:40], pen=2, paper=0)
