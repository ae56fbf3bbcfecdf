"""Who the game waits for (``actor``) and what the rules do for a player who says nothing
(``forced_action``), phase by phase, with the manual passage each follows."""

import ast
from pathlib import Path
from typing import get_args

from monopoly_cpc.rules import (
    AutoLiquidate,
    Build,
    ChooseCard,
    Decline,
    Pass,
    RejectTrade,
    Roll,
    actor,
    apply,
    forced_action,
    new_game,
)
from monopoly_cpc.rules.actions import Bid, ProposeTrade
from monopoly_cpc.rules.events import KIND_NAMES, KINDS, EventKind
from monopoly_cpc.rules.state import PHASES, Phase


def _game(n=3):
    return new_game([f"P{i}" for i in range(n)], seed=5, first_player=0)


def _cash(s, i, amount):
    s.bank_cash += s.players[i].cash - amount
    s.players[i].cash = amount


def test_who_starts_then_the_current_player_rolls():
    """seeds/002 C 'QUI COMMENCE LE PREMIER?': 'Chaque joueur a tour de rôle lance les dés ...
    Le joueur avec le total le plus élevé commence': the who-starts rollers one by one, then
    the current player."""
    s = new_game(["A", "B", "C"], seed=11)
    assert s.phase == "start_roll"
    first = s.start_rollers[0]
    assert actor(s) == first and forced_action(s, first) == Roll(first)
    other = (first + 1) % 3
    assert forced_action(s, other) is None          # not the one awaited: nothing is forced
    s = _game()
    assert s.phase == "roll" and actor(s) == 0 and forced_action(s, 0) == Roll(0)
    assert forced_action(s, 1) is None


def test_a_purchase_left_unanswered_is_declined():
    """seeds/002 C 'D Dés': 'Si vous arrivez sur une propriété qui n'est pas encore achetée, vous
    pouvez le faire, sinon la Banque la mettra automatiquement en vente aux enchères'."""
    s = _game()
    s.forced_dice.append((1, 2))          # to Rue Lecourbe (3), the bank's
    apply(s, Roll(0))
    assert s.phase == "buy" and actor(s) == 0
    assert forced_action(s, 0) == Decline(0)
    apply(s, Decline(0))
    # seeds/002 C 'ENCHERES': anyone may bid: nobody is awaited; a silent bidder passes
    assert s.phase == "auction" and actor(s) is None
    bidder = s.auction.bidders[0]
    assert forced_action(s, bidder) == Pass(bidder)


def test_amende_ou_chance_left_unanswered_draws_the_card():
    """The Caisse de Communauté card 'Payez une amende de 1.000 F, ou bien tirez une carte
    Chance' (assets/cards.yaml): paying is a choice that spends money, never made for a player."""
    s = _game()
    s.phase = "card_choice"
    assert actor(s) == 0 and forced_action(s, 0) == ChooseCard(0, True)


def test_a_debtor_who_says_nothing_sells_and_mortgages():
    """seeds/002 A 'Si un joueur est incapable de payer ... même en vendant ses propriétés et en
    engageant ses terrains': the debtor is awaited; saying nothing raises what can be raised."""
    s = _game()
    s.owner[3] = 1
    _cash(s, 0, 100)
    s.forced_dice.append((1, 2))          # to Rue Lecourbe, player 1's
    apply(s, Roll(0))
    from monopoly_cpc.rules import ClaimRent

    s.owner[1] = 0                        # something to sell
    apply(s, ClaimRent(1))
    assert s.phase == "debt" and actor(s) == 0
    assert forced_action(s, 0) == AutoLiquidate(0)
    assert forced_action(s, 1) is None


def test_a_trade_left_unanswered_is_refused():
    """seeds/002 C 'T Transactions': 'Quand la transaction est approuvée par l'autre joueur, le
    programme effectue le transfert': the partner is awaited; an offer not approved is refused."""
    s = _game()
    s.owner[1], s.owner[3] = 0, 1
    apply(s, ProposeTrade(0, 1, (1,), (3,), 0))
    assert s.phase == "trade" and actor(s) == 1
    assert forced_action(s, 1) == RejectTrade(1)
    assert forced_action(s, 0) is None


def test_a_building_won_at_a_shortage_auction_is_placed_on_its_first_street():
    """seeds/002 C 'M Maisons': 'Si le nombre de maisons disponibles est insuffisant, la Banque
    procédera à une vente aux enchères': its winner is awaited to place it; saying nothing puts
    it on the first street it may go on."""
    s = _game()
    s.owner[1] = s.owner[3] = 0
    s.phase, s.placer, s.place_kind = "place_building", 0, "house"
    assert actor(s) == 0
    assert forced_action(s, 0) == Build(0, 1)


def test_nobody_is_awaited_once_the_game_is_over():
    s = _game()
    s.phase = "game_over"
    assert actor(s) is None and forced_action(s, 0) is None


def test_a_bidder_who_cannot_raise_passes():
    s = _game()
    s.forced_dice.append((1, 2))
    apply(s, Roll(0))
    apply(s, Decline(0))
    b = s.auction.bidders[0]
    apply(s, Bid(b, s.auction.min_bid))
    assert forced_action(s, b) is None     # the high bidder has nothing to answer


def test_forced_action_tries_nothing_on_a_copy():
    """forced_action picks among legal_actions: no trial move on a deep copy of the state."""
    src = (Path(__file__).resolve().parents[2] / "monopoly_cpc" / "rules" / "turn.py").read_text()
    names = {n.id for n in ast.walk(ast.parse(src)) if isinstance(n, ast.Name)}
    assert "apply" not in names and "deepcopy" not in src


def test_phases_and_event_kinds_are_checked_names():
    """Phase and EventKind (typing.Literal) list exactly the phases and the documented kinds."""
    assert PHASES == get_args(Phase)
    assert set(get_args(EventKind)) == set(KINDS) and KIND_NAMES == get_args(EventKind)
