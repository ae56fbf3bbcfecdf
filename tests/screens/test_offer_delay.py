"""A computer's offer to a human (docs/manual.md T: "Un joueur de l'ordinateur peut aussi vous
proposer une affaire ... O accepte, N refuse") counts O or N only once it was on screen for
0.5 s: a key typed ahead never answers an offer the player has not seen.  In ticks, at each
speed."""

from __future__ import annotations

import pytest

from monopoly_cpc.rules import actions as A
from monopoly_cpc.screens.game.prompts import OFFER_TICKS
from tests.screens.helpers import game_session, key, settle


def _offer(speed: int):
    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=0, speed=speed)
    settle(s)
    st = s.screen.state
    st.owner[1] = 1
    st.owner[3] = 0
    assert s.screen.apply(A.ProposeTrade(1, 0, give=(1,), take=(3,), cash=0))[0]
    return s, st


def _on_screen(s) -> bool:
    return any("O : accepter   N : refuser" in row for row in s.text())


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_a_typed_ahead_o_does_not_accept_the_offer(speed):
    assert OFFER_TICKS == 25
    s, st = _offer(speed)
    s.step([key("O")])                           # typed while the offer is being announced
    ticks = 0
    while not _on_screen(s):
        s.step([key("O")] if ticks % 3 == 0 else [], 1)
        ticks += 1
        assert ticks < 1000
    for _ in range(OFFER_TICKS - 1):             # O all along the first 0.5 s on screen
        s.step([key("O")], 1)
    assert st.trade is not None and st.owner[1] == 1
    s.step([], 1)
    s.press("O")                                 # now read: O accepts
    assert st.trade is None and st.owner[1] == 0 and st.owner[3] == 1


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_n_counts_after_half_a_second(speed):
    s, st = _offer(speed)
    while not _on_screen(s):
        s.step([], 1)
    s.step([], OFFER_TICKS)
    s.press("N")
    assert st.trade is None and st.owner[1] == 1 and st.owner[3] == 0
