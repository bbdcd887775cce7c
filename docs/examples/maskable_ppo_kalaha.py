"""MaskablePPO (sb3-contrib) learns Kalaha against random play; its win rates before and after, in both seats.

The Gymnasium environment puts the agent in one seat against the library's
bots and gives the legal actions as ``env.unwrapped.action_masks()``, the
method MaskablePPO asks for, so the policy only ever chooses legal moves.
It trains in both seats at once (one environment each) against the random
bot, and is then measured against the random bot and the heuristic: the share
of games it wins, half of them in each seat. Needs the extras ``rl`` and
``train`` (sb3-contrib, which brings PyTorch).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from tablegames.adapters.gymnasium import env


def win_rate(model: MaskablePPO, opponents: str, games: int, seed: int, **options: Any) -> float:
    """The share of ``games`` games of Kalaha the policy wins against ``opponents``, seated in turn."""
    wins = 0
    for game in range(games):
        made = env("kalaha", seat=game % 2, opponents=opponents, **options)
        observation, info = made.reset(seed=seed + game)
        reward, over, truncated = 0.0, False, False
        while not (over or truncated):
            action, _ = model.predict(observation, action_masks=info["action_mask"], deterministic=True)
            observation, paid, over, truncated, info = made.step(int(action))
            reward = float(paid)
        wins += reward > 0
    return wins / games


def main(
    timesteps: int = 100_000, games: int = 200, seed: int = 0, n_steps: int = 2048, **options: Any
) -> dict[str, tuple[float, float]]:
    """Train for ``timesteps`` steps; each opponent's win rates ``(before, after)`` over ``games`` games.

    ``n_steps`` is the steps of each seat's environment between two updates of the policy.
    """
    seats = DummyVecEnv([partial(env, "kalaha", seat=seat, opponents="random", **options) for seat in (0, 1)])
    model = MaskablePPO("MlpPolicy", seats, n_steps=n_steps, batch_size=64, seed=seed, device="cpu", verbose=0)
    before = {opponents: win_rate(model, opponents, games, seed, **options) for opponents in ("random", "heuristic")}
    model.learn(total_timesteps=timesteps)
    return {opponents: (rate, win_rate(model, opponents, games, seed, **options)) for opponents, rate in before.items()}


if __name__ == "__main__":
    import time

    started = time.perf_counter()
    for opponents, (before, after) in main().items():
        print(f"against {opponents}: {before:.0%} before training, {after:.0%} after")
    print(f"{time.perf_counter() - started:.0f} s")
