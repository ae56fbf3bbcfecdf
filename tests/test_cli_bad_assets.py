"""The game's own data files edited into something that is not UTF-8: one line naming the file.

A seeded fuzz puts bytes that are not UTF-8 (a lone continuation byte, a Latin-1 letter, a
UTF-16 byte order mark, a truncated sequence) at random places of each data file the game
reads as text: palette, font source, text catalogues, sounds, key maps, board.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from monopoly_cpc.errors import DataError

BAD = [b"\xff", b"\xe9", b"\xc3", b"\xff\xfe", b"\x80\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]


def _readers():
    from monopoly_cpc.keyboard.hostmap import load_host_map_file
    from monopoly_cpc.keyboard.layout import load_layout_file
    from monopoly_cpc.render import font, palette
    from monopoly_cpc.sound import data as sound_data
    from monopoly_cpc.texts import TEXTS_DIR, load_texts

    def texts(path: Path):
        return load_texts("fr", path.parent)

    return {
        "palette": (palette.PALETTE_PATH, palette.load_palette),
        "font": (font.SOURCE_PATH, font.load_source),
        "sounds": (sound_data.SOUNDS_YAML, sound_data.load_bank),
        "keyboard": (sound_data.SOUNDS_YAML.parent / "keyboard_fr.yaml", load_layout_file),
        "host keys": (sound_data.SOUNDS_YAML.parent / "keyboard_host.yaml", load_host_map_file),
        "texts": (min(TEXTS_DIR.glob("*_fr.yaml")), texts),
    }


@pytest.mark.parametrize("name", ["palette", "font", "sounds", "keyboard", "host keys", "texts"])
def test_a_data_file_that_is_not_utf8_is_one_line_naming_it(tmp_path, name):
    source, reader = _readers()[name]
    rng = random.Random(name)
    raw = source.read_bytes()
    for i in range(12):
        folder = tmp_path / f"m{i}"
        folder.mkdir()
        if name == "texts":   # the whole catalogue folder, one file broken
            for p in source.parent.glob("*_fr.yaml"):
                shutil.copy(p, folder / p.name)
        path = folder / source.name
        at = rng.randrange(len(raw))
        path.write_bytes(raw[:at] + rng.choice(BAD) + raw[at:])
        with pytest.raises(DataError) as err:
            reader(path)
        line = str(err.value)
        assert "\n" not in line and source.name in line and "UTF-8" in line, line
