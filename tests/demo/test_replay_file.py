"""The replay file: key codes, the JSON document, and one clear line for a broken file."""

from __future__ import annotations

import json
import re

import pytest
from demo_helpers import LAYOUT
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_cpc.cli import main
from monopoly_cpc.demo import replay as R
from monopoly_cpc.errors import DataError
from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.render.framebuffer import FrameBuffer


def test_every_key_and_modifier_round_trips_through_its_code():
    for number in range(len(LAYOUT.keys)):
        for flags in range(8):
            ev = LAYOUT.event(number, bool(flags & 1), bool(flags & 2), bool(flags & 4))
            code = R.encode_event(ev, LAYOUT)
            assert code == number * 8 + flags
            assert R.decode_event(code, LAYOUT) == ev


def test_an_event_typing_another_character_keeps_its_character():
    base = LAYOUT.event(LAYOUT.named("A").number)
    odd = CpcKeyEvent(base.key, base.number, "z")  # the symbolic keymap may type otherwise
    code = R.encode_event(odd, LAYOUT)
    assert code == [base.number * 8, "z"]
    assert R.decode_event(code, LAYOUT) == odd


def test_an_event_named_otherwise_keeps_its_name():
    base = LAYOUT.event(LAYOUT.named("A").number)
    odd = CpcKeyEvent("Q", base.number, "q")  # another CPC keyboard names that key Q
    code = R.encode_event(odd, LAYOUT)
    assert code == [base.number * 8, "q", "Q"]
    assert R.decode_event(code, LAYOUT) == odd


def test_document_round_trip_with_tick_deltas():
    rep = R.Replay(seed=7, options={"lang": "fr"}, ticks=300, hashes=["0123456789abcdef"] * 6)
    a, enter = LAYOUT.event(LAYOUT.named("A").number), LAYOUT.event(LAYOUT.named("RETURN").number)
    rep.add_events(10, [a], LAYOUT)
    rep.add_events(11, [a, enter], LAYOUT)
    rep.add_events(12, [], LAYOUT)  # empty ticks are not stored
    rep.add_events(250, [enter], LAYOUT)
    data = rep.to_data()
    assert [row[0] for row in data["keys"]] == [10, 1, 239]
    back = R.Replay.from_data(json.loads(json.dumps(data)))
    assert back.key_log(LAYOUT) == {10: [a], 11: [a, enter], 250: [enter]}
    assert back.seed == 7 and back.ticks == 300 and back.hashes == rep.hashes


def test_frame_hash_is_of_pens_inks_and_border():
    fb = FrameBuffer()
    h0 = R.frame_hash(fb)
    assert h0 == R.frame_hash(FrameBuffer()) and len(h0) == 16
    fb.pset(5, 5, 1)
    h1 = R.frame_hash(fb)
    fb.pset(5, 5, 0)
    fb.set_ink(0, 6, 10, 11)
    h2 = R.frame_hash(fb)
    fb.set_ink(0, 1, 10, 11)
    fb.set_border(3, 0, 1)
    h3 = R.frame_hash(fb)
    assert len({h0, h1, h2, h3}) == 4


