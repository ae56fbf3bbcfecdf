"""Build of monopoly-cpc: the data files shipped in the package, the rules engine and the
computer players compiled with mypyc.

Everything else is in pyproject.toml.  The game's data files live in ``assets/`` at the top of
the repository; the wheel carries them inside the package, as ``monopoly_cpc/assets/`` (the
package ``monopoly_cpc.assets`` mapped to that folder), where ``monopoly_cpc/paths.py`` looks
first.  A source checkout and an editable install read ``assets/`` itself: one copy of each file.

On CPython under Linux or macOS with a C compiler and the Python headers at hand,
``pip install .`` compiles the modules of ``COMPILED`` (the engine's hot path and the computer
players) to C extensions with mypyc, which makes headless games about 2.5 times faster. The same
modules stay in the wheel as Python source, and the games are the same either way
(tests/test_compiled.py).

The compiled build is optional and never stops an install. mypy (which brings mypyc) is asked
for only when the build will compile, so a pure install needs nothing more than before. The
package installs as pure Python, with a one-line note in pip's verbose output, on Windows, on
other Pythons than CPython, without a compiler or the Python headers, with
``MONOPOLY_CPC_PURE=1``, in an editable install (``pip install -e .``, where compiled copies
would hide edits to the source), and when anything in the compilation fails or the result does
not load (all or nothing).
"""

from __future__ import annotations

import glob
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

MYPY = "mypy==2.4.1"     # the mypyc that compiles (tests/test_compiled.py type-checks with it)

# Modules compiled to C. Each must type-check under mypy (tests/test_compiled.py checks it): a
# type error would make the build fall back to pure Python. Modules with frozen dataclasses
# (actions, board, cards, variants, levels, personality, game/setup) stay Python: their objects
# are copied and compared by code that compiled frozen classes do not support (copy.deepcopy).
# ``game/game.py`` stays Python too: the screen tests record what the game applies by replacing
# its module's ``apply`` and ``computers``, which compiled code would not see.
COMPILED = [
    "monopoly_cpc/analysis/landing.py",
    "monopoly_cpc/rules/core.py",
    "monopoly_cpc/rules/deals.py",
    "monopoly_cpc/rules/engine.py",
    "monopoly_cpc/rules/events.py",
    "monopoly_cpc/rules/queries.py",
    "monopoly_cpc/rules/rng.py",
    "monopoly_cpc/rules/state.py",
    "monopoly_cpc/rules/turn.py",
    "monopoly_cpc/ai/actions.py",
    "monopoly_cpc/ai/bot.py",
    "monopoly_cpc/ai/board_views.py",
    "monopoly_cpc/ai/knowledge.py",
    "monopoly_cpc/ai/reasons.py",
    "monopoly_cpc/ai/sim.py",
    "monopoly_cpc/ai/table.py",
    "monopoly_cpc/ai/trading.py",
    "monopoly_cpc/ai/values.py",
]


def _asset_packages() -> list[str]:
    """assets/ and each folder in it (texts/...) as packages of data: setuptools ships the data
    files of listed packages, and warns about folders of data it was not told about."""
    top = Path(__file__).resolve().parent
    found = []
    for folder, dirs, _files in os.walk(top / "assets"):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        found.append(".".join(["monopoly_cpc", *Path(folder).relative_to(top).parts]))
    if not found:
        raise SystemExit(f"setup.py: the game's data files are missing ({top / 'assets'})")
    return found


# The package, and the data files of assets/, shipped as monopoly_cpc/assets.
ASSET_PACKAGES = _asset_packages()
PACKAGES = [*find_packages(include=["monopoly_cpc", "monopoly_cpc.*"]), *ASSET_PACKAGES]
PACKAGE_DIR = {"monopoly_cpc.assets": "assets"}
PACKAGE_DATA = {package: ["*"] for package in ASSET_PACKAGES}


def _say(message: str) -> None:
    print(f"monopoly-cpc: {message}", file=sys.stderr)


