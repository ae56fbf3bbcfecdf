"""The game itself triggers the sounds: a quick game of computer players through the real
game screen (app.Session, GameScreen, its presenter) with the real Audio, logging only."""

from collections import Counter

import pytest

from monopoly_cpc.app import Session
from monopoly_cpc.options import Options
from monopoly_cpc.rules.state import GAME_OVER
from monopoly_cpc.screens.flow import scene
from monopoly_cpc.screens.setup import GameSpec, PlayerSpec
from monopoly_cpc.sound import Audio, bank


class RecordingAudio(Audio):
    """The real Audio (its event table, its log) that also keeps the events it was given."""

    def __init__(self) -> None:
        super().__init__(playback=False)
        self.events: list = []

    def on_events(self, events, tick=None) -> None:
        events = list(events)
        self.events.extend((self.tick, ev) for ev in events)
        super().on_events(events, tick)


@pytest.fixture(scope="module")
def quick_game():
    audio = RecordingAudio()
    spec = GameSpec(tuple(PlayerSpec(name, pawn, True)
                          for name, pawn in (("Hal", 1), ("Cpc", 2), ("Amy", 3))), quick_minutes=2)
    args = Options(lang="fr", speed=3)
    session = Session(args, audio=audio, seed=11, screen_factory=lambda ctx: scene(ctx, "game", spec))
    game = session.screen
    for _ in range(30000):
        session.step()
        if game.state.phase == GAME_OVER and not game.busy:
            break
    assert game.state.phase == GAME_OVER
    return audio


def test_the_game_plays_its_sounds(quick_game):
    heard = Counter(name for _, name in quick_game.log)
    for name in ("dice", "step", "buy", "rent", "cash", "card", "bell", "victory"):
        assert heard[name] > 0, (name, heard)
    assert heard["victory"] == 1 and heard["bell"] == 1  # the clock runs out once


def test_every_event_with_a_sound_is_heard_when_shown(quick_game):
    log = set(quick_game.log)
    for tick, ev in quick_game.events:
        name = bank().events.get(ev.kind)
        if name is not None:
            assert (tick, name) in log, (tick, ev)


def test_one_step_bleep_per_square_walked(quick_game):
    squares = sum(abs(ev.data[1]) for _, ev in quick_game.events if ev.kind == "move")
    steps = sum(1 for _, name in quick_game.log if name == "step")
    assert squares > 100
    assert steps == squares
