"""The six computer characters of the 1985 Leisure Genius game, as data.

Each field is a knob the decision code reads; nothing else distinguishes the characters, so the
table below *is* the personality (docs/ai.md lists the behaviour measured from it). Money is in
francs, shares in percent (integers: the decisions stay exact and PYTHONHASHSEED-free).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Personality:
    """How one computer character weighs money, risk, trades, buildings and jail."""

    name: str               # French name shown in the game
    english: str            # the 1985 English name
    reserve: int            # cash kept in hand before buying or building by choice (F)
    danger_pct: int         # extra reserve: this % of the worst rent opponents can charge now
    bid_pct: int            # auction ceiling: this % of what the property is worth to it
    trade_gain: int         # least gain (F) it wants from a trade before accepting
    propose_every: int      # proposes a trade at most every N of its turns (0 = never)
    build_reserve_pct: int  # builds while cash after building >= this % of its reserve
    build_target: int       # houses per street it aims for (5 = hotel)
    mortgage_to_build: bool  # mortgages lone properties to pay for houses
    jail_stay_houses: int   # stays in jail once opponents hold this many houses (hotel = 5)
    chance_over_fine: bool  # 'amende ou Chance': draws Chance rather than paying the fine


PERSONALITIES: dict[str, Personality] = {p.name: p for p in (
    #           name            english            reserve danger bid  gain  every bres tgt mtg  jail chance
    Personality("Avare",        "Mean",            40_000,  60,   95,  8000,  6, 150, 3, False,  1, False),
    Personality("Téméraire",    "Reckless",         5_000,  20,  130,  1000,  2,  50, 5, True,  99, True),
    Personality("Cupide",       "Greedy",          15_000,  40,  120,  6000,  2, 100, 5, True,   8, False),
    Personality("Régulier",     "Steady",          15_000,  50,  110,  2000,  2, 100, 3, True,   6, False),
    Personality("Prudent",      "Cautious",        35_000, 100,   90,  5000,  5, 200, 3, False,  3, False),
    Personality("Entreprenant", "Entrepreneurial", 10_000,  40,  115,  1000,  1,  50, 4, True,  10, False),
)}

# The order of the table (the CPC program's order of the characters).
NAMES: tuple[str, ...] = tuple(PERSONALITIES)
DEFAULT = "Régulier"

_ALIASES = {p.english.lower(): p.name for p in PERSONALITIES.values()}
_ALIASES.update({
    "avare": "Avare", "temeraire": "Téméraire", "téméraire": "Téméraire", "cupide": "Cupide",
    "regulier": "Régulier", "régulier": "Régulier", "prudent": "Prudent",
    "entreprenant": "Entreprenant",
})


def personality(name: str | None) -> Personality:
    """The character called ``name`` (French or English, any case, accents optional)."""
    if name is None:
        return PERSONALITIES[DEFAULT]
    if name in PERSONALITIES:
        return PERSONALITIES[name]
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        raise ValueError(f"unknown personality {name!r} (one of {', '.join(NAMES)})")
    return PERSONALITIES[key]
