"""The keyboard data: both CPC keyboards and the host map, and how broken files are reported."""

import copy
from pathlib import Path

import pytest
import yaml

from monopoly_cpc.errors import DataError, UserError
from monopoly_cpc.keyboard.hostmap import load_host_map, load_host_map_file
from monopoly_cpc.keyboard.layout import REQUIRED_NAMES, load_layout, load_layout_file
from monopoly_cpc.paths import ASSETS

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def dump(data) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True)


def row_names(layout, row):
    keys = [(c, k.name) for k in layout.keys for r, c in k.places if r == row and c < 16]
    return [name for _, name in sorted(keys)]


@pytest.mark.parametrize("name", ["fr", "en"])
def test_matrix_is_complete(name):
    layout = load_layout(name)
    assert [k.number for k in layout.keys] == list(range(80))
    assert all(k.number == k.line * 8 + k.bit for k in layout.keys)
    assert len({k.name for k in layout.keys}) == 80
    assert set(REQUIRED_NAMES) <= {k.name for k in layout.keys}
    # 73 keys on the keyboard (SHIFT in two places) and the 7 joystick lines
    assert sum(len(k.places) for k in layout.keys) == 74
    assert [k.number for k in layout.keys if not k.places] == [72, 73, 74, 75, 76, 77, 78]


def test_french_rows_are_azerty():
    fr = load_layout("fr")
    assert row_names(fr, 0) == ["ESC", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "K25",
                                "K24", "CLR", "DEL"]
    assert "".join(row_names(fr, 1)[1:11]) == "AZERTYUIOP"
    assert "".join(row_names(fr, 2)[1:11]) == "QSDFGHJKLM"
    assert "".join(row_names(fr, 3)[1:7]) == "WXCVBN"
    assert row_names(fr, 4) == ["CTRL", "COPY", "SPACE", "ENTER"]


def test_english_rows_are_qwerty_on_the_same_matrix_places():
    fr, en = load_layout("fr"), load_layout("en")
    assert "".join(row_names(en, 1)[1:11]) == "QWERTYUIOP"
    assert "".join(row_names(en, 2)[1:10]) == "ASDFGHJKL"
    assert "".join(row_names(en, 3)[1:8]) == "ZXCVBNM"
    assert [k.places for k in fr.keys] == [k.places for k in en.keys]
    assert (fr.key(67).name, en.key(67).name, fr.key(69).name, en.key(69).name) == ("A", "Q", "Q", "A")


def test_french_legends():
    fr = load_layout("fr")
    top = "".join(fr.named(str(d)).plain for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0))
    assert top == "&é\"'(]è!çà"
    assert all(fr.named(str(d)).shift == str(d) for d in range(10))  # digits need SHIFT
    assert (fr.key(25).plain, fr.key(25).shift, fr.key(24).plain, fr.key(24).shift) == (")", "[", "-", "_")
    assert (fr.key(28).plain, fr.key(28).shift) == ("ù", "%")  # &7C shows as ù
    assert (fr.key(38).plain, fr.key(38).shift, fr.key(30).shift) == (",", "?", "+")
    assert fr.named("2").ctrl == "~"
    assert fr.named("C").ctrl == "\x03" and fr.named("M").ctrl == "\r"
    assert all(fr.named(chr(c)).ctrl == chr(c - 64) for c in range(ord("A"), ord("Z") + 1))
    assert (fr.named("RETURN").plain, fr.named("DEL").plain, fr.named("CLR").plain) == ("\r", "\x7f", "\x10")
    assert fr.named("ENTER").char_for(ctrl=True) == 'RUN"\r'
    assert all(fr.named(name).plain is None for name in ("ESC", "UP", "COPY", "CAPS", "SHIFT"))


def test_english_legends():
    en = load_layout("en")
    assert "".join(en.named(str(d)).shift for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)) == "!\"#$%&'()_"
    assert (en.key(26).plain, en.key(26).shift, en.key(24).plain, en.key(24).shift) == ("@", "|", "↑", "£")


def test_host_map_lands_each_host_place_on_the_cpc_place():
    fr, host = load_layout("fr"), load_host_map()
    # US scancode order along each row, and where that row starts on the CPC
    rows = {1: ([20, 26, 8, 21, 23, 28, 24, 12, 18, 19, 47, 48], 1),
            2: ([4, 22, 7, 9, 10, 11, 13, 14, 15, 51, 52, 50], 1),
            3: ([29, 27, 6, 25, 5, 17, 16, 54, 55, 56], 1),
            0: ([53, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 45, 46], 0)}
    for row, (scancodes, first_col) in rows.items():
        for i, scancode in enumerate(scancodes):
            assert fr.key(host.positional[scancode]).places[0] == (row, first_col + i), scancode
    assert not set(host.specials) & set(host.positional)


