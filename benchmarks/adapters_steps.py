"""Environment steps per second: tablegames' PettingZoo adapter against PettingZoo's own classic games, in one run.

Run: ``python benchmarks/adapters_steps.py [--seconds 3]``. Each environment
plays random legal actions (drawn from its action mask) for the given time,
resetting as games end; a step is one ``env.step`` of an agent that is to
act, with ``env.last()`` before it. PettingZoo's classic games need their
own extra: ``python -m pip install 'pettingzoo[classic]'`` (connect four and
tic-tac-toe need pygame, the poker games rlcard); those not installed are
skipped. The ratios compare environments of similar size measured in the
same run: the two-player board games, and the card games.
"""

from __future__ import annotations

import argparse
import importlib
import time
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from tablegames.adapters.pettingzoo import env as tablegames_env

if TYPE_CHECKING:
    from collections.abc import Callable

#: Each environment measured, by label: how to make it.
OURS: dict[str, Callable[[], Any]] = {
    "tablegames kalaha": lambda: tablegames_env("kalaha"),
    "tablegames kalo (4 players)": lambda: tablegames_env("kalo", players=4),
    "tablegames loo (5 players)": lambda: tablegames_env("loo", players=5),
}
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
    ("tablegames loo (5 players)", "pettingzoo leduc_holdem_v4"),
    ("tablegames loo (5 players)", "pettingzoo texas_holdem_v4"),
    ("tablegames kalo (4 players)", "pettingzoo texas_holdem_v4"),
]


def steps_per_second(made: Any, seconds: float) -> float:
    """Play random legal actions in ``made`` for ``seconds``; return the agents' steps per second."""
    rng = np.random.default_rng(1)
    steps, seed = 0, 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        made.reset(seed=seed)
        seed += 1
        for _ in made.agent_iter():
            observation, _, terminated, truncated, _ = made.last()
            if terminated or truncated:
                made.step(None)
                continue
            made.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - began)


def classic(module: str) -> Any | None:
    """PettingZoo's classic environment in ``module``, or None if its extra is not installed."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return importlib.import_module(module).env()
    except ImportError as error:
        print(f"  (skipped {module}: {error}; python -m pip install 'pettingzoo[classic]')")
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    made: dict[str, Any] = {label: factory() for label, factory in OURS.items()}
    for label, module in CLASSIC.items():
        found = classic(module)
        if found is not None:
            made[label] = found
    rates = {}
    print(f"random play, {args.seconds:g} s each")
    for label, environment in made.items():
        rates[label] = steps_per_second(environment, args.seconds)
        print(f"  {label:<30} {rates[label]:10,.0f} steps/s")
    print("ratios (tablegames / pettingzoo, same run)")
    for ours, theirs in PAIRS:
        if ours in rates and theirs in rates:
            print(f"  {ours:<30} / {theirs:<28} {rates[ours] / rates[theirs]:5.2f}")


if __name__ == "__main__":
    main()
