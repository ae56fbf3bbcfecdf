"""The screens' sounds: the title tune, the engine's events, step per square, going/gavel, error."""

from helpers import Session, digit, game_session, key, until

from monopoly_cpc.screens.title import TitleScreen


class Ears:
    """An audio sink that writes down what it was asked to play."""

    def __init__(self) -> None:
        self.cues: list[str] = []
        self.kinds: list[str] = []
        self.stopped: list[str | None] = []

    def cue(self, name: str, *args, **kwargs) -> None:
        self.cues.append(name)

    def on_events(self, events, *args, **kwargs) -> None:
        self.kinds.extend(ev.kind for ev in events)

    def play_samples(self, *args, **kwargs) -> None:
        pass

    def stop(self, name=None) -> None:
        self.stopped.append(name)


def test_the_title_plays_its_tune_once_and_stops_it_when_left():
    s = Session(TitleScreen)
    ears = s.ctx.audio = Ears()
    s.step([], 200)
    assert ears.cues == ["title"]
    s.press("SPACE")
    assert ears.stopped == ["title"]
    assert type(s.screen).__name__ == "SetupScreen"


def test_dice_steps_and_the_engine_events_are_heard():
    s = game_session(dice=[(3, 4), (1, 1), (5, 2), (2, 1)])
    ears = s.ctx.audio = Ears()
    s.press("D")                                     # who starts: JEAN's roll
    assert until(s, "JEAN fait 7")
    assert "dice" in ears.cues
    s2 = game_session(first_player=0, dice=[(1, 2)])
    ears = s2.ctx.audio = Ears()
    s2.press("D")
    assert until(s2, "(O/N)")
    assert "dice" in ears.kinds and "move" in ears.kinds
    assert ears.cues.count("step") >= 3              # one per square walked (1, 2, 3)
    s2.press("O")
    assert until(s2, "achète")
    assert "buy" in ears.kinds


def test_auction_going_going_gavel_and_a_refused_bid_beeps():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2)], speed=3)
    ears = s.ctx.audio = Ears()
    s.press("D")
    assert until(s, "(O/N)")
    s.press("N")
    assert until(s, "Numéro (1 2 3 4), offre, ENTER")
    s.step([digit(2), digit(7), digit(0), digit(0), digit(0), key("ENTER")])
    assert until(s, "Meilleure offre : 7.000 F (2 MARIE)")
    while s.screen.busy:                             # the bid shown, in the window's layout
        s.step()
    assert "error" not in ears.cues
    s.step([digit(3), digit(5), digit(0), digit(0), key("ENTER")])   # too low
    assert "error" in ears.cues
    assert until(s, "Une fois...")
    assert until(s, "Deux fois...")
    assert ears.cues.count("going") >= 2
    assert until(s, "Adjugé !")
    assert "auction_won" in ears.kinds               # the sound table plays the gavel for it


def test_each_key_typed_into_the_set_up_clicks_softly():
    s = Session(TitleScreen)
    s.press("SPACE")
    ears = s.ctx.audio = Ears()
    s.step([digit(1)])
    s.press("N")
    assert ears.cues == ["key_click", "key_click"]


def test_a_command_refused_buzzes():
    """A command's refusal (Mode.apply of an action the engine refuses) gives the error sound."""
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.screens.game.modes import REGISTRY

    s = game_session(dice=[(3, 4)])
    ears = s.ctx.audio = Ears()
    mode = REGISTRY["H"](s.screen)
    s.screen.push(mode)
    assert not mode.apply(A.Mortgage(0, 1))  # nobody owns Belleville yet
    assert ears.cues == ["error"]
