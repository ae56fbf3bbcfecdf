"""The boot screen: power-on text per machine, the typed commands and the load's messages."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from monopoly_cpc.boot import picture
from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.options import Options
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.boot.sequence import SKIP_KEY, State
from monopoly_cpc.screens.boot import BootScreen

EXPECTED = {
    "464": [" Amstrad 64K Microcomputer  (v1)", " \u00a91984 Amstrad Consumer Electronics plc", " BASIC 1.0"],
    "664": [" Amstrad 64K Microcomputer  (v2)", " \u00a91984 Amstrad Consumer Electronics plc", " BASIC 1.1"],
    "6128": [" Amstrad 128K Microcomputer  (v3)", " \u00a91985 Amstrad Consumer Electronics plc", " BASIC 1.1"],
}


class Title(Screen):
    def draw(self, fb):
        pass


class Cues:
    def __init__(self):
        self.names = []
        self.clips = []  # (name, number of samples)
        self.looped = []  # sounds started to loop until stopped
        self.stopped = []

    def cue(self, name, tick=None, loops=0):
        self.names.append(name)
        if loops:
            self.looped.append(name)

    def on_events(self, events):
        pass

    def play_samples(self, samples, name="clip", tick=None):
        self.clips.append((name, len(samples)))

    def stop(self, name=None):
        self.stopped.append(name)


def make(**opts):
    ctx = AppContext(options=Options(**opts), audio=Cues())
    title = Title(ctx)
    return BootScreen(ctx, lambda: title), ctx, title


def key(name, char=None):
    return CpcKeyEvent(name, 0, char)


def run_until(screen, cond, limit=100_000):
    for _ in range(limit):
        if cond(screen):
            return
        screen.tick()
    raise AssertionError(f"condition never met; state {screen.seq.state}, log {screen.log}")


def assert_cursor_over_picture(s, fb, row, col):
    """The firmware's cursor XORs its cell with pen XOR paper (1 here): the picture's bytes
    in it show inverted, the rest of the cell (cleared to paper) in the pen."""
    cell = (slice(8 * row, 8 * row + 8), slice(8 * col, 8 * col + 8))
    arrived = np.repeat(picture.offset_map(), 4, axis=1)[cell] < s.seq.picture_bytes
    expected = np.where(arrived, picture.loading_picture()[cell] ^ 1, 1)
    assert arrived.any() and (np.asarray(fb.pens)[cell] == expected).all()


def drawn(screen):
    fb = FrameBuffer()
    screen.draw(fb)
    return fb


@pytest.mark.parametrize("model", ["464", "664", "6128"])
def test_power_on_screen_exact_rows(model):
    s, _, _ = make(machine=model)
    ready = s.seq.machine.ready_frame
    run_until(s, lambda s: s.seq.t == ready + 1)
    fb = drawn(s)
    rows = fb.screen_text()
    banner, copyright_line, basic_line = EXPECTED[model]
    want = [""] * 25
    want[1], want[3], want[4], want[6], want[8] = (
        banner, copyright_line, "           and Locomotive Software Ltd.", basic_line, "Ready")
    want[9] = "\u2588"  # the steady block cursor at column 0 of row 9
    assert [r.rstrip() for r in rows] == want
    assert rows[4].index("and") == 11 and rows[1].endswith("  ") and "  (v" in rows[1]
    # blue paper, bright yellow pen, blue border
    assert tuple(fb.inks[0][:2]) == (1, 24) and fb.border[0] == 1
    # the cursor does not blink
    first = fb.pens[72:80, 0:8].copy()
    assert (first == 1).all()
    for _ in range(20):  # the auto-typer has not started yet
        s.tick()
        assert (drawn(s).pens[72:80, 0:8] == first).all()


@pytest.mark.parametrize("model,last,ready", [("464", 28, 44), ("664", 27, 43), ("6128", 27, 43)])
def test_power_on_frames_grey_then_the_banner_character_by_character(model, last, ready):
    """Measured frame by frame on the real ROMs: frames 0-1 grey (ink 13) border and paper;
    the banner printed character by character from frame 10 to frame 28 (464) or 27; Ready and
    the cursor at frame 44 (464) or 43."""
    s, _, _ = make(machine=model)
    texts, written = {}, {}
    for frame in range(ready + 2):
        fb = drawn(s)
        texts[frame] = "".join(r.strip() for r in fb.screen_text())
        written[frame] = sum(stamp >= 0 for row in s.seq.console.stamps for stamp in row)
        if frame < 2:
            assert fb.border[0] == 13 and (fb.inks[:, 0] == 13).all() and (fb.pens == 0).all()
        else:
            assert fb.border[0] == 1 and tuple(fb.inks[0][:2]) == (1, 24)
        s.tick()
    assert written[9] == 0 and written[10] > 0
    growing = [written[f] for f in range(10, last + 1)]
    # one frame or more with new characters after another (the 6128 holds "Copyright" a frame)
    stalls = 5 if model == "6128" else 0  # the 6128 prints its (c) line over "Copyright"
    assert sum(b > a for a, b in itertools.pairwise(growing)) >= len(growing) - 1 - stalls
    assert texts[last] == texts[ready - 1] and written[last - 1] < written[last]
    assert "Ready" not in texts[ready - 1]
    assert texts[ready].endswith("Ready\u2588")  # Ready and the cursor in the same frame


def test_the_6128_shows_copyright_for_two_frames():
    s, _, _ = make(machine="6128")
    whole = []
    for frame in range(40):
        if drawn(s).read_text(3).rstrip() == " Copyright":
            whole.append(frame)
        s.tick()
    assert len(whole) == 2 and whole[1] == whole[0] + 1
    assert drawn(s).read_text(3).rstrip() == EXPECTED["6128"][1]
    t464, _, _ = make(machine="464")
    for _ in range(40):
        assert "Copyright" not in drawn(t464).read_text(3)
        t464.tick()


def _after_power(log):
    return log[4:]  # banner lines (4) come first


@pytest.mark.parametrize("model,media,typed", [
    ("464", "tape", ['RUN"MONOPOLY']),
    ("464", "disc", ["\u00f9DISC", "Ready", 'RUN"MONOPOLY']),
    ("664", "tape", ["\u00f9TAPE", "Ready", 'RUN"MONOPOLY']),
    ("664", "disc", ['RUN"MONOPOLY']),
    ("6128", "tape", ["\u00f9TAPE", "Ready", 'RUN"MONOPOLY']),
    ("6128", "disc", ['RUN"MONOPOLY']),
])
def test_message_sequence_per_machine_and_media(model, media, typed):
    s, ctx, title = make(machine=model, media=media, kiosk=True)
    run_until(s, lambda s: ctx.next_screen is not None)
    assert ctx.next_screen is title
    log = _after_power(s.log)
    assert log[0] == "Ready"
    assert log[1 : 1 + len(typed)] == typed
    rest = log[1 + len(typed) :]
    if media == "tape":
        assert rest == ["Press PLAY then any key:", "Loading MONOPOLY block 1", "Loading MONOPOLY block 2"]
        assert ctx.audio.names.count("relay_click") >= 2
    else:
        assert rest == []  # a disc load prints nothing
        assert "disc_motor" in ctx.audio.names and "disc_step" in ctx.audio.names
    assert s.seq.picture_bytes == 16384
    assert (drawn(s).pens == picture.loading_picture()).all()


def test_default_media_and_english_bar():
    s, _, _ = make(machine="464")
    assert s.seq.media == "tape"
    s, _, _ = make(machine="664", media="tape", lang="en")
    run_until(s, lambda s: len(s.log) > 6)
    assert s.log[5] == "|TAPE"


def test_tape_screen_lines_and_picture_order():
    s, _, _ = make(machine="464", media="tape")
    run_until(s, lambda s: s.seq.state is State.TAPE_PROMPT)
    fb = drawn(s)
    assert fb.read_text(9).rstrip() == 'RUN"MONOPOLY'
    assert fb.read_text(10).rstrip() == "Press PLAY then any key: \u2588"
    for _ in range(400):  # the prompt waits for a key
        s.tick()
    assert s.seq.state is State.TAPE_PROMPT
    s.on_key(key("SPACE", " "))
    run_until(s, lambda s: "Loading MONOPOLY block 2" in s.log)
    fb = drawn(s)
    assert fb.read_text(10).rstrip() == "Press PLAY then any key:"
    assert fb.read_text(11).rstrip() == "Loading MONOPOLY block 2"  # block 1 rewritten in place
    run_until(s, lambda s: s.seq.picture_bytes > 0)
    assert s.seq.inks == picture.INKS
    run_until(s, lambda s: s.seq.picture_bytes >= 4096)
    pens = drawn(s).pens
    full = picture.loading_picture()
    lines = [y for y in range(200) if (pens[y] == full[y]).all() and full[y].any()]
    assert lines and all(y % 8 in (0, 1, 2) for y in lines)  # lines 0 and 1 of each row come first


@pytest.mark.parametrize("model,word", [("464", "Break"), ("6128", "Broken in")])
def test_esc_gives_break_and_ready_then_run_restarts(model, word):
    """BASIC 1.0 (464) says Break, BASIC 1.1 (664, 6128) 'Broken in', as measured."""
    s, _, _ = make(machine=model, media="tape")
    run_until(s, lambda s: s.seq.state is State.TAPE_PROMPT)
    s.on_key(key("SPACE", " "))
    run_until(s, lambda s: "Loading MONOPOLY block 1" in s.log)  # the data record's leader
    s.on_key(key("ESC"))
    assert s.log[-2:] == [word, "Ready"]
    assert s.seq.state is State.EDITOR
    fb = drawn(s)
    pos = fb.find_text(word)
    assert pos is not None and fb.read_text(pos[1] + 1).rstrip() == "Ready"
    for ch in 'RUN"monopoly':
        s.on_key(key(ch.upper() if ch.isalpha() else "K", ch))
    s.on_key(key("DEL", "\x7f"))
    s.on_key(key("K", "y"))
    s.on_key(key("RETURN", "\r"))
    assert s.log[-2:] == ['RUN"monopoly', "Press PLAY then any key:"]
    assert s.seq.state is State.TAPE_PROMPT
    s.on_key(key("ESC"))
    assert s.log[-2:] == [word, "Ready"]


def test_no_disc_retry_and_cancel():
    s, ctx, title = make(machine="6128", no_disc=True)
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    fb = drawn(s)
    r = fb.find_text("Drive A: disc missing")[1]
    assert fb.read_text(r - 2).rstrip() == 'RUN"MONOPOLY'
    assert fb.read_text(r - 1).strip() == "" and fb.read_text(r + 1).strip() == ""
    assert fb.read_text(r + 2).rstrip() == "Retry, Ignore or Cancel? \u2588"
    s.on_key(key("C", "c"))
    assert s.log[-2:] == ["Bad command", "Ready"]
    assert drawn(s).read_text(r + 3).strip() == ""  # the blank line before Bad command
    for ch in 'RUN"MONOPOLY':
        s.on_key(key("K", ch))
    s.on_key(key("RETURN", "\r"))
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    s.on_key(key("R", "r"))
    run_until(s, lambda s: ctx.next_screen is not None)
    assert ctx.next_screen is title
    assert s.log.count("Drive A: disc missing") == 2


def test_skip_key_and_skip_loader():
    s, ctx, title = make(machine="464", media="tape")
    run_until(s, lambda s: s.seq.state is State.TYPING)
    s.on_key(key(SKIP_KEY))
    assert ctx.next_screen is title
    s, ctx, title = make(loader="skip")
    s.tick()
    assert ctx.next_screen is title
    drawn(s)  # drawing after the switch does not fail


def test_real_is_ten_times_slower_than_fast_on_tape():
    ticks = {}
    for mode in ("fast", "real"):
        s, _ctx, _ = make(machine="464", media="tape", loader=mode, kiosk=True)
        run_until(s, lambda s: "Loading MONOPOLY block 1" in s.log, limit=1_000_000)
        start = s.seq.t
        run_until(s, lambda s: "Loading MONOPOLY block 2" in s.log, limit=1_000_000)
        ticks[mode] = s.seq.t - start
    assert ticks["real"] == pytest.approx(10 * ticks["fast"], rel=0.01)
    assert ticks["real"] == pytest.approx(24.88 * 50, abs=2)  # header 1 -> header 2 at 1000 baud (3 s gap)


def test_typing_by_hand_takes_over():
    s, _, _ = make(machine="6128")
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("DEL", "\x7f"))
    assert s.seq.state is State.EDITOR and s.seq.buffer == ""
    for ch in "|DISC":
        s.on_key(key("K", ch))
    s.on_key(key("ENTER", "\r"))
    assert s.log[-2:] == ["|DISC", "Ready"]
    for ch in "HELLO":      # not a command: BASIC reads a LET without its '='
        s.on_key(key(ch, ch))
    s.on_key(key("ENTER", "\r"))
    assert s.log[-2:] == ["Syntax error", "Ready"]
    for ch in 'run "monopoly"':
        s.on_key(key("K", ch))
    s.on_key(key("ENTER", "\r"))
    assert s.log[-1] == 'run "monopoly"' and s.seq.state is State.LOADING  # disc now: no message


def test_caps_lock_capitalises_the_letters_typed_at_ready():
    """The firmware's CAPS LOCK turns a-z into A-Z (only those) until pressed again."""
    s, _, _ = make(machine="6128")
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("DEL", "\x7f"))
    s.on_key(key("CAPS"))
    for ch in "cat1é":
        s.on_key(key("K", ch))
    assert s.seq.buffer == "CAT1é"
    s.on_key(key("CAPS"))
    s.on_key(key("K", "x"))
    assert s.seq.buffer == "CAT1éx"


