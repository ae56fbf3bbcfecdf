"""Build of monopoly-cpc: the rules engine and the computer players compiled with mypyc.

Everything is in pyproject.toml except this: when a C compiler is at hand, ``pip install .``
compiles the modules of ``COMPILED`` (the engine's hot path and the computer players) to C
extensions with mypyc, which makes headless games about 2.5 times faster. The same modules stay
in the wheel as Python source, and the games are the same either way (tests/test_compiled.py).

The compiled build is optional and never stops an install: without a compiler (most Windows and
macOS machines), with ``MONOPOLY_CPC_PURE=1``, in an editable install (``pip install -e .``,
where compiled copies would hide edits to the source) or when anything in the compilation fails,
the package installs as pure Python, with a one-line note in pip's verbose output.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# Modules compiled to C. Each must type-check under mypy (tests/test_compiled.py checks it): a
# type error would make the build fall back to pure Python. Modules with frozen dataclasses
# (actions, board, cards, variants, levels, personality) stay Python: their objects are copied
# and compared by code that compiled frozen classes do not support (copy.deepcopy).
COMPILED = [
    "monopoly_cpc/rules/core.py",
    "monopoly_cpc/rules/deals.py",
    "monopoly_cpc/rules/engine.py",
    "monopoly_cpc/rules/events.py",
    "monopoly_cpc/rules/landing.py",
    "monopoly_cpc/rules/queries.py",
    "monopoly_cpc/rules/rng.py",
    "monopoly_cpc/rules/state.py",
    "monopoly_cpc/ai/bot.py",
    "monopoly_cpc/ai/sim.py",
    "monopoly_cpc/ai/trading.py",
    "monopoly_cpc/ai/values.py",
]


def _say(message: str) -> None:
    print(f"monopoly-cpc: {message}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python instead of failing the install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 (no compiler, no headers, a compiler error...)
            first = (str(exc).splitlines() or [""])[0][:160]
            self._undo(f"compiling failed ({type(exc).__name__}: {first}); "
                       "installing the pure Python modules")

    def _undo(self, why: str) -> None:
        # All or nothing: a module compiled without the shared runtime library would not import.
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.remove(path)
        self.extensions = []
        _say(why)


def _extensions() -> list:
    if os.environ.get("MONOPOLY_CPC_PURE", "").strip() not in ("", "0"):
        _say("MONOPOLY_CPC_PURE is set: pure Python modules")
        return []
    commands = sys.argv[1:]
    if any(arg.startswith("editable") or arg == "develop" for arg in commands):
        return []      # editable install: the source tree stays what runs
    if not any(arg in ("bdist_wheel", "build", "build_ext", "install") for arg in commands):
        return []      # metadata only (egg_info, dist_info, sdist): nothing to compile
    try:
        from mypyc.build import mypycify

        return mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3", debug_level="0")
    except BaseException as exc:  # mypycify exits (SystemExit) on a type error
        if isinstance(exc, KeyboardInterrupt):
            raise
        _say(f"mypyc unavailable or refused the modules ({type(exc).__name__}); "
             "pure Python modules")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
