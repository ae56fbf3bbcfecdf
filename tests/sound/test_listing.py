"""`monopoly-cpc sounds --basic`: the sound bank as a Locomotive BASIC program a CPC plays."""

import dataclasses

import numpy as np
import pytest

from monopoly_cpc import cli, sound
from monopoly_cpc.boot import interpreter
from monopoly_cpc.paths import asset
from monopoly_cpc.sound.basic import SoundDataError, compile_program
from monopoly_cpc.sound.listing import (
    FIRST_SOUND_LINE,
    QUEUE_ENTRIES,
    TICK_MS,
    Subroutine,
    ascii_file,
    issue_times,
    listing,
    read_listing,
)


@pytest.fixture(scope="module")
def lines():
    return listing(sound.bank())


def test_every_line_is_numbered_in_order_and_reads_as_basic(lines):
    numbers = [int(line.split(" ", 1)[0]) for line in lines]
    assert numbers == sorted(set(numbers)) and numbers[-1] <= 65535
    for line in lines:
        assert len(line) <= 255 and line.isascii()
        text = line.split(" ", 1)[1]
        if not text.startswith("REM "):  # a remark's text is free
            interpreter.tokenise(text)  # the project's BASIC: no stray character


def test_the_menu_calls_each_sounds_subroutine(lines):
    by_number = {int(line.split(" ", 1)[0]): line.split(" ", 1)[1] for line in lines}
    (on_gosub,) = [text for text in by_number.values() if "ON n GOSUB" in text]
    targets = [int(t) for t in on_gosub.split("GOSUB ")[1].split(",")]
    names = list(sound.bank().programs)
    assert [by_number[t].split(":")[0] for t in targets] == [f"REM {name}" for name in names]
    assert f"IF n>0 AND n<={len(names)}" in on_gosub


def test_each_subroutine_compiles_to_the_registers_of_the_game(lines):
    """Read back through sound/basic.py (the statements checked as BASIC 1.1 takes them), every
    sound's SOUNDs, ENVs and ENTs give the very timeline the game renders."""
    subs = read_listing(lines)
    programs = sound.bank().programs
    assert len(subs) == len(programs)
    for sub, (name, program) in zip(subs.values(), programs.items()):
        got, want = compile_program(sub.program), compile_program(program)
        for field in dataclasses.fields(want):
            a, b = getattr(got, field.name), getattr(want, field.name)
            assert np.array_equal(a, b), (name, field.name)


def test_the_queues_take_every_note_a_tick_before_it_is_due(lines):
    """With 4-entry queues (the playing note included) and a slow BASIC (10 ms a SOUND), no
    SOUND waits before the RELEASE and every later note is queued a full tick early."""
    checked = 0
    for first, sub in read_listing(lines).items():
        times = issue_times(sub)
        for i, (queued, due) in enumerate(times):
            if i >= sub.release_at:
                assert queued <= due - TICK_MS, (first, i, queued, due)
                checked += 1
    assert checked > 300


def test_the_notes_that_start_together_are_held_and_released_together(lines):
    for sub in read_listing(lines).values():
        held = [q for q in sub.order if q.held]
        channels = {ch for q in held for ch in q.statement.channels}
        assert held and sub.mask == sum(1 << ch for ch in channels)
        assert all(q.held for q in sub.order[:len(held)])  # they come first


def test_a_listing_in_the_banks_order_or_overfilled_is_refused(lines):
    title = read_listing(lines)[max(read_listing(lines))]  # the title tune: three voices
    by_voice = sorted(title.order, key=lambda q: q.statement.channels)
    with pytest.raises(SoundDataError, match="order"):
        issue_times(dataclasses.replace(title, order=by_voice))
    late_release = Subroutine(title.program, title.order, len(title.order), title.mask)
    with pytest.raises(SoundDataError, match="full queue"):
        issue_times(late_release)
    assert sum(0 in q.statement.channels for q in title.order) > QUEUE_ENTRIES


def test_the_ascii_file_is_what_a_cpc_saves_and_the_packaged_copy_is_current(lines):
    data = ascii_file(lines)
    assert data.endswith(b"\r\n\x1a") and data.count(b"\r\n") == len(lines)
    # the copy on the tape and disc images (monopoly_cpc/boot) is this very program:
    # regenerate it with `monopoly-cpc sounds --basic assets/sounds.bas`
    assert asset("sounds.bas").read_bytes() == data
    assert min(read_listing(lines)) == FIRST_SOUND_LINE


def test_command_writes_the_program(tmp_path, capsys, lines):
    out = tmp_path / "SOUNDS.BAS"
    assert cli.main(["sounds", "--basic", str(out)]) == 0
    assert out.read_bytes() == ascii_file(lines)
    assert 'RUN"SOUNDS"' in capsys.readouterr().out
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert cli.main(["sounds", "--basic", str(blocker / "SOUNDS.BAS")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("monopoly-cpc: cannot write the BASIC program") and err.count("\n") == 1


def test_the_tape_and_disc_images_hold_the_program_beside_the_loader():
    from monopoly_cpc.boot import dsk, tape

    (sounds,) = [f for f in tape.image_files() if f.name == "SOUNDS"]
    assert sounds.filetype == tape.FILETYPE_ASCII and sounds.data == asset("sounds.bas").read_bytes()
    assert tape.image_files()[:3] == tape.monopoly_files()
    image = dsk.read_dsk(dsk.monopoly_dsk(with_sounds=True))
    assert [e.full_name for e in image.directory() if e.extent == 0][-1] == "SOUNDS.BAS"
    blocks = b"".join(image.block(b) for b in image.file_blocks("SOUNDS.BAS"))
    assert blocks.startswith(b"10 REM monopoly-cpc") and sounds.data in blocks  # no AMSDOS header
    assert "SOUNDS.BAS" not in {e.full_name for e in dsk.read_dsk(dsk.monopoly_dsk()).directory()}


def test_check_refuses_notes_too_short_for_basic_to_queue_in_time(lines):
    from monopoly_cpc.sound.basic import Program, SoundStatement
    from monopoly_cpc.sound.data import SoundBank
    from monopoly_cpc.sound.listing import check

    check(sound.bank(), lines)  # the game's bank plays in time
    # two channels of 1/100 s notes: two SOUNDs every 10 ms, more than a slow BASIC runs
    roll = Program(tuple(SoundStatement(chan, 100 + k, 1, 12) for k in range(12) for chan in (1, 2)))
    fast = SoundBank({"roll": roll}, {"roll": "two voices of 1/100 s notes"}, {})
    with pytest.raises(SoundDataError, match="'roll': BASIC cannot queue note"):
        check(fast, listing(fast))
