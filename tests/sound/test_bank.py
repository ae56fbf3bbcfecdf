"""assets/sounds.yaml: validation, the event table, and the sounds' musical facts."""

import numpy as np
import pytest
import yaml

from monopoly_cpc import sound
from monopoly_cpc.errors import DataError
from monopoly_cpc.sound import ay
from monopoly_cpc.sound.basic import EnvSection, compile_program, expand_note
from monopoly_cpc.sound.data import SOUNDS_YAML, load_bank, note_period

REQUIRED = ("key_click", "bell", "dice", "step", "buy", "rent", "cash", "card", "jail",
            "siren", "cell_door", "gavel", "going", "bankrupt", "victory", "error", "title")


def raw():
    return yaml.safe_load(SOUNDS_YAML.read_text(encoding="utf-8"))


def write(tmp_path, data):
    path = tmp_path / "sounds.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_packaged_bank_has_every_sound():
    names = sound.sound_names()
    for name in REQUIRED + ("relay_click", "disc_motor", "disc_step", "tape_sample"):
        assert name in names


def test_bell_is_the_cpc_bell():
    (s,) = sound.bank().programs["bell"].statements
    assert (s.chan & 7, s.period, s.dur, s.vol, s.chan & 128) == (7, 90, 20, 11, 128)


@pytest.mark.parametrize("mutate, entry", [
    (lambda d: d["sounds"]["dice"]["sound"].__setitem__(0, [1, 0, 4, 99]), "sound 'dice'"),
    (lambda d: d["sounds"]["step"].__setitem__("sound", "beep"), "sound 'step'"),
    (lambda d: d["sounds"]["buy"]["sound"].__setitem__(0, [1, 119, 5, 12, 14]), "sound 'buy'"),
    (lambda d: d["sounds"]["title"]["tune"]["voices"]["A"].__setitem__("notes", "C4:2 H9"),
     "sound 'title'"),
    (lambda d: d["sounds"]["victory"]["tune"]["voices"]["B"].__setitem__("notes", "C4:2"),
     "sound 'victory'"),
    (lambda d: d["sounds"].__setitem__("Bad Name", {"sound": [[1, 100]]}), "sound 'Bad Name'"),
    (lambda d: d["sounds"]["gavel"].__setitem__("colour", 3), "sound 'gavel'"),
    (lambda d: d["env"].__setitem__(1, [[200, 1, 1]]), "env/ent"),
    (lambda d: d["events"].__setitem__("dice", "no_such_sound"), "event 'dice'"),
    (lambda d: d.__setitem__("format", 7), "format"),
])
def test_a_broken_entry_names_the_file_and_the_entry(tmp_path, mutate, entry):
    data = raw()
    mutate(data)
    with pytest.raises(DataError) as info:
        load_bank(write(tmp_path, data))
    message = str(info.value)
    assert message.startswith("sounds.yaml: ")
    assert entry in message
    assert "\n" not in message


def test_broken_yaml_and_missing_file(tmp_path):
    path = tmp_path / "sounds.yaml"
    path.write_text("sounds: [unclosed", encoding="utf-8")
    with pytest.raises(DataError, match="sounds.yaml: not valid YAML at line"):
        load_bank(path)
    with pytest.raises(DataError, match="cannot read"):
        load_bank(tmp_path / "missing.yaml")


def test_a_valid_copy_loads(tmp_path):
    bank = load_bank(write(tmp_path, raw()))
    assert set(bank.programs) == set(sound.bank().programs)


def test_no_volume_envelope_wraps_round():
    """The firmware wraps 15 -> 0; the game's sounds never rely on it (it sounds like a bug)."""
    for name, program in sound.bank().programs.items():
        for s in program.statements:
            if not s.env:
                continue
            level = s.vol
            for sec in program.env[s.env]:
                if isinstance(sec, EnvSection):
                    for _ in range(sec.steps):
                        level += sec.step
                        assert 0 <= level <= 15, (name, s)


# Engine event kinds that make no sound, on purpose.  "move" is heard as one "step" bleep per
# square, which the board screen cues while the token walks.
SILENT_KINDS = ("start_tie", "first_player", "turn", "doubles", "move", "buy_offer", "decline",
                "auction_pass", "rent_due", "rent_lost", "no_rent", "card_kept", "card_choice",
                "jail_stay", "debt", "shortage", "shortage_alone", "trade_proposed", "trade_rejected",
                "loan_interest", "end_requested", "score", "game_over")


