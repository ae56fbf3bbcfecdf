"""The play options record (monopoly_cpc/options.py): the command line's defaults, frozen,
the replay's game options stored and read back."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from monopoly_cpc.cli import build_parser
from monopoly_cpc.options import GAME_OPTIONS, Options, option_problem
from monopoly_cpc.settings import Settings


def test_the_record_holds_the_command_lines_defaults_and_every_play_option():
    parsed = build_parser().parse_args([])
    assert Options.of(parsed) == Options()
    play = {a.dest for a in build_parser()._actions if a.dest not in ("help", "version", "command")}
    assert play == {f.name for f in dataclasses.fields(Options)}


def test_the_record_is_frozen_and_replaced_whole():
    o = Options.of(build_parser().parse_args(["--lang", "en", "--kiosk", "--headless"]))
    assert (o.lang, o.kiosk, o.headless) == ("en", True, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.lang = "fr"  # type: ignore[misc]
    assert o.replace(lang="fr").lang == "fr" and o.lang == "en"


def test_a_namespace_gives_the_names_it_has_and_nothing_else():
    o = Options.of(SimpleNamespace(speed=3, func=print, unknown=1))
    assert o.speed == 3 and o == Options(speed=3)


def test_the_game_options_go_to_a_replay_over_the_settings_and_come_back():
    o = Options(speed=3, kiosk=True, windowed=True)
    data = o.game_data(Settings(lang="en", ai_level="expert"))
    assert data == {"speed": 3, "kiosk": True, "lang": "en", "ai_level": "expert", "machine": "6128",
                    "tape_speed": 1000, "loader": "fast", "no_disc": False, "test_card": False,
                    "attract_after": 60}
    back = Options.from_game_data(data, seed=4)
    assert back.game_data() == data and back.seed == 4 and not back.windowed
    assert set(data) <= set(GAME_OPTIONS)


def test_an_older_replay_without_a_switch_reads_it_as_off():
    back = Options.from_game_data({"lang": "fr"})
    assert back.kiosk is False and back.machine is None and back.lang == "fr"


@pytest.mark.parametrize(("name", "value", "why"), [
    ("speed", 2, ""), ("speed", "2", ""), ("speed", 99, "99 is not one of 1, 2, 3"),
    ("kiosk", 1, "expected true or false, got 1"), ("attract_after", 0, "unexpected value 0"),
    ("machine", 464, "464 is not one of 464, 664, 6128"), ("lang", None, ""),
])
def test_a_stored_value_is_checked_against_the_records_kinds_and_choices(name, value, why):
    assert option_problem(name, value) == why


def test_the_command_line_offers_the_choices_the_record_declares():
    fields = {f.name: f for f in dataclasses.fields(Options)}
    for action in build_parser()._actions:
        if action.dest in fields and action.choices is not None:
            assert tuple(action.choices) == fields[action.dest].metadata["choices"], action.dest
