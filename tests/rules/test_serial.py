"""Serialisation: plain data with a format version, equal after a round trip, corrupt -> DataError."""

import copy
import json

import pytest
import yaml

from monopoly_cpc.errors import DataError
from monopoly_cpc.rules import CloseAuction, Decline, Roll, apply, new_game
from monopoly_cpc.rules.serial import FORMAT, from_data, to_data


def _midgame():
    s = new_game(["A", "B", "C"], seed=4, first_player=0)
    s.owner[39] = 1
    s.players[0].jail_cards.append(s.decks[0].pop(s.decks[0].index(s.cards.by_id["chance_liberte"])))
    s.forced_dice += [(4, 5)]
    apply(s, Roll(0))
    return s


def test_round_trip_json_and_yaml_equal():
    """source: issue 3 'The state serialises to plain data (YAML/JSON) and back, equal after the round trip'."""
    s = _midgame()
    d = to_data(s)
    assert d["format"] == FORMAT
    assert from_data(json.loads(json.dumps(d))) == s
    assert from_data(yaml.safe_load(yaml.safe_dump(d, allow_unicode=True))) == s


def test_play_continues_identically_after_a_round_trip():
    """A reloaded game plays on exactly like the original (RNG state included)."""
    a = new_game(["A", "B"], seed=21, first_player=0)
    b = from_data(to_data(a))
    for _ in range(30):
        for s in (a, b):
            if s.phase == "buy":
                apply(s, Decline(s.current))
                apply(s, CloseAuction())
            elif s.phase in ("roll", "jail"):
                apply(s, Roll(s.current))
        assert to_data(a) == to_data(b)


@pytest.mark.parametrize("path, value, words", [
    (("format",), 99, "format 99 is not supported"),
    (("players", 0, "cash"), -5, "players[0].cash"),
    (("players", 1, "jail_cards"), ["nope"], "unknown card 'nope'"),
    (("owner",), [0] * 39, "expected 40 entries"),
    (("phase",), "dancing", "unknown phase 'dancing'"),
    (("bank", "houses"), 40, "bank.houses"),
    (("players", 0, "pos"), 40, "players[0].pos"),
    (("variant", "flying"), True, "unknown rule switch 'flying'"),
    (("rng",), 0, "rng"),
    (("decks", "chance"), [], "cards lost or duplicated"),
    (("bank", "cash"), 12345, "money not conserved"),
    (("houses", 3), 2, "houses: bank 32 + board 2"),
    (("pending_card",), "caisse_amende", "outside phase card_choice"),
    (("stack",), ["auction"], "cannot be resumed"),
    (("claim",), {"owner": 1, "payer": 1, "square": 39, "amount": 5}, "owe himself"),
    (("debts",), [{"debtor": 0, "creditor": 0, "amount": 5, "reason": "rent"}], "own creditor"),
    (("fresh_lifts",), [0], "must be an owned mortgaged property"),
    (("fresh_lifts",), ["x"], "fresh_lifts[0]"),
])
def test_corrupt_data_gives_a_clear_error(path, value, words):
    """source: issue 3 'a corrupt or hand-edited file gives a clear error, never a half-loaded game'."""
    d = copy.deepcopy(to_data(_midgame()))
    node = d
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    with pytest.raises(DataError) as e:
        from_data(d)
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_not_a_mapping():
    """Anything but a mapping is refused with a clear error."""
    with pytest.raises(DataError, match="expected a mapping"):
        from_data([1, 2, 3])
