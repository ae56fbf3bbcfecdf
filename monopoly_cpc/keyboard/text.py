"""Typing a line of text (a player's name) the way the CPC types it.

Feed each :class:`CpcKeyEvent` to :meth:`TextEntry.feed`; it returns the text so far and
whether ENTER (or RETURN) finished it. As on the CPC:

* the character is the one the key types with its SHIFT/CTRL (``ev.char``), so on the French
  keyboard é è ç à ù come straight from their keys and the digits need SHIFT;
* CAPS LOCK (the CAPS key) toggles capitals; it turns a-z into A-Z only, as the firmware does,
  so é stays é, and SHIFT with CAPS LOCK still gives capitals;
* DEL deletes the character to the left; CTRL combinations and keys that type no character
  (cursor keys, COPY, CLR, ESC, TAB...) type nothing here;
* beyond ``max_len`` characters further letters are refused.
"""

from __future__ import annotations

from monopoly_cpc.keyboard.events import CpcKeyEvent


class TextEntry:
    """A one-line text field fed with CPC key presses."""

    def __init__(self, max_len: int = 12, text: str = "", caps_lock: bool = False) -> None:
        if max_len < 1:
            raise ValueError("max_len must be at least 1")
        self.max_len = max_len
        self.text = text[:max_len]
        self.caps_lock = caps_lock
        self.done = False

    def feed(self, ev: CpcKeyEvent) -> tuple[str, bool]:
        """Apply one key press; return (the text so far, whether ENTER has finished it)."""
        if self.done:
            return self.text, True
        if ev.is_enter:
            self.done = True
        elif ev.key == "CAPS":
            self.caps_lock = not self.caps_lock
        elif ev.key == "DEL":
            self.text = self.text[:-1]
        elif len(self.text) < self.max_len:
            self.text += self._typed(ev)
        return self.text, self.done

    def feed_all(self, events: list[CpcKeyEvent]) -> tuple[str, bool]:
        """Apply several presses in order (stops taking text once ENTER has been pressed)."""
        for ev in events:
            self.feed(ev)
        return self.text, self.done

    def _typed(self, ev: CpcKeyEvent) -> str:
        """The printable character ``ev`` adds, or '' (control codes, tokens, CTRL keys)."""
        ch = ev.char
        if ev.ctrl or ch is None or len(ch) != 1 or not ch.isprintable():
            return ""
        # The firmware's CAPS LOCK only capitalises the 26 ASCII letters.
        if self.caps_lock and "a" <= ch <= "z":
            return ch.upper()
        return ch

    def reset(self, text: str = "") -> None:
        """Start again with ``text`` (keeps the CAPS LOCK state, as the CPC does)."""
        self.text = text[: self.max_len]
        self.done = False
