"""Fuzz every reader of outside input with mutants of real inputs, and count how each answered.

Run: ``python benchmarks/fuzz_inputs.py [--seconds 60 | --mutants 100000] [--games kalaha,kalo,loo]``.

For each game and entry point (``from_dict``, ``state_from_dict``,
``action_from_dict``, ``from_record``, ``parse_action``, ``load``, ``start``) it
feeds mutants for the time or count given and prints: tried, typed rejections,
other exceptions, accepted and sound, accepted but broken, and slow calls (the
entry point took over 0.1 s of processor time, the garbage collector paused as
timeit does, so a busy machine or a collection of the whole heap does not
count). The first few failures of each kind are printed in full. See
`tablegames.testing.fuzz`; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import time

import tablegames
from tablegames.testing.fuzz import ENTRY_POINTS, Fuzzer

SLOW = 0.1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per game and entry point")
    parser.add_argument("--mutants", type=int, default=None, help="mutants per game and entry point (over --seconds)")
    parser.add_argument("--games", default="kalaha,kalo,loo")
    parser.add_argument("--entries", default=",".join(ENTRY_POINTS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=3, help="failures to print per kind")
    parser.add_argument(
        "--checked-steps", type=int, default=100, help="decisions of an accepted state's playout read back from dicts"
    )
    args = parser.parse_args()
    rows = []
    for name in args.games.split(","):
        game = tablegames.load(name)
        for entry in args.entries.split(","):
            fuzzer = Fuzzer(game, seed=args.seed, checked_steps=args.checked_steps)
            counts: collections.Counter[str] = collections.Counter()
            shown: collections.Counter[str] = collections.Counter()
            began = time.perf_counter()
            while (counts["tried"] < args.mutants) if args.mutants else (time.perf_counter() - began < args.seconds):
                trial = fuzzer.trial(entry)
                counts["tried"] += 1
                counts[trial.verdict] += 1
                counts["slow"] += trial.seconds > SLOW
                if trial.verdict in ("error", "broken") and shown[trial.verdict] < args.show:
                    shown[trial.verdict] += 1
                    print(f"--- {name} {entry} {trial.verdict}:\n{trial.detail}\n")
                if trial.seconds > SLOW and shown["slow"] < args.show:
                    shown["slow"] += 1
                    print(f"--- {name} {entry} slow: {trial.seconds:.3f} s ({trial.verdict})\n{trial.detail}\n")
            rows.append((name, entry, counts, time.perf_counter() - began))
            print(f"{name:7} {entry:17} {counts['tried']:>8,} tried in {rows[-1][3]:.0f} s", flush=True)
    print()
    columns = ("tried", "typed rejections", "other exceptions", "accepted, sound", "accepted, broken", "slow (> 0.1 s)")
    print("| game | entry point | " + " | ".join(columns) + " |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, entry, counts, _ in rows:
        print(
            f"| {name} | `{entry}` | {counts['tried']:,} | {counts['rejected']:,} | {counts['error']:,} "
            f"| {counts['accepted']:,} | {counts['broken']:,} | {counts['slow']:,} |"
        )


if __name__ == "__main__":
    main()
