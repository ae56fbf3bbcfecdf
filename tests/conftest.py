"""Shared test set-up: everything runs headless, whatever the machine has."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run the long tests too")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="long run: use --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Settings, saves, logs and screenshots of tests never touch the real user folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("XDG_PICTURES_DIR", str(home / "pictures"))
    yield


@pytest.fixture(scope="session")
def mypy_run(tmp_path_factory):
    """``mypy_run(*args) -> (status, report)``: mypy with pyproject.toml's [tool.mypy] settings,
    run from the checkout (the settings' paths are relative to it), with one cache for the test
    session. Without arguments it checks the settings' files; arguments name other files.

    mypy is in the test extra wherever it installs (CPython): there it must be present, so that
    the type checks are never skipped unnoticed.
    """
    import platform
    import subprocess
    import sys
    from pathlib import Path

    if platform.python_implementation() != "CPython":
        pytest.skip("the test extra installs mypy on CPython only")
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is missing: install the test extra (pip install '.[test]')")
    root = Path(__file__).resolve().parents[1]
    cache = tmp_path_factory.mktemp("mypy_cache")

    def run(*args: str) -> tuple[int, str]:
        r = subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                            str(root / "pyproject.toml"), "--cache-dir", str(cache),
                            "--no-error-summary", *args], cwd=root, capture_output=True,
                           text=True, timeout=600, check=False)
        return r.returncode, r.stdout + r.stderr

    return run
