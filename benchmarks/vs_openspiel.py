"""tablegames side by side with OpenSpiel's C++ games (through pyspiel): ratios measured in one process.

Run: ``python benchmarks/vs_openspiel.py [--repeats 9] [--seconds 1.0] [--only kalaha,batch,loo,kalo,import]
[--instructions [--decisions 20000]]``.

Needs OpenSpiel (``python -m pip install 'tablegames[openspiel]'``); it is not
a dependency of tablegames. Each workload runs ours and OpenSpiel's in turn,
``--repeats`` times; each repeat is ten short runs of each side, interleaved
and swapping which goes first every time, so that a busy machine slows both
alike. Each repeat gives one ratio (ours ÷ OpenSpiel's, higher is better for
us), printed as min / median / max. Times are CPU times
(``time.process_time``, and the children's user and system time for whole
processes), which a shared machine disturbs less than the wall clock.

The workloads play random games to the end through each library's public
interface: ours ``legal_actions()`` then ``apply()`` of a random choice (a new
frozen state every time); OpenSpiel's ``legal_actions()`` then
``apply_action()``, which changes its state in place, and chance nodes
(OpenSpiel's deals) drawn uniformly from ``chance_outcomes()``. Decisions are
the players' actions; OpenSpiel's chance actions count in its time but not as
decisions. The games compared:

- Kalaha 6×4 against ``mancala`` (Kalah 6×4), moves per second;
- the batched Kalaha engine (``tablegames.kalaha.batch``, 50,000 games at a
  time, one process, one thread) against ``mancala`` played one state at a time, moves per second;
- Loo with 5 players, a game of one round (``rounds=1``: one deal) against
  ``oh_hell`` with 5 players and 5 tricks, one game (one deal): rounds per
  second and decisions per second. A round of a longer game ends by dealing
  the next, which would count two deals against OpenSpiel's one;
- Kalo with 4 players, one round against ``dou_dizhu``, one game (a deal):
  decisions per second (and our rounds per second alongside). The round is
  the first of a longer game, so it ends by dealing the next, as it did when
  Kalo's targets were set;
- ``import tablegames`` against ``import pyspiel``, each a whole fresh Python
  process; then what loading and starting the three games adds, timed inside
  a fresh process (tablegames byte-compiled first, as an installed copy is),
  and how much of that is importing attrs, the core's one dependency.

With ``--instructions`` it counts instructions instead of timing, with
valgrind (``--tool=callgrind``), the hash seed fixed and address
randomisation off: the same random decisions of Kalaha, Loo and Kalo, each
game in a fresh process of ours and of OpenSpiel's, ``--decisions`` of them
less one, over ``--decisions - 1`` (which leaves out starting Python). Other
programs on the machine cannot change these counts, where they move CPU
times by a fifth.

Prints figures and the machine's load; asserts nothing.
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tablegames
from tablegames.core.errors import MissingExtraError
from tablegames.core.extras import require

if TYPE_CHECKING:
    from collections.abc import Callable

#: What a timed run returns: counts by unit ("moves", "rounds", "decisions") and the seconds taken.
Run = tuple[dict[str, int], float]


def ours_round(game: tablegames.Game[tablegames.State], rng: random.Random, limit: int) -> int:
    """Play random decisions of a fresh start through legal_actions() and apply(); return how many.

    It plays to the end of the game (Kalaha) or of the round (the card games),
    ``limit`` decisions at most.
    """
    state: Any = game.start(seed=rng.getrandbits(32))
    first = state.round_number if hasattr(state, "round_number") else 0
    made = 0
    while made < limit and not state.is_over and (not first or state.round_number == first):
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
        made += 1
    return made


def openspiel_game(game: Any, rng: random.Random, limit: int) -> int:
    """Play random decisions of a new OpenSpiel game through legal_actions() and apply_action(); return how many.

    Chance is drawn uniformly from chance_outcomes(); it plays to the game's
    end, ``limit`` decisions at most.
    """
    state = game.new_initial_state()
    made = 0
    while made < limit and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            made += 1
    return made


def playouts(play: Callable[[Any, random.Random, int], int], game: Any, seconds: float, seed: int) -> Run:
    """Rounds or games of ``game`` played by ``play`` (`ours_round` or `openspiel_game`) for ``seconds`` of CPU."""
    rng = random.Random(seed)
    rounds = decisions = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        for _ in range(10):
            decisions += play(game, rng, sys.maxsize)
            rounds += 1
    return {"rounds": rounds, "decisions": decisions}, time.process_time() - began


def batch_playouts(seconds: float, seed: int) -> Run:
    """Random Kalaha 6×4 games played by the batched engine, 50,000 at a time."""
    batch = require("tablegames.kalaha.batch", "fast")
    moves = games = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        _, played = batch.random_playouts(50_000, seed=seed + games)
        moves += played
        games += 50_000
    return {"rounds": games, "decisions": moves}, time.process_time() - began


#: How many short runs of each side make one repeat (see `alternate`).
SLICES = 10


def alternate(
    ours: Callable[[float, int], Run], theirs: Callable[[float, int], Run], seconds: float, repeats: int
) -> list[tuple[Run, Run]]:
    """Run ``ours`` and ``theirs`` ``repeats`` times each, in interleaved slices; return the pairs.

    Each repeat is `SLICES` short runs of each side in turn, whichever went
    second going first next, summed: a machine that slows down for a moment
    slows both sides of the pair alike.
    """
    ours(seconds / 5, 0)  # warm up both (caches, interning, first imports)
    theirs(seconds / 5, 0)
    pairs: list[tuple[Run, Run]] = []
    for repeat in range(repeats):
        totals: dict[str, tuple[dict[str, int], float]] = {"ours": ({}, 0.0), "theirs": ({}, 0.0)}
        for part in range(SLICES):
            sides = [("ours", ours), ("theirs", theirs)]
            for side, run in sides if (repeat + part) % 2 == 0 else sides[::-1]:
                counts, elapsed = run(seconds / SLICES, repeat * SLICES + part)
                kept, spent = totals[side]
                totals[side] = ({unit: kept.get(unit, 0) + count for unit, count in counts.items()}, spent + elapsed)
        pairs.append((totals["ours"], totals["theirs"]))
    return pairs


def side_by_side(
    game: tablegames.Game[tablegames.State], theirs: Any, seconds: float, repeats: int
) -> list[tuple[Run, Run]]:
    """Random play of ``game`` and of OpenSpiel's ``theirs``, alternated (see `alternate`)."""
    return alternate(
        lambda s, r: playouts(ours_round, game, s, r),
        lambda s, r: playouts(openspiel_game, theirs, s, r),
        seconds,
        repeats,
    )


