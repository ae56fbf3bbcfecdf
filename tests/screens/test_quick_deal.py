"""The quick game's dealt title deeds are announced and shown (seeds/002 part C, NOUVELLE
MANIERE DE JOUER: 2 title deeds dealt to each player, paid for)."""

from __future__ import annotations

from helpers import game_session, until

from monopoly_cpc.rules.variants import Variant


def test_each_player_is_told_his_two_dealt_deeds_and_each_deed_is_shown():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), variant=Variant(deal_deeds=2))
    st = s.screen.state
    board = st.board
    shown: list[int] = []
    said = ""
    for _ in range(3000):
        s.step([], 1)
        if s.screen.view.deed >= 0 and (not shown or shown[-1] != s.screen.view.deed):
            shown.append(s.screen.view.deed)
        said = " ".join(s.screen.log)
        if not s.screen.busy:
            break
    for i, name in enumerate(("JEAN", "MARIE")):
        deeds = [q for q in board.properties if st.owner[q] == i]
        assert len(deeds) == 2
        assert f"Partie rapide : {name} reçoit" in said
        assert all(board.names[q] in said for q in deeds)
    assert sorted(shown) == sorted(q for q in board.properties if st.owner[q] >= 0)
    assert until(s, "appuyez sur D")          # then who starts, as in any game


def test_a_game_without_dealt_deeds_announces_none():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False))
    s.step([], 5)
    assert "Partie rapide" not in " ".join(s.screen.log) and s.screen.view.deed < 0
