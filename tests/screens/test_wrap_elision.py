"""Text cosmetics QA found: an amount torn from its sign in the message log ("...Vaugirard : +"
then "5.000 F"), and French without its elision ("vend une maison de Avenue...")."""

from __future__ import annotations

import itertools
import re

import pytest
from helpers import Session  # noqa: F401  (the screen tests' path set-up)

from monopoly_cpc.rules.board import default_board
from monopoly_cpc.screens.game.host import _units, wrap
from monopoly_cpc.texts import elide, load_texts, money, vowel_sound

BOARD = default_board()
FR, EN = load_texts("fr"), load_texts("en")
FIELD = re.compile(r"\{(\w+)")
SIGNS = ("+", "-", "−")


def fields_of(template: str) -> set[str]:
    return set(FIELD.findall(template))


def bad_breaks(lines: list[str]) -> list[str]:
    """Line breaks that split an amount or strand French punctuation."""
    bad = []
    for a, b in itertools.pairwise(lines):
        last, first = a.split()[-1], b.split()[0]
        if last in SIGNS and first[:1].isdigit():
            bad.append(f"{a!r} / {b!r}: sign and number")
        if last[-1:].isdigit() and first.rstrip(".,;:!?)") == "F":
            bad.append(f"{a!r} / {b!r}: number and F")
        if first in (":", ";", "!", "?", "»") or last == "«":
            bad.append(f"{a!r} / {b!r}: punctuation")
    return bad


def test_the_log_keeps_the_sign_with_its_amount_on_the_game_screen():
    """QA's own case: ANNE mortgages Rue de Vaugirard with H; the log line is 45 columns."""
    from tests.screens.commands.helpers import give, goto, start_game

    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [6])
    s.press("H")
    goto(s, 6)
    s.press("ENTER", ticks=40)
    s.press("Q")
    s.step(ticks=50)
    log = s.screen.log
    k = log.index("ANNE hypothèque Rue de Vaugirard :")
    assert log[k + 1] == "+ 5.000 F"
    rows = [r.rstrip() for r in s.text()[18:24]]
    assert "+ 5.000 F" in rows and not any(r.endswith(" +") for r in rows)


@pytest.mark.parametrize("texts", [FR, EN], ids=["fr", "en"])
def test_no_catalogue_line_splits_an_amount_at_any_width(texts):
    names = ("ANNE", "Rue de Vaugirard", "Compagnie de distribution d'électricité", "JEAN-PIERRE")
    amounts = (money(5000), money(150000), money(-20000), "+" + money(500))
    checked = 0
    keys = texts.keys()               # Texts is not iterable
    for key in keys:
        template = texts[key]
        wanted = fields_of(template)
        for name in names:
            for amount in amounts:
                fields = {f: amount if f in ("amount", "price", "cost", "value", "cash", "total", "loan",
                                             "room", "rent", "fine", "missing", "k") else name
                          for f in wanted}
                text = texts.get(key, **fields)
                longest = max(len(u) for u in _units(text))   # a wider unit must break
                for width in range(max(12, longest), 41):
                    lines = wrap(text, width)
                    assert " ".join(lines) == " ".join(text.split())
                    assert all(len(x) <= width for x in lines)
                    assert not bad_breaks(lines), (key, width, bad_breaks(lines))
                    checked += 1
    assert checked > 10000


def test_wrap_keeps_amounts_together_and_still_fills_lines():
    assert wrap("ANNE hypothèque Rue de Vaugirard : + 5.000 F", 40) == [
        "ANNE hypothèque Rue de Vaugirard :", "+ 5.000 F"]
    assert wrap("Loyer de 12.000 F dû à JEAN (1)", 16) == ["Loyer de", "12.000 F dû à", "JEAN (1)"]
    assert wrap("BRUNO paie -5.000 F", 16) == ["BRUNO paie", "-5.000 F"]
    assert wrap("« Partie rapide ? »", 10) == ["« Partie", "rapide ? »"]
    assert wrap("a b c", 40) == ["a b c"] and wrap("", 40) == []
    assert wrap("x" * 45, 40) == ["x" * 40, "x" * 5]          # a word wider than a line
    assert wrap("+ 100.000 F", 8) == ["+", "100.000", "F"]     # an amount wider than a line
    # a default name is one unit (play-test: "... de loyer à JOUEUR" then "3" alone)
    assert wrap("JOUEUR 1 paie 2.000 F de loyer à JOUEUR 3", 40) == [
        "JOUEUR 1 paie 2.000 F de loyer à", "JOUEUR 3"]
    assert wrap("A vous, JEAN (joueur 1)", 21) == ["A vous, JEAN", "(joueur 1)"]


