"""A command's refusal is shown through the engine's refusal code (``rules.refusals.CODES``,
the catalogues' ``rules.<code>``), never through the engine's English sentence (docs/manual.md,
"Refusés, avec la raison")."""

from __future__ import annotations

import pytest

from monopoly_cpc.game.game import Game
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.core import IllegalAction
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.rules.refusals import CODES, Why, refusal_text
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.screens.game.host import Refusal
from monopoly_cpc.screens.game.modes.base import CommandMode, reason_text
from monopoly_cpc.screens.game.screen import GameScreen
from monopoly_cpc.texts import load_texts
from tests.screens.commands.helpers import Session, digit, give, goto, key, start_game

FIELDS = {"amount": 150_000, "value": 20_000, "name": "BRUNO", "square": "Rue de la Paix"}


def money_fields(texts) -> dict:
    return {k: texts.money(v) if k in ("amount", "value") else v for k, v in FIELDS.items()}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_refusal_code_has_a_french_and_an_english_text(code):
    fr, en = load_texts("fr"), load_texts("en")
    exc = IllegalAction(CODES[code].format(**FIELDS), code=code, fields=FIELDS)
    french, english = refusal_text(fr, exc), refusal_text(en, exc)
    assert french == fr.get("rules." + code, **money_fields(fr))
    assert english == en.get("rules." + code, **money_fields(en))
    assert french and english and "{" not in french + english
    assert french != exc.reason                      # the player's French, not the engine's English


def command_window(lang: str):
    """A command window open on the game screen of a game in ``lang``."""
    st = new_game(["ANNE", "BRUNO"], seed=5)
    s = Session(lambda ctx: GameScreen(ctx, Game.of(st, {})), lang=lang)
    mode = CommandMode(s.screen)
    s.screen.push(mode)
    return s, mode


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_refusal_code_reaches_a_command_window_through_its_text(lang):
    """Each code, refused to a command as ``host.apply`` gives it, shows its catalogue line
    after "Refusé :" ("Refused:"), whatever the engine's English sentence says."""
    s, mode = command_window(lang)
    texts = s.screen.texts
    assert texts.lang == lang
    for code in CODES:
        exc = IllegalAction("an English sentence for the logs", code=code, fields=FIELDS)
        mode.refuse(Refusal.of(exc, texts))
        window = " ".join(" ".join(s.text()[19:23]).split())
        line = texts.get("rules." + code, **money_fields(texts))
        assert window.endswith(" ".join(texts.get("cmd.refused", reason=line).split())), code
        assert "English sentence" not in window
        # a Why of the queries (can_build, can_sell, can_mortgage) is shown the same way
        assert reason_text(texts, Why(code, **FIELDS)) == line


def test_a_refused_build_is_told_in_french_through_its_code():
    """M, buy houses: a second house on the same street is uneven; the engine's refusal (code
    uneven_building) shows the French line of the rules' catalogue."""
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3])
    s.press("M")
    s.press("A")
    s.step([digit(3), key("ENTER")])
    s.step([key("ENTER")])                    # BRUNO wants none
    goto(s, 1)
    s.press("ENTER", ticks=30)
    s.press("ENTER", ticks=30)                # uneven
    fr = load_texts("fr")
    rows = " ".join(" ".join(s.text()[18:24]).split())
    assert f"Refusé : {fr['rules.uneven_building']}" in rows
    assert "build evenly" not in rows
    assert st.houses[1] == 1


def test_a_refusal_without_its_code_is_not_translated_from_english():
    """The English-sentence table is gone: a bare sentence gives the generic line, in French."""
    fr = load_texts("fr")
    line = reason_text(fr, "build evenly: another street of the group has fewer buildings")
    assert line == fr["game.refused"]
    assert "build" not in line


def test_the_refusal_host_apply_gives_is_shown_by_its_code():
    s, _st = start_game(("ANNE", "BRUNO"))
    ok, why = s.screen.apply(A.Mortgage(0, 1))       # nobody owns Belleville yet
    assert not ok and why.code == "not_your_property"
    assert reason_text(s.screen.texts, why) == load_texts("fr")["rules.not_your_property"]


# -- refusals shown where the player looks -----------------------------------------------------

def test_ctrl_c_at_the_buy_question_is_refused_on_the_title_deed():
    s, st = start_game(("ANNE", "BRUNO"))
    st.forced_dice.extend([(1, 2)])
    s.press("D")
    s.step(ticks=100)
    assert "Acheter pour 6.000 F ? (O/N)" in s.text()[19]
    s.step([key("C", ctrl=True)])                    # seeds/002 C: only at the end of a move
    s.step(ticks=3)
    rows = s.text()[18:24]
    assert st.phase == "buy"
    assert "Acheter pour 6.000 F ? (O/N)" in rows[1]  # the question stays
    assert "CTRL+C : seulement à la fin d'un" in rows[4] and "déplacement" in rows[5]
    s.step(ticks=160)                                # 3 s later the deed is whole again
    rows = s.text()[18:24]
    assert "CTRL+C" not in " ".join(rows) and st.phase == "buy"
    assert "4 mais." in rows[4] or "hôtel" in " ".join(rows[4:6]), rows
    s.press("N")
    assert st.phase == "auction"


