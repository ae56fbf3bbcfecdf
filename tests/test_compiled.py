"""The compiled build (setup.py: mypyc) plays exactly the games of the Python source.

The README's commands install the package with ``pip install .``, which compiles the modules of
setup.py's ``COMPILED`` list when a C compiler is at hand; pytest, run from the checkout, imports
the source tree. The tests below run the *installed* copy in a subprocess started outside the
checkout and compare it with the source. They are skipped when the installed copy is pure
Python (an editable install, ``MONOPOLY_CPC_PURE=1``, no compiler).
"""

from __future__ import annotations

import ast
import json
import os
import runpy
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def compiled_modules() -> list[str]:
    """setup.py's COMPILED list (read, not run: running setup.py would build)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py has no COMPILED list")


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def _run(code: str, cwd: Path, timeout: float = 900) -> str:
    r = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=_env(), capture_output=True,
                       text=True, timeout=timeout, check=False)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def _not_here(reason: str) -> None:
    """Skip, or fail where CI asks for the compiled build (MONOPOLY_CPC_REQUIRE_COMPILED=1 in
    .ci/run: a build that fell back to pure Python must not pass unnoticed)."""
    if os.environ.get("MONOPOLY_CPC_REQUIRE_COMPILED", "").strip() not in ("", "0"):
        pytest.fail(f"MONOPOLY_CPC_REQUIRE_COMPILED is set, but {reason}")
    pytest.skip(reason)


def _differences(source: Path, copy: Path) -> list[str]:
    """Files of the source package that the installed copy lacks or has otherwise."""
    out = []
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".so", ".pyd"):
            continue
        rel = path.relative_to(source)
        other = copy / rel
        if not other.is_file() or other.read_bytes() != path.read_bytes():
            out.append(str(rel))
    return out


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    """A folder outside the checkout from which the installed, compiled package imports (the
    same source as the checkout's), while this process imports the checkout's source."""
    import monopoly_cpc

    if ROOT / "monopoly_cpc" not in Path(monopoly_cpc.__file__).resolve().parents:
        pytest.skip("this pytest imports the installed package, not the checkout "
                    "(run it as `python -m pytest` from the checkout)")
    where = "import monopoly_cpc, monopoly_cpc.ai.sim as s; print(monopoly_cpc.__file__); " \
            "print(s.__file__)"
    r = subprocess.run([sys.executable, "-c", where],
                       cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
                       check=False)
    if r.returncode != 0:
        _not_here("monopoly_cpc is not installed in this interpreter")
    package, sim = (Path(line) for line in r.stdout.split())
    if ROOT / "monopoly_cpc" in sim.parents or ROOT / "monopoly_cpc" in package.parents:
        _not_here("the installed package is the checkout itself (an editable install)")
    if sim.suffix == ".py":
        _not_here("the installed package is pure Python (MONOPOLY_CPC_PURE=1, no C compiler, or "
                  "the build fell back: see pip install -v)")
    stale = (_differences(ROOT / "monopoly_cpc", package.parent)
             + _differences(ROOT / "assets", package.parent / "assets"))
    if stale:
        _not_here(f"the installed copy is older than the checkout ({', '.join(stale[:3])}...): "
                  "install it again")
    return tmp_path


def test_compiled_list_names_real_modules():
    mods = compiled_modules()
    assert mods and len(set(mods)) == len(mods)
    for m in mods:
        assert (ROOT / m).is_file(), m


def test_compiled_modules_type_check(mypy_run):
    """mypyc compiles only modules that type-check; a type error would make the install fall
    back to pure Python, 2.5 times slower, without failing (setup.py). The build reads the
    settings of pyproject.toml's [tool.mypy] too (it adds --ignore-missing-imports: the build's
    environment has no numpy; here it is checked with numpy's types)."""
    status, report = mypy_run(*compiled_modules())
    assert status == 0, report


def test_every_compiled_module_is_compiled_and_no_other(installed):
    names = [m.removesuffix(".py").replace("/", ".") for m in compiled_modules()]
    out = _run("import importlib, json, monopoly_cpc\n"
               f"print(json.dumps([importlib.import_module(n).__file__ for n in {names!r}]))\n"
               "print(monopoly_cpc.__file__)", installed)
    files_json, package = out.splitlines()
    files = json.loads(files_json)
    assert all(not f.endswith(".py") for f in files), files
    # No extension left over from another list (it would hide its module's source).
    root = Path(package).parent
    extensions = [p for p in root.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
    modules = {str(p.relative_to(root.parent)).split(".")[0] + ".py" for p in extensions}
    assert modules == set(compiled_modules()), modules ^ set(compiled_modules())


def test_the_build_pins_the_mypy_the_tests_use():
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    pins = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "MYPY" for t in n.targets)]
    assert pins and pins[0] in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_compiled_build_plays_the_same_games(installed):
    """The 190 games of tests/ai/test_fingerprint.py, action by action."""
    script = str(ROOT / "tests" / "ai" / "test_fingerprint.py")
    expected = runpy.run_path(script)["FINGERPRINT"]
    out = _run(f"import runpy\nprint(runpy.run_path({script!r})['fingerprint']())", installed)
    assert out.strip() == expected


def test_compiled_simulate_matches_the_source_across_processes(installed):
    """``simulate --jobs 2`` on the compiled build (results pickled between processes) gives
    the source's figures for the same seed."""
    from monopoly_cpc.analysis.runner import CHUNK, run_games

    games = 2 * CHUNK + 3          # three chunks: the pool is used
    args = ["simulate", "--games", str(games), "--players", "4", "--ai", "expert,baseline",
            "--seed", "5", "--jobs", "2", "--json"]
    out = _run("import sys\nfrom monopoly_cpc.cli import main\n"
               f"sys.exit(main({args!r}))", installed)
    got = json.loads(out)
    want = run_games(["expert", "baseline", "baseline", "baseline"], games, 5, jobs=1).to_json()
    for key in ("games", "games_with_winner", "wins_by_type", "leads_by_type", "wins_by_seat",
                "mean_rounds", "rolls", "trades", "bot_errors"):
        assert got[key] == want[key], key


def test_engine_player_and_screen_tests_pass_on_the_compiled_build(installed):
    """tests/rules, tests/ai and tests/screens once more, importing the compiled modules (the
    game itself runs them once installed)."""
    folders = [str(ROOT / "tests" / d) for d in ("rules", "ai", "screens")]
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *folders],
                       cwd=installed, env=_env(), capture_output=True, text=True, timeout=1500,
                       check=False)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]


def test_a_demo_recorded_on_the_compiled_build_replays_on_the_source(installed):
    """A demo maker's replay file is the same whichever build made it: three minutes of an
    attract-mode game (computer players on the screens), recorded compiled, verified here."""
    from monopoly_cpc.cli import main

    demo = installed / "demo.json"
    _run("import sys\nfrom monopoly_cpc.cli import main\n"
         f"sys.exit(main(['demo', '--seconds', '180', '--headless', '--record', {str(demo)!r}]))",
         installed)
    assert main(["replay", str(demo), "--verify"]) == 0
