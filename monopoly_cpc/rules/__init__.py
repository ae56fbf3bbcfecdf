"""The pure rules engine (no pygame, no clock, no files beyond the packaged YAML).

Public API::

    state = new_game(["Anne", "Bruno"], computer=[False, True], variant=Variant(), seed=42)
    legal_actions(state, player) -> list[Action]
    actor(state) -> int | None               # the player the game waits for
    forced_action(state, player)             # what the rules do when he says nothing
    apply(state, action) -> list[Event]      # IllegalAction leaves the state unchanged
    to_data(state) -> dict ; from_data(dict) -> GameState
    check_invariants(state)                  # InvariantError when a rule invariant is broken

See docs/engine.md.
"""

from monopoly_cpc.rules.actions import (
    ACTION_TYPES,
    AcceptTrade,
    Action,
    AdvanceClock,
    AutoLiquidate,
    Bid,
    Borrow,
    Build,
    Buy,
    ChooseCard,
    ClaimRent,
    CloseAuction,
    DeclareBankruptcy,
    Decline,
    EndGame,
    Lift,
    Mortgage,
    Pass,
    PayInKind,
    PayJailFine,
    ProposeTrade,
    RejectTrade,
    Roll,
    SellBuilding,
    UseJailCard,
)
from monopoly_cpc.rules.engine import IllegalAction, apply, auction_settled, new_game
from monopoly_cpc.rules.events import KINDS, Event
from monopoly_cpc.rules.legal import free_actions, legal_actions
from monopoly_cpc.rules.state import GameState, Player
from monopoly_cpc.rules.turn import actor, forced_action
from monopoly_cpc.rules.variants import Variant

__all__ = [
    "ACTION_TYPES",
    "KINDS",
    "AcceptTrade",
    "Action",
    "AdvanceClock",
    "AutoLiquidate",
    "Bid",
    "Borrow",
    "Build",
    "Buy",
    "ChooseCard",
    "ClaimRent",
    "CloseAuction",
    "DeclareBankruptcy",
    "Decline",
    "EndGame",
    "Event",
    "GameState",
    "IllegalAction",
    "Lift",
    "Mortgage",
    "Pass",
    "PayInKind",
    "PayJailFine",
    "Player",
    "ProposeTrade",
    "RejectTrade",
    "Roll",
    "SellBuilding",
    "UseJailCard",
    "Variant",
    "actor",
    "apply",
    "auction_settled",
    "forced_action",
    "free_actions",
    "legal_actions",
    "new_game",
]
