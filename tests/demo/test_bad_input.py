"""Bad input to the exhibition commands: one clear line and a non-zero exit, checked before any
work (rendering, recording) starts; never an internal error or a traceback (QA review 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from demo_helpers import play_args

from monopoly_cpc.cli import main
from monopoly_cpc.demo import export as E
from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
from monopoly_cpc.errors import UserError
from monopoly_cpc.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def replay_file(tmp_path):
    path = tmp_path / "d.json"
    R.Replay(seed=1, start="attract", ticks=100, hashes=["0" * 16] * 2).save(path)
    return path


@pytest.fixture
def no_rendering(monkeypatch):
    """Export's playback fails the test: the output must be refused before it starts."""
    def play(*a, **k):
        raise AssertionError("rendering started before the output was checked")

    monkeypatch.setattr(E, "play", play)


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("monopoly-cpc: "), err
    assert "internal error" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize("out", ["x.txt/a.gif", "x.txt/a.mp4", "x.txt/sub/a.gif", "x.txt/", "x.txt/frames/"])
def test_record_out_through_a_file_is_refused_before_rendering(tmp_path, replay_file, capsys, no_rendering, out):
    (tmp_path / "x.txt").write_text("a file")
    assert main(["record", str(replay_file), "--out", f"{tmp_path}/{out}", "--quiet"]) == 1
    assert f"{tmp_path / 'x.txt'} is a file, not a folder" in _one_line(capsys)


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
@pytest.mark.parametrize("out", ["/proc/x.gif", "/proc/x.mp4", "/proc/dir/"])
def test_record_out_where_nothing_can_be_created_is_refused_before_rendering(replay_file, capsys, no_rendering, out):
    assert main(["record", str(replay_file), "--out", out, "--quiet"]) == 1
    assert "the folder /proc does not accept new files" in _one_line(capsys)


def test_a_screenshot_onto_a_folder_is_refused_before_playing(tmp_path, replay_file, capsys, no_rendering):
    (tmp_path / "shot.png").mkdir()
    assert main(["replay", str(replay_file), "--headless", "--screenshot", str(tmp_path / "shot.png")]) == 1
    assert "it is a folder" in _one_line(capsys)


def test_an_output_failing_while_rendering_is_one_line(tmp_path, replay_file, capsys, monkeypatch):
    def full_disc(frames, path, scale=1):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("monopoly_cpc.demo.capture.write_gif", full_disc)
    assert main(["record", str(replay_file), "--out", str(tmp_path / "a.gif"), "--quiet"]) == 1
    assert "No space left on device" in _one_line(capsys)


@pytest.mark.parametrize("argv", [
    ["demo", "--seconds", "inf", "--headless", "--record", "z.json"],
    ["demo", "--seconds", "nan", "--headless", "--record", "z.json"],
    ["demo", "--seconds", "1e12", "--headless", "--record", "z.json"],
    ["demo", "--seconds", "-1", "--headless", "--record", "z.json"],
    ["demo", "--scale", "0"],
    ["soak", "--hours", "nan"],
    ["soak", "--hours", "inf"],
    ["soak", "--hours", "-inf"],
    ["soak", "--hours", "0"],
    ["soak", "--hours", "169"],
    ["soak", "--ticks", "0"],
    ["soak", "--ticks", "99999999999"],
    ["soak", "--attract-after", "-5"],
    ["replay", "d.json", "--scale", "-1"],
    ["replay", "d.json", "--scale", "0"],
    ["replay", "d.json", "--scale", "x"],
    ["record", "d.json", "--out", "x.gif", "--scale", "17"],
    ["replay", "d.json", "--headless", "--screenshot", "x.tga"],  # as the game: PNG only, at once
])
def test_non_finite_and_absurd_numbers_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "error: argument" in err and "Traceback" not in err


def test_the_week_limits_agree_with_the_replay_limit():
    from monopoly_cpc.commands.demo import MAX_SECONDS

    assert MAX_SECONDS * 50 == R.MAX_TICKS == 50 * 3600 * 24 * 7


def test_replay_screenshot_without_headless_is_refused(tmp_path, replay_file, capsys):
    shot = tmp_path / "x.png"
    assert main(["replay", str(replay_file), "--screenshot", str(shot)]) == 1
    assert "--screenshot needs --headless" in _one_line(capsys)
    assert not shot.exists()


