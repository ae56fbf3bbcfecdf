"""A line typed on the CPC: characters as the keyboard gives them, DEL rubs out, ENTER ends.

Names go through the keyboard room's :class:`monopoly_cpc.keyboard.text.TextEntry` (French
letters, CAPS LOCK, DEL, length limit); this class adds digits-only entry and the cursor.

Used for the players' names, the quick game's hours and minutes, auction bids and every amount
a mode asks for.  ``digits=True`` accepts only the digit keys (with or without SHIFT: the
French CPC needs SHIFT for digits, the event's ``digit`` covers both).
"""

from __future__ import annotations

from monopoly_cpc.keyboard.text import TextEntry

BLINK = 12  # ticks per half period of the cursor


class LineEntry:
    """An editable line of at most ``max_len`` characters."""

    def __init__(self, max_len: int, digits: bool = False, text: str = "") -> None:
        self.max_len = max_len
        self.digits = digits
        self._typed = TextEntry(max_len, text)
        self.ticks = 0

    @property
    def text(self) -> str:
        return self._typed.text

    def feed(self, ev) -> bool:
        """Take one key; True when ENTER (or RETURN) ends the line."""
        if not self.digits:
            done = self._typed.feed(ev)[1]
            self._typed.done = False  # the caller decides whether the line is acceptable
            return done
        if ev.is_enter:
            return True
        if ev.key in ("DEL", "CLR"):
            self._typed.reset(self.text[:-1] if ev.key == "DEL" else "")
        elif ev.digit is not None and not ev.ctrl and len(self.text) < self.max_len:
            self._typed.reset(self.text + str(ev.digit))
        return False

    @property
    def value(self) -> int:
        """The digits typed, as a number (0 when empty)."""
        return int(self.text) if self.text.isdigit() else 0

    def tick(self) -> None:
        self.ticks += 1

    def draw(self, fb, col: int, row: int, prompt: str, pen: int = 1) -> None:
        """``prompt`` then the text and a blinking block cursor."""
        line = f"{prompt}{self.text}"[:39]
        fb.text(col, row, line, pen=pen)
        if (self.ticks // BLINK) % 2 == 0 and col + len(line) < 40:
            fb.text(col + len(line), row, " ", pen=pen, inverse=True)
