"""Record, then replay: the same frame hashes, in this process and in others."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from demo_helpers import key, run, session, setup_keys

from monopoly_cpc.cli import main
from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.export import play
from monopoly_cpc.demo.store import Store


def _keys_for_a_game() -> dict[int, list]:
    """Title, set-up of a human and a computer, then the human's D and ENTER now and then."""
    keys: dict[int, list] = {20: [key("SPACE")]}
    t = 30
    for ev in setup_keys():
        keys[t] = [ev]
        t += 3
    for later in range(t + 50, 2400, 90):
        keys[later] = [key("D")] if later % 180 else [key("RETURN")]
    return keys


def test_a_recorded_session_replays_bit_for_bit(tmp_path):
    path = tmp_path / "session.json"
    s = session(record=str(path))
    keys = _keys_for_a_game()
    run(s, 2400, keys)
    s.close()
    rep = R.load(path)
    assert rep.ticks == 2400 and len(rep.hashes) == 48
    assert sorted(rep.keys) == sorted(keys)
    result = play(rep)
    assert result.first_bad is None
    assert result.hashes == rep.hashes
    assert type(result.session.screen).__name__ == "GameScreen"
    assert result.session.screen.state.turn == s.screen.state.turn > 0


def test_verify_finds_the_first_tick_that_differs(tmp_path, capsys):
    path = tmp_path / "session.json"
    s = session(record=str(path))
    run(s, 2400, _keys_for_a_game())
    s.close()
    data = json.loads(path.read_text())
    assert main(["replay", str(path), "--verify"]) == 0
    assert "in sync" in capsys.readouterr().out
    d_code = key("D").number * 8
    t = 0
    for row in data["keys"]:
        t += row[0]
        if row[1] == d_code:
            row[1] = key("Z").number * 8  # the human's first D becomes a key the game ignores
            break
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(data))
    assert main(["replay", str(bad), "--verify"]) == 1
    out = capsys.readouterr().out
    tick = int(out.split("OUT OF SYNC at tick ")[1].split()[0])
    assert tick % 50 == 0 and t < tick <= t + 150


def test_every_game_played_gets_its_own_replay_that_replays(tmp_path):
    store = Store(tmp_path)
    s = session(store=store)
    run(s, 2400, _keys_for_a_game())
    s.close()
    files = sorted(store.replay_dir.glob("game-*.json"))
    assert len(files) == 1
    rep = R.load(files[0])
    assert rep.start == "game" and rep.game["players"][0]["name"] == "JEAN"
    assert rep.ticks > 1500
    assert play(rep).first_bad is None


def _demo(tmp_path, name: str, hashseed: str) -> bytes:
    out = tmp_path / name
    env = dict(os.environ, PYTHONHASHSEED=hashseed, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, "-m", "monopoly_cpc", "demo", "--seconds", "8", "--headless",
                    "--record", str(out), "--seed", "11"], check=True, env=env, capture_output=True)
    return out.read_bytes()


def test_demo_recordings_are_identical_across_processes_and_hash_seeds(tmp_path):
    a = _demo(tmp_path, "a.json", "1")
    b = _demo(tmp_path, "b.json", "4242")
    assert a == b
    rep = R.load(tmp_path / "a.json")
    assert rep.start == "attract" and rep.ticks == 400 and len(rep.hashes) == 8
    env = dict(os.environ, PYTHONHASHSEED="77", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "monopoly_cpc", "replay", str(tmp_path / "a.json"),
                           "--verify"], check=False, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "in sync" in done.stdout


def test_a_demo_with_another_seed_differs(tmp_path):
    assert main(["demo", "--seconds", "4", "--headless", "--record", str(tmp_path / "a.json"), "--seed", "1"]) == 0
    assert main(["demo", "--seconds", "4", "--headless", "--record", str(tmp_path / "b.json"), "--seed", "2"]) == 0
    assert R.load(tmp_path / "a.json").hashes != R.load(tmp_path / "b.json").hashes


def test_demo_headless_needs_a_file(capsys):
    assert main(["demo", "--seconds", "1", "--headless"]) == 1
    assert "--record" in capsys.readouterr().err


def test_drawing_as_often_as_a_window_does_changes_nothing(tmp_path):
    """A window draws at its own rate; the replay, drawn only at hash ticks, stays in sync."""
    path = tmp_path / "drawn.json"
    s = session(record=str(path), loader="fast", machine="6128")
    keys = {t + 600: evs for t, evs in _keys_for_a_game().items()}
    for t in range(3000):
        s.step(keys.get(t, ()))
        for _ in range(1 + t % 3):  # 0, 1 or 2 extra pictures per tick, as a 60-144 Hz screen
            s.render()
    s.close()
    assert type(s.screen).__name__ == "GameScreen"  # boot, title, set-up and game were all drawn
    rep = R.load(path)
    assert play(rep).first_bad is None


def test_the_game_run_headless_records_the_session(tmp_path):
    """`monopoly-cpc --headless --frames N --record FILE` (app.run_headless with the exhibition
    session): the file holds the N ticks from the first screen, attract demo included, in sync."""
    out = tmp_path / "s.json"
    assert main(["--headless", "--frames", "400", "--attract-after", "5", "--loader", "skip",
                 "--seed", "4", "--record", str(out)]) == 0
    rep = R.load(out)
    assert rep.start == "boot" and rep.ticks == 400 and len(rep.hashes) == 8
    assert rep.options["attract_after"] == 5 and rep.seed == 4
    result = play(rep)
    assert result.first_bad is None
    assert type(result.session.screen).__name__ == "AttractScreen"  # the demo began at tick 251


def test_ctrl_c_during_a_headless_demo_still_writes_the_replay(tmp_path, monkeypatch):
    """`demo --headless --seconds 100000 --record x.json`, then CTRL+C: exit 130 and the
    replay of what was played (was: nothing written)."""
    from monopoly_cpc.cli import main
    from monopoly_cpc.commands import demo as demo_command
    from monopoly_cpc.demo import replay as R

    made = demo_command.make_session

    def interrupted(args):
        session = made(args)
        step = session.step
        count = [0]

        def step_then_ctrl_c(keys):
            count[0] += 1
            if count[0] > 40:
                raise KeyboardInterrupt
            return step(keys)

        session.step = step_then_ctrl_c
        return session

    monkeypatch.setattr(demo_command, "make_session", interrupted)
    path = tmp_path / "cut.json"
    assert main(["demo", "--headless", "--seconds", "100", "--record", str(path)]) == 130
    assert R.load(path).ticks == 40
