"""A game controller: injected pygame joystick events become the CPC joystick line's keys
(``PadReader``), the session reads them as the cursor, fire and the command bar
(``PadRouter``); a whole game and the kiosk's operator menu with the controller alone."""

from __future__ import annotations

import pygame
import pytest

from monopoly_cpc.app import Session
from monopoly_cpc.keyboard.layout import load_layout
from monopoly_cpc.keyboard.pad import (
    BAR_ITEMS,
    BAR_ROW,
    FIRE_1,
    FIRE_2,
    FIRE_3,
    JOY_DOWN,
    JOY_LEFT,
    JOY_RIGHT,
    JOY_UP,
    OPERATOR_HOLD,
    PadReader,
    PadRouter,
    WithPad,
)
from monopoly_cpc.options import Options
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.rules.state import GAME_OVER, ROLL
from monopoly_cpc.screens.game import GameScreen
from monopoly_cpc.screens.title import TitleScreen

LAYOUT = load_layout("fr")


def key(name, shift=False, ctrl=False, repeat=False):
    return LAYOUT.event(LAYOUT.named(name).number, shift, ctrl, repeat)


def ev(kind, **kw):
    kw.setdefault("instance_id", 0)
    return pygame.event.Event(kind, **kw)


class Pad:
    """A controller plugged into a session: each event is read by a PadReader and its CPC
    keys stepped in one tick, as the window loop does."""

    def __init__(self, session) -> None:
        self.s = session
        self.reader = PadReader(open_devices=False)
        self.sent: list = []    # every CPC key the controller gave, in order

    def post(self, kind, **kw) -> None:
        keys = self.reader.feed(ev(kind, **kw)) + self.reader.tick()
        self.sent += keys
        self.s.step(keys)

    def idle(self, ticks: int) -> None:
        for _ in range(ticks):
            keys = self.reader.tick()
            self.sent += keys
            self.s.step(keys)

    def button(self, b: int) -> None:
        self.post(pygame.JOYBUTTONDOWN, button=b)
        self.post(pygame.JOYBUTTONUP, button=b)
        self.idle(1)

    def hat(self, x: int, y: int) -> None:
        self.post(pygame.JOYHATMOTION, hat=0, value=(x, y))
        self.post(pygame.JOYHATMOTION, hat=0, value=(0, 0))

    def choose(self, label: str) -> None:
        """Open the bar (fire 2), move to ``label`` (the stick right), type it (fire 1)."""
        router = self.s.pad
        if not router.open:
            self.button(1)
        target = next(i for i, item in enumerate(BAR_ITEMS) if item.label == label)
        while router.selected != target:
            self.hat(1, 0)
        self.button(0)

    def close_bar(self) -> None:
        if self.s.pad.open:
            self.button(1)


# -- the reader: joystick events -> the CPC joystick line ---------------------------------------
@pytest.mark.parametrize(("event", "number"), [
    (ev(pygame.JOYAXISMOTION, axis=0, value=-1.0), JOY_LEFT),
    (ev(pygame.JOYAXISMOTION, axis=0, value=0.9), JOY_RIGHT),
    (ev(pygame.JOYAXISMOTION, axis=1, value=-0.8), JOY_UP),
    (ev(pygame.JOYAXISMOTION, axis=1, value=1.0), JOY_DOWN),
    (ev(pygame.JOYHATMOTION, hat=0, value=(0, 1)), JOY_UP),
    (ev(pygame.JOYHATMOTION, hat=0, value=(-1, 0)), JOY_LEFT),
    (ev(pygame.JOYBUTTONDOWN, button=0), FIRE_1),
    (ev(pygame.JOYBUTTONDOWN, button=1), FIRE_2),
    (ev(pygame.JOYBUTTONDOWN, button=2), FIRE_1),
])
def test_sticks_hats_and_buttons_press_the_cpc_joystick_line(event, number):
    keys = PadReader(open_devices=False).feed(event)
    assert [(k.number, LAYOUT.key(k.number).line) for k in keys] == [(number, 9)]


