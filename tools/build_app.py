"""Build a standalone Monopoly CPC (no Python needed on the target) with PyInstaller.

    pip install pyinstaller          # not a dependency of the game; only for this tool
    python tools/build_app.py                 # dist/monopoly-cpc/ (a folder: starts fastest)
    python tools/build_app.py --onefile       # dist/monopoly-cpc(.exe): one file to copy
    python tools/build_app.py --dry-run       # print the PyInstaller arguments only

The app is windowed (no console on Windows, an .app bundle on macOS) and carries the game's
data files, every sub-command (they are imported by name, so they are listed explicitly),
the ffmpeg that imageio-ffmpeg ships (for `record --out demo.mp4`) and the icon drawn by
packaging/make_icon.py.  The bundle carries the engine as Python source (the checkout comes
first on the path), not the C extensions that setup.py compiles for `pip install .`: the game
does not need their speed, only headless simulations do.  PyInstaller builds for the system it runs on: build on Windows for
Windows, on macOS for macOS.  Not run in CI (it takes minutes and downloads nothing, but
needs PyInstaller installed).
"""

from __future__ import annotations

import argparse
import pkgutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "monopoly-cpc"
LAUNCHER = """\
import sys
from monopoly_cpc.cli import main
sys.exit(main())
"""


def command_modules() -> list[str]:
    """Every monopoly_cpc.commands.* module (the command line imports them by name)."""
    sys.path.insert(0, str(ROOT))
    from monopoly_cpc import commands

    return sorted(f"monopoly_cpc.commands.{m.name}" for m in pkgutil.iter_modules(commands.__path__))


def pyinstaller_args(launcher: Path, onefile: bool, console: bool, dist: Path, work: Path) -> list[str]:
    sep = ";" if sys.platform == "win32" else ":"
    icon = ROOT / "packaging" / "monopoly-cpc.png"
    args = [
        str(launcher),
        "--name", NAME,
        "--noconfirm", "--clean",
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
        "--onefile" if onefile else "--onedir",
        "--console" if console else "--windowed",
        "--add-data", f"{ROOT / 'assets'}{sep}monopoly_cpc/assets",   # where monopoly_cpc.paths looks
        "--collect-submodules", "monopoly_cpc",
        "--collect-all", "imageio_ffmpeg",   # the ffmpeg binary for MP4 export
        "--collect-data", "imageio",
        "--hidden-import", "yaml", "--hidden-import", "platformdirs",
    ]
    for mod in command_modules():
        args += ["--hidden-import", mod]
    if icon.exists():
        args += ["--icon", str(icon)]  # PyInstaller turns the PNG into .ico/.icns with Pillow
    return args


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build a standalone Monopoly CPC with PyInstaller.")
    p.add_argument("--onefile", action="store_true", help="one executable file instead of a folder")
    p.add_argument("--console", action="store_true", help="keep a console (to see the tools' output)")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    p.add_argument("--dry-run", action="store_true", help="print the PyInstaller arguments and stop")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="monopoly-cpc-build-") as tmp:
        launcher = Path(tmp) / "monopoly_cpc_app.py"
        launcher.write_text(LAUNCHER, encoding="utf-8")
        args = pyinstaller_args(launcher, a.onefile, a.console, a.dist, Path(tmp) / "work")
        if a.dry_run:
            print("pyinstaller " + " ".join(args))
            return 0
        try:
            import PyInstaller.__main__ as pyinstaller
        except ImportError:
            print("build_app: PyInstaller is not installed (pip install pyinstaller)", file=sys.stderr)
            return 1
        pyinstaller.run(args)
    print(f"build_app: the app is in {a.dist / NAME}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
