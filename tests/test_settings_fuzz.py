"""Settings files made to hurt: bad values among good ones, expensive YAML, special files.

Each class is a fuzz (hypothesis or a seeded loop over many kinds), not a single example.
"""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly_cpc import settings as S

GOOD = {"lang": ["en", "fr"], "speed": [1, 2, 3], "volume": list(range(11)), "mute": [True, False],
        "ai_level": ["facile", "normal", "expert"], "attract_after": [1, 30, 600],
        "kiosk_chord": [["CTRL", "SHIFT", "X"]], "scale": [None, 1, 3], "attract_playlist": [None, "~/demos"]}
BAD_VALUES = st.one_of(st.integers(-10**30, 10**30), st.text(max_size=300), st.booleans(),
                       st.lists(st.integers(), max_size=5), st.floats(allow_nan=False),
                       st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))
MAX_LINE = 80 + 60 + 40  # the path of the file, a value quoted at most 60 characters, words


def _one(tmp_path):
    path = tmp_path / "settings.yaml"
    for p in tmp_path.iterdir():
        if p.is_file():
            p.unlink()
    return path


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(good=st.dictionaries(st.sampled_from(sorted(GOOD)), st.integers(0, 9), max_size=6),
       bad=st.dictionaries(st.one_of(st.sampled_from(sorted(GOOD) + ["volume", "idle_minutes"]),
                                     st.text(min_size=1, max_size=80)), BAD_VALUES, min_size=1, max_size=4))
def test_every_refused_value_is_one_line_and_every_good_value_is_kept(tmp_path, good, bad):
    path = _one(tmp_path)
    data = {name: GOOD[name][i % len(GOOD[name])] for name, i in good.items()}
    expected_bad = {n for n, v in bad.items() if S.field_problem(n, v) is not None}
    for n in bad:
        data.pop(n, None)
    data.update(bad)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    said: list[str] = []
    t0 = time.perf_counter()
    s = S.load(path, warn=said.append)
    assert time.perf_counter() - t0 < 1.0
    assert len(said) == len(expected_bad)
    for line in said:
        assert "\n" not in line and len(line) - len(str(path)) <= MAX_LINE, line
    for name, value in data.items():
        if name not in expected_bad:
            assert getattr(s, name) == value          # kept
        else:
            default = S.Settings()
            assert getattr(s, name, None) == getattr(default, name, None)
    assert not (tmp_path / "settings.yaml.broken").exists()


def _laughs(depth: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, depth):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + f"\nvolume: *a{depth - 1}\n"


EXPENSIVE = [
    ("billion laughs", _laughs(9)),
    ("billion laughs in the chord", _laughs(6).replace("volume:", "kiosk_chord:")),
    ("one alias", "a: &x 3\nvolume: *x\n"),
    ("a huge comment", "#" + "x" * (1000 * 1000) + "\nvolume: 3\n"),
    ("a very long value", "attract_playlist: '" + "d" * 900_000 + "'\n"),
    ("a very long name", "x" * 900_000 + ": 3\n"),
    ("too big", "# " + "y" * (1 << 20) + "\n"),
    ("many keys", "".join(f"k{i}: {i}\n" for i in range(60_000))),
    ("deep", "volume: " + "[" * 50_000 + "]" * 50_000 + "\n"),
    ("long number", "volume: " + "9" * 100_000 + "\n"),
]


@pytest.mark.parametrize("why, text", EXPENSIVE, ids=[w for w, _ in EXPENSIVE])
def test_an_expensive_file_is_refused_within_a_second_in_short_lines(tmp_path, why, text):
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    said: list[str] = []
    t0 = time.perf_counter()
    s = S.load(path, warn=said.append)
    assert time.perf_counter() - t0 < 1.0, why
    if why == "a huge comment":   # under the size bound, read at C speed: harmless
        assert said == [] and s.volume == 3
        return
    assert said, why
    assert len(said) <= 3 or why == "many keys"
    for line in said[:3]:
        assert "\n" not in line and len(line) - len(str(path)) <= MAX_LINE, line
    assert s.volume == 7


def test_a_second_broken_file_does_not_overwrite_the_first_copy(tmp_path):
    path = tmp_path / "settings.yaml"
    texts = [f"speed: [{i}" for i in range(4)]
    for text in texts:
        path.write_text(text, encoding="utf-8")
        S.load(path, warn=lambda _m: None)
    kept = [tmp_path / "settings.yaml.broken"] + [tmp_path / f"settings.yaml.broken.{n}" for n in (2, 3, 4)]
    assert [p.read_text(encoding="utf-8") for p in kept] == texts


