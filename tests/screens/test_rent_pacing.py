"""A human owner's time to claim a rent before a computer rolls (seeds/002 C D Dés "Il y a
ensuite une pause brève avant que le programme ne passe au joueur suivant. Si un loyer doit
être payé, le pion du propriétaire apparaît alors sur l'écran"), timed in ticks at each speed."""

from __future__ import annotations

import pytest

from monopoly_cpc.screens.game.computers import PACE
from monopoly_cpc.screens.game.screen import CLAIM_TICKS
from tests.screens.helpers import game_session, key

# the owner's time at speeds 1, 2, 3: 6 s, 4 s, 2 s of 50 ticks
WANTED = {1: 300, 2: 200, 3: 100}


def _to_the_claim(speed: int, keys_during_show=(), names=("JEAN", "HAL", "ZX")):
    """HAL (computer) lands on JEAN's street (400 F), ZX (computer) rolls next (JEAN himself
    without ZX); ticks until JEAN's 'tapez L' message is on screen (the tick it appeared)."""
    s = game_session(names=names, computer=(False,) + (True,) * (len(names) - 1), first_player=1,
                     dice=[(1, 2), (3, 5)], speed=speed)
    st = s.screen.state
    st.owner[3] = 0
    for i in range(3000):
        s.step(list(keys_during_show) if i % 7 == 0 else [], 1)
        if s.screen.claim_shown is not None:
            return s, s.screen.ticks
    raise AssertionError("the rent was never shown")


def _ticks_until_zx_rolls(s) -> int:
    st = s.screen.state
    for n in range(1, 2000):
        s.step([], 1)
        if st.claim is None:
            return n
    raise AssertionError("ZX never rolled")


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_no_computer_rolls_before_the_owner_had_his_time(speed):
    assert CLAIM_TICKS[speed] == WANTED[speed]
    s, _shown = _to_the_claim(speed)
    st = s.screen.state
    assert s.screen.view.highlight == (0, 3)               # JEAN's pawn against Rue Lecourbe
    assert s.shows("JEAN : tapez L pour réclamer le loyer")
    secs = WANTED[speed] // 50
    assert s.shows(f"L : JEAN 400 F jusqu'au lancer, {secs} s")   # the status line counts down
    s.step([], 50)
    assert s.shows(f"L : JEAN 400 F jusqu'au lancer, {secs - 1} s")
    lost_after = 50 + _ticks_until_zx_rolls(s)
    # ZX rolled (the rent is lost, as the rule says) only once the time was over, at his
    # next step at most one computer pace later
    assert WANTED[speed] <= lost_after <= WANTED[speed] + PACE[speed] + 1
    assert st.claim is None and st.players[0].cash == 150000


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_type_ahead_does_not_shorten_the_owner_time(speed):
    # ENTER pressed all along hurries every message on screen, not the owner's time
    s, _shown = _to_the_claim(speed, keys_during_show=[key("ENTER")])
    for _ in range(WANTED[speed] - 1):
        s.step([key("ENTER")] if s.screen.ticks % 7 == 0 else [], 1)
        assert s.screen.state.claim is not None


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_l_claims_at_once(speed):
    s, _shown = _to_the_claim(speed)
    st = s.screen.state
    s.step([], WANTED[speed] - 2)                 # at the last moment
    s.press("L")
    assert st.claim is None and st.players[0].cash == 150400


@pytest.mark.parametrize("speed", [1, 2, 3])
def test_a_game_resumed_with_a_rent_due_gives_the_owner_his_time(speed):
    # a save made while JEAN's rent is due and its message is on screen, resumed without the
    # screen's memory (an older save, or a broken one): his time runs from the resume, and
    # ZX rolls once it is over (it must not wait for a message that will never be shown again)
    from monopoly_cpc.game.game import Game
    from monopoly_cpc.rules.serial import from_data, to_data
    from monopoly_cpc.screens.game import GameScreen
    from tests.screens.helpers import Session, SimpleBot

    s, _shown = _to_the_claim(speed)
    saved = to_data(s.screen.state)
    r = Session(lambda ctx: GameScreen(ctx, Game.of(from_data(saved),
                                                    {1: SimpleBot(), 2: SimpleBot()})),
                seed=3, speed=speed)
    r.step([], 1)
    assert r.shows(f"L : JEAN 400 F jusqu'au lancer, {WANTED[speed] // 50} s")
    lost_after = 1 + _ticks_until_zx_rolls(r)
    assert WANTED[speed] <= lost_after <= WANTED[speed] + PACE[speed] + 1
    assert r.screen.state.players[0].cash == 150000


def test_a_rent_a_person_will_roll_past_has_no_countdown_but_the_rule():
    """seeds/002 C: the rent is lost at the next roll; when a person rolls next (the owner on
    his own turn), no countdown runs out while the rent is still his: the status line says it
    is lost at the next roll, for as long as it is due."""
    s, _shown = _to_the_claim(2, names=("JEAN", "HAL"))
    st = s.screen.state
    assert st.current == 0 and st.claim is not None          # JEAN's own turn comes next
    assert s.text()[24].rstrip() == "L : JEAN 400 F jusqu'au lancer"   # no countdown
    s.step([], WANTED[2] + 100)                               # long after any countdown
    assert st.claim is not None
    assert s.text()[24].rstrip() == "L : JEAN 400 F jusqu'au lancer"
