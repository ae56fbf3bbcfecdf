"""P Propriétaires (seeds/002 part C): every property listed at the bottom of the screen.

Each line is a property with its owner's number on the right ('-' for the bank).  Typing a
player's number keeps only his (0 shows everybody's again); SPACE scrolls; P shows the title
deeds one after the other (SPACE: the next one); ENTER leaves.  A mortgaged property is
written in white on red: the lines of the window have their own inks, so that line's pen 2
becomes white for its eight scanlines (a raster change, like the deed's coloured bar).
"""

from __future__ import annotations

from monopoly_cpc.screens.game.host import WINDOW_TOP, window_line
from monopoly_cpc.screens.game.modes.base import TITLE_INK, CommandMode
from monopoly_cpc.screens.game.window import bar, draw_deed
from monopoly_cpc.texts import fit_name

PAGE = 4            # property lines per page (window lines 1-4)
WHITE, RED = 26, 6  # firmware colours of a mortgaged line


class OwnersMode(CommandMode):
    """The P command."""

    title_key = "cmd.owners.heading"

    def __init__(self, host) -> None:
        super().__init__(host)
        self.only = -1        # -1: every property; else this player's
        self.top = 0          # first line shown
        self.deeds = False    # P: title deeds instead of the list
        self.refusal = ""     # why the last key did nothing, on the keys line until the next

    def items(self) -> list[int]:
        st = self.state
        if self.only < 0:
            return list(st.board.properties)
        return st.owned_by(self.only)

    def key(self, ev) -> bool:
        self.refusal = ""
        if ev.is_enter:
            self.close()
            return True
        if ev.repeat:
            return True
        d = ev.digit
        if d is not None:
            if d == 0:
                self.only, self.top = -1, 0
            elif d <= len(self.state.players):
                self.only, self.top = d - 1, 0
            else:
                self.note(self.tx("cmd.no_player", n=d))
                self.refusal = self.lines[-1]
            return True
        items = self.items()
        if ev.key == "SPACE":
            step = 1 if self.deeds else PAGE
            self.top = self.top + step if self.top + step < len(items) else 0
            if self.deeds and items:
                self.host.set_cursor(items[self.top])
            return True
        if ev.letter == "P":
            self.deeds = not self.deeds
            if self.deeds and items:
                self.top = min(self.top, len(items) - 1)
                self.host.set_cursor(items[self.top])
            else:
                self.top -= self.top % PAGE
            return True
        return True       # the list owns the keyboard until ENTER

    def line(self, s: int) -> str:
        st = self.state
        owner = st.owner[s]
        who = str(owner + 1) if owner >= 0 else self.t["cmd.owners.bank"]
        return fit_name(st.board.names[s], 37).ljust(38) + who.rjust(2)

    def draw(self, fb) -> None:
        st = self.state
        items = self.items()
        if self.deeds and items:
            draw_deed(fb, self.host.state, self.host.texts, items[min(self.top, len(items) - 1)])
            return
        if self.only < 0:
            bar(fb, 0, self.title(), TITLE_INK)
        else:
            bar(fb, 0, self.tx("cmd.owners.heading_one", n=self.only + 1, name=self.name(self.only)), TITLE_INK)
        if not items:
            window_line(fb, 1, self.tx("cmd.owners.none", name=self.name(self.only)), 2)
        for k, s in enumerate(items[self.top:self.top + PAGE]):
            row = 1 + k
            if st.mortgaged[s]:
                y = (WINDOW_TOP + row) * 8
                fb.set_ink(2, WHITE, y, y + 8)
                fb.set_ink(3, RED, y, y + 8)
                fb.text(0, WINDOW_TOP + row, self.line(s), pen=2, paper=3)
            else:
                window_line(fb, row, self.line(s), 1)
        if self.refusal:
            window_line(fb, 5, self.refusal, 3)
        else:
            window_line(fb, 5, self.lines[-1] if self.lines and not items
                        else self.tx("cmd.owners.keys", n=len(self.state.players)), 2)
