"""The game's data files have one home, ``assets/`` at the top of the repository: a checkout reads
it there, the wheel carries it as ``monopoly_cpc/assets/``, and every reader asks
``monopoly_cpc.paths`` where it is."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tokenize
import zipfile
from pathlib import Path

import pytest

import monopoly_cpc
from monopoly_cpc import paths

ROOT = Path(__file__).resolve().parents[1]

# What the game reads (the set-up of every screen needs each of them).
DATA_FILES = [
    "palette_cpc.yaml", "font_8x8.png", "font_8x8.txt", "board_320x200.png", "board.yaml",
    "cards.yaml", "keyboard_fr.yaml", "keyboard_en.yaml", "keyboard_host.yaml", "sounds.yaml",
    "texts/play_fr.yaml", "texts/play_en.yaml", "texts/commands_fr.yaml",
    "texts/commands_en.yaml", "texts/rules_fr.yaml", "texts/rules_en.yaml", "texts/ai_fr.yaml",
    "texts/ai_en.yaml",
]


def _from_checkout() -> None:
    if ROOT / "monopoly_cpc" not in Path(monopoly_cpc.__file__).resolve().parents:
        pytest.skip("this pytest imports an installed monopoly_cpc, not the checkout's")


def _tracked() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    r = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in r.stdout.decode("utf-8").split("\0") if name]


def test_the_packaged_folder_comes_first_then_the_one_beside_the_package(tmp_path):
    package = tmp_path / "site" / "monopoly_cpc"
    (package / "assets").mkdir(parents=True)
    (tmp_path / "site" / "assets").mkdir()           # another project's, in site-packages
    assert paths.find_assets(package) == package / "assets"
    (package / "assets").rmdir()                      # a checkout: nothing inside the package
    assert paths.find_assets(package) == tmp_path / "site" / "assets"
    (tmp_path / "site" / "assets").rmdir()            # neither: errors name the packaged path
    assert paths.find_assets(package) == package / "assets"


def test_a_checkout_reads_the_top_level_assets_and_keeps_no_second_copy():
    _from_checkout()
    assert paths.ASSETS == ROOT / "assets"
    assert not (ROOT / "monopoly_cpc" / "assets").exists()
    for name in DATA_FILES:
        assert paths.asset(*name.split("/")).is_file(), name


def test_every_reader_takes_its_file_from_the_locator():
    from monopoly_cpc.render import board as board_picture
    from monopoly_cpc.render import font, palette
    from monopoly_cpc.rules import board
    from monopoly_cpc.sound import data
    from monopoly_cpc.texts import TEXTS_DIR

    for path in (palette.PALETTE_PATH, font.SOURCE_PATH, font.PNG_PATH, board_picture.BOARD_PNG,
                 data.SOUNDS_YAML, TEXTS_DIR, board.ASSETS / "board.yaml"):
        assert path.parent == paths.ASSETS and path.exists(), path
    assert TEXTS_DIR == paths.ASSETS / "texts" and board.ASSETS == paths.ASSETS


def test_every_data_file_loads_through_its_reader():
    from monopoly_cpc.keyboard.hostmap import load_host_map
    from monopoly_cpc.keyboard.layout import load_layout
    from monopoly_cpc.render.board import BOARD_PNG, read_board_png
    from monopoly_cpc.render.font import load_source, read_png_sheet
    from monopoly_cpc.render.palette import load_palette
    from monopoly_cpc.rules.board import load_board
    from monopoly_cpc.rules.cards import load_cards
    from monopoly_cpc.sound.data import load_bank
    from monopoly_cpc.texts import load_texts

    assert len(load_palette().colours) == 27
    assert read_png_sheet().shape == (128, 128) and len(load_source().glyphs) == 256
    assert read_board_png(BOARD_PNG).shape == (200, 320)
    assert len(load_board().names) == 40 and len(load_cards().all) > 20
    assert len(load_layout("fr").keys) == len(load_layout("en").keys) == 80
    assert load_host_map().specials
    assert load_bank().programs
    for lang in ("fr", "en"):
        assert load_texts(lang)["rules.bid_above_assets"]


def _assets_literals(path: Path) -> list[int]:
    """Lines where a module spells the folder's name as a path part ("assets")."""
    found = []
    with path.open("rb") as f:
        for tok in tokenize.tokenize(f.readline):
            if tok.type != tokenize.STRING:
                continue
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue                              # an f-string: a message, not a path
            if value == "assets" or (isinstance(value, str) and value.startswith("assets/")
                                     and "\n" not in value and " " not in value):
                found.append(tok.start[0])
    return found


def test_only_the_locator_builds_the_path_of_the_data_files():
    package = Path(monopoly_cpc.__file__).resolve().parent
    offenders = {}
    for module in sorted(package.rglob("*.py")):
        if module.name == "paths.py" and module.parent == package:
            continue
        lines = _assets_literals(module)
        if lines:
            offenders[str(module.relative_to(package))] = lines
    assert not offenders, f"paths of assets/ built outside monopoly_cpc/paths.py: {offenders}"


def test_git_tracks_the_data_files_at_the_top_level_only():
    tracked = _tracked()
    for name in DATA_FILES:
        assert f"assets/{name}" in tracked, name
    assert not [name for name in tracked if name.startswith("monopoly_cpc/assets/")]


@pytest.mark.slow
def test_a_wheel_from_a_clean_checkout_carries_the_data_files_and_plays_elsewhere(tmp_path):
    """The tracked files only (no build/, no stray copies), built as pip builds them (in an
    isolated build environment: pip fetches setuptools), pure Python to keep it short (the
    compiled build is tests/test_compiled.py's); installed into a folder of its own and run
    from another, it draws the frame the checkout draws, bit for bit."""
    _from_checkout()
    src = tmp_path / "src"
    for name in _tracked():
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(MONOPOLY_CPC_PURE="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(tmp_path / "wheel"), str(src)],
                           env=env, capture_output=True, text=True, timeout=900, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (tmp_path / "wheel").glob("monopoly_cpc-*.whl")

    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for path in sorted((ROOT / "assets").rglob("*")):
            if path.is_file():
                inside = f"monopoly_cpc/assets/{path.relative_to(ROOT / 'assets').as_posix()}"
                assert inside in names, inside
                assert z.read(inside) == path.read_bytes(), inside
    for name in DATA_FILES:
        assert f"monopoly_cpc/assets/{name}" in names, name
    assert not [n for n in names if n.startswith("assets/")]

    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q",
                                "--target", str(site), str(wheel)],
                               env=env, capture_output=True, text=True, timeout=300, check=False)
    assert installed.returncode == 0, installed.stderr[-3000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shot_args = ["-m", "monopoly_cpc", "--headless", "--attract-after", "1", "--frames", "1500"]
    run = subprocess.run([sys.executable, "-c", "import monopoly_cpc.paths as p; print(p.ASSETS)"],
                         cwd=elsewhere, env={**env, "PYTHONPATH": str(site)}, capture_output=True,
                         text=True, timeout=120, check=True)
    assert Path(run.stdout.strip()) == site / "monopoly_cpc" / "assets"
    subprocess.run([sys.executable, *shot_args, "--screenshot", str(tmp_path / "wheel.png")],
                   cwd=elsewhere, env={**env, "PYTHONPATH": str(site)}, timeout=300, check=True)
    subprocess.run([sys.executable, *shot_args, "--screenshot", str(tmp_path / "checkout.png")],
                   cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, timeout=300, check=True)
    assert (tmp_path / "wheel.png").read_bytes() == (tmp_path / "checkout.png").read_bytes()
