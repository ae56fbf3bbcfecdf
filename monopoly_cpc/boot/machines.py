"""The three CPCs at power-on, and what the player types on each to load MONOPOLY.

Screens from cpc_facts §3 (observed in MAME with the Amstrad ROMs): blue paper (ink 1),
bright yellow text (ink 24), blue border, rows 0-based on the 40x25 Mode 1 grid.  The cursor
is a steady solid block.  Timing, in 50 Hz frames from power-on (measured frame by frame in
an emulator running the real ROMs): the first 2 frames show border and paper in grey (ink
13); the banner is printed character by character from frame 10 to frame 28 on the 464 (27
on the 664 and 6128); ``Ready`` and the cursor come at frame 44 on the 464, 43 on the
others.  The 6128 prints ``Copyright`` in the (c) line first, shows it for 2 frames, then
prints the (c) text over it.
"""

from __future__ import annotations

from dataclasses import dataclass

TICKS_PER_SECOND = 50
GREY_FRAMES = 2  # frames 0 and 1: border and paper in ink 13 before the firmware sets its inks
GREY_INK = 13
BANNER_FIRST_FRAME = 10
COPYRIGHT_FRAMES = 2  # the 6128's "Copyright" stays whole this many frames
READY_ROW = 8
COPYRIGHT_ROW = 3
# The 6128's first text in the (c) line, overwritten by the (c) text.
COPYRIGHT_FLASH = " Copyright"

_LOCOMOTIVE = "           and Locomotive Software Ltd."


def draw_grey(fb) -> None:
    """Frames 0 and 1 of every CPC: border and paper in grey, nothing written yet.  The boot
    screen draws it, and the window shows it as soon as it opens (before the sound and the
    session are built): the boot's first picture, bit for bit."""
    fb.set_inks((GREY_INK,) * 4)
    fb.set_border(GREY_INK)
    fb.clear(0)


@dataclass(frozen=True)
class Machine:
    """One CPC model: its power-on text and timing, its BASIC and its disc system."""

    model: str  # "464" | "664" | "6128"
    banner: tuple[tuple[int, str], ...]  # (row, text) of the sign-on, without "Ready"
    built_in_disc: bool  # the 664 and 6128 have a drive and AMSDOS; the 464 needs a DDI-1
    flash_copyright: bool  # the 6128 shows "Copyright" in the (c) line first
    basic_version: str  # "1.0" (464) or "1.1"
    banner_last_frame: int  # the frame of the banner's last character
    ready_frame: int  # the frame where Ready and the cursor appear

    @property
    def default_media(self) -> str:
        return "disc" if self.built_in_disc else "tape"

    @property
    def basic_line(self) -> str:
        return f" BASIC {self.basic_version}"

    def banner_schedule(self) -> list[tuple[int, int, int, str]]:
        """``(frame, row, col, char)`` of every character of the banner, in printing order.

        The characters are spread evenly over the measured frames; the 6128's ``Copyright``
        is printed first in the (c) line and stays whole for ``COPYRIGHT_FRAMES`` frames
        before the (c) text is printed over it from column 0.
        """
        parts: list[list[tuple[int, int, str]]] = [[]]
        for row, text in self.banner:
            if self.flash_copyright and row == COPYRIGHT_ROW:
                parts[-1] += [(row, c, ch) for c, ch in enumerate(COPYRIGHT_FLASH)]
                parts.append([])
            parts[-1] += [(row, c, ch) for c, ch in enumerate(text)]
        chars = [c for p in parts for c in p]
        first, last, n = BANNER_FIRST_FRAME, self.banner_last_frame, len(chars)
        if len(parts) == 1:
            frames = [first + (i * (last - first)) // (n - 1) for i in range(n)]
        else:
            # "Copyright" is whole until its "C" is overwritten by the (c) line's second
            # character (its first is a space): that one comes COPYRIGHT_FRAMES later.
            split = len(parts[0])
            span = last - first - COPYRIGHT_FRAMES
            frames = [first + (i * span) // (n - 1) for i in range(split)]
            a_end = frames[-1]
            frames.append(a_end + 1)
            b_first, b_count = a_end + COPYRIGHT_FRAMES, n - split - 1
            frames += [b_first + (j * (last - b_first)) // (b_count - 1) for j in range(b_count)]
        return [(f, row, col, ch) for f, (row, col, ch) in zip(frames, chars)]

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


MACHINES: dict[str, Machine] = {
    "464": Machine("464", (
        (1, " Amstrad 64K Microcomputer  (v1)"),
        (3, " \u00a91984 Amstrad Consumer Electronics plc"),
        (4, _LOCOMOTIVE),
        (6, " BASIC 1.0"),
    ), built_in_disc=False, flash_copyright=False, basic_version="1.0", banner_last_frame=28,
        ready_frame=44),
    "664": Machine("664", (
        (1, " Amstrad 64K Microcomputer  (v2)"),
        (3, " \u00a91984 Amstrad Consumer Electronics plc"),
        (4, _LOCOMOTIVE),
        (6, " BASIC 1.1"),
    ), built_in_disc=True, flash_copyright=False, basic_version="1.1", banner_last_frame=27,
        ready_frame=43),
    "6128": Machine("6128", (
        (1, " Amstrad 128K Microcomputer  (v3)"),
        (3, " \u00a91985 Amstrad Consumer Electronics plc"),
        (4, _LOCOMOTIVE),
        (6, " BASIC 1.1"),
    ), built_in_disc=True, flash_copyright=True, basic_version="1.1", banner_last_frame=27,
        ready_frame=43),
}


def machine(model: str | int) -> Machine:
    """The machine called ``model`` ("464", "664" or "6128")."""
    key = str(model)
    if key not in MACHINES:
        raise ValueError(f"machine must be 464, 664 or 6128, got {model!r}")
    return MACHINES[key]
