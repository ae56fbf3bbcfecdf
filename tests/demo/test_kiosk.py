"""Kiosk mode: quit keys ignored, the operator's chord obeyed, idle games kept, screens restarted."""

from __future__ import annotations

import pygame
import pytest
from demo_helpers import LAYOUT, key, run, session, to_game

from monopoly_cpc.demo.operator import OperatorScreen
from monopoly_cpc.demo.plugins.kiosk import CHORD_WINDOW, parse_chord
from monopoly_cpc.demo.store import Store
from monopoly_cpc.screens.base import Screen
from monopoly_cpc.screens.options import OptionsScreen
from monopoly_cpc.screens.title import TitleScreen
from monopoly_cpc.settings import Settings


def _title(s) -> None:
    for _ in range(500):
        if isinstance(s.screen, TitleScreen):
            return
        s.step()
    raise AssertionError("no title")


LAYOUT_KEYS = [k.name for k in LAYOUT.keys if k.name]


def chord():
    return key("ESC", shift=True, ctrl=True)


def _ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def test_window_close_and_alt_f4_are_ignored_only_in_kiosk_mode():
    kiosk, normal = session(kiosk=True), session()
    quit_ev = _ev(pygame.QUIT)
    alt_f4 = _ev(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, scancode=61, unicode="")
    alt_enter = _ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT, scancode=40, unicode="")
    assert kiosk.host_event(quit_ev) and kiosk.host_event(alt_f4) and kiosk.host_event(alt_enter)
    assert not normal.host_event(quit_ev) and not normal.host_event(alt_f4)
    assert not normal.host_event(alt_enter)  # full screen on/off stays the loop's
    assert not kiosk.quit_requested


def test_one_chord_press_does_nothing_visible_and_reaches_no_screen():
    s = session(kiosk=True)
    _title(s)
    s.step([chord()])
    run(s, 5)
    assert isinstance(s.screen, TitleScreen)  # a key on the title would have opened the set-up


def test_three_chord_presses_open_the_operator_menu_and_q_quits():
    s = session(kiosk=True)
    _title(s)
    for _ in range(3):
        s.step([chord()])
        run(s, 20)
    assert isinstance(s.screen, OperatorScreen)
    s.step([key("ESC")])
    assert isinstance(s.screen, TitleScreen)
    for _ in range(3):
        s.step([chord()])
    s.step([key("Q")])
    assert s.quit_requested


@pytest.mark.parametrize(("keymap", "host", "shown"), [
    ("positional", "a", "A"),    # a QWERTY keyboard: the CPC's Q is the key marked A
    ("positional", "q", "Q"),    # an AZERTY keyboard: the same key is marked Q
    ("positional", None, "Q"),   # no display to ask: the CPC's letter
    ("symbolic", "a", "Q"),      # the character typed chooses: Q is Q
])
def test_the_operator_menu_names_the_key_the_keyboard_has(monkeypatch, keymap, host, shown):
    from monopoly_cpc.demo import operator

    monkeypatch.setattr(operator, "_key_from_scancode",
                        lambda code: None if host is None else {4: ord(host), 20: ord("q")}[code])
    s = session(kiosk=True, keymap=keymap)
    _title(s)
    for _ in range(3):
        s.step([chord()])
    assert isinstance(s.screen, OperatorScreen)
    assert s.render().read_text(10).strip() == f"{shown} : quitter le programme"


def test_the_host_layout_is_asked_of_sdl():
    from monopoly_cpc.demo.operator import _key_from_scancode, host_letter

    pygame.display.init()   # SDL's dummy driver: SDL's own US layout
    try:
        if _key_from_scancode(4) is None:
            pytest.skip("no SDL library to ask on this system")
        assert host_letter("Q", "positional") == "A" and host_letter("A", "positional") == "Q"
    finally:
        pygame.display.quit()   # headless pictures elsewhere show the CPC's letters


