"""mypy checks the package's types with the settings of pyproject.toml's [tool.mypy]: the whole
package, the screens (without one ``attr-defined`` error), the demo, the app and the command line."""

from __future__ import annotations


def test_the_package_type_checks(mypy_run):
    status, report = mypy_run()
    assert status == 0, report


def test_the_settings_find_errors_in_the_bodies_of_untyped_functions(mypy_run, tmp_path):
    """The settings catch what they are for: a wrong type in an annotated function, one in a
    function without annotations (check_untyped_defs), and a check that can never be true
    (strict_equality)."""
    bad = tmp_path / "bad.py"
    bad.write_text("def annotated() -> int:\n"
                   "    return 'text'\n\n\n"
                   "def untyped():\n"
                   "    n: int = 'text'\n"
                   "    return n\n\n\n"
                   "def never(a: int, b: str) -> bool:\n"
                   "    return a == b\n", encoding="utf-8")
    status, report = mypy_run(str(bad))
    assert status == 1
    assert {line.split(":")[1] for line in report.splitlines() if ": error:" in line} == \
        {"2", "6", "11"}, report

