"""Speed work must not change a single game: a fingerprint of 190 headless games.

Each game contributes (winner, leader, rounds, rolls, actions, trades, bot errors) and a digest
of every action the players took, in order. The line-ups cover the three strengths, the
baseline, the six characters and two rule variants. A commit that only makes things faster
(caches, cheaper evaluations) must leave the value below as it is.

A commit that changes play on purpose (a rule fixed, a bot taught something) changes it too:
record the new value in a separate commit that says why, with
``.venv/bin/python -m tests.ai.test_fingerprint``.

Recorded again when the computers' random stream moved from ``random.Random`` to the engine's
xorshift generator (``ai.rng.BotRng``, one integer saved with the game): only the games of the
players that draw from it changed (a ``facile`` player's slips, ``random``); the experts',
normals' and baselines' games were compared game by game and are the same, so the table's order
(``ai.table``) plays exactly as the loop it replaced.

Recorded again when that table met three rule corrections and round bids: mortgaged deeds are
not traded by default, the MONOPOLIC loan limit counts the sums borrowed (not the interest),
a building short in the bank goes at the street's price to a lone builder (``shortage_alone``),
and the computers bid in round amounts (``ai.bot.round_bid``); each changed games of its own,
on top of the ``BotRng`` stream above (both came in at once, so one value records both).

Recorded again when the expert was taught to look for a trade every turn whatever its
character's rhythm (``Level.trades_every_turn``) and to build down to half its character's
cash floor (``Level.build_floor_pct``), issue 19: every game with an expert changed (the games
of normals, facile players and baselines alone would not have); the new players ``swap`` and
``fair`` are not in the line-ups, and the baseline's games are the same (its new hooks for
them answer as before).

Recorded again when the expert was taught to build no hotel once a rival has four houses or a
hotel on a street (``Level.hotel_restraint``, issue 19): the games where an expert reaches four
houses beside such a rival changed.

Recorded again when ``facile`` was taught to buy every deed it can afford (``Level.buys_all``)
and to sell a deed that completes the proposer's group only for a printed-price gain of 150 %
of what it gives (``Level.group_premium_pct``), issue 19: only the games of the line-up with
facile players (``expert,facile``) changed; with those two knobs set back (``buys_all`` False,
``group_premium_pct`` 100) the value is the one recorded before.

Recorded again when a debtor was forbidden to spend the cash he owes (no building, no lift, no
cash paid in a trade: refusal ``debtor_pays_first``, seeds/002 C L and FAILLITE): only the games
of the line-up with ``random`` players changed (a random player's legal moves in a debt); every
other line-up's games were compared and are the same, and no other player ever tried it (an
observer over 200 games each of four experts, expert against three swap, facile and normal
players counted no refusal), so the strength figures stand.

Recorded again when no level was left to play absurdly: ``facile`` counts a mortgaged deed at
its price less its lift (``trading.printed_worth``), and ``normal`` gives a dearer group for a
cheaper one only when cash makes up the difference (``trading.judge``). Only games with normal
players changed (6 of the 30 of ``expert,normal``, 3 of the 30 of the characters, 1 of the 10
with ``random``, 2 of the 20 in each variant); the games of experts alone, with baselines and
with facile players are the same (no mortgaged deed changes hands there: ``trade_mortgaged`` is
off by default).
"""

from __future__ import annotations

import hashlib

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.analysis.tournament import game_seed, lineup
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

FINGERPRINT = "66ec63d4173481f1cd63fe0049724b64ae7ec668f1e769c06e74dc7810622d70"


def fingerprint() -> str:
    """The digest of every game of ``LINEUPS`` (same value in any process and hash seed)."""
    whole = hashlib.sha256()
    for k, (types, players, games, variant) in enumerate(LINEUPS):
        spec = types + [types[-1]] * (players - len(types))
        for i in range(games):
            acts = hashlib.sha256()

            def observe(state, action, events, acts=acts):
                acts.update(repr(action).encode())

            r = play_game(lineup(spec, i), game_seed(1000 + k, i), variant, ROUND_CAP,
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
