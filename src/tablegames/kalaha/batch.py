"""Many Kalaha games at once in numpy: the library's rules over a batch of positions, for simulation and learning.

`KalahaBatch` holds positions of one `Kalaha` game (any board, either
capture rule) as two arrays: ``boards``, each row laid out as
``KalahaState.board`` (seat 0's pits, its store, seat 1's pits, its store),
and ``to_move``, the seat to move or -1 once a game is over. ``step`` plays
one pit in every live game at once and returns the next batch;
``legal_mask`` says which pits each game's mover may sow. `random_playouts`
plays whole random games this way, many at a time, far faster than one
state at a time; boards of up to 7 pits a row and 127 seeds in all (the
usual 6×4 among them) it plays packed in two 64-bit words a board
(`tablegames.kalaha.packed`), more than twice as fast again. The rules are the
same as `KalahaState`'s move for move (the tests play the same games every
way and compare every position).

Needs numpy (the extra ``fast``: ``python -m pip install 'tablegames[fast]'``).

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> from tablegames.kalaha.batch import KalahaBatch, random_playouts
    >>> batch = KalahaBatch.start(Kalaha(), games=3)
    >>> batch = batch.step([2, 0, 5])
    >>> batch.to_move.tolist(), batch.boards[0].tolist()
    ([0, 1, 1], [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0])
    >>> batch.states()[0] == Kalaha().start().apply(Kalaha().start().parse_action("c"))
    True
    >>> scores, moves = random_playouts(1_000, seed=1)
    >>> scores.shape, bool((scores.sum(axis=1) == 48).all())
    ((1000, 2), True)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from tablegames.core.errors import ConfigError, IllegalActionError, InvalidStateError
from tablegames.core.extras import require
from tablegames.core.serial import check_int
from tablegames.kalaha.game import Kalaha
from tablegames.kalaha.packed import PackedRules, Scratch, fits
from tablegames.kalaha.state import KalahaState

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    from numpy.typing import ArrayLike, NDArray

    from tablegames.kalaha.options import KalahaOptions
else:
    np = require("numpy", "fast")

__all__ = ["KalahaBatch", "random_playouts"]


@attrs.frozen(eq=False)
class KalahaBatch:
    """Positions of one Kalaha game, played in lock-step.

    Attributes:
        game: The game and its options.
        boards: One row per game, laid out as `KalahaState.board`; shape ``(games, 2 * pits + 2)``.
        to_move: The seat to move in each game, -1 where it is over; shape ``(games,)``.
    """

    game: KalahaOptions[KalahaState]
    boards: NDArray[np.int64]
    to_move: NDArray[np.int8]

    @classmethod
    def start(cls, game: KalahaOptions[KalahaState], games: int) -> KalahaBatch:
        """Return ``games`` start positions of ``game``."""
        start = game.start()
        return cls(game, np.tile(np.array(start.board, dtype=np.int64), (games, 1)), np.zeros(games, dtype=np.int8))

    @classmethod
    def from_states(cls, states: Sequence[KalahaState]) -> KalahaBatch:
        """Return the positions of ``states``, all of one game.

        Raises:
            InvalidStateError: If the states are not all of one Kalaha game, or there are none.
        """
        if not states or not all(isinstance(state, KalahaState) for state in states):
            raise InvalidStateError("a batch is made of one or more Kalaha states")
        game = states[0].game
        if any(state.game != game for state in states):
            raise InvalidStateError("the states of a batch must all be of one game (the same options)")
        boards = np.array([state.board for state in states], dtype=np.int64)
        to_move = np.array([-1 if state.current_player is None else state.current_player for state in states])
        return cls(game, boards, to_move.astype(np.int8))

    def states(self) -> list[KalahaState]:
        """Return each position as a `KalahaState`."""
        return [
            KalahaState(self.game, tuple(int(seeds) for seeds in board), None if mover < 0 else int(mover))
            for board, mover in zip(self.boards, self.to_move, strict=True)
        ]

    @property
    def is_over(self) -> NDArray[np.bool_]:
        """Whether each game is over."""
        return self.to_move < 0

    @property
    def scores(self) -> NDArray[np.int64]:
        """Each game's stores, seat 0's then seat 1's; shape ``(games, 2)``."""
        p = self.game.pits
        return self.boards[:, [p, 2 * p + 1]]

    def legal_mask(self) -> NDArray[np.bool_]:
        """Which pits each game's mover may sow (its non-empty pits); all False where the game is over.

        Returns:
            Shape ``(games, pits)``: entry ``[i, k]`` is True if pit ``k`` may be sown in game ``i``.
        """
        return _legal_mask(self.game.pits, self.boards, self.to_move)

    def step(self, pits: ArrayLike) -> KalahaBatch:
        """Sow ``pits[i]`` in each live game ``i``; return the next batch (this one is unchanged).

        Games that are over stay as they are; their entry of ``pits`` is not read.

        Raises:
            IllegalActionError: If a pit is not legal in its live game (out of range or empty).
        """
        chosen = np.asarray(pits, dtype=np.int64)
        if chosen.shape != self.to_move.shape:
            raise IllegalActionError(f"step takes one pit per game: {self.to_move.shape[0]}, got shape {chosen.shape}")
        p = self.game.pits
        live = self.to_move >= 0
        mask = self.legal_mask()
        legal = (chosen >= 0) & (chosen < p) & mask[np.arange(chosen.size), np.clip(chosen, 0, p - 1)]
        bad = np.flatnonzero(live & ~legal)
        if bad.size:
            game = int(bad[0])
            raise IllegalActionError(
                f"game {game}: pit {int(chosen[game])} cannot be sown by seat {int(self.to_move[game])} "
                f"(legal: {np.flatnonzero(mask[game]).tolist()})"
            )
        rules = _rules(self.game)
        rows = np.flatnonzero(live)
        boards = self.boards.astype(rules.dtype)[rows]
        mover = self.to_move[rows].astype(np.intp)
        extra = _sow(rules, boards, mover, chosen[rows])
        row0, row1 = _patterns(rules, boards)
        over = (row0 == 0) | (row1 == 0)
        swept = boards[over]
        _sweep(rules, swept)
        boards[over] = swept
        next_boards = self.boards.copy()
        next_boards[rows] = boards
        to_move = self.to_move.copy()
        to_move[rows] = np.where(over, -1, np.where(extra, mover, 1 - mover))
        return KalahaBatch(self.game, next_boards, to_move)