# -- elision -----------------------------------------------------------------------------------

VOWELS = "AEIOUÉÈÊÎÔaeiouéèêîô"
PLAYERS = ("ANNE", "BRUNO", "ÉMILE", "Yves", "Yann", "Henri", "Hans", "OSCAR", "ursula")
GROUPS = BOARD.group_names_fr
ELIDABLE = re.compile(r"(?<![\w'])(de|le|la|que) \{(\w+)\}", re.IGNORECASE)


def test_vowel_sound_and_elide():
    for word in ("Avenue", "Impôts", "Allez", "orange", "ANNE", "ÉMILE", "Yves", "Henri", "hôtel"):
        assert vowel_sound(word), word
    for word in ("Rue", "Boulevard", "Gare", "violet", "BRUNO", "Yann", "Hans", "héros", "", "1.000 F"):
        assert not vowel_sound(word), word
    assert elide("de", "Avenue") == "d'" and elide("DE", "ANNE") == "D'"
    assert elide("le", "orange") == "l'" and elide("que", "il") == "qu'"
    assert elide("de", "Rue") == "de "


def test_every_french_article_elides_before_every_square_group_and_player_name():
    """Every 'de {x}' / 'le {x}' / 'la {x}' / 'que {x}' of the French catalogues, filled with
    each name of the board, each group and players' names: d'Avenue, l'orange, d'ANNE."""
    places = 0
    keys = FR.keys()
    for key in keys:
        template = FR[key]
        points = ELIDABLE.findall(template)
        if not points:
            continue
        for article, field in points:
            for value in (*BOARD.names, *GROUPS, *PLAYERS):
                fields = {f: "1" for f in fields_of(template)}
                fields[field] = value
                out = FR.get(key, **fields)
                elided = article[:-1] + "'" + value
                whole = article + " " + value
                if value[0] in VOWELS or value.lower().startswith("henri") or value.startswith("Yv"):
                    assert elided in out and whole not in out, (key, out)
                else:
                    assert whole in out and elided not in out, (key, out)
                places += 1
    assert places > 500
    # QA's sentence, the M command selling a house
    assert FR.get("cmd.houses.sold", name="ANNE", what="une maison", square="Avenue de Neuilly",
                  value="5.000 F") == "ANNE vend une maison d'Avenue de Neuilly (+5.000 F)"
    assert FR.get("game.sell", name="ANNE", what="un hôtel", square="Avenue Foch",
                  value="10.000 F") == "ANNE vend un hôtel d'Avenue Foch (+10.000 F)"
    assert FR.get("ai.accept_my_group", group="orange") == "J'ai l'orange."
    assert FR.get("game.account", name="ANNE", cash="1 F") == "Compte d'ANNE : 1 F"


def test_english_and_values_that_do_not_follow_an_article_are_left_alone():
    assert EN.get("game.account", name="ANNE", cash="1 F") == "ANNE's account: 1 F"
    assert EN.get("game.sell", name="ANNE", what="a hotel", square="Avenue Foch",
                  value="10.000 F") == "ANNE sells a hotel on Avenue Foch (+10.000 F)"
    assert FR.get("game.land", name="ANNE", square="Avenue Foch") == "ANNE est sur Avenue Foch"
    assert FR.get("game.rent_due", amount="1.000 F", owner="ANNE", n=1) == "Loyer de 1.000 F dû à ANNE (1)"
    keys = EN.keys()
    for key in keys:
        assert "d'{" not in EN[key] and "d'" + "ANNE" not in EN.get(
            key, **{f: "ANNE" for f in fields_of(EN[key])})


def test_the_elision_shows_on_the_screen():
    """M, V: selling a house of Avenue de Neuilly writes « d'Avenue de Neuilly »."""
    from tests.screens.commands.helpers import digit, flat, give, goto, start_game

    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [11, 13, 14], houses=[1, 1, 1])
    s.press("M")
    s.press("V")
    s.step([digit(1)])
    goto(s, 13)
    s.press("ENTER", ticks=20)
    assert "ANNE vend une maison d'Avenue de Neuilly" in flat(s)
    assert st.houses[13] == 0


def test_a_word_ending_like_an_article_is_not_elided():
    """Only a stand-alone article elides: "demande {k}" keeps its "de" (review of 23 Nov)."""
    from monopoly_cpc.texts import elide_template

    assert elide_template("{a} demande {k} de {k}", {"k": "ANNE"}) == "{a} demande {k} d'{k}"
    assert elide_template("hypothèque {s}, la {s}", {"s": "Avenue Foch"}) == "hypothèque {s}, l'{s}"