def _buy_refused_for_lack_of_cash(deeds=(), houses=None, variant=None):
    """ANNE, 1.000 F in hand (and ``deeds``), on Rue Lecourbe (6.000 F): O is refused."""
    s, st = start_game(("ANNE", "BRUNO"), variant=variant)
    give(st, 0, list(deeds), houses=houses)
    st.forced_dice.extend([(1, 2)])
    st.players[0].cash = 1000
    s.press("D")
    s.step(ticks=100)
    s.press("O")
    s.step(ticks=2)
    assert st.phase == "buy"
    return s, st


def test_a_buy_without_the_money_is_refused_on_the_title_deed():
    s, _st = _buy_refused_for_lack_of_cash()
    assert "Pas assez d'argent : tapez N" in " ".join(s.text()[22:24])   # nothing to raise


@pytest.mark.parametrize(("deeds", "houses", "variant", "says"), [
    ([5], None, None, "H hypothèque, ou N"),             # a deed to mortgage
    ([6, 8, 9], [1, 0, 0], None, "M vente, ou N"),       # a built group: sell first
    ([], None, Variant.monopolic(), "E emprunt, ou N"),  # MONOPOLIC: a loan
])
def test_a_buy_refused_for_cash_names_the_key_that_can_raise_it(deeds, houses, variant, says):
    """seeds/002 C H and M, seeds/000 EMPRUNT: money can be raised at any moment; the refusal
    says how (play-test: "tapez N" made a player give up a deed his mortgages could pay for)."""
    s, _st = _buy_refused_for_lack_of_cash(deeds, houses, variant)
    # on the deed's last row alone: the row above (the house cost, the mortgage) stays
    assert s.text()[23].strip() == f"Pas assez d'argent : {says}"
    assert "Pas assez" not in s.text()[22]


def test_short_of_cash_at_the_buy_question_h_mortgages_and_o_then_buys():
    """seeds/002 C H: a mortgage raises money at any moment, the buy question included; the
    refusal's advice (H) leads to a purchase."""
    s, st = _buy_refused_for_lack_of_cash([5])       # Gare Montparnasse: 10.000 F on mortgage
    s.press("H")
    s.step(ticks=2)
    assert "HYPOTHEQUES" in " ".join(s.text()[18:24])
    goto(s, 5)                                       # the cursor starts on DÉPART
    s.press("SPACE")
    s.press("ENTER", ticks=40)
    assert st.mortgaged[5] and st.players[0].cash == 11000
    s.press("Q")
    assert st.phase == "buy"
    s.press("O")
    s.step(ticks=2)
    assert st.owner[3] == 0 and st.players[0].cash == 5000


def test_p_with_a_player_who_does_not_exist_says_so_on_its_keys_line():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3])
    s.press("P")
    s.step([digit(3)])
    assert s.text()[23].strip() == "Pas de joueur 3"
    s.press("SPACE")                                 # the next key: the keys line again
    assert "Pas de joueur 3" not in s.text()[23]


def test_jail_lists_c_only_with_a_card_and_c_without_one_says_why():
    s, st = start_game(("ANNE", "BRUNO"))
    pl = st.players[0]
    pl.in_jail, pl.pos, st.phase = True, 10, "jail"
    s.screen.view.shown[0] = 10
    s.step(ticks=3)
    w = "\n".join(s.text()[18:24])
    assert "P : payer 5.000 F" in w and "D : tenter un double" in w
    assert "C : utiliser la carte" not in w
    s.press("C")
    s.step(ticks=3)
    assert "Pas de carte Libéré de prison" in "\n".join(s.text()[18:24])
    assert st.phase == "jail"
    pl.jail_cards.append(0)
    s.step(ticks=2)
    assert "C : utiliser la carte" in "\n".join(s.text()[18:24])


def test_selling_a_building_on_a_square_that_is_no_street_says_so():
    """Play-test: V then ENTER on Parc Gratuit in the debt window said 'Ce terrain n'est pas à
    vous'; it is no street at all (rules.can_sell checks the kind first)."""
    from monopoly_cpc.rules.queries import can_sell

    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3])
    assert can_sell(st, 0, 20).code == "not_a_street"
    assert can_sell(st, 1, 1).code == "not_your_street"
    assert load_texts("fr")["rules.not_a_street"] == "Ce n'est pas un terrain"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_buy_refusal_fits_one_row_of_the_deed(lang):
    from monopoly_cpc.texts import load_texts

    t = load_texts(lang)
    for key in ("cannot_buy", "cannot_buy_h", "cannot_buy_m", "cannot_buy_e"):
        assert len(t[f"game.{key}"]) <= 40, key
