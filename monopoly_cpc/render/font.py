"""The 8x8 font: 256 glyphs and the map between Python characters and font codes.

The glyph bitmaps are drawn in ``assets/font_8x8.txt``, which also holds the code map (the
header of that file documents it): each block names the Unicode character a code stands for,
plus optional aliases; the game reads that file. ``assets/font_8x8.png`` (128x128, white ink
on black, code ``c`` in the 8x8 cell at column ``c % 16``, row ``c // 16``) shows the same
bitmaps as a picture; ``tools/build_font.py`` rebuilds it from the source, and a test checks
they agree.

Reading the font needs no numpy: the bitmaps are kept as the source's text until a picture
draws a character (the first frame, the CPC's grey, has none), and the arrays made from them
then.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from monopoly_cpc.errors import DataError
from monopoly_cpc.paths import asset

if TYPE_CHECKING:
    import numpy as np

SOURCE_PATH = asset("font_8x8.txt")
PNG_PATH = asset("font_8x8.png")

_HEADER = re.compile(r"^0x([0-9A-Fa-f]{2})\s+U\+([0-9A-Fa-f]{4,6})\b(.*)$")


@dataclass(frozen=True)
class FontSource:
    """What ``font_8x8.txt`` says: the glyphs, and the character of each code."""

    ink: bytes  # 256 x 64 of b"#" (ink) or b".", code by code, each glyph's rows top to bottom
    chars: tuple[str, ...]  # chars[code] = the character the code stands for
    aliases: dict[str, int]  # extra characters drawn with an existing code

    @property
    def glyphs(self) -> np.ndarray:
        """(256, 8, 8) bool, True = ink."""
        return ink_glyphs(self.ink)


def ink_glyphs(ink: bytes) -> np.ndarray:
    """The (256, 8, 8) bool glyphs of the source's rows (``FontSource.ink``)."""
    import numpy as np

    return (np.frombuffer(ink, dtype=np.uint8) == ord("#")).reshape(256, 8, 8)


def parse_source(text: str, path: Path = SOURCE_PATH) -> FontSource:
    """Parse the glyph-grid source; DataError naming the line on any problem."""
    blocks: list[str] = ["." * 64] * 256   # the 8 rows of each code, checked, joined
    chars: list[str | None] = [None] * 256
    aliases: dict[str, int] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        m = _HEADER.match(line)
        if not m:
            raise DataError(f"{path}: line {i}: expected a block header '0xCC U+XXXX', got {line[:30]!r}")
        code = int(m.group(1), 16)
        if chars[code] is not None:
            raise DataError(f"{path}: line {i}: code 0x{code:02X} is defined twice")
        chars[code] = chr(int(m.group(2), 16))
        rest = m.group(3).split(";", 1)[0].split()
        if "aliases" in rest:
            for tok in rest[rest.index("aliases") + 1:]:
                if not tok.startswith("U+"):
                    raise DataError(f"{path}: line {i}: alias {tok!r} is not U+XXXX")
                aliases[chr(int(tok.removeprefix("U+"), 16))] = code
        rows = []
        for r in range(8):
            if i >= len(lines):
                raise DataError(f"{path}: code 0x{code:02X}: expected 8 rows, the file ends")
            row = lines[i].strip()
            i += 1
            if len(row) != 8 or row.count(".") + row.count("#") != 8:
                raise DataError(f"{path}: line {i}: code 0x{code:02X} row {r}: "
                                f"expected 8 of '.' and '#', got {row!r}")
            rows.append(row)
        blocks[code] = "".join(rows)
    missing = [c for c in range(256) if chars[c] is None]
    if missing:
        raise DataError(f"{path}: code 0x{missing[0]:02X} is missing (all 256 codes are needed)")
    seen: dict[str, int] = {}
    for code, ch in enumerate(chars):
        assert ch is not None
        if ch in seen:
            raise DataError(f"{path}: character U+{ord(ch):04X} stands for both "
                            f"0x{seen[ch]:02X} and 0x{code:02X}")
        seen[ch] = code
    for ch, code in aliases.items():
        if ch in seen:
            raise DataError(f"{path}: alias U+{ord(ch):04X} of 0x{code:02X} is already code "
                            f"0x{seen[ch]:02X}")
    return FontSource("".join(blocks).encode("ascii"), tuple(c for c in chars if c is not None), aliases)