def test_replay_of_a_binary_file_says_it_is_not_a_replay(tmp_path, capsys):
    path = tmp_path / "bin.json"
    path.write_bytes(bytes(range(256)))
    assert main(["replay", str(path), "--verify"]) == 1
    assert "not a replay file (not UTF-8 JSON text)" in _one_line(capsys)


def test_a_folder_given_as_a_replay_is_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path), "--verify"]) == 1
    assert "is a folder, not a replay file" in _one_line(capsys)


def test_recording_into_a_path_through_a_file_is_refused_at_the_start(tmp_path, capsys):
    (tmp_path / "x.txt").write_text("a file")
    target = tmp_path / "x.txt" / "r.json"
    with pytest.raises(UserError) as err:  # before the first tick: no session played for nothing
        ExhibitSession(play_args(record=str(target)), settings=Settings(),
                       config=ExhibitConfig(store=None))
    assert f"{tmp_path / 'x.txt'} is a file, not a folder" in str(err.value)
    assert main(["demo", "--seconds", "1", "--headless", "--record", str(target)]) == 1
    assert "is a file, not a folder" in _one_line(capsys)


def _playlist_warnings(folder, **options) -> list[str]:
    warnings: list[str] = []
    ExhibitSession(play_args(**options), settings=Settings(attract_playlist=str(folder)),
                   config=ExhibitConfig(store=None, warn=warnings.append))
    return warnings


def test_a_missing_or_empty_playlist_folder_is_one_warning(tmp_path):
    missing = _playlist_warnings(tmp_path / "nope")
    assert len(missing) == 1 and "does not exist" in missing[0] and "live demo" in missing[0]
    (tmp_path / "f.txt").write_text("x")
    assert "is not a folder" in _playlist_warnings(tmp_path / "f.txt")[0]
    (tmp_path / "empty").mkdir()
    assert "no replay file" in _playlist_warnings(tmp_path / "empty")[0]
    good = tmp_path / "good"
    good.mkdir()
    (good / "a.json").write_text("{}")
    assert _playlist_warnings(good) == []
    # the command-line option says the same as the setting
    warnings: list[str] = []
    ExhibitSession(play_args(attract_playlist=str(tmp_path / "nope")), settings=Settings(),
                   config=ExhibitConfig(store=None, warn=warnings.append))
    assert len(warnings) == 1 and "does not exist" in warnings[0]


def _without_display() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux display probe")
@pytest.mark.parametrize("command", [["replay", "{file}"], ["demo", "--seconds", "0.1"]])
def test_the_window_without_a_display_is_the_games_one_line(tmp_path, replay_file, command):
    env = _without_display()
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    argv = [a.replace("{file}", str(replay_file)) for a in command]
    r = subprocess.run([sys.executable, "-m", "monopoly_cpc", *argv], env=env, cwd=ROOT,
                       capture_output=True, text=True, timeout=120, check=False)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 1 and len(lines) == 1, r.stderr
    assert lines[0].startswith("monopoly-cpc: no display available") and "--headless" in lines[0]


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.update(ticks=1500), "hashes: 2 for 1500 ticks"),             # hashes cut off
    (lambda d: d.update(hashes=d["hashes"][:1]), "expected 2"),
    (lambda d: d.update(hashes=d["hashes"] * 2), "expected 2"),
    (lambda d: d.update(ticks=10**12, hashes=[]), "more than a week"),
    (lambda d: d.update(ticks=True), "ticks"),
    (lambda d: d.update(hashes=["g" * 16, "0" * 16]), "hex"),
    (lambda d: d.update(bots={"seed": "x"}), "bots"),
])
def test_replay_files_that_cannot_be_right_are_refused(tmp_path, capsys, mutate, words):
    data = R.Replay(seed=1, ticks=100, hashes=["0" * 16, "1" * 16]).to_data()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1
    assert words in _one_line(capsys)


def test_the_hash_count_follows_the_recorder():
    for ticks in (0, 1, 49, 50, 51, 100, 101):
        rep = R.Replay(seed=0, hash_every=50)
        from monopoly_cpc.demo.replay import Recorder

        rec = Recorder(rep, None)
        for _ in range(ticks):
            rec.after_step(lambda fb: None)
        assert len(rep.hashes) == R.hash_count(ticks, 50)
        R.Replay.from_data(rep.to_data())  # what the recorder writes is always accepted
