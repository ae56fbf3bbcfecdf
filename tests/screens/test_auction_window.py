"""The auction window on its 40 columns (seeds/002 ENCHERES; docs/manual.md §8: "Quand
personne ne surenchérit : « Une fois… », « Deux fois… », « Adjugé ! »")."""

from __future__ import annotations

from monopoly_cpc.screens.game.auction import GOING
from tests.screens.commands.helpers import digit, key, settle, start_game, typed


def auction(names=("ANNE", "BRUNO")):
    s, st = start_game(names=names, speed=2)
    st.forced_dice.extend([(1, 2)])
    s.press("D")
    s.step(ticks=100)
    s.press("N")                                     # Rue Lecourbe goes to the auction
    s.step(ticks=100)
    assert st.phase == "auction"
    return s, st


def test_une_fois_and_deux_fois_are_written_once():
    s, st = auction()
    s.step([digit(1)] + typed("6000") + [key("ENTER")])
    assert st.auction.high_bid == 6000
    for going, text in zip(GOING[2][:2], ("Une fois...", "Deux fois..."), strict=True):
        for _ in range(going + 100):                 # the bid's message, then the silence
            if any(text in row for row in s.text()[18:24]):
                break
            s.step()
        rows = s.text()[18:24]
        assert sum(text in row for row in rows) == 1, rows


def test_the_best_bid_of_a_long_name_fits_the_row():
    s, st = auction(names=("ABCDEFGHIJ", "KLMNOPQRST"))
    s.step([digit(1)] + typed("150000") + [key("ENTER")])
    assert st.auction.high_bid == 150_000 and st.auction.high_bidder == 0
    settle(s)
    row = s.text()[19].rstrip()
    assert row == "Meilleure offre : 150.000 F (joueur 1)", row
    s.step([digit(2)] + typed("9999999"))
    s.step(ticks=2)
    assert s.text()[19].rstrip() == "Meilleure offre : 150.000 F (joueur 1)"


def test_a_short_name_is_still_written_in_full():
    s, _st = auction()
    s.step([digit(2)] + typed("150000") + [key("ENTER")])
    settle(s)
    assert s.text()[19].rstrip() == "Meilleure offre : 150.000 F (2 BRUNO)"
