"""The CPC's 27 colours and power-on inks, loaded once from ``assets/palette_cpc.yaml``.

The file is validated on load: a broken or inconsistent palette raises
:class:`~monopoly_cpc.errors.DataError` naming the file and the entry.  The RGB table is a
numpy array made when first asked for: the first frame is shown without numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from monopoly_cpc import yamlio
from monopoly_cpc.errors import DataError
from monopoly_cpc.paths import asset

if TYPE_CHECKING:
    import numpy as np

PALETTE_PATH = asset("palette_cpc.yaml")
N_COLOURS = 27


@dataclass(frozen=True)
class Colour:
    """One gate-array colour."""

    fw: int  # firmware colour number, 0..26 (BASIC INK pen,fw)
    hw: int  # hardware colour number, 0..31 (gate-array code &40 + hw)
    hw_alt: int | None  # the second hardware number of the 5 colours that have two
    name: str
    rgb: tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The 27 colours, their RGB table and the power-on inks of each mode."""

    colours: tuple[Colour, ...]
    half_level: int
    border: int  # power-on border colour
    power_on: dict[int, tuple[int, ...]]  # mode -> firmware colour of each pen

    @cached_property
    def rgb(self) -> np.ndarray:
        """(27, 3) uint8, row = firmware colour number (read-only)."""
        import numpy as np

        table = np.array([c.rgb for c in self.colours], dtype=np.uint8)
        table.setflags(write=False)
        return table

    def mode_inks(self, mode: int = 1) -> tuple[int, ...]:
        """The firmware colours of the pens at power-on in ``mode`` (0, 1 or 2)."""
        return self.power_on[mode]


def _fail(path: Path, where: str, what: str) -> DataError:
    return DataError(f"{path}: {where}: {what}")


def _int(path: Path, where: str, value: object, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _fail(path, where, f"expected a whole number {lo}..{hi}, got {value!r}")
    return value


def parse_palette(data: object, path: Path = PALETTE_PATH) -> Palette:
    """Validate the YAML data of a palette file and build the :class:`Palette`."""
    if not isinstance(data, dict):
        raise _fail(path, "top level", "expected a mapping with 'colours' and 'power_on'")
    half = _int(path, "half_level", data.get("half_level"), 1, 254)
    entries = data.get("colours")
    if not isinstance(entries, list) or len(entries) != N_COLOURS:
        got = len(entries) if isinstance(entries, list) else type(entries).__name__
        raise _fail(path, "colours", f"expected a list of {N_COLOURS} colours, got {got}")
    colours: list[Colour] = []
    seen_hw: set[int] = set()
    for i, e in enumerate(entries):
        where = f"colours[{i}]"
        if not isinstance(e, dict):
            raise _fail(path, where, "expected a mapping {fw, hw, name, rgb}")
        unknown = sorted(set(e) - {"fw", "hw", "hw_alt", "name", "rgb"})
        if unknown:
            raise _fail(path, where, f"unknown field {unknown[0]!r}")
        fw = _int(path, f"{where}.fw", e.get("fw"), 0, N_COLOURS - 1)
        if fw != i:
            raise _fail(path, f"{where}.fw", f"colours must be listed in firmware order, got {fw}")
        hw = _int(path, f"{where}.hw", e.get("hw"), 0, 31)
        alt = e.get("hw_alt")
        if alt is not None:
            alt = _int(path, f"{where}.hw_alt", alt, 0, 31)
        for h in (hw, alt):
            if h is None:
                continue
            if h in seen_hw:
                raise _fail(path, f"{where}.hw", f"hardware number {h} used twice")
            seen_hw.add(h)
        name = e.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _fail(path, f"{where}.name", f"expected a name, got {name!r}")
        rgb = e.get("rgb")
        if not isinstance(rgb, list) or len(rgb) != 3:
            raise _fail(path, f"{where}.rgb", f"expected [r, g, b], got {rgb!r}")
        levels = (0, half, 255)
        for k, v in enumerate(rgb):
            _int(path, f"{where}.rgb[{k}]", v, 0, 255)
        # The firmware number encodes the levels: fw = 9*green + 3*red + blue (0, 1, 2 = 0, half, full).
        want = (levels[(fw // 3) % 3], levels[fw // 9], levels[fw % 3])
        if tuple(rgb) != want:
            raise _fail(path, f"{where}.rgb", f"{name} should be {list(want)} with half level {half}, "
                                              f"got {rgb}")
        colours.append(Colour(fw, hw, alt, name, (rgb[0], rgb[1], rgb[2])))

    po = data.get("power_on")
    if not isinstance(po, dict):
        raise _fail(path, "power_on", "expected a mapping with border and mode_0..mode_2")
    border = _int(path, "power_on.border", po.get("border"), 0, N_COLOURS - 1)
    power_on: dict[int, tuple[int, ...]] = {}
    for mode, npens in ((0, 16), (1, 4), (2, 2)):
        key = f"mode_{mode}"
        inks = po.get(key)
        if not isinstance(inks, list) or len(inks) != npens:
            raise _fail(path, f"power_on.{key}", f"expected a list of {npens} colours, got {inks!r}")
        power_on[mode] = tuple(_int(path, f"power_on.{key}[{p}]", v, 0, N_COLOURS - 1)
                               for p, v in enumerate(inks))
    return Palette(tuple(colours), half, border, power_on)


def load_palette(path: Path = PALETTE_PATH) -> Palette:
    """Read and validate a palette file (DataError on any problem)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read the palette ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file in UTF-8") from None
    try:
        data = yamlio.load_cached(text, PALETTE_PATH.name) if Path(path) == PALETTE_PATH else yamlio.load(text)
    except yamlio.Error as exc:
        first = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise DataError(f"{path}: broken YAML ({first})") from None
    return parse_palette(data, Path(path))


@lru_cache(maxsize=1)
def palette() -> Palette:
    """The packaged palette, loaded once."""
    return load_palette(PALETTE_PATH)
