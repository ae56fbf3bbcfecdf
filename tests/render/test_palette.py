"""The palette file: 27 colours, power-on inks, validation of broken files."""

from pathlib import Path

import pytest
import yaml

from monopoly_cpc.errors import DataError
from monopoly_cpc.render.palette import PALETTE_PATH, load_palette, palette, parse_palette


def test_packaged_palette_has_27_colours_in_firmware_order():
    pal = palette()
    assert [c.fw for c in pal.colours] == list(range(27))
    assert pal.rgb.shape == (27, 3)
    assert pal.half_level == 128
    assert pal.colours[0].name == "Black" and tuple(pal.rgb[0]) == (0, 0, 0)
    assert pal.colours[1].rgb == (0, 0, 128)  # blue: half level
    assert pal.colours[24].rgb == (255, 255, 0)  # bright yellow
    assert pal.colours[26].rgb == (255, 255, 255)
    assert pal.colours[13].rgb == (128, 128, 128)  # "White" is the grey


def test_hardware_numbers_match_the_firmware_table():
    # 6128 lower ROM at &0D99: hardware number of each firmware colour
    rom = bytes.fromhex("14 04 15 1C 18 1D 0C 05 0D 16 06 17 1E 00 1F 0E 07 0F 12 02 13 1A 19 1B 0A 03 0B")
    assert tuple(c.hw for c in palette().colours) == tuple(rom)
    every = [c.hw for c in palette().colours] + [c.hw_alt for c in palette().colours if c.hw_alt is not None]
    assert sorted(every) == list(range(32))


def test_power_on_inks():
    pal = palette()
    assert pal.mode_inks(1) == (1, 24, 20, 6)
    assert pal.border == 1
    assert pal.mode_inks(2) == (1, 24)
    assert len(pal.mode_inks(0)) == 16


def _data():
    return yaml.safe_load(PALETTE_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("breaker, words", [
    (lambda d: d["colours"].pop(), "27 colours"),
    (lambda d: d["colours"][5].update(rgb=[1, 2, 3]), "colours[5].rgb"),
    (lambda d: d["colours"][7].update(fw=8), "colours[7].fw"),
    (lambda d: d["colours"][3].update(hw=4), "colours[3].hw"),
    (lambda d: d["colours"][2].update(name=""), "colours[2].name"),
    (lambda d: d["colours"][2].update(colour="x"), "unknown field"),
    (lambda d: d["power_on"].update(mode_1=[1, 24, 20]), "power_on.mode_1"),
    (lambda d: d["power_on"].update(border=27), "power_on.border"),
])
def test_broken_palette_names_the_entry(breaker, words):
    data = _data()
    breaker(data)
    with pytest.raises(DataError) as err:
        parse_palette(data, Path("pal.yaml"))
    assert "pal.yaml" in str(err.value) and words in str(err.value)


def test_broken_yaml_file_is_one_line_error(tmp_path):
    bad = tmp_path / "palette.yaml"
    bad.write_text("colours: [\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_palette(bad)
    assert str(bad) in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(DataError):
        load_palette(tmp_path / "missing.yaml")
