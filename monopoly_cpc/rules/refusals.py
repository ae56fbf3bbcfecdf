"""Why the engine refuses an action: a stable short ``code`` per refusal, for the screens.

Every ``IllegalAction`` carries ``code`` (one of :data:`CODES`), ``reason`` (a short English
sentence, for logs and tests) and ``fields`` (the values a player-facing text may show).  The
screens show ``rules.<code>`` from the text catalogues (``assets/texts/rules_fr.yaml`` and
``rules_en.yaml``); :func:`refusal_text` does the formatting (money fields as ``150.000 F``).

The query functions (``can_build``, ``can_sell``, ``can_mortgage``) return a :class:`Why`: a
``str`` (empty when allowed, so ``if why:`` keeps working) that also knows its code.
"""

from __future__ import annotations

from typing import Any

# code -> what it means (English). The docs table (docs/engine.md) and the text catalogues list
# exactly these codes; IllegalAction refuses any other code, so a new refusal cannot ship
# without its texts (tests/rules/test_refusals.py).
CODES: dict[str, str] = {
    # who may act
    "no_player": "there is no such player",
    "player_bankrupt": "that player is bankrupt",
    "not_now": "this action is not possible in the current phase",
    "time_up_no_deal": "the quick game's time is up: only the move being played finishes",
    "game_over": "the game is over",
    "unknown_action": "the engine does not know this action",
    "bad_action": "a value of the action has the wrong type",
    "not_your_start_roll": "another player rolls for the start now",
    "cannot_roll_now": "the dice cannot be rolled now",
    "not_your_turn": "it is another player's turn",
    # buying, cards
    "nothing_to_buy": "no property is offered to this player",
    "nothing_to_decline": "no property is offered to this player",
    "not_enough_cash": "not enough cash",
    "no_card_choice": "no card choice is waiting for this player",
    # auctions
    "no_auction": "no auction is running",
    "not_bidding": "the player is not (or no longer) in this auction",
    "bid_below_opening": "the bid is below the opening bid {amount}",
    "already_high_bidder": "the player already holds the highest bid",
    "bid_too_low": "the bid must be more than {amount}",
    "bid_above_assets": "the bid is more than the bidder's assets (void bid)",
    "high_bidder_cannot_pass": "the highest bidder cannot leave the auction",
    # rent
    "no_rent_to_claim": "no rent is waiting to be claimed by this player",
    # jail
    "jail_fine_not_now": "the fine is paid only at the start of one's turn in jail",
    "jail_card_not_now": "the card is used only at the start of one's turn in jail",
    "no_jail_card": "the player has no 'libéré de prison' card",
    # buildings
    "no_such_square": "there is no such square",
    "not_a_street": "houses go on streets only",
    "not_your_property": "the property belongs to someone else (or nobody)",
    "group_incomplete": "the group is not complete, or a street of it is mortgaged",
    "already_hotel": "the street already has a hotel",
    "uneven_building": "build evenly: another street of the group has fewer buildings",
    "bank_no_house": "the bank has no house left",
    "bank_no_hotel": "the bank has no hotel left",
    "not_your_street": "not a street of this player",
    "no_building": "the street has no building",
    "uneven_selling": "sell evenly: another street of the group has more buildings",
    "placer_only": "only the winner of the shortage auction places the building now",
    "place_won_house": "the building to place is the house won at the auction",
    "place_won_hotel": "the building to place is the hotel won at the auction",
    # mortgages, loans
    "already_mortgaged": "the property is already mortgaged",
    "group_has_buildings": "sell the buildings of the group first",
    "not_mortgaged_property": "not one of the player's mortgaged properties",
    "no_loans": "no loans in this variant",
    "loan_not_positive": "borrow a positive whole amount",
    "loan_limit": "loans are limited to {amount} borrowed in all",
    # trades
    "trade_same_player": "a trade needs two different players",
    "trade_bank_has_deeds": "trades only once the bank has no title deed left (variant)",
    "trade_empty": "the trade is empty",
    "trade_listed_twice": "a property is listed twice",
    "not_a_property": "that square is not a property",
    "not_owner": "{square} does not belong to {name}",
    "trade_group_built": "sell the buildings of {square}'s group first",
    "mortgaged_no_trade": "a mortgaged property cannot be traded (variant)",
    "jail_card_not_held": "that 'libéré de prison' card is not held",
    "trade_cash_not_whole": "the cash of a trade must be a whole number",
    "proposer_cash": "the proposer has not that much cash",
    "partner_cash": "the partner has not that much cash",
    "no_trade_to_answer": "no trade awaits this player's answer",
    "no_trade_to_refuse": "no trade to refuse",
    # debts
    "no_debt": "the player has no debt to settle now",
    "debtor_pays_first": "a player who cannot pay his debt spends no cash on anything else",
    "kind_rent_only": "only a rent may be paid half in properties",
    "kind_cash_needed": "half the rent, {amount}, must be paid in cash",
    "kind_list_properties": "list the properties given, once each",
    "kind_not_yours": "a property given is not the debtor's",
    "kind_group_built": "only properties without buildings in their group can be given",
    "kind_value_short": "the properties are worth {value}, {amount} needed",
    "kind_refused": "the creditor refused mortgaged deeds in part payment of this debt",
    "kind_offer_stale": "the payment in kind offered no longer stands",
    "can_still_pay": "the player can still raise the money (sell, mortgage, borrow)",
    # end of game, clock
    "end_not_between_moves": "the game can be ended only at the end of a move",
    "bad_ticks": "clock ticks must be a whole number >= 0",
    "no_time_limit": "this game has no time limit",
}

# Fields that hold an amount of Francs (refusal_text writes them as ``150.000 F``).
MONEY_FIELDS = ("amount", "value")


class Why(str):
    """A refusal reason (English) that also carries its ``code`` and ``fields``; the empty
    ``Why`` (``OK``) means allowed."""

    code: str
    fields: dict[str, Any]

    def __new__(cls, code: str, reason: str = "", **fields: Any) -> Why:  # noqa: PYI034 (3.10: no Self)
        if code and code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        obj = super().__new__(cls, reason or (CODES[code].format(**fields) if code else ""))
        obj.code = code
        obj.fields = fields
        return obj


OK = Why("")


def refusal_text(texts: Any, exc: Any) -> str:
    """The player-facing line for an ``IllegalAction`` (or a :class:`Why`): the catalogue's
    ``rules.<code>`` with its fields, money fields written French style."""
    fields = dict(exc.fields)
    for name in MONEY_FIELDS:
        if isinstance(fields.get(name), int):
            fields[name] = texts.money(fields[name])
    return texts.get("rules." + exc.code, **fields)
