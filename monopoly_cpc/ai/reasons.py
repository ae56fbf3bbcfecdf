"""Why a computer player did what it did: a code and its fields, never a sentence.

A computer player's ``last_reason`` is a :class:`Reason`: a ``code`` (one of :data:`CODES`,
checked by mypy through the ``Code`` literal) and ``fields`` (plain integers: a group's index,
an amount of Francs), made by :func:`because` (``because("accept_my_group", group=3)``).  The
player's line is the text catalogue's ``ai.<code>``
(``assets/texts/ai_fr.yaml``, ``ai_en.yaml``), filled in by :func:`reason_text` in the player's
language, as ``rules.refusals.refusal_text`` does for the engine's refusals: a group is named
in that language, an amount written ``150.000 F``.  The trade window (``screens/modes/trade``)
shows the answer's reason that way; no screen reads a sentence of the computer back.

The reasons a computer answers a trade with (accept_* and refuse_*) are short, to fit the
window's row after "NAME : NON. "; tests/ai/test_reasons.py checks that every code has its two
texts and that the sources use no other code.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple, get_args

Code = Literal[
    "",                      # no reason given (yet)
    # trades: the answer to an offer (judge, the baseline, the clock), and the offers made
    "accept_my_group",       # {group}: the trade completes one of my groups
    "accept_good",
    "refuse_no_cash",        # I would pay more cash than I can spare
    "refuse_your_group",     # {group}: you would complete it for too little
    "refuse_favours_you",
    "refuse_too_little",
    "refuse_no_trades",      # the baseline never trades
    "refuse_no_group",       # the swap yardstick: the deal completes none of my groups
    "refuse_time_up",        # the quick game's time is up
    "propose_trade",         # {amount}: the cash of my offer (either way)
    "buy_street",            # {amount}: I buy your street of a group split three ways
    "offer_your_group",      # {group}: my streets complete your group (and stop a swap)
    "counter_offer",
    # buying, auctions
    "buy",
    "buy_for_group",
    "mortgage_to_buy",
    "too_dear_auction",
    "keep_cash_auction",
    "auction_no_bidder",     # nobody could outbid the opening: declined all the same
    "bid",
    "pass_time_up",
    "pass_too_dear",
    # rent, jail, cards
    "claim_rent",
    "stay_in_jail",
    "jail_card",
    "jail_fine",
    "try_double",
    "draw_chance",
    "pay_fine",
    # buildings, mortgages
    "lift_mortgage",
    "build",
    "mortgage_to_build",
    "sell_for_hotel",
    "place_building",
    # debts
    "mortgage_to_pay",
    "borrow",
    "sell_to_pay",
    "pay_in_kind",
    "bankrupt",
]

CODES: Final[tuple[Code, ...]] = tuple(c for c in get_args(Code) if c)
MONEY_FIELDS: Final = ("amount",)     # written French style: 150.000 F
GROUP_FIELDS: Final = ("group",)      # a group's index on the board, named in the language

_NO_FIELDS: Final[Mapping[str, int]] = MappingProxyType({})


class Reason(NamedTuple):
    """A computer player's reason: ``code`` and the integer ``fields`` its text shows."""

    code: Code
    fields: Mapping[str, int] = _NO_FIELDS

    def data(self) -> list[Any]:
        """As plain data (JSON), for the player's memory: ``[code, {field: value}]``."""
        return [self.code, dict(self.fields)]


NO_REASON: Final = Reason("")


def because(code: Code, **fields: int) -> Reason:
    """``Reason(code, fields)``; the fieldless reasons are made once (a player gives one at
    almost every move)."""
    if not fields:
        return _PLAIN[code]
    return Reason(code, MappingProxyType(fields))


def plain(code: Code) -> Reason:
    """``because(code)``, without the call's dict of fields (the compiled build makes one at
    every call): for the players' frequent fieldless reasons."""
    return _PLAIN[code]


_PLAIN: Final[dict[str, Reason]] = {c: Reason(c) for c in get_args(Code)}


def reason_from(data: Any) -> Reason:
    """Take back :meth:`Reason.data`.  A string is a reason saved by a version that wrote French
    sentences: it is dropped (no reason).  Raises ValueError on anything else."""
    if isinstance(data, str):
        return NO_REASON
    if not isinstance(data, (list, tuple)) or len(data) != 2 or not isinstance(data[1], dict):
        raise ValueError(f"not a computer's reason: {data!r}")
    code, fields = data
    if code not in _PLAIN:
        raise ValueError(f"unknown reason code {code!r}")
    return because(code, **{str(k): int(v) for k, v in fields.items()})


def reason_text(texts: Any, board: Any, reason: Reason) -> str:
    """The player's line for ``reason``: the catalogue's ``ai.<code>`` with its fields, a group
    named in the catalogue's language, an amount as ``150.000 F``; '' for no reason."""
    if not reason.code:
        return ""
    fields: dict[str, Any] = dict(reason.fields)
    for name in MONEY_FIELDS:
        if name in fields:
            fields[name] = texts.money(fields[name])
    for name in GROUP_FIELDS:
        if name in fields:
            names = getattr(board, f"group_names_{texts.lang}", board.group_names_fr)
            fields[name] = names[fields[name]]
    return texts.get("ai." + reason.code, **fields)
