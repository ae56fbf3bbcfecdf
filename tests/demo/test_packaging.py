"""The double-click launcher: desktop entries, the icon drawn through the framebuffer, the app builder."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "packaging"


def _entry(name: str) -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str  # keys are case-sensitive in desktop files
    cp.read(PACK / name, encoding="utf-8")
    return cp["Desktop Entry"]


def test_launcher_entries():
    app = _entry("monopoly-cpc.desktop")
    assert app["Type"] == "Application" and app["Exec"] == "monopoly-cpc" and app["Icon"] == "monopoly-cpc"
    assert app["Terminal"] == "false" and "Game;" in app["Categories"]
    kiosk = _entry("monopoly-cpc-kiosk.desktop")
    assert kiosk["Exec"] == "monopoly-cpc --kiosk" and kiosk["X-GNOME-Autostart-enabled"] == "true"


def test_systemd_unit_restarts_always_but_not_after_the_operator_quits():
    text = (PACK / "monopoly-cpc-kiosk.service").read_text()
    assert "Restart=always" in text and "RestartPreventExitStatus=0" in text
    assert "ExecStart=%h/.local/bin/monopoly-cpc --kiosk" in text
    cp = configparser.ConfigParser(interpolation=None, strict=True)
    cp.optionxform = str
    cp.read_string(text)
    # systemd reads the start limit from [Unit] only; in [Service] it is ignored with a warning
    assert cp["Unit"]["StartLimitIntervalSec"] == "0" and "StartLimitIntervalSec" not in cp["Service"]
    assert cp["Service"]["Restart"] == "always" and cp["Install"]["WantedBy"] == "graphical-session.target"


def test_the_kiosk_unit_in_the_docs_is_the_packaged_one():
    doc = (ROOT / "docs" / "kiosk.md").read_text(encoding="utf-8")
    unit = (PACK / "monopoly-cpc-kiosk.service").read_text(encoding="utf-8")
    body = unit[unit.index("[Unit]"):].strip()
    assert body in doc


def test_systemd_analyze_verify_finds_nothing(tmp_path):
    tool = shutil.which("systemd-analyze")
    if tool is None:
        import pytest

        pytest.skip("systemd-analyze is not installed")
    home = tmp_path / "home"
    (home / ".local" / "bin").mkdir(parents=True)
    exe = home / ".local" / "bin" / "monopoly-cpc"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    unit = tmp_path / "monopoly-cpc-kiosk.service"
    shutil.copy(PACK / unit.name, unit)
    env = dict(os.environ, HOME=str(home), XDG_RUNTIME_DIR=str(runtime))
    done = subprocess.run([tool, "--user", "verify", str(unit)], capture_output=True, text=True,
                          env=env, check=False)
    if "Failed to initialize manager" in done.stderr:
        import pytest

        pytest.skip(f"systemd-analyze cannot run here: {done.stderr.strip()}")
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr


def test_desktop_file_validate_finds_nothing():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        import pytest

        pytest.skip("desktop-file-validate is not installed (Debian: desktop-file-utils)")
    for name in ("monopoly-cpc.desktop", "monopoly-cpc-kiosk.desktop"):
        done = subprocess.run([tool, str(PACK / name)], capture_output=True, text=True, check=False)
        assert done.returncode == 0 and (done.stdout + done.stderr).strip() == "", done.stdout + done.stderr


def test_the_icon_is_up_to_date_and_in_cpc_colours():
    done = subprocess.run([sys.executable, str(PACK / "make_icon.py"), "--check"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stdout
    big = np.asarray(Image.open(PACK / "monopoly-cpc.png"))
    assert big.shape == (256, 256, 4)
    from monopoly_cpc.render.palette import palette

    cpc = {tuple(int(v) for v in c) for c in palette().rgb}
    opaque = big[big[:, :, 3] == 255][:, :3]
    assert {tuple(int(v) for v in c) for c in np.unique(opaque, axis=0)} <= cpc
    assert (big[:, :, 3] == 0).any()  # a transparent background around the house


def test_build_app_lists_every_command_and_the_assets():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dry-run"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    out = done.stdout
    for name in ("replay", "record", "demo", "soak"):
        assert f"--hidden-import monopoly_cpc.commands.{name}" in out
    assert f"--add-data {ROOT / 'assets'}{os.pathsep}monopoly_cpc/assets" in out
    assert "--windowed" in out and "imageio_ffmpeg" in out


def _wait_for_display_command() -> str:
    """The unit's ExecStartPre as sh runs it (systemd's $$ and %% undone)."""
    unit = (PACK / "monopoly-cpc-kiosk.service").read_text()
    line = next(x for x in unit.splitlines() if x.startswith("ExecStartPre=/bin/sh -c '"))
    return line[len("ExecStartPre=/bin/sh -c '"):-1].replace("$$", "$").replace("%%", "%")


def test_without_a_display_the_unit_waits_backing_off_instead_of_restarting(tmp_path):
    import socket
    import time

    import pytest

    script = _wait_for_display_command()
    env = {"PATH": "/usr/bin:/bin"}
    started = time.monotonic()
    waiting = subprocess.Popen(["sh", "-c", script], env=env)   # no DISPLAY at all
    try:
        time.sleep(4)
        assert waiting.poll() is None, "gave up (the unit would restart every 2 s)"
    finally:
        waiting.kill()
        waiting.wait()
    assert "n * 2" in script and "-ge 30" in script   # 1, 2, 4 ... 30 s between looks
    done = subprocess.run(["sh", "-c", script], env={**env, "WAYLAND_DISPLAY": "wayland-0"}, timeout=10,
                          check=False)
    assert done.returncode == 0
    folder = Path("/tmp/.X11-unix")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        pytest.skip("cannot make an X socket here")
    number = 900 + os.getpid() % 90
    path = folder / f"X{number}"
    if path.exists():
        pytest.skip(f"{path} is in use")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    try:
        started = time.monotonic()
        done = subprocess.run(["sh", "-c", script], env={**env, "DISPLAY": f":{number}.0"}, timeout=10,
                              check=False)
        assert done.returncode == 0 and time.monotonic() - started < 5
    finally:
        sock.close()
        path.unlink()
