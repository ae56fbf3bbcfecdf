"""The one event the game sees from the keyboard: a CPC key press."""

from __future__ import annotations

from dataclasses import dataclass

# Names of the keys that can be a digit: the top-row keys '0'..'9' and the keypad f0..f9.
_KEYPAD_DIGITS = {f"F{d}": d for d in range(10)}


@dataclass(frozen=True)
class CpcKeyEvent:
    """One press (or firmware auto-repeat) of a CPC key.

    ``key`` is the CPC key's name: 'A'..'Z' as printed on the active CPC keyboard (AZERTY on the
    French one), '0'..'9' for the top-row digit keys, 'SPACE', 'ENTER' (small, keypad), 'RETURN'
    (big), 'ESC', 'DEL', 'CLR', 'COPY', 'TAB', 'CAPS', 'SHIFT', 'CTRL', 'UP', 'DOWN', 'LEFT',
    'RIGHT', 'F0'..'F9', 'F.', and 'K<matrix number>' for the other keys.
    ``number`` is the matrix key number (line * 8 + bit). ``char`` is what the CPC types with
    these modifiers ('a', 'A', 'é', '&', '1', '\\x03' for CTRL+C, '\\r' for ENTER/RETURN,
    '\\x7f' for DEL), or None when the key types nothing; CTRL+ENTER types the firmware's
    expansion 'RUN"\\r', the only multi-character value.
    """

    key: str
    number: int
    char: str | None
    shift: bool = False
    ctrl: bool = False
    repeat: bool = False

    @property
    def digit(self) -> int | None:
        """0-9 for a top-row digit key (with or without SHIFT) or for keypad f0-f9, else None.

        On the French CPC the top row types ``& é " ' ( ] è ! ç à`` unshifted and the digits
        with SHIFT; both count as the digit, as the game only asks for numbers.
        """
        if len(self.key) == 1 and self.key.isdigit():
            return int(self.key)
        return _KEYPAD_DIGITS.get(self.key)

    @property
    def is_enter(self) -> bool:
        """True for both CPC enter keys: the big RETURN and the small keypad ENTER."""
        return self.key in ("ENTER", "RETURN")

    @property
    def letter(self) -> str | None:
        """'A'..'Z' for a letter key (upper case, whatever SHIFT and CTRL), else None."""
        if len(self.key) == 1 and "A" <= self.key <= "Z":
            return self.key
        return None
