"""Settings saved between runs: defaults, round trip, and a broken file never stops the game."""

from __future__ import annotations

import pytest
import yaml

from monopoly_cpc import settings as S


def test_defaults_round_trip_through_the_file(tmp_path):
    path = tmp_path / "settings.yaml"
    s = S.Settings(speed=3, ai_level="expert", monopolic_loans=True, attract_playlist="/srv/demos")
    S.save(s, path)
    assert S.load(path) == s
    assert yaml.safe_load(path.read_text())["format"] == S.FORMAT


def test_a_missing_file_gives_the_defaults(tmp_path):
    assert S.load(tmp_path / "nothing.yaml") == S.Settings()


@pytest.mark.parametrize("text, why", [
    ("speed: [1, 2", "broken YAML"),
    ("- a list\n- of things\n", "not a mapping"),
    ("format: 2\n", "a format this version does not read"),
])
def test_a_broken_file_is_reported_in_one_line_and_replaced_by_the_defaults(tmp_path, text, why):
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    said = []
    assert S.load(path, warn=said.append) == S.Settings(), why
    assert len(said) == 1 and "\n" not in said[0] and str(path) in said[0]
    assert (tmp_path / "settings.yaml.broken").read_text(encoding="utf-8") == text  # kept for the user
    assert S.load(path, warn=said.append) == S.Settings() and len(said) == 1  # set aside: quiet


@pytest.mark.parametrize("text, name", [
    ("speed: 9\n", "speed"),
    ("ai_level: divin\n", "ai_level"),
    ("volume: 11\n", "volume"),
    ("fullscreen: 'yes please'\n", "fullscreen"),
    ("attract_after: -3\n", "attract_after"),
    ("colour_of_the_sky: blue\n", "colour_of_the_sky"),
    ("scale: 0\n", "scale"),
    ("fullscreen: 1\n", "fullscreen"),
    ("mute: 0\n", "mute"),
    ("speed: true\n", "speed"),
    ("scale: true\n", "scale"),
    ("volum: 4\n", "volum"),
])
def test_one_bad_value_is_refused_alone_and_the_others_are_kept(tmp_path, text, name):
    path = tmp_path / "settings.yaml"
    whole = "lang: en\nai_level: expert\n" + text if "ai_level" not in text else "lang: en\n" + text
    path.write_text(whole, encoding="utf-8")
    said = []
    s = S.load(path, warn=said.append)
    assert s.lang == "en" and (s.ai_level == "expert" or "ai_level" in text)
    assert len(said) == 1 and "\n" not in said[0] and name in said[0] and str(path) in said[0]
    assert s.problems and name in s.problems[0]
    assert path.read_text(encoding="utf-8") == whole      # the file is left as the user wrote it
    assert not (tmp_path / "settings.yaml.broken").exists()


def test_a_file_not_in_utf8_is_broken_not_a_crash(tmp_path):
    """Saved as UTF-16 by a text editor: one line, the defaults, the file kept aside."""
    path = tmp_path / "settings.yaml"
    path.write_bytes("volume: 4\n".encode("utf-16"))
    said = []
    assert S.load(path, warn=said.append) == S.Settings()
    assert len(said) == 1 and "UTF-8" in said[0]
    assert (tmp_path / "settings.yaml.broken").read_bytes() == "volume: 4\n".encode("utf-16")


@pytest.mark.parametrize("text, why", [
    ("volume: " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ("fullscreen: " + "{a: " * 100_000 + "1" + "}" * 100_000 + "\n", "nested too deeply"),
    ("volume: " + "9" * 5000 + "\n", "too long"),
])
def test_a_file_nested_too_deeply_is_broken_not_a_crash_at_every_start(tmp_path, text, why):
    # audit G #2: 'internal error: RecursionError' at every start, the file never set aside
    # (a kiosk under Restart=always crash-looped)
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    said = []
    assert S.load(path, warn=said.append) == S.Settings()
    assert len(said) == 1 and "\n" not in said[0] and len(said[0]) < 300 and why in said[0]
    assert (tmp_path / "settings.yaml.broken").read_text(encoding="utf-8") == text
    assert S.load(path, warn=said.append) == S.Settings() and len(said) == 1


@pytest.mark.parametrize("text", ["", "\n\n", "# my settings\n# nothing yet\n"])
def test_an_empty_file_gives_the_defaults_quietly(tmp_path, text):
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    said = []
    assert S.load(path, warn=said.append) == S.Settings()
    assert said == [] and path.read_text(encoding="utf-8") == text
    assert not (tmp_path / "settings.yaml.broken").exists()


def test_every_setting_can_be_given_on_the_command_line_or_saved():
    """ctx.effective: a command-line value wins over the saved setting, which wins over the default."""
    from monopoly_cpc.options import Options
    from monopoly_cpc.screens.base import AppContext

    ctx = AppContext(options=Options(speed=None, lang="en"), settings=S.Settings(speed=1, lang="fr"))
    assert ctx.effective.speed == 1 and ctx.speed == 1
    assert ctx.effective.lang == "en" and ctx.lang == "en"
    assert AppContext(options=Options(volume=3)).effective.volume == 3
    assert AppContext().effective.volume == S.Settings().volume       # no settings: the defaults'
    assert AppContext(settings=S.Settings(volume=9)).effective.volume == 9
    # the switches: --crt or --mute, else the saved crt: true or mute: true
    saved = AppContext(options=Options(crt=False, mute=False), settings=S.Settings(crt=True, mute=True))
    assert saved.effective.crt and saved.effective.mute
    assert not AppContext(options=Options(crt=False), settings=S.Settings()).effective.crt
    assert AppContext(options=Options(crt=True), settings=S.Settings()).effective.crt
