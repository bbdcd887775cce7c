"""The Kalaha solver's search: packed boards, the transposition table, MTD(f) and null-window alpha-beta.

`tablegames.kalaha.solver` is the interface (`Solver`, `solve`, `Solution`);
this module holds the `Engine` it drives and the `Progress` reports a long
search sends. The solver module's documentation says how the search works.
"""

from __future__ import annotations

import time
from array import array
from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import TablegamesError
from tablegames.kalaha.actions import SOWS, Sow
from tablegames.kalaha.rules import landings

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames.kalaha.options import KalahaOptions
    from tablegames.kalaha.solver.endgame import EndgameTable
    from tablegames.kalaha.state import KalahaState

__all__ = ["Engine", "Progress", "SolveTimeout"]

#: Progress reports come at least this many nodes apart during a long search.
_REPORT_EVERY = 1 << 13


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


class SolveTimeout(TablegamesError, TimeoutError):
    """A solve stopped at its ``time_limit``; the solver stays usable and keeps what it learnt.

    Attributes:
        report: The last `Progress` of the solve: its phase, the bounds on the
            value proved so far (None while the endgame table was being
            built), the positions searched and the seconds spent.
    """

    def __init__(self, report: Progress) -> None:
        proved = "" if report.lower is None else f"; the value is from {report.lower} to {report.upper}"
        super().__init__(f"the solve reached its time limit after {report.seconds:.1f} s ({report.phase}{proved})")
        self.report = report


class Engine:
    """The search: packed boards, the transposition table, MTD(f) and the null-window alpha-beta.

    A board is an integer: the mover's pit ``i`` in bits ``i * bits`` and up,
    the opponent's pit ``i`` in bits ``(pits + i) * bits`` and up. Values are
    the mover's final margin over the seeds on the board (``seeds`` below),
    never the stores.
    """

    def __init__(self, game: KalahaOptions[KalahaState], size: int, endgame: EndgameTable | None) -> None:
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
        # The rules sow for seat 0, whose board is its pits, its store, the opponent's pits: as the mover here.
        self.sowing: list[list[tuple[int, int, int, int, int]]] = []
        for pit in range(p):
            row = [(0, 0, 0, 0, 0)]
            for seeds in range(1, total + 1):
                added, last = landings(game.sowing, 0, pit, seeds)
                home = added[p]
                pits = (*added[:p], *added[p + 1 : 2 * p + 1])  # the mover's pits, then the opponent's
                change = sum(more << shift for more, shift in zip(pits, self.shifts, strict=True))
                change -= seeds << self.shifts[pit]
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
        """Positions searched so far."""
        return self.done + self.counted()

    def clear(self) -> None:
        """Empty the transposition table."""
        self.keys[:] = [0] * (2 * self.size)
        self.depths[:] = array(self.code, bytes(len(self.depths) * self.depths.itemsize))

    def key(self, own: tuple[int, ...], other: tuple[int, ...]) -> int:
        """The packed board of the mover's row ``own`` and the opponent's row ``other``."""
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
        """Send a `Progress` report with the bounds proved so far, if the solve asked for reports."""
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
