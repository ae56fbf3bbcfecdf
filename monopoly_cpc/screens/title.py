"""The title screen: the game's name, the credits line, 'appuyez sur une touche'.

Any key goes on to the set-up (pawn menu).  The O key opens the options screen
(:class:`~monopoly_cpc.screens.options.OptionsScreen`), which comes back to a new title.
"""

from __future__ import annotations

from monopoly_cpc.render.framebuffer import big_text
from monopoly_cpc.render.pawns import PAWN_KEYS, draw_pawn
from monopoly_cpc.screens.base import Screen
from monopoly_cpc.texts import load_texts

# Inks: the CPC's blue paper and yellow text, cyan and red for the big name.
INKS = (1, 24, 20, 6)
BLINK = 25  # ticks per half period of the blinking prompt


def centre(fb, row: int, s: str, pen: int = 1) -> None:
    """Text centred on a 40-column row."""
    fb.text(max(0, (40 - len(s)) // 2), row, s, pen=pen, paper=0)


# the line under the prompt when a game put aside can be resumed (ctx.resumable)
RESUME_TEXT = {"fr": "R : reprendre la partie", "en": "R: resume the game"}


class TitleScreen(Screen):
    """Shows the title until a key is pressed, then the pawn menu."""

    attract_may_start = True
    home = True
    idle_return = False
    kiosk_locked_letters = frozenset("O")   # no options for visitors (nor their line)
    resume_letter = "R"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.texts = load_texts(ctx.lang)
        self.ticks = 0

    def on_key(self, ev) -> None:
        if ev.repeat:
            return
        # the tune belongs to the title: it stops when the title is left by a key (it is
        # shorter than the attract delay, so it has ended before a demo game replaces the title)
        self.ctx.audio.stop("title")
        if ev.letter == "O":
            self.ctx.go("options")      # they come back to a new title
            return
        self.ctx.after("title")

    def tick(self) -> None:
        if self.ticks == 0:
            self.ctx.audio.cue("title")   # the title tune, once (about 28 s)
        self.ticks += 1

    def draw(self, fb) -> None:
        t = self.texts
        fb.clear(0)
        fb.set_inks(INKS)
        fb.set_border(1)
        # a raster band behind the big name: pen 2 and 3 take other colours there
        fb.set_inks((0, 26, 11, 6), 16, 56)
        fb.set_border(0, 36 + 16, 36 + 56)
        fb.fill_rect(0, 16, 320, 40, 0)
        name = t["title.name"]
        big_text(fb, name, (320 - 24 * len(name)) // 2 + 2, 22, 3, 2)   # shadow
        big_text(fb, name, (320 - 24 * len(name)) // 2, 20, 3, 3)
        centre(fb, 8, t["title.subtitle"], 1)
        centre(fb, 10, t["title.edition"], 2)
        for i in range(len(PAWN_KEYS)):
            draw_pawn(fb, i, 160 - 3 * 36 + 36 * i + 9, 100, scale=2)
        centre(fb, 17, t["title.credits"], 2)
        if (self.ticks // BLINK) % 2 == 0:
            centre(fb, 20, t["title.press"], 1)
        if self.ctx.resumable:
            lang = self.ctx.lang
            centre(fb, 22, RESUME_TEXT.get(lang, RESUME_TEXT["fr"]), 3)
        if not self.ctx.options.kiosk:
            # one row further down under a resume line (a blank row between the lines)
            centre(fb, 24 if self.ctx.resumable else 23, t["title.options"], 2)

    def draw_key(self) -> tuple:
        """The blink of 'appuyez sur une touche' and the resume line: all that changes."""
        return (self.ticks // BLINK) % 2, self.ctx.resumable, self.ctx.lang, self.ctx.options.kiosk
