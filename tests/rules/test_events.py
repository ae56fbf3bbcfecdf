"""Event kinds are a stable list: the screens and the sound table key on them."""

import re
from pathlib import Path

from monopoly_cpc.rules.events import KINDS, Event, event

RULES = Path(__file__).resolve().parents[2] / "monopoly_cpc" / "rules"
DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_every_emitted_kind_is_listed_and_documented():
    """source: issue 3 brief 'keep kinds stable and list them all in docs/engine.md'."""
    emitted = set()
    for f in RULES.glob("*.py"):
        text = f.read_text(encoding="utf-8")
        emitted |= set(re.findall(r'\b[Ee]vent\(\s*"(\w+)"', text))
        emitted |= set(re.findall(r'_E\(Event, \("(\w+)"', text))
        emitted |= set(re.findall(r'"(\w+)" if reason == "rent" else "(\w+)"', text)[0]
                       if '"rent_paid" if' in text else ())
    assert emitted == set(KINDS)
    doc = DOC.read_text(encoding="utf-8")
    assert [k for k in KINDS if f"| `{k}` |" not in doc] == []


def test_event_is_a_small_immutable_record():
    e = Event("dice", 1, -1, 7, -1, "", (3, 4))
    assert e.kind == "dice" and e.data == (3, 4) and e._asdict()["amount"] == 7
    assert Event("turn", 2) == tuple.__new__(Event, ("turn", 2, -1, 0, -1, "", ()))
    # the engine's maker: the same record, the same type, the same defaults
    made = event("turn", 2)
    assert made == Event("turn", 2) and type(made) is Event
    assert event("bid", 1, 5, 300, data=(1,)) == Event("bid", 1, 5, 300, data=(1,))
