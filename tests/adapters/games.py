"""Every game and player count the adapters are tested with, with options that keep the tests short."""

from __future__ import annotations

from typing import Any

#: (game, options): Kalaha for two, Kalo for 3 to 6, Loo for 3 to 8 (two rounds, some with the Miss).
CASES: list[tuple[str, dict[str, Any]]] = [
    ("kalaha", {}),
    *(("kalo", {"players": players}) for players in range(3, 7)),
    *(("loo", {"players": players, "rounds": 2, "miss": players % 2 == 0}) for players in range(3, 9)),
]
IDS = [f"{name}-{options.get('players', 2)}" for name, options in CASES]
