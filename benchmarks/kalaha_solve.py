"""The exact Kalaha solver on whole boards: value, time, nodes and memory of solving the start position.

Run: ``python benchmarks/kalaha_solve.py [--boards 4x4,5x3,6x3] [--rules both] [--repeat 3]``.
Each solve runs in a fresh Python process, so that its peak memory (RSS) is
its own and no endgame table or transposition table carries over. Prints one
line per solve, then a Markdown table of the best run of each; asserts nothing.

Other options: ``--moves`` also finds the exact value of every first move;
``--limit SECONDS`` stops a solve after that long and reports the bounds it
had proved; ``--table-size``, ``--endgame`` and ``--endgame-path`` are the
solver's own options; ``--progress`` prints the solver's progress reports.

The targets (2 cores, both capture rules): Kalah(4,4) under 1 s, Kalah(5,3)
under 5 s, Kalah(6,3) under 60 s; a line says whether its CPU time met them
(the solver uses one core; on a shared machine the wall clock counts others'
work too). Times include building the endgame table.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import time
from typing import Any

import tablegames
from tablegames.kalaha import Kalaha, Progress, Solver

TARGETS = {(4, 4): 1.0, (5, 3): 5.0, (6, 3): 60.0}


class _Stop(Exception):
    """Raised from the progress callback when the time limit has passed."""


def one(pits: int, seeds: int, empty_capture: bool, args: argparse.Namespace) -> dict[str, Any]:
    """Solve one start position in this process and return the figures."""
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # the interpreter and its imports
    began, cpu = time.perf_counter(), time.process_time()
    last: dict[str, Any] = {"lower": None, "upper": None, "endgame": 0.0, "nodes": 0}

    def progress(report: Progress) -> None:
        if report.phase == "endgame":
            last["endgame"] = report.seconds
        elif report.phase == "value":
            last["lower"], last["upper"], last["nodes"] = report.lower, report.upper, report.nodes
        if args.progress:
            print(f"  .. {report.phase} {report.lower} {report.upper} nodes={report.nodes:,} "
                  f"{report.seconds:.1f}s seeds={report.seeds}", file=sys.stderr, flush=True)  # fmt: skip
        if args.limit and report.seconds > args.limit:
            raise _Stop

    kwargs: dict[str, Any] = {"table_size": args.table_size, "endgame_path": args.endgame_path}
    if args.endgame is not None:
        kwargs["endgame"] = args.endgame
    solver = Solver(game, **kwargs)
    out: dict[str, Any] = {"pits": pits, "seeds": seeds, "empty_capture": empty_capture, "endgame": solver.endgame}
    try:
        solution = solver.solve(game.start(), moves=args.moves, line=True, progress=progress)
    except _Stop:
        out.update(solved=False, lower=last["lower"], upper=last["upper"], nodes=solver.nodes)
    else:
        out.update(
            solved=True,
            value=solution.value,
            winner=solution.winner,
            best=str(solution.best),
            moves={str(move): value for move, value in solution.moves.items()},
            line=len(solution.principal_variation),
            nodes=solution.nodes,
        )
    out.update(
        seconds=time.perf_counter() - began,
        cpu=time.process_time() - cpu,
        endgame_seconds=last["endgame"],
        rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        bound_mb=solver.memory / 2**20 + baseline,
    )
    return out


def run_child(pits: int, seeds: int, empty_capture: bool, args: argparse.Namespace) -> dict[str, Any]:
    """Run `one` in a fresh process; return its figures."""
    command = [sys.executable, __file__, "--one", f"{pits}x{seeds}", "--rules", "empty" if empty_capture else "plain"]
    command += ["--table-size", str(args.table_size), "--limit", str(args.limit or 0)]
    if args.endgame is not None:
        command += ["--endgame", str(args.endgame)]
    if args.endgame_path:
        command += ["--endgame-path", args.endgame_path]
    if args.moves:
        command.append("--moves")
    if args.progress:
        command.append("--progress")
    done = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def describe(result: dict[str, Any]) -> str:
    board = f"{result['pits']}x{result['seeds']}"
    rule = "empty" if result["empty_capture"] else "plain"
    if result["solved"]:
        what = f"value {result['value']:+d} best {result['best']:<3}"
    else:
        what = f"stopped: value in [{result['lower']}, {result['upper']}]"
    target = TARGETS.get((result["pits"], result["seeds"]))
    # The target is checked on CPU time: on a shared machine the wall clock also counts other people's work.
    mark = "" if target is None else (" (target met)" if result["cpu"] < target else " (over target)")
    return (
        f"{board:>4} {rule:<5} {what}  {result['seconds']:7.2f} s wall {result['cpu']:7.2f} s cpu  "
        f"{result['nodes']:>11,} nodes  endgame {result['endgame']} seeds ({result['endgame_seconds']:.2f} s)  "
        f"peak {result['rss_mb']:.0f} MB (bound {result['bound_mb']:.0f} MB with the interpreter){mark}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", default="4x4,5x3,6x3", help="comma-separated PITSxSEEDS")
    parser.add_argument("--rules", choices=["both", "empty", "plain"], default="both",
                        help="empty: empty_capture=True (the sheet); plain: False")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--moves", action="store_true", help="also the exact value of every first move")
    parser.add_argument("--limit", type=float, default=0.0, help="stop a solve after this many seconds")
    parser.add_argument("--table-size", type=int, default=1 << 20)
    parser.add_argument("--endgame", type=int, default=None)
    parser.add_argument("--endgame-path", default=None)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = {"both": [True, False], "empty": [True], "plain": [False]}[args.rules]
    if args.one:
        pits, seeds = (int(part) for part in args.one.split("x"))
        print(json.dumps(one(pits, seeds, rules[0], args)))
        return
    print(f"Kalaha solver, tablegames {tablegames.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, table {args.table_size:,} slots")  # fmt: skip
    rows = []
    for board in args.boards.split(","):
        pits, seeds = (int(part) for part in board.split("x"))
        for empty_capture in rules:
            runs = [run_child(pits, seeds, empty_capture, args) for _ in range(args.repeat)]
            for result in runs:
                print(describe(result), flush=True)
            rows.append(min(runs, key=lambda result: result["cpu"]))
    print()
    print("| board | empty_capture | value (seat 0) | best | seconds (cpu) | nodes | endgame seeds | peak MB |")
    print("|---|---|---|---|---|---|---|---|")
    for result in rows:
        value = f"{result['value']:+d}" if result["solved"] else f"[{result['lower']}, {result['upper']}]"
        print(
            f"| {result['pits']}×{result['seeds']} | {result['empty_capture']} | {value} | {result.get('best', '')} "
            f"| {result['seconds']:.2f} ({result['cpu']:.2f}) | {result['nodes']:,} | {result['endgame']} "
            f"| {result['rss_mb']:.0f} |"
        )


if __name__ == "__main__":
    main()
