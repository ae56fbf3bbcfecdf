"""`monopoly-cpc scenario FILE...`: run rule scenarios and print their outcome."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from monopoly_cpc.cli import file_name
from monopoly_cpc.errors import UserError
from monopoly_cpc.safefile import target_problem


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `scenario` sub-command."""
    p = subparsers.add_parser(
        "scenario", help="run rule scenario files (YAML) and print the outcome",
        description="Run one or more rule scenarios (tests/scenarios/*.yaml): a start state, "
                    "forced dice and cards, actions, and the expected state and events.")
    p.add_argument("files", nargs="+", metavar="FILE", type=file_name, help="scenario YAML file(s)")
    p.add_argument("--events", action="store_true", help="print every event of the scenario")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run every scenario given, even after a bad one; exit 1 if any check fails or any file
    is not a scenario (each bad file is one line on stderr: ``ERROR file: reason``)."""
    from monopoly_cpc.analysis.scenario import run_scenario

    failed = errors = 0
    for name in args.files:
        path = Path(name)
        try:
            if path.is_dir():
                raise UserError(f"{name}: is a folder; give scenario files (e.g. {name}/*.yaml)")
            if not path.is_file():
                why = target_problem(path)
                raise UserError(f"{name}: " + (f"not a scenario file ({why})" if why
                                               else "no such scenario file"))
            result = run_scenario(path)
        except UserError as exc:
            _error(str(exc))
            errors += 1
            continue
        except Exception as exc:  # noqa: BLE001 - a runner fault: logged, the batch goes on
            from monopoly_cpc import logs

            log = logs.write_crash(traceback.format_exc())
            _error(f"{path.name}: internal error: {exc.__class__.__name__}: {exc} "
                   f"(details in {log})")
            errors += 1
            continue
        status = "ok  " if result.ok else "FAIL"
        print(f"{status} {path.name}: {result.name}")
        print(f"     source: {result.source}")
        if args.events:
            for ev in result.events:
                extra = " ".join(f"{k}={getattr(ev, k)!r}" for k in
                                 ("player", "square", "amount", "other", "text", "data")
                                 if getattr(ev, k) not in (-1, 0, "", ()))
                print(f"     event {ev.kind} {extra}")
        for f in result.failures:
            print(f"     {f}")
        failed += not result.ok
    if len(args.files) > 1:
        ok = len(args.files) - failed - errors
        print(f"{len(args.files)} files: {ok} ok, {failed} FAIL, {errors} ERROR")
    return 1 if failed or errors else 0


def _error(message: str) -> None:
    """One line on stderr for a file that could not run, after what stdout holds so far (the
    lines keep their order when both go to the same place)."""
    sys.stdout.flush()
    print(f"monopoly-cpc: ERROR {message}", file=sys.stderr, flush=True)
