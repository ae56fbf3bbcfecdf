"""Headless games: one game is a function of its seed."""

from __future__ import annotations

from monopoly_cpc.ai.sim import play_game


def test_a_game_replays_identically_from_its_seed():
    a = play_game(["expert", "normal", "baseline", "facile"], 42)
    b = play_game(["expert", "normal", "baseline", "facile"], 42)
    assert a == b
    assert a.rolls > 0 and a.bot_errors == 0
    c = play_game(["expert", "normal", "baseline", "facile"], 43)
    assert (c.rolls, c.actions) != (a.rolls, a.actions)
