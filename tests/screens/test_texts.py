"""The text catalogues: merging, duplicates, missing keys, French money."""

import pytest

from monopoly_cpc.errors import DataError
from monopoly_cpc.texts import TEXTS_DIR, MissingText, load_texts, money


def test_money_is_written_the_french_way():
    assert money(150000) == "150.000 F"
    assert money(20000) == "20.000 F"
    assert money(500) == "500 F"
    assert money(1234567) == "1.234.567 F"
    assert money(-1500) == "-1.500 F"
    assert load_texts("fr").money(5000) == "5.000 F"


def test_french_and_english_have_the_same_keys(tmp_path):
    for lang in ("fr", "en"):  # this room's catalogue files only
        (tmp_path / f"play_{lang}.yaml").write_bytes((TEXTS_DIR / f"play_{lang}.yaml").read_bytes())
    fr, en = load_texts("fr", tmp_path), load_texts("en", tmp_path)
    assert fr.keys() == en.keys()
    assert set(fr.keys()) <= set(load_texts("fr").keys())
    fr, en = load_texts("fr"), load_texts("en")
    assert fr["title.press"] == "Appuyez sur une touche"
    assert en["title.press"] == "Press any key"


def test_templates_fill_their_fields():
    t = load_texts("fr")
    assert t.get("game.bought", name="JEAN", square="Rue Lecourbe", price="6.000 F") == \
        "JEAN achète Rue Lecourbe pour 6.000 F"


def test_a_missing_key_is_a_clear_error():
    t = load_texts("fr")
    with pytest.raises(MissingText, match="'nope.none' is missing from the 'fr' catalogue"):
        t["nope.none"]
    with pytest.raises(DataError, match="needs the field"):
        t.get("game.bought", name="X")


def test_every_file_of_the_language_is_merged_and_a_key_twice_is_an_error(tmp_path):
    (tmp_path / "a_fr.yaml").write_text("one: 'un'\ngroup:\n  two: 'deux'\n", encoding="utf-8")
    (tmp_path / "b_fr.yaml").write_text("three: 'trois'\n", encoding="utf-8")
    (tmp_path / "b_en.yaml").write_text("three: 'three'\n", encoding="utf-8")
    t = load_texts("fr", tmp_path)
    assert (t["one"], t["group.two"], t["three"]) == ("un", "deux", "trois")
    (tmp_path / "c_fr.yaml").write_text("group:\n  two: 'encore'\n", encoding="utf-8")
    with pytest.raises(DataError, match="'group.two' is defined twice: in a_fr.yaml and c_fr.yaml"):
        load_texts("fr", tmp_path)


def test_broken_catalogues_give_one_line(tmp_path):
    (tmp_path / "a_fr.yaml").write_text("one: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError, match="a_fr.yaml: broken YAML"):
        load_texts("fr", tmp_path)
    (tmp_path / "a_fr.yaml").write_text("one: [1, 2]\n", encoding="utf-8")
    with pytest.raises(DataError, match="must be a string"):
        load_texts("fr", tmp_path)
    with pytest.raises(DataError, match="unknown language"):
        load_texts("de", tmp_path)
