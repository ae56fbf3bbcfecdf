"""The Chance and Caisse de Communauté cards, loaded from ``assets/cards.yaml`` and validated."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import DataError
from monopoly_cpc.rules.board import ASSETS, load_yaml

CHANCE_DECK, COMMUNITY_DECK = 0, 1
DECK_KEYS = ("chance", "community")

# effect name -> the integer fields it needs
EFFECTS: dict[str, tuple[str, ...]] = {
    "move_to": ("target",),
    "move_back_to": ("target",),
    "move_by": ("steps",),
    "go_to_jail": (),
    "jail_free": (),
    "pay": ("amount",),
    "collect": ("amount",),
    "repairs": ("house", "hotel"),
    "birthday": ("amount",),
    "fine_or_chance": ("amount",),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``index`` is its place in ``Cards.all`` (the number the decks hold)."""

    index: int
    id: str
    deck: int          # CHANCE_DECK or COMMUNITY_DECK
    effect: str
    fr: str
    en: str
    target: int = 0
    steps: int = 0
    amount: int = 0
    house: int = 0
    hotel: int = 0

    def text(self, lang: str = "fr") -> str:
        """The card's wording in ``lang`` ("fr" or "en")."""
        return self.en if lang == "en" else self.fr


@dataclass(frozen=True, slots=True)
class Cards:
    """All cards; ``decks[d]`` lists the indexes of deck ``d`` in file order."""

    all: tuple[Card, ...]
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    by_id: dict[str, int]


def parse_cards(raw: Any, path: Path) -> Cards:
    """Validate raw card YAML (16 + 16 cards expected) and build the card tables."""
    if not isinstance(raw, dict):
        raise DataError(f"{path.name}: top level: expected a mapping with 'chance' and 'community'")
    cards: list[Card] = []
    decks: list[tuple[int, ...]] = []
    for d, key in enumerate(DECK_KEYS):
        entries = raw.get(key)
        if not isinstance(entries, list) or len(entries) != 16:
            raise DataError(f"{path.name}: {key}: expected a list of 16 cards")
        idx = []
        for i, e in enumerate(entries):
            entry = f"{key}[{i}]"
            if not isinstance(e, dict):
                raise DataError(f"{path.name}: {entry}: expected a mapping")
            cid = e.get("id")
            if not isinstance(cid, str) or not cid:
                raise DataError(f"{path.name}: {entry}: missing id")
            entry = f"{key}[{i}] ({cid})"
            if any(c.id == cid for c in cards):
                raise DataError(f"{path.name}: {entry}: duplicate id")
            effect = e.get("effect")
            if effect not in EFFECTS:
                raise DataError(f"{path.name}: {entry}: unknown effect {effect!r} "
                                f"(one of {', '.join(EFFECTS)})")
            for lang in ("fr", "en"):
                if not isinstance(e.get(lang), str) or not e[lang].strip():
                    raise DataError(f"{path.name}: {entry}: missing {lang} text")
            fields: dict[str, int] = {}
            for f in EFFECTS[effect]:
                v = e.get(f)
                if not isinstance(v, int) or isinstance(v, bool):
                    raise DataError(f"{path.name}: {entry}: {effect} needs a whole number {f!r}")
                if f == "target" and not 0 <= v < 40:
                    raise DataError(f"{path.name}: {entry}: target {v} is not a square 0-39")
                if f in ("amount", "house", "hotel") and v <= 0:
                    raise DataError(f"{path.name}: {entry}: {f} must be positive")
                if f == "steps" and (v == 0 or abs(v) > 39):
                    raise DataError(f"{path.name}: {entry}: steps must be 1-39 either way")
                fields[f] = v
            extra = set(e) - {"id", "effect", "fr", "en", *EFFECTS[effect]}
            if extra:
                raise DataError(f"{path.name}: {entry}: unexpected field(s) {', '.join(sorted(extra))}")
            idx.append(len(cards))
            cards.append(Card(index=len(cards), id=cid, deck=d, effect=effect, fr=e["fr"], en=e["en"],
                              **fields))
        decks.append(tuple(idx))
    for c in cards:
        if c.effect == "fine_or_chance" and c.deck != COMMUNITY_DECK:
            raise DataError(f"{path.name}: {c.id}: fine_or_chance belongs to the community deck")
    return Cards(all=tuple(cards), decks=(decks[0], decks[1]), by_id={c.id: c.index for c in cards})


def load_cards(path: Path | None = None) -> Cards:
    """Load and validate a card file (default: the packaged French deck)."""
    path = path or ASSETS / "cards.yaml"
    return parse_cards(load_yaml(path), path)


_CARDS: Cards | None = None


def default_cards() -> Cards:
    """The packaged French cards, loaded once (immutable)."""
    global _CARDS
    if _CARDS is None:
        _CARDS = load_cards()
    return _CARDS