def _compiler_at_hand() -> bool:
    """A C compiler and the Python headers, without starting anything that asks the user."""
    if sys.platform == "win32":
        return False      # players on Windows need no simulation speed: always the pure build
    if sys.platform == "darwin":
        # /usr/bin/cc exists on every Mac, but without the command line tools it only opens a
        # dialog offering to install them.
        try:
            found = subprocess.run(["xcode-select", "-p"], capture_output=True, timeout=30,
                                   check=False).returncode == 0
        except (OSError, subprocess.SubprocessError):
            found = False
        if not found:
            return False
    cc = os.environ.get("CC", "").split()
    if not any(shutil.which(c) for c in (cc[:1] or ["cc", "gcc", "clang"])):
        return False
    return os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))


def _compile_wanted() -> bool:
    if os.environ.get("MONOPOLY_CPC_PURE", "").strip() not in ("", "0"):
        return False
    return platform.python_implementation() == "CPython" and _compiler_at_hand()


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python instead of failing the install."""

    def run(self) -> None:
        self._drop_stale()
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 (no compiler, no headers, a compiler error...)
            first = (str(exc).splitlines() or [""])[0][:160]
            self._undo(f"compiling failed ({type(exc).__name__}: {first}); "
                       "installing the pure Python modules")
            return
        why = self._load_check()
        if why:
            self._undo(f"the compiled modules do not load ({why}); "
                       "installing the pure Python modules")

    def _outputs(self) -> set[str]:
        return {os.path.abspath(self.get_ext_fullpath(ext.name)) for ext in self.extensions}

    def _drop_stale(self) -> None:
        """Extensions left in build/ by an earlier build of another COMPILED list (or of an
        older mypyc) would be packed into the wheel and hide the Python source."""
        keep = self._outputs()
        for path in glob.glob(os.path.join(self.build_lib, "**", "*"), recursive=True):
            if path.endswith(tuple(EXTENSION_SUFFIXES)) and os.path.abspath(path) not in keep:
                os.remove(path)

    def _load_check(self) -> str:
        """Load mypyc's shared library (every compiled module needs it) in a fresh interpreter:
        a library built for another architecture, say, fails here rather than in the game."""
        shared = [ext.name for ext in self.extensions if ext.name.endswith("__mypyc")]
        if not shared:
            return ""
        code = (f"import importlib, sys; sys.path.insert(0, {os.path.abspath(self.build_lib)!r}); "
                f"importlib.import_module({shared[0]!r})")   # the name starts with a digit
        try:
            r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               timeout=120, check=False)
        except (OSError, subprocess.SubprocessError) as exc:
            return type(exc).__name__
        return "" if r.returncode == 0 else ((r.stderr.strip().splitlines() or ["?"])[-1][:160])

    def _undo(self, why: str) -> None:
        # All or nothing: a module compiled without the shared runtime library would not import.
        for path in self._outputs():
            if os.path.exists(path):
                os.remove(path)
        self.extensions = []
        _say(why)


def _extensions() -> list:
    commands = sys.argv[1:]
    if any(arg.startswith("editable") or arg == "develop" for arg in commands):
        return []      # editable install: the source tree stays what runs
    if not any(arg in ("bdist_wheel", "build", "build_ext", "install") for arg in commands):
        return []      # metadata only (egg_info, dist_info, sdist): nothing to compile
    if not _compile_wanted():
        _say("pure Python modules (MONOPOLY_CPC_PURE, Windows, not CPython, or no C compiler "
             "and Python headers)")
        return []
    try:
        from mypyc.build import mypycify

        return mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3", debug_level="0")
    except BaseException as exc:  # mypycify exits (SystemExit) on a type error
        if isinstance(exc, KeyboardInterrupt):
            raise
        _say(f"mypyc unavailable or refused the modules ({type(exc).__name__}); "
             "pure Python modules")
        return []


def _build_requires() -> list[str]:
    """mypy for the build, asked for only when it will compile. setuptools' PEP 517 backend
    hands setup_requires to pip as build requirements when it runs egg_info for them."""
    if "egg_info" in sys.argv[1:] and _compile_wanted():
        return [MYPY]
    return []


setup(packages=PACKAGES, package_dir=PACKAGE_DIR, package_data=PACKAGE_DATA,
      ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt},
      setup_requires=_build_requires())
