"""The computer players' reasons are codes (ai/reasons.py), each with a French and an English
text in the catalogue (``ai.<code>``, assets/texts/ai_fr.yaml and ai_en.yaml), as the engine's
refusals are (tests/rules/test_refusals.py).  No French sentence is written in ai/."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import monopoly_cpc.ai
from monopoly_cpc.ai.reasons import (
    CODES,
    GROUP_FIELDS,
    MONEY_FIELDS,
    NO_REASON,
    Reason,
    because,
    plain,
    reason_from,
    reason_text,
)
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.texts import load_texts

AI = Path(monopoly_cpc.ai.__file__).parent
BOARD = new_game(["A", "B"]).board
# the fields each code's text is given (any other code has none)
FIELDS = {"accept_my_group": ("group",), "refuse_your_group": ("group",),
          "propose_trade": ("amount",), "buy_street": ("amount",), "offer_your_group": ("group",)}


def _sources() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(AI.glob("*.py"))}


def _fields_of(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def every_reason(code: str) -> list[Reason]:
    """``code`` with each value its fields can take (every group, a large amount)."""
    names = FIELDS.get(code, ())
    if "group" in names:
        return [because(code, group=g) for g in range(len(BOARD.group_names_fr))]
    if "amount" in names:
        return [because(code, amount=1_500_000)]
    return [because(code)]


def test_every_code_used_is_listed_and_every_listed_code_is_used():
    used: dict[str, set[str]] = {}
    for src in _sources().values():
        for code, rest in re.findall(r'\b(?:because|plain)\("([a-z_]+)"([^)]*)\)', src):
            used.setdefault(code, set()).update(re.findall(r"(\w+)=", rest))
    assert set(used) == set(CODES)
    for code, fields in used.items():
        assert fields == set(FIELDS.get(code, ())), code


def test_ai_writes_no_sentence():
    """A reason is a code: no text is given to ``last_reason`` or returned with a verdict, and
    ai/ formats no money."""
    for name, src in _sources().items():
        if name == "reasons.py":
            continue
        assert not re.search(r'last_reason = f?"', src), name
        assert not re.search(r'return (True|False), f?"', src), name
        assert "money(" not in src, name


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_code_has_its_text(lang):
    texts = load_texts(lang)
    keys = {k[len("ai."):] for k in texts.keys() if k.startswith("ai.")}  # noqa: SIM118
    assert keys == set(CODES), "ai_fr.yaml and ai_en.yaml give one text per code"
    for code in CODES:
        template = texts["ai." + code]
        assert _fields_of(template) <= set(FIELDS.get(code, ())), (code, template)
        for reason in every_reason(code):
            line = reason_text(texts, BOARD, reason)
            assert line and "{" not in line and len(line) <= 38, (lang, code, line)


def test_the_texts_name_the_group_in_the_players_language():
    fr, en = load_texts("fr"), load_texts("en")
    blue = because("accept_my_group", group=7)
    assert reason_text(fr, BOARD, blue) == "J'ai le bleu foncé."
    assert reason_text(en, BOARD, blue) == "I complete dark blue."
    assert reason_text(fr, BOARD, because("accept_my_group", group=3)) == "J'ai l'orange."
    offer = because("propose_trade", amount=20_000)
    assert reason_text(fr, BOARD, offer) == "Je propose un échange (20.000 F)."
    assert reason_text(en, BOARD, offer) == "I offer a trade (20.000 F)."
    assert reason_text(en, BOARD, NO_REASON) == reason_text(fr, BOARD, NO_REASON) == ""
    assert MONEY_FIELDS == ("amount",) and GROUP_FIELDS == ("group",)


def test_a_reason_is_saved_as_plain_data_and_taken_back():
    for code in CODES:
        for reason in every_reason(code):
            data = reason.data()
            assert reason_from(data) == reason
            assert reason_from(eval(repr(data))) == reason   # JSON-like: lists, dicts, ints
    assert reason_from(NO_REASON.data()) == NO_REASON
    assert reason_from("J'achète.") == NO_REASON    # a save of the versions that wrote French
    with pytest.raises(ValueError):
        reason_from(["no_such_code", {}])
    with pytest.raises(ValueError):
        reason_from(["buy"])
    with pytest.raises(ValueError):
        reason_from(["buy_street", {"amount": "lots"}])


def test_fieldless_reasons_are_made_once():
    assert because("buy") is because("buy") and because("buy") == Reason("buy")
    assert all(plain(c) is because(c) for c in CODES)   # (the players' fieldless path)
    assert because("buy_street", amount=1000) == Reason("buy_street", {"amount": 1000})


def test_docs_list_every_code():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text(encoding="utf-8")
    for code in CODES:
        assert f"`{code}`" in doc, code
