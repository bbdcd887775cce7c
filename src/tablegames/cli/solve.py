"""``tablegames solve`` and ``tablegames analyse``: Kalaha positions under perfect play, in plain text (no rich).

``solve`` takes the start of a board (``--pits``, ``--seeds``, the capture
rule); ``analyse`` a position, given as moves from the start in notation
(``"c f a"``), as a state's JSON, or as a file holding a saved state or a
game record (``save FILE``), whose board is its own. Both print the value,
the value of every legal move and a principal variation.

Progress goes to stderr (a line rewritten in place on a terminal; elsewhere a
line every thirty seconds). On a large board (`is_large`), which takes
minutes, stderr first says so and gives a quick estimate from a depth-limited
search. Ctrl-C stops the solve and prints the bounds proved so far.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import tablegames
from tablegames import ConfigError, InvalidStateError
from tablegames.cli.files import read_state
from tablegames.cli.progress import Status, duration
from tablegames.core.inputs import brief, parse_json
from tablegames.kalaha import KalahaState, Progress, Solution, solve
from tablegames.kalaha.bots import KalahaSearch

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "bounds_text",
    "estimate_text",
    "is_large",
    "position_of",
    "progress_line",
    "run_solve",
    "solution_dict",
    "solution_text",
]


def is_large(state: KalahaState) -> bool:
    """Whether solving ``state`` takes minutes: 40 seeds or more on a board of five pits or more, or 60 on any.

    Measured (guide/kalaha-solver.md): 5×4 takes about a minute with every move's value, 6×4 four
    minutes or more, 5×5 ten; 4×5 and 4×6 take seconds.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> is_large(Kalaha().start()), is_large(Kalaha(pits=4, seeds=6).start())
        (True, False)
    """
    seeds = sum(state.board) - sum(state.stores)
    return (state.game.pits >= 5 and seeds >= 40) or seeds >= 60


def position_of(text: str, options: Mapping[str, Any]) -> KalahaState:
    """Read a position: a file holding a state or a record, a state's JSON, or moves from the start.

    A file's or a JSON state's board is its own; ``options`` (``pits``,
    ``seeds``, ``empty_capture``, as the flags give them) must then agree with
    it. Moves are played from the start of the board ``options`` describe.

    Raises:
        ConfigError: If ``text`` is none of these, the state is not Kalaha's, or the options differ from its own.

    Examples:
        >>> state = position_of("a b", {"pits": 3, "seeds": 3})   # a ends in the store: seat 0 moves again
        >>> state.stores, state.current_player
        ((2, 0), 1)
    """
    source = text.strip()
    path = Path(source)
    if source and not source.startswith("{") and path.is_file():
        state = read_state(path)
    elif source.startswith("{"):
        try:
            state = tablegames.state_from_dict(parse_json(source, ConfigError, "the position"))
        except InvalidStateError as error:
            raise ConfigError(f"the position is not a state: {error}") from None
    else:
        game = tablegames.load("kalaha", **options)
        start = game.start()
        assert isinstance(start, KalahaState)
        for word in source.split():
            start = start.apply(start.parse_action(word))
        return start
    if not isinstance(state, KalahaState):
        raise ConfigError(f"analyse solves Kalaha positions; this is a state of {state.game.name}")
    own = state.game.options()
    differ = {key: value for key, value in options.items() if own.get(key) != value}
    if differ:
        flags = ", ".join(_flag(key, value) for key, value in differ.items())
        raise ConfigError(
            f"the position is a state of {state.game}, not of {flags}: a saved position's board is its own; "
            "leave those flags out"
        )
    return state


def _flag(key: str, value: object) -> str:
    """An option as the flag that gives it: ``--pits 4``, ``--no-empty-capture``."""
    name = key.replace("_", "-")
    if isinstance(value, bool):
        return f"--{name}" if value else f"--no-{name}"
    return f"--{name} {brief(value, 40)}"


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


def progress_line(progress: Progress) -> str:
    """What the solver is doing, for the progress line.

    Examples:
        >>> progress_line(Progress("value", lower=2, upper=14, nodes=123_456, seconds=75.2))
        'solving: value · value in [2, 14] · 123,456 positions · 1 min 15 s'
    """
    bound = ""
    if progress.lower is not None or progress.upper is not None:
        bound = f" · value in [{progress.lower}, {progress.upper}]"
    what = progress.phase if progress.move is None else f"{progress.phase} {progress.move}"
    return f"solving: {what}{bound} · {progress.nodes:,} positions · {duration(progress.seconds)}"


def bounds_text(state: KalahaState, progress: Progress | None) -> str:
    """What a stopped solve had proved: the bounds on the mover's final margin, or that it had proved none.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> start = Kalaha().start()
        >>> bounds_text(start, Progress("value", lower=2, upper=14, nodes=9_000, seconds=8.5))
        "stopped after 8 s and 9,000 positions: seat 0's final margin with perfect play is from +2 to +14"
        >>> bounds_text(start, None)
        'stopped before any bound was proved'
    """
    if progress is None or (progress.lower is None and progress.upper is None):
        return "stopped before any bound was proved"
    lower = "-∞" if progress.lower is None else f"{progress.lower:+d}"
    upper = "+∞" if progress.upper is None else f"{progress.upper:+d}"
    span = f"exactly {lower}" if lower == upper else f"from {lower} to {upper}"
    return (
        f"stopped after {duration(progress.seconds)} and {progress.nodes:,} positions: "
        f"seat {state.current_player}'s final margin with perfect play is {span}"
    )


def estimate_text(state: KalahaState, depth: int = 8) -> str:
    """A quick estimate of a position's value by the search bot to ``depth`` moves: not proved, but at once.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> estimate_text(Kalaha().start(), depth=4)
        'estimate by a search 4 moves deep (not proved): seat 0 +1 with f'
    """
    analysis = KalahaSearch(game=state.game, depth=depth, randomize=False).analyse(state)
    best = " or ".join(str(move) for move in analysis.best)
    exact = "exact" if analysis.solved else "not proved"
    return (
        f"estimate by a search {analysis.depth} moves deep ({exact}): "
        f"seat {state.current_player} {round(analysis.value):+d} with {best}"
    )


def run_solve(
    state: KalahaState, *, table_size: int | None, endgame: int | None, as_json: bool, out: TextIO, err: TextIO
) -> None:
    """Solve ``state`` and print the solution (or its JSON); progress, a large board's estimate and Ctrl-C on ``err``.

    Raises:
        KeyboardInterrupt: On Ctrl-C, once the bounds proved so far are printed to ``out``.
    """
    seeds = sum(state.board) - sum(state.stores)
    if state.current_player is not None and is_large(state) and not as_json:
        err.write(
            f"a large board ({seeds} seeds in play): solving may take many minutes; Ctrl-C stops it and prints "
            f"the bounds proved so far\n{estimate_text(state)}\n"
        )
        err.flush()
    status = None if as_json else Status(err)
    latest: list[Progress] = []

    def report(progress: Progress) -> None:
        latest[:] = [progress]
        if status is not None:
            status.update(progress_line(progress))

    try:
        if table_size is None:
            solution = solve(state, endgame=endgame, progress=report)
        else:
            solution = solve(state, table_size=table_size, endgame=endgame, progress=report)
    except KeyboardInterrupt:
        if status is not None:
            status.close()
        stopped = latest[0] if latest else None
        if as_json:
            print(json.dumps(_stopped_dict(state, stopped)), file=out)
        else:
            print(bounds_text(state, stopped), file=out)
        raise
    finally:
        if status is not None:
            status.close()
    print(json.dumps(solution_dict(state, solution)) if as_json else solution_text(solution), file=out)


def _stopped_dict(state: KalahaState, progress: Progress | None) -> dict[str, object]:
    return {
        "position": state.to_dict(),
        "seat": state.current_player,
        "stopped": True,
        "lower": None if progress is None else progress.lower,
        "upper": None if progress is None else progress.upper,
        "nodes": 0 if progress is None else progress.nodes,
        "seconds": 0.0 if progress is None else round(progress.seconds, 3),
    }
