"""The event show works on a bare View: it writes the view (pawns walking, messages, dice,
card, deed, close-up) and reports what it showed; it needs no game screen."""

from __future__ import annotations

from monopoly_cpc.rules.events import Event
from monopoly_cpc.screens.game.show import CARD, PAUSE, ROLL, WALK, EventShow
from monopoly_cpc.screens.game.view import View


class Ears:
    """An audio object that writes down what it is asked to play."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def on_events(self, events) -> None:
        self.heard += [ev.kind for ev in events]

    def cue(self, name: str) -> None:
        self.heard.append("cue:" + name)


def bare(speed: int = 3) -> tuple[EventShow, View, Ears]:
    view = View(shown=[0, 0], focus=(0, "idle"))
    ears = Ears()
    lines = {"move": "sur la case", "rent_due": "loyer dû", "dice": "3 et 4"}
    show = EventShow(view, speed, lambda ev: lines.get(ev.kind, ""), lambda: ears)
    return show, view, ears


def play(show: EventShow, limit: int = 2000) -> list:
    """Every tick until the queue runs out: the events reported, in order, and the ticks."""
    reported, ticks = [], 0
    while show.busy and ticks < limit:
        shown = show.tick()
        ticks += 1
        reported += shown.events
        if shown.done:
            assert not show.busy
            break
    assert not show.busy
    return reported


def test_a_walk_moves_the_drawn_pawn_square_by_square_and_the_close_up_follows():
    show, view, ears = bare()
    show.add([Event("dice", 1, data=(3, 4)), Event("move", 1, 7, data=(0, 7))])
    squares, focus = [], []
    while show.busy:
        shown = show.tick()
        squares.append(view.shown[1])
        focus.append(view.focus)
        if shown.done:
            break
    assert list(dict.fromkeys(squares)) == list(range(8))   # in order, none skipped
    assert list(dict.fromkeys(f for f in focus if f[1] == "walk")) == [(k, "walk") for k in range(1, 8)]
    assert view.shown[0] == 0                       # the other pawn stays
    assert view.dice.faces == (3, 4) and view.mover == 1
    assert view.log[-2:] == ["3 et 4", "sur la case"] and view.said == 2
    assert ears.heard.count("cue:step") == 7 and ears.heard[:2] == ["dice", "move"]


def test_the_show_reports_the_events_shown_and_when_it_is_done():
    show, view, _ = bare()
    rent = Event("rent_due", 0, 3, 1000, 1)
    show.add([rent, Event("rent_paid", 0, 3, 1000, 1)])
    first = show.tick()
    assert first.events == [rent] and not first.done
    assert view.focus == (3, "event") and view.last_said == "loyer dû"
    reported = [rent] + play(show)
    assert [ev.kind for ev in reported] == ["rent_due", "rent_paid"]


def test_a_card_and_a_deed_are_in_the_view_while_they_show():
    show, view, _ = bare(speed=2)
    show.add([Event("card_drawn", 0, 7, text="c1", data=(0,)),
              Event("buy", 0, 5, 20000)])
    show.tick()
    assert view.card == (0, "c1") and view.deed == -1
    for _ in range(CARD[2]):
        show.tick()
    assert view.card is None
    for _ in range(PAUSE[2] + 1):
        show.tick()
    assert view.deed == 5
    play(show)
    assert view.deed == -1 and view.card is None


def test_speed_sets_the_durations():
    for speed in (1, 3):
        show, _, _ = bare(speed)
        show.add([Event("dice", 0, data=(1, 2)), Event("move", 0, 3, data=(0, 3))])
        ticks = 0
        while show.busy:
            ticks += 1
            if show.tick().done:
                break
        # the roll, its line, the walk, the line of the square it ends on, then the tick
        # that finds the queue empty
        assert ticks == ROLL[speed] + PAUSE[speed] + 3 * WALK[speed] + PAUSE[speed] + 1


def test_a_rent_due_stays_on_screen_so_the_claims_line_follows_it():
    """The game screen says the human owner's 'tapez L' line in the tick the show reports the
    rent due: that is right after the rent's own line only if the rent's step lasts (a message
    with its pause), in both languages."""
    from monopoly_cpc.rules.engine import new_game
    from monopoly_cpc.screens.game.describe import line_of
    from monopoly_cpc.texts import load_texts

    state = new_game(["A", "B"], seed=1)
    for lang in ("fr", "en"):
        view = View(shown=[0, 0], focus=(0, "idle"))
        texts = load_texts(lang)
        show = EventShow(view, 3, lambda ev: line_of(texts, state, {}, ev), lambda: Ears())
        show.add([Event("rent_due", 0, 3, 1000, 1), Event("rent_paid", 0, 3, 1000, 1)])
        shown = show.tick()
        assert [ev.kind for ev in shown.events] == ["rent_due"] and show.left > 0
        assert view.log and view.said == 1


def test_the_painter_only_reads_the_state_and_the_view():
    """``paint`` draws the same picture twice and changes neither the view nor the state."""
    import copy

    import numpy as np
    from helpers import game_session

    from monopoly_cpc.rules.serial import to_data
    from monopoly_cpc.screens.game.view import paint

    s = game_session(computer=(True, True, True, True))
    for _ in range(400):
        s.step([])
    screen = s.screen
    before = copy.deepcopy(screen.view)
    state = to_data(screen.state)
    pictures = []
    for _ in range(2):
        paint(s.fb, screen.state, screen.view, screen.texts, None, ticks=screen.ticks, busy=True)
        pictures.append(s.fb.pens.copy())
    assert np.array_equal(*pictures)
    assert vars(screen.view.dice) == vars(before.dice)
    before.dice = screen.view.dice
    assert screen.view == before and to_data(screen.state) == state
