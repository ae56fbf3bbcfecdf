"""The boot screen: draws the boot's sequence (``boot.sequence``) and forwards the keys to it.

The sequence is the machine (power-on, typing, BASIC's answers, the tape and disc loads, ESC);
this screen draws its text screen, inks, border and loading picture through the framebuffer,
plays the sounds it hands out, and moves on to ``on_done()`` (the title) when it is over.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from monopoly_cpc.boot import machines, picture
from monopoly_cpc.boot.console import ROWS
from monopoly_cpc.boot.sequence import BootSequence, State
from monopoly_cpc.render.font import font
from monopoly_cpc.screens.base import Screen

if TYPE_CHECKING:
    import numpy as np

FLASH_FRAMES = 10  # each colour of a flashing ink shows 10 frames (0.2 s)


class BootScreen(Screen):
    """Power-on, typed commands and the cosmetic load; then ``on_done()``."""

    idle_return = False                   # it ends by itself
    kiosk_only_keys = frozenset({"COPY"})  # kiosk: COPY skips it; no ESC Break to BASIC for visitors

    def __init__(self, ctx: Any, on_done: Callable[[], Screen]) -> None:
        super().__init__(ctx)
        self.on_done = on_done
        options = ctx.options   # the command line's machine and loader (not settings)
        self.seq = BootSequence(
            machine=options.machine or "6128", media=options.media, baud=int(options.tape_speed or 1000),
            loader=options.loader or "fast", no_disc=bool(options.no_disc), auto=bool(options.kiosk),
            french=ctx.lang != "en", printable=font().has)
        self._left = False

    @property
    def log(self) -> list[str]:
        """Every line printed or typed, in order (for tests and logs)."""
        return self.seq.log

    def on_key(self, ev: Any) -> None:
        self.seq.key(ev)
        self._follow()

    def tick(self) -> None:
        self.seq.tick()
        self._follow()

    def _follow(self) -> None:
        """Play what the sequence started or stopped; move on once it is over."""
        audio = self.ctx.audio
        for op in self.seq.take_sounds():
            if op[0] == "cue":
                audio.cue(op[1])
            elif op[0] == "loop":
                audio.cue(op[1], loops=-1)
            elif op[0] == "stop":
                audio.stop(op[1])
            else:
                audio.play_samples(_tape_noise(self.seq.baud, op[1], op[2]), name="tape")
        if self.seq.state is State.DONE and not self._left:
            self._left = True
            self.ctx.switch(self.on_done())

    def draw(self, fb: Any) -> None:
        seq = self.seq
        if seq.state is State.POWER and seq.t < machines.GREY_FRAMES:
            machines.draw_grey(fb)   # before the firmware has set its inks
            return
        import numpy as np  # not before: the grey frames are drawn without it (render.framebuffer)

        phase = (seq.t // FLASH_FRAMES) % 2
        image, slots = self._console_image()
        if seq.picture_bytes and seq.picture_ticks is not None:
            offsets = np.repeat(picture.offset_map(), 4, axis=1)
            arrived = offsets < seq.picture_bytes
            arrival = np.asarray(seq.picture_ticks)[np.minimum(offsets, len(seq.picture_ticks) - 1)]
            cols = seq.console.cols
            stamps = np.repeat(np.repeat(np.array(seq.console.stamps), 8, axis=0), 320 // cols, axis=1)
            # screen memory holds whichever came last: the picture's byte or the character
            over = arrived & (arrival > stamps)
            image = np.where(over, picture.loading_picture(), image).astype(np.uint8)
            con = seq.console
            if con.cursor_on:
                # The firmware's cursor inverts its cell in screen memory (each pixel XORed with
                # pen XOR paper), over the picture's bytes as over a character.
                c, r = con.cursor_cell()
                cell = (slice(8 * r, 8 * r + 8), slice(c * 320 // cols, (c + 1) * 320 // cols))
                flipped = image[cell] ^ ((con.pen ^ con.paper) & 3)
                image[cell] = np.where(over[cell], flipped, image[cell])
        fb.sprite(image, 0, 0)
        for r, row_slots in enumerate(slots):
            fb.set_inks([seq.ink_table[p][phase] for p in row_slots], 8 * r, 8 * r + 8)
        fb.set_border(seq.border_inks[phase])

    def _console_image(self) -> tuple[np.ndarray, list[list[int]]]:
        """The text screen as (200, 320) framebuffer pens, and for each text row the BASIC pen
        each of the 4 framebuffer pens stands for.  Mode 1 and 2 use their pens directly;
        Mode 0's 16 pens are given the framebuffer's 4 row by row (a row using more than 4
        shows the others in the fourth)."""
        import numpy as np

        con = self.seq.console
        f = font()
        cols = con.cols
        codes = np.array([[f.char_to_code.get(ch, f.char_to_code["?"]) for ch in row] for row in con.cells],
                         dtype=np.int64)
        fg = np.array(con.pens, dtype=np.int64)
        bg = np.array(con.papers, dtype=np.int64)
        if con.cursor_on:
            c, r = con.cursor_cell()
            fg[r, c], bg[r, c] = con.paper, con.pen  # the block cursor: the cell inverted
        mode = {20: 0, 40: 1, 80: 2}[cols]
        slots: list[list[int]] = []
        if mode == 0:
            for r in range(ROWS):
                used: list[int] = []
                for p in (*bg[r], *fg[r]):
                    if int(p) not in used:
                        used.append(int(p))
                used = (used + [p for p in range(16) if p not in used])[:4]
                lookup = {p: i for i, p in enumerate(used)}
                fg[r] = [lookup.get(int(p), 3) for p in fg[r]]
                bg[r] = [lookup.get(int(p), 3) for p in bg[r]]
                slots.append(used)
        else:
            mask = 3 if mode == 1 else 1
            fg &= mask
            bg &= mask
            slots = [[0, 1, 2, 3]] * ROWS
        glyphs = f.glyphs[codes]  # (25, cols, 8, 8)
        if mode == 2:
            # 640 pixels across in 320: each pair of Mode 2 pixels shows as one
            glyphs = glyphs[..., 0::2] | glyphs[..., 1::2]
        pix = np.where(glyphs, fg[:, :, None, None], bg[:, :, None, None])
        image = pix.transpose(0, 2, 1, 3).reshape(ROWS * 8, -1)
        if mode == 0:
            image = np.repeat(image, 2, axis=1)
        return image.astype(np.uint8), slots


@lru_cache(maxsize=2)
def _tape_tiles(baud: int) -> tuple[np.ndarray, np.ndarray]:
    """One second of leader tone and one of data warble, rendered once and then tiled."""
    from monopoly_cpc.sound.machine import render_tape_noise

    return render_tape_noise([(1.0, "leader")], baud), render_tape_noise([(1.0, "data")], baud, seed=464)


def _tape_noise(baud: int, leader_s: float, data_s: float) -> np.ndarray:
    """The speaker's sound of one record: a leader of ``leader_s`` then ``data_s`` of data."""
    import numpy as np

    leader, data = _tape_tiles(baud)
    rate = len(leader)  # samples per second
    parts = [np.resize(leader, int(leader_s * rate)), np.resize(data, max(0, int(data_s * rate)))]
    return np.concatenate(parts)
