"""An exact Kalaha solver: the perfect-play result of any position, the value of every move, and a best line.

`solve` (or a `Solver`, which keeps what it learnt between positions of a
game) searches a position to the end of the game and returns a `Solution`:
the final store margin both sides reach with perfect play, the winner, the
value of each legal move and a principal variation. Both capture rules
(``empty_capture``) and every board size are supported; how long it takes
grows steeply with the seeds in play (see the solver guide).

How it works, in short:

- **Values without the stores.** Seeds already in a store never move again,
  so a position's value is the margin of the stores plus the best margin the
  mover can get from the seeds still on the board. The search works on that
  second part only, so positions that differ only in their stores are one
  position for it.
- **A packed board.** The two rows, the mover's first, are packed into one
  integer, a few bits a pit, so that a sowing is one addition of a
  precomputed number and the turn passing is a rotation. The transposition
  table and the endgame tables are keyed on it.
- **MTD(f).** The value is found by a series of null-window alpha-beta
  searches (each asks "is the value at least γ?"), which converge on it from
  a first guess; fail-soft bounds let each one jump as far as it can, and
  only values of the right parity are tested (a value has the parity of the
  seeds on the board).
- **A bounded transposition table** of ``table_size`` slots keeps a lower
  and an upper bound and the best move of each position. Slots go in pairs
  (``key % buckets``, a prime number of buckets): one keeps the position
  with more seeds on the board (a bigger search to redo), the other the
  latest. Its memory is fixed when the solver is made.
- **Move ordering and enhanced transposition cutoffs.** The table's best
  move is searched first, before the other moves are even made. Then each
  other move is made and its position looked up in the table and the
  endgame table, and any that already proves the answer ends the search
  there. The rest are searched in order: extra moves, nearest the store
  first; then by the seeds they bring home (captures first); then from the
  pit nearest the store.
- **Endgame tables** (`tablegames.kalaha.solver.endgame`): every position with at
  most ``endgame`` seeds on the board is solved ahead of the search and read
  in one lookup. They are kept in memory, and on disk only in the directory
  you give as ``endgame_path``.

Examples:
    >>> from tablegames.kalaha import Kalaha, solve
    >>> game = Kalaha(pits=3, seeds=3)
    >>> solution = solve(game.start())
    >>> solution.value, solution.winner, solution.scores   # the rules page's table: seat 0 wins by 2
    (2, 0, (10, 8))
    >>> {str(move): value for move, value in solution.moves.items()}
    {'a': 2, 'b': 2, 'c': -6}
    >>> str(solution.best)
    'a'
    >>> " ".join(str(move) for move in solution.principal_variation)
    'a b b b a c c c a a c b'
"""

from __future__ import annotations

import os
import sys
import time
from math import comb
from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import ConfigError
from tablegames.core.inputs import brief
from tablegames.kalaha.actions import SOWS, Sow
from tablegames.kalaha.solver.endgame import MAX_ENDGAME_SEEDS, EndgameTable, table_bytes
from tablegames.kalaha.solver.search import Engine, Progress, SolveTimeout
from tablegames.kalaha.solver.shared import clear_endgame_cache, shared_table

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from tablegames.kalaha.options import KalahaOptions
    from tablegames.kalaha.state import KalahaState

__all__ = [
    "AUTO_ENDGAME_BYTES",
    "DEFAULT_TABLE_SIZE",
    "SLOT_BYTES",
    "Progress",
    "Solution",
    "SolveTimeout",
    "Solver",
    "auto_endgame",
    "clear_endgame_cache",
    "solve",
]

#: Transposition-table slots unless told otherwise: about 55 MB once full.
DEFAULT_TABLE_SIZE = 1 << 20
#: Memory of one transposition-table slot once used, in bytes, on the standard board (CPython 3.11, 64-bit);
#: `Solver.memory` works it out for each game (bigger boards have bigger keys).
SLOT_BYTES = 56
#: The automatic endgame table is at most this many positions (bytes): a few seconds to build.
AUTO_ENDGAME_BYTES = 3_000_000
#: The automatic endgame table covers the seeds in play less this many (then is capped by size).
_AUTO_ENDGAME_MARGIN = 20
#: A solver whose memory bound is above this share of the machine's memory is refused.
_MACHINE_SHARE = 0.75


