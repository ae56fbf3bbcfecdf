"""Computer players: ``make_bot(kind, personality=None, seed=0)``.

``bot.decide(state, player) -> Action | None`` and ``bot.last_reason`` (why: a ``Reason``, a code
and its fields that the text catalogue turns into a line, ai/reasons.py). Kinds:
``facile``, ``normal``, ``expert`` (three strengths; any of the six personalities), the four
yardsticks ``baseline`` (buys all, builds at once, never trades, pays to leave jail), ``swap``
(the baseline trading in the manner of gamescomputersplay/monopoly v2: any deal that completes
its own group), ``peer`` (the swap player held to that peer's limits: a group each side, a 2x
price ratio, no deed of the groups with the bank) and ``fair`` (the baseline accepting any offer worth the printed value of what it
gives), and ``random``.
See docs/ai.md.
"""

from __future__ import annotations

from monopoly_cpc.ai.bot import Bot
from monopoly_cpc.ai.levels import LEVELS
from monopoly_cpc.ai.personality import NAMES as PERSONALITY_NAMES
from monopoly_cpc.ai.personality import PERSONALITIES, Personality
from monopoly_cpc.ai.personality import personality as find_personality
from monopoly_cpc.ai.simple import BaselineBot, FairBot, PeerBot, RandomBot, SwapBot

KINDS = ("facile", "normal", "expert", "baseline", "swap", "peer", "fair", "random")
YARDSTICKS = ("baseline", "swap", "peer", "fair")   # the plain players strength is measured against


def make_bot(kind: str = "normal", personality: str | None = None,
             seed: int = 0) -> Bot | BaselineBot | RandomBot:
    """A computer player of strength ``kind`` and character ``personality`` (French or English
    name; None = Régulier), with its own randomness seeded by ``seed``."""
    k = kind.strip().lower() if isinstance(kind, str) else kind
    if k in LEVELS:
        return Bot(LEVELS[k], find_personality(personality), seed)
    if k == "baseline":
        return BaselineBot(seed)
    if k == "swap":
        return SwapBot(seed)
    if k == "peer":
        return PeerBot(seed)
    if k == "fair":
        return FairBot(seed)
    if k == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown computer player {kind!r} (one of {', '.join(KINDS)})")


__all__ = ["KINDS", "PERSONALITIES", "PERSONALITY_NAMES", "YARDSTICKS", "BaselineBot", "Bot",
           "FairBot", "PeerBot", "Personality", "RandomBot", "SwapBot", "make_bot"]