def test_464_tape_has_no_disc_commands():
    s, _, _ = make(machine="464", media="tape")
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("ESC"))
    assert s.seq.state is State.EDITOR
    for ch in "|DISC":
        s.on_key(key("K", ch))
    s.on_key(key("RETURN", "\r"))
    assert s.log[-2:] == ["Unknown command", "Ready"]


def test_ctrl_enter_types_run_and_loads_the_first_file():
    s, _, _ = make(machine="464", media="tape")
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("ESC"))
    while s.seq.buffer:
        s.on_key(key("DEL", "\x7f"))
    s.on_key(CpcKeyEvent("ENTER", 6, 'RUN"\r', ctrl=True))
    assert s.log[-2:] == ['RUN"', "Press PLAY then any key:"]
    s.on_key(key("SPACE", " "))
    run_until(s, lambda s: "Loading MONOPOLY block 1" in s.log)


def test_other_name_on_tape_only_finds():
    s, _, _ = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("ESC"))
    while s.seq.buffer:
        s.on_key(key("DEL", "\x7f"))
    for ch in 'RUN"INTRO':
        s.on_key(key("K", ch))
    s.on_key(key("RETURN", "\r"))
    run_until(s, lambda s: any(line.startswith("Found") for line in s.log))
    assert s.log[-1] == "Found   MONOPOLY block 1"
    assert s.seq.inks != picture.INKS  # nothing was loaded, nothing ran


