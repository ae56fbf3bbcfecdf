"""`monopoly-cpc scenario FILE...`: run rule scenarios and print their outcome."""

from __future__ import annotations

import argparse
from pathlib import Path

from monopoly_cpc.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `scenario` sub-command."""
    p = subparsers.add_parser(
        "scenario", help="run rule scenario files (YAML) and print the outcome",
        description="Run one or more rule scenarios (tests/scenarios/*.yaml): a start state, "
                    "forced dice and cards, actions, and the expected state and events.")
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario YAML file(s)")
    p.add_argument("--events", action="store_true", help="print every event of the scenario")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the scenarios; exit 1 if any check fails."""
    from monopoly_cpc.rules.scenario import run_scenario

    bad = 0
    for name in args.files:
        path = Path(name)
        if path.is_dir():
            raise UserError(f"{name}: is a folder; give scenario files (e.g. {name}/*.yaml)")
        if not path.is_file():
            raise UserError(f"{name}: no such scenario file")
        result = run_scenario(path)
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
        bad += not result.ok
    return 1 if bad else 0
