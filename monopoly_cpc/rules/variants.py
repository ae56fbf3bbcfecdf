"""House rules as one config object: the classic CPC rules, plus each variant as a switch."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from monopoly_cpc.errors import DataError

TICKS_PER_SECOND = 50


@dataclass(frozen=True, slots=True)
class Variant:
    """Every rule switch of a game. ``Variant()`` is the CPC program's manual (seeds/002)."""

    start_cash: int = 150_000
    salary: int = 20_000
    jail_fine: int = 5_000
    min_players: int = 2
    max_players: int = 6
    max_humans: int = 6             # MONOPOLIC: 1 to 4 humans
    auto_rent: bool = False         # rent paid at once instead of claimed (the CPC's L)
    trade_only_when_bank_empty: bool = False   # the rule text: trades once the bank has no deed left
    trade_mortgaged: bool = False   # a mortgaged property may change hands (10 % due at once)
    hotel_breakdown: bool = False   # a hotel sold back as 4 houses plus half its price
    houses_before_hotel: int = 4    # fast variant: 3
    end_at_bankruptcies: int = 0    # fast variant: 2 (0 = last player standing)
    deal_deeds: int = 0             # quick game: 2 title deeds dealt to each player, paid for
    time_limit_ticks: int = 0       # quick game: duration in 50 Hz ticks (0 = none)
    ticks_per_action: int = 0       # clock advance per applied action (headless quick games)
    loans: bool = False             # MONOPOLIC loans
    loan_max: int = 50_000
    loan_rate_percent: int = 10     # the debt grows this much at each pass of Départ
    loan_passes: int = 3            # repaid automatically at this pass
    min_bid: int = 100              # first bid of an auction (the bank sets the opening price)

    @staticmethod
    def classic() -> Variant:
        """The CPC program's rules (seeds/002 parts A and C)."""
        return Variant()

    @staticmethod
    def monopolic() -> Variant:
        """MONOPOLIC (seeds/000): loans up to 50.000 F, 1 to 4 humans."""
        return Variant(loans=True, max_humans=4)

    @staticmethod
    def fast() -> Variant:
        """The faster rule of seeds/003: 3 houses before a hotel, ends at the second bankruptcy."""
        return Variant(houses_before_hotel=3, end_at_bankruptcies=2, deal_deeds=2)

    @staticmethod
    def quick(hours: int = 0, minutes: int = 30) -> Variant:
        """The CPC's 'jeu rapide': a duration, 2 deeds dealt (seeds/002 'NOUVELLE MANIERE')."""
        return Variant(deal_deeds=2, time_limit_ticks=(hours * 60 + minutes) * 60 * TICKS_PER_SECOND)

    def to_data(self) -> dict[str, Any]:
        """Plain dict of every switch."""
        return asdict(self)

    @staticmethod
    def from_data(data: Any, where: str = "variant") -> Variant:
        """Build from a dict of switches (missing ones keep their default); DataError if wrong."""
        if data is None:
            return Variant()
        if not isinstance(data, dict):
            raise DataError(f"{where}: expected a mapping of rule switches")
        kw: dict[str, Any] = {}
        defaults = _DEFAULTS
        for key, value in data.items():
            if key not in defaults:
                raise DataError(f"{where}: unknown rule switch {key!r}")
            default = defaults[key]
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise DataError(f"{where}.{key}: expected true or false, got {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise DataError(f"{where}.{key}: expected a whole number >= 0, got {value!r}")
            kw[key] = value
        v = Variant(**kw)
        if not 2 <= v.min_players <= v.max_players <= 8:
            raise DataError(f"{where}: players must be 2 <= min_players <= max_players <= 8")
        if not 1 <= v.houses_before_hotel <= 4:
            raise DataError(f"{where}.houses_before_hotel: must be 1 to 4")
        if v.min_bid < 1:
            raise DataError(f"{where}.min_bid: must be at least 1")
        return v


_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Variant)}


def variant_from_settings(settings: Any, quick_minutes: int = 0) -> Variant:
    """The rules of a new game: the classic CPC rules with the switches the options chose.

    ``quick_minutes`` > 0 makes it the quick game (two deeds dealt, a clock).  The fast
    variant plays 3 houses before a hotel and ends at the second bankruptcy.
    """
    v = Variant.classic()
    if settings is not None:
        if getattr(settings, "fast_variant", False):
            v = Variant.fast()
        v = replace(v, auto_rent=bool(getattr(settings, "auto_rent", False)),
                    trade_only_when_bank_empty=bool(getattr(settings, "trade_only_when_bank_empty", False)),
                    loans=bool(getattr(settings, "monopolic_loans", False)))
    if quick_minutes > 0:
        quick = Variant.quick(0, quick_minutes)
        v = replace(v, deal_deeds=quick.deal_deeds, time_limit_ticks=quick.time_limit_ticks)
    return v