def test_broken_yaml_names_the_file(tmp_path):
    bad = tmp_path / "keyboard_fr.yaml"
    bad.write_text("layout: fr\nkeys: [\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"keyboard_fr\.yaml: broken YAML at line \d+"):
        load_layout_file(bad)
    with pytest.raises(DataError, match="cannot read"):
        load_layout_file(tmp_path / "missing.yaml")


def _fr_data():
    return yaml.load((ASSETS / "keyboard_fr.yaml").read_text(encoding="utf-8"), Loader=_Loader)


def _key(data, number):
    return next(k for k in data["keys"] if k["number"] == number)


BREAKAGES = [
    ("wrong count", lambda d: d["keys"].pop(), "expected a list of 80 keys, got 79"),
    ("no field", lambda d: _key(d, 62).pop("ctrl"), "key 62: missing field 'ctrl'"),
    ("typo", lambda d: _key(d, 62).update(shfit="C"), "key 62: unknown field 'shfit'"),
    ("number", lambda d: _key(d, 62).update(bit=5), r"key 62: number is not line \* 8 \+ bit"),
    ("twice", lambda d: _key(d, 62).update(number=61, bit=5), "key 61: key number given twice"),
    ("name", lambda d: _key(d, 62).update(name="D"), r"key 62 \(D\): name already used by key 61"),
    ("legend", lambda d: _key(d, 62).update(plain=3), r"key 62 \(C\): plain: expected a non-empty"),
    ("place", lambda d: _key(d, 62).update(col=2), r"key 63 \(X\): place \[3, 2\] already used by key 62"),
    ("row", lambda d: _key(d, 62).update(row=9), r"key 62 \(C\): row: expected an integer 0..4"),
    ("missing", lambda d: _key(d, 62).update(name="K62"), "no key is named 'C'"),
    ("repeat", lambda d: d["repeat"].update(delay=0), r"repeat: delay: expected an integer 1..255"),
    ("layout", lambda d: d.update(layout="en"), "layout: expected 'fr', got 'en'"),
    ("top", lambda d: d.pop("title"), "top level: missing field 'title'"),
]


@pytest.mark.parametrize("what, breakage, message", BREAKAGES, ids=[b[0] for b in BREAKAGES])
def test_broken_layout_names_file_entry_and_problem(tmp_path, what, breakage, message):
    data = _fr_data()
    breakage(data)
    path = tmp_path / "keyboard_fr.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError, match=message) as info:
        load_layout_file(path, expected="fr")
    assert str(info.value).startswith(str(path))
    assert "\n" not in str(info.value)
    assert isinstance(info.value, UserError)


def test_unchanged_copy_loads(tmp_path):
    path = tmp_path / "keyboard_fr.yaml"
    path.write_text(dump(_fr_data()), encoding="utf-8")
    assert load_layout_file(path, "fr").keys == load_layout("fr").keys


def _host_data():
    return yaml.load((ASSETS / "keyboard_host.yaml").read_text(encoding="utf-8"), Loader=_Loader)


HOST_BREAKAGES = [
    ("twice", lambda d: d["positional"].append({"scancode": 41, "host": "x", "cpc": 1}),
     "positional scancode 41: scancode already listed in specials"),
    ("cpc", lambda d: d["specials"][0].update(cpc=80), r"specials scancode 41: cpc: expected an integer 0..79"),
    ("char", lambda d: d["typed"][0].update(char="++"), "typed scancode 87: char must be one character"),
    ("field", lambda d: d.pop("host_only"), "top level: missing field 'host_only'"),
]


@pytest.mark.parametrize("what, breakage, message", HOST_BREAKAGES, ids=[b[0] for b in HOST_BREAKAGES])
def test_broken_host_map(tmp_path, what, breakage, message):
    data = _host_data()
    breakage(data)
    path = tmp_path / "keyboard_host.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_host_map_file(path)


def test_unknown_layout_name():
    with pytest.raises(DataError, match="unknown CPC keyboard layout"):
        load_layout("de")


def test_loaded_data_is_not_shared_mutable():
    a = load_layout("fr")
    before = copy.deepcopy(a.keys)
    assert load_layout("fr") is a and a.keys == before


def test_docs_tables_match_the_data():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "keys.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ")]
    host = load_host_map()
    for scancode, number in host.positional.items():
        assert any(r.startswith(f"| {scancode} |") and r.endswith(f"| {number} |") for r in rows), scancode
    for scancode, number in host.specials.items():
        assert any(f"({scancode}) |" in r and r.endswith(f"| {number} |") for r in rows), scancode
