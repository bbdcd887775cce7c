"""The tournament guide's picture: five Kalaha bots, every pair at a table, rated and drawn.

Run ``python docs/examples/tournament_picture.py [--workers 2] [--backend ray]``
from a checkout; it prints the tournament and writes
``docs/assets/tournament-kalaha.svg`` (the same run gives the same file).
``--games`` and ``--out`` make a smaller run elsewhere (the tests do).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import tablegames

#: Where the picture goes.
PICTURE = Path(__file__).resolve().parents[1] / "assets" / "tournament-kalaha.svg"
#: The run: the standard board, 100 games a pairing, seed 1.
GAMES, SEED = 100, 1


def entrants(game: tablegames.Game[tablegames.State]) -> dict[str, str | tablegames.Bot]:
    """The bots: random play, the heuristic, and the alpha-beta search at three depths."""
    searches: dict[str, str | tablegames.Bot] = {
        f"search depth {depth}": game.bot("search", depth=depth) for depth in (2, 4, 6)
    }
    return {"random": "random", "heuristic": "heuristic", **searches}


def main(argv: list[str] | None = None) -> None:
    """Play the tournament, print it and draw it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--backend", default="local")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--out", type=Path, default=PICTURE)
    args = parser.parse_args(argv)
    game = tablegames.load("kalaha")
    result = tablegames.tournament(game, entrants(game), args.games, SEED, workers=args.workers, backend=args.backend)
    print(result)
    result.plot(args.out)
    print(f"\nplot: {args.out}")


if __name__ == "__main__":
    main()
