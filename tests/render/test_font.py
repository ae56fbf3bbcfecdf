"""The font: the PNG matches its source, every code is mapped, French letters are there."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from monopoly_cpc.errors import DataError
from monopoly_cpc.render import font as fontmod

ROOT = Path(__file__).resolve().parents[2]


def _build_font_module():
    spec = importlib.util.spec_from_file_location("build_font", ROOT / "tools" / "build_font.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_png_matches_the_source():
    sheet = _build_font_module().build_sheet()
    assert sheet.shape == (128, 128)
    assert np.array_equal(fontmod.read_png_sheet(fontmod.PNG_PATH), sheet)


def test_png_round_trip(tmp_path):
    glyphs = fontmod.load_source().glyphs
    out = tmp_path / "f.png"
    fontmod.write_png_sheet(fontmod.glyphs_to_sheet(glyphs), out)
    assert np.array_equal(fontmod.sheet_to_glyphs(fontmod.read_png_sheet(out)), glyphs)
    # code c sits at column c % 16, row c // 16
    sheet = fontmod.glyphs_to_sheet(glyphs)
    a = ord("A")
    cell = sheet[(a // 16) * 8:(a // 16) * 8 + 8, (a % 16) * 8:(a % 16) * 8 + 8] > 0
    assert np.array_equal(cell, glyphs[a])


def test_every_code_has_a_distinct_character_and_glyph():
    f = fontmod.font()
    assert len(f.code_to_char) == 256 and len(set(f.code_to_char)) == 256
    keys = f.glyph_keys.tolist()
    dups = {k for k in keys if keys.count(k) > 1}
    # only the empty quadrant block (0x80) repeats the space
    assert [c for c in range(256) if keys[c] in dups] == [0x20, 0x80]


@pytest.mark.parametrize("ch", list("éèêëàâçîïôùûÉÈÊÀÇÔÎÛ©°£↑→↓←█▒─│┌┐└┘├┤┬┴┼═║╔╗╚╝♠♥♦♣"))
def test_needed_characters_exist(ch):
    f = fontmod.font()
    assert f.has(ch)
    assert f.glyphs[f.char_to_code[ch]].any()


def test_ascii_is_at_its_codes_and_the_cpc_places_are_kept():
    f = fontmod.font()
    for c in range(0x20, 0x7F):
        assert f.char_to_code[chr(c)] == c
    assert f.char_to_code["▒"] == 0x7F
    assert f.char_to_code["©"] == 0xA4  # as on the CPC
    assert f.char_to_code["█"] == 0x8F


def test_style_column_7_is_the_gap_for_text():
    g = fontmod.font().glyphs
    for c in list(range(0x21, 0x5F)) + list(range(0x61, 0x7F)) + list(range(0x20)):
        assert not g[c, :, 7].any(), hex(c)
    # capitals and digits stay on rows 0-6
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        assert not g[ord(ch), 7].any(), ch
    # descenders use row 7
    for ch in "gjpqy":
        assert g[ord(ch), 7].any(), ch


def test_aliases_map_to_the_same_code():
    f = fontmod.font()
    assert f.char_to_code["━"] == f.char_to_code["─"]
    assert f.char_to_code["\u00a0"] == 0x80


def test_unknown_character_raises():
    with pytest.raises(ValueError, match="U\\+263A|not in the CPC font"):
        fontmod.font().encode("\u4e00")


def test_broken_source_names_the_line():
    text = fontmod.SOURCE_PATH.read_text(encoding="utf-8")
    broken = text.replace("0x41 U+0041 A", "0x41 U+0041 A\n..#", 1)
    with pytest.raises(DataError, match="line"):
        fontmod.parse_source(broken, Path("font.txt"))
    missing = text.split("0xFF U+")[0]
    with pytest.raises(DataError, match="0xFF"):
        fontmod.parse_source(missing, Path("font.txt"))


# Accented capitals: an 8x8 cell has no room above a 7-row capital, so the letter is drawn on
# rows 2-6 (a small capital on the baseline), the accent on row 0 and row 1 is left empty, so
# that the accent stands apart from the letter instead of merging into its top bar.
ACCENTED_CAPITALS = {"É": "E", "È": "E", "Ê": "E", "Ë": "E", "À": "A", "Â": "A", "Î": "I",
                     "Ï": "I", "Ô": "O", "Ù": "U", "Û": "U", "Ü": "U"}


@pytest.mark.parametrize("ch", sorted(ACCENTED_CAPITALS))
def test_accented_capitals_keep_the_accent_apart(ch):
    g = fontmod.font().glyphs[fontmod.font().char_to_code[ch]]
    assert g[0].any(), "the accent is on row 0"
    assert not g[1].any(), "row 1 separates the accent from the letter"
    assert g[2].any() and g[6].any(), "the letter fills rows 2-6, on the baseline"
    assert not g[7].any() and not g[:, 7].any()


def test_accented_capitals_of_one_letter_differ_only_by_the_accent():
    f = fontmod.font()
    bodies: dict[str, set[bytes]] = {}
    accents: dict[str, set[bytes]] = {}
    for ch, base in ACCENTED_CAPITALS.items():
        g = f.glyphs[f.char_to_code[ch]]
        bodies.setdefault(base, set()).add(g[2:].tobytes())
        accents.setdefault(base, set()).add(g[0].tobytes())
    assert all(len(b) == 1 for b in bodies.values()), "one body per letter"
    for base, acc in accents.items():  # every accent of a letter is drawn differently
        assert len(acc) == sum(1 for b in ACCENTED_CAPITALS.values() if b == base), base
    assert f.glyphs[f.char_to_code["Ç"]][:7].tolist() == f.glyphs[ord("C")][:7].tolist()
    assert f.glyphs[f.char_to_code["Ç"]][7].any(), "the cedilla hangs on row 7"


def _parts(glyph: np.ndarray) -> int:
    """Number of 4-connected groups of ink in a glyph."""
    ink = glyph.astype(bool).copy()
    n = 0
    for y, x in zip(*np.nonzero(ink), strict=True):
        if not ink[y, x]:
            continue
        n += 1
        todo = [(y, x)]
        while todo:
            a, b = todo.pop()
            if 0 <= a < 8 and 0 <= b < 8 and ink[a, b]:
                ink[a, b] = False
                todo += [(a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)]
    return n


def test_u_circumflex_keeps_its_accent_apart_and_reads_as_u_not_omega():
    """"dû", "coûte": the accent stands free above a u (it once closed into an Ω)."""
    f = fontmod.font()
    u_hat = f.glyphs[f.encode("û")[0]]
    u = f.glyphs[f.encode("u")[0]]
    omega = f.glyphs[f.encode("Ω")[0]]
    assert _parts(u_hat) == _parts(u) + 1             # the accent touches no stroke of the u
    assert not u_hat[2].any()                          # a blank line under the accent
    assert np.array_equal(u_hat[3:], u[3:])            # the u's bowl and stems, as in "u"
    assert (u_hat != omega).sum() >= 12


@pytest.mark.parametrize("ch", ["ê", "î", "ô", "û"])
def test_circumflexed_small_letters_keep_a_blank_line_under_the_accent(ch):
    """"hôtels", "être", "île": the accent never closes onto the letter (no "h8tels")."""
    f = fontmod.font()
    g = f.glyphs[f.encode(ch)[0]]
    assert g[:2].any() and not g[2].any() and g[3:].any()