def rate(run: Run, unit: str) -> float:
    """Units per second of one run."""
    counts, elapsed = run
    return counts[unit] / elapsed


def spread(values: list[float]) -> str:
    """The smallest, median and largest of ``values``, to two places."""
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


#: The targets of each build, ours ÷ OpenSpiel's: the pure build within a tenth of what it did before its
#: states were plain classes, the compiled build past OpenSpiel's C++.
TARGETS = {
    "pure": {"kalaha": "≥ 0.45", "batch": "≥ 10", "loo rounds": "≥ 0.97", "loo": "≥ 0.54", "kalo": "≥ 0.52"},
    "compiled": {"kalaha": "≥ 1.00", "batch": "≥ 20", "loo rounds": "≥ 2.00", "loo": "≥ 1.00", "kalo": "≥ 1.00"},
}


def row(label: str, ours: list[float], theirs: list[float], ratios: list[float], target: str) -> None:
    """Print one line of the table."""
    mine, other = statistics.median(ours), statistics.median(theirs)
    print(f"{label:<44} {mine:>12,.0f} {other:>12,.0f}   {spread(ratios):>20}   {target}")


def compare(label: str, pairs: list[tuple[Run, Run]], ours_unit: str, theirs_unit: str, target: str) -> list[float]:
    """Print the row for one unit of ``pairs``; return the ratios."""
    ours = [rate(mine, ours_unit) for mine, _ in pairs]
    theirs = [rate(other, theirs_unit) for _, other in pairs]
    ratios = [mine / other for mine, other in zip(ours, theirs, strict=True)]
    row(label, ours, theirs, ratios, target)
    return ratios