def test_event_table_uses_the_engines_kinds():
    from monopoly_cpc.rules.events import KINDS

    table = sound.bank().events
    assert set(table) <= set(KINDS), sorted(set(table) - set(KINDS))
    expected = {"dice": "dice", "start_roll": "dice", "buy": "buy", "rent_paid": "rent",
                "card_drawn": "card", "jail": "jail", "leave_jail": "cell_door",
                "auction_won": "gavel", "bankrupt": "bankrupt", "winner": "victory",
                "pass_go": "cash", "time_up": "bell"}
    for kind, name in expected.items():
        assert table[kind] == name


def test_every_engine_kind_has_a_sound_or_is_silent_on_purpose():
    from monopoly_cpc.rules.events import KINDS

    table = sound.bank().events
    undecided = [k for k in KINDS if k not in table and k not in SILENT_KINDS]
    assert not undecided, f"new engine event kinds without a decision in sounds.yaml: {undecided}"
    assert not set(table) & set(SILENT_KINDS)


def test_note_periods():
    assert note_period("A", "", 4) == 142
    assert note_period("C", "", 4) == 239
    assert note_period("C", "", 5) == 119
    assert note_period("F", "#", 4) == note_period("G", "b", 4)


def test_title_tune_is_a_three_voice_piece_of_20_to_40_seconds():
    program = sound.bank().programs["title"]
    tl = compile_program(program)
    assert 20.0 <= tl.frames / 100 <= 40.0
    for ch in range(3):
        assert tl.tone_on[:, ch].mean() > 0.5  # each voice plays most of the time
    assert tl.noise_on[:, 2].any()  # the snare
    # voices start together and end together
    ends = {}
    for ch in range(3):
        on = np.flatnonzero(tl.volume[:, ch] > 0)
        ends[ch] = on[-1]
    assert max(ends.values()) - min(ends.values()) < 30


def test_title_melody_sounds_the_written_notes():
    """The first bar's melody, measured from the rendered channel A's spectrum."""
    program = sound.bank().programs["title"]
    tl = compile_program(program)
    a = ay.render_channels(tl)[0]
    unit = 11 * 441  # samples per sixteenth
    written = [("E5", 0, 2), ("G5", 2, 2), ("C6", 4, 4), ("E6", 8, 2), ("D6", 10, 2), ("C6", 12, 4)]
    for note, at, length in written:
        seg = a[at * unit: (at + length) * unit]
        spectrum = np.abs(np.fft.rfft(seg * np.hanning(seg.size), 8 * seg.size))
        hz = np.fft.rfftfreq(8 * seg.size, 1 / ay.SAMPLE_RATE)[np.argmax(spectrum)]
        period = note_period(note[0], "", int(note[1]))
        assert abs(hz - 62500 / period) < 62500 / period * 0.01, note


def test_siren_alternates_two_french_tones():
    prog = sound.bank().programs["siren"]
    (s,) = prog.statements
    period = expand_note(s, prog.env, prog.ent).period
    assert set(np.unique(period).tolist()) == {108, 144}  # 579 and 434 Hz


def test_every_steady_note_of_every_sound_sounds_at_62500_over_its_period():
    """Each note (tone, no noise, no ENT, at least 4/100 s) measured from the spectrum."""
    from monopoly_cpc.sound.basic import schedule

    checked = 0
    for name, program in sound.bank().programs.items():
        tl = compile_program(program)
        channels = ay.render_channels(tl)
        for start, s, frames in schedule(program.statements, program.env, program.ent):
            n = frames.volume.size
            if s.period == 0 or s.noise or s.ent or n < 4 or frames.volume.max() == 0:
                continue
            ch = s.channels[0]
            seg = channels[ch][start * 441:(start + n) * 441]
            pad = 1 << 17
            spectrum = np.abs(np.fft.rfft(seg * np.hanning(seg.size), pad))
            hz = np.argmax(spectrum) * ay.SAMPLE_RATE / pad
            want = 62500.0 / s.period
            assert abs(hz - want) <= max(0.01 * want, 2 * ay.SAMPLE_RATE / seg.size), (name, s)
            checked += 1
    assert checked > 350  # 391 when written