def test_temp_files_of_an_interrupted_save_are_removed_at_the_next_start(tmp_path):
    path = tmp_path / "settings.yaml"
    S.save(S.Settings(volume=3), path)
    leftovers = [tmp_path / "settings.tmp", tmp_path / ".settings.yaml.abc123.tmp.yaml"]
    for p in leftovers:
        p.write_text("half", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert S.load(path).volume == 3
    assert not any(p.exists() for p in leftovers)
    assert (tmp_path / "notes.txt").exists()


def _special(kind: str, where):
    """A FIFO, a socket, a device or a folder at ``where`` (directly or through a symlink)."""
    target = where
    if kind.endswith("link"):
        target = where.with_name(where.name + ".real")
        if kind.startswith("dev"):
            os.symlink("/dev/zero" if "zero" in kind else "/dev/urandom", where)
            return None
        os.symlink(target, where)
    if kind.startswith("fifo"):
        os.mkfifo(target)
    elif kind.startswith("socket"):
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(target))
        return s
    elif kind.startswith("folder"):
        target.mkdir()
    return None


SPECIAL = ["fifo", "socket", "folder", "fifo-link", "socket-link", "folder-link", "dev-zero-link",
           "dev-urandom-link"]


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_file_at_the_settings_path_is_refused_in_one_line_without_hanging(tmp_path, kind):
    path = tmp_path / "settings.yaml"
    keep = _special(kind, path)
    said: list[str] = []
    out: list = []
    th = threading.Thread(target=lambda: out.append(S.load(path, warn=said.append)), daemon=True)
    th.start()
    th.join(5)
    assert not th.is_alive(), f"{kind}: the load hangs"
    assert out == [S.Settings()]
    assert len(said) == 1 and "\n" not in said[0], said
    if keep is not None:
        keep.close()


@pytest.mark.parametrize("kind", ["fifo", "socket", "folder", "fifo-link", "socket-link"])
def test_saving_over_a_special_file_is_refused_and_leaves_it(tmp_path, kind):
    from monopoly_cpc.errors import UserError

    path = tmp_path / "settings.yaml"
    keep = _special(kind, path)
    before = os.lstat(path)
    with pytest.raises(UserError) as err:
        S.save(S.Settings(), path)
    assert "not a regular file" in str(err.value) and "\n" not in str(err.value)
    after = os.lstat(path)
    assert (before.st_mode, before.st_ino) == (after.st_mode, after.st_ino)
    assert [p.name for p in tmp_path.iterdir() if ".tmp" in p.name] == []
    if keep is not None:
        keep.close()


@settings(max_examples=200, deadline=None)
@given(st.one_of(
    st.text(min_size=256, max_size=400, alphabet="abc"),                 # one name too long
    st.lists(st.text(min_size=200, max_size=250, alphabet="xyz"), min_size=21, max_size=25).map("/".join),
    st.text(max_size=20).map(lambda t: t + "\0"),
    st.text(max_size=20).map(lambda t: "d\n" + t),
    st.sampled_from(["", "   ", "\t"]),
    st.integers(), st.booleans(), st.lists(st.text(max_size=3), max_size=3),
))
def test_an_unusable_attract_playlist_name_is_refused_in_one_line(value):
    why = S.field_problem("attract_playlist", value)
    assert why is not None and why.startswith("attract_playlist") and "\n" not in why
    assert len(why) <= 140


def test_an_unusable_attract_playlist_option_is_a_usage_error(capsys):
    from monopoly_cpc import cli

    with pytest.raises(SystemExit) as exc:
        cli.main(["--headless", "--attract-playlist", "a" * 300])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "attract-playlist" in err[-1] and len(err[-1]) < 200


@pytest.mark.parametrize("text, shown", [
    ("volume: 11\n", "Réglage refusé : volume"),
    ("volum: 4\n", "Réglage refusé : volum"),
    ("v€lume: 4\nspeed: 9\n", "Réglage refusé : v?lume +1"),
    ("x" * 100 + ": 1\n", "Réglage refusé : " + "x" * 23),
])
def test_the_options_screen_names_a_refused_setting_on_its_message_row(tmp_path, text, shown):
    from pathlib import Path

    from monopoly_cpc.screens.options import OptionsScreen
    from monopoly_cpc.screens.title import TitleScreen
    from tests.screens.commands.helpers import Session

    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = S.load(path, warn=lambda _m: None)

    def first(ctx):
        ctx.settings = loaded
        return OptionsScreen(ctx, TitleScreen(ctx), path=Path(path))

    s = Session(first, lang=None)
    assert s.text()[24].rstrip() == shown


@pytest.mark.parametrize("kind", ["fifo", "socket"])
def test_the_options_screen_saving_over_a_special_file_says_not_saved(tmp_path, kind):
    from pathlib import Path

    from monopoly_cpc.screens.options import OptionsScreen
    from monopoly_cpc.screens.title import TitleScreen
    from tests.screens.commands.helpers import Session

    path = tmp_path / "settings.yaml"
    keep = _special(kind, path)

    def first(ctx):
        ctx.settings = S.Settings()
        return OptionsScreen(ctx, TitleScreen(ctx), path=Path(path))

    s = Session(first, lang=None)
    s.press("SPACE")
    s.press("RETURN")
    assert "non enregistr" in s.text()[24]
    assert not path.is_file()
    if keep is not None:
        keep.close()