def test_kiosk_answers_retry_and_french_bar_on_screen():
    s, ctx, title = make(machine="6128", no_disc=True, kiosk=True)
    run_until(s, lambda s: ctx.next_screen is not None)
    assert s.log.count("Drive A: disc missing") == 1 and ctx.next_screen is title
    s, _, _ = make(machine="6128", media="tape")
    run_until(s, lambda s: s.seq.state is State.TAPE_PROMPT)
    fb = drawn(s)
    assert fb.read_text(9).rstrip() == "\u00f9TAPE" and fb.read_text(10).rstrip() == "Ready"


def test_the_464_speaker_plays_each_record_of_the_tape_in_real_time():
    """cpc_facts §7: on the 464 the tape signal is heard faintly; leader then data, per record."""
    cues = Cues()
    ctx = AppContext(options=Options(machine="464", loader="real", media=None), audio=cues)
    screen = BootScreen(ctx, on_done=lambda: None)
    screen.seq._tape_name = "MONOPOLY"
    screen.seq._start_tape()
    for _ in range(50 * 40):
        screen.tick()
    # Header record (1.0-5.16 s) and data record (5.22-22.84 s) of block 1, then block 2's header.
    assert [name for name, _ in cues.clips[:3]] == ["tape"] * 3
    assert abs(cues.clips[0][1] / 44100 - 4.16) < 0.05
    assert abs(cues.clips[1][1] / 44100 - 17.62) < 0.05
    screen.seq._break()
    screen.tick()   # the screen plays what the sequence stopped
    assert "tape" in cues.stopped