def _good() -> dict:
    return R.Replay(seed=1, ticks=100, hashes=["0" * 16, "1" * 16]).to_data()


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.update(format="something-else"), "format"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d.update(seed="x"), "seed"),
    (lambda d: d.update(start="middle"), "start"),
    (lambda d: d.update(keys=[[5, "A"]]), "key"),
    (lambda d: d.update(keys=[[500, 8]]), "after the end"),
    (lambda d: d.update(keys=[[5, 99999]]), "key number"),
    (lambda d: d.update(hashes=["short"]), "hashes"),
    (lambda d: d.update(options={"volume": 3}), "unknown option"),
    (lambda d: d.update(start="game", game=None), "game state"),
])
def test_broken_documents_are_one_clear_error(tmp_path, mutate, words):
    data = _good()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        rep = R.load(path)
        rep.key_log(LAYOUT)  # key codes are checked when the log is rebuilt
    msg = str(err.value)
    assert "\n" not in msg and str(path) in msg and words in msg


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00", b"", b"[1, 2]"])
def test_corrupt_replay_on_the_command_line_is_one_line(tmp_path, capsys, content):
    path = tmp_path / "corrupt.json"
    path.write_bytes(content)
    for argv in (["replay", str(path), "--verify"], ["record", str(path), "--out", str(tmp_path / "x.gif")]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("monopoly-cpc: ") and "Traceback" not in err


def test_missing_replay_is_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json"), "--verify"]) == 1
    assert "no such replay file" in capsys.readouterr().err


def test_a_bad_key_code_in_a_real_replay_is_reported(tmp_path, capsys):
    data = _good()
    data["keys"] = [[3, 99999]]
    path = tmp_path / "k.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "key number" in err


def test_saving_is_atomic_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "sub" / "r.json"
    R.Replay(seed=2, ticks=1, hashes=["a" * 16]).save(path)
    assert R.load(path).seed == 2
    assert [p.name for p in path.parent.iterdir()] == ["r.json"]

_events = st.builds(lambda n, f: LAYOUT.event(n, bool(f & 1), bool(f & 2), bool(f & 4)),
                    st.integers(0, len(LAYOUT.keys) - 1), st.integers(0, 7))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(0, 9999), st.lists(_events, min_size=1, max_size=4), max_size=30))
def test_any_key_log_survives_the_file(log):
    rep = R.Replay(seed=1, ticks=10000, hashes=["0" * 16] * 200)
    for t, evs in log.items():
        rep.add_events(t, evs, LAYOUT)
    back = R.Replay.from_data(json.loads(json.dumps(rep.to_data())))
    assert back.key_log(LAYOUT) == log


@pytest.mark.parametrize("text, said", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "monopoly-cpc-replay", "version": 1, "seed": ' + "9" * 5000 + "}",
     "a number is too long"),
])
def test_a_replay_too_deep_or_with_a_huge_number_is_one_line(tmp_path, capsys, text, said):
    """A crafted replay file is the file's error, not an internal one (was RecursionError /
    Python's integer-digits ValueError)."""
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=said):
        R.load(path)
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "internal error" not in err


@pytest.mark.parametrize("options, said", [
    ({"speed": 99}, "option speed: 99 is not one of 1, 2, 3"),
    ({"lang": "de"}, "option lang: 'de' is not one of fr, en"),
    ({"ai_level": [1]}, "option ai_level: unexpected value [1]"),
    ({"kiosk": "yes"}, "option kiosk: expected true or false, got 'yes'"),
    ({"attract_after": -5}, "option attract_after: unexpected value -5"),
])
def test_a_replay_option_the_command_line_would_refuse_names_the_file(tmp_path, capsys, options, said):
    """The recorded options take the command line's kinds and choices; the message names the
    file and the option (was: 'cannot start: 99', 'unhashable type', or no file at all)."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "monopoly-cpc-replay", "version": R.VERSION, "seed": 1,
                                "options": options, "ticks": 0, "hashes": [], "keys": []}),
                    encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(said)):
        R.load(path)
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and said in err


def test_a_replay_whose_computer_players_have_an_unknown_level_is_refused(tmp_path):
    """bots: {"ai_level": "god"} was taken as any text (the session then failed later)."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "monopoly-cpc-replay", "version": R.VERSION, "seed": 1,
                                "bots": {"seed": 1, "ai_level": "god"}, "ticks": 0, "hashes": [],
                                "keys": []}), encoding="utf-8")
    with pytest.raises(DataError, match="bots"):
        R.load(path)
    assert R.bots_data({"seed": 1, "ai_level": "expert"}) == {"seed": 1, "ai_level": "expert"}
