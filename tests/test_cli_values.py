"""A bad value is quoted shortened, whichever option it is given to, and a name longer than
file systems take is refused in one line naming the option, before any work starts."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from monopoly_cpc import cli
from monopoly_cpc.errors import name_problem, quoted, shorten_words

BIG = "x" * 100_000


def _value_options(parser: argparse.ArgumentParser, prefix: list[str]):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _value_options(sub, [*prefix, name])
        elif action.option_strings and action.nargs != 0 and not isinstance(
                action, (argparse._HelpAction, argparse._VersionAction)):
            yield [*prefix, action.option_strings[-1]]


OPTIONS = list(_value_options(cli.build_parser(), []))


def _run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = cli.main(argv)
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, err.getvalue()


def test_every_option_taking_a_value_is_listed():
    assert len(OPTIONS) >= 44
    assert ["record", "--out"] in OPTIONS and ["sounds", "--out"] in OPTIONS


@pytest.mark.parametrize("argv", OPTIONS, ids=" ".join)
def test_a_huge_bad_value_is_quoted_shortened(argv):
    code, err = _run([*argv, BIG])
    assert code in (1, 2), err[-300:]
    last = err.strip().splitlines()[-1]
    assert argv[-1] in last or "--" in last, last   # the option is named
    assert len(last) < 300 and len(err) < 2000, last[:300]
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("argv", [["--headless", "--record"], ["--headless", "--screenshot"],
                                  ["demo", "--headless", "--record"], ["sounds", "--out"],
                                  ["record", "x.json", "--out"], ["replay", "x.json", "--screenshot"]])
def test_a_name_over_255_bytes_is_one_line_naming_the_option(argv, tmp_path):
    name = str(tmp_path / ("n" * 300 + (".png" if "screenshot" in argv[-1] else ".mp4")))
    code, err = _run([*argv, name])
    last = err.strip().splitlines()[-1]
    assert code == 2, err
    assert f"argument {argv[-1]}:" in last and "choose a shorter name" in last
    assert "'" + "n" * 40 + "…'" in last and "n" * 41 not in last
    assert "internal error" not in err


def test_quoting_and_name_checks():
    assert quoted("abc") == "'abc'"
    assert quoted("y" * 41) == "'" + "y" * 40 + "…'"
    assert shorten_words("invalid choice: '" + "z" * 500 + "' (choose from 'a')") == \
        "invalid choice: '" + "z" * 40 + "…' (choose from 'a')"
    assert name_problem("a/" + "b" * 255) is None
    assert "256 bytes" in name_problem("a/" + "b" * 256)
    assert "at most 4096" in name_problem("/".join(["c" * 200] * 30))
