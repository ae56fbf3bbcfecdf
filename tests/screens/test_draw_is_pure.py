"""Drawing reads the game, never changes it: a picture depends on the ticks played, not on
which ticks were drawn before. A replay's --verify draws one tick in 50 and must see the frames
the live game drew at every tick (docs/replay.md); the auction window once kept its "last
message" in draw(), and --verify said a good recording was out of sync (play-test, 28 Nov 2026).
"""

from __future__ import annotations

from helpers import Session

from monopoly_cpc.ai import make_bot
from monopoly_cpc.game.game import Game
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.screens.game import GameScreen

KINDS = (("normal", "Avare"), ("normal", "Prudent"), ("facile", None), ("normal", "Cupide"))


def _session() -> Session:
    def make(ctx):
        names = [f"CPC{i + 1}" for i in range(len(KINDS))]
        st = new_game(names, computer=[True] * len(KINDS), pawns=list(range(len(KINDS))), seed=11)
        st.players[0].cash = st.players[1].cash = 9_000   # short of cash: they leave deeds to auctions
        st.bank_cash += 2 * (150_000 - 9_000)
        bots = {i: make_bot(kind, who, i) for i, (kind, who) in enumerate(KINDS)}
        return GameScreen(ctx, Game.of(st, bots))

    return Session(make, seed=11, speed=3)


def test_frames_are_the_same_whether_every_tick_was_drawn_or_one_in_fifty():
    every, sparse = _session(), _session()
    auctions = 0
    for tick in range(1, 6001):
        every.step()
        sparse.step()
        every.screen.draw(every.fb)
        if tick % 50 == 0:
            sparse.screen.draw(sparse.fb)
            assert (every.fb.pens == sparse.fb.pens).all(), tick
            assert every.screen.state == sparse.screen.state
            auctions += any("ENCHERES" in row for row in every.fb.screen_text())
    assert auctions >= 3          # the auction window was on screen at some of those ticks
