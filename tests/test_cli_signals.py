"""Signals and usage errors of the tools: one line and one exit code, no orphan, no traceback.

CTRL+C (SIGINT to the whole process group, as a terminal sends it) or SIGTERM (to the parent,
as ``kill`` or a supervisor sends it) at a random moment of `landing` and `simulate` (one
process, a pool of workers, the personalities' pool): exit 130 or 143, the one line
``monopoly-cpc: interrupted``/``terminated``, and no worker left running.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from monopoly_cpc import cli

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and /proc")

RUNS = {
    "landing": ["landing", "--rolls", "900000000"],
    "simulate": ["simulate", "--games", "2000000"],
    "simulate --jobs 2": ["simulate", "--games", "2000000", "--jobs", "2"],
    "personalities --jobs 2": ["simulate", "--personalities", "--games", "2000000", "--jobs", "2"],
}


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as f:
                out |= {int(x) for x in f.read().split()}
    except OSError:
        pass
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _compiled() -> str | None:
    """The folder of an installed compiled build this interpreter imports from outside the
    checkout (``pip install .`` with a compiler; MONOPOLY_CPC_COMPILED_PATH names another
    one, e.g. ``pip install --target DIR .``), or None."""
    extra = os.environ.get("MONOPOLY_CPC_COMPILED_PATH", "")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if extra:
        env["PYTHONPATH"] = extra
    code = "import monopoly_cpc.rules.landing as m; print(m.__file__)"
    try:
        done = subprocess.run([sys.executable, "-c", code], cwd="/", env=env, capture_output=True,
                              text=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    where = done.stdout.strip()
    if done.returncode != 0 or where.endswith(".py") or str(ROOT) in where:
        return None
    return extra


BUILDS = ["source", "compiled"]


def _signals_as_from_a_terminal() -> None:
    """In the child before it runs: every ending signal at its default, as a program started
    from a terminal has them, even when these tests run under ``nohup`` (whose ignored SIGHUP
    the program rightly keeps ignoring, and the child would inherit)."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def _start(argv: list[str], build: str = "source") -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    cwd = None
    if build == "compiled":
        compiled = _compiled()
        if compiled is None:
            pytest.skip("no compiled build installed (pip install . with a compiler)")
        env.pop("PYTHONPATH")
        if compiled:
            env["PYTHONPATH"] = compiled
        cwd = "/"
    return subprocess.Popen([sys.executable, "-m", "monopoly_cpc", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, start_new_session=True, cwd=cwd,
                            preexec_fn=_signals_as_from_a_terminal)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
@pytest.mark.parametrize("run", sorted(RUNS))
@pytest.mark.parametrize("build", BUILDS)
def test_a_signal_at_any_moment_is_one_line_and_leaves_no_worker(build, run, sig):
    rng = random.Random(f"{run}{sig}")
    proc = _start(RUNS[run], build)
    try:
        deadline = time.monotonic() + 60
        want = 2 if "jobs" in run else 0
        while len(_children(proc.pid)) < want and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0 + rng.random() * 2)   # the work is under way, at a random moment
        workers = _children(proc.pid)
        assert len(workers) >= want
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)   # CTRL+C: the terminal signals the whole group
        else:
            os.kill(proc.pid, sig)     # kill / a supervisor: the parent only
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    text = err.decode("utf-8", "replace")
    assert proc.returncode == (130 if sig == signal.SIGINT else 143), text
    assert text.strip() == ("monopoly-cpc: interrupted" if sig == signal.SIGINT else "monopoly-cpc: terminated")
    time.sleep(0.5)
    assert not [w for w in workers if _alive(w)], "workers left running"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_workers_end_with_a_parent_killed_outright():
    proc = _start(RUNS["simulate --jobs 2"])
    try:
        deadline = time.monotonic() + 60
        while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children(proc.pid)
        assert len(workers) == 2
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
        for _ in range(50):
            if not [w for w in workers if _alive(w)]:
                break
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["simulate", "--help"], ["landing", "--help"],
                                  ["record", "--help"], ["demo", "--help"]])
def test_help_to_a_full_output_is_one_line_and_exit_1(argv):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "monopoly_cpc", *argv], stdout=full,
                              stderr=subprocess.PIPE, env=env, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr.strip() == "monopoly-cpc: cannot write to standard output: No space left on device"


