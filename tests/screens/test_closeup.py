"""The close-up window on the game screen: it follows the walk square by square, the cursor,
the square of each event as it is shown, and otherwise the player the game waits for."""

from __future__ import annotations

from helpers import game_session, key, settle, until

from monopoly_cpc.render import closeup
from monopoly_cpc.screens.game.view import closeup_focus

HUMANS = (False, False, False, False)


def _record(s, ticks: int, stop=None) -> list[tuple[int, str]]:
    """The close-up's (square, why) after each tick (as drawn: the view's closeup_focus)."""
    seen = []
    for _ in range(ticks):
        s.step([], 1)
        seen.append(closeup_focus(s.screen.state, s.screen.view))
        if stop is not None and stop(s):
            break
    return seen


def _distinct(seq):
    out = []
    for x in seq:
        if not out or out[-1] != x:
            out.append(x)
    return out


def _player_on(square: int):
    """Four humans, the first player's turn, his pawn standing on ``square``."""
    s = game_session(computer=HUMANS, first_player=0)
    settle(s)
    st = s.screen.state
    st.players[0].pos = square
    s.screen.view.shown[0] = square
    return s, st


def test_idle_it_shows_the_square_of_the_player_whose_turn_it_is():
    s, st = _player_on(16)
    assert closeup_focus(s.screen.state, s.screen.view) == (16, "idle")
    s.screen.draw(s.fb)
    assert closeup.squares_shown(16) == [15, 16, 17]


def test_it_follows_the_walk_square_by_square_with_a_step_cue_each():
    s = game_session(computer=HUMANS, first_player=0, dice=[(2, 4)])
    settle(s)
    cues = []
    s.ctx.audio.cue = lambda name, *a, **k: cues.append((s.screen.ticks, name))
    s.press("D")
    seen = _record(s, 400, stop=lambda s: not s.screen.busy)
    walk = _distinct([sq for sq, why in seen if why == "walk"])
    assert walk == [1, 2, 3, 4, 5, 6]
    steps = [t for t, name in cues if name == "step"]
    assert len(steps) == 6
    # the close-up is drawn around the walking pawn at each of its squares
    assert all(sq == closeup.squares_shown(sq)[1] for sq in walk)


def test_a_cards_destination_is_reached_square_by_square():
    s = game_session(computer=HUMANS, first_player=0, dice=[(3, 4)])
    st = s.screen.state
    st.forced_cards[0].append(st.cards.by_id["chance_henri_martin"])
    settle(s)
    s.press("D")
    seen = _record(s, 1500, stop=lambda s: not s.screen.busy)
    walk = _distinct([sq for sq, why in seen if why == "walk"])
    assert walk[-1] == 24 and walk[-18:] == list(range(7, 25))


def test_it_shows_the_square_under_the_cursor_when_the_cursor_moves():
    s = game_session(computer=HUMANS, first_player=0)
    settle(s)
    s.press("LEFT")
    assert closeup_focus(s.screen.state, s.screen.view) == (s.screen.cursor, "cursor")
    first = s.screen.cursor
    s.press("LEFT")
    assert closeup_focus(s.screen.state, s.screen.view) == ((first + 1) % 40, "cursor")
    s.press("UP")
    assert closeup_focus(s.screen.state, s.screen.view) == (s.screen.cursor, "cursor")


def test_a_purchase_shows_the_bought_square():
    s = game_session(computer=HUMANS, first_player=0, dice=[(1, 2)])
    settle(s)
    s.press("D")
    assert until(s, "(O/N)")
    s.step([key("O")])
    seen = _record(s, 400, stop=lambda s: not s.screen.busy)
    assert (3, "event") in seen
    assert s.screen.state.owner[3] == 0


