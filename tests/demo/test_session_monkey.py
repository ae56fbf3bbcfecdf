"""Monkey test of the exhibition session: random CPC keys through every screen it adds to the
game's (boot, title with its resume line, options, attract demos, playlist replays, the
operator menu of kiosk mode, games suspended and resumed), with a data folder that saves."""

from __future__ import annotations

import random

import pytest
from demo_helpers import LAYOUT, key, session

from monopoly_cpc.demo.store import Store
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.settings import Settings

BUSY = ["D", "O", "N", "R", "Q", "1", "2", "3", "6", "RETURN", "ESC", "SPACE", "UP", "DOWN", "LEFT",
        "RIGHT", "DEL", "C", "A", "H", "V", "COPY"]


def _monkey(n_keys: int, seed: int, kiosk: bool, tmp_path) -> dict[str, int]:
    from monopoly_cpc.cli import main

    rng = random.Random(seed)
    playlist = tmp_path / "pl"
    playlist.mkdir()
    assert main(["demo", "--seconds", "2", "--headless", "--record", str(playlist / "a.json"),
                 "--seed", str(seed)]) == 0
    (playlist / "b.json").write_text("{broken", encoding="utf-8")
    all_keys = [k.number for k in LAYOUT.keys if k is not None]
    chord = key("ESC", shift=True, ctrl=True)
    seen: dict[str, int] = {}
    s = None
    for i in range(n_keys):
        if i % 2500 == 0:   # a new run of the program on the same data folder (R resumes its game)
            s = session(seed=seed + i, store=Store(tmp_path / "data"), kiosk=kiosk, attract_after=2,
                        idle_minutes=1, settings=Settings(attract_playlist=str(playlist)),
                        attract_playlist=str(playlist))
        on_title = type(s.screen).__name__ == "TitleScreen"
        r = rng.random()
        if on_title and r < 0.3:
            events = [key(rng.choice(("O", "R", "1", "RETURN")))]
        elif r < 0.02:
            events = [chord]
        elif r < 0.85:
            events = [LAYOUT.event(LAYOUT.named(rng.choice(BUSY)).number, shift=rng.random() < 0.3,
                                   ctrl=rng.random() < 0.03, repeat=rng.random() < 0.05)]
        else:
            events = [LAYOUT.event(rng.choice(all_keys), shift=rng.random() < 0.3)]
        s.step(events)
        for _ in range(rng.choice((0, 0, 1, 4, 120 if rng.random() < 0.01 else 0))):
            s.step([])      # pauses: long ones let the attract loop and the idle timer work
        if type(s.screen).__name__ == "TitleScreen" and rng.random() < 0.3:
            for _ in range(rng.choice((110, 400))):
                s.step([])  # a visitor walked away: the attract loop takes over
        name = type(s.screen).__name__
        seen[name] = seen.get(name, 0) + 1
        state = getattr(s.screen, "state", None)
        if state is not None and i % 53 == 0:
            check_invariants(state)
        if i % 40 == 0:
            s.render()
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("kiosk", [False, True], ids=["normal", "kiosk"])
def test_random_keys_through_every_screen_of_the_session(tmp_path, kiosk):
    seen = _monkey(25_000, seed=7 if kiosk else 8, kiosk=kiosk, tmp_path=tmp_path)
    for name in ("TitleScreen", "SetupScreen", "GameScreen"):
        assert seen.get(name, 0) > 0, (name, seen)
    assert seen.get("AttractScreen", 0) + seen.get("PlaylistScreen", 0) > 0, seen
    if kiosk:
        assert seen.get("OperatorScreen", 0) > 0, seen
    else:
        assert seen.get("OptionsScreen", 0) > 0, seen
