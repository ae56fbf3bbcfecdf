"""The three CPCs at power-on, and what the player types on each to load MONOPOLY.

Screens from cpc_facts §3 (observed in MAME with the Amstrad ROMs): blue paper (ink 1),
bright yellow text (ink 24), blue border, rows 0-based on the 40x25 Mode 1 grid.  The cursor
is a steady solid block.  Timings from power-on (6128 measured; the same is used for all):
the banner after about 0.3 s, ``Ready`` after about 0.9 s; for one frame the 6128 shows
``Copyright`` in the (c) line before it is overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass

TICKS_PER_SECOND = 50
BANNER_TICK = 15  # 0.3 s after power-on
READY_TICK = 45  # 0.9 s after power-on
PAPER_INK = 1  # blue
PEN_INK = 24  # bright yellow
BORDER_INK = 1

_LOCOMOTIVE = "           and Locomotive Software Ltd."


@dataclass(frozen=True)
class Machine:
    """One CPC model: its power-on text and its disc system."""

    model: str  # "464" | "664" | "6128"
    banner: tuple[tuple[int, str], ...]  # (row, text) of the sign-on, without "Ready"
    built_in_disc: bool  # the 664 and 6128 have a drive and AMSDOS; the 464 needs a DDI-1
    flash_copyright: bool  # the 6128 shows "Copyright" for one frame in the (c) line

    @property
    def default_media(self) -> str:
        return "disc" if self.built_in_disc else "tape"

    def screen_rows(self, ready: bool = True) -> list[str]:
        """The 25 text rows of the power-on screen (with ``Ready`` on row 8 if ``ready``)."""
        rows = [""] * 25
        for r, text in self.banner:
            rows[r] = text
        if ready:
            rows[READY_ROW] = "Ready"
        return [r.ljust(40) for r in rows]

    def commands(self, media: str, french: bool) -> list[str]:
        """The lines typed to load MONOPOLY (each followed by ENTER).

        Tape on a 664 or 6128 needs ``|TAPE`` first.  On a 464 with a DDI-1 the disc is
        already the default device (cpc_facts §3), but the manual's loading instructions
        (part B) say to type ``|DISC`` first, so the boot does.  On a French CPC the bar is
        shown (and typed) as ``ù``.
        """
        bar = "\u00f9" if french else "|"
        out = []
        if media == "tape" and self.built_in_disc:
            out.append(f"{bar}TAPE")
        if media == "disc" and not self.built_in_disc:
            out.append(f"{bar}DISC")
        out.append('RUN"MONOPOLY')
        return out


READY_ROW = 8
CURSOR_ROW = 9
COPYRIGHT_ROW = 3

MACHINES: dict[str, Machine] = {
    "464": Machine("464", (
        (1, " Amstrad 64K Microcomputer  (v1)"),
        (3, " \u00a91984 Amstrad Consumer Electronics plc"),
        (4, _LOCOMOTIVE),
        (6, " BASIC 1.0"),
    ), built_in_disc=False, flash_copyright=False),
    "664": Machine("664", (
        (1, " Amstrad 64K Microcomputer  (v2)"),
        (3, " \u00a91984 Amstrad Consumer Electronics plc"),
        (4, _LOCOMOTIVE),
        (6, " BASIC 1.1"),
    ), built_in_disc=True, flash_copyright=False),
    "6128": Machine("6128", (
        (1, " Amstrad 128K Microcomputer  (v3)"),
        (3, " \u00a91985 Amstrad Consumer Electronics plc"),
        (4, _LOCOMOTIVE),
        (6, " BASIC 1.1"),
    ), built_in_disc=True, flash_copyright=True),
}

# The one-frame text the 6128 shows in the (c) line before it is overwritten.
COPYRIGHT_FLASH = " Copyright"


def machine(model: str | int) -> Machine:
    """The machine called ``model`` ("464", "664" or "6128")."""
    key = str(model)
    if key not in MACHINES:
        raise ValueError(f"machine must be 464, 664 or 6128, got {model!r}")
    return MACHINES[key]