def test_an_axis_in_its_dead_zone_presses_nothing_and_a_held_direction_presses_once():
    r = PadReader(open_devices=False)
    assert r.feed(ev(pygame.JOYAXISMOTION, axis=0, value=0.3)) == []
    assert len(r.feed(ev(pygame.JOYAXISMOTION, axis=0, value=0.7))) == 1
    assert r.feed(ev(pygame.JOYAXISMOTION, axis=0, value=1.0)) == []   # still the same press
    r.feed(ev(pygame.JOYAXISMOTION, axis=0, value=0.0))
    assert r.held == frozenset()


def test_a_held_direction_repeats_as_the_firmware_does_and_stops_when_let_go():
    r = PadReader(open_devices=False)
    r.feed(ev(pygame.JOYHATMOTION, hat=0, value=(1, 0)))
    ticks = [r.tick() for _ in range(LAYOUT.repeat.delay + 2 * LAYOUT.repeat.period)]
    repeats = [t for t, keys in enumerate(ticks) if keys]
    assert repeats[0] == LAYOUT.repeat.delay - 1 and len(repeats) == 3
    assert all(k.repeat and k.number == JOY_RIGHT for keys in ticks for k in keys)
    r.feed(ev(pygame.JOYHATMOTION, hat=0, value=(0, 0)))
    assert not any(r.tick() for _ in range(100))


def test_an_unplugged_pad_lets_go_of_its_keys():
    r = PadReader(open_devices=False)
    r.feed(ev(pygame.JOYBUTTONDOWN, button=0, instance_id=3))
    r.feed(ev(pygame.JOYBUTTONDOWN, button=0, instance_id=4))
    r.feed(ev(pygame.JOYDEVICEREMOVED, instance_id=3))
    assert r.held == frozenset({FIRE_1})   # the other pad still holds its fire
    r.feed(ev(pygame.JOYDEVICEREMOVED, instance_id=4))
    assert r.held == frozenset()


def test_a_pad_plugged_in_while_the_game_runs_is_opened(monkeypatch):
    opened = []

    class FakeStick:
        def __init__(self, index):
            opened.append(index)

        def get_instance_id(self):
            return 7

    monkeypatch.setattr(pygame.joystick, "Joystick", FakeStick)
    r = PadReader(open_devices=False)
    r.feed(ev(pygame.JOYDEVICEADDED, device_index=0))
    assert opened == [0] and 7 in r.devices


def test_both_fires_and_a_direction_held_press_ctrl_shift_fire_3_each_second_three_times():
    r = PadReader(open_devices=False)
    for button in (0, 1):
        r.feed(ev(pygame.JOYBUTTONDOWN, button=button))
    r.feed(ev(pygame.JOYHATMOTION, hat=0, value=(0, -1)))
    ticks = [[k for k in r.tick() if k.number == FIRE_3] for _ in range(3 * OPERATOR_HOLD)]
    assert [t for t, keys in enumerate(ticks) if keys] == [49, 99, 149]
    assert all(k.ctrl and k.shift for keys in ticks for k in keys)
    r.feed(ev(pygame.JOYBUTTONUP, button=1))   # one fire let go for a tick: the hold starts again
    r.tick()
    r.feed(ev(pygame.JOYBUTTONDOWN, button=1))
    assert [t for t in range(60) if any(k.number == FIRE_3 for k in r.tick())] == [49]


def test_with_pad_gives_the_keyboard_keys_and_the_pad_keys():
    class Keyboard:
        layout = LAYOUT

        def feed(self, event):
            return [key("A")] if event.type == pygame.KEYDOWN else []

        def tick(self):
            return []

    both = WithPad(Keyboard(), PadReader(open_devices=False))
    assert both.feed(ev(pygame.KEYDOWN, key=pygame.K_a)) == [key("A")]
    assert [k.number for k in both.feed(ev(pygame.JOYBUTTONDOWN, button=1))] == [FIRE_2]


