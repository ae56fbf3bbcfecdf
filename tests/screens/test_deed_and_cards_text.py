"""The title deeds' two columns and the cards' amounts, in both languages."""

from __future__ import annotations

import re

import pytest
from helpers import game_session, settle

from monopoly_cpc.rules.board import STATION, UTILITY, default_board
from monopoly_cpc.rules.cards import load_cards
from monopoly_cpc.screens.game.window import draw_deed


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_deed_line_shows_both_columns_whole_and_apart(lang):
    s = game_session(lang=lang)
    settle(s)
    host = s.screen
    board = default_board()
    for square in board.properties:
        s.fb.clear(0)
        draw_deed(s.fb, host.state, host.texts, square)
        for row in range(19, 24):
            line = s.fb.read_text(row)
            if board.kinds[square] == UTILITY and row in (20, 21):
                continue   # the utilities' rent rules take the whole line
            left, right = line[:20], line[20:]
            # a blank column parts the two columns, and every amount ends with its F
            assert not left.strip() or left[19] == " ", (square, line)
            for col in (left, right):
                for amount in re.findall(r"[\d.]+ ?F?", col.strip()):
                    if re.fullmatch(r"\d{1,3}(\.\d{3})+ ?F?", amount):
                        assert amount.endswith(" F"), (square, line)
    if lang == "en":
        s.fb.clear(0)
        draw_deed(s.fb, host.state, host.texts, next(q for q in board.properties if board.kinds[q] == STATION))
        text = "\n".join(s.fb.read_text(r) for r in range(18, 24))
        assert "1 station 2.500 F" in text and "4 stations 20.000 F" in text


def test_the_cards_write_amounts_as_the_game_does():
    """20.000 F, with a dot, in English as in French (texts.money)."""
    for card in load_cards().all:
        for lang in ("fr", "en"):
            assert not re.search(r"\d,\d{3}", card.text(lang)), card.text(lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_two_amounts_of_a_title_deed_touch(lang):
    """Two amounts on a deed's row always have a word or two blanks between them (the English
    station deed read "3 stations 10.000 F 4 stations 20.000 F")."""
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.rules.engine import new_game
    from monopoly_cpc.texts import load_texts

    t = load_texts(lang)
    st = new_game(["ANNE", "BRUNO"], computer=[False, False], seed=1)
    for square in st.board.properties:
        fb = FrameBuffer()
        draw_deed(fb, st, t, square)
        for r in range(18, 24):
            row = fb.read_text(r)
            assert not re.search(r"\d F \S*\d", row), (square, row)
