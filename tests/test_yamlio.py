"""YAML in one place: libyaml's safe loader where PyYAML has it, the same data as SafeLoader."""

from __future__ import annotations

import pytest
import yaml

from monopoly_cpc import yamlio
from monopoly_cpc.paths import asset


def test_the_c_loader_is_used_where_pyyaml_has_it():
    if not getattr(yaml, "__with_libyaml__", False):
        pytest.skip("PyYAML without libyaml here")
    assert yamlio.LOADER is yaml.CSafeLoader


def test_it_is_a_safe_loader():
    with pytest.raises(yaml.YAMLError):
        yamlio.load("!!python/object/apply:os.system ['true']")


@pytest.mark.parametrize("name", ["sounds.yaml", "board.yaml", "palette_cpc.yaml", "cards.yaml", "keyboard_fr.yaml"])
def test_the_data_files_read_the_same_with_either_loader(name):
    path = asset(name)
    if not path.exists():
        pytest.skip(f"no {name}")
    text = path.read_text(encoding="utf-8")
    assert yamlio.load(text) == yaml.load(text, Loader=yaml.SafeLoader)


def test_every_data_reader_goes_through_it(monkeypatch):
    """The readers of the sounds, texts, palette, board and keyboard files call yamlio.load."""
    import importlib

    calls = []
    real = yamlio.load
    monkeypatch.setattr(yamlio, "load", lambda stream: calls.append(1) or real(stream))
    from monopoly_cpc.render.palette import load_palette
    from monopoly_cpc.rules.board import load_yaml
    from monopoly_cpc.sound.data import read_yaml as read_sound_yaml

    load_palette()
    load_yaml(asset("board.yaml"))
    read_sound_yaml(asset("sounds.yaml"))
    importlib.import_module("monopoly_cpc.keyboard._data").read_yaml("keyboard_fr.yaml")
    assert len(calls) == 4