# -- the router: the CPC joystick line -> the game's keys, and the bar --------------------------
def test_without_joystick_keys_every_key_goes_through_and_nothing_is_drawn():
    router = PadRouter()
    keys = [key("A"), key("RETURN"), key("C", ctrl=True), key("UP", repeat=True)]
    assert router.route(keys) == keys
    fb = FrameBuffer()
    router.draw(fb)
    assert router.draw_key() == () and not fb.pens.any()


def test_the_stick_is_the_cursor_and_fire_is_the_screens_key():
    router = PadRouter()
    stick = [LAYOUT.event(n) for n in (JOY_UP, JOY_DOWN, JOY_LEFT, JOY_RIGHT)]
    assert [k.key for k in router.route(stick)] == ["UP", "DOWN", "LEFT", "RIGHT"]
    assert router.route([LAYOUT.event(JOY_LEFT, repeat=True)]) == [key("LEFT", repeat=True)]

    class Asks:
        def pad_fire(self):
            return "O"

    assert router.route([LAYOUT.event(FIRE_1)], Asks()) == [key("O")]
    assert router.route([LAYOUT.event(FIRE_1)], object()) == [key("RETURN")]


def test_the_bar_types_each_of_its_keys_and_closes_with_fire_2():
    router = PadRouter()
    assert router.route([LAYOUT.event(FIRE_2)]) == [] and router.open
    typed = []
    for _ in BAR_ITEMS:
        typed += router.route([LAYOUT.event(FIRE_1)])
        router.route([LAYOUT.event(JOY_RIGHT)])
    chars = [k.char for k in typed]
    assert chars[:13] == list("dtphlmjecafvq")
    assert chars[13:15] == ["o", "n"]
    assert [k.digit for k in typed[15:25]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    assert [k.key for k in typed[25:29]] == ["DEL", "RETURN", "SPACE", "ESC"]
    assert chars[29:] == ["+", "-", "?", "\x03"]
    assert router.selected == 0   # round the bar
    router.route([LAYOUT.event(JOY_DOWN)])
    assert BAR_ITEMS[router.selected].label == "O"   # down: the next group
    router.route([LAYOUT.event(JOY_UP)])
    assert BAR_ITEMS[router.selected].label == "D"
    assert router.route([LAYOUT.event(FIRE_2)]) == [] and not router.open
    assert router.route([LAYOUT.event(JOY_UP)]) == [key("UP")]


def test_the_bar_is_drawn_on_the_last_row_with_the_choice_in_inverse():
    router = PadRouter()
    router.route([LAYOUT.event(FIRE_2)] + [LAYOUT.event(JOY_RIGHT)] * 20)
    fb = FrameBuffer()
    router.draw(fb)
    row = fb.screen_text()[BAR_ROW]
    assert row.startswith("<") and row.rstrip().endswith(">")
    assert "DEL ENTER" in row and "7 8 9 0" in row
    label = BAR_ITEMS[router.selected].label
    col = row.index(f" {label} ") + 1
    cell = fb.pens[BAR_ROW * 8:BAR_ROW * 8 + 8, col * 8:col * 8 + 8]
    assert (cell == 1).sum() > (cell == 0).sum()   # inverse video: mostly the pen's ink
    assert not fb.pens[:BAR_ROW * 8].any()         # nothing above its row


def test_ctrl_shift_fire_3_types_the_operator_keys_and_nothing_without_them():
    router = PadRouter()
    hold = LAYOUT.event(FIRE_3, shift=True, ctrl=True)
    assert router.route([hold]) == []
    router.operator_keys = (key("ESC", True, True),)
    assert router.route([hold]) == [key("ESC", True, True)]
    assert router.route([LAYOUT.event(FIRE_3), LAYOUT.event(FIRE_3, ctrl=True)]) == []


# -- a whole game, and the operator's menu, with the controller alone ---------------------------
def test_a_whole_game_from_the_title_to_the_winner_with_the_controller_only():
    s = Session(Options(lang="fr", speed=3), seed=5, screen_factory=TitleScreen)
    pad = Pad(s)
    pad.button(0)            # fire: leave the title
    pad.idle(20)
    # the pawn menu: pawn 1, a person, the default name; pawn 2, a computer; no quick game
    for label in ("1", "N", "ENTER", "2", "O", "ENTER", "ENTER", "N"):
        pad.choose(label)
        pad.idle(10)
    pad.close_bar()
    game = s.screen
    assert isinstance(game, GameScreen)
    assert [p.computer for p in game.state.players] == [False, True]
    rolled = 0
    for _ in range(120):     # fire to roll, to buy, to go on; A when a debt asks for it
        if game.state.phase == "debt" and game.actor() == 0:
            pad.choose("A")
            pad.close_bar()
            pad.idle(20)
        turn = game.state.turn
        pad.button(0)
        pad.idle(6)
        rolled += game.state.turn != turn
    assert rolled > 5 and game.state.phase != GAME_OVER
    for _ in range(2000):    # CTRL+C ends the game at the end of a move
        if game.state.phase == ROLL and game.actor() == 0 and not game.busy:
            break
        pad.idle(1)
    pad.choose("CTRL+C")
    pad.close_bar()
    pad.idle(150)
    assert game.state.phase == GAME_OVER
    game.draw(s.fb)
    assert any("a gagné la partie" in row for row in s.fb.screen_text())
    # every key came from the joystick line
    assert {LAYOUT.key(k.number).line for k in pad.sent} == {9}


def test_the_operator_menu_is_reached_with_the_controller_in_kiosk_mode(tmp_path):
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.demo.operator import OperatorScreen
    from monopoly_cpc.settings import Settings

    def kiosk_session(kiosk: bool):
        s = ExhibitSession(Options(lang="fr", speed=3, loader="skip", kiosk=kiosk),
                           settings=Settings(), seed=3, config=ExhibitConfig(warn=lambda msg: None))
        for _ in range(300):
            if isinstance(s.screen, TitleScreen):
                return s
            s.step()
        raise AssertionError("no title")

    for kiosk in (True, False):
        s = kiosk_session(kiosk)
        pad = Pad(s)
        pad.post(pygame.JOYBUTTONDOWN, button=0)
        pad.post(pygame.JOYBUTTONDOWN, button=1)
        pad.post(pygame.JOYHATMOTION, hat=0, value=(0, 1))
        pad.idle(OPERATOR_HOLD - 10)
        assert not isinstance(s.screen, OperatorScreen)
        pad.idle(20)
        assert isinstance(s.screen, OperatorScreen) == kiosk


def test_a_controllers_game_is_recorded_and_replays_bit_for_bit(tmp_path):
    from monopoly_cpc.demo import replay as R
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.demo.export import play
    from monopoly_cpc.settings import Settings

    path = tmp_path / "pad.json"
    s = ExhibitSession(Options(lang="fr", speed=3, loader="skip", record=str(path), seed=3),
                       settings=Settings(), seed=3, config=ExhibitConfig(warn=lambda msg: None))
    pad = Pad(s)
    pad.idle(30)
    pad.button(0)
    pad.idle(20)
    for label in ("1", "N", "ENTER", "2", "O", "ENTER", "ENTER", "N"):
        pad.choose(label)
        pad.idle(5)
    for _ in range(20):
        pad.button(0)
        pad.idle(20)
    pad.choose("J")        # the bar open over the game, in the recorded frames
    pad.idle(50 - s.tick % 50)
    s.close()
    rep = R.load(path)
    numbers = {code // 8 for events in rep.keys.values() for code in events}
    assert numbers <= {JOY_UP, JOY_DOWN, JOY_LEFT, JOY_RIGHT, FIRE_1, FIRE_2}
    result = play(rep)
    assert result.first_bad is None and result.hashes == rep.hashes
    assert result.session.pad.open
