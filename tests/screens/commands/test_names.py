"""Square names on the 40 columns: whole where the line has room, else a shorter form made of
whole words ("Av. des Champs-Élysées", "Cie d'électricité"), never a name cut mid-word.

QA found "Avenue des Champs-Ély terrain nu" in ? and "Compagnie de distribution d'électric"
in P.  Every square's name is checked in every command view that shows names, in French and
in English (the names are the French board's in both)."""

from __future__ import annotations

import pytest

from monopoly_cpc.rules.board import HOTEL, STREET, default_board
from monopoly_cpc.screens.game.modes.views import PAGE as VIEW_PAGE
from monopoly_cpc.texts import fit_name, name_forms
from tests.screens.commands.helpers import digit, flat, give, goto, start_game, typed, window

BOARD = default_board()
PROPS = list(BOARD.properties)
FORMS = sorted({f for n in BOARD.names for f in name_forms(n)}, key=len, reverse=True)


def whole_form(rows: list[str], square: int) -> str | None:
    """The form of the square's name that a row shows as whole words, or None."""
    for form in name_forms(BOARD.names[square]):
        for row in rows:
            at = row.find(form)
            while at >= 0:
                end = at + len(form)
                if not row[at - 1:at].isalpha() and not row[end:end + 1].isalpha():
                    return form
                at = row.find(form, at + 1)
    return None


def cut_names(rows: list[str]) -> list[str]:
    """Rows showing a name cut in the middle of a word: the beginning of a form (4 characters
    or more, ending inside a word) followed by no letter, where no whole form starts."""
    found = []
    for form in FORMS:
        for n in range(4, len(form)):
            if not (form[n - 1].isalpha() and form[n].isalpha()):
                continue
            part = form[:n]
            for row in rows:
                at = row.find(part)
                while at >= 0:
                    if not row[at + n:at + n + 1].isalpha() and not any(
                            row.startswith(f, at) for f in FORMS):
                        found.append(row)
                    at = row.find(part, at + 1)
    return found


def everything_to(st, player: int, state: str) -> None:
    """Every property to ``player``: bare, mortgaged, with 4 houses or with a hotel."""
    give(st, player, PROPS)
    for s in PROPS:
        if state == "mortgaged":
            st.mortgaged[s] = True
        elif state in ("houses", "hotel") and BOARD.kinds[s] == STREET:
            st.houses[s] = 4 if state == "houses" else HOTEL
    st.bank_houses, st.bank_hotels = 32, 12        # the stock does not matter to a picture


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("state", ["bare", "mortgaged", "houses", "hotel"])
def test_question_mark_list_shows_every_name_whole_where_it_has_room(lang, state):
    s, st = start_game(("ANNE", "BRUNO"), lang=lang)
    everything_to(st, 1, state)
    s.step(typed("?"))
    s.step([digit(2)])
    seen = {}
    for _page in range(-(-len(PROPS) // VIEW_PAGE)):
        rows = s.text()[19:23]
        assert not cut_names(rows), cut_names(rows)
        for sq in PROPS:
            form = whole_form(rows, sq)
            if form:
                seen[sq] = (form, next(r for r in rows if form in r))
        s.press("SPACE")
    assert sorted(seen) == PROPS
    for sq, (form, row) in seen.items():
        what = row[len(form):].strip()
        if len(BOARD.names[sq]) + 1 + len(what) <= 40:
            assert form == BOARD.names[sq], row          # room enough: the whole name
    if state == "bare" and lang == "fr":           # QA's "Avenue des Champs-Ély terrain nu"
        assert seen[37][1] == "Avenue des Champs-Élysées".ljust(30) + "terrain nu"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_p_list_and_title_deeds_show_every_name_whole(lang):
    s, st = start_game(("ANNE", "BRUNO"), lang=lang)
    everything_to(st, 1, "bare")
    for sq in PROPS[::3]:
        st.mortgaged[sq] = True                     # a white-on-red line, and the deed's tag
    s.press("P")
    seen: dict[int, str | None] = {}
    for _page in range((len(PROPS) + 3) // 4):
        rows = s.text()[19:23]
        assert not cut_names(rows), cut_names(rows)
        seen.update({sq: None for sq in PROPS if whole_form(rows, sq) and sq not in seen})
        if 12 in seen and seen[12] is None:
            seen[12] = next(r for r in rows if whole_form([r], 12))
        s.press("SPACE")
    assert sorted(seen) == PROPS
    assert seen[12] == "Cie d'électricité".ljust(38) + " 2"   # was "...d'électric"
    s.press("P")                                    # the title deeds, one by one
    for sq in PROPS:
        assert s.screen.cursor == sq
        bar = s.text()[18]
        assert whole_form([bar], sq), bar
        assert not cut_names([bar]), bar
        s.press("SPACE")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_plus_view_shows_every_name_whole(lang):
    s, st = start_game(("ANNE", "BRUNO"), lang=lang)
    everything_to(st, 0, "houses")
    s.step(typed("+"))
    for _ in PROPS:
        sq = s.screen.cursor
        rows = s.text()[19:23]
        line = next(r for r in rows if "/28" in r)
        assert whole_form([line], sq) and not cut_names([line]), line
        s.step(typed("+"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_h_shows_every_square_whole_on_one_line(lang):
    s, st = start_game(("ANNE", "BRUNO"), lang=lang)
    give(st, 1, PROPS[::2])
    for letter in ("H",):    # L lists the rents due only (tests/screens/test_rent_window.py)
        s.press(letter)
        for sq in range(40):
            goto(s, sq)
            s.press("SPACE")
            rows = window(s).splitlines()
            assert not cut_names(rows), rows
            assert whole_form([flat(s)], sq), (sq, rows)     # a message may wrap at a space
        s.press("Q")
        assert s.screen.modes == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_trade_offered_to_a_human_shows_all_its_terms(lang):
    """The answer window showed only the first 40 columns of the terms: what the human gave
    away was not on screen."""
    from monopoly_cpc.rules import actions as A

    s, st = start_game(("ANNE", "HAL"), lang=lang)
    give(st, 1, [12, 37, 28])
    give(st, 0, [11, 1])
    ok, _ = s.screen.apply(A.ProposeTrade(1, 0, give=(12, 37, 28), take=(11, 1), cash=-15000))
    assert ok
    for _ in range(200):
        s.step()
    rows = window(s).splitlines()
    assert not cut_names(rows), rows
    for sq in (12, 37, 28, 11, 1):
        assert whole_form([flat(s)], sq), (sq, rows)
    assert any("15.000 F" in r for r in rows), rows
    assert rows[-2].startswith(("O : accepter", "Y: accept")), rows


def test_fit_name_keeps_whole_words_at_every_width():
    for name in set(BOARD.names):
        words = set(name.split()) | {w for f in name_forms(name) for w in f.split()}
        for width in range(1, 45):
            fitted = fit_name(name, width)
            assert len(fitted) <= width
            if width >= 17:                        # the narrowest slot on screen is 28
                assert set(fitted.split()) <= words, (name, width, fitted)
                assert fitted in name_forms(name) or fitted.startswith(name_forms(name)[-1][:1])
        assert fit_name(name, len(name)) == name