def process_seconds(code: str) -> float:
    """CPU time (user and system) of a fresh ``python -c code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


#: Timed inside a fresh process: what loading and starting the three games adds to ``import tablegames``,
#: and how much of it is importing attrs (the core's one dependency) and typing, which attrs imports.
_GAMES = (
    "import time, tablegames\n"
    "began = time.process_time()\n"
    "import typing, attrs\n"
    "dependency = time.process_time() - began\n"
    "for name in ('kalaha', 'kalo', 'loo'):\n"
    "    tablegames.load(name).start(seed=1)\n"
    "print(time.process_time() - began, dependency)\n"
)


def imports(repeats: int) -> None:
    """Print the import rows: whole fresh processes, alternated, and the games' load-and-start time.

    tablegames' modules are byte-compiled first, as ``pip install`` does (an
    editable install run with ``PYTHONDONTWRITEBYTECODE`` would otherwise
    compile every module in every process, which no installed copy does).
    """
    compileall.compile_dir(Path(tablegames.__file__).parent, quiet=1)
    process_seconds("import tablegames, pyspiel")  # warm the file cache for both
    ours: list[float] = []
    theirs: list[float] = []
    bare: list[float] = []
    for repeat in range(repeats):
        order = [("ours", "import tablegames"), ("theirs", "import pyspiel"), ("bare", "pass")]
        for which, code in order if repeat % 2 else order[::-1]:
            {"ours": ours, "theirs": theirs, "bare": bare}[which].append(process_seconds(code))
    ratios = [mine / other for mine, other in zip(ours, theirs, strict=True)]
    print(
        f"{'import, whole process (ms; ratio: time)':<44} {statistics.median(ours) * 1e3:>12.1f} "
        f"{statistics.median(theirs) * 1e3:>12.1f}   {spread(ratios):>20}   ≤ 1.00 (time)"
    )
    print(f"{'  (python -c pass, ms)':<44} {statistics.median(bare) * 1e3:>12.1f}")
    games: list[float] = []
    dependency: list[float] = []
    for _ in range(repeats):
        done = subprocess.run([sys.executable, "-c", _GAMES], check=True, capture_output=True, text=True)
        total, attrs_part = (float(figure) * 1e3 for figure in done.stdout.split())
        games.append(total)
        dependency.append(attrs_part)
    low, middle, high = min(games), statistics.median(games), max(games)
    print(f"{'load and start the three games (ms)':<44} {middle:>12.1f} {'':>12}   "
          f"{low:.1f} / {middle:.1f} / {high:.1f} ms   < 50 ms")  # fmt: skip
    low, middle, high = min(dependency), statistics.median(dependency), max(dependency)
    print(f"{'  of which import attrs and typing (ms)':<44} {middle:>12.1f} {'':>12}   "
          f"{low:.1f} / {middle:.1f} / {high:.1f} ms")  # fmt: skip


#: The games compared decision by decision (``--instructions``): ours (name, options), OpenSpiel's (name, parameters).
PAIRS: dict[str, tuple[tuple[str, dict[str, Any]], tuple[str, dict[str, Any]]]] = {
    "kalaha": (("kalaha", {}), ("mancala", {})),
    "loo": (("loo", {"players": 5, "rounds": 1}), ("oh_hell", {"players": 5, "num_tricks_fixed": 5})),
    "kalo": (("kalo", {"players": 4}), ("dou_dizhu", {})),
}


def play_decisions(which: str, name: str, decisions: int) -> None:
    """Make ``decisions`` random decisions in fresh games (rounds, for ours) of ``name``: ours or OpenSpiel's."""
    (ours, options), (theirs, parameters) = PAIRS[name]
    rng = random.Random(1)
    if which == "ours":
        game, play = tablegames.load(ours, **options), ours_round
    else:
        game, play = require("pyspiel", "openspiel").load_game(theirs, parameters), openspiel_game
    made = 0
    while made < decisions:
        made += play(game, rng, decisions - made)


def instructions_per_decision(which: str, name: str, decisions: int) -> float:
    """Instructions a decision of ``play_decisions``, counted by valgrind (see the module docs)."""
    totals = []
    for count in (1, decisions):
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
        command += ["--worker", which, name, str(count)]
        if shutil.which("setarch"):
            command = ["setarch", "-R", *command]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        collected = re.search(r"Collected : (\d+)", done.stderr)
        if collected is None:
            raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
        totals.append(int(collected.group(1)))
    return (totals[1] - totals[0]) / (decisions - 1)


