"""Computer players: ``make_bot(kind, personality=None, seed=0)``.

``bot.decide(state, player) -> Action | None`` and ``bot.last_reason`` (why: a ``Reason``, a code
and its fields that the text catalogue turns into a line, ai/reasons.py). Kinds:
``facile``, ``normal``, ``expert`` (three strengths; any of the six personalities), ``baseline``
(the yardstick: buys all, builds at once, never trades, pays to leave jail) and ``random``.
See docs/ai.md.
"""

from __future__ import annotations

from monopoly_cpc.ai.bot import Bot
from monopoly_cpc.ai.levels import LEVELS
from monopoly_cpc.ai.personality import NAMES as PERSONALITY_NAMES
from monopoly_cpc.ai.personality import PERSONALITIES, Personality
from monopoly_cpc.ai.personality import personality as find_personality
from monopoly_cpc.ai.simple import BaselineBot, RandomBot

KINDS = ("facile", "normal", "expert", "baseline", "random")


def make_bot(kind: str = "normal", personality: str | None = None,
             seed: int = 0) -> Bot | BaselineBot | RandomBot:
    """A computer player of strength ``kind`` and character ``personality`` (French or English
    name; None = Régulier), with its own randomness seeded by ``seed``."""
    k = kind.strip().lower() if isinstance(kind, str) else kind
    if k in LEVELS:
        return Bot(LEVELS[k], find_personality(personality), seed)
    if k == "baseline":
        return BaselineBot(seed)
    if k == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown computer player {kind!r} (one of {', '.join(KINDS)})")


__all__ = ["KINDS", "PERSONALITIES", "PERSONALITY_NAMES", "BaselineBot", "Bot", "Personality",
           "RandomBot", "make_bot"]
