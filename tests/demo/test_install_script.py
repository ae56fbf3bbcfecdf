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


@pytest.mark.parametrize("order", [("--kiosk-service", "--kiosk"), ("--kiosk", "--kiosk-service")],
                         ids=["service-then-autostart", "autostart-then-service"])
def test_installing_both_starters_warns_in_either_order(tmp_path, order):
    home = tmp_path / "home"
    home.mkdir()
    exe = _venv(tmp_path / "venv")
    first = _install(home, order[0], "--program", str(exe))
    assert first.returncode == 0 and "warning" not in first.stderr, first.stderr
    second = _install(home, order[1], "--program", str(exe))
    assert second.returncode == 0
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning:") and "keep one starter" in lines[0], second.stderr


def test_the_service_route_installs_its_starter_entry(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    exe = _venv(tmp_path / "venv")
    assert _install(home, "--kiosk-service", "--program", str(exe)).returncode == 0
    starter = _entry(home / ".config/autostart/monopoly-cpc-kiosk-service.desktop")
    assert "import-environment DISPLAY" in starter["Exec"] and "monopoly-cpc-kiosk.service" in starter["Exec"]
    tool = shutil.which("desktop-file-validate")
    if tool is not None:
        done = subprocess.run([tool, str(home / ".config/autostart/monopoly-cpc-kiosk-service.desktop")],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0 and (done.stdout + done.stderr).strip() == "", done.stdout + done.stderr


def test_openbox_starts_the_game_and_the_service_from_its_autostart(tmp_path):
    """Debian 12's openbox (no graphical-session.target, no DISPLAY in the user manager): its
    session runs the XDG autostart entries with the display; here the game and `systemctl`
    are stand-ins that write down how they were called."""
    for tool in ("openbox-session", "xvfb-run", "Xvfb"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (Debian: openbox python3-xdg xvfb)")
    if not Path("/usr/lib/x86_64-linux-gnu/openbox-xdg-autostart").exists() and not list(
            Path("/usr/lib").glob("*/openbox-xdg-autostart")):
        pytest.skip("openbox's XDG autostart helper is not installed")
    home = tmp_path / "home"
    home.mkdir()
    exe = _venv(tmp_path / "venv")
    systemctl = exe.parent / "systemctl"
    systemctl.write_text('#!/bin/sh\necho "$* DISPLAY=$DISPLAY" >> "$HOME/systemctl"\n'
                         '[ "$2" = is-active ] && exit 3\nexit 0\n')
    systemctl.chmod(0o755)
    assert _install(home, "--kiosk", "--program", str(exe)).returncode == 0
    assert _install(home, "--kiosk-service", "--program", str(exe)).returncode == 0
    env = {"HOME": str(home), "PATH": f"{exe.parent}:/usr/bin:/bin"}
    import time

    proc = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 640x480x24", "openbox-session"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not ((home / "started").exists()
                                                   and "restart" in _text(home / "systemctl")):
            time.sleep(0.2)
    finally:
        import signal

        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    assert _text(home / "started").startswith("started --kiosk")
    calls = _text(home / "systemctl").splitlines()
    assert calls[0].startswith("--user import-environment DISPLAY") and "DISPLAY=:" in calls[0]
    assert calls[-1].startswith("--user restart monopoly-cpc-kiosk.service DISPLAY=:")


def _text(path: Path) -> str:
    return path.read_text() if path.exists() else ""
