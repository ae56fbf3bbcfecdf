"""packaging/install-linux.sh after the README's venv install: entries that name the venv's
program (a venv's bin/ is not on the PATH: TryExec=monopoly-cpc hid the launcher)."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "install-linux.sh"


def _venv(where: Path) -> Path:
    """A stand-in for `python3 -m venv .venv && .venv/bin/pip install .`: its bin/monopoly-cpc."""
    exe = where / "bin" / "monopoly-cpc"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\necho started \"$@\" > \"$HOME/started\"\n")
    exe.chmod(0o755)
    return exe


def _install(home: Path, *args: str, env_extra: dict | None = None,
             script: Path = SCRIPT) -> subprocess.CompletedProcess:
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    env.update(env_extra or {})
    return subprocess.run(["sh", str(script), *args], capture_output=True, text=True, env=env, check=False)


def _entry(path: Path) -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read(path, encoding="utf-8")
    return cp["Desktop Entry"]


def test_the_launcher_and_the_kiosk_entries_name_the_venvs_program(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    exe = _venv(tmp_path / "venv")
    done = _install(home, "--kiosk", env_extra={"VIRTUAL_ENV": str(tmp_path / "venv")})
    assert done.returncode == 0, done.stderr
    app = _entry(home / ".local/share/applications/monopoly-cpc.desktop")
    assert app["Exec"] == str(exe) and app["TryExec"] == str(exe)
    kiosk = _entry(home / ".config/autostart/monopoly-cpc-kiosk.desktop")
    assert kiosk["Exec"] == f"{exe} --kiosk" and kiosk["TryExec"] == str(exe)
    assert (home / ".local/share/icons/hicolor/256x256/apps/monopoly-cpc.png").is_file()


def test_the_systemd_unit_starts_the_venvs_program(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    exe = _venv(tmp_path / "my venv")                  # a space: quoted
    done = _install(home, "--kiosk-service", "--program", str(exe))
    assert done.returncode == 0, done.stderr
    unit = (home / ".config/systemd/user/monopoly-cpc-kiosk.service").read_text()
    assert f'ExecStart="{exe}" --kiosk' in unit and "Restart=always" in unit
    app = _entry(home / ".local/share/applications/monopoly-cpc.desktop")
    assert app["Exec"] == f'"{exe}"'
    tool = shutil.which("systemd-analyze")
    if tool is not None:
        runtime = tmp_path / "run"
        runtime.mkdir(mode=0o700)
        check = subprocess.run([tool, "--user", "verify", str(home / ".config/systemd/user/monopoly-cpc-kiosk.service")],
                               capture_output=True, text=True, check=False,
                               env=dict(os.environ, HOME=str(home), XDG_RUNTIME_DIR=str(runtime)))
        if "Failed to initialize manager" not in check.stderr:
            assert check.returncode == 0 and check.stderr.strip() == "", check.stderr


def test_no_installed_program_is_one_line_and_nothing_written(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    # a copy of packaging/ in a checkout without .venv (CI's clone has one beside the script)
    bare = tmp_path / "checkout" / "packaging"
    shutil.copytree(SCRIPT.parent, bare)
    done = _install(home, script=bare / SCRIPT.name)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "install the game first" in done.stderr
    assert not (home / ".local").exists()
    assert _install(home, "--nope", script=bare / SCRIPT.name).returncode == 2


def test_the_installed_entries_validate(tmp_path):
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed (Debian: desktop-file-utils)")
    home = tmp_path / "home"
    home.mkdir()
    _venv(tmp_path / "venv")
    assert _install(home, "--kiosk", "--program", str(tmp_path / "venv/bin/monopoly-cpc")).returncode == 0
    for entry in (home / ".local/share/applications/monopoly-cpc.desktop",
                  home / ".config/autostart/monopoly-cpc-kiosk.desktop"):
        done = subprocess.run([tool, str(entry)], capture_output=True, text=True, check=False)
        assert done.returncode == 0 and (done.stdout + done.stderr).strip() == "", done.stdout + done.stderr


def test_gtk_launch_starts_the_installed_launcher(tmp_path):
    """What a desktop's menu does: find the entry by its name and start it."""
    tool = shutil.which("gtk-launch")
    if tool is None:
        pytest.skip("gtk-launch is not installed (Debian: libgtk-3-bin)")
    display = os.environ.get("DISPLAY")
    xvfb = None
    if not display:
        if shutil.which("Xvfb") is None:
            pytest.skip("no X display for gtk-launch")
        display = f":{50 + os.getpid() % 40}"
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "320x200x24"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        home = tmp_path / "home"
        home.mkdir()
        _venv(tmp_path / "venv")
        assert _install(home, "--program", str(tmp_path / "venv/bin/monopoly-cpc")).returncode == 0
        env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "DISPLAY": display,
               "XDG_DATA_DIRS": "/usr/share", "XDG_RUNTIME_DIR": str(tmp_path)}
        for _ in range(50):
            done = subprocess.run([tool, "monopoly-cpc"], capture_output=True, text=True, env=env, check=False)
            if "cannot open display" not in done.stderr.lower():
                break
            import time

            time.sleep(0.1)
        assert done.returncode == 0, done.stderr
        import time

        for _ in range(50):
            if (home / "started").exists():
                break
            time.sleep(0.1)
        assert (home / "started").read_text().strip() == "started"
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
