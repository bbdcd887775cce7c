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
- **Endgame tables** (`tablegames.kalaha.endgame`): every position with at
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

import sys
import time
from array import array
from math import comb
from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import ConfigError
from tablegames.core.inputs import brief
from tablegames.kalaha.actions import SOWS, Sow
from tablegames.kalaha.endgame import MAX_ENDGAME_SEEDS, EndgameTable, table_bytes

if TYPE_CHECKING:
    import os
    from collections.abc import Callable, Mapping

    from tablegames.kalaha.game import Kalaha
    from tablegames.kalaha.state import KalahaState

__all__ = [
    "AUTO_ENDGAME_BYTES",
    "DEFAULT_TABLE_SIZE",
    "SLOT_BYTES",
    "Progress",
    "Solution",
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
#: Progress reports come at least this many nodes apart during a long search.
_REPORT_EVERY = 1 << 16
#: A solver whose memory bound is above this share of the machine's memory is refused.
_MACHINE_SHARE = 0.75
#: How many built endgame tables stay in memory between solvers (the most recent ones; see `clear_endgame_cache`).
_KEPT_TABLES = 2
_kept: dict[tuple[int, int, bool, str | None], EndgameTable] = {}


@attrs.frozen
class Progress:
    """A report from a running solve, for a progress display.

    Attributes:
        phase: ``"endgame"`` (building the endgame table), ``"value"`` (the
            position's value), ``"moves"`` (the value of each move) or
            ``"line"`` (the principal variation).
        lower: The value proved so far at least this (the mover's final
            margin, stores included), or None while building the endgame table.
        upper: The value proved so far at most this, or None likewise.
        nodes: Positions searched so far by this solver.
        seconds: Time since the solve began.
        move: The move being valued, in phase ``"moves"``.
        seeds: In phase ``"endgame"``: the table is done up to this many seeds on the board.
    """

    phase: str
    lower: int | None
    upper: int | None
    nodes: int
    seconds: float
    move: Sow | None = None
    seeds: int | None = None


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
    return solver.solve(state, progress=progress, moves=moves, line=line)


class Solver:
    """Solves positions of one Kalaha game, keeping its transposition table and endgame table between them.

    Memory is fixed when the solver is made and does not grow during a
    solve: the transposition table has ``table_size`` slots of about
    `SLOT_BYTES` bytes each once used, and the endgame table takes one byte a
    position (`tablegames.kalaha.endgame.table_bytes`); `memory` adds them
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
        game: Kalaha,
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
        self._engine: _Engine | None = None
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
        self, state: KalahaState, *, progress: Callable[[Progress], object] | None = None, guess: int | None = None
    ) -> int:
        """The final margin of the seat to move under perfect play (stores included); seat 0's if the game is over.

        The quickest question: no best move, no line (see `solve` for the arguments).
        """
        return self._solve(state, progress, moves=False, line=False, guess=guess, best=False).value

    def solve(
        self,
        state: KalahaState,
        *,
        progress: Callable[[Progress], object] | None = None,
        moves: bool = True,
        line: bool = True,
        guess: int | None = None,
    ) -> Solution:
        """Solve ``state``.

        Args:
            state: A position of this solver's game.
            progress: Called with a `Progress` after each step of the search
                and every 65,536 positions or so; it may raise an exception to
                stop the solve (the exception propagates; the solver stays usable).
            moves: Find the exact value of every legal move (``moves``). This
                costs more than the value itself, often several times more,
                as each poor move's exact value needs a proof of its own; when
                False, ``moves`` is empty.
            line: Find a principal variation.
            guess: A first guess at ``value`` (the mover's margin), where the
                search starts; a good one saves time. None: the stores' margin.

        Raises:
            ConfigError: If ``state`` is not a position of this solver's game.
        """
        return self._solve(state, progress, moves=moves, line=line, guess=guess, best=True)

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

    def _start(self, progress: Callable[[Progress], object] | None, began: float) -> _Engine:
        """The engine, made (with its endgame table) on first use."""
        if self._engine is None:
            table = self._table
            if table is None and self.endgame:
                table = _endgame_table(self.game, self.endgame, self._path, progress, began)
            self._table = table
            self._engine = _Engine(self.game, self.table_size // 2, table)
        return self._engine


def auto_endgame(game: Kalaha) -> int:
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


def clear_endgame_cache() -> None:
    """Let go of the endgame tables kept for the next solver.

    A solver that builds (or reads) an endgame table leaves it in a cache of
    the two most recent ones, so that the next `solve` of the same game does
    not build it again. Solvers that hold a table keep it all the same.
    """
    _kept.clear()


def _rows(solver: Solver) -> int:
    """Rows of one side an endgame table of the solver numbers (its index maps hold two entries per row)."""
    return comb(solver.endgame + solver.game.pits, solver.game.pits)


def _physical_memory() -> int | None:
    """The machine's memory in bytes, or None where the system does not say."""
    import os

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


def _endgame_table(
    game: Kalaha,
    seeds: int,
    path: str | os.PathLike[str] | None,
    progress: Callable[[Progress], object] | None,
    began: float,
) -> EndgameTable:
    """The endgame table, from memory if a recent solver built it, else from ``path`` or built."""
    import os

    name = None if path is None else os.fspath(path)
    key = (game.pits, seeds, game.empty_capture, name)
    table = _kept.get(key)
    if table is None:

        def report(done: int) -> None:
            if progress is not None:
                progress(Progress("endgame", None, None, 0, time.perf_counter() - began, seeds=done))

        table = EndgameTable.cached(game.pits, seeds, game.empty_capture, path, report)
        while len(_kept) >= _KEPT_TABLES:
            del _kept[next(iter(_kept))]
        _kept[key] = table
    return table


class _Engine:
    """The search: packed boards, the transposition table, MTD(f) and the null-window alpha-beta.

    A board is an integer: the mover's pit ``i`` in bits ``i * bits`` and up,
    the opponent's pit ``i`` in bits ``(pits + i) * bits`` and up. Values are
    the mover's final margin over the seeds on the board (``seeds`` below),
    never the stores.
    """

    def __init__(self, game: Kalaha, size: int, endgame: EndgameTable | None) -> None:
        p = game.pits
        total = 2 * p * game.seeds
        bits = max(1, total.bit_length())
        self.pits, self.bits, self.total = p, bits, total
        self.empty_capture = game.empty_capture
        self.half = half = p * bits
        self.low = (1 << half) - 1
        self.mask = (1 << bits) - 1
        self.shifts = [pit * bits for pit in range(2 * p)]
        # sowing[pit][seeds]: (change of the board, seeds into the store, 1 extra move / 2 may capture / 0,
        # shift of the pit the last seed lands in, shift of the pit opposite it)
        lap = 2 * p + 1
        self.sowing: list[list[tuple[int, int, int, int, int]]] = []
        for pit in range(p):
            row = [(0, 0, 0, 0, 0)]
            for seeds in range(1, total + 1):
                change, home = -(seeds << self.shifts[pit]), 0
                for step in range(1, seeds + 1):
                    place = (pit + step) % lap
                    if place < p:
                        change += 1 << self.shifts[place]
                    elif place == p:
                        home += 1
                    else:
                        change += 1 << self.shifts[place - 1]
                last = (pit + seeds) % lap
                if last == p:
                    row.append((change, home, 1, 0, 0))
                elif last < p:
                    row.append((change, home, 2, self.shifts[last], self.shifts[2 * p - 1 - last]))
                else:
                    row.append((change, home, 0, 0, 0))
            self.sowing.append(row)
        self.size = size
        code = "b" if total < 128 else "h" if total < 32768 else "q"
        self.code = code
        slots = 2 * size
        self.keys: list[int] = [0] * slots  # 0 (an empty board) is never searched
        self.lows = array(code, bytes(slots * array(code).itemsize))
        self.highs = array(code, bytes(slots * array(code).itemsize))
        self.depths = array(code, bytes(slots * array(code).itemsize))
        self.best = array("b", bytes(slots))
        self.limit = 0 if endgame is None else endgame.seeds
        self.values = bytearray(1) if endgame is None else endgame.values
        self.offset, self.rank = ({}, {}) if endgame is None else endgame.index_maps(bits)
        self.done = 0  # nodes counted before the search's running count
        self.progress: Callable[[Progress], object] | None = None
        self.began = 0.0
        self.phase = "value"
        self.shown = (0, 1)  # a reported bound is shown[0] + shown[1] * the searched position's bound
        self.bounds = (0, 0)
        self.move: int | None = None
        self.search, self.counted = self._make_search()

    @property
    def nodes(self) -> int:
        return self.done + self.counted()

    def clear(self) -> None:
        self.keys[:] = [0] * (2 * self.size)
        self.depths[:] = array(self.code, bytes(len(self.depths) * self.depths.itemsize))

    def key(self, own: tuple[int, ...], other: tuple[int, ...]) -> int:
        bits = self.bits
        return sum(count << (bits * pit) for pit, count in enumerate((*own, *other)))

    def rows(self, key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The mover's row and the opponent's row of a packed board (for tests and messages)."""
        mask, bits, p = self.mask, self.bits, self.pits
        counts = tuple((key >> (bits * place)) & mask for place in range(2 * p))
        return counts[:p], counts[p:]

    def play(self, key: int, pit: int) -> tuple[int, int, int]:
        """Play ``pit``: ``(kind, child, seeds into the store)``.

        ``kind`` is 0 if the turn passes (``child`` is from the new mover's
        view), 1 for an extra move, 2 if the game ends (``child`` is then the
        final value over the seeds on the board, from the mover's view).
        """
        seeds = (key >> self.shifts[pit]) & self.mask
        change, home, kind, at, across = self.sowing[pit][seeds]
        child = key + change
        if kind == 2 and (child >> at) & self.mask == 1:
            taken = (child >> across) & self.mask
            if taken or self.empty_capture:
                child -= (1 << at) + (taken << across)
                home += taken + 1
        left = sum(self.rows(key)[0]) + sum(self.rows(key)[1]) - home
        if not child & self.low:
            return 2, home - left, home
        if not child >> self.half:
            return 2, home + left, home
        if kind == 1:
            return 1, child, home
        return 0, (child >> self.half) | ((child & self.low) << self.half), home

    def aim(self, phase: str, offset: int, sign: int = 1, move: int | None = None) -> None:
        """Say what the searches that follow are for: reports show ``offset + sign * bound``."""
        self.phase, self.shown, self.move = phase, (offset, sign), move

    def report(self) -> None:
        progress = self.progress
        if progress is not None:
            low, high = self.bounds
            offset, sign = self.shown
            if sign < 0:
                low, high = -high, -low
            elif sign == 0:
                low = high = 0
            move = None if self.move is None else SOWS[self.move]
            elapsed = time.perf_counter() - self.began
            progress(Progress(self.phase, offset + low, offset + high, self.nodes, elapsed, move=move))

    def _make_search(self) -> tuple[Callable[[int, int, int], int], Callable[[], int]]:
        """Build the null-window alpha-beta as a closure over the tables (local names are fastest in CPython)."""
        shifts, mask, sowing = self.shifts, self.mask, self.sowing
        half, low = self.half, self.low
        empty_capture = self.empty_capture
        size, keys, lows, highs, best_moves = self.size, self.keys, self.lows, self.highs, self.best
        depths = self.depths
        limit, values, offset, rank = self.limit, self.values, self.offset, self.rank
        # The pits in the order moves are made: the table's best move first (orders[hint]), then from the store back.
        backwards = list(range(self.pits - 1, -1, -1))
        orders = [[pit, *(other for other in backwards if other != pit)] for pit in range(self.pits)] + [backwards]
        countdown = _REPORT_EVERY
        engine = self

        def search(key: int, seeds: int, gamma: int) -> int:
            """Fail-soft test of "value >= gamma" for the board ``key`` with ``seeds`` seeds on it.

            Returns a value v: if v >= gamma the value is at least v, else at most v.
            """
            nonlocal countdown
            if seeds < gamma:
                return seeds
            if -seeds >= gamma:
                return -seeds
            if seeds <= limit:
                return values[offset[key & low] + rank[key >> half]] - 128
            countdown -= 1
            if not countdown:
                countdown = _REPORT_EVERY
                engine.done += _REPORT_EVERY
                engine.report()
            slot = (key % size) << 1
            if keys[slot] != key:
                slot += 1
            hint = -1
            if keys[slot] == key:
                bound = lows[slot]
                if bound >= gamma:
                    return bound
                bound = highs[slot]
                if bound < gamma:
                    return bound
                hint = best_moves[slot]
            best = -seeds - 1
            best_pit = -1
            children = []
            for pit in orders[hint]:
                count = (key >> shifts[pit]) & mask
                if not count:
                    continue
                change, home, kind, at, across = sowing[pit][count]
                child = key + change
                if kind == 2 and (child >> at) & mask == 1:
                    taken = (child >> across) & mask
                    if taken or empty_capture:
                        child -= (1 << at) + (taken << across)
                        home += taken + 1
                left = seeds - home
                if not child & low:
                    value = home - left
                elif not child >> half:
                    value = home + left
                elif left <= limit:
                    if kind == 1:
                        value = home + values[offset[child & low] + rank[child >> half]] - 128
                    else:
                        value = home - values[offset[child >> half] + rank[child & low]] + 128
                elif pit == hint:  # searched at once: it usually settles the question
                    if kind == 1:
                        value = home + search(child, left, gamma - home)
                    else:
                        value = home - search((child >> half) | ((child & low) << half), left, home - gamma + 1)
                    if value >= gamma:
                        best, best_pit = value, pit
                        break
                elif kind == 1:
                    other = (child % size) << 1
                    if keys[other] != child:
                        other += 1
                    if keys[other] == child and lows[other] >= gamma - home:
                        return home + lows[other]
                    children.append((500 + pit, pit, child, home, 1))
                    continue
                else:
                    child = (child >> half) | ((child & low) << half)
                    other = (child % size) << 1
                    if keys[other] != child:
                        other += 1
                    if keys[other] == child and highs[other] <= home - gamma:
                        return home - highs[other]
                    children.append((home, pit, child, home, 0))
                    continue
                if value > best:
                    if value >= gamma:
                        return value
                    best, best_pit = value, pit
            else:
                children.sort(reverse=True)
                for _, pit, child, home, kind in children:
                    if kind:
                        value = home + search(child, seeds - home, gamma - home)
                    else:
                        value = home - search(child, seeds - home, home - gamma + 1)
                    if value > best:
                        best, best_pit = value, pit
                        if value >= gamma:
                            break
            if keys[slot] != key:
                slot = (key % size) << 1
                if keys[slot] == key:
                    pass
                elif keys[slot + 1] == key:
                    slot += 1
                else:
                    if seeds >= depths[slot]:  # the deeper slot keeps the bigger position; the other, the latest
                        keys[slot + 1] = keys[slot]
                        lows[slot + 1], highs[slot + 1] = lows[slot], highs[slot]
                        depths[slot + 1], best_moves[slot + 1] = depths[slot], best_moves[slot]
                    else:
                        slot += 1
                    keys[slot] = key
                    lows[slot], highs[slot] = -seeds, seeds
                    depths[slot] = seeds
                    best_moves[slot] = -1
            if best >= gamma:
                lows[slot] = best
                best_moves[slot] = best_pit
            else:
                highs[slot] = best
            return best

        def counted() -> int:
            return _REPORT_EVERY - countdown

        return search, counted

    def lookup(self, key: int, seeds: int) -> int | None:
        """The exact value from the endgame table, or None if the board has too many seeds."""
        if seeds > self.limit:
            return None
        return self.values[self.offset[key & self.low] + self.rank[key >> self.half]] - 128

    def mtdf(self, key: int, seeds: int, guess: int, lower: int | None = None, upper: int | None = None) -> int:
        """The exact value of a position (not over) by MTD(f) from ``guess``, within known bounds."""
        known = self.lookup(key, seeds)
        if known is not None:
            return known
        low = -seeds if lower is None else max(lower, -seeds)
        high = seeds if upper is None else min(upper, seeds)
        value = min(max(guess, low), high)
        search = self.search
        while low < high:
            # Values have the parity of the seeds on the board: test the next one that can occur.
            gamma = value + 1 if value <= low else value
            gamma += (gamma - seeds) & 1
            gamma = min(gamma, high)
            self.bounds = (low, high)
            value = search(key, seeds, gamma)
            if value >= gamma:
                low = value
            else:
                high = value
            self.bounds = (low, high)
            self.report()
        return low

    def move_values(self, key: int, seeds: int, guess: int, home_offset: int) -> dict[int, int]:
        """The exact value of each legal move (the mover's margin over the seeds on the board), by pit."""
        pits = [pit for pit in range(self.pits) if (key >> self.shifts[pit]) & self.mask]
        # First the value of the position, which bounds every move; then each move's own.
        self.aim("value", home_offset)
        value = self.mtdf(key, seeds, guess)
        out: dict[int, int] = {}
        for pit in pits:
            kind, child, home = self.play(key, pit)
            if kind == 2:
                out[pit] = child
            elif kind == 1:
                self.aim("moves", home_offset + home, 1, pit)
                out[pit] = home + self.mtdf(child, seeds - home, value - home, upper=value - home)
            else:
                self.aim("moves", home_offset + home, -1, pit)
                out[pit] = home - self.mtdf(child, seeds - home, home - value, lower=home - value)
        return out

    def achieves(self, key: int, seeds: int, pit: int, value: int) -> bool:
        """Whether playing ``pit`` keeps the value ``value`` (the position's exact value)."""
        kind, child, home = self.play(key, pit)
        if kind == 2:
            return child >= value
        if kind == 1:
            return home + self.search(child, seeds - home, value - home) >= value
        return home - self.search(child, seeds - home, home - value + 1) >= value

    def best_move(self, key: int, seeds: int, value: int) -> int:
        """A move of value ``value`` (the position's exact value): the table's best move if it is one, else the first.

        (The first in pit order.)
        """
        slot = (key % self.size) << 1
        if self.keys[slot] != key:
            slot += 1
        if self.keys[slot] == key:
            hint = self.best[slot]
            if hint >= 0 and self.achieves(key, seeds, hint, value):
                return hint
        for pit in range(self.pits):
            if (key >> self.shifts[pit]) & self.mask and self.achieves(key, seeds, pit, value):
                return pit
        raise AssertionError("no move keeps the value")  # pragma: no cover - the value is exact

    def line(self, key: int, seeds: int, value: int, first: int) -> tuple[int, ...]:
        """A principal variation from ``first`` (a best move) to the end of the game: a best move each time."""
        out: list[int] = []
        pit = first
        while True:
            out.append(pit)
            kind, child, home = self.play(key, pit)
            if kind == 2:
                return tuple(out)
            if kind == 1:
                key, seeds, value = child, seeds - home, value - home
            else:
                key, seeds, value = child, seeds - home, home - value
            pit = self.best_move(key, seeds, value)
