"""The L window tells one truth: the rents due now, or that none is due (seeds/002 C
"L Location: Quand un joueur arrive sur une de vos propriétés vous pouvez lui demander le loyer
correspondant"), timed in ticks at each speed."""

from __future__ import annotations

import pytest

from monopoly_cpc.screens.game.computers import PACE
from monopoly_cpc.screens.game.modes.rent import NONE_TICKS, RentMode
from tests.screens.helpers import game_session, key

NONE = "Aucun loyer n'est dû en ce moment"


def _jean_to_roll(speed: int):
    """JEAN (human) to roll, HAL (computer) next."""
    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=0,
                     dice=[(1, 2), (3, 5)], speed=speed)
    for _ in range(200):
        if not s.screen.busy:
            break
        s.step([], 1)
    return s


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_no_rent_due_says_so_and_closes_after_two_seconds(speed):
    assert NONE_TICKS == 100
    s = _jean_to_roll(speed)
    s.press("L")
    assert s.shows(NONE) and isinstance(s.screen.modes[-1], RentMode)
    window = [row.strip() for row in s.text()[18:24] if row.strip()]
    assert window == ["LOCATION", NONE]          # nothing else: no table, no cursor
    s.step([], NONE_TICKS - 2)
    assert s.screen.modes and s.shows(NONE)
    s.step([], 1)
    assert s.screen.modes == []                  # 100 ticks after L: closed by itself


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_d_on_ones_turn_closes_the_window_and_rolls(speed):
    s = _jean_to_roll(speed)
    st = s.screen.state
    s.press("L")
    s.step([], 10)
    s.press("D")                                 # no Q first
    assert s.screen.modes == []
    assert st.players[0].pos == 3                # the dice were rolled: 1 + 2


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_any_other_key_closes_it(speed):
    s = _jean_to_roll(speed)
    s.press("L")
    s.press("SPACE")
    assert s.screen.modes == []
    assert s.screen.state.players[0].pos == 0


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_the_rent_due_is_listed_and_the_window_goes_with_it(speed):
    """HAL lands on JEAN's street; the window lists that rent, and only it; when ZX rolls (the
    rent is lost) the window closes in the next tick, it does not stay into ZX's turn."""
    s = game_session(names=("JEAN", "HAL", "ZX"), computer=(False, True, True), first_player=1,
                     dice=[(1, 2), (3, 5)], speed=speed)
    st = s.screen.state
    st.owner[3] = 0
    for _ in range(3000):
        s.step([], 1)
        if s.screen.claim_shown is not None:
            break
    s.screen.push(RentMode(s.screen))            # the window as it opens when L cannot claim
    rows = [row.strip() for row in s.text()[18:24] if row.strip()]
    assert rows == ["LOCATION", "HAL doit 400 F à JEAN (Rue Lecourbe)",
                    "Propriétaire : tapez votre numéro"]
    n = 0
    while st.claim is not None:
        s.step([], 1)
        n += 1
        assert n < 2000
    s.step([], 1)
    assert s.screen.modes == []                  # closed in the next tick, ZX's dice on screen
    assert s.screen.busy
    assert n <= 300 + PACE[speed] + 1


def test_the_owner_claims_in_the_window_with_his_number():
    s = game_session(names=("JEAN", "HAL", "ZX"), computer=(False, True, True), first_player=1,
                     dice=[(1, 2), (3, 5)], speed=2)
    st = s.screen.state
    st.owner[3] = 0
    for _ in range(3000):
        s.step([], 1)
        if s.screen.claim_shown is not None:
            break
    s.screen.push(RentMode(s.screen))
    s.step([key("1", shift=True)])
    assert st.claim is None and st.players[0].cash == 150400 and s.screen.modes == []
