"""What a play-test in a real window found: a rent claimed with a command window open, and the
status line's cash that told a move's outcome before the move was shown."""

from __future__ import annotations

from helpers import game_session, key, settle

from monopoly_cpc.rules.state import FREE_PHASES


def test_l_claims_the_rent_while_the_journal_is_open():
    # seeds/002 part C, L Location: the owner claims before the next roll; an open window (J)
    # must not swallow the L
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=1, dice=[(1, 2)])
    st = s.screen.state
    st.owner[3] = 0
    settle(s)
    s.press("D")                         # MARIE lands on JEAN's Rue Lecourbe
    settle(s)
    assert st.claim is not None and st.claim.owner == 0 and st.phase in FREE_PHASES
    s.press("J")
    assert s.screen.modes, "the journal is open"
    cash = st.players[0].cash
    s.press("L")
    settle(s)
    assert st.claim is None and st.players[0].cash > cash


def test_the_status_line_keeps_the_cash_of_before_until_the_move_is_shown():
    # a tax square: the cash falls only once the pawn is there and the tax is said
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(1, 3)])
    st = s.screen.state
    settle(s)
    before = st.players[0].cash
    s.step([key("D")])
    after = st.players[0].cash
    assert after < before                           # the engine has already taken the tax
    status = s.text()[24]
    assert status.startswith("1 JEAN") and status.endswith("150.000 F")   # not told yet
    while s.screen.busy:                            # the walk and the tax's line
        s.step([], 1)
        if s.screen.busy:
            assert s.text()[24].endswith("150.000 F")
    # once shown, the status line tells the engine's figure (the player's own, on his C)
    from monopoly_cpc.screens.game.view import _draw_status
    s.screen.view.mover = 0
    _draw_status(s.fb, st, s.screen.view, s.screen.texts, "", True, 0)
    assert s.fb.screen_text()[24].endswith("150.000 F")          # during a show: before
    s.screen.view.cash = ()
    _draw_status(s.fb, st, s.screen.view, s.screen.texts, "", True, 0)
    assert s.fb.screen_text()[24].endswith(f"{after:,} F".replace(",", "."))


def test_a_wrapped_newest_message_is_bright_on_all_its_rows():
    """Play-test: 'JOUEUR 3 achète Avenue de la République / pour 12.000 F' had only its
    second row in the newest message's pen, its first in the older messages'."""
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.screens.game.host import WINDOW_TOP
    from monopoly_cpc.screens.game.window import draw_log

    def pens(fb, row):
        band = fb.pens[row * 8: row * 8 + 8]
        return set(band[band != 0].tolist())

    lines = ["JOUEUR 3 : 3 + 6 = 9", "JOUEUR 3 achète Avenue de la République", "pour 12.000 F"]
    fb = FrameBuffer()
    draw_log(fb, lines, 4, newest=2)
    assert pens(fb, WINDOW_TOP + 1) == {2}
    assert pens(fb, WINDOW_TOP + 2) == {1} and pens(fb, WINDOW_TOP + 3) == {1}
    # and the game screen counts the rows of its last message
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0)
    settle(s)
    s.screen.view.say("JOUEUR 3 achète Avenue de la République pour 12.000 F")
    fb = FrameBuffer()
    s.screen.draw(fb)
    rows = [r for r in range(25) if "République" in fb.read_text(r) or fb.read_text(r).startswith("pour 12.000")]
    assert len(rows) == 2 and all(pens(fb, r) == {1} for r in rows)