@pytest.mark.parametrize("model,word", [("464", "Break in"), ("6128", "Broken in in")])
def test_esc_while_the_loader_runs_names_its_line(model, word):
    """Once RUN"MONOPOLY has started the BASIC loader, ESC stops its LOAD with 'Break in 20'
    (BASIC 1.1: 'Broken in in 20'), Ready, then '*Break*' (the ESC reaches the line editor)."""
    s, _ctx, _title = make(machine=model, media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.picture_bytes > 3000)
    s.on_key(key("ESC"))
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.log[-3:] == [f"{word} 20", "Ready", "*Break*"]
    fb = drawn(s)
    n = len(word) + 3  # the rest of each row still shows the picture
    assert fb.read_text(0, 0, n) == f"{word} 20" and fb.read_text(1, 0, 5) == "Ready"
    assert fb.read_text(2, 0, 7) == "*Break*"
    assert_cursor_over_picture(s, fb, 3, 0)
    frozen = s.seq.picture_bytes
    for _ in range(500):
        s.tick()
    assert s.seq.picture_bytes == frozen  # the tape has stopped: nothing more arrives
    for ch in 'RUN"MONOPOLY':
        s.on_key(key("K", ch))
    s.on_key(key("RETURN", "\r"))
    run_until(s, lambda s: s.seq.state is State.LOADING)  # kiosk: PLAY and a key by themselves
    run_until(s, lambda s: s.seq._program_line == 30)  # the picture is in, the code loads
    assert s.seq.picture_bytes == 16384
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.log[-3:] == [f"{word} 30", "Ready", "*Break*"]


def test_esc_in_a_data_record_waits_for_its_end():
    """The cassette firmware reads a record with the keyboard unread: an ESC pressed in the
    middle of a data record is acted on when the record ends (or at once during a leader)."""
    s, _ctx, _title = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.picture_bytes > 2048 + 500)  # inside MONOSCR's block 2
    pressed, before = s.seq.t, s.seq.picture_bytes
    s.on_key(key("ESC"))
    assert s.seq.state is State.LOADING
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.seq.picture_bytes == 2 * 2048  # the whole record was read first
    assert s.seq.picture_bytes > before and s.seq.t - pressed > 10
    # during a leader, at once
    s2, _, _ = make(machine="464", media="tape", kiosk=True)
    run_until(s2, lambda s: "Loading MONOPOLY block 1" in s.log)
    s2.on_key(key("ESC"))
    assert s2.seq.state is State.EDITOR and s2.log[-2:] == ["Break", "Ready"]


def test_a_key_after_the_load_is_the_one_the_loader_waits_for():
    s, ctx, title = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq._program_line == 40)
    assert ctx.next_screen is None
    s.on_key(key("SPACE", " "))
    assert ctx.next_screen is title and "Break in 40" not in s.log


def test_run_of_the_picture_file_draws_over_the_text_then_basic_restarts():
    """RUN"MONOSCR (measured on a 464): 'Loading MONOSCR block 1' starts on a new line under
    the Found line; the picture goes into screen memory over the text, in the power-on inks,
    its first 2 KB block all at once; then the jump to its entry address 0 restarts BASIC:
    a cleared screen with ' BASIC 1.0' and Ready, no banner, nothing typed again."""
    s, ctx, _title = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("ESC"))
    for ch in 'RUN"MONOSCR':
        s.on_key(key("K", ch))
    s.on_key(key("RETURN", "\r"))
    run_until(s, lambda s: "Loading MONOSCR block 1" in s.log)
    fb = drawn(s)
    found = fb.find_text("Found   MONOPOLY block 2")
    assert found is not None and fb.read_text(found[1] + 1).rstrip() == "Loading MONOSCR block 1"
    assert s.seq.picture_bytes == 0
    run_until(s, lambda s: s.seq.picture_bytes > 0)
    assert s.seq.picture_bytes == 2048  # the first block, all at once
    run_until(s, lambda s: s.seq.picture_bytes > 3 * 2048 + 100)
    assert s.seq.inks == (1, 24, 20, 6)
    fb = drawn(s)
    full = picture.loading_picture()
    arrived = np.repeat(picture.offset_map() < s.seq.picture_bytes, 4, axis=1)
    # where a byte arrived after the text was written, the picture's pens are on the screen
    rows_below_text = arrived.copy()
    rows_below_text[: 8 * 16] = False
    assert (fb.pens[rows_below_text] == full[rows_below_text]).all()
    # the typed line (row 9, written before) is covered where its lines 0-2 arrived
    assert (fb.pens[72:75][arrived[72:75]] == full[72:75][arrived[72:75]]).all()
    run_until(s, lambda s: "(reset)" in s.log)
    assert s.log[-4:] == ["(reset)", " BASIC 1.0", "", "Ready"]
    fb = drawn(s)
    rows = [r.rstrip() for r in fb.screen_text()]
    assert rows[:4] == [" BASIC 1.0", "", "Ready", "\u2588"] and not any(rows[4:])
    assert s.seq.state is State.EDITOR and s.seq.inks == (1, 24, 20, 6) and s.seq.picture_bytes == 0
    for _ in range(500):
        s.tick()
    assert s.seq.state is State.EDITOR and s.seq.buffer == "" and ctx.next_screen is None  # nothing typed


def test_run_of_the_code_file_restarts_basic_too():
    """MONOCODE's entry address is 0 as well (its bytes are not code): RUN"MONOCODE passes the
    other files by with Found lines, loads it, and the jump to 0 restarts BASIC (1.1 here)."""
    s, ctx, _title = make(machine="6128", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.state is State.EDITOR or (s.seq.state is State.TYPING and len(s.seq._typing) == 0 and s.seq.buffer))
    _typed(s, 'RUN"MONOCODE')
    run_until(s, lambda s: "(reset)" in s.log)
    assert "Found   MONOSCR block 8" in s.log
    assert s.log.index("Loading MONOCODE block 1") == s.log.index("Found   MONOSCR block 8") + 1
    assert [r.rstrip() for r in drawn(s).screen_text()][:3] == [" BASIC 1.1", "", "Ready"]
    assert s.seq.state is State.EDITOR and ctx.next_screen is None


