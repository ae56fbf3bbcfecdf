"""The scenario file format (monopoly_cpc/rules/scenario.py) as outside examiners write it: a
malformed file is one line naming the file and the key, never an internal error, and no wrong
value is silently accepted or misread; a batch runs every file."""

import re

import pytest

from monopoly_cpc.analysis import scenario
from monopoly_cpc.analysis.scenario import run_scenario
from monopoly_cpc.cli import main
from monopoly_cpc.errors import DataError

HEAD = "name: probe\nsource: 'issue 3'\n"


def _write(tmp_path, body: str, name: str = "probe.yaml"):
    f = tmp_path / name
    f.write_text(HEAD + body, encoding="utf-8")
    return f


@pytest.mark.parametrize("body, said", [
    # were internal errors (KeyError, AttributeError, TypeError)
    ("expect: {bank: {money: 3}}\n", "expect.bank: unknown field(s) 'money'"),
    ("steps:\n  - roll: 0\n  - expect: {auction: {highest: 3}}\n",
     "steps[1].expect.auction: unknown field(s) 'highest'"),
    ("expect: {claim: {rent: 3}}\n", "expect.claim: unknown field(s) 'rent'"),
    ("expect: [phase, roll]\n", "expect: expected a mapping of checks"),
    ("dice: 7\nexpect: {phase: roll}\n", "dice: expected a list of [d1, d2] pairs, got 7"),
    ("start: {owner: {1: 0, 3: 1}}\nsteps:\n  - propose_trade: {player: 0, partner: 1, give: 1}\n",
     "steps[0].propose_trade.give: expected a list of squares, got 1"),
    ("steps:\n  - propose_trade: {player: 0, partner: 1, take: 3}\n",
     "steps[0].propose_trade.take: expected a list of squares, got 3"),
    ("steps:\n  - pay_in_kind: [0, 1]\n", "steps[0].pay_in_kind.squares: expected a list"),
    ("expect: {owner: [1]}\n", "expect.owner: expected a mapping square -> value"),
    ("steps:\n  - roll: 0\n  - expect: {events: [5]}\n",
     "steps[1].expect.events[0]: expected a mapping of event fields"),
    ("expect: {events: [{kind: dice, data: 3}]}\n", "expect.events[0].data: expected a list"),
    # were silently accepted or misread
    ("expect: {deeds: {7: 0}}\n", "expect.deeds: no player 7: the players are numbered 0 to 1"),
    ("expect: {deck_bottom: {caisse: caisse_liberte}}\n",
     "expect.deck_bottom: unknown deck 'caisse' (chance or community)"),
    ("expect: {deck_bottom: {chance: caisse_liberte}}\n",
     "expect.deck_bottom.chance: card caisse_liberte is not in the chance deck"),
    ("expect: {events: [{kind: dice, total: 3}]}\n",
     ("expect.events[0]: unknown event field(s) 'total' (one of kind, player, square, amount, "
      "other, text, data)")),
    ("expect: {events: [dices]}\n", "expect.events[0]: unknown event kind 'dices'"),
    ("expect: {events: roll}\n",
     "expect.events: expected a list of event kinds or mappings, got 'roll'"),
    ("expect: {no_events: pass_go}\n", "expect.no_events: expected a list of event kinds"),
    ("expect: {no_events: [pass_goo]}\n", "expect.no_events: unknown event kind 'pass_goo'"),
    ("steps:\n  - roll: [0, 1, 2]\n", "steps[0]: roll: too many arguments [0, 1, 2]: it takes player"),
    ("steps:\n  - roll: {who: 0}\n", "steps[0]: roll: unknown argument(s) 'who' (it takes player)"),
    ("start:\n  claim: {owner: 7, payer: 0, square: 3, amount: 100}\nexpect: {phase: roll}\n",
     "start.claim.owner: no player 7: the players are numbered 0 to 1"),
    ("start:\n  claim: {owner: 0, payer: 4, square: 3, amount: 100}\nexpect: {phase: roll}\n",
     "start.claim.payer: no player 4"),
    ("steps: {roll: 0}\n", "steps: expected a list of steps"),
    ("cards: {chance: chance_paix}\nexpect: {phase: roll}\n",
     "cards.chance: expected a list of card ids, got 'chance_paix'"),
    ("cards: {chance: [caisse_liberte]}\nexpect: {phase: roll}\n",
     "cards.chance: card caisse_liberte is not in the chance deck"),
    ("start:\n  players: [{jail_cards: chance_liberte}]\nexpect: {phase: roll}\n",
     "start.players[0].jail_cards: expected a list of card ids, got 'chance_liberte'"),
    ("start: {current: 5}\nexpect: {phase: roll}\n",
     "start.current: no player 5: the players are numbered 0 to 1"),
    ("start:\n  players: {0: {cash: 1000}, 5: {cash: 3}}\nexpect: {phase: roll}\n",
     "start.players: no player 5"),
    ("start: {houses: {1: 9}}\nexpect: {phase: roll}\n",
     "start.houses: expected 0 to 4 houses or 'hotel', got 9"),
    ("expect: {players: [{cash: '150000'}]}\n",
     "expect.players[0].cash: expected a whole number, got '150000'"),
    ("expect: {phase: rol}\n", "expect.phase: unknown phase 'rol'"),
    ("expect: {time_up: 1}\n", "expect.time_up: expected true or false, got 1"),
    ("expect: {ranking: 0}\n", "expect.ranking: expected a list of player numbers, got 0"),
    ("expect: {auction: {kind: maison}}\n",
     "expect.auction.kind: expected property, house or hotel"),
    ("steps:\n  - roll: 0\n    code: not_now\n", "steps[0]: 'code' goes with an 'illegal:' step"),
    ("steps:\n  - expect: {phase: roll}\n    note: x\n",
     "steps[0]: an expect step takes no other key, got 'note'"),
    ("steps:\n  - expect:\n", "steps[0].expect: expected a mapping of checks"),
    ("steps:\n  - illegal: {roll: 1}\n    code:\n",
     "steps[0].code: expected a refusal code (see docs/engine.md), got None"),
    ("steps:\n  - roll: 0\nexpect: []\n", "expect: expected a mapping of checks"),
    ("players: [Anne]\nexpect: {phase: roll}\n", "players: 1 players: this game takes 2 to"),
    ("players: [Anne, 5]\nexpect: {phase: roll}\n", "players: expected a list of names"),
    # bare player actions: which argument is missing and how to write it (no default player)
    ("steps:\n  - pay_jail_fine\n",
     "steps[0]: pay_jail_fine: missing player: write it as 'pay_jail_fine: 0'"),
    ("steps:\n  - illegal: declare_bankruptcy\n",
     "steps[0]: declare_bankruptcy: missing player: write it as 'declare_bankruptcy: 0'"),
    ("steps:\n  - build: [0]\n", "steps[0]: build: missing square: write it as 'build: [0, 39]'"),
])
def test_a_malformed_scenario_is_one_line_naming_the_file_and_the_key(tmp_path, capsys, body,
                                                                      said):
    """Brief: 'every malformed file must give ONE clear line naming the file and the key'."""
    f = _write(tmp_path, body)
    with pytest.raises(DataError) as exc:
        run_scenario(f)
    message = str(exc.value)
    assert message.startswith("probe.yaml: ") and said in message, message
    assert "\n" not in message
    assert main(["scenario", str(f)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"monopoly-cpc: ERROR {message}\n"
    assert "internal error" not in captured.err and captured.out == ""


def test_a_malformed_check_is_found_even_after_a_failing_step(tmp_path):
    """The whole file is checked before it runs: a bad final check is not hidden behind an
    earlier failure (it would otherwise surface only once the engine changes)."""
    f = _write(tmp_path, "steps:\n  - buy: 0\nexpect: {bank: {money: 3}}\n")
    with pytest.raises(DataError, match=r"expect\.bank: unknown field\(s\) 'money'"):
        run_scenario(f)


def test_well_formed_checks_still_compare(tmp_path):
    """The stricter reading keeps the meaning: right values pass (a claim's square by name too,
    as everywhere else: it was compared as the bare text), a wrong one fails with the
    difference (not a file error)."""
    body = ("start:\n  owner: {1: 1, 3: 1}\n  houses: {1: hotel, 3: hotel}\n"
            "  players: [{jail_cards: [chance_liberte]}]\n"
            "dice: [[1, 2]]\ncards: {chance: [chance_reculez]}\n"
            "steps:\n  - roll: 0\n  - expect:\n"
            "      events: [dice, {kind: rent_due, square: Rue Lecourbe, other: 1}]\n"
            "      no_events: [pass_go]\n")
    good = _write(tmp_path, body + "expect: {houses: {1: hotel}, owner: {1: 1, 5: -1}, "
                                   "claim: {owner: 1, payer: 0, square: Rue Lecourbe}, "
                                   "auction: null, time_up: false, "
                                   "bankruptcies: 0, bank: {hotels: 10, cash: 0}, "
                                   "deeds: {0: 0, 1: 2}, winner: -1, "
                                   "players: {0: {jail_cards: [chance_liberte]}}}\n",
                   "good.yaml")
    result = run_scenario(good)
    assert result.ok, result.failures
    bad = _write(tmp_path, body + "expect: {deeds: {1: 3}, bank: {cash: 5}}\n", "bad.yaml")
    assert run_scenario(bad).failures == ["expect: deeds of player 1: expected 3, got 2",
                                          "expect: bank.cash: expected 5, got 0"]


def test_a_batch_runs_every_file_and_reports_each_bad_one(tmp_path, capsys):
    """Brief: 'with monopoly-cpc scenario a.yaml bad.yaml c.yaml, c.yaml never runs': every
    file runs, each bad one is one line, and the exit status is 1."""
    good = "expect: {phase: roll, players: [{cash: 150000}]}\n"
    a = _write(tmp_path, good, "a.yaml")
    bad = _write(tmp_path, "expect: {bank: {money: 3}}\n", "bad.yaml")
    crash = _write(tmp_path, "dice: 7\nexpect: {phase: roll}\n", "dice.yaml")
    wrong = _write(tmp_path, "expect: {players: [{cash: 1}]}\n", "wrong.yaml")
    c = _write(tmp_path, good, "c.yaml")
    files = [a, bad, tmp_path / "missing.yaml", crash, wrong, c]
    assert main(["scenario", *map(str, files)]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        ("monopoly-cpc: ERROR bad.yaml: expect.bank: unknown field(s) 'money' "
         "(one of houses, hotels, cash)"),
        f"monopoly-cpc: ERROR {tmp_path / 'missing.yaml'}: no such scenario file",
        "monopoly-cpc: ERROR dice.yaml: dice: expected a list of [d1, d2] pairs, got 7",
    ]
    out = captured.out
    assert re.findall(r"^(ok  |FAIL) (\S+):", out, re.MULTILINE) == [
        ("ok  ", "a.yaml"), ("FAIL", "wrong.yaml"), ("ok  ", "c.yaml")]
    assert out.splitlines()[-1] == "6 files: 2 ok, 1 FAIL, 3 ERROR"
    # all good: exit 0
    assert main(["scenario", str(a), str(c)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 files: 2 ok, 0 FAIL, 0 ERROR"


def test_a_batch_goes_on_after_a_runner_fault(tmp_path, capsys, monkeypatch):
    """A fault of the runner itself (not the file's) is one logged line too, and the next
    files still run."""
    from monopoly_cpc import logs

    real = scenario.run_scenario

    def flaky(path):
        if path.name == "boom.yaml":
            raise RuntimeError("boom")
        return real(path)

    monkeypatch.setattr(scenario, "run_scenario", flaky)
    monkeypatch.setattr(logs, "write_crash", lambda text: tmp_path / "crash.log")
    boom = _write(tmp_path, "expect: {phase: roll}\n", "boom.yaml")
    c = _write(tmp_path, "expect: {phase: roll}\n", "c.yaml")
    assert main(["scenario", str(boom), str(c)]) == 1
    captured = capsys.readouterr()
    assert captured.err == (f"monopoly-cpc: ERROR boom.yaml: internal error: RuntimeError: boom "
                            f"(details in {tmp_path / 'crash.log'})\n")
    assert "ok   c.yaml: probe" in captured.out


def test_the_docstring_documents_every_accepted_key():
    """Brief: 'Document every key the runner accepts (start, steps, checks), so the docstring
    is the complete reference an examiner can work from'."""
    doc = scenario.__doc__
    keys = ["name", "source", "variant", "players", "seed", "start", "dice", "cards", "steps",
            "expect",
            "current", "owner", "houses", "mortgaged", "claim", "jail_cards",
            "name", "cash", "pos", "in_jail", "jail_turns", "loan", "loan_passes", "bankrupt",
            "computer",
            "illegal", "code",
            "phase", "winner", "ranking", "bankruptcies", "time_up", "debts", "bank", "deeds",
            "auction", "events", "no_events", "deck_bottom", "hotels",
            "payer", "amount", "kind", "min_bid", "high_bid", "high_bidder", "bidders", "passed",
            "other", "text", "data", "chance", "community"]
    keys += list(scenario.ACTION_NAMES)
    missing = [k for k in keys if not re.search(rf"\b{k}\b", doc)]
    assert not missing, missing
    # and the runner's own tables say the same
    assert set(scenario.CHECKS) | set(scenario.START_KEYS) | set(scenario.TOP_KEYS) <= set(keys)
    assert "bank.cash" in doc or "``cash`` (the bank" in doc
