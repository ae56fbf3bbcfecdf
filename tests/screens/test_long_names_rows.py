"""Every square's name in the auction heading and the rent-in-kind row fits its 40 columns
without a word cut in the middle (docs/screens.md, "Texts on 40 columns")."""

from __future__ import annotations

import pytest

from monopoly_cpc.rules.board import load_board
from monopoly_cpc.screens.game.debt import DebtMode
from monopoly_cpc.texts import load_texts

BOARD = load_board()
PROPS = [s for s in range(40) if BOARD.prices[s]]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_auction_heading_fits_for_every_square(lang):
    t = load_texts(lang)
    for s in PROPS:
        line = t.fit("auction.heading", square=BOARD.names[s])
        assert len(line) <= 40, line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_properties_given_in_kind_fit_one_row(lang):
    t = load_texts(lang)
    names = [BOARD.names[s] for s in PROPS]
    for k in range(1, len(names) + 1):
        line = DebtMode._given_line(t, names[:k])
        assert len(line) <= 40, line
    assert DebtMode._given_line(t, names[:1]).endswith(names[0])      # one name: in full
    long_ones = [n for n in names if len(n) > 25]
    assert long_ones
    for n in long_ones:                        # shortened by whole words, never cut
        shown = DebtMode._given_line(t, [n]).split(":", 1)[1].strip()
        assert len(shown) <= 30 and set(shown.split()) - {"Cie", "Bd", "Av.", "Fg", "Pl."} <= set(n.split())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_properties_given_in_kind_on_two_rows_never_split_a_name(lang):
    t = load_texts(lang)
    names = [BOARD.names[s] for s in PROPS]
    for k in range(1, len(names) + 1):
        lines = DebtMode._given_lines(t, names[:k])
        assert 1 <= len(lines) <= 2 and all(len(line) <= 40 for line in lines), lines
    two = DebtMode._given_lines(t, ["Rue de Vaugirard", "Rue de Courcelles"])
    assert two[1] == "Rue de Courcelles" and two[0].endswith("Rue de Vaugirard,")
