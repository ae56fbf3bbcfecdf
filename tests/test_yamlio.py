"""YAML in one place: libyaml's safe loader where PyYAML has it, the same data as SafeLoader."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys

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


def test_a_packaged_file_is_parsed_once_then_read_from_the_cache(monkeypatch):
    text = asset("palette_cpc.yaml").read_text(encoding="utf-8")
    first = yamlio.load_cached(text, "palette_cpc.yaml")
    assert first == yamlio.load(text)
    assert yamlio.cache_path("palette_cpc.yaml").is_file()
    monkeypatch.setattr(yamlio, "load", lambda stream: pytest.fail("parsed again"))
    assert yamlio.load_cached(text, "palette_cpc.yaml") == first


def test_a_changed_text_is_parsed_again():
    yamlio.load_cached("a: 1\n", "x.yaml")
    assert yamlio.load_cached("a: 2\n", "x.yaml") == {"a": 2}
    assert yamlio.load_cached("a: 2\n", "x.yaml") == {"a": 2}


@pytest.mark.parametrize("damage", ["cut", "flip", "empty", "format"])
def test_a_damaged_cache_is_parsed_again_and_rewritten(monkeypatch, damage):
    text = "keys: {1: [a, b], 2: null}\nname: x\n"
    yamlio.load_cached(text, "d.yaml")
    path = yamlio.cache_path("d.yaml")
    raw = path.read_bytes()
    path.write_bytes({"cut": raw[:-3], "flip": raw[:-1] + bytes([raw[-1] ^ 1]), "empty": b"",
                      "format": b"X" + raw[1:]}[damage])
    calls = []
    real = yamlio.load
    monkeypatch.setattr(yamlio, "load", lambda stream: calls.append(1) or real(stream))
    assert yamlio.load_cached(text, "d.yaml") == {"keys": {1: ["a", "b"], 2: None}, "name": "x"}
    assert calls == [1] and path.read_bytes() == raw


def test_a_cache_that_cannot_be_written_costs_only_the_parse(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(yamlio, "cache_dir", lambda: blocker / "yaml")
    assert yamlio.load_cached("a: [1, 2]\n", "x.yaml") == {"a": [1, 2]}


def test_data_marshal_does_not_keep_is_not_cached():
    assert yamlio.load_cached("when: 2001-01-01\n", "date.yaml") == {"when": datetime.date(2001, 1, 1)}
    assert not yamlio.cache_path("date.yaml").exists()


def test_broken_yaml_is_named_by_yamlio_error():
    with pytest.raises(yamlio.Error):
        yamlio.load_cached("a: [1,\n", "broken.yaml")
    assert yamlio.Error is yaml.YAMLError


DEFERRED = ("yaml", "monopoly_cpc.rules", "monopoly_cpc.ai", "monopoly_cpc.sound.render",
            "monopoly_cpc.sound.data", "monopoly_cpc.sound.basic", "monopoly_cpc.boot.disc")
START = (f"import sys; DEFERRED = {DEFERRED!r}; from monopoly_cpc.cli import main; "
         "main(['--headless', '--frames', '1', '--screenshot', sys.argv[1]]); "
         "print(sorted(m for m in DEFERRED if m in sys.modules))")


def test_the_first_frame_reads_no_yaml_once_the_cache_is_filled(tmp_path):
    """Start-up: with no settings file and the cache filled by a first start, PyYAML is not
    even imported before the first frame, nor the rules, the bots, the sound renderer or the
    disc drive's model."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    runs = [subprocess.run([sys.executable, "-c", START, str(tmp_path / f"{i}.png")], env=env,
                           capture_output=True, text=True, check=True) for i in range(2)]
    assert runs[1].stdout.strip() == "[]", runs[1].stdout + runs[1].stderr
    assert (tmp_path / "0.png").read_bytes() == (tmp_path / "1.png").read_bytes()