@attrs.frozen(unsafe_hash=False)
class Solution:
    """The perfect-play result of a position.

    Attributes:
        seat: The seat to move, whose view ``value`` and ``moves`` take; None
            if the game is over.
        value: The final store margin under perfect play from ``seat``'s view
            (its store minus the opponent's at the end of the game, stores
            so far included); seat 0's margin if the game is over.
        scores: The final stores (seat 0's, seat 1's) under perfect play.
        winner: The seat that wins with perfect play, or None for a draw.
        moves: The value of every legal move, in pit order: the final margin
            for ``seat`` if it plays that move and both play perfectly after.
        best: A move of the best value (None if the game is over): the first
            in pit order if ``moves`` was asked for, else the one the search
            found. ``moves`` tells every move of the best value.
        principal_variation: One perfect game from here to the end, starting
            with ``best``: a move of the best value each time, whichever seat
            moves (an extra move makes a seat play twice in a row). Empty
            unless asked for.
        nodes: Positions searched for this solve. One the transposition
            table answers counts; one the endgame table answers, or one looked
            up before it is searched, does not.
        seconds: Wall-clock time of the solve, building an endgame table included.
    """

    seat: int | None
    value: int
    scores: tuple[int, int]
    winner: int | None
    moves: Mapping[Sow, int]
    best: Sow | None
    principal_variation: tuple[Sow, ...]
    nodes: int
    seconds: float


def solve(
    state: KalahaState,
    *,
    table_size: int = DEFAULT_TABLE_SIZE,
    endgame: int | EndgameTable | None = None,
    endgame_path: str | os.PathLike[str] | None = None,
    progress: Callable[[Progress], object] | None = None,
    moves: bool = True,
    line: bool = True,
    time_limit: float | None = None,
) -> Solution:
    """Solve ``state``: its value under perfect play, the value of each move, and a best line.

    A shortcut for ``Solver(state.game, ...).solve(state, ...)``; see `Solver`
    for the arguments. Use a `Solver` to solve many positions of one game: it
    keeps its transposition table between them.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> game = Kalaha(pits=4, seeds=2)
        >>> solution = solve(game.start(), moves=False, line=False)
        >>> solution.value, solution.winner, str(solution.best)
        (6, 0, 'd')
    """
    solver = Solver(state.game, table_size=table_size, endgame=endgame, endgame_path=endgame_path)
    return solver.solve(state, progress=progress, moves=moves, line=line, time_limit=time_limit)


