"""The game being played (``game.game.Game``) and what it is made of (``game.setup``)."""

from __future__ import annotations

import json
from typing import Any

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.ai.table import Move
from monopoly_cpc.game.game import Game
from monopoly_cpc.game.setup import GameSeries, GameSetup, run_game_seed, session_game_seed
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, auction_settled
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.rules.state import AUCTION, BUY, GAME_OVER
from monopoly_cpc.rules.turn import actor, forced_action
from monopoly_cpc.rules.variants import Variant

LABELS = ["expert:Prudent", "normal", "facile:Avare", "baseline"]


def _step(game: Game) -> A.Action:
    """One move of a game of computers only, the host's gavel included; the action applied."""
    move = game.next_move()
    if move is None:
        assert game.state.phase == AUCTION and auction_settled(game.state)
        action: A.Action = A.CloseAuction()
        assert not isinstance(game.apply(action), IllegalAction)
        return action
    applied = move.action
    result = game.apply(move)
    assert not isinstance(result, IllegalAction)
    return applied


def _played(seed: int, variant: Variant | None) -> list[A.Action]:
    """The actions of the headless game (``ai.sim.play_game``) of 40 rounds."""
    played: list[A.Action] = []
    play_game(LABELS, seed, variant, round_cap=40, observe=lambda st, a, ev: played.append(a))
    return played


def test_a_game_driven_by_its_moves_is_the_headless_game_of_the_same_setup():
    for seed, variant in ((5, None), (8, Variant.fast())):
        played = _played(seed, variant)
        game = Game(GameSetup.of_labels(LABELS, seed, variant))
        driven = [_step(game) for _ in range(min(len(played), 1500))]
        assert driven == played[:len(driven)] and len(driven) > 300


def test_a_game_saved_as_data_goes_on_as_the_uninterrupted_one():
    setups = (GameSetup.of_labels(LABELS, 11),
              GameSetup.dealt(12, ["ANNE", "HAL", "ZX"], [False, True, True], "expert",
                              pawns=[2, 0, 1]))
    for setup in setups:
        game = Game(setup)
        for _ in range(150):
            _step_or_person(game)
        assert game.state.phase != GAME_OVER and game.state.turn > 10
        saved = json.loads(json.dumps(game.to_data()))
        again = Game.from_data(saved["state"], saved["bots"])
        assert (again.setup.seed, again.setup.labels) == (game.setup.seed, game.setup.labels)
        assert again.memory() == game.memory()
        for _ in range(600):
            if game.state.phase == GAME_OVER:
                break
            assert _step_or_person(game) == _step_or_person(again)
        assert to_data(again.state) == to_data(game.state)


def _step_or_person(game: Game) -> A.Action:
    """A step of the game: the computers' next move, else the gavel, else a person (seat 0 of
    the dealt game) passes in an auction or does what the rules force."""
    st = game.state
    move = game.next_move()
    if move is not None:
        action: A.Action | None = move.action
        result = game.apply(move)
    else:
        if st.phase == AUCTION:
            au = st.auction
            assert au is not None
            person = [b for b in au.bidders if b not in game.bots and b not in au.passed
                      and b != au.high_bidder]
            action = A.Pass(person[0]) if person and not auction_settled(st) else A.CloseAuction()
        else:
            p = actor(st)
            assert p is not None and p not in game.bots, (st.phase, p)
            action = forced_action(st, p)
        assert action is not None
        result = game.apply(action)
    assert not isinstance(result, IllegalAction)
    return action


def test_a_refused_action_is_returned_and_a_refused_computer_move_gives_way_to_the_forced_one():
    # (six players: the computers' shared holdings cache (ai/bot.py ``_LAST``) then never
    # holds fewer seats than a later game of the same process has)
    game = Game(GameSetup.of_labels(["normal"] * 6, 3))
    while game.state.phase != BUY:
        _step(game)
    p = game.state.current
    before = to_data(game.state)
    refusal = game.apply(A.Bid(p, 10))
    assert isinstance(refusal, IllegalAction) and to_data(game.state) == before
    events = game.apply(Move(p, A.Bid(p, 10), "turn"))   # what the rules force instead
    assert not isinstance(events, IllegalAction) and events
    assert game.state.phase != BUY


class _Shown:
    def __init__(self) -> None:
        self.data: dict[str, Any] = {"pace": [1, 2]}

    def memory(self) -> dict[str, Any]:
        return dict(self.data)

    def restore(self, data: dict[str, Any]) -> None:
        self.data = dict(data)


def test_the_shown_part_of_the_memory_waits_for_whoever_shows_the_game():
    game = Game(GameSetup.of_labels(["normal", "expert"], 4))
    game.take_shown(_Shown())
    memory = game.memory()
    assert memory["pace"] == [1, 2] and "table" in memory
    again = Game(GameSetup.of_labels(["normal", "expert"], 4), game.state)
    again.restore(json.loads(json.dumps(memory)))
    assert again.memory() == memory            # kept while nobody shows it
    shown = _Shown()
    shown.data = {}
    again.take_shown(shown)
    assert shown.data == {"pace": [1, 2]} and again.memory() == memory


def test_a_dealt_setup_deals_the_six_characters_by_the_seed_and_saves_as_seed_and_level():
    names = [f"CPU{i}" for i in range(6)]
    deals = [GameSetup.dealt(seed, names, [True] * 6, "expert") for seed in range(5)]
    assert all(sorted(s.personality for s in d.seats) == sorted(
        s.personality for s in deals[0].seats) for d in deals)
    assert len({tuple(s.personality for s in d.seats) for d in deals}) > 1
    assert deals[0].to_data() == {"seed": 0, "ai_level": "expert"}
    person = GameSetup.dealt(9, ["A", "B"], [False, True], "facile")
    assert person.labels == {1: person.seats[1].label} and not person.seats[0].computer


def test_the_seeds_of_a_session_and_of_a_run():
    series = GameSeries()
    seeds = [series.next_seed(77) for _ in range(4)]
    assert seeds[0] == 77 and len(set(seeds)) == 4            # --seed replays the first game
    again = GameSeries()
    assert [again.next_seed(77) for _ in range(4)] == seeds    # the same in a replay
    assert [session_game_seed(77, n) for n in range(4)] == seeds
    assert run_game_seed(1, 0) != run_game_seed(1, 1) != run_game_seed(2, 1)
