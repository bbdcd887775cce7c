"""Steps per second: tablegames' PettingZoo adapter against RLCard and PettingZoo's classic games, in one run.

Run: ``python benchmarks/adapters_steps.py [--seconds 2] [--rounds 5]``.
Each environment plays random legal actions (drawn from its action mask) and
resets with a plain ``reset()`` as games end (seeded once, before the first
game): the fastest way each library offers, since seeding every episode
rebuilds RLCard's random generators and halves its speed. A step is one
decision of a player to act (``env.step`` after ``env.last()`` in PettingZoo;
``env.step`` in RLCard's own environments, played through their
``step``/``reset`` interface).

The environments take turns, ``--seconds`` each, for ``--rounds`` rounds, so
a change in the machine's load falls on all of them alike; each row shows
the minimum, median and maximum of its rounds, and each ratio divides the
medians. RLCard's environments need ``python -m pip install rlcard`` (the
extra ``bench``); PettingZoo's classic games need their own extras (connect
four and tic-tac-toe need pygame): those not installed are skipped.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from tablegames.adapters.pettingzoo import env as tablegames_env

if TYPE_CHECKING:
    from collections.abc import Callable

#: Each of tablegames' environments measured, by label: how to make it.
OURS: dict[str, Callable[[], Any]] = {
    "tablegames kalaha": lambda: tablegames_env("kalaha"),
    "tablegames loo (5 players)": lambda: tablegames_env("loo", players=5),
    "tablegames kalo (4 players)": lambda: tablegames_env("kalo", players=4),
}
#: RLCard's own environments, by label: their name in ``rlcard.make``.
RLCARD = {
    "rlcard leduc-holdem": "leduc-holdem",
    "rlcard limit-holdem": "limit-holdem",
}
#: PettingZoo's classic environments, by label: their module.
CLASSIC = {
    "pettingzoo connect_four_v3": "pettingzoo.classic.connect_four_v3",
    "pettingzoo tictactoe_v3": "pettingzoo.classic.tictactoe_v3",
    "pettingzoo leduc_holdem_v4": "pettingzoo.classic.leduc_holdem_v4",
    "pettingzoo texas_holdem_v4": "pettingzoo.classic.texas_holdem_v4",
}
#: (ours, theirs): the pairs whose ratio is printed.
PAIRS = [
    ("tablegames kalaha", "pettingzoo connect_four_v3"),
    ("tablegames kalaha", "pettingzoo tictactoe_v3"),
    ("tablegames loo (5 players)", "rlcard leduc-holdem"),
    ("tablegames loo (5 players)", "rlcard limit-holdem"),
    ("tablegames loo (5 players)", "pettingzoo leduc_holdem_v4"),
    ("tablegames loo (5 players)", "pettingzoo texas_holdem_v4"),
    ("tablegames kalo (4 players)", "rlcard limit-holdem"),
    ("tablegames kalo (4 players)", "pettingzoo texas_holdem_v4"),
]


class PettingZooRunner:
    """Random play in a PettingZoo AEC environment, resumed round after round."""

    def __init__(self, made: Any) -> None:
        self.made = made
        self.rng = np.random.default_rng(1)
        made.reset(seed=0)

    def run(self, seconds: float) -> float:
        """Play for ``seconds``; return the decisions per second."""
        made, rng = self.made, self.rng
        steps = 0
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            for _ in made.agent_iter():
                observation, _, terminated, truncated, _ = made.last()
                if terminated or truncated:
                    made.step(None)
                    continue
                made.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
            made.reset()
        return steps / (time.perf_counter() - began)


class RLCardRunner:
    """Random play in one of RLCard's own environments, through its ``reset``/``step`` interface."""

    def __init__(self, made: Any) -> None:
        self.made = made
        self.rng = np.random.default_rng(1)

    def run(self, seconds: float) -> float:
        """Play for ``seconds``; return the decisions per second."""
        made, rng = self.made, self.rng
        steps = 0
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            state, _ = made.reset()
            while not made.is_over():
                legal = list(state["legal_actions"])
                state, _ = made.step(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps / (time.perf_counter() - began)


def runners() -> dict[str, PettingZooRunner | RLCardRunner]:
    """Every environment that can be made here, by label (saying which are skipped)."""
    made: dict[str, PettingZooRunner | RLCardRunner] = {
        label: PettingZooRunner(factory()) for label, factory in OURS.items()
    }
    try:
        rlcard = importlib.import_module("rlcard")
    except ImportError as error:
        print(f"  (skipped RLCard: {error}; python -m pip install rlcard)")
    else:
        for label, name in RLCARD.items():
            made[label] = RLCardRunner(rlcard.make(name, config={"seed": 0}))
    for label, module in CLASSIC.items():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                made[label] = PettingZooRunner(importlib.import_module(module).env())
        except ImportError as error:
            print(f"  (skipped {module}: {error})")
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds for each environment in each round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    made = runners()
    rates: dict[str, list[float]] = {label: [] for label in made}
    for _ in range(args.rounds):
        for label, runner in made.items():
            rates[label].append(runner.run(args.seconds))
    print(f"random play, plain resets, {args.rounds} rounds of {args.seconds:g} s each; steps/s min / median / max")
    medians = {label: statistics.median(found) for label, found in rates.items()}
    for label, found in rates.items():
        print(f"  {label:<30} {min(found):10,.0f} {medians[label]:10,.0f} {max(found):10,.0f}")
    print("ratios of medians (same run)")
    for ours, theirs in PAIRS:
        if ours in medians and theirs in medians:
            print(f"  {ours:<30} / {theirs:<28} {medians[ours] / medians[theirs]:5.2f}")


if __name__ == "__main__":
    main()