class Solver:
    """Solves positions of one Kalaha game, keeping its transposition table and endgame table between them.

    Memory is fixed when the solver is made and does not grow during a
    solve: the transposition table has ``table_size`` slots of about
    `SLOT_BYTES` bytes each once used, and the endgame table takes one byte a
    position (`tablegames.kalaha.solver.endgame.table_bytes`); `memory` adds them
    up. The recursion goes one level a move, so a solve may raise Python's
    recursion limit for its own duration.

    Args:
        game: The game whose positions it solves (its pits, its capture rule
            and its seeds in play).
        table_size: Slots in the transposition table (at least 1,000).
        endgame: The most seeds on the board the endgame table covers; 0 for
            none; None (the default) to choose by the seeds in play, capped
            at `AUTO_ENDGAME_BYTES` positions; or a built `EndgameTable` of
            this game's pits and capture rule to share one between solvers.
        endgame_path: A directory to read the endgame table from, and to save
            it to once built. Nothing is written to disk unless it is given.
            Either way the two most recent tables stay in memory for the next
            solver (`clear_endgame_cache`).

    Raises:
        ConfigError: If an argument is out of range, or if `memory` would be
            more than three quarters of the machine's memory.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> game = Kalaha(pits=4, seeds=3)
        >>> solver = Solver(game, table_size=100_000, endgame=6)
        >>> solver.value(game.start())            # seat 0 to move wins by 8
        8
        >>> after = game.start().apply(Sow(0))
        >>> after.current_player, solver.value(after)   # after a, seat 1 to move wins by 8
        (1, 8)
    """

    def __init__(
        self,
        game: KalahaOptions[KalahaState],
        *,
        table_size: int = DEFAULT_TABLE_SIZE,
        endgame: int | EndgameTable | None = None,
        endgame_path: str | os.PathLike[str] | None = None,
    ) -> None:
        if type(table_size) is not int or table_size < 1000:
            raise ConfigError(f"table_size must be an integer of at least 1000, got {brief(table_size)}")
        p, total = game.pits, 2 * game.pits * game.seeds
        table: EndgameTable | None = None
        if isinstance(endgame, EndgameTable):
            if (endgame.pits, endgame.empty_capture) != (p, game.empty_capture):
                raise ConfigError(
                    f"the endgame table is for {endgame.pits} pits and empty_capture={endgame.empty_capture}, "
                    f"the game has {p} pits and empty_capture={game.empty_capture}"
                )
            table, seeds = endgame, endgame.seeds
        elif endgame is None:
            seeds = auto_endgame(game)
        elif type(endgame) is int and 0 <= endgame <= MAX_ENDGAME_SEEDS:
            seeds = min(endgame, total)
        else:
            raise ConfigError(f"endgame must be an integer from 0 to {MAX_ENDGAME_SEEDS} or None, got {brief(endgame)}")
        self.game = game
        self.table_size = 2 * _prime_at_most(table_size // 2)
        self.endgame = seeds
        self._table = table
        self._path = endgame_path
        self._engine: Engine | None = None
        machine = _physical_memory()
        if machine is not None and self.memory > _MACHINE_SHARE * machine:
            raise ConfigError(
                f"this solver could take {self.memory / 2**20:,.0f} MiB (table_size={table_size}, "
                f"endgame={seeds}), more than {_MACHINE_SHARE:.0%} of this machine's "
                f"{machine / 2**20:,.0f} MiB; give a smaller table_size or endgame"
            )

    @property
    def memory(self) -> int:
        """The bytes this solver holds once its table is full (beyond the interpreter's own): its memory bound.

        The transposition table's slots (a key, an integer object of
        ``2 * pits * bits`` bits, and four small numbers each), the endgame
        table's bytes and its index of rows.
        """
        p, total = self.game.pits, 2 * self.game.pits * self.game.seeds
        key = sys.getsizeof(1 << (2 * p * max(1, total.bit_length()) - 1))
        numbers = 1 if total < 128 else 2 if total < 32768 else 8
        slot = 8 + (key + 7) // 8 * 8 + 3 * numbers + 1
        return self.table_size * slot + table_bytes(p, self.endgame) + 200 * _rows(self)

    @property
    def nodes(self) -> int:
        """Positions searched by this solver so far, over all its solves."""
        return 0 if self._engine is None else self._engine.nodes

    def clear(self) -> None:
        """Empty the transposition table (the endgame table stays)."""
        if self._engine is not None:
            self._engine.clear()

    def value(
        self,
        state: KalahaState,
        *,
        progress: Callable[[Progress], object] | None = None,
        guess: int | None = None,
        time_limit: float | None = None,
    ) -> int:
        """The final margin of the seat to move under perfect play (stores included); seat 0's if the game is over.

        The quickest question: no best move, no line (see `solve` for the arguments).
        """
        checked = _limited(progress, time_limit)
        return self._solve(state, checked, moves=False, line=False, guess=guess, best=False).value

    def prepare(self, *, progress: Callable[[Progress], object] | None = None) -> EndgameTable | None:
        """Build (or read) the endgame table now, instead of in the first solve; return it (None without one).

        A bot that must answer in time prepares its solver first, so that no
        move pays for the table. ``progress`` gets `Progress` reports of phase
        ``"endgame"``; an exception it raises stops the build, and the next
        `prepare` or solve goes on where it stopped.

        Examples:
            >>> from tablegames.kalaha import Kalaha
            >>> solver = Solver(Kalaha(pits=4, seeds=3), endgame=8)
            >>> reports = []
            >>> solver.prepare(progress=reports.append)
            EndgameTable(pits=4, seeds=8, empty_capture=True)
            >>> reports[-1].phase, reports[-1].seeds
            ('endgame', 8)
        """
        self._start(progress, time.perf_counter())
        return self._table

    def solve(
        self,
        state: KalahaState,
        *,
        progress: Callable[[Progress], object] | None = None,
        moves: bool = True,
        line: bool = True,
        guess: int | None = None,
        time_limit: float | None = None,
    ) -> Solution:
        """Solve ``state``.

        Args:
            state: A position of this solver's game.
            progress: Called with a `Progress` after each step of the search
                and every 8,192 positions or so; it may raise an exception to
                stop the solve (the exception propagates; the solver stays usable).
            moves: Find the exact value of every legal move (``moves``). This
                costs more than the value itself, often several times more,
                as each poor move's exact value needs a proof of its own; when
                False, ``moves`` is empty.
            line: Find a principal variation.
            guess: A first guess at ``value`` (the mover's margin), where the
                search starts; a good one saves time. None: the stores' margin.
            time_limit: Seconds the solve may take, building the endgame
                table included; None for no limit. It is checked at each
                progress report, so a solve stops within a fraction of a
                second of it.

        Raises:
            ConfigError: If ``state`` is not a position of this solver's game,
                or ``time_limit`` is not a positive number.
            SolveTimeout: If the solve reached ``time_limit``; its ``report``
                holds the bounds proved so far. The solver stays usable, and an
                endgame table it was building is finished by the next solve.
        """
        checked = _limited(progress, time_limit)
        return self._solve(state, checked, moves=moves, line=line, guess=guess, best=True)

    def _solve(
        self,
        state: KalahaState,
        progress: Callable[[Progress], object] | None,
        *,
        moves: bool,
        line: bool,
        guess: int | None,
        best: bool,
    ) -> Solution:
        if state.game != self.game:
            raise ConfigError(f"this solver solves {self.game!r}, not {state.game!r}")
        if guess is not None and type(guess) is not int:
            raise ConfigError(f"guess must be an integer or None, got {brief(guess)}")
        began = time.perf_counter()
        engine = self._start(progress, began)
        before = engine.nodes
        p = self.game.pits
        board = state.board
        stores = (board[p], board[2 * p + 1])
        total = 2 * p * self.game.seeds
        mover = state.current_player
        if mover is None:
            margin = stores[0] - stores[1]
            return Solution(
                seat=None,
                value=margin,
                scores=stores,
                winner=_winner(margin),
                moves={},
                best=None,
                principal_variation=(),
                nodes=0,
                seconds=time.perf_counter() - began,
            )
        own, other = (board[:p], board[p + 1 : 2 * p + 1]) if mover == 0 else (board[p + 1 : 2 * p + 1], board[:p])
        key = engine.key(own, other)
        home = stores[mover] - stores[1 - mover]
        left = total - stores[0] - stores[1]
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20 * total + 1000))
        try:
            engine.progress = progress
            engine.began = began
            start = 0 if guess is None else guess - home
            values: dict[int, int] = {}
            if moves:
                values = engine.move_values(key, left, start, home)
                value = max(values.values())
                first = min(pit for pit, each in values.items() if each == value)
            else:
                engine.aim("value", home)
                value = engine.mtdf(key, left, start)
                engine.aim("moves", home + value, 0)
                first = engine.best_move(key, left, value) if best else -1
            engine.aim("line", home + value, 0)
            variation = engine.line(key, left, value, first) if line else ()
            value += home
        finally:
            sys.setrecursionlimit(limit)
            engine.progress = None
        seat0 = value if mover == 0 else -value
        return Solution(
            seat=mover,
            value=value,
            scores=((total + seat0) // 2, (total - seat0) // 2),
            winner=_winner(seat0),
            moves={SOWS[pit]: home + each for pit, each in values.items()},
            best=SOWS[first] if first >= 0 else None,
            principal_variation=tuple(SOWS[pit] for pit in variation),
            nodes=engine.nodes - before,
            seconds=time.perf_counter() - began,
        )

    def _start(self, progress: Callable[[Progress], object] | None, began: float) -> Engine:
        """The engine, made (with its endgame table) on first use."""
        if self._engine is None:
            table = self._table
            if table is None and self.endgame:

                def report(done: int) -> None:
                    if progress is not None:
                        progress(Progress("endgame", None, None, 0, time.perf_counter() - began, seeds=done))

                table = shared_table(self.game.pits, self.endgame, self.game.empty_capture, self._path, report)
            self._table = table
            self._engine = Engine(self.game, self.table_size // 2, table)
        return self._engine


def auto_endgame(game: KalahaOptions[KalahaState]) -> int:
    """The endgame table a `Solver` builds for ``game`` unless told.

    The seeds in play less 20, at most 5 a pit (boards of few pits solve
    quickly anyway), and at most `AUTO_ENDGAME_BYTES` positions.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> auto_endgame(Kalaha(pits=4, seeds=4)), auto_endgame(Kalaha(pits=6, seeds=3))
        (12, 12)
        >>> auto_endgame(Kalaha(pits=3, seeds=3)), auto_endgame(Kalaha(pits=2, seeds=40))
        (0, 10)
    """
    p, total = game.pits, 2 * game.pits * game.seeds
    seeds = max(0, min(total - _AUTO_ENDGAME_MARGIN, 5 * p, MAX_ENDGAME_SEEDS))
    while seeds and table_bytes(p, seeds) > AUTO_ENDGAME_BYTES:
        seeds -= 1
    return seeds


def _limited(
    progress: Callable[[Progress], object] | None, time_limit: float | None
) -> Callable[[Progress], object] | None:
    """``progress``, and a check after it that raises `SolveTimeout` once a report comes at or after ``time_limit``."""
    if time_limit is None:
        return progress
    if type(time_limit) not in (int, float) or not time_limit > 0:
        raise ConfigError(f"time_limit must be a positive number of seconds or None, got {brief(time_limit)}")

    def check(report: Progress) -> None:
        if progress is not None:
            progress(report)
        if report.seconds >= time_limit:
            raise SolveTimeout(report)

    return check


def _rows(solver: Solver) -> int:
    """Rows of one side an endgame table of the solver numbers (its index maps hold two entries per row)."""
    return comb(solver.endgame + solver.game.pits, solver.game.pits)


def _physical_memory() -> int | None:
    """The machine's memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not a POSIX system
        return None


def _winner(margin: int) -> int | None:
    return 0 if margin > 0 else 1 if margin < 0 else None


def _prime_at_most(number: int) -> int:
    """The largest prime not above ``number`` (at least 2): table slots are ``key % size``."""
    candidate = number if number % 2 else number - 1
    while candidate > 2:
        if all(candidate % divisor for divisor in range(3, int(candidate**0.5) + 1, 2)):
            return candidate
        candidate -= 2
    return 2
