"""Refusal codes: every IllegalAction names a stable code that has a French and an English text
(the screens show them: ``refusal_text(texts, exc)`` = ``texts.get("rules." + code, ...)``)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import apply, new_game
from monopoly_cpc.rules.core import IllegalAction
from monopoly_cpc.rules.refusals import CODES, MONEY_FIELDS, Why, refusal_text
from monopoly_cpc.texts import load_texts

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "monopoly_cpc" / "rules"


def _codes_in_source() -> set[str]:
    """Every code literal the engine's sources can raise."""
    found: set[str] = set()
    for path in sorted(RULES.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'code="([a-z_]+)"(?! \+)', text))
        found.update(re.findall(r'\bWhy\("([a-z_]+)"', text))
        if '"place_won_" + state.place_kind' in text:
            found.update({"place_won_house", "place_won_hotel"})
    return found


def _fields_of(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_code_raised_is_listed_and_every_listed_code_is_raised():
    source = _codes_in_source()
    assert source - set(CODES) == set(), "raised but not in refusals.CODES"
    assert set(CODES) - source == set(), "listed in refusals.CODES but never raised"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_code_has_its_text(lang):
    texts = load_texts(lang)
    keys = {k[len("rules."):] for k in texts.keys() if k.startswith("rules.")}  # noqa: SIM118
    assert keys == set(CODES)
    allowed = {"amount", "value", "name", "square"}
    for code in CODES:
        template = texts["rules." + code]
        assert _fields_of(template) <= allowed, (code, template)
        line = texts.get("rules." + code, amount="150.000 F", value="20.000 F", name="Bruno",
                         square="Avenue des Champs-Elysées")
        assert line and len(line) <= 44, (lang, code, line)


def test_french_texts_are_short_for_the_cpc_screen():
    """38 characters where possible (a 40-column window with its frame)."""
    texts = load_texts("fr")
    for code in CODES:
        line = texts.get("rules." + code, amount="150.000 F", value="20.000 F", name="Bruno",
                         square="Rue de la Paix")
        assert len(line) <= 38, (code, line)


def test_unknown_code_is_refused():
    with pytest.raises(ValueError):
        IllegalAction("whatever", code="no_such_code")
    with pytest.raises(ValueError):
        IllegalAction("whatever")  # a code is required
    with pytest.raises(ValueError):
        Why("no_such_code")


def test_docs_list_every_code():
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for code in CODES:
        assert f"`{code}`" in doc, code


def _refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value


def test_codes_and_fields_of_common_refusals():
    """A few refusals a player meets, with the fields their texts show."""
    fr = load_texts("fr")
    st = new_game(["Anne", "Bruno", "Chloé"], seed=3)
    while st.phase == "start_roll":
        apply(st, A.Roll(st.start_rollers[0]))
    cur = st.current
    other = (cur + 1) % 3
    e = _refused(st, A.Roll(other))
    assert (e.code, e.fields["name"]) == ("not_your_turn", st.players[cur].name)
    assert refusal_text(fr, e) == f"C'est au tour de {st.players[cur].name}"
    e = _refused(st, A.Build(cur, 39))
    assert e.code == "not_your_property" and e.reason == "not your property"
    e = _refused(st, A.Build(cur, 40))
    assert e.code == "no_such_square"
    e = _refused(st, A.Mortgage(cur, 5))
    assert e.code == "not_your_property"
    e = _refused(st, A.Bid(cur, 1000))
    assert e.code == "no_auction"
    e = _refused(st, A.Borrow(cur, 1000))
    assert e.code == "no_loans"
    e = _refused(st, A.ProposeTrade(cur, cur, (1,), (), 0))
    assert e.code == "trade_same_player"


def test_bid_above_assets_and_build_refusals_carry_money_fields():
    fr = load_texts("fr")
    st = new_game(["Anne", "Bruno"], seed=1)
    while st.phase == "start_roll":
        apply(st, A.Roll(st.start_rollers[0]))
    p = st.current
    # an auction on Rue de la Paix (39) opened by hand: decline then bid too much
    st.pending_square = 39
    st.phase = "buy"
    apply(st, A.Decline(p))
    e = _refused(st, A.Bid(p, 10 ** 7))
    assert e.code == "bid_above_assets" and e.fields["amount"] == 150_000
    assert refusal_text(fr, e) == "Offre nulle : plus que votre actif"
    apply(st, A.Bid(p, 10_000))
    e = _refused(st, A.Bid(1 - p, 10_000))
    assert e.code == "bid_too_low" and refusal_text(fr, e) == "Offrez plus de 10.000 F"
    apply(st, A.Pass(1 - p))
    apply(st, A.CloseAuction())
    # owning both dark-blue streets, building is uneven after the first house
    st.owner[37] = p
    apply(st, A.Build(p, 39))
    e = _refused(st, A.Build(p, 39))
    assert e.code == "uneven_building"
    assert refusal_text(fr, e) == "Construisez uniformément"
    st.players[p].cash = 100
    e = _refused(st, A.Build(p, 37))
    assert e.code == "not_enough_cash" and refusal_text(fr, e) == "Pas assez d'argent (20.000 F)"


def test_money_fields_are_written_french_style():
    en = load_texts("en")
    e = IllegalAction("x", code="kind_value_short", fields={"value": 12000, "amount": 30000})
    assert refusal_text(en, e) == "Worth 12.000 F, 30.000 F needed"
    assert set(MONEY_FIELDS) == {"amount", "value"}


def _scenario_state(tmp_path, body: str):
    from monopoly_cpc.analysis.scenario import run_scenario

    f = tmp_path / "s.yaml"
    f.write_text("name: s\nsource: 'issue 3'\n" + body, encoding="utf-8")
    result = run_scenario(f)
    assert result.ok, result.failures
    return result.state


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_refusals_with_fields_format_in_both_languages(tmp_path, lang):
    """The refusals whose texts show a name, a square or an amount carry those fields."""
    texts = load_texts(lang)
    st = _scenario_state(tmp_path, "start:\n  owner: {39: 1, 37: 1, 1: 0, 21: 0}\n"
                                   "  houses: {39: 2, 37: 2}\n  players: [{pos: 30, cash: 40000}]\n"
                                   "dice: [[4, 5]]\nsteps:\n  - roll: 0\n  - claim_rent: 1\n")
    seen = {}
    for action in (A.PayInKind(0, (21,)),                         # worth 22.000, 30.000 needed
                   A.ProposeTrade(1, 0, (39,), (1,), 0),         # Rue de la Paix's group is built
                   A.ProposeTrade(0, 1, (1,), (), 10 ** 6),      # the proposer has not that much
                   A.ProposeTrade(0, 1, (1,), (), -10 ** 6),     # nor the partner
                   A.ProposeTrade(0, 1, (1,), (3,), 0)):         # Rue Lecourbe is the bank's
        e = _refused(st, action)
        seen[e.code] = refusal_text(texts, e)
    st.players[0].cash = 100
    seen[_refused(st, A.PayInKind(0, (21,))).code] = "cash"
    assert set(seen) == {"kind_value_short", "trade_group_built", "proposer_cash",
                         "partner_cash", "not_owner", "kind_cash_needed"}
    if lang == "fr":
        assert seen["kind_value_short"] == "Valeur 22.000 F, il faut 30.000 F"
        assert seen["trade_group_built"] == "Groupe de Rue de la Paix bâti"
        assert seen["not_owner"] == "Rue Lecourbe n'est pas à B"
    e = _refused(st, A.PayInKind(0, (21,)))
    assert e.code == "kind_cash_needed" and refusal_text(texts, e).endswith("30.000 F")