def test_the_disc_motor_hums_from_the_first_read_until_the_load_ends():
    cues = Cues()
    ctx = AppContext(options=Options(machine="6128", loader="fast"), audio=cues)
    screen = BootScreen(ctx, on_done=lambda: None)
    for _ in range(50 * 60):
        screen.tick()
        if screen.seq.state is State.DONE:
            break
    assert cues.looped == ["disc_motor"] and "disc_motor" in cues.stopped


def test_the_disc_motor_stops_when_amsdos_reports_the_missing_disc():
    cues = Cues()
    ctx = AppContext(options=Options(machine="6128", loader="fast", no_disc=True), audio=cues)
    screen = BootScreen(ctx, on_done=lambda: None)
    for _ in range(50 * 30):
        screen.tick()
        if screen.seq.state is State.DISC_ERROR:
            break
    assert screen.seq.state is State.DISC_ERROR and "disc_motor" in cues.stopped


def _typed(s, line):
    """Type ``line`` and ENTER at BASIC's prompt (the boot's own typing stopped first)."""
    if s.seq.state is State.TYPING:
        s.on_key(key("ESC"))
    while s.seq.buffer:
        s.on_key(key("DEL", "\x7f"))
    for ch in line:
        s.on_key(key("K", ch))
    s.on_key(key("RETURN", "\r"))


def _at_ready(**opts):
    s, ctx, title = make(**opts)
    run_until(s, lambda s: s.seq.state is State.TYPING and s.seq.buffer)
    s.on_key(key("ESC"))
    return s, ctx, title


def test_other_commands_at_ready_answer_as_basic_and_the_roms_do():
    """cpc_facts §3: an unknown bar command is 'Unknown command' (as |DISC on a plain 464);
    RUN without a program in memory only says Ready; CLS clears the screen; |A reads the
    drive (nothing printed with a disc in, 'disc missing' without)."""
    s, _, _ = _at_ready(machine="6128")
    _typed(s, "|XYZ")
    assert s.log[-3:] == ["|XYZ", "Unknown command", "Ready"]
    _typed(s, "run")
    assert s.log[-2:] == ["run", "Ready"] and s.seq.state is State.EDITOR
    _typed(s, "cls")
    fb = drawn(s)
    assert fb.read_text(0).rstrip() == "Ready" and fb.read_text(1).rstrip() == "\u2588"
    _typed(s, "|A")
    assert s.log[-2:] == ["|A", "Ready"] and s.seq.media == "disc"
    s, ctx, _ = _at_ready(machine="6128", no_disc=True)
    _typed(s, "|a")
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    assert "Drive A: disc missing" in s.log
    s.on_key(key("R", "r"))     # the disc is in now: the drive is read, then Ready
    assert s.seq.state is State.EDITOR and s.log[-1] == "Ready" and ctx.next_screen is None


def test_disc_names_may_carry_their_extension():
    s, ctx, title = _at_ready(machine="6128")
    _typed(s, 'RUN"monopoly.bas')
    run_until(s, lambda s: ctx.next_screen is not None)
    assert ctx.next_screen is title and not any("not found" in line for line in s.log)


def test_a_binary_run_from_disc_is_loaded_alone_then_resets_the_cpc():
    """On disc, RUN"MONOSCR loads MONOSCR.BIN only (not the BASIC loader: no MODE 1, no inks)
    and the jump to its entry address, 0, restarts the CPC, as from the tape."""
    for name in ("MONOSCR", "MONOCODE.BIN"):
        s, ctx, _ = _at_ready(machine="6128")
        _typed(s, f'RUN"{name}')
        inks = set()
        for _ in range(50 * 30):
            s.tick()
            inks.add(s.seq.inks)
            if "(reset)" in s.log:
                break
        assert "(reset)" in s.log and ctx.next_screen is None
        assert inks == {(1, 24, 20, 6)}      # the power-on inks all along
        assert "disc_motor" in ctx.audio.stopped


def _text_rows(s):
    return [r.rstrip() for r in drawn(s).screen_text()]


def test_print_at_ready_answers_under_the_line():
    s, _, _ = _at_ready(machine="6128")
    _typed(s, "PRINT 2+2")
    assert s.log[-3:] == ["PRINT 2+2", " 4 ", "Ready"]  # a space before and after the number
    rows = _text_rows(s)
    r = rows.index("PRINT 2+2")
    assert rows[r + 1] == " 4" and rows[r + 2] == "Ready" and rows[r + 3] == "\u2588"
    _typed(s, '?"A";1/3')
    assert s.log[-2:] == ["A 0.333333333 ", "Ready"]
    _typed(s, "PRINT 1/0")
    assert s.log[-2:] == ["Division by zero", "Ready"]


def test_the_editor_esc_gives_star_break():
    s, _, _ = _at_ready(machine="464")
    _typed(s, "")
    for ch in "ABC":
        s.on_key(key(ch, ch))
    s.on_key(key("ESC"))
    assert s.log[-1] == "ABC*Break*" and s.seq.buffer == "" and s.seq.state is State.EDITOR
    rows = _text_rows(s)
    r = rows.index("ABC*Break*")
    assert rows[r + 1] == "\u2588"  # a new line, no Ready


def test_list_after_the_loader_was_loaded_and_new():
    s, _, _ = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.picture_bytes > 100)
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    _typed(s, "CLS")
    _typed(s, "LIST 10-20")
    rows = _text_rows(s)
    assert rows[:2] == ["Ready", "LIST 10-20"]
    assert rows[2] == "10 MODE 1:BORDER 0:INK 0,0:INK 1,26:INK"  # 40 columns, then it wraps
    assert rows[3] == "2,6:INK 3,18"
    assert rows[4] == '20 LOAD"!MONOSCR",&C000' and rows[5] == "Ready"
    _typed(s, "NEW")
    _typed(s, "LIST")
    assert s.log[-4:] == ["NEW", "Ready", "LIST", "Ready"]


