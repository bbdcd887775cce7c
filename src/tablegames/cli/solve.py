"""``tablegames solve`` and ``tablegames analyse``: Kalaha positions under perfect play, with progress shown.

``solve`` takes the start of a board (``--pits``, ``--seeds``, the capture
rule); ``analyse`` a position, given as moves from the start in notation
(``"c f a"``) or as a saved state (JSON text or a file). Both print the
value, the value of every legal move and a principal variation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from rich.console import Console

from tablegames import ConfigError, InvalidStateError
from tablegames.core.inputs import parse_json
from tablegames.kalaha import Kalaha, KalahaState, Progress, Solution, solve

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["position_of", "run_solve", "solution_dict", "solution_text"]


def position_of(game: Kalaha, text: str) -> KalahaState:
    """Read a position: a state's JSON (text or a file holding it), or moves from the start in notation.

    Raises:
        ConfigError: If ``text`` is neither.

    Examples:
        >>> state = position_of(Kalaha(pits=3, seeds=3), "a b")   # a ends in the store: seat 0 moves again
        >>> state.stores, state.current_player
        ((2, 0), 1)
    """
    source = text.strip()
    path = Path(source)
    if not source.startswith("{") and source.endswith(".json"):
        source = path.read_text(encoding="utf-8")
    if source.startswith("{"):
        data = parse_json(source, ConfigError, "the position")
        try:
            loaded = game.from_dict(data)
        except InvalidStateError as error:
            raise ConfigError(f"the position is not a state of {game}: {error}") from None
        assert isinstance(loaded, KalahaState)
        return loaded
    state = game.start()
    for word in source.split():
        state = state.apply(state.parse_action(word))
    return state


def solution_dict(state: KalahaState, solution: Solution) -> dict[str, object]:
    """The solution as JSON: value, winner, final stores, each move's value, the best line, nodes and time."""
    return {
        "position": state.to_dict(),
        "seat": solution.seat,
        "value": solution.value,
        "winner": solution.winner,
        "scores": list(solution.scores),
        "moves": {str(move): value for move, value in solution.moves.items()},
        "best": None if solution.best is None else str(solution.best),
        "principal_variation": [str(move) for move in solution.principal_variation],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 3),
    }


def solution_text(solution: Solution) -> str:
    """The solution in words, as ``solve`` and ``analyse`` print it."""
    if solution.seat is None:
        return f"the game is over: {solution.scores[0]}–{solution.scores[1]}"
    winner = "a draw" if solution.winner is None else f"seat {solution.winner} wins"
    lines = [
        f"seat {solution.seat} to move; with perfect play: {winner}, "
        f"{solution.scores[0]}–{solution.scores[1]} (margin {solution.value:+d} for seat {solution.seat})",
        "moves: " + "  ".join(f"{move} {value:+d}" for move, value in solution.moves.items()),
        f"best: {solution.best}",
        "line: " + " ".join(str(move) for move in solution.principal_variation),
        f"{solution.nodes:,} positions searched in {solution.seconds:.2f} s",
    ]
    return "\n".join(lines)


def _progress(console: Console, show: bool) -> tuple[Callable[[Progress], object] | None, Callable[[], None]]:
    if not show:
        return None, lambda: None
    status = console.status("solving…")
    status.start()

    def report(progress: Progress) -> None:
        bound = ""
        if progress.lower is not None or progress.upper is not None:
            bound = f" · value in [{progress.lower}, {progress.upper}]"
        what = progress.phase if progress.move is None else f"{progress.phase} {progress.move}"
        status.update(f"{what}{bound} · {progress.nodes:,} positions · {progress.seconds:.0f} s")

    return report, status.stop


def run_solve(
    state: KalahaState, *, table_size: int | None, endgame: int | None, as_json: bool, out: TextIO, err: TextIO
) -> None:
    """Solve ``state`` and print the solution (or its JSON), with a progress line on ``err`` if it is a terminal."""
    report, stop = _progress(Console(file=err), show=not as_json and err.isatty())
    try:
        if table_size is None:
            solution = solve(state, endgame=endgame, progress=report)
        else:
            solution = solve(state, table_size=table_size, endgame=endgame, progress=report)
    finally:
        stop()
    print(json.dumps(solution_dict(state, solution)) if as_json else solution_text(solution), file=out)