def _legal_mask(p: int, boards: NDArray[Any], to_move: NDArray[np.int8]) -> NDArray[np.bool_]:
    """The non-empty pits of each mover's row (none where ``to_move`` is -1)."""
    rows = np.where((to_move == 1)[:, None], boards[:, p + 1 : 2 * p + 1], boards[:, :p])
    return (rows > 0) & (to_move >= 0)[:, None]


@attrs.frozen(eq=False)
class _Rules:
    """What sowing needs of a game, as arrays: built once per game (see `_rules`)."""

    pits: int
    empty_capture: bool
    #: The board's integer type: the smallest that holds every seed of the game.
    dtype: Any
    #: Row ``(mover * pits + pit) * span + rest``: one seed in each of the ``rest`` places after ``pit`` on the route.
    sowing: NDArray[Any]
    #: Each seat's route once round, as board indices: shape ``(2, span)``.
    routes: NDArray[np.intp]
    #: For each pattern of non-empty pits (bit ``k``: pit ``k``): how many, and the ``j``-th (small boards only).
    counts: NDArray[np.float64] | None
    nth: NDArray[np.intp] | None


@functools.cache
def _rules(game: KalahaOptions[KalahaState]) -> _Rules:
    p = game.pits
    span = 2 * p + 1
    total = 2 * p * game.seeds
    dtype = next(kind for kind in (np.int8, np.int16, np.int32, np.int64) if total <= np.iinfo(kind).max)
    routes = np.array([route[:span] for route in game.routes], dtype=np.intp)
    sowing = np.zeros((2, p, span, 2 * p + 2), dtype=dtype)
    for mover, by_pit in enumerate(game.sowing.sowings):
        for pit, by_seeds in enumerate(by_pit):
            for rest, (reached, _) in enumerate(by_seeds):
                sowing[mover, pit, rest, list(reached)] = 1
    counts = nth = None
    if p <= _PATTERN_PITS:
        patterns = np.arange(1 << p)
        bits = (patterns[:, None] >> np.arange(p)) & 1
        counts = bits.sum(axis=1).astype(np.float64)  # a float times a draw in [0, 1)
        nth = np.zeros((1 << p, p), dtype=np.intp)
        for pattern in range(1 << p):
            on = np.flatnonzero(bits[pattern])
            nth[pattern, : on.size] = on
    return _Rules(p, game.empty_capture, dtype, sowing.reshape(-1, 2 * p + 2), routes, counts, nth)


