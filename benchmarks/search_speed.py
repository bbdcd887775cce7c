"""How fast the Kalo and Loo search bots decide, against another revision of tablegames run alongside.

Run: ``python benchmarks/search_speed.py [--against REV] [--repeats 5] [--decisions 30] [--only kalo,loo]
[--instructions]``.

Each game's search bot (``game.bot("search")`` at its default settings: Kalo
12 paired deals anchored by the heuristic, Loo 200 iterations of ISMCTS) makes
``--decisions`` decisions on the same positions: positions met in heuristic
play from fixed seeds, each with more than one legal decision, every decision
searched with its own seeded ``random.Random``. Each run is a fresh process
timing the decisions in CPU time (``time.process_time``) and printing how
many it made per second, a fingerprint of the positions and one of the
choices.

With ``--against REV`` the same runs are made with the ``src`` of git
revision ``REV`` of this repository (extracted with ``git archive``), ours and
theirs alternating, which goes first swapped each time, so that a busy
machine slows both alike. Each pair gives a ratio (ours ÷ theirs, higher is
faster), printed as min / median / max. Equal fingerprints say that both
revisions searched the same positions and chose the same decisions, so the
speed-up comes at the same settings with the same play.

With ``--instructions`` the same decisions are counted in instructions
instead, with valgrind (``--tool=callgrind``), the hash seed fixed and
address randomisation off: slow (minutes a run), but the same code gives
the same count however busy the machine is, where CPU times move by a fifth.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OURS = HERE.parent / "src"
PLAYERS = {"kalo": 4, "loo": 5}


def positions(game_name: str, count: int) -> list[object]:
    """``count`` views met in heuristic play from fixed seeds, each at a decision with a choice."""
    import tablegames

    game = tablegames.load(game_name, players=PLAYERS[game_name])
    heuristic = game.bot("heuristic")
    rng = random.Random(7)
    views: list[object] = []
    state = game.start(seed=3)
    while len(views) < count:
        if state.is_over:
            state = game.start(seed=rng.getrandbits(32))
        view = state.view(state.current_player)
        if len(view.legal_actions) > 1 and rng.random() < 0.3:
            views.append(view)
        state = state.apply(heuristic.choose(view, rng))
    return views


def fingerprint(texts: list[str]) -> str:
    """A short digest of ``texts``, in order."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:12]


def worker(game_name: str, count: int) -> None:
    """Time the search's decisions on the positions of ``game_name``; print one JSON line."""
    import tablegames

    game = tablegames.load(game_name, players=PLAYERS[game_name])
    views = positions(game_name, count)
    search = game.bot("search")
    began = time.process_time()
    choices = [search.choose(view, random.Random(index)) for index, view in enumerate(views)]  # type: ignore[arg-type]
    elapsed = time.process_time() - began
    print(
        json.dumps(
            {
                "rate": count / elapsed,
                "positions": fingerprint([str(view) for view in views]),
                "choices": fingerprint([str(choice) for choice in choices]),
                "source": str(Path(tablegames.__file__).parent),
            }
        )
    )


def run(source: Path, game_name: str, count: int) -> dict[str, object]:
    """One worker process with ``source`` first on the path; its JSON line."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, __file__, "--worker", game_name, "--decisions", str(count)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, object] = json.loads(out.splitlines()[-1])
    if Path(str(result["source"])) != source / "tablegames":
        raise SystemExit(f"the worker ran the tablegames of {result['source']}, not of {source}")
    return result


def instructions(source: Path, game_name: str, count: int) -> tuple[float, tuple[object, object]]:
    """Instructions per decision of a worker on ``source`` (``count`` decisions less one, over ``count - 1``).

    Counted by valgrind's callgrind, with the hash seed fixed and (where
    ``setarch`` is found) address randomisation off, so that the same code
    gives the same count to within a few hundred instructions. Taking one
    decision's run from the other leaves out starting Python; the heuristic
    play that finds the other positions stays in (under 1% of a decision).

    Returns:
        The count, and the fingerprints of the positions and the choices of the longer run.
    """
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONHASHSEED": "0"}
    totals = []
    for decisions in (1, count):
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
        command += ["--worker", game_name, "--decisions", str(decisions)]
        if shutil.which("setarch"):
            command = ["setarch", "-R", *command]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        result = json.loads(done.stdout.splitlines()[-1])
        if Path(str(result["source"])) != source / "tablegames":
            raise SystemExit(f"the worker ran the tablegames of {result['source']}, not of {source}")
        collected = re.search(r"Collected : (\d+)", done.stderr)
        if collected is None:
            raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
        totals.append(int(collected.group(1)))
    return (totals[1] - totals[0]) / (count - 1), (result["positions"], result["choices"])


def count_instructions(games: list[str], count: int, theirs: Path | None, against: str | None) -> None:
    """Print each game's instructions per decision, ours and (given) theirs, and the ratio."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions counts with valgrind, which is not installed (Debian: apt install valgrind)")
    if count < 2:
        raise SystemExit("--instructions needs --decisions of at least 2")
    print(f"instructions per search decision (valgrind --tool=callgrind), decisions 2 to {count}")
    for game_name in games:
        ours, printed = instructions(OURS, game_name, count)
        line = f"{game_name:<5} ours {ours / 1e6:9,.1f} M"
        if theirs is not None:
            other, their_print = instructions(theirs, game_name, count)
            same = "same positions and choices" if printed == their_print else "different positions or choices"
            line += f"   {against} {other / 1e6:9,.1f} M   ratio {other / ours:.2f} (theirs ÷ ours)   ({same})"
        print(line)


def extract(revision: str, into: Path) -> Path:
    """The ``src`` folder of ``revision``, written under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(HERE.parent), "archive", "--format=tar", revision, "src"], capture_output=True, check=True
    ).stdout
    tar_path = into / "src.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--against", help="a git revision to measure alongside (its src, run the same way)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=30, help="decisions per run (default 30)")
    parser.add_argument("--only", default="kalo,loo", help="comma-separated games")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with valgrind instead of timing (slow)"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.decisions)
        return
    with tempfile.TemporaryDirectory() as scratch:
        theirs = extract(args.against, Path(scratch)) if args.against else None
        if args.instructions:
            count_instructions(args.only.split(","), args.decisions, theirs, args.against)
            return
        print(f"search decisions per second (CPU time), {args.decisions} decisions a run, {os.cpu_count()} cores")
        for game_name in args.only.split(","):
            ours_rates: list[float] = []
            their_rates: list[float] = []
            prints: set[tuple[object, object]] = set()
            for repeat in range(args.repeats):
                order = [(OURS, ours_rates), (theirs, their_rates)] if theirs else [(OURS, ours_rates)]
                for source, rates in order if repeat % 2 == 0 else order[::-1]:
                    assert source is not None
                    result = run(source, game_name, args.decisions)
                    rates.append(float(result["rate"]))  # type: ignore[arg-type]
                    prints.add((result["positions"], result["choices"]))
            line = f"{game_name:<5} ours {statistics.median(ours_rates):6.2f}/s"
            if their_rates:
                ratios = [mine / other for mine, other in zip(ours_rates, their_rates, strict=True)]
                line += (
                    f"   {args.against} {statistics.median(their_rates):6.2f}/s   ratio "
                    f"{min(ratios):.2f} / {statistics.median(ratios):.2f} / {max(ratios):.2f}"
                )
            same = "same positions and choices" if len(prints) == 1 else f"{len(prints)} different fingerprints"
            print(f"{line}   ({same})")


if __name__ == "__main__":
    main()
