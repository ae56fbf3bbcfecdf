"""Speed work must not change a single game: a fingerprint of 190 headless games.

Each game contributes (winner, leader, rounds, rolls, actions, trades, bot errors) and a digest
of every action the players took, in order. The line-ups cover the three strengths, the
baseline, the six characters and two rule variants. A commit that only makes things faster
(caches, cheaper evaluations) must leave the value below as it is.

A commit that changes play on purpose (a rule fixed, a bot taught something) changes it too:
record the new value in a separate commit that says why, with
``.venv/bin/python -m tests.ai.test_fingerprint``. Branches that each change play on purpose
record their own value; whoever merges them records it again on the merged code.

This value records three rule readings and the legal lists, compared game by game with the
value before them: a building won at a shortage auction costs its winner his bid, no longer
topped up to the printed price of the street that takes it (seeds/002, 003, 004 "au plus
offrant"): the games with such an auction changed, 3 of 30 of ``expert,normal``, 4 of 30 of the
six characters, and in the MONOPOLIC line-up, where each pass of Départ now adds 10 % of the
sum borrowed instead of 10 % of what is owed (seeds/000 EMPRUNT), 13 of 20; the ``random``
players, who pick among ``legal_actions``, changed 9 of 10 games, the lists no longer offering a
debtor ``Build`` or ``Lift`` nor a bankrupt player a loan. No game of these line-ups claims a
rent on a square mortgaged since the landing, nor uses the ``trade_mortgaged`` variant, so the
two other readings changed none. The four experts, ``expert,baseline``, ``expert,facile`` and
the fast variant's games are the same.

No level plays absurdly (recorded on top of the readings above, in the same value):
``facile`` counts a mortgaged deed at its price less its lift (``trading.printed_worth``), and ``normal`` gives a dearer group for a
cheaper one only when cash makes up the difference (``trading.judge``). Only games with normal
players changed (6 of the 30 of ``expert,normal``, 3 of the 30 of the characters, 1 of the 10
with ``random``, 2 of the 20 in each variant); the games of experts alone, with baselines and
with facile players are the same (no mortgaged deed changes hands there: ``trade_mortgaged`` is
off by default).

The expert trades a monopoly for a monopoly at up to 20.000 F below printed prices for its
partner, even when the partner gains more, unless the partner is known to count printed prices
(``Level.group_swap_discount``, ``trading.learn``); its counter-offers to such swaps are capped
the same way, and a partner resting from its cash offers still hears of group swaps (recorded on
top of the values above). Every line-up with an expert changed some games, compared game by
game with the value before: 11 of 30 of the four experts, 6 of 30 of ``expert,normal``, 16 of 30
of ``expert,baseline`` and 9 of 20 of ``expert,facile`` (players who refuse the offer below
printed prices, and the offers that follow), 2 of 30 of the six characters, 2 of 10 with
``random``, 1 of 20 in the MONOPOLIC variant and 3 of 20 in the fast one.

When two rivals could swap streets to complete a group each, the expert offers one of them the
rest of another of his groups for his part of that swap, out of turn too, in the window before
a roll, never a group worth more than the two the swap completes (``Level.stops_swaps``,
``trading.stop_swap``; recorded on top of the values above). Compared game by game with the
value before: 3 of 30 of the four experts, 1 of 30 of ``expert,normal``, 9 of 30 of
``expert,baseline`` and 7 of 20 of ``expert,facile`` (players who never trade, or count printed
prices, refuse it once and are noted), 2 of 30 of the six characters, 1 of 10 with ``random``,
1 of 20 in each variant.
"""

from __future__ import annotations

import hashlib

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.analysis.tournament import lineup
from monopoly_cpc.game.setup import run_game_seed
from monopoly_cpc.rules.variants import Variant

ROUND_CAP = 200
CHARACTERS = ["expert:Avare", "normal:Téméraire", "expert:Cupide", "normal:Régulier",
              "expert:Prudent", "normal:Entreprenant"]
# (line-up by seat, players, games, variant); the last type fills the remaining seats.
LINEUPS = [
    (["expert"], 4, 30, None),
    (["expert", "normal"], 4, 30, None),
    (["expert", "baseline"], 4, 30, None),
    (["expert", "facile"], 4, 20, None),
    (CHARACTERS, 6, 30, None),
    (["expert", "normal", "random"], 3, 10, None),
    (["expert", "normal"], 4, 20, Variant.monopolic()),
    (["expert", "normal"], 4, 20, Variant.fast()),
]

FINGERPRINT = "98b9439951ff902aee9cc761e45f5ff3d60fb4ddf64a012979cee092d1d2629f"


def fingerprint() -> str:
    """The digest of every game of ``LINEUPS`` (same value in any process and hash seed)."""
    whole = hashlib.sha256()
    for k, (types, players, games, variant) in enumerate(LINEUPS):
        spec = types + [types[-1]] * (players - len(types))
        for i in range(games):
            acts = hashlib.sha256()

            def observe(state, action, events, acts=acts):
                acts.update(repr(action).encode())

            r = play_game(lineup(spec, i), run_game_seed(1000 + k, i), variant, ROUND_CAP,
                          index=i, observe=observe)
            line = (k, i, r.winner, r.leader, r.rounds, r.rolls, r.actions, r.trades,
                    r.bot_errors, acts.hexdigest())
            whole.update(repr(line).encode())
    return whole.hexdigest()


def test_games_are_unchanged_by_speed_work():
    assert fingerprint() == FINGERPRINT, (
        "the headless games changed: a speed-only commit must not change them; if play changed "
        "on purpose, record the new value (see this module's docstring)")


if __name__ == "__main__":
    print(fingerprint())