def load_source(path: Path = SOURCE_PATH) -> FontSource:
    """Read and parse ``font_8x8.txt``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read the font source ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file in UTF-8") from None
    return parse_source(text, Path(path))


def glyphs_to_sheet(glyphs: np.ndarray) -> np.ndarray:
    """The 128x128 sheet (uint8 0 or 255, rows x columns) of 256 glyphs, 16 per row."""
    import numpy as np

    sheet = glyphs.reshape(16, 16, 8, 8).transpose(0, 2, 1, 3).reshape(128, 128)
    return np.where(sheet, 255, 0).astype(np.uint8)


def sheet_to_glyphs(sheet: np.ndarray) -> np.ndarray:
    """Inverse of :func:`glyphs_to_sheet`: (128, 128) brightness -> (256, 8, 8) bool."""
    return (sheet > 127).reshape(16, 8, 16, 8).transpose(0, 2, 1, 3).reshape(256, 8, 8)


def read_png_sheet(path: Path = PNG_PATH) -> np.ndarray:
    """The font PNG as a (128, 128) uint8 brightness array."""
    import numpy as np
    import pygame

    try:
        surf = pygame.image.load(str(path))
    except (pygame.error, OSError, FileNotFoundError) as exc:
        raise DataError(f"{path}: cannot read the font image ({exc})") from None
    if surf.get_size() != (128, 128):
        raise DataError(f"{path}: the font image must be 128x128, it is "
                        f"{surf.get_width()}x{surf.get_height()}")
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    return rgb.max(axis=2).astype(np.uint8)


def write_png_sheet(sheet: np.ndarray, path: Path) -> None:
    """Write a (128, 128) sheet as a black-and-white PNG."""
    import numpy as np
    import pygame

    rgb = np.repeat(sheet[:, :, None], 3, axis=2)
    surf = pygame.image.frombuffer(np.ascontiguousarray(rgb).tobytes(), (128, 128), "RGB")
    pygame.image.save(surf, str(path))


class Font:
    """Glyphs plus the character <-> code maps used by the framebuffer.

    The character maps are made at once; the glyph arrays and the look-ups made from them
    when first used (they need numpy, which the first frame does without)."""

    def __init__(self, ink: bytes, chars: tuple[str, ...], aliases: dict[str, int]) -> None:
        if len(ink) != 256 * 64:
            raise ValueError(f"a font has 256 glyphs of 8x8, got {len(ink)} pixels")
        self.ink = ink
        self.code_to_char: tuple[str, ...] = chars
        self.char_to_code: dict[str, int] = {ch: c for c, ch in enumerate(chars)}
        for ch, code in aliases.items():
            self.char_to_code.setdefault(ch, code)

    @cached_property
    def glyphs(self) -> np.ndarray:
        """(256, 8, 8) bool, True = ink (read-only)."""
        glyphs = ink_glyphs(self.ink)
        glyphs.setflags(write=False)
        return glyphs

    @cached_property
    def glyphs_u8(self) -> np.ndarray:
        """The glyphs as uint8 0/1, as the framebuffer writes them (read-only)."""
        import numpy as np

        glyphs = self.glyphs.astype(np.uint8)
        glyphs.setflags(write=False)
        return glyphs

    @cached_property
    def glyph_keys(self) -> np.ndarray:
        """The 64-bit key of each glyph (uint64, row-major, MSB = top-left pixel)."""
        import numpy as np

        return np.packbits(self.glyphs.reshape(256, 64), axis=1).view(">u8").ravel().astype(np.uint64)

    @cached_property
    def key_to_code(self) -> dict[int, int]:
        """Glyph key -> the lowest code with it, so duplicated bitmaps (space and the empty
        quadrant block) read back as the first."""
        keys: dict[int, int] = {}
        for code, key in enumerate(self.glyph_keys.tolist()):
            keys.setdefault(key, code)
        return keys

    @cached_property
    def sorted_keys(self) -> np.ndarray:
        """The keys of :attr:`key_to_code`, sorted, for vectorised look-ups (FrameBuffer.read_text)."""
        import numpy as np

        return np.array(sorted(self.key_to_code), dtype=np.uint64)

    @cached_property
    def sorted_codes(self) -> np.ndarray:
        """The code of each of :attr:`sorted_keys`."""
        import numpy as np

        return np.array([self.key_to_code[k] for k in sorted(self.key_to_code)], dtype=np.int64)

    def encode(self, s: str) -> np.ndarray:
        """The font codes of ``s`` (uint8). A character the font lacks raises ValueError."""
        import numpy as np

        try:
            return np.fromiter((self.char_to_code[ch] for ch in s), dtype=np.uint8, count=len(s))
        except KeyError as exc:
            ch = exc.args[0]
            raise ValueError(f"character {ch!r} (U+{ord(ch):04X}) is not in the CPC font") from None

    def decode(self, codes: Iterable[int]) -> str:
        """The characters of a sequence of font codes."""
        return "".join(self.code_to_char[int(c)] for c in codes)

    def has(self, ch: str) -> bool:
        """True if ``ch`` can be drawn."""
        return ch in self.char_to_code


@lru_cache(maxsize=1)
def font() -> Font:
    """The packaged font, read from its source file: bitmaps and code map. The PNG holds the
    same bitmaps (tests/render/test_font.py checks it); decoding it cost 30 ms of start-up."""
    src = load_source(SOURCE_PATH)
    return Font(src.ink, src.chars, src.aliases)
