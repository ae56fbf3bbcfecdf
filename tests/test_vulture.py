"""No dead code in the package: vulture at 60 % confidence, with the whitelist of what it cannot
see used (``tools/vulture_whitelist.py``: names looked up with getattr, fields of data records,
what the build tools and the tests call)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WHITELIST = ROOT / "tools" / "vulture_whitelist.py"
FINDING = re.compile(r"^(?P<path>\S+?):\d+: unused \w+(?: \w+)? '(?P<name>[^']+)'")

def vulture_findings(*paths: str) -> set[tuple[str, str]]:
    """(file, name) of everything vulture reports at 60 % over ``paths`` (from the root)."""
    r = subprocess.run([sys.executable, "-m", "vulture", *paths, "--min-confidence", "60"],
                       cwd=ROOT, capture_output=True, text=True, check=False)
    if r.returncode not in (0, 3):  # 3: dead code found; anything else: vulture failed
        raise AssertionError(f"vulture failed ({r.returncode}): {r.stderr.strip()}")
    found = set()
    for line in r.stdout.splitlines():
        m = FINDING.match(line)
        assert m, f"unexpected vulture line: {line!r}"
        found.add((Path(m["path"]).as_posix(), m["name"]))
    return found


@pytest.fixture(scope="module")
def findings() -> set[tuple[str, str]]:
    pytest.importorskip("vulture", reason="vulture is not installed (pip install '.[test]')")
    return vulture_findings("monopoly_cpc", str(WHITELIST.relative_to(ROOT)))


def test_vulture_finds_no_dead_code_in_the_package(findings):
    new = sorted(findings)
    assert not new, ("dead code (delete it), or a name used through getattr, a table, the tools "
                     f"or the tests (add it to tools/vulture_whitelist.py, saying who uses it): {new}")


def test_the_check_reports_dead_code(tmp_path):
    """The check can fail: a function nobody calls is reported."""
    pytest.importorskip("vulture", reason="vulture is not installed (pip install '.[test]')")
    (tmp_path / "mod.py").write_text("def used():\n    return 1\n\n\ndef unused():\n    return used()\n")
    assert vulture_findings(str(tmp_path / "mod.py")) == {(str((tmp_path / "mod.py").as_posix()), "unused")}
