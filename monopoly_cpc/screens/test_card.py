"""The test card (``monopoly-cpc --test-card``): all 27 colours, the whole font, the border.

Two pages alternate every ``PAGE_TICKS`` ticks (any key turns the page at once):

1. the colour card: each text row of colours uses its own inks (per-scanline palette), the
   256 font codes on the CPC's power-on blue and yellow, and a border of 27 colour bands;
2. a CPC-like BASIC text page in the power-on colours, to judge the font at work.
"""

from __future__ import annotations

from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.palette import palette
from monopoly_cpc.screens.base import Screen

PAGE_TICKS = 250  # 5 s per page
BLACK, GREY, WHITE, BRIGHT_YELLOW = 0, 13, 26, 24

# The 6128's start-up banner (cpc_facts.md section 3), then a short BASIC session.
BASIC_PAGE = [
    "",
    " Amstrad 128K Microcomputer  (v3)",
    "",
    " \u00a91985 Amstrad Consumer Electronics plc",
    "           and Locomotive Software Ltd.",
    "",
    " BASIC 1.1",
    "",
    "Ready",
    "LIST",
    "10 ' Monopoly CPC : page de texte",
    "20 MODE 1:INK 0,1:INK 1,24:BORDER 1",
    '30 PRINT "DÉPART : RECEVEZ 20.000 F"',
    '40 PRINT "Allez en prison. Ne passez pas par la case départ."',
    '50 PRINT "Av. des Champs-Élysées", "35.000 F"',
    "Ready",
    "RUN",
    "DÉPART : RECEVEZ 20.000 F",
    "Allez en prison. Ne passez pas par la case départ.",
    "Av. des Champs-Élysées    35.000 F",  # PRINT zones of 13 columns
    "Ready",
]


class TestCardScreen(Screen):
    """Shows the colour card and the text page in turn."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.page = 0
        self.page_tick = 0

    def on_key(self, ev) -> None:
        self.page = 1 - self.page
        self.page_tick = 0

    def tick(self) -> None:
        self.page_tick += 1
        if self.page_tick >= PAGE_TICKS:
            self.page = 1 - self.page
            self.page_tick = 0

    def draw(self, fb: FrameBuffer) -> None:
        fb.reset_inks()
        fb.clear(0)
        if self.page == 0:
            draw_colour_card(fb)
        else:
            draw_text_page(fb)


def draw_colour_card(fb: FrameBuffer) -> None:
    """Page 1: colour swatches on per-row inks, the 256-code font, a 27-band border."""
    pal = palette()
    fb.text(1, 0, "MIRE DE TEST  Monopoly CPC  MODE 1")
    fb.text(1, 1, "27 couleurs, 4 encres par ligne", pen=2)
    # Two swatches per text row: pen 1 on the left, pen 2 on the right; pen 3 writes the
    # labels and outlines, white on the dark colours and black on the light ones.
    for i in range(14):
        row = 2 + i
        y0, y1 = row * 8, row * 8 + 8
        left, right = 2 * i, 2 * i + 1
        label_ink = WHITE if max(left, min(right, 26)) < 14 else BLACK
        # grey paper on the row of the black swatch, black paper elsewhere
        paper_ink = GREY if left == BLACK else BLACK
        fb.set_inks((paper_ink, left, right if right <= 26 else BRIGHT_YELLOW, label_ink), y0, y1)
        _swatch(fb, 0, row, 1, left, pal.colours[left].name)
        if right <= 26:
            _swatch(fb, 21, row, 2, right, pal.colours[right].name)
        else:
            fb.text(22, row, "bordure: 27 bandes", pen=2)
    fb.text(1, 16, "Police 8x8 : codes &00 à &FF", pen=2)
    for r in range(8):
        row = 17 + r
        fb.text(0, row, f"&{32 * r:02X}", pen=2)
        codes = range(32 * r, 32 * r + 32)
        fb.text(4, row, fb.font.decode(codes), pen=1)
    for y in range(FrameBuffer.BH):
        fb.set_border(y * 27 // FrameBuffer.BH, y, y + 1)


def _swatch(fb: FrameBuffer, col: int, row: int, pen: int, colour: int, name: str) -> None:
    # 7 lines high: the 8th stays paper, so the swatches stand apart (capitals use rows 0-6)
    fb.fill_rect(col * 8, row * 8, 19 * 8, 7, pen)
    fb.text(col + 1, row, f"{colour:2d} {name.upper()}"[:17], pen=3, paper=None)


def draw_text_page(fb: FrameBuffer) -> None:
    """Page 2: a BASIC session in the power-on colours, with the block cursor."""
    rows = basic_rows()
    for row, line in enumerate(rows):
        fb.text(0, row, line)
    fb.text(0, len(rows), "\u2588")


def basic_rows() -> list[str]:
    """BASIC_PAGE cut at 40 columns, as the firmware wraps a long line mid-word."""
    rows: list[str] = []
    for line in BASIC_PAGE:
        rows.extend(line[i:i + 40] for i in range(0, max(len(line), 1), 40))
    return rows
