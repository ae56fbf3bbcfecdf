"""The board and card data: exact names and figures, and validation of broken files."""

from pathlib import Path

import pytest
import yaml

from monopoly_cpc.errors import DataError
from monopoly_cpc.rules.board import ASSETS, default_board, load_board
from monopoly_cpc.rules.cards import default_cards, load_cards


def test_board_figures_from_the_reference():
    """source: monopoly_fr.md §1 (board, prices, rents, house costs, mortgages, taxes)."""
    b = default_board()
    assert b.names[0] == "Départ"
    assert b.names[29] == "Rue La Fayette"
    assert b.names[37] == "Avenue des Champs-Élysées"
    assert b.names[12] == "Compagnie de distribution d'électricité"
    assert (b.prices[1], b.rents[1], b.house_costs[1], b.mortgages[1]) == (
        6000, (200, 1000, 3000, 9000, 16000, 25000), 5000, 3000)
    assert (b.prices[39], b.rents[39][5]) == (40000, 200000)
    assert b.taxes[4] == 20000 and b.taxes[38] == 10000
    assert len(b.properties) == 28 and len(b.streets) == 22
    assert b.stations == (5, 15, 25, 35) and b.utilities == (12, 28)
    assert b.station_rents == (2500, 5000, 10000, 20000) and b.utility_rents == (400, 1000)
    assert (b.bank_houses, b.bank_hotels) == (32, 12)
    assert (b.start_cash, b.salary, b.jail_fine) == (150000, 20000, 5000)
    assert [len(m) for m in b.group_members] == [2, 3, 3, 3, 3, 3, 3, 2]


def test_cards_sixteen_each_with_both_languages():
    """source: monopoly_fr.md §2 (16 Chance + 16 Caisse de Communauté)."""
    c = default_cards()
    assert len(c.decks[0]) == 16 and len(c.decks[1]) == 16
    for card in c.all:
        assert card.fr and card.en and card.text("en") == card.en and card.text() == card.fr
    effects = sorted(c.all[i].effect for i in c.decks[1])
    assert effects.count("collect") == 7 and effects.count("pay") == 3


def _broken(tmp_path: Path, name: str, mutate) -> Path:
    raw = yaml.safe_load((ASSETS / name).read_text(encoding="utf-8"))
    mutate(raw)
    p = tmp_path / name
    p.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return p


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r["squares"][39].update(price=41000), "Rue de la Paix"),
    (lambda r: r["squares"][3].update(rents=[1, 2, 3]), "rents must list 6"),
    (lambda r: r["squares"][5].update(type="gare"), "unknown type 'gare'"),
    (lambda r: r["squares"].pop(), "40 squares"),
    (lambda r: r["squares"][9].update(group="rose"), "unknown group 'rose'"),
])
def test_broken_board_names_file_entry_problem(tmp_path, mutate, words):
    """source: issue 3 'validated on load (a broken file names the file, the entry and what is wrong)'."""
    with pytest.raises(DataError) as e:
        load_board(_broken(tmp_path, "board.yaml", mutate))
    assert "board.yaml" in str(e.value) and words in str(e.value)


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r["chance"][0].update(target=45), "chance[0] (chance_paix): target 45"),
    (lambda r: r["community"][5].pop("amount"), "caisse_medecin"),
    (lambda r: r["community"][1].update(effect="teleport"), "unknown effect 'teleport'"),
    (lambda r: r["chance"].pop(), "expected a list of 16 cards"),
    (lambda r: r["chance"][2].pop("en"), "missing en text"),
    (lambda r: r["chance"][3].update(id="chance_paix"), "duplicate id"),
])
def test_broken_cards_names_file_entry_problem(tmp_path, mutate, words):
    """source: issue 3 'validated on load (a broken file names the file, the entry and what is wrong)'."""
    with pytest.raises(DataError) as e:
        load_cards(_broken(tmp_path, "cards.yaml", mutate))
    assert "cards.yaml" in str(e.value) and words in str(e.value)


def test_not_yaml_at_all(tmp_path):
    """A file that is not YAML, or missing, is one DataError line naming it."""
    p = tmp_path / "board.yaml"
    p.write_text("squares: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError, match="board.yaml: not valid YAML"):
        load_board(p)
    with pytest.raises(DataError, match="cannot read"):
        load_board(tmp_path / "nothing.yaml")


def test_a_yaml_file_nested_too_deeply_is_one_line(tmp_path):
    """A crafted YAML file (a scenario, a board) nested 50.000 deep: the file's error, not a
    RecursionError."""
    from monopoly_cpc.rules.board import load_yaml

    path = tmp_path / "deep.yaml"
    path.write_text("expect: " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    with pytest.raises(DataError, match="deep.yaml: not valid YAML.*(nested too deeply|maximum nesting depth)"):
        load_yaml(path)