def test_chord_presses_too_far_apart_do_not_count():
    s = session(kiosk=True)
    _title(s)
    for _ in range(4):
        s.step([chord()])
        run(s, CHORD_WINDOW // 2 + 1)
    assert not isinstance(s.screen, OperatorScreen) and not s.quit_requested


def test_held_chord_repeats_do_not_count():
    s = session(kiosk=True)
    _title(s)
    s.step([chord()])
    for _ in range(10):
        s.step([key("ESC", shift=True, ctrl=True, repeat=True)])
    assert not isinstance(s.screen, OperatorScreen)


def test_the_chord_comes_from_the_settings():
    s = session(kiosk=True, settings=Settings(kiosk_chord=["CTRL", "X"]))
    _title(s)
    for _ in range(3):
        s.step([chord()])
    assert not isinstance(s.screen, OperatorScreen)
    for _ in range(3):
        s.step([key("X", ctrl=True)])
    assert isinstance(s.screen, OperatorScreen)


def test_the_operator_menu_opens_the_options_and_they_come_back_to_the_title():
    s = session(kiosk=True)
    _title(s)
    for _ in range(3):
        s.step([chord()])
    assert isinstance(s.screen, OperatorScreen)
    s.step([key("O")])
    assert isinstance(s.screen, OptionsScreen)
    assert isinstance(s.screen.back, TitleScreen)


@pytest.mark.parametrize("bad", [["ESC"], ["CTRL", "SHIFT"], ["CTRL", "A", "B"], ["CTRL", "NOKEY"], "x"])
def test_a_chord_that_could_be_hit_by_accident_is_refused(bad):
    warnings = []
    assert parse_chord(bad, warnings.append) == (True, True, "ESC")
    assert len(warnings) == 1 and "kiosk_chord" in warnings[0]


def test_no_options_from_the_title_in_kiosk_mode():
    s = session(kiosk=True)
    _title(s)
    s.step([key("O")])
    assert isinstance(s.screen, TitleScreen)
    s.step([key("A")])
    assert type(s.screen).__name__ == "SetupScreen"


def test_an_idle_game_is_kept_and_the_title_offers_it(tmp_path):
    store = Store(tmp_path)
    s = session(kiosk=True, store=store, settings=Settings(idle_minutes=1), attract_after=5)
    to_game(s)
    game = s.screen
    assert type(game).__name__ == "GameScreen"
    assert s.quiet == 1  # to_game ends with one tick without a key
    run(s, 2998)
    assert s.screen is game  # the human JEAN has not rolled: the game waits
    s.step()
    assert isinstance(s.screen, TitleScreen)
    assert s.suspended is not None and store.autosave_path.exists()
    fb = s.render()
    assert "R : reprendre la partie" in fb.read_text(22)
    assert "options" not in " ".join(fb.read_text(r) for r in range(23, 25))  # not for visitors
    run(s, 250)
    assert type(s.screen).__name__ == "AttractScreen"  # the attract loop resumes
    s.step([key("A")])
    s.step([key("R")])
    resumed = s.screen
    assert type(resumed).__name__ == "GameScreen" and resumed is not game
    from monopoly_cpc.rules.serial import to_data

    assert to_data(resumed.state) == to_data(game.state)


@pytest.mark.parametrize("way", ["ESC", "O"])
def test_the_operator_menu_over_a_game_puts_it_aside_for_r(tmp_path, way):
    """docs/kiosk.md: the operator's chord opens the menu at any time; a visitor's game under it
    is put aside as an idle one is, and R on the title resumes it (play-test: ESC from the menu
    went to a title without R, the game lost for the rest of the run)."""
    from monopoly_cpc.rules.serial import to_data

    store = Store(tmp_path)
    s = session(kiosk=True, store=store)
    to_game(s)
    game = s.screen
    assert type(game).__name__ == "GameScreen"
    for _ in range(3):
        s.step([chord()])
    assert isinstance(s.screen, OperatorScreen)
    assert s.suspended is not None and store.autosave_path.exists()
    s.step([key(way)])
    if way == "O":                                   # the options screen, left with ESC
        assert isinstance(s.screen, OptionsScreen)
        s.step([key("ESC")])
        run(s, 5)
    assert isinstance(s.screen, TitleScreen)
    assert "R : reprendre la partie" in s.render().read_text(22)
    s.step([key("R")])
    assert type(s.screen).__name__ == "GameScreen"
    assert to_data(s.screen.state) == to_data(game.state)


def test_a_set_up_left_alone_goes_back_to_the_title_and_its_attract_loop():
    s = session(kiosk=True, settings=Settings(idle_minutes=1), attract_after=5)
    run(s, 5)
    s.step([key("SPACE")])
    s.step()
    setup = s.screen
    assert not isinstance(setup, TitleScreen) and type(setup).__name__ != "GameScreen"
    s.step([key("1", shift=True)])  # the visitor picks a pawn, then walks away
    run(s, 2999)
    assert s.screen is setup
    s.step()
    assert isinstance(s.screen, TitleScreen) and s.suspended is None  # no game to keep
    run(s, 251)
    assert type(s.screen).__name__ == "AttractScreen"


def test_outside_kiosk_mode_the_set_up_waits_for_the_player():
    s = session(kiosk=False, settings=Settings(idle_minutes=1), attract_after=5)
    run(s, 5)
    s.step([key("SPACE")])
    s.step()
    setup = s.screen
    run(s, 3500)
    assert s.screen is setup


class Fragile(Screen):
    """A screen that fails on its third tick (each new instance again)."""

    made = 0

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        Fragile.made += 1
        self.n = 0

    def tick(self) -> None:
        self.n += 1
        if self.n == 3:
            raise RuntimeError("boom in a screen")

    def draw(self, fb) -> None:
        fb.clear(1)


def _fragile_session(kiosk: bool):
    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession

    Fragile.made = 0
    return ExhibitSession(play_args(kiosk=kiosk), settings=Settings(), screen_factory=Fragile,
                          config=ExhibitConfig(store=None, suspended=None, warn=lambda m: None))


def test_a_failing_screen_restarts_in_kiosk_mode_and_is_logged(tmp_path):
    from monopoly_cpc import logs

    s = _fragile_session(kiosk=True)
    run(s, 3)
    assert s.exceptions == 1 and Fragile.made == 2 and isinstance(s.screen, Fragile)
    assert s.tick == 3
    text = (logs.log_dir() / "crash.log").read_text()
    assert "boom in a screen" in text and "Traceback" in text
    run(s, 20)  # it keeps failing: after a few restarts, the title
    assert isinstance(s.screen, TitleScreen) and s.exceptions == 4


def test_outside_kiosk_mode_an_exception_is_not_hidden():
    s = _fragile_session(kiosk=False)
    with pytest.raises(RuntimeError, match="boom"):
        run(s, 3)


def test_the_kiosk_title_does_not_show_the_options_line():
    normal, kiosk = session(), session(kiosk=True)
    _title(normal)
    _title(kiosk)
    assert normal.render().read_text(23).strip() != ""
    assert kiosk.render().read_text(23).strip() == ""


def test_visitors_cannot_break_the_boot_into_basic_in_kiosk_mode():
    from monopoly_cpc.screens.boot import BootScreen

    s = session(kiosk=True, loader="fast", machine="464", attract_after=600)
    for t in range(4000):
        s.step([key("ESC")] if t % 7 == 0 else [key("B")] if t % 7 == 3 else [])
        if isinstance(s.screen, TitleScreen):
            break
    assert isinstance(s.screen, TitleScreen)  # the tape loaded by itself despite ESC and keys
    normal = session(loader="fast", machine="464")
    run(normal, 300)
    assert isinstance(normal.screen, BootScreen)
    for _ in range(3):
        normal.step([key("ESC")])
        run(normal, 5)
    assert "Break" in normal.screen.log  # outside kiosk mode ESC is the CPC's Break, as it should be


def test_key_mashing_never_quits_nor_reaches_the_options_in_kiosk_mode():
    """20,000 ticks of a visitor hitting random keys (modifiers now and then)."""
    import random

    rng = random.Random(1985)
    s = session(kiosk=True, loader="fast", settings=Settings(idle_minutes=1), attract_after=5)
    seen = set()
    for _ in range(20000):
        evs = []
        if rng.random() < 0.3:
            k = rng.choice(LAYOUT_KEYS)
            evs = [key(k, shift=rng.random() < 0.3, ctrl=rng.random() < 0.1)]
        s.step(evs)
        seen.add(type(s.screen).__name__)
        assert not s.quit_requested
    assert "OperatorScreen" not in seen and "OptionsScreen" not in seen
    assert {"TitleScreen", "SetupScreen", "GameScreen"} <= seen and s.exceptions == 0