def test_run_with_the_loader_in_memory_runs_it_again():
    s, ctx, title = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.picture_bytes > 100)
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    _typed(s, "RUN")
    assert s.seq.state is State.LOADING and s.seq.inks == picture.INKS and s.seq.picture_bytes == 0
    assert "Press PLAY then any key:" not in s.log[-3:]  # LOAD"!..." asks for nothing
    run_until(s, lambda s: s.seq._program_line == 20)
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.log[-3:] == ["Break in 20", "Ready", "*Break*"]
    _typed(s, "RUN")
    run_until(s, lambda s: ctx.next_screen is not None)
    assert ctx.next_screen is title


@pytest.mark.parametrize("mode,cols", [(0, 20), (1, 40), (2, 80)])
def test_mode_clears_and_sets_the_columns(mode, cols):
    s, _, _ = _at_ready(machine="6128")
    _typed(s, f"MODE {mode}")
    assert s.seq.console.cols == cols
    assert [r.rstrip() for r in s.seq.console.rows()[:2]] == ["Ready", ""]  # cleared, Ready at the top
    _typed(s, "PRINT " + '"' + "X" * (cols + 1))
    rows = s.seq.console.rows()
    r = rows.index("X" * cols, 3)  # the answer wraps at the mode's width
    assert rows[r + 1].rstrip() == "X" and rows[r + 2].rstrip() == "Ready"
    fb = drawn(s)
    if mode == 1:
        assert fb.read_text(r) == "X" * 40
    if mode == 0:
        # 16 pixels a character: the glyph doubled across
        from monopoly_cpc.render.font import font
        glyph = font().glyphs[font().char_to_code["X"]]
        assert (fb.pens[8 * r:8 * r + 8, 0:16] == np.repeat(glyph, 2, axis=1)).all()
    if mode == 2:
        # 80 characters in 320 pixels: a character is 4 framebuffer pixels wide
        from monopoly_cpc.render.font import font
        glyph = font().glyphs[font().char_to_code["X"]]
        squeezed = glyph[:, 0::2] | glyph[:, 1::2]
        assert (fb.pens[8 * r:8 * r + 8, 0:4] == squeezed).all()


def test_ink_border_pen_and_paper():
    s, _, _ = _at_ready(machine="464")
    _typed(s, "INK 1,6:BORDER 3:PAPER 2:PEN 3")
    fb = drawn(s)
    assert tuple(fb.inks[0][:2]) == (1, 6) and fb.border[0] == 3
    _typed(s, "CLS")
    fb = drawn(s)
    assert (fb.pens[100] == 2).all()  # the screen cleared in paper 2
    _typed(s, "INK 1,24,6")  # a flashing ink: 10 frames each colour
    colours = set()
    for _ in range(25):
        s.tick()
        colours.add(int(drawn(s).inks[0][1]))
    assert colours == {24, 6}
    _typed(s, "INK 1,27")
    assert s.log[-2:] == ["Improper argument", "Ready"]


def test_cat_on_the_464_tape_prompt_and_esc_gives_ready_without_break():
    s, _, _ = _at_ready(machine="464", media="tape")
    _typed(s, "CAT")
    assert s.log[-1] == "Press PLAY then any key:" and s.seq.state is State.CAT_PROMPT
    s.on_key(key("ESC"))
    assert s.log[-2:] == ["Press PLAY then any key:", "Ready"] and "Break" not in s.log


def test_cat_on_tape_lists_the_blocks():
    s, _ctx, _ = _at_ready(machine="464", media="tape")
    _typed(s, "CAT")
    s.on_key(key("SPACE", " "))
    run_until(s, lambda s: any(line.startswith("MONOSCR ") for line in s.log))
    assert "MONOPOLY         block 1 $ Ok" in s.log and "MONOPOLY         block 2 $ Ok" in s.log
    assert s.log[-1] == "MONOSCR          block 1 &"
    s.on_key(key("ESC"))
    assert s.log[-1] == "Ready" and s.seq.state is State.EDITOR


def test_cat_on_a_6128_disc_and_without_a_disc():
    s, _, _ = _at_ready(machine="6128")
    _typed(s, "CAT")
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    # sorted down the columns first, as AMSDOS lists them (a real 6128 in an emulator)
    assert s.log[-10:] == ["CAT", "", "Drive A: user  0", "", "MONOCODE.BIN  25K   MONOSCR .BIN  17K",
                           "MONOPOLY.BAS   3K", "", "133K free", "", "Ready"]
    s, _, _ = _at_ready(machine="6128", no_disc=True)
    _typed(s, "CAT")
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    assert s.log[-4:] == ["CAT", "Drive A: disc missing", "", "Retry, Ignore or Cancel?"]
    s.on_key(key("R", "r"))  # the disc is in now: the catalogue
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.log[-10] == "Retry, Ignore or Cancel? R" and s.log[-3] == "133K free"


def test_retry_ignore_cancel_echo_the_key():
    s, _, _ = make(machine="6128", no_disc=True)
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    s.on_key(key("I", "i"))
    assert s.seq.state is State.DISC_ERROR
    assert "Retry, Ignore or Cancel? I" in s.log and s.log.count("Drive A: disc missing") == 2
    rows = _text_rows(s)
    r = rows.index("Retry, Ignore or Cancel? I")
    assert rows[r + 2] == "Drive A: disc missing" and rows[r + 4] == "Retry, Ignore or Cancel? \u2588"
    s.on_key(key("C", "c"))
    # Cancel after an Ignore: Ready at once, on the next row (a real 6128 in an emulator)
    assert s.log[-2:] == ["Retry, Ignore or Cancel? C", "Ready"]
    rows = _text_rows(s)
    r = rows.index("Retry, Ignore or Cancel? C")
    assert rows[r + 1] == "Ready" and rows[r + 2] == "\u2588"


