"""Every per-game replay the session writes in the data folder plays back and verifies.

A monkey session: seeded random CPC keys (weighted toward the keys that set a game up and play
it) through the real ExhibitSession, headless, with a data folder; then every
``replays/game-*.json`` it wrote, mid-game ones included, is loaded and played as
``replay --verify`` does.
"""

from __future__ import annotations

import json
import random

from demo_helpers import key, session, setup_keys

from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.export import play
from monopoly_cpc.demo.store import Store
from monopoly_cpc.settings import Settings

# keys a visitor presses in a game and around it; ESC leaves a game (with its confirmation)
PLAY_KEYS = ["D", "D", "D", "N", "N", "RETURN", "RETURN", "SPACE", "O", "ESC", "1", "2", "A", "V", "H", "F", "R"]


def monkey(s, ticks: int, seed: int) -> None:
    rng = random.Random(seed)
    t = 0
    while t < ticks:
        if rng.random() < 0.004:          # now and then a whole set-up, one key every other tick
            for ev in [key("SPACE"), *setup_keys()]:
                s.step([ev])
                s.step()
                t += 2
            continue
        if rng.random() < 0.002:          # a visitor walks away: the kiosk puts the game aside
            quiet = rng.randrange(20 * 50, 75 * 50)
            for _ in range(quiet):
                s.step()
            t += quiet
            continue
        evs = []
        if rng.random() < 0.1:
            evs.append(key(rng.choice(PLAY_KEYS), shift=rng.random() < 0.1))
        s.step(evs)
        t += 1


def _copies_of_every_write(store: Store, monkeypatch) -> list:
    """Every game file as written, each time it was written (the file is rewritten each turn)."""
    written: list = []
    real = R.Replay.save

    def save(self, path):
        out = real(self, path)
        if store.replay_dir in __import__("pathlib").Path(path).parents:
            written.append((str(path), json.loads(json.dumps(self.to_data()))))
        return out

    monkeypatch.setattr(R.Replay, "save", save)
    return written


def test_every_game_file_of_a_monkey_session_replays_in_sync(tmp_path, monkeypatch):
    store = Store(tmp_path / "data")
    written = _copies_of_every_write(store, monkeypatch)
    # kiosk, a game put aside after one idle minute: games end and start again (R resumes one)
    s = session(seed=5, store=store, kiosk=True, settings=Settings(idle_minutes=1))
    monkey(s, 12000, seed=11)
    s.close()
    files = sorted(store.replay_dir.glob("game-*.json"))
    assert len(files) >= 2, "the monkey must have played more than one game"
    assert len(written) > len(files)          # mid-game writes too
    # every final file, loaded from disc, and a sample of the mid-game versions
    checks = [(str(f), R.load(f)) for f in files]
    checks += [(name, R.Replay.from_data(data, name)) for name, data in written[:: max(1, len(written) // 12)]]
    for name, replay in checks:
        result = play(replay, source=name, stop_at_difference=True)
        assert result.first_bad is None, f"{name} ({replay.ticks} ticks) out of sync at {result.first_bad}"
        assert len(result.hashes) == len(replay.hashes), name


def test_a_game_file_starts_at_the_games_first_tick_and_counts_the_last_one(tmp_path):
    from demo_helpers import run

    store = Store(tmp_path / "data")
    s = session(seed=3, store=store)
    run(s, 5)
    for ev in [key("SPACE"), *setup_keys()]:  # up to the tick in which the set-up hands over
        for evs in ([ev], []):
            if s.game_recorder is None:
                s.step(evs)
    assert s.game_recorder is not None
    s.step([key("D")])                    # the game's first tick: tick 0 of its file
    run(s, 99)
    s.step([key("D")])                    # its tick 100
    s.close()
    replay = R.load(max(store.replay_dir.glob("game-*.json")))
    log = replay.key_log(s.layout)
    assert sorted(log) == [0, 100] and replay.ticks == 101
    assert play(replay, stop_at_difference=True).first_bad is None
