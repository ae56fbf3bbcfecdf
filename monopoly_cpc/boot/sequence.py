"""The boot's sequence: the CPC's power-on, the typed commands and the cosmetic tape or disc
load, as a state machine of 50 Hz ticks (no pygame, no clock, no drawing).

``BootSequence(machine, media, ...)`` plays:

1. the power-on of the chosen machine (``boot.machines``): 2 grey frames, the banner printed
   character by character from frame 10, ``Ready`` and the steady block cursor at frame 44
   (464) or 43 (664, 6128);
2. an auto-typer that types, at a person's pace, ``|TAPE`` (664/6128 with tape) or ``|DISC``
   (464 with disc), then ``RUN"MONOPOLY`` and ENTER; on a French CPC the bar shows as ``ù``;
3. tape: ``Press PLAY then any key:``, then the firmware's messages at the times of the tape
   model (``boot.tape``), then the BASIC loader's MODE 1 and the loading picture arriving in
   screen-memory order; disc: the drive's timing (``boot.disc``), no messages, then the same
   picture; ``--no-disc`` first gives AMSDOS's ``Retry, Ignore or Cancel?``;
4. the state ``State.DONE``: the screen moves on (to the title).

At ``Ready`` the lines typed go to BASIC (``boot.interpreter``: PRINT, LIST, MODE, INK, CAT,
RUN ...); the sequence plays its answers on the console and the loads over time.  Keys
(``key(ev)``): COPY skips to the end at any time; ESC stops a tape load as BASIC 1.0
(``Break``) or 1.1 (``Broken in``) does, a disc load once its file is in (``Break in <next
line>``), and in the line editor gives ``*Break*``; when everything is loaded, any key is the
one the loader's ``CALL &BB18`` waits for.  Any key typed while the auto-typer is typing
takes over from it.

What the machine shows is public state: ``console`` (the text screen), ``ink_table``,
``border_inks``, ``picture_bytes`` and ``picture_ticks`` (how much of the loading picture is
in screen memory, and when each byte arrives).  What it plays is handed out by
``take_sounds()``: ``("cue", name)``, ``("loop", name)`` (until stopped), ``("stop", name)``
and ``("tape_noise", leader_s, data_s)`` (the 464's speaker during a record).

``loader="real"`` plays the loads in real time (minutes on tape), ``fast`` plays them 10 times
faster and types twice as fast, ``skip`` goes straight to ``State.DONE``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from monopoly_cpc.boot import basic, interpreter, machines, picture, tape
from monopoly_cpc.boot.console import Console

if TYPE_CHECKING:
    import numpy as np  # imported where used: the first frames are drawn without it

SKIP_KEY = "COPY"
TPS = machines.TICKS_PER_SECOND
POWER_ON_INKS = (1, 24, 20, 6)  # Mode 1 at power-on: blue paper, bright yellow pen
# The firmware's 16 inks at power-on, its two flash sets (cpc_facts §1): pens 14 and 15 flash.
POWER_ON_INK_TABLE = (
    (1, 1), (24, 24), (20, 20), (6, 6), (26, 26), (0, 0), (2, 2), (8, 8),
    (10, 10), (12, 12), (14, 14), (16, 16), (18, 18), (22, 22), (1, 24), (11, 16),
)
# How much faster than real time the loads play.  A disc load takes only ~6 s, so "fast"
# plays it at 2x (at 10x the picture would flash by in half a second).
LOAD_FACTOR = {("real", "tape"): 1.0, ("fast", "tape"): 10.0, ("real", "disc"): 1.0, ("fast", "disc"): 2.0}
TYPE_PACE = {"real": (7, 6, 8, 7, 9, 6, 7, 8), "fast": (3, 3, 4, 3, 4, 3, 3, 4)}
FIRST_KEY_DELAY = {"real": 60, "fast": 25}  # after Ready, before the first key
ENTER_DELAY = {"real": 14, "fast": 6}  # after the last character of a line
NEXT_LINE_DELAY = {"real": 40, "fast": 15}  # after a command's Ready, before the next one
AUTO_PLAY_TICKS = 150  # kiosk / attract: "press" PLAY and a key (or R) after 3 s
HOLD_PICTURE_TICKS = 50  # the finished picture stays 1 s before the title
PRECOMPUTE_TICK = 3  # the disc's timeline is made then: after the first frame, before RUN
BREAK_TEXT = interpreter.BREAK_TEXT  # a tape read stopped: BASIC 1.1 says "Broken in" (in 20)
EDITOR_BREAK = "*Break*"
NOT_TYPED = ("SHIFT", "CTRL", "CAPS")   # keys that alone neither go on nor stop a program


class State(Enum):
    """Where the boot is."""

    POWER = "power"              # the power-on frames, up to Ready
    TYPING = "typing"            # the auto-typer types a line
    EDITOR = "editor"            # BASIC's line editor waits for a line
    RUNNING = "running"          # a typed program runs
    PAUSED = "paused"            # a typed program paused by one ESC
    TAPE_PROMPT = "tape_prompt"  # "Press PLAY then any key:" before a load
    CAT_PROMPT = "cat_prompt"    # the same before a tape CAT
    LOADING = "loading"          # the tape or the disc is read
    LOAD_PAUSED = "load_paused"  # a disc load paused by one ESC
    DISC_ERROR = "disc_error"    # AMSDOS asks "Retry, Ignore or Cancel?"
    DONE = "done"                # over: the next screen


@lru_cache(maxsize=1)
def disc_files() -> tuple[tuple[str, int], ...]:
    """The disc's files (name with its AMSDOS type, length), the tape's files in tape order;
    built when first asked for, not at start-up (the tape's files take 20 ms to make)."""
    return tuple((f.name + (".BAS" if f.filetype == tape.FILETYPE_BASIC else ".BIN"), len(f.data))
                 for f in tape.monopoly_files())


def _ticks(seconds: float, factor: float) -> int:
    return math.ceil(seconds * TPS / factor - 1e-9)


@lru_cache(maxsize=4)
def _reads(baud: int) -> tuple[tape.ReadRecord, ...]:
    """The tape's records as the firmware reads them (computed once: about 0.2 s)."""
    return tuple(tape.model(baud).reads())


@lru_cache(maxsize=4)
def _loader_run_timeline(baud: int) -> tuple[tape.TapeEvent, ...]:
    """RUN with the loader in memory: its two silent LOADs, the tape read from the start."""
    wanted = [(name.lstrip("!"), name.startswith("!"))
              for name in basic.loaded_names(tape.monopoly_files()[0].data)]
    return tuple(tape.firmware_run(list(_reads(baud)), wanted)[0])


class BootSequence:
    """Power-on, typed commands and the cosmetic load, tick by tick, until ``State.DONE``.

    ``printable(ch)`` says whether the screen's font has a character (the line editor takes
    only those)."""

    def __init__(self, machine: str = "6128", media: str | None = None, baud: int = 1000,
                 loader: str = "fast", no_disc: bool = False, auto: bool = False,
                 french: bool = True, printable: Callable[[str], bool] = lambda ch: True) -> None:
        self.machine = machines.machine(machine)
        media = media or self.machine.default_media
        if media not in ("tape", "disc"):
            raise ValueError(f"media must be tape or disc, got {media!r}")
        # A 464 booted for disc has a DDI-1 (and AMSDOS); one booted for tape has none.
        self.has_amsdos = self.machine.built_in_disc or media == "disc"
        self.baud = baud
        self.mode = loader
        if self.mode not in ("real", "fast", "skip"):
            raise ValueError(f"loader must be real, fast or skip, got {self.mode!r}")
        self.disc_in = not no_disc
        self.auto = auto   # kiosk / attract: nobody at the keyboard
        self.french = french
        self.printable = printable
        self.pace = "real" if self.mode == "real" else "fast"
        self.basic = interpreter.Basic(self.machine.basic_version, self.has_amsdos, self.french, media)

        self.t = 0  # ticks since power-on
        self.console = Console()
        self.ink_table: list[tuple[int, int]] = list(POWER_ON_INK_TABLE)
        self.border_inks = (machines.GREY_INK, machines.GREY_INK)
        self.picture_bytes = 0  # how much of the loading picture is in screen memory
        self.picture_ticks: np.ndarray | None = None  # the tick each of its bytes arrives
        self._picture_loading = False
        self.state = State.POWER
        self.buffer = ""  # the line being typed
        self.caps_lock = False  # the CAPS LOCK key's state (the firmware's, for a-z only)
        self._typing: list[str] = list(self.machine.commands(media, self.french))
        self._type_queue: list[tuple[int, str]] = []  # (tick, char or "\r")
        self._schedule: list[tuple[int, tuple]] = []
        self._banner = self.machine.banner_schedule()
        self._prompt_tick = 0
        self._motor_on = False
        self._load_kind = media
        self._load_start = 0
        self._tape_name = tape.LOADER_NAME
        self._tape_wanted = "name"  # name | program | cat: what the tape prompt starts
        self._disc_name = tape.LOADER_NAME   # the file a disc retry asks for ("" after |A)
        self._disc_action = "load"  # load | program | drive | cat | dir: what a disc retry does
        self._pending_break: int | None = None  # an ESC waiting for the end of a record
        self._disc_escapes = 0   # ESCs pressed while AMSDOS reads a file (BASIC acts at its end)
        self._paused_at: int | None = None   # the tick a disc load was paused by one ESC
        self._break_line = 0   # the loader's line a second ESC of a paused disc load names
        self._ignored = False  # Ignore answered to AMSDOS's question since the read began
        # The BASIC loader's line being run (its LOADs, then the key wait), None at the prompt.
        self._program_line: int | None = None
        self.log: list[str] = []  # every line printed or typed, in order (for tests and logs)
        self._log_line = ""
        self._sounds: list[tuple[Any, ...]] = []

    def take_sounds(self) -> list[tuple[Any, ...]]:
        """The sounds started and stopped since the last call, in order."""
        sounds, self._sounds = self._sounds, []
        return sounds

    def _sound(self, *op: Any) -> None:
        self._sounds.append(op)

    # -- BASIC's state seen from outside ----------------------------------------------------------
    @property
    def media(self) -> str:
        return self.basic.media

    @media.setter
    def media(self, value: str) -> None:
        self.basic.media = value

    @property
    def inks(self) -> tuple[int, ...]:
        """The (first) colours of pens 0-3."""
        return tuple(a for a, _ in self.ink_table[:4])

    @inks.setter
    def inks(self, colours: tuple[int, ...]) -> None:
        for pen, c in enumerate(colours):
            self.ink_table[pen] = (c, c)

    @property
    def border(self) -> int:
        return self.border_inks[0]

    @border.setter
    def border(self, colour: int) -> None:
        self.border_inks = (colour, colour)

    # -- the outside -------------------------------------------------------------------------
    def key(self, ev: Any) -> None:
        if self.state is State.DONE:
            return
        if ev.key == SKIP_KEY:
            self._finish()
            return
        if self.state is State.TYPING:
            self._type_queue = []
            self._typing = []
            self.state = State.EDITOR
        if self.state is State.EDITOR:
            self._edit_key(ev)
        elif self.state in (State.RUNNING, State.PAUSED):
            self._running_key(ev)
        elif self.state in (State.TAPE_PROMPT, State.CAT_PROMPT):
            if ev.key == "ESC":
                if self.state is State.CAT_PROMPT:
                    self._ready()  # CAT gives up without a word
                else:
                    self._break()
            elif not ev.repeat and ev.key not in ("SHIFT", "CTRL"):
                self._start_tape()
        elif self.state is State.LOADING and self._load_kind == "tape":
            if self._program_line == tape.WAIT_KEY_LINE:
                if not ev.repeat and ev.key not in ("SHIFT", "CTRL"):
                    self._finish()  # the key CALL &BB18 waits for: the program goes on
            elif ev.key == "ESC" and not ev.repeat:
                self._tape_escape()
        elif self.state is State.LOADING and self._load_kind == "disc":
            self._disc_load_key(ev)
        elif self.state is State.LOAD_PAUSED:
            self._paused_load_key(ev)
        elif self.state is State.DISC_ERROR:
            self._disc_error_key(ev.letter)

    def tick(self) -> None:
        if self.state is State.DONE:
            return
        if self.mode == "skip":
            self._finish()
            return
        self.t += 1
        self.console.now = self.t
        if self.t == PRECOMPUTE_TICK:
            # The disc's timeline (some 20 ms), made during the power-on frames, after the
            # first picture and long before RUN needs it; the tape's (some 50 ms) only once a
            # tape is asked for, at "Press PLAY" (see _tape_prompt), never at start-up.
            from monopoly_cpc.boot import disc

            disc.timeline(tape.LOADER_NAME)
        if self.state is State.POWER:
            self._power_tick()
        elif self.state is State.TYPING:
            self._typing_tick()
        elif self.state is State.RUNNING:
            self._program_frame()
        elif self.auto and self.t - self._prompt_tick >= AUTO_PLAY_TICKS:
            # kiosk / attract: nobody at the keyboard, so PLAY (or R) is "pressed" by itself
            if self.state in (State.TAPE_PROMPT, State.CAT_PROMPT):
                self._start_tape()
            elif self.state is State.DISC_ERROR:
                self._disc_error_key("R")
        if self.state is State.LOADING:
            due = self._pending_break is not None and self.t >= self._pending_break
            # The record under the head is read to its end (its last bytes may fall in this
            # very frame) before a waiting ESC is acted on.
            self._run_schedule()
            if due:
                self._pending_break = None
                if self.state is State.LOADING:
                    self._break()

    # -- power-on ----------------------------------------------------------------------------
    def _power_tick(self) -> None:
        if self.t == machines.GREY_FRAMES:
            self.inks = POWER_ON_INKS
            self.border = POWER_ON_INKS[0]
        while self._banner and self._banner[0][0] <= self.t:
            _, row, col, ch = self._banner.pop(0)
            self.console.row, self.console.col = row, col
            self.console.put(ch)
            if not self._banner or self._banner[0][1] != row:
                self.log.append(self.console.rows()[row].rstrip())
        if self.t == self.machine.ready_frame:
            self.console.row, self.console.col = machines.READY_ROW, 0
            self._print_line("Ready")
            self.console.cursor_on = True
            self._begin_typing(FIRST_KEY_DELAY[self.pace])

    # -- auto-typer and line editor ----------------------------------------------------------
    def _begin_typing(self, delay: int) -> None:
        if not self._typing:
            self.state = State.EDITOR
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
        self.state = State.TYPING

    def _typing_tick(self) -> None:
        while self._type_queue and self._type_queue[0][0] <= self.t:
            _, ch = self._type_queue.pop(0)
            self._type_char(ch)
            if self.state is not State.TYPING:
                return

    def _type_char(self, ch: str) -> None:
        if ch == "\r":
            self._enter()
            return
        if len(self.buffer) < 255 and self.printable(ch):
            self.buffer += ch
            self.console.put(ch)

    def _edit_key(self, ev: Any) -> None:
        if ev.key == "CAPS":
            if not ev.repeat:
                self.caps_lock = not self.caps_lock
            return
        if ev.key == "ESC":
            if not ev.repeat:
                self._editor_break()
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
                if self.state is not State.EDITOR:
                    return
            elif ch >= " " and ch != "\x7f":
                self._type_char(ch.upper() if self.caps_lock and "a" <= ch <= "z" else ch)

    def _editor_break(self) -> None:
        """ESC in the line editor: the line is abandoned with *Break* after it."""
        self._flush_log()
        self.buffer, typed = "", self.buffer
        self.console.write(EDITOR_BREAK + "\n")
        self.log.append(typed + EDITOR_BREAK)

    def _out(self, text: str) -> None:
        """Write on the console; each finished line goes to the log."""
        self.console.write(text)
        for ch in text:
            if ch == "\n":
                self.log.append(self._log_line)
                self._log_line = ""
            else:
                self._log_line += ch

    def _flush_log(self) -> None:
        if self._log_line:
            self.log.append(self._log_line)
            self._log_line = ""

    def _print_line(self, text: str) -> None:
        self._flush_log()
        self.console.ensure_line_start()
        self._out(text + "\n")

    def _ready(self) -> None:
        self._sound("stop", "disc_motor")
        self._print_line("Ready")
        self.console.cursor_on = True
        self.state = State.EDITOR

    def _enter(self) -> None:
        line, self.buffer = self.buffer, ""
        self.log.append(line)
        self.console.newline()
        if not line.strip():
            self.state = State.EDITOR
            return
        if self._play(self.basic.execute(line)):
            return
        self._ready()
        if self._typing:
            self._begin_typing(NEXT_LINE_DELAY[self.pace])

    def _console_op(self, op: tuple) -> None:
        kind = op[0]
        if kind == "text":
            self._out(op[1])
        elif kind in ("cls", "mode"):
            if kind == "mode":
                self.console.set_mode(op[1])
            else:
                self.console.clear()
            # screen memory is cleared: the picture goes with the text
            self.picture_bytes = 0
            self.picture_ticks = None
        elif kind == "ink":
            self.ink_table[op[1]] = (op[2], op[3])
        elif kind == "border":
            self.border_inks = (op[1], op[2])
        elif kind == "pen":
            self.console.pen = op[1]
        elif kind == "paper":
            self.console.paper = op[1]
        elif kind == "device":
            pass  # BASIC has switched its file commands (basic.media)

    def _action(self, op: tuple) -> None:
        self.console.cursor_on = False
        self._program_line = None
        self._schedule = []
        self._load_kind = self.media
        kind = op[0]
        if kind == "stored":
            # a program line: BASIC stores it and says nothing
            self.console.cursor_on = True
            self.state = State.EDITOR
            return
        if kind == "program":
            self.state = State.RUNNING
            return
        if kind == "drive":
            # |A / |B select the drive, which AMSDOS reads at once: nothing to say with a disc in.
            self._load_kind = "disc"
            if self.disc_in:
                self._ready()
            else:
                self._start_disc("", action="drive")
            return
        if kind == "dir":
            self._start_disc("", action="dir")   # an AMSDOS command: the disc, whatever |TAPE said
            return
        if kind == "cat":
            if self.media == "tape":
                self._tape_prompt("cat")
            else:
                self._start_disc("", action="cat")
            return
        if kind == "run":
            self._program_line = 10
            self._console_op(("mode", 1))
            self._loader_inks()
            if self.media == "tape":
                self._tape_wanted = "program"
                self._start_tape()
            else:
                self._start_disc(disc_files()[0][0], action="program")
            return
        name = op[1]
        if self.media == "tape":
            self._tape_name = name
            self._tape_prompt("name")
        else:
            self._start_disc(name)

    def _program_frame(self) -> None:
        """One frame of a typed program running."""
        ops, done = self.basic.run_frame()
        if not self._play(ops) and done:
            self._ready()

    def _play(self, ops: list[tuple]) -> bool:
        """BASIC's operations on the console; True if the last was an action, which then
        takes over (a load, a CAT, a program ...)."""
        for op in ops:
            if op[0] in interpreter.ACTIONS:
                self._flush_log()
                self._action(op)
                return True
            self._console_op(op)
        return False

    def _running_key(self, ev: Any) -> None:
        """ESC pauses a running program; a second ESC stops it (Break in <line>), any other
        key goes on."""
        if ev.repeat or ev.key in NOT_TYPED:
            return
        if ev.key != "ESC":
            self.state = State.RUNNING
        elif self.state is State.RUNNING:
            self.state = State.PAUSED
        else:
            line = self.basic.stop()
            text = interpreter.PROGRAM_BREAK
            self._print_line(text if line is None else f"{text} in {line}")
            self._ready()

    def _tape_prompt(self, wanted: str) -> None:
        self._tape_wanted = wanted
        self._out("Press PLAY then any key: ")
        self._flush_log()
        self.log[-1] = self.log[-1].rstrip()
        self.console.cursor_on = True
        self.state = State.CAT_PROMPT if wanted == "cat" else State.TAPE_PROMPT
        self._prompt_tick = self.t
        # Work out the tape's timeline now (once per process: cached), not in the frame where
        # the key that starts the tape is pressed.
        tape.timeline(self.baud, tape.LOADER_NAME)
        tape.byte_times(self.baud, tape.SCREEN_NAME)
        _reads(self.baud)

    def _loader_inks(self) -> None:
        """The BASIC loader's line 10: MODE 1 (clears the screen), BORDER and INKs."""
        self.console.set_mode(1)
        self.basic.mode = 1
        self.console.pen, self.console.paper = 1, 0
        self.console.cursor_on = False
        self.inks = picture.INKS
        self.border = picture.BORDER
        self.picture_bytes = 0

    # -- loading -----------------------------------------------------------------------------
    @property
    def factor(self) -> float:
        return LOAD_FACTOR[(self.pace, self._load_kind)]

    def _at(self, seconds: float, *op: Any, start: int | None = None) -> None:
        base = self.t if start is None else start
        self._schedule.append((base + _ticks(seconds, self.factor), op))

    def _start_tape(self) -> None:
        import numpy as np

        self.console.cursor_on = False
        self.state = State.LOADING
        self._load_kind = "tape"
        self._motor_on = True
        self._sound("cue", "relay_click")
        start = self._load_start = self.t
        if self._tape_wanted == "cat":
            self._schedule_cat(start)
            return
        if self._tape_wanted == "program":
            events = _loader_run_timeline(self.baud)
        else:
            events = tape.timeline(self.baud, self._tape_name)
        if self.machine.model == "464" and self.pace == "real":
            # The 464 lets the tape signal through to its speaker: each record's leader and
            # data, at the model's times (only in real time: at 10x it would be a squeal).
            speed = tape.speed_for(self.baud)
            leader_s = tape.LEADER_PULSES * speed.one / tape.TZX_HZ
            for rec in _reads(self.baud):
                if rec.t_end > events[-1].t:
                    break
                self._at(rec.t_start, "tape_noise", leader_s, rec.t_end - rec.t_start - leader_s, start=start)
        loaded = [e for e in events if e.kind == "file_loaded"]
        load_line = _load_lines()   # the loader's LOADs run in its lines 20 and 30 (Break in <line>)
        program_from = 0.0 if self._tape_wanted == "program" else (
            loaded[0].t if loaded and loaded[0].file == tape.LOADER_NAME else math.inf)
        for e in events:
            if e.kind == "motor_on" and e.file in load_line and e.t >= program_from:
                self._at(e.t, "line", load_line[e.file], start=start)
            if e.text is not None:
                self._at(e.t, "message", e.text, e.new_line, start=start)
            if e.kind == "file_loaded" and e.file == tape.LOADER_NAME:
                self._at(e.t, "newline", start=start)
                self._at(e.t, "loader", start=start)
            if e.kind == "motor_on" and e.t > 0:
                self._at(e.t, "cue", "relay_click", start=start)
            if e.kind == "motor_off":
                self._at(e.t, "cue", "relay_click", start=start)
        if any(e.file == tape.SCREEN_NAME for e in loaded):
            times = tape.byte_times(self.baud, tape.SCREEN_NAME)
            self.picture_ticks = start + np.ceil(times * TPS / self.factor - 1e-9).astype(np.int64)
            first_screen = next(e for e in events if e.file == tape.SCREEN_NAME and e.kind in ("loading", "motor_on"))
            self._at(first_screen.t, "picture", start=start)
        entry = {f.name: f.entry for f in tape.monopoly_files() if f.filetype != tape.FILETYPE_BASIC}
        if len(loaded) == 1 and entry.get(loaded[0].file) == 0:
            # RUN"MONOSCR: the firmware jumps to the file's entry address, 0, and BASIC restarts.
            self._at(loaded[0].t, "reset", start=start)
        if loaded and loaded[-1].file == tape.CODE_NAME and program_from < math.inf:
            # The BASIC loader pulled in its files: line 40 waits for a key, then the title.
            self._at(loaded[-1].t, "motor", False, start=start)
            self._at(loaded[-1].t, "line", tape.WAIT_KEY_LINE, start=start)
            self._schedule.append((start + _ticks(loaded[-1].t, self.factor) + HOLD_PICTURE_TICKS, ("finish",)))
        self._schedule.sort(key=lambda item: item[0])

    def _schedule_cat(self, start: int) -> None:
        """CAT on tape: each block found is listed (name, block, type), with Ok once read."""
        for rec in _reads(self.baud):
            if rec.sync == tape.SYNC_HEADER:
                b = tape.Block.from_header(rec.payload[: tape.HEADER_LEN])
                kind = "$" if b.filetype == tape.FILETYPE_BASIC else "&"
                self._at(rec.t_end, "message", f"{b.name:<16} block {b.number} {kind}", True, start=start)
            else:
                self._at(rec.t_end, "message_more", " Ok", start=start)
        # CAT reads on until ESC; nothing more is scheduled after the tape's end.

    def _record_end_after(self, now: int) -> int | None:
        """The tick at which the record under the tape head ends, if its bits (not its leader)
        are being read at tick ``now``; None between records or during a leader."""
        speed = tape.speed_for(self.baud)
        leader_s = tape.LEADER_PULSES * speed.one / tape.TZX_HZ
        for rec in _reads(self.baud):
            bits_from = self._load_start + _ticks(rec.t_start + leader_s, self.factor)
            ends = self._load_start + _ticks(rec.t_end, self.factor)
            if bits_from <= now < ends:
                return ends
        return None

    def _tape_escape(self) -> None:
        """ESC while the tape turns: the firmware looks at the keyboard only between records
        and while it waits for a leader, so an ESC in a record is acted on at its end."""
        if self._tape_wanted == "cat":
            self._stop_tape()
            self._ready()
            return
        if self._pending_break is not None:
            return
        end = self._record_end_after(self.t)
        if end is None:
            self._break()
        else:
            self._pending_break = end

    def _disc_load_key(self, ev: Any) -> None:
        """A key while AMSDOS reads the disc: the read goes on (the drive does not look at the
        keyboard); an ESC is kept for BASIC, which acts on it once the read is over
        (``_disc_read_over``). Once the files are in, line 40 waits for any key."""
        if ev.repeat or ev.key in NOT_TYPED:
            return
        if self._program_line == tape.WAIT_KEY_LINE:
            self._finish()   # the key CALL &BB18 waits for: the program goes on
        elif ev.key == "ESC":
            self._disc_escapes += 1

    def _disc_read_over(self, next_line: int) -> None:
        """A file is in: BASIC looks at the ESCs pressed during its read before it runs the
        statement that comes next, in line ``next_line``. One pauses the program (the cursor
        shows while it waits; any key goes on, a second ESC stops it); two stop it:
        ``Break in <next_line>``. AMSDOS has finished its read, so nothing is left of the
        ESCs for the line editor (no ``*Break*``), and BASIC 1.1 says ``Break`` too."""
        escapes, self._disc_escapes = self._disc_escapes, 0
        if escapes and self._picture_loading and self.picture_ticks is not None:
            self.picture_bytes = len(self.picture_ticks)   # the file is in, to its last byte
        self._break_line = next_line
        if escapes >= 2:
            self._program_break(next_line)
        elif escapes == 1:
            self._sound("stop", "disc_motor")
            self.state = State.LOAD_PAUSED
            self.console.cursor_on = True
            self._paused_at = self.t

    def _paused_load_key(self, ev: Any) -> None:
        """The loader paused by one ESC: a second ESC stops it, any other key lets it go on
        (what was still to come comes that much later)."""
        if ev.repeat or ev.key in NOT_TYPED:
            return
        if ev.key == "ESC":
            self._program_break(self._break_line)
            return
        self.console.cursor_on = False
        delay = 0 if self._paused_at is None else self.t - self._paused_at
        self._paused_at = None
        self._schedule = [(tick + delay, op) for tick, op in self._schedule]
        if self.picture_ticks is not None:
            self.picture_ticks = self.picture_ticks + delay
        self.state = State.LOADING
        self._sound("loop", "disc_motor")

    def _start_disc(self, name: str, action: str = "load") -> None:
        import numpy as np

        from monopoly_cpc.boot import disc

        self.state = State.LOADING
        self._load_kind = "disc"
        self._disc_name = name   # what R (Retry) asks for again
        self._ignored = False
        self._disc_action = action
        self._sound("loop", "disc_motor")  # the motor turns until the load ends
        if not self.disc_in:
            self._at(disc.MISSING_AFTER_S, "disc_missing")
            return
        if action in ("cat", "dir"):
            # AMSDOS reads the directory, then lists it.
            self._at(disc.directory_read_s(), "catalogue")
            return
        # AMSDOS's reads on the disc the tool writes (boot.dsk), timed by boot.disc: the name as
        # typed, or without a type the first of NAME., NAME.BAS and NAME.BIN; RUN of the loader
        # in memory reads the files its LOADs ask for.
        events = disc.program_timeline(name) if action == "program" else disc.timeline(name)
        start = self.t
        missing = next((e for e in events if e.kind == "not_found"), None)
        if missing is not None:
            self._at(missing.t, "not_found", missing.file)
            return
        loaded = [e for e in events if e.kind == "file_loaded"]
        # RUN"MONOSCR or RUN"MONOCODE: that binary alone is loaded, and the firmware jumps to
        # its entry address, 0, which restarts BASIC (as from the tape).
        binary = action != "program" and loaded[0].file != disc_files()[0][0]
        for e in events:
            if e.kind == "step":
                self._at(e.t, "cue", "disc_step", start=start)
        if action != "program":
            self._at(loaded[0].t, "reset" if binary else "loader", start=start)
        if not binary:
            # The loader's LOADs run in its lines 20 and 30, its key wait in line 40 (for Break
            # in <line>); BASIC looks at an ESC pressed during a read once the read is over.
            load_line = _load_lines()
            started: set[str] = set()
            for e in events:
                base = e.file.split(".")[0]
                if e.kind == "read" and e.file and base in load_line and base not in started:
                    started.add(base)
                    self._at(e.t, "line", load_line[base], start=start)
                if e.kind == "file_loaded":
                    # BASIC looks at the ESCs before the next statement: the loader's first
                    # line after RUN"MONOPOLY, the line after the LOAD's once a file is in.
                    after = _next_line(load_line[base] if base in load_line else 0)
                    self._at(e.t, "read_over", after, start=start)
                    if e is loaded[-1]:
                        self._at(e.t, "line", tape.WAIT_KEY_LINE, start=start)
        screen_file = disc_files()[1]
        if any(e.file == screen_file[0] for e in events):
            times = disc.byte_times(events, screen_file[0], screen_file[1])
            self.picture_ticks = start + np.ceil(times * TPS / self.factor - 1e-9).astype(np.int64)
            first = next(e for e in events if e.file == screen_file[0])
            self._at(first.t, "picture", start=start)
        if binary:
            self._schedule.sort(key=lambda item: item[0])
            return
        last = [e for e in events if e.kind == "file_loaded"][-1]
        self._schedule.append((start + _ticks(last.t, self.factor) + HOLD_PICTURE_TICKS, ("finish",)))
        self._schedule.sort(key=lambda item: item[0])

    def _run_schedule(self) -> None:
        import numpy as np

        while self._schedule and self._schedule[0][0] <= self.t and self.state is State.LOADING:
            _, op = self._schedule.pop(0)
            self._do(op)
        if self._picture_loading and self.picture_ticks is not None and self.state is State.LOADING:
            self.picture_bytes = int(np.searchsorted(self.picture_ticks, self.t, side="right"))

    def _do(self, op: tuple) -> None:
        kind = op[0]
        if kind == "message":
            _, text, new_line = op
            self._flush_log()
            if new_line:
                self.console.ensure_line_start()
            else:
                self.console.col = 0
            self.console.write(text)
            self.log.append(text)
        elif kind == "message_more":
            self.console.write(op[1])
            if self.log:
                self.log[-1] += op[1]
        elif kind == "newline":
            self.console.ensure_line_start()
        elif kind == "loader":
            # The BASIC loader is in memory (LIST shows it) and its line 10 runs.
            self.basic.load_program(basic.detokenise(tape.monopoly_files()[0].data, self.french))
            self._program_line = 10
            self._loader_inks()
        elif kind == "picture":
            self._picture_loading = True
        elif kind == "cue":
            self._sound("cue", op[1])
        elif kind == "tape_noise":
            self._sound("tape_noise", op[1], op[2])
        elif kind == "motor":
            self._motor_on = op[1]
        elif kind == "line":
            self._program_line = op[1]
        elif kind == "finish":
            self._finish()
        elif kind == "reset":
            self._restart_basic()
        elif kind == "ready":
            self._ready()
        elif kind == "catalogue":
            from monopoly_cpc.boot import disc

            self._sound("stop", "disc_motor")
            self.console.ensure_line_start()
            listing = disc.catalogue if self._disc_action == "cat" else disc.directory_listing
            self._out("\n" + "\n".join(listing(self.console.cols)) + "\n\n")
            self._ready()
        elif kind == "disc_missing":
            self._disc_missing()
        elif kind == "read_over":
            self._disc_read_over(op[1])
        elif kind == "not_found":
            self._print_line(f"{op[1]} not found")
            self._ready()

    def _disc_missing(self) -> None:
        from monopoly_cpc.boot import disc

        self._sound("stop", "disc_motor")
        self._flush_log()
        self.console.newline()
        self._out(disc.MISSING_TEXT + "\n\n")
        self._out(disc.RETRY_PROMPT)
        self._flush_log()
        self.log[-1] = self.log[-1].rstrip()
        self.console.cursor_on = True
        self.state = State.DISC_ERROR
        self._prompt_tick = self.t

    def _disc_error_key(self, letter: str | None) -> None:
        from monopoly_cpc.boot import disc

        if letter not in ("R", "I", "C"):
            return
        # AMSDOS echoes the answer after the question.
        self.console.write(letter)
        self.log[-1] += " " + letter
        self.console.cursor_on = False
        self.console.newline()
        if letter == "R":
            # The cosmetic: the player has put the disc in, so the retry reads it.
            self.disc_in = True
            if self._disc_action == "drive":
                self._ready()   # |A: the drive is read, nothing more to do
            else:
                self._start_disc(self._disc_name, self._disc_action)
        elif letter == "I":
            # AMSDOS goes on as if the read had worked: |A is done, CAT prints its heading
            # and reads again, a load asks again.
            self._ignored = True
            if self._disc_action == "drive":
                self._ready()
                return
            if self._disc_action in ("cat", "dir"):
                self._out("\nDrive A: user  0\n")
            self._disc_missing()
        elif self._ignored:
            self._ready()   # Cancel after an Ignore: the command has failed quietly already
        else:
            self.console.newline()
            self._print_line(disc.BAD_COMMAND)
            if self.machine.basic_version == "1.0":
                self._print_line(BREAK_TEXT["1.0"])  # BASIC 1.0 then reports the break
            self._ready()

    def _stop_tape(self) -> None:
        self._schedule = []
        self._picture_loading = False
        self._pending_break = None
        self._sound("stop", "tape")
        if self._motor_on:
            self._sound("cue", "relay_click")
            self._motor_on = False

    def _break(self) -> None:
        self._stop_tape()
        self._disc_escapes = 0
        self._paused_at = None
        # A tape read stopped: BASIC says Break (1.1: Broken in); while its program runs, it names
        # the line, and the ESC still held then reaches the line editor (*Break*).
        text = BREAK_TEXT[self.machine.basic_version]
        line = self._program_line
        self._print_line(text if line is None else f"{text} in {line}")
        self._program_line = None
        self._ready()
        if line is not None:
            self._editor_break()

    def _program_break(self, line: int) -> None:
        """BASIC's own break between two statements of its program: ``Break in <line>``."""
        self._stop_tape()
        self._disc_escapes = 0
        self._paused_at = None
        self._program_line = None
        self._print_line(f"{interpreter.PROGRAM_BREAK} in {line}")
        self._ready()

    def _restart_basic(self) -> None:
        """A jump to address 0 from a loaded binary: BASIC starts again on a cleared screen
        with its own line and Ready (no banner, nothing typed)."""
        self._stop_tape()
        self._sound("stop", "disc_motor")
        self._flush_log()
        self.log.append("(reset)")
        self.basic.restart()
        self._program_line = None
        self.picture_ticks = None
        self.picture_bytes = 0
        self.ink_table = list(POWER_ON_INK_TABLE)
        self.border = POWER_ON_INKS[0]
        self.console = Console()
        self.console.now = self.t
        self._typing = []
        self._out(self.machine.basic_line + "\n\n")
        self._ready()

    def _finish(self) -> None:
        if self.state is State.DONE:
            return
        self.state = State.DONE
        self._sound("stop", "tape")
        self._sound("stop", "disc_motor")


@lru_cache(maxsize=1)
def _loader_line_numbers() -> tuple[int, ...]:
    return tuple(number for number, _ in basic.detokenise(tape.monopoly_files()[0].data, False))


def _next_line(line: int) -> int:
    """The BASIC loader's line after ``line`` (its first line for 0)."""
    return next(n for n in _loader_line_numbers() if n > line)


def _load_lines() -> dict[str, int]:
    """The BASIC loader's line of each file it LOADs, by name ('MONOSCR': 20, ...)."""
    return {name.lstrip("!"): line for line, name in basic.load_lines(tape.monopoly_files()[0].data)}