def test_cancel_alone_says_bad_command_after_a_blank_line():
    s, _, _ = make(machine="6128", no_disc=True)
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    s.on_key(key("C", "c"))
    rows = _text_rows(s)
    r = rows.index("Retry, Ignore or Cancel? C")
    assert rows[r + 1 : r + 4] == ["", "Bad command", "Ready"]


def test_ignore_finishes_a_drive_command_and_cat_goes_on_to_its_heading():
    """|A then I: Ready at once; CAT then I: its heading, then the disc is read again (a real
    6128 in an emulator)."""
    s, _, _ = _at_ready(machine="6128", no_disc=True)
    _typed(s, "|A")
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    s.on_key(key("I", "i"))
    assert s.seq.state is State.EDITOR and s.log[-2:] == ["Retry, Ignore or Cancel? I", "Ready"]
    _typed(s, "CAT")
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    s.on_key(key("I", "i"))
    rows = _text_rows(s)
    r = rows.index("Retry, Ignore or Cancel? I", rows.index("CAT"))
    assert rows[r + 1 : r + 7] == ["", "Drive A: user  0", "", "Drive A: disc missing", "",
                                   "Retry, Ignore or Cancel? \u2588"]


def test_dir_lists_the_names_in_directory_order_from_the_disc_even_after_tape():
    s, _, _ = _at_ready(machine="6128")
    _typed(s, "|TAPE")
    _typed(s, "|DIR")
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.log[-10:] == ["|DIR", "", "Drive A: user  0", "", "MONOPOLY.BAS   MONOSCR .BIN", "MONOCODE.BIN",
                           "", "133K free", "", "Ready"]


def test_cancel_on_a_464_with_a_ddi1_gives_break_as_well():
    s, _, _ = make(machine="464", media="disc", no_disc=True)
    run_until(s, lambda s: s.seq.state is State.DISC_ERROR)
    s.on_key(key("C", "c"))
    assert s.log[-3:] == ["Bad command", "Break", "Ready"]


def test_the_relay_clicks_off_and_on_after_the_first_block_of_each_file():
    s, ctx, _ = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.state is State.TAPE_PROMPT)
    start = len(ctx.audio.names)
    s.on_key(key("A", "a"))   # the key that starts the tape
    clicks_at = []
    for _ in range(50 * 30):
        before = ctx.audio.names.count("relay_click")
        s.tick()
        clicks_at += [s.seq.t] * (ctx.audio.names.count("relay_click") - before)
        if "Loading MONOPOLY block 2" in s.log:
            break
    # the key's click, then off and on at the end of MONOPOLY's block 1
    assert ctx.audio.names[start:].count("relay_click") == 3
    assert clicks_at[0] == clicks_at[1]


def test_the_loaders_picture_first_block_appears_at_once():
    s, _, _ = make(machine="464", media="tape", kiosk=True)
    run_until(s, lambda s: s.seq.picture_bytes > 0)
    assert s.seq.picture_bytes == 2048
    s.tick()
    assert s.seq.picture_bytes == 2048
    run_until(s, lambda s: s.seq.picture_bytes > 2048)
    assert s.seq.picture_bytes < 2048 + 100  # then byte by byte


@pytest.mark.parametrize("model,word", [("464", "Break"), ("6128", "Break")])
def test_a_typed_program_runs_a_frame_at_a_time_and_esc_twice_breaks_it(model, word):
    """ESC twice between two statements: 'Break in <line>' in BASIC 1.0 and 1.1 alike (a real
    6128 in an emulator); 'Broken in' is only for a tape operation stopped by ESC."""
    s, _, _ = _at_ready(machine=model)
    _typed(s, '10 PRINT "HELLO ";')
    assert s.log[-1] == '10 PRINT "HELLO ";' and s.seq.state is State.EDITOR  # stored: no Ready
    _typed(s, "20 GOTO 10")
    _typed(s, "RUN")
    assert s.seq.state is State.RUNNING
    s.tick()
    rows = s.seq.console.rows()
    r = rows.index("RUN".ljust(40))
    # about 40 characters in the first frame: 7 PRINTs of 6 characters, wrapped at column 40
    assert rows[r + 1] == ("HELLO " * 7)[:40] and rows[r + 2].rstrip() == "O"
    for _ in range(100):
        s.tick()
    assert s.seq.console.rows()[-2].startswith("HELLO HELLO")  # the screen has scrolled
    s.on_key(key("ESC"))
    assert s.seq.state is State.PAUSED
    before = s.seq.console.rows()
    s.tick()
    assert s.seq.console.rows() == before  # paused
    s.on_key(key("SPACE", " "))
    s.tick()
    assert s.seq.console.rows() != before  # on again
    s.on_key(key("ESC"))
    s.on_key(key("ESC"))
    assert s.log[-2] in (f"{word} in 10", f"{word} in 20") and s.log[-1] == "Ready"
    assert s.seq.state is State.EDITOR
    _typed(s, "LIST")
    assert s.log[-3:] == ['10 PRINT "HELLO ";', "20 GOTO 10", "Ready"]


def test_a_long_direct_loop_does_not_freeze_the_screen_and_esc_twice_stops_it():
    s, _, _ = _at_ready(machine="464")
    _typed(s, "FOR I=1 TO 1E9:NEXT")
    assert s.seq.state is State.RUNNING
    for _ in range(10):
        s.tick()
    s.on_key(key("ESC"))
    s.on_key(key("ESC"))
    assert s.log[-2:] == ["Break", "Ready"] and s.seq.state is State.EDITOR



