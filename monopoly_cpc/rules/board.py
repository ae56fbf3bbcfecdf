"""The board: 40 squares loaded from ``assets/board.yaml`` into flat tables indexed by square.

Everything the engine reads on its hot path is a tuple indexed by the square number, built once
at load time (kinds as small ints, group members precomputed), so a rule is one index away.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import yaml

from monopoly_cpc import yamlio
from monopoly_cpc.errors import DataError
from monopoly_cpc.paths import ASSETS

# Square kinds (small ints: compared on the hot path).
GO: Final = 0
STREET: Final = 1
COMMUNITY: Final = 2
TAX: Final = 3
STATION: Final = 4
CHANCE: Final = 5
JAIL: Final = 6
UTILITY: Final = 7
PARKING: Final = 8
GO_TO_JAIL: Final = 9
KIND_NAMES = ("go", "street", "community", "tax", "station", "chance", "jail", "utility",
              "parking", "go_to_jail")
PROPERTY_KINDS = (STREET, STATION, UTILITY)
JAIL_SQUARE: Final = 10
GO_TO_JAIL_SQUARE: Final = 30
HOTEL: Final = 5  # value of ``houses[square]`` for a hotel


@dataclass(frozen=True, slots=True)
class Board:
    """Immutable tables of the board (one entry per square, 0 = Départ)."""

    names: tuple[str, ...]
    kinds: tuple[int, ...]
    prices: tuple[int, ...]             # 0 for a square that is not a property
    rents: tuple[tuple[int, ...], ...]  # streets: bare, 1-4 houses, hotel; () elsewhere
    house_costs: tuple[int, ...]
    mortgages: tuple[int, ...]
    taxes: tuple[int, ...]
    groups: tuple[int, ...]             # group index, -1 when not a street
    group_keys: tuple[str, ...]         # e.g. "violet_fonce"
    group_names_fr: tuple[str, ...]
    group_names_en: tuple[str, ...]
    group_members: tuple[tuple[int, ...], ...]
    properties: tuple[int, ...]         # the 28 squares that can be owned
    streets: tuple[int, ...]
    stations: tuple[int, ...]
    utilities: tuple[int, ...]
    is_property: tuple[bool, ...]
    station_rents: tuple[int, ...]
    utility_rents: tuple[int, ...]      # per dice point, 1 or 2 utilities owned
    bank_houses: int
    bank_hotels: int
    start_cash: int
    salary: int
    jail_fine: int

    def group_of(self, square: int) -> tuple[int, ...]:
        """The squares of ``square``'s colour group (empty for a non-street)."""
        g = self.groups[square]
        return self.group_members[g] if g >= 0 else ()


def _fail(path: Path, entry: str, problem: str) -> DataError:
    return DataError(f"{path.name}: {entry}: {problem}")


