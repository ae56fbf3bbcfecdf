"""The attract mode: it starts after the idle time on the title and stops on a key."""

from __future__ import annotations

from demo_helpers import key, run, session

from monopoly_cpc.demo.attract import AttractScreen
from monopoly_cpc.game.setup import demo_game_seed as demo_seed
from monopoly_cpc.screens.title import TitleScreen


def _to_title(s, limit: int = 500) -> None:
    for _ in range(limit):
        if isinstance(s.screen, TitleScreen):
            return
        s.step()
    raise AssertionError("the title never came")


def test_the_demo_starts_after_the_idle_time_and_not_before():
    s = session(attract_after=2)
    _to_title(s)
    run(s, 99)
    assert isinstance(s.screen, TitleScreen)
    s.step()
    assert isinstance(s.screen, AttractScreen)
    game = s.screen.game
    assert len(game.state.players) == 6 and all(p.computer for p in game.state.players)
    before = game.state.actions
    run(s, 1500)
    assert isinstance(s.screen, AttractScreen)
    assert game.state.actions > before  # the computer players play by themselves


def test_any_key_goes_back_to_the_title_and_is_not_passed_on():
    s = session(attract_after=1)
    _to_title(s)
    run(s, 60)
    assert isinstance(s.screen, AttractScreen)
    s.step([key("RETURN")])
    assert isinstance(s.screen, TitleScreen)  # not the set-up: the key only stopped the demo
    run(s, 49)
    assert isinstance(s.screen, TitleScreen)
    s.step()
    assert isinstance(s.screen, AttractScreen)


def test_the_default_wait_is_sixty_seconds():
    s = session()
    _to_title(s)
    run(s, 60 * 50 - 1)
    assert isinstance(s.screen, TitleScreen)
    s.step()
    assert isinstance(s.screen, AttractScreen)


def test_each_demo_is_another_game():
    s = session(attract_after=1)
    _to_title(s)
    run(s, 50)
    first = s.screen
    s.step([key("SPACE")])
    run(s, 50)
    second = s.screen
    assert isinstance(first, AttractScreen) and isinstance(second, AttractScreen)
    assert first.seed != second.seed
    assert demo_seed(3, 0) == first.seed and demo_seed(3, 1) == second.seed


def test_a_demo_ends_by_itself_after_its_time():
    s = session(attract_after=1)
    _to_title(s)
    run(s, 50)
    demo = s.screen
    demo.limit = demo.ticks + 10
    run(s, 10)
    assert isinstance(s.screen, TitleScreen)


def test_the_demo_shows_the_whole_interface_with_a_demo_mark():
    s = session(attract_after=1)
    _to_title(s)
    run(s, 50)
    fb = s.render()
    assert fb.read_text(0, 0, 12).strip().startswith("T P H L M")
    assert "DEMO" in fb.read_text(0, 30, 40)