#: How many games `random_playouts` plays side by side: wide enough that numpy's work per call dominates.
_WIDTH = 16_384
#: Boards up to this many pits choose random moves by table (2 ** pits patterns); larger ones by a cumulative sum.
_PATTERN_PITS = 12


def _patterns(rules: _Rules, boards: NDArray[Any]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Each row's non-empty pits as a bit pattern (bit ``k``: pit ``k``), seat 0's then seat 1's; 0 for an empty row."""
    p = rules.pits
    weights = 1 << np.arange(p, dtype=np.int64)
    return (boards[:, :p] > 0) @ weights, (boards[:, p + 1 : 2 * p + 1] > 0) @ weights


def _sow(rules: _Rules, boards: NDArray[Any], mover: NDArray[np.intp], pits: NDArray[np.intp]) -> NDArray[np.bool_]:
    """Sow the legal ``pits`` of the movers, in place (H2-H4, as `KalahaState`); return who moves again (H3).

    A row left empty ends the game (H5); the caller sees it in `_patterns`
    and sweeps the rest to the stores.
    """
    p = rules.pits
    span = 2 * p + 1
    games = np.arange(boards.shape[0])
    first = mover * (p + 1)
    start = first + pits
    seeds = boards[games, start].astype(np.intp)
    boards[games, start] = 0
    rest = seeds
    laps_needed = seeds >= span
    if laps_needed.any():  # H2: a seed in every place of the route for each full lap round
        laps, rest = np.divmod(seeds, span)
        rows = games[laps_needed]
        boards[rows[:, None], rules.routes[mover[laps_needed]]] += laps[laps_needed, None].astype(rules.dtype)
    boards += rules.sowing.take((mover * p + pits) * span + rest, axis=0)
    last = (pits + seeds) % span
    own = last < p
    spot = first + np.where(own, last, 0)
    opposite = 2 * p - spot
    captures = own & (boards[games, spot] == 1)  # H4: the last seed in an empty pit of the own row
    if not rules.empty_capture:
        captures &= boards[games, opposite] > 0
    if captures.any():
        rows, spots, facing = games[captures], spot[captures], opposite[captures]
        boards[rows, first[captures] + p] += boards[rows, facing] + 1
        boards[rows, spots] = 0
        boards[rows, facing] = 0
    extra: NDArray[np.bool_] = last == p
    return extra


def _sweep(rules: _Rules, boards: NDArray[Any]) -> None:
    """H5: every seed left in a row goes to its owner's store, in place."""
    p = rules.pits
    boards[:, p] += boards[:, :p].sum(axis=1, dtype=rules.dtype)
    boards[:, 2 * p + 1] += boards[:, p + 1 : 2 * p + 1].sum(axis=1, dtype=rules.dtype)
    boards[:, :p] = 0
    boards[:, p + 1 : 2 * p + 1] = 0


def _random_pits(rules: _Rules, patterns: NDArray[np.int64], rng: Any, work: _Draws | None = None) -> NDArray[np.intp]:
    """One pit drawn uniformly among each pattern's non-empty pits.

    By table (small boards), the draws are made in ``work``'s arrays (new
    ones if None), and the result is a view of them.
    """
    games = patterns.size
    if rules.counts is not None and rules.nth is not None:
        work = _Draws(games) if work is None else work
        draws, counts, index, chosen = work.draws[:games], work.counts[:games], work.index[:games], work.chosen[:games]
        rng.random(out=draws)
        np.take(rules.counts, patterns, out=counts, mode="wrap")
        np.multiply(draws, counts, out=draws)
        np.copyto(index, draws, casting="unsafe")  # rounds down: the draw's place among the pattern's pits
        np.multiply(patterns, rules.pits, out=chosen)
        np.add(chosen, index, out=index)
        np.take(rules.nth, index, out=chosen, mode="wrap")
        return chosen
    mask = (patterns[:, None] >> np.arange(rules.pits)) & 1
    drawn = (rng.random(games) * mask.sum(axis=1)).astype(np.intp)
    picked: NDArray[np.intp] = (mask.cumsum(axis=1) > drawn[:, None]).argmax(axis=1)
    return picked


class _Draws:
    """The arrays `_random_pits` draws in, made once for the widest batch (as `tablegames.kalaha.packed.Scratch`)."""

    def __init__(self, games: int) -> None:
        self.draws = np.empty(games, dtype=np.float64)
        self.counts = np.empty(games, dtype=np.float64)
        self.index = np.empty(games, dtype=np.intp)
        self.chosen = np.empty(games, dtype=np.intp)


def random_playouts(
    games: int, *, seed: int, pits: int = 6, seeds: int = 4, empty_capture: bool = True
) -> tuple[NDArray[np.int64], int]:
    """Play ``games`` random Kalaha games to the end, every move drawn uniformly among the legal pits.

    The games are played together: each step sows one pit in every game
    still going, and finished games drop out of the batch. The moves are
    drawn from ``numpy.random.default_rng(seed)``, so the same seed gives the
    same games (not the games `random.Random` would draw one state at a
    time). Up to 16,384 games are played side by side, a finished game's
    place going to the next; ask for tens of thousands of games at a time to
    make the most of numpy. Boards that pack (`tablegames.kalaha.packed.fits`)
    are played packed, with the same draws and so the same games.

    Args:
        games: How many games.
        seed: Seeds the random moves.
        pits: Pits per row (the `Kalaha` option).
        seeds: Seeds per pit at the start (the `Kalaha` option).
        empty_capture: Ruling H4 (the `Kalaha` option).

    Returns:
        The final stores of each game, shape ``(games, 2)`` (seat 0's, seat 1's),
        and the number of moves played in all.

    Raises:
        ConfigError: If an option is out of range, or ``games`` is not a whole number of at least 0.
    """
    check_int(games, "games", ConfigError, minimum=0)
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    rules = _rules(game)
    if not games:
        return np.empty((0, 2), dtype=np.int64), 0
    width = min(games, _WIDTH)
    board = np.array([game.start().board])
    engine: _Engine = (
        _Packed(PackedRules.of(game), board, width) if fits(game) and _PACK else _General(rules, board, width)
    )
    rng = np.random.default_rng(seed)
    draws = _Draws(width) if rules.nth is not None else None
    mover = np.zeros(width, dtype=np.intp)
    live = np.arange(width)  # which game each row of the batch plays
    size = started = width
    final = np.empty((games, 2), dtype=np.int64)
    moves = 0
    while size:
        chosen = _random_pits(rules, engine.movers_patterns(mover[:size]), rng, draws)
        extra = engine.sow(mover[:size], chosen)
        moves += size
        np.logical_not(extra, out=extra)
        np.bitwise_xor(mover[:size], extra, out=mover[:size])  # the other seat moves next, unless H3
        over = engine.over(size)
        if over.size:
            final[live[over]] = engine.stores(over)
            # Finished games make room for new ones, so that the batch stays wide until the last are started.
            fresh, over = over[: games - started], over[games - started :]
            if fresh.size:
                engine.restart(fresh)
                mover[fresh] = 0
                live[fresh] = np.arange(started, started + fresh.size)
                started += fresh.size
            if over.size:
                keep = np.ones(size, dtype=bool)
                keep[over] = False
                kept = np.flatnonzero(keep)
                size = kept.size
                engine.keep(kept)
                mover[:size], live[:size] = mover[kept], live[kept]
    return final, moves


class _Engine(Protocol):
    """`random_playouts`' boards, one game a row: the first rows are the games still going, the rest are not read.

    The loop calls `over` after every `sow`.
    """

    def movers_patterns(self, mover: NDArray[np.intp]) -> NDArray[np.int64]:
        """Each of the first rows' mover's non-empty pits, as a bit pattern (bit ``k``: pit ``k``)."""

    def sow(self, mover: NDArray[np.intp], pits: NDArray[np.intp]) -> NDArray[np.bool_]:
        """Sow the first rows' ``pits``, in place; return who moves again."""

    def over(self, size: int) -> NDArray[np.intp]:
        """Which of the first ``size`` rows' games are over: a row is empty (H5)."""

    def stores(self, rows: NDArray[np.intp]) -> NDArray[np.int64]:
        """The final stores of the games over in ``rows`` (H5: every seed to the owner of its row)."""

    def restart(self, rows: NDArray[np.intp]) -> None:
        """Put the start position in ``rows``."""

    def keep(self, rows: NDArray[np.intp]) -> None:
        """Move ``rows`` to the front, in order: they are the games still going."""


class _General:
    """`random_playouts` on boards laid out as `KalahaState.board`: any game."""

    def __init__(self, rules: _Rules, board: NDArray[Any], width: int) -> None:
        self.rules = rules
        self.start = board.astype(rules.dtype)
        self.boards = np.tile(self.start, (width, 1))
        self.patterns = _patterns(rules, self.boards)
        self.start_patterns = self.patterns[0][0], self.patterns[1][0]

    def movers_patterns(self, mover: NDArray[np.intp]) -> NDArray[np.int64]:
        return np.where(mover == 0, self.patterns[0][: mover.size], self.patterns[1][: mover.size])

    def sow(self, mover: NDArray[np.intp], pits: NDArray[np.intp]) -> NDArray[np.bool_]:
        boards = self.boards[: mover.size]
        return _sow(self.rules, boards, mover, pits)

    def over(self, size: int) -> NDArray[np.intp]:
        self.patterns = _patterns(self.rules, self.boards[:size])
        return np.flatnonzero((self.patterns[0] == 0) | (self.patterns[1] == 0))

    def stores(self, rows: NDArray[np.intp]) -> NDArray[np.int64]:
        p = self.rules.pits
        ended = self.boards[rows].astype(np.int64)
        return np.stack([ended[:, : p + 1].sum(axis=1), ended[:, p + 1 :].sum(axis=1)], axis=1)

    def restart(self, rows: NDArray[np.intp]) -> None:
        self.boards[rows] = self.start
        self.patterns[0][rows], self.patterns[1][rows] = self.start_patterns

    def keep(self, rows: NDArray[np.intp]) -> None:
        self.boards[: rows.size] = self.boards[rows]
        self.patterns = self.patterns[0][rows], self.patterns[1][rows]


class _Packed:
    """`random_playouts` on packed boards (`tablegames.kalaha.packed`): the games that fit, more than twice as fast.

    Each step works in arrays made once for the whole batch (see `tablegames.kalaha.packed.Scratch`).
    """

    def __init__(self, rules: PackedRules, board: NDArray[Any], width: int) -> None:
        self.rules = rules
        self.start = rules.pack(board)
        self.words = np.tile(self.start, (width, 1))
        self.work = Scratch(width)
        self.flat = np.arange(0, 2 * width, 2)  # each row's seat-0 word, in the words read flat
        self.index = np.empty(width, dtype=np.intp)
        self.movers = np.empty(width, dtype=np.uint64)
        self.masked = np.empty((width, 2), dtype=np.uint64)  # the words with their stores cleared (empty_rows)

    def movers_patterns(self, mover: NDArray[np.intp]) -> NDArray[np.int64]:
        size = mover.size
        index, movers = self.index[:size], self.movers[:size]
        np.add(self.flat[:size], mover, out=index)
        np.take(self.words.reshape(-1), index, out=movers, mode="wrap")  # each mover's own word
        return self.rules.patterns(movers, movers).view(np.int64)

    def sow(self, mover: NDArray[np.intp], pits: NDArray[np.intp]) -> NDArray[np.bool_]:
        return self.rules.sow(self.words[: mover.size], mover, pits, self.work)

    def over(self, size: int) -> NDArray[np.intp]:
        return np.flatnonzero(self.rules.empty_rows(self.words[:size], self.masked[:size]))

    def stores(self, rows: NDArray[np.intp]) -> NDArray[np.int64]:
        return self.rules.seeds(self.words[rows]).astype(np.int64)

    def restart(self, rows: NDArray[np.intp]) -> None:
        self.words[rows] = self.start

    def keep(self, rows: NDArray[np.intp]) -> None:
        self.words[: rows.size] = self.words[rows]


#: Whether `random_playouts` plays the games that fit on packed boards (the tests turn it off to compare).
_PACK = True