@pytest.mark.parametrize("ai", ["grandmaster", "expert:Nobody", "baseline:Prudent", "", "expert,,normal",
                                "EXPERT:", "random:Avare", "x" * 500, "expert,normal,facile,baseline,expert"])
def test_a_bad_ai_list_is_a_usage_error(ai, capsys):
    for extra in ([], ["--personalities"]):
        with pytest.raises(SystemExit) as exc:
            cli.main(["simulate", "--players", "4", *extra, "--ai", ai])
        assert exc.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err[0].startswith("usage: monopoly-cpc simulate")
        assert err[-1].startswith("monopoly-cpc simulate: error: ") and len(err[-1]) < 200


def _cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _signal_when_busy(argv: list[str], sig: int, cwd: Path, cpu: float = 2.0) -> tuple[int, str]:
    """Run ``argv`` in ``cwd``, send ``sig`` once it has used ``cpu`` seconds (its work under
    way, past the imports), and return its exit code and standard error."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(cwd / "data"), XDG_CONFIG_HOME=str(cwd / "config"),
               XDG_STATE_HOME=str(cwd / "state"))
    proc = subprocess.Popen([sys.executable, "-m", "monopoly_cpc", *argv], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=_signals_as_from_a_terminal)
    try:
        deadline = time.monotonic() + 120
        while _cpu_seconds(proc.pid) < cpu and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert proc.poll() is None, "ended before the signal"
        os.kill(proc.pid, sig)
        _out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, err.decode("utf-8", "replace")


ENDING = {signal.SIGINT: (130, "interrupted"), signal.SIGTERM: (143, "terminated"),
          signal.SIGHUP: (129, "hung up")}
ENDINGS = pytest.mark.parametrize("sig", list(ENDING), ids=["sigint", "sigterm", "sighup"])


@ENDINGS
@pytest.mark.parametrize("argv", [["demo", "--headless", "--seconds", "600000"],
                                  ["--headless", "--loader", "skip", "--frames", "30000000"]],
                         ids=["demo", "game"])
def test_every_ending_signal_writes_the_recording(tmp_path, sig, argv):
    from monopoly_cpc.demo import replay as R

    code, err = _signal_when_busy([*argv, "--record", "rec.json"], sig, tmp_path)
    assert (code, err.strip()) == (ENDING[sig][0], f"monopoly-cpc: {ENDING[sig][1]}")
    replay = R.load(tmp_path / "rec.json")
    assert replay.ticks > 0
    assert not [p for p in os.listdir(tmp_path) if ".tmp" in p]


def _hang_up_ignored() -> None:
    _signals_as_from_a_terminal()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)    # as ``nohup monopoly-cpc ...`` starts it


def test_under_nohup_a_hang_up_is_ignored_and_the_game_goes_on(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    argv = ["--headless", "--loader", "skip", "--frames", "30000000", "--record", "rec.json"]
    proc = subprocess.Popen([sys.executable, "-m", "monopoly_cpc", *argv], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=_hang_up_ignored)
    try:
        deadline = time.monotonic() + 120
        while _cpu_seconds(proc.pid) < 2.0 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGHUP)
        time.sleep(1.0)
        assert proc.poll() is None, "a hang-up under nohup ended the game"
        os.kill(proc.pid, signal.SIGTERM)
        _out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, err.decode().strip()) == (143, "monopoly-cpc: terminated")
    assert (tmp_path / "rec.json").exists()


@pytest.fixture(scope="module")
def long_replay(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("replay")
    assert cli.main(["demo", "--headless", "--seconds", "120", "--record", str(folder / "r.json")]) == 0
    return folder / "r.json"


@ENDINGS
@pytest.mark.parametrize("out", ["x.gif", "frames/"])
def test_every_ending_signal_leaves_no_temp_file_from_record(tmp_path, sig, out, long_replay):
    (tmp_path / "frames").mkdir()
    code, err = _signal_when_busy(["record", str(long_replay), "--out", out, "--quiet"], sig, tmp_path,
                                  cpu=3.0)
    assert (code, err.strip()) == (ENDING[sig][0], f"monopoly-cpc: {ENDING[sig][1]}")
    left = [str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if ".tmp" in p.name]
    assert not left
    assert not (tmp_path / "x.gif").exists()
