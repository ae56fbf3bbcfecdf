"""The boot: the CPC's power-on screen, the typed commands, and the cosmetic tape or disc load.

``BootScreen(ctx, on_done)`` plays, in 50 Hz ticks:

1. the power-on screen of the chosen machine (``boot.machines``): the banner after 0.3 s,
   ``Ready`` after 0.9 s, the steady block cursor;
2. an auto-typer that types, at a person's pace, ``|TAPE`` (664/6128 with tape) or ``|DISC``
   (464 with disc), then ``RUN"MONOPOLY`` and ENTER; on a French CPC the bar shows as ``ù``;
3. tape: ``Press PLAY then any key:``, then the firmware's messages at the times of the tape
   model (``boot.tape``), then the BASIC loader's MODE 1 and the loading picture arriving in
   screen-memory order; disc: the drive's timing (``boot.disc``), no messages, then the same
   picture; ``--no-disc`` first gives AMSDOS's ``Retry, Ignore or Cancel?``;
4. ``on_done()`` gives the next screen (the title).

Keys: COPY skips to the title at any time.  ESC at the tape prompt or during the tape load
gives ``Break`` and ``Ready`` (one press is enough for the cassette firmware; a second does
nothing more); once the BASIC loader runs, its silent LOADs stop with ``Break in 20`` (the
picture) or ``Break in 30`` (the code), and when everything is in, any key is the one its
``CALL &BB18`` waits for (on to the title).  At ``Ready`` the player may type ``RUN"MONOPOLY`` (or ``|TAPE``/``|DISC``) with a small
line editor (DEL deletes).  Any key typed while the auto-typer is typing takes over from it.

``--loader real`` plays the loads in real time (minutes on tape), ``fast`` (default) plays them
10 times faster and types twice as fast, ``skip`` goes straight to ``on_done()``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from monopoly_cpc.boot import basic, disc, machines, picture, tape
from monopoly_cpc.boot.console import Console
from monopoly_cpc.screens.base import Screen

SKIP_KEY = "COPY"
TPS = machines.TICKS_PER_SECOND
POWER_ON_INKS = (1, 24, 20, 6)  # Mode 1 at power-on: blue paper, bright yellow pen
# How much faster than real time the loads play.  A disc load takes only ~6 s, so "fast"
# plays it at 2x (at 10x the picture would flash by in half a second).
LOAD_FACTOR = {("real", "tape"): 1.0, ("fast", "tape"): 10.0, ("real", "disc"): 1.0, ("fast", "disc"): 2.0}
TYPE_PACE = {"real": (7, 6, 8, 7, 9, 6, 7, 8), "fast": (3, 3, 4, 3, 4, 3, 3, 4)}
FIRST_KEY_DELAY = {"real": 60, "fast": 25}  # after Ready, before the first key
ENTER_DELAY = {"real": 14, "fast": 6}  # after the last character of a line
NEXT_LINE_DELAY = {"real": 40, "fast": 15}  # after a command's Ready, before the next one
AUTO_PLAY_TICKS = 150  # kiosk / attract: "press" PLAY and a key (or R) after 3 s
HOLD_PICTURE_TICKS = 50  # the finished picture stays 1 s before the title

_RUN = re.compile(r'^RUN\s*"([^"]*)"?\s*$')  # RUN"NAME, RUN "NAME", RUN"NAME"
DISC_FILES = tuple(
    (f.name + (".BAS" if f.filetype == tape.FILETYPE_BASIC else ".BIN"), len(f.data))
    for f in tape.monopoly_files()
)


def _ticks(seconds: float, factor: float) -> int:
    return math.ceil(seconds * TPS / factor - 1e-9)


class BootScreen(Screen):
    """Power-on, typed commands and the cosmetic load; then ``on_done()``."""

    def __init__(self, ctx: Any, on_done: Callable[[], Screen]) -> None:
        super().__init__(ctx)
        self.on_done = on_done
        self.machine = machines.machine(ctx.option("machine", "6128"))
        self.media: str = ctx.option("media", None) or self.machine.default_media
        if self.media not in ("tape", "disc"):
            raise ValueError(f"media must be tape or disc, got {self.media!r}")
        # A 464 booted for disc has a DDI-1 (and AMSDOS); one booted for tape has none.
        self.has_amsdos = self.machine.built_in_disc or self.media == "disc"
        self.baud = int(ctx.option("tape_speed", 1000))
        self.mode = ctx.option("loader", "fast")
        if self.mode not in ("real", "fast", "skip"):
            raise ValueError(f"loader must be real, fast or skip, got {self.mode!r}")
        self.no_disc = bool(ctx.option("no_disc", False))
        self.disc_in = not self.no_disc
        self.auto = bool(ctx.option("kiosk", False) or ctx.option("attract", False))
        layout = ctx.option("cpc_layout", None) or ("en" if ctx.option("lang", "fr") == "en" else "fr")
        self.french = layout == "fr"
        pace = "real" if self.mode == "real" else "fast"
        self.pace = pace

        self.t = 0  # ticks since power-on
        self.console = Console()
        self.inks = POWER_ON_INKS
        self.border = machines.BORDER_INK
        self.picture_bytes = 0  # how much of the loading picture is in screen memory
        self._picture_ticks: np.ndarray | None = None
        self.state = "power"  # power | typing | editor | tape_prompt | loading | disc_error | done
        self.buffer = ""  # the line being typed
        self.caps_lock = False  # the CAPS LOCK key's state (the firmware's, for a-z only)
        self._typing: list[str] = list(self.machine.commands(self.media, self.french))
        self._type_queue: list[tuple[int, str]] = []  # (tick, char or "\r")
        self._schedule: list[tuple[int, tuple]] = []
        self._prompt_tick = 0
        self._motor_on = False
        self._load_kind = self.media
        self._tape_name = tape.LOADER_NAME
        self._disc_name = tape.LOADER_NAME   # the file a disc retry asks for ("" after |A)
        # The BASIC loader's line being run (its LOADs, then the key wait), None at the prompt.
        self._program_line: int | None = None
        if self.mode != "skip":
            # Work out the tape's timeline now, not in the frame where the key is pressed.
            tape.timeline(self.baud, tape.LOADER_NAME)
            tape.byte_times(self.baud, tape.SCREEN_NAME)
            disc.timeline(tape.LOADER_NAME)
        self.log: list[str] = []  # every line printed or typed, in order (for tests and logs)
        self._copyright_until = -1

    # -- the outside -------------------------------------------------------------------------
    def on_key(self, ev: Any) -> None:
        if self.state == "done":
            return
        if ev.key == SKIP_KEY:
            self._finish()
            return
        if self.state == "typing":
            self._type_queue = []
            self._typing = []
            self.state = "editor"
        if self.state == "editor":
            self._edit_key(ev)
        elif self.state == "tape_prompt":
            if ev.key == "ESC":
                self._break()
            elif not ev.repeat and ev.key not in ("SHIFT", "CTRL"):
                self._start_tape()
        elif self.state == "loading" and self._load_kind == "tape":
            if self._program_line == tape.WAIT_KEY_LINE:
                if not ev.repeat and ev.key not in ("SHIFT", "CTRL"):
                    self._finish()  # the key CALL &BB18 waits for: the program goes on
            elif ev.key == "ESC":
                self._break()
        elif self.state == "disc_error":
            self._disc_error_key(ev.letter)

    def tick(self) -> None:
        if self.state == "done":
            return
        if self.mode == "skip":
            self._finish()
            return
        self.t += 1
        if self.state == "power":
            self._power_tick()
        elif self.state == "typing":
            self._typing_tick()
        elif self.auto and self.t - self._prompt_tick >= AUTO_PLAY_TICKS:
            # kiosk / attract: nobody at the keyboard, so PLAY (or R) is "pressed" by itself
            if self.state == "tape_prompt":
                self._start_tape()
            elif self.state == "disc_error":
                self._disc_error_key("R")
        if self.state == "loading":
            self._run_schedule()

    def draw(self, fb: Any) -> None:
        fb.set_inks(self.inks)
        fb.set_border(self.border)
        fb.clear(0)
        picture_mode = self.inks != POWER_ON_INKS
        if self.picture_bytes:
            fb.sprite(picture.revealed(picture.loading_picture(), self.picture_bytes), 0, 0)
        rows = self.console.rows()
        if self._copyright_until >= self.t:
            rows[machines.COPYRIGHT_ROW] = machines.COPYRIGHT_FLASH.ljust(40)
        for r, line in enumerate(rows):
            if not picture_mode:
                if line.strip():
                    fb.text(0, r, line, pen=1, paper=0)
                continue
            for c, written in enumerate(self.console.written[r]):
                if written:
                    fb.text(c, r, line[c], pen=1, paper=0)
        if self.console.cursor_on:
            c, r = self.console.cursor_cell()
            fb.text(c, r, rows[r][c], pen=1, paper=0, inverse=True)

    # -- power-on ----------------------------------------------------------------------------
    def _power_tick(self) -> None:
        if self.t == machines.BANNER_TICK:
            for r, text in self.machine.banner:
                self.console.row, self.console.col = r, 0
                self.console.write(text)
                self.log.append(text)
            if self.machine.flash_copyright:
                self._copyright_until = self.t  # shown for this one frame only
        if self.t == machines.READY_TICK:
            self.console.row, self.console.col = machines.READY_ROW, 0
            self._print_line("Ready")
            self.console.cursor_on = True
            self._begin_typing(FIRST_KEY_DELAY[self.pace])

    # -- auto-typer and line editor ----------------------------------------------------------
    def _begin_typing(self, delay: int) -> None:
        if not self._typing:
            self.state = "editor"
            return
        line = self._typing.pop(0)
        pace = TYPE_PACE[self.pace]
        t = self.t + delay
        queue = []
        for i, ch in enumerate(line):
            queue.append((t, ch))
            t += pace[i % len(pace)]
        queue.append((t + ENTER_DELAY[self.pace] - pace[(len(line) - 1) % len(pace)], "\r"))
        self._type_queue = queue
        self.state = "typing"

    def _typing_tick(self) -> None:
        while self._type_queue and self._type_queue[0][0] <= self.t:
            _, ch = self._type_queue.pop(0)
            self._type_char(ch)
            if self.state != "typing":
                return

    def _type_char(self, ch: str) -> None:
        if ch == "\r":
            self._enter()
            return
        if len(self.buffer) < 255:
            self.buffer += ch
            self.console.put(ch)

    def _edit_key(self, ev: Any) -> None:
        if ev.key == "CAPS":
            if not ev.repeat:
                self.caps_lock = not self.caps_lock
            return
        if ev.key == "ESC":
            if self.buffer:
                self.buffer = ""
                self.console.newline()
            return
        if ev.key == "DEL":
            if self.buffer:
                self.buffer = self.buffer[:-1]
                self.console.backspace()
            return
        if ev.is_enter and not (ev.char and len(ev.char) > 1):
            self._enter()
            return
        for ch in ev.char or "":
            if ch == "\r":
                self._enter()
                if self.state != "editor":
                    return
            elif ch >= " " and ch != "\x7f":
                self._type_char(ch.upper() if self.caps_lock and "a" <= ch <= "z" else ch)

    def _print_line(self, text: str) -> None:
        self.console.ensure_line_start()
        self.console.write(text)
        self.console.newline()
        self.log.append(text)

    def _ready(self) -> None:
        self.ctx.audio.stop("disc_motor")
        self._print_line("Ready")
        self.console.cursor_on = True
        self.state = "editor"

    def _enter(self) -> None:
        line, self.buffer = self.buffer, ""
        self.log.append(line)
        self.console.newline()
        cmd = line.strip()
        upper = cmd.upper().replace("\u00f9", "|").replace("\u00d9", "|")
        if not cmd:
            self.state = "editor"
            return
        if upper in ("|TAPE", "|DISC"):
            if not self.has_amsdos:
                self._print_line("Unknown command")
            else:
                self.media = "tape" if upper == "|TAPE" else "disc"
            self._ready()
            if self._typing:
                self._begin_typing(NEXT_LINE_DELAY[self.pace])
            return
        if upper in ("|A", "|B") and self.has_amsdos:
            # Selects the drive, which AMSDOS reads at once: nothing to say with a disc in.
            self.media = self._load_kind = "disc"
            if self.disc_in:
                self._ready()
            else:
                self.console.cursor_on = False
                self._schedule = []
                self._start_disc("")    # no file: a retry with the disc in reads it, then Ready
            return
        if upper.startswith("|"):
            self._print_line("Unknown command")   # no ROM knows this bar command
            self._ready()
            return
        if upper == "CLS":
            self.console.clear()
            self._ready()
            return
        if upper == "RUN":
            self._ready()   # no program in memory: nothing runs
            return
        run = _RUN.match(upper)
        if run is not None:
            self._run(run.group(1).strip())
            return
        self._print_line("Syntax error")
        self._ready()

    # -- loading -----------------------------------------------------------------------------
    def _run(self, name: str) -> None:
        self.console.cursor_on = False
        self._program_line = None
        self._schedule = []
        self._load_kind = self.media
        if self.media == "tape":
            self.console.write("Press PLAY then any key: ")
            self.log.append("Press PLAY then any key:")
            self.console.cursor_on = True
            self.state = "tape_prompt"
            self._prompt_tick = self.t
            self._tape_name = name
        else:
            self._start_disc(name)

    @property
    def factor(self) -> float:
        return LOAD_FACTOR[(self.pace, self._load_kind)]

    def _at(self, seconds: float, *op: Any, start: int | None = None) -> None:
        base = self.t if start is None else start
        self._schedule.append((base + _ticks(seconds, self.factor), op))

    def _start_tape(self) -> None:
        self.console.cursor_on = False
        self.state = "loading"
        self._motor_on = True
        self.ctx.audio.cue("relay_click")
        events = tape.timeline(self.baud, self._tape_name)
        start = self.t
        if self.machine.model == "464" and self.pace == "real":
            # The 464 lets the tape signal through to its speaker: each record's leader and
            # data, at the model's times (only in real time: at 10x it would be a squeal).
            speed = tape.speed_for(self.baud)
            leader_s = tape.LEADER_PULSES * speed.one / tape.TZX_HZ
            for rec in tape.model(self.baud).reads():
                if rec.t_end > events[-1].t:
                    break
                self._at(rec.t_start, "tape_noise", leader_s, rec.t_end - rec.t_start - leader_s, start=start)
        loaded = [e for e in events if e.kind == "file_loaded"]
        load_line = {name.lstrip("!"): line for line, name in basic.load_lines(tape.monopoly_files()[0].data)}
        for e in events:
            if e.kind == "motor_on" and e.file in load_line:
                self._at(e.t, "line", load_line[e.file], start=start)
            if e.text is not None:
                self._at(e.t, "message", e.text, e.new_line, start=start)
            if e.kind == "file_loaded" and e.file == tape.LOADER_NAME:
                self._at(e.t, "newline", start=start)
                self._at(e.t, "mode1", start=start)
            if e.kind == "motor_on" and e.t > 0:
                self._at(e.t, "cue", "relay_click", start=start)
            if e.kind == "motor_off":
                self._at(e.t, "cue", "relay_click", start=start)
        if any(e.file == tape.SCREEN_NAME for e in loaded):
            times = tape.byte_times(self.baud, tape.SCREEN_NAME)
            self._picture_ticks = start + np.ceil(times * TPS / self.factor - 1e-9).astype(np.int64)
        entry = {f.name: f.entry for f in tape.monopoly_files() if f.filetype != tape.FILETYPE_BASIC}
        if len(loaded) == 1 and entry.get(loaded[0].file) == 0:
            # RUN"MONOSCR: the firmware jumps to the file's entry address, 0, which resets the CPC.
            self._at(loaded[0].t, "reset", start=start)
        if len(loaded) > 1 and loaded[0].file == tape.LOADER_NAME and loaded[-1].file == tape.CODE_NAME:
            # The BASIC loader pulled in its files: line 40 waits for a key, then the title.
            self._at(loaded[-1].t, "motor", False, start=start)
            self._at(loaded[-1].t, "line", tape.WAIT_KEY_LINE, start=start)
            self._schedule.append((start + _ticks(loaded[-1].t, self.factor) + HOLD_PICTURE_TICKS, ("finish",)))
        self._schedule.sort(key=lambda item: item[0])

    def _start_disc(self, name: str) -> None:
        self.state = "loading"
        self._disc_name = name   # what R (Retry) asks for again
        self.ctx.audio.cue("disc_motor", loops=-1)  # the motor turns until the load ends
        if not self.disc_in:
            self._at(disc.MISSING_AFTER_S, "disc_missing")
            return
        # AMSDOS's reads on the disc the tool writes (boot.dsk), timed by boot.disc: the name as
        # typed, or without a type the first of NAME., NAME.BAS and NAME.BIN.
        events = disc.timeline(name)
        start = self.t
        missing = next((e for e in events if e.kind == "not_found"), None)
        if missing is not None:
            self._at(missing.t, "not_found", name)
            return
        loaded = [e for e in events if e.kind == "file_loaded"]
        # RUN"MONOSCR or RUN"MONOCODE: that binary alone is loaded, and the firmware jumps to
        # its entry address, 0, which resets the CPC (as from the tape).
        binary = loaded[0].file != DISC_FILES[0][0]
        for e in events:
            if e.kind == "step":
                self._at(e.t, "cue", "disc_step", start=start)
        self._at(loaded[0].t, "reset" if binary else "mode1", start=start)
        if binary:
            self._schedule.sort(key=lambda item: item[0])
            return
        screen_file = DISC_FILES[1]
        times = disc.byte_times(events, screen_file[0], screen_file[1])
        self._picture_ticks = start + np.ceil(times * TPS / self.factor - 1e-9).astype(np.int64)
        last = [e for e in events if e.kind == "file_loaded"][-1]
        self._schedule.append((start + _ticks(last.t, self.factor) + HOLD_PICTURE_TICKS, ("finish",)))
        self._schedule.sort(key=lambda item: item[0])

    def _run_schedule(self) -> None:
        while self._schedule and self._schedule[0][0] <= self.t and self.state == "loading":
            _, op = self._schedule.pop(0)
            self._do(op)
        if self._picture_ticks is not None and self.inks == picture.INKS and self.state == "loading":
            self.picture_bytes = int(np.searchsorted(self._picture_ticks, self.t, side="right"))

    def _do(self, op: tuple) -> None:
        kind = op[0]
        if kind == "message":
            _, text, new_line = op
            if new_line:
                self.console.ensure_line_start()
            else:
                self.console.col = 0
            self.console.write(text)
            self.log.append(text)
        elif kind == "newline":
            self.console.ensure_line_start()
        elif kind == "mode1":
            # The BASIC loader's line 10: MODE 1 (clears the screen), BORDER and INKs.
            self.console.clear()
            self.console.cursor_on = False
            self.inks = picture.INKS
            self.border = picture.BORDER
            self.picture_bytes = 0
        elif kind == "cue":
            self.ctx.audio.cue(op[1])
        elif kind == "tape_noise":
            self.ctx.audio.play_samples(_tape_noise(self.baud, op[1], op[2]), name="tape")
        elif kind == "motor":
            self._motor_on = op[1]
        elif kind == "line":
            self._program_line = op[1]
        elif kind == "finish":
            self._finish()
        elif kind == "reset":
            self._reset()
        elif kind == "disc_missing":
            self.ctx.audio.stop("disc_motor")
            self.console.newline()
            self.console.write(disc.MISSING_TEXT)
            self.log.append(disc.MISSING_TEXT)
            self.console.newline()
            self.console.newline()
            self.console.write(disc.RETRY_PROMPT)
            self.log.append(disc.RETRY_PROMPT.rstrip())
            self.console.cursor_on = True
            self.state = "disc_error"
            self._prompt_tick = self.t
        elif kind == "not_found":
            self._print_line(f"{op[1]} not found")
            self._ready()

    def _disc_error_key(self, letter: str | None) -> None:
        if letter == "R":
            # The cosmetic: the player has put the disc in, so the retry reads it.
            self.disc_in = True
            self.console.cursor_on = False
            self.console.newline()
            if self._disc_name:
                self._start_disc(self._disc_name)
            else:
                self._ready()   # |A: the drive is read, nothing more to do
        elif letter in ("I", "C"):
            self.console.newline()
            self.console.newline()
            self._print_line(disc.BAD_COMMAND)
            self._ready()

    def _break(self) -> None:
        self._schedule = []
        self._picture_ticks = None
        self.ctx.audio.stop("tape")
        if self._motor_on:
            self.ctx.audio.cue("relay_click")
            self._motor_on = False
        # In direct mode BASIC says Break; while its program runs, Break in <line>.
        self._print_line("Break" if self._program_line is None else f"Break in {self._program_line}")
        self._program_line = None
        self._ready()

    def _reset(self) -> None:
        """The CPC restarts from power-on (a jump to address 0), with its boot typed again."""
        log = self.log
        self.ctx.audio.stop("tape")
        self.ctx.audio.stop("disc_motor")
        self.__init__(self.ctx, self.on_done)  # type: ignore[misc]
        self.log = log + ["(reset)"]

    def _finish(self) -> None:
        if self.state == "done":
            return
        self.state = "done"
        self.ctx.audio.stop("tape")
        self.ctx.audio.stop("disc_motor")
        self.ctx.switch(self.on_done())


@lru_cache(maxsize=2)
def _tape_tiles(baud: int) -> tuple[np.ndarray, np.ndarray]:
    """One second of leader tone and one of data warble, rendered once and then tiled."""
    from monopoly_cpc.sound.machine import render_tape_noise

    return render_tape_noise([(1.0, "leader")], baud), render_tape_noise([(1.0, "data")], baud, seed=464)


def _tape_noise(baud: int, leader_s: float, data_s: float) -> np.ndarray:
    """The speaker's sound of one record: a leader of ``leader_s`` then ``data_s`` of data."""
    leader, data = _tape_tiles(baud)
    rate = len(leader)  # samples per second
    parts = [np.resize(leader, int(leader_s * rate)), np.resize(data, max(0, int(data_s * rate)))]
    return np.concatenate(parts)
