"""Every scenario file under tests/scenarios runs green, through the engine and the CLI."""

from pathlib import Path

import pytest

from monopoly_cpc.analysis.scenario import run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.yaml"))
# Written the way an outside examiner would, from the manuals alone (amounts worked out before
# running them): combinations of the rules above, kept as a regression net.
EXAMINER = sorted((Path(__file__).resolve().parents[1] / "scenarios" / "examiner").glob("*.yaml"))


def test_there_are_scenarios_for_the_rules():
    """source: issue 3 'Write at least one per rule above.'"""
    assert len(SCENARIOS) >= 50
    assert len(EXAMINER) >= 50


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    """Each scenario file: its rule's source passage, then the engine matches the expected state."""
    result = run_scenario(path)
    # Each scenario names the passage of the rules it checks.
    assert ("seeds/" in result.source or "monopoly_fr.md" in result.source
            or "issue 3" in result.source), result.source
    assert result.ok, "\n".join(result.failures)


@pytest.mark.parametrize("path", EXAMINER, ids=[p.stem for p in EXAMINER])
def test_examiner_scenario(path):
    """The examiner's combinations: each names its passage and matches the engine."""
    result = run_scenario(path)
    assert "seeds/" in result.source or "monopoly_fr.md" in result.source, result.source
    assert result.ok, "\n".join(result.failures)


def test_scenario_command_reports_a_failure(tmp_path, capsys):
    """`monopoly-cpc scenario FILE` prints the outcome and exits 1 when a check fails."""
    from monopoly_cpc.cli import main

    bad = tmp_path / "wrong.yaml"
    bad.write_text("name: wrong on purpose\nsource: 'seeds/002 ARGENT'\n"
                   "expect: {players: [{cash: 1}]}\n", encoding="utf-8")
    assert main(["scenario", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "players[0].cash: expected 1, got 150000" in out
    assert main(["scenario", str(SCENARIOS[0])]) == 0
    assert "ok" in capsys.readouterr().out


def test_scenario_file_errors_are_one_line(tmp_path, capsys):
    """A broken scenario file is one clear line, never a traceback."""
    from monopoly_cpc.cli import main

    bad = tmp_path / "broken.yaml"
    bad.write_text("name: x\nsource: y\nsteps:\n  - fly: 0\n", encoding="utf-8")
    assert main(["scenario", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "broken.yaml" in err and "unknown action 'fly'" in err
    assert main(["scenario", str(tmp_path / "missing.yaml")]) == 1
    assert "no such scenario file" in capsys.readouterr().err


def test_a_device_or_fifo_given_as_scenario_says_what_it_is(tmp_path, capsys):
    """A device or a FIFO is named as such (it exists: "no such file" would mislead), one
    line, exit 1, and the FIFO is never opened (opening it would wait for a writer)."""
    import os

    from monopoly_cpc.cli import main

    assert main(["scenario", os.devnull]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a character device, not a regular file" in err
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert main(["scenario", str(fifo)]) == 1
    assert "a FIFO, not a regular file" in capsys.readouterr().err



@pytest.mark.parametrize("content, said", [
    (b"\xff\xfe", "not a text file in UTF-8"),
    (b"name: cut short\nsource: 'seeds/002 LOYERS'\n", "needs 'steps' or 'expect'"),
])
def test_a_scenario_that_cannot_check_anything_is_an_error(tmp_path, capsys, content, said):
    """A truncated or non-UTF-8 file is one clear line and exit 1: never an "ok" that checked
    nothing, never an internal error."""
    from monopoly_cpc.cli import main

    bad = tmp_path / "s.yaml"
    bad.write_bytes(content)
    assert main(["scenario", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "internal error" not in err
    assert main(["scenario", str(tmp_path)]) == 1
    assert "is a folder" in capsys.readouterr().err


def test_docs_rules_lists_every_scenario():
    """docs/rules.md: each rule with its source passage and its test."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    missing = [p.name for p in SCENARIOS if f"tests/scenarios/{p.name}" not in doc]
    assert not missing, f"docs/rules.md does not list {missing}"


def test_illegal_step_checks_the_refusal_code(tmp_path):
    """`illegal:` with `code:` fails when the engine refuses for another reason, and an unknown
    code is a file error."""
    from monopoly_cpc.errors import DataError

    f = tmp_path / "code.yaml"
    body = ("name: code\nsource: 'seeds/002 LES MAISONS'\nstart:\n  owner: {1: 0}\n"
            "steps:\n  - illegal: {build: [0, 1]}\n    code: %s\n")
    f.write_text(body % "group_incomplete", encoding="utf-8")
    assert run_scenario(f).ok
    f.write_text(body % "uneven_building", encoding="utf-8")
    result = run_scenario(f)
    assert not result.ok and "refused with code 'group_incomplete'" in result.failures[0]
    f.write_text(body % "no_such_code", encoding="utf-8")
    with pytest.raises(DataError, match="unknown refusal code"):
        run_scenario(f)