def build_name() -> str:
    """``"compiled"`` or ``"pure"``: the build of tablegames imported.

    Read with a default, so that this script also times an older revision
    put on ``PYTHONPATH`` (from before ``tablegames.compiled``), to compare
    with it on one machine.
    """
    return "compiled" if getattr(tablegames, "compiled", False) else "pure"


def count_instructions(only: set[str], decisions: int) -> None:
    """Print each game's instructions a decision, ours and OpenSpiel's, and the ratio (OpenSpiel's ÷ ours)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions counts with valgrind, which is not installed (Debian: apt install valgrind)")
    build = build_name()
    print(f"instructions a random decision (valgrind --tool=callgrind), {decisions:,} decisions, the {build} build")
    for name in PAIRS:
        if name in only:
            ours = instructions_per_decision("ours", name, decisions)
            theirs = instructions_per_decision("theirs", name, decisions)
            print(f"{name:<7} ours {ours:>9,.0f}   {PAIRS[name][1][0]:<10} {theirs:>9,.0f}   ratio {theirs / ours:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per timed run")
    parser.add_argument("--only", default="kalaha,batch,loo,kalo,import", help="comma-separated workloads")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with valgrind instead of timing (slow)"
    )
    parser.add_argument("--decisions", type=int, default=20_000, help="decisions a game with --instructions")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        which, name, count = args.worker
        play_decisions(which, name, int(count))
        return
    try:
        pyspiel = require("pyspiel", "openspiel")
    except MissingExtraError as error:
        print(f"this benchmark compares with OpenSpiel: {error}")
        return
    only = set(args.only.split(","))
    if args.instructions:
        count_instructions(only, args.decisions)
        return
    load = os.getloadavg()
    print(
        f"tablegames {tablegames.__version__} vs OpenSpiel (pyspiel), Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print(f"{args.repeats} alternating runs of {args.seconds:g} s each; ratio = ours ÷ OpenSpiel's (higher is faster)")
    build = build_name()
    print(f"the {build} build of tablegames; the targets are the {build} build's")
    target = TARGETS[build]
    print(f"{'workload':<44} {'ours':>12} {'OpenSpiel':>12}   {'ratio min/median/max':>20}   target")
    mancala = pyspiel.load_game("mancala")
    kalaha = tablegames.load("kalaha")

    def os_mancala(seconds: float, seed: int) -> Run:
        return playouts(openspiel_game, mancala, seconds, seed)

    if "kalaha" in only:
        pairs = side_by_side(kalaha, mancala, args.seconds, args.repeats)
        compare("Kalaha 6×4 vs mancala, moves/s", pairs, "decisions", "decisions", target["kalaha"])
    if "batch" in only:
        try:
            pairs = alternate(batch_playouts, os_mancala, args.seconds, args.repeats)
            compare("batched Kalaha 6×4 vs mancala, moves/s", pairs, "decisions", "decisions", target["batch"])
        except MissingExtraError as error:
            print(f"batched Kalaha: {error}")
    if "loo" in only:
        loo = tablegames.load("loo", players=5, rounds=1)
        oh_hell = pyspiel.load_game("oh_hell", {"players": 5, "num_tricks_fixed": 5})
        pairs = side_by_side(loo, oh_hell, args.seconds, args.repeats)
        compare("Loo 5p rounds/s vs oh_hell 5p 5 tricks games/s", pairs, "rounds", "rounds", target["loo rounds"])
        compare("Loo 5p vs oh_hell, decisions/s", pairs, "decisions", "decisions", target["loo"])
    if "kalo" in only:
        kalo = tablegames.load("kalo", players=4)
        dou_dizhu = pyspiel.load_game("dou_dizhu")
        pairs = side_by_side(kalo, dou_dizhu, args.seconds, args.repeats)
        compare("Kalo 4p vs dou_dizhu, decisions/s", pairs, "decisions", "decisions", target["kalo"])
        rounds = [rate(mine, "rounds") for mine, _ in pairs]
        print(f"{'  Kalo 4p random rounds/s (ours alone)':<44} {statistics.median(rounds):>12,.0f} {'':>12}   "
              f"{min(rounds):,.0f} / {statistics.median(rounds):,.0f} / {max(rounds):,.0f}   ≥ 1,000")  # fmt: skip
    if "import" in only:
        imports(args.repeats)
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