def test_run_with_the_loader_in_memory_reads_the_disc_as_amsdos_would():
    """RUN of the loader (loaded from tape, then |DISC): its two LOADs read MONOSCR.BIN and
    MONOCODE.BIN from the disc the tool writes, the motor spun up again (boot.disc's timeline
    of a program's LOADs)."""
    from monopoly_cpc.boot import disc

    s, ctx, title = make(machine="6128", media="tape", kiosk=True, loader="real")
    run_until(s, lambda s: s.seq.picture_bytes > 100)
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    _typed(s, "|DISC")
    _typed(s, "RUN")
    start = s.seq.t
    assert s.seq.state is State.LOADING and s.seq.inks == picture.INKS and s.seq.picture_bytes == 0
    run_until(s, lambda s: s.seq.picture_bytes >= 16384)
    loaded = [e.t for e in disc.program_timeline("MONOPOLY.BAS") if e.kind == "file_loaded"]
    assert (s.seq.t - start) / 50 == pytest.approx(loaded[0], abs=0.021)
    run_until(s, lambda s: ctx.next_screen is not None)
    assert ctx.next_screen is title
    assert (s.seq.t - start) / 50 == pytest.approx(loaded[1] + 1, abs=0.041)  # the title 1 s after


def test_cat_on_disc_takes_the_directory_read():
    """CAT on disc lists the image's directory once the drive has spun up and read its four
    directory sectors."""
    from monopoly_cpc.boot import disc

    s, _, _ = _at_ready(machine="6128", loader="real")
    _typed(s, "CAT")
    start = s.seq.t
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert (s.seq.t - start) / 50 == pytest.approx(disc.directory_read_s(), abs=0.021)
    assert s.log[-6] == "MONOCODE.BIN  25K   MONOSCR .BIN  17K"


@pytest.mark.parametrize("model", ["464", "6128"])
def test_esc_twice_during_a_disc_read_breaks_once_the_file_is_in(model):
    """AMSDOS reads a file without looking at the keyboard; BASIC sees the ESCs once the LOAD
    is over, before its next statement: 'Break in 30' after line 20's LOAD, then 'Ready' and
    nothing for the line editor (a real 6128 in an emulator; not the tape's 'Broken in')."""
    s, ctx, _title = make(machine=model, media="disc")
    run_until(s, lambda s: s.seq.picture_bytes > 3000)
    assert s.seq._program_line == 20
    s.on_key(key("ESC"))
    s.on_key(key("ESC"))
    assert s.seq.state is State.LOADING                       # the read goes on
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.seq.picture_bytes == 16384                   # MONOSCR was read to its end first
    assert s.log[-3:] == ['RUN"MONOPOLY', "Break in 30", "Ready"]
    assert "disc_motor" in ctx.audio.stopped and ctx.next_screen is None
    assert [r.rstrip() for r in s.seq.console.rows()[:3]] == ["Break in 30", "Ready", ""]


def test_one_esc_during_a_disc_read_pauses_the_loader_and_a_key_goes_on():
    s, ctx, title = make(machine="6128", media="disc")
    run_until(s, lambda s: s.seq._program_line == 30)     # the code loads
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.LOAD_PAUSED)
    assert s.seq._program_line == 30 and ctx.next_screen is None   # at the end of line 30's LOAD
    for _ in range(300):                               # paused: nothing happens
        s.tick()
    assert s.seq.state is State.LOAD_PAUSED and ctx.next_screen is None
    s.on_key(key("SPACE", " "))                        # goes on: line 40 waits for a key
    assert s.seq.state is State.LOADING
    s.tick()
    assert s.seq._program_line == 40
    s.on_key(key("SPACE", " "))
    assert ctx.next_screen is title and not any("Break" in line for line in s.log)


def test_esc_on_a_paused_disc_load_breaks_it():
    s, _ctx, _title = make(machine="464", media="disc")
    run_until(s, lambda s: s.seq.picture_bytes > 100)
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.LOAD_PAUSED)
    s.on_key(key("ESC"))
    assert s.seq.state is State.EDITOR and s.log[-2:] == ["Break in 30", "Ready"]


def test_two_escs_during_the_code_read_name_its_line():
    s, _ctx, _title = make(machine="464", media="disc")
    run_until(s, lambda s: s.seq._program_line == 30)
    s.on_key(key("ESC"))
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.EDITOR)
    assert s.log[-2:] == ["Break in 40", "Ready"]


def test_one_esc_during_a_disc_read_shows_the_cursor_while_the_loader_waits():
    """The paused loader waits for a key with the cursor on: its cell, at the top left after
    the loader's MODE 1, shows inverted over the picture (a real 6128 in an emulator)."""
    s, _ctx, _title = make(machine="6128", media="disc")
    run_until(s, lambda s: s.seq.picture_bytes > 3000)
    s.on_key(key("ESC"))
    run_until(s, lambda s: s.seq.state is State.LOAD_PAUSED)
    assert_cursor_over_picture(s, drawn(s), 0, 0)
    s.on_key(key("SPACE", " "))
    cell = np.asarray(drawn(s).pens)[0:8, 0:8]
    assert (cell == picture.loading_picture()[0:8, 0:8]).all()   # going on: the cursor is gone


def _row_pixels(mode):
    s, _, _ = _at_ready(machine="6128")
    _typed(s, f"MODE {mode}")
    _typed(s, 'PRINT "HELLO Wg"')
    rows = [row.rstrip() for row in s.seq.console.rows()]
    r = rows.index("HELLO Wg")
    return np.asarray(drawn(s).pens)[8 * r : 8 * r + 8]


def test_mode_0_text_is_the_mode_1_font_doubled_across():
    """MODE 0: each character is 8 Mode 0 pixels of 2 framebuffer pixels, the same 8x8 glyph
    as in Mode 1 doubled across (a real 6128 in an emulator draws its ROM font so); the
    letters differ from a real CPC's only where the project's own font differs from the ROM's."""
    mode1, mode0 = _row_pixels(1), _row_pixels(0)
    assert mode1[:, : 8 * 8].any()
    assert (mode0[:, : 16 * 8] == np.repeat(mode1[:, : 8 * 8], 2, axis=1)).all()