def _int(path: Path, entry: str, value: Any, what: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _fail(path, entry, f"{what} must be a whole number >= {minimum}, got {value!r}")
    return value


def load_yaml(path: Path) -> Any:
    """Read a YAML file, turning every failure into a one-line DataError naming the file."""
    try:
        with open(path, encoding="utf-8") as fh:
            return yamlio.load(fh)
    except IsADirectoryError:
        raise DataError(f"{path}: is a folder, not a YAML file") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path.name}: not a text file in UTF-8") from None
    except RecursionError:
        raise DataError(f"{path.name}: not valid YAML: nested too deeply") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise DataError(f"{path.name}: not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None


def parse_board(raw: Any, path: Path) -> Board:
    """Validate the raw YAML of a board and build the tables (DataError on any problem)."""
    if not isinstance(raw, dict):
        raise _fail(path, "top level", "expected a mapping")
    for key in ("bank", "money", "stations_rent", "utilities_rent_per_point", "groups", "squares"):
        if key not in raw:
            raise _fail(path, "top level", f"missing key {key!r}")
    squares = raw["squares"]
    if not isinstance(squares, list) or len(squares) != 40:
        raise _fail(path, "squares", "expected a list of 40 squares")
    groups_raw = raw["groups"]
    if not isinstance(groups_raw, dict) or not groups_raw:
        raise _fail(path, "groups", "expected a mapping of group keys")
    group_keys = tuple(groups_raw)
    gnames_fr, gnames_en = [], []
    for key in group_keys:
        g = groups_raw[key]
        if not isinstance(g, dict) or not isinstance(g.get("fr"), str) or not isinstance(g.get("en"), str):
            raise _fail(path, f"groups.{key}", "needs fr and en names")
        gnames_fr.append(g["fr"])
        gnames_en.append(g["en"])
    names, kinds, prices, rents, hcost, morts, taxes, groups = [], [], [], [], [], [], [], []
    for i, sq in enumerate(squares):
        entry = f"squares[{i}]"
        if not isinstance(sq, dict):
            raise _fail(path, entry, "expected a mapping")
        if sq.get("pos") != i:
            raise _fail(path, entry, f"pos must be {i}, got {sq.get('pos')!r}")
        name = sq.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _fail(path, entry, "missing name")
        entry = f"squares[{i}] ({name})"
        kind_name = sq.get("type")
        if kind_name not in KIND_NAMES:
            raise _fail(path, entry, f"unknown type {kind_name!r} (one of {', '.join(KIND_NAMES)})")
        kind = KIND_NAMES.index(kind_name)
        price = house = mortgage = tax = 0
        rent: tuple[int, ...] = ()
        group = -1
        if kind in PROPERTY_KINDS:
            price = _int(path, entry, sq.get("price"), "price", 1)
            mortgage = _int(path, entry, sq.get("mortgage"), "mortgage", 1)
            if mortgage * 2 != price:
                raise _fail(path, entry, f"mortgage {mortgage} is not half the price {price}")
        if kind == STREET:
            if sq.get("group") not in group_keys:
                raise _fail(path, entry, f"unknown group {sq.get('group')!r}")
            group = group_keys.index(sq["group"])
            r = sq.get("rents")
            if not isinstance(r, list) or len(r) != 6:
                raise _fail(path, entry, "rents must list 6 amounts (bare, 1-4 houses, hotel)")
            rent = tuple(_int(path, entry, v, "rent", 1) for v in r)
            if any(rent[k] >= rent[k + 1] for k in range(5)):
                raise _fail(path, entry, "rents must increase with the buildings")
            house = _int(path, entry, sq.get("house"), "house", 1)
        if kind == TAX:
            tax = _int(path, entry, sq.get("amount"), "amount", 1)
        names.append(name)
        kinds.append(kind)
        prices.append(price)
        rents.append(rent)
        hcost.append(house)
        morts.append(mortgage)
        taxes.append(tax)
        groups.append(group)
    if kinds[0] != GO or kinds[JAIL_SQUARE] != JAIL or kinds[GO_TO_JAIL_SQUARE] != GO_TO_JAIL:
        raise _fail(path, "squares", "Départ must be square 0, the jail 10 and 'Allez en prison' 30")
    members = tuple(tuple(i for i in range(40) if groups[i] == g) for g in range(len(group_keys)))
    for g, m in enumerate(members):
        if not 2 <= len(m) <= 3:
            raise _fail(path, f"groups.{group_keys[g]}", f"has {len(m)} streets (2 or 3 expected)")
    st = raw["stations_rent"]
    stations = tuple(i for i in range(40) if kinds[i] == STATION)
    if not isinstance(st, list) or len(st) != len(stations):
        raise _fail(path, "stations_rent", f"expected {len(stations)} amounts")
    ut = raw["utilities_rent_per_point"]
    utilities = tuple(i for i in range(40) if kinds[i] == UTILITY)
    if not isinstance(ut, list) or len(ut) != len(utilities):
        raise _fail(path, "utilities_rent_per_point", f"expected {len(utilities)} amounts")
    bank, money = raw["bank"], raw["money"]
    if not isinstance(bank, dict) or not isinstance(money, dict):
        raise _fail(path, "bank/money", "expected mappings")
    props = tuple(i for i in range(40) if kinds[i] in PROPERTY_KINDS)
    return Board(
        names=tuple(names), kinds=tuple(kinds), prices=tuple(prices), rents=tuple(rents),
        house_costs=tuple(hcost), mortgages=tuple(morts), taxes=tuple(taxes), groups=tuple(groups),
        group_keys=group_keys, group_names_fr=tuple(gnames_fr), group_names_en=tuple(gnames_en),
        group_members=members, properties=props,
        streets=tuple(i for i in range(40) if kinds[i] == STREET), stations=stations,
        utilities=utilities, is_property=tuple(k in PROPERTY_KINDS for k in kinds),
        station_rents=tuple(_int(path, "stations_rent", v, "rent", 1) for v in st),
        utility_rents=tuple(_int(path, "utilities_rent_per_point", v, "rent", 1) for v in ut),
        bank_houses=_int(path, "bank.houses", bank.get("houses"), "houses", 1),
        bank_hotels=_int(path, "bank.hotels", bank.get("hotels"), "hotels", 1),
        start_cash=_int(path, "money.start", money.get("start"), "start", 1),
        salary=_int(path, "money.salary", money.get("salary"), "salary", 0),
        jail_fine=_int(path, "money.jail_fine", money.get("jail_fine"), "jail_fine", 0),
    )


def load_board(path: Path | None = None) -> Board:
    """Load and validate a board file (default: the packaged French board)."""
    path = path or ASSETS / "board.yaml"
    return parse_board(load_yaml(path), path)


_BOARD: Board | None = None


def default_board() -> Board:
    """The packaged French board, loaded once (it is immutable)."""
    global _BOARD
    if _BOARD is None:
        _BOARD = load_board()
    return _BOARD