def test_a_rent_due_shows_the_square_with_the_owners_pawn_against_it():
    s = game_session(computer=HUMANS, first_player=0, dice=[(1, 2)])
    st = s.screen.state
    st.owner[3] = 2
    settle(s)
    s.press("D")
    seen = _record(s, 600, stop=lambda s: s.screen.view.highlight is not None)
    assert seen[-1] == (3, "event")
    assert s.screen.view.highlight == (2, 3)
    settle(s)                # the show is over, the turn has passed: the rent is still due
    assert s.screen.view.highlight == (2, 3) and s.screen.state.current != 0
    assert closeup_focus(s.screen.state, s.screen.view) == (3, "event")
    # the owner's pawn is drawn twice as large in the middle square while the rent is due
    owner_pawn = s.screen.state.players[2].pawn
    s.screen.draw(s.fb)
    assert _sprite_in_middle(s.fb, owner_pawn, 2)
    s.screen.view.highlight = None
    s.screen.view.focus = (3, "event")
    s.screen.draw(s.fb)
    assert s.screen.view.shown[2] != 3
    assert not _sprite_in_middle(s.fb, owner_pawn, 2)
    assert _sprite_in_middle(s.fb, owner_pawn, 1)


def _sprite_in_middle(fb, pawn: int, scale: int) -> bool:
    from monopoly_cpc.render.pawns import TRANSPARENT, pawn_sprite

    img = pawn_sprite(pawn, scale)
    solid = img != TRANSPARENT
    h, w = img.shape
    x0 = closeup.square_x(1)
    for y in range(closeup.Y0 + 1, closeup.Y1 - h + 1):
        for x in range(x0 + 1, x0 + closeup.SQ_W - w + 1):
            if (fb.pens[y:y + h, x:x + w][solid] == img[solid]).all():
                return True
    return False


def test_the_same_keys_give_the_same_frames_of_four_colours_a_line():
    import numpy as np

    frames = []
    for run in range(2):
        s = game_session(first_player=0, dice=[(2, 3), (4, 4)])
        s.press("D")
        pics = []
        for t in range(300):
            s.step([], 1)
            if t % 10 == 0:
                s.screen.draw(s.fb)
                pics.append(s.fb.pens[8:144].tobytes() + s.fb.inks.tobytes())
                if run == 0:
                    rgb = s.fb.to_rgb()[36:236, 32:352]
                    for y in range(200):
                        assert len(np.unique(rgb[y], axis=0)) <= 4, (t, y)
        frames.append(pics)
    assert frames[0] == frames[1]


def test_passing_depart_leaves_the_close_up_on_the_square_reached():
    # a walk over Départ: the salary's line must not send the close-up back to Départ
    s = game_session(computer=HUMANS, first_player=0, dice=[(2, 3)])
    st = s.screen.state
    st.players[0].pos = 38
    s.screen.view.shown[0] = 38
    settle(s)
    s.press("D")
    seen = _record(s, 600, stop=lambda s: not s.screen.busy)
    after_walk = seen[max(i for i, (_sq, why) in enumerate(seen) if why == "walk"):]
    assert all(sq == 3 for sq, _why in after_walk), _distinct(after_walk)


def test_the_dice_bring_the_close_up_to_the_roller():
    s = game_session(computer=HUMANS, first_player=0, dice=[(1, 2)])
    settle(s)
    s.screen.view.focus = (25, "event")     # left on an earlier event's square
    s.press("D")
    assert closeup_focus(s.screen.state, s.screen.view) == (0, "roll")


def test_a_picking_window_keeps_the_cursor_in_view_and_gives_it_back_when_it_closes():
    s, st = _player_on(16)
    s.press("H")                         # H: the cursor picks the property, from Départ
    assert s.screen.modes and s.screen.modes[-1].takes_cursor
    s.press("LEFT")
    cursor = s.screen.view.cursor
    assert closeup_focus(st, s.screen.view) == (cursor, "cursor")
    s.press("ESC")                       # the window goes: the close-up is the game's again
    assert not s.screen.modes
    assert closeup_focus(st, s.screen.view) == (16, "idle")


def test_after_p_or_m_the_close_up_goes_back_to_the_player_whose_turn_it_is():
    s, st = _player_on(16)
    for letter in ("M", "P"):
        s.press(letter)
        s.screen.set_cursor(25)            # the window's cursor, as P's deeds and M's cursor set it
        assert closeup_focus(st, s.screen.view) == (25, "cursor")
        while s.screen.modes:
            s.press("ESC")
        assert closeup_focus(st, s.screen.view) == (16, "idle"), letter
