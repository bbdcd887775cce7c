"""Endgame tables for the Kalaha solver: the exact value of every position with few seeds left on the board.

A table for ``pits`` pits, a capture rule and a limit ``seeds`` holds one byte
for every way of spreading at most ``seeds`` seeds over the two rows, with the
mover's row first: the mover's final margin over the seeds still on the board
under perfect play (seeds already in the stores do not count, so one table
serves every position of every Kalaha game with that many pits and that
capture rule, whatever its ``seeds`` option and its stores).

The table is built by a forward sweep in an order that makes every successor
known before its position (retrograde in effect): by the number of seeds on the
board, since no move adds any, then, among positions with the same count, by
the seeds' total distance from their owners' stores, which every move that
keeps the count strictly lowers. Every position is computed once; a position
costs about 1–2 µs of CPU time in CPython.

Size: ``C(seeds + 2 * pits, 2 * pits)`` bytes (`table_bytes`), e.g. 2.7 MB
for 6 pits and 12 seeds, 30 MB for 16 seeds, 225 MB for 20 seeds. Positions
with a row empty are finished games; their bytes are unused.

Examples:
    >>> table = EndgameTable.build(pits=3, seeds=4, empty_capture=True)
    >>> len(table.values) == table_bytes(3, 4)
    True
    >>> table.value((0, 0, 1), (0, 0, 1))   # the mover sows into its store, its row is empty: +1 - 1
    0
    >>> table.value((1, 0, 0), (0, 3, 0))   # a sows into the empty b and takes the 3 opposite: all gone
    4
"""

from __future__ import annotations

import os
import struct
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING

from tablegames.core.errors import ConfigError
from tablegames.core.inputs import brief
from tablegames.kalaha.rules import Sowing, landings

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Sequence

__all__ = ["MAX_ENDGAME_SEEDS", "EndgameBuild", "EndgameTable", "table_bytes"]

#: The most seeds an endgame table can cover: a value is kept in one byte.
MAX_ENDGAME_SEEDS = 127

#: Added to each value so that it fits in a byte.
_BIAS = 128
_MAGIC = b"tablegames kalaha endgame\n"
_HEADER = struct.Struct("<HHBQ")  # pits, seeds, empty_capture, number of values
_VERSION = b"v1\n"
#: A move kept for the builder: (seeds into the store + bias, and two packed numbers, see `_build`).
_Move = tuple[int, int, int]


def table_bytes(pits: int, seeds: int) -> int:
    """The size of a table in bytes: the ways to spread at most ``seeds`` seeds over ``2 * pits`` pits.

    Examples:
        >>> table_bytes(6, 12), table_bytes(6, 16)
        (2704156, 30421755)
    """
    return comb(seeds + 2 * pits, 2 * pits)


def _rows(pits: int, seeds: int) -> list[tuple[int, ...]]:
    """Every row of ``pits`` pits holding at most ``seeds`` seeds, in the order that numbers them.

    By seeds, then by distance (each seed counts the places it is from the
    store), then in lexicographic order. This order fixes the layout of a
    table on disk; rows of equal seeds and distance are numbered together,
    so the builder fills each such block with one slice.
    """
    out: list[tuple[int, ...]] = [()]
    for _ in range(pits):
        out = [(*row, count) for row in out for count in range(seeds - sum(row) + 1)]
    out.sort(key=lambda row: (sum(row), _distance(row)))  # stable: lexicographic within each block
    return out


def _distance(row: Sequence[int]) -> int:
    """How far the row's seeds are from its store, in places: every move that keeps the seeds on the board lowers it."""
    pits = len(row)
    return sum(count * (pits - pit) for pit, count in enumerate(row))


def _pack(row: Sequence[int], bits: int, shift: int = 0) -> int:
    return sum(count << (bits * (shift + index)) for index, count in enumerate(row))


class EndgameTable:
    """The values of every Kalaha position with at most ``seeds`` seeds on the board.

    Build one with `build` or `load` (or `cached`); look a position up with
    `value` (slow, for tests and one-off use); the solver reads `values`
    directly through `index_maps`.

    Attributes:
        pits: Pits in each row.
        seeds: The most seeds on the board the table covers.
        empty_capture: The capture rule (H4) the values are for.
        values: One byte per position: its value plus 128.
    """

    def __init__(self, pits: int, seeds: int, empty_capture: bool, values: bytearray) -> None:
        self.pits = pits
        self.seeds = seeds
        self.empty_capture = empty_capture
        self.values = values
        self._maps: dict[int, tuple[dict[int, int], dict[int, int]]] = {}

    def __repr__(self) -> str:
        return f"EndgameTable(pits={self.pits}, seeds={self.seeds}, empty_capture={self.empty_capture})"

    def index_maps(self, bits: int) -> tuple[dict[int, int], dict[int, int]]:
        """Return ``(offset, rank)``: maps from rows packed ``bits`` bits a pit to numbers.

        The position whose mover's row packs to ``a`` and whose opponent's row
        packs to ``b`` is at ``values[offset[a] + rank[b]]``. A row packs pit
        ``i`` into bits ``i * bits`` and up.
        """
        maps = self._maps.get(bits)
        if maps is None:
            maps = _index_maps(self.pits, self.seeds, bits)
            self._maps[bits] = maps
        return maps

    def value(self, mover: Sequence[int], opponent: Sequence[int]) -> int:
        """The mover's final margin over the seeds on the board, both rows given in their owner's pit order.

        Raises:
            ConfigError: If the rows do not fit the table or a row is empty (a finished game).
        """
        if len(mover) != self.pits or len(opponent) != self.pits or min(*mover, *opponent) < 0:
            raise ConfigError(f"both rows must be {self.pits} counts of at least 0")
        if sum(mover) + sum(opponent) > self.seeds:
            raise ConfigError(f"the table covers at most {self.seeds} seeds on the board")
        if not any(mover) or not any(opponent):
            raise ConfigError("a row is empty: the game is over")
        offset, rank = self.index_maps(8)
        return self.values[offset[_pack(mover, 8)] + rank[_pack(opponent, 8)]] - _BIAS

    @classmethod
    def build(
        cls,
        pits: int,
        seeds: int,
        empty_capture: bool,
        progress: Callable[[int], None] | None = None,
    ) -> EndgameTable:
        """Compute the table.

        Args:
            pits: Pits in each row.
            seeds: The most seeds on the board (0 to `MAX_ENDGAME_SEEDS`).
            empty_capture: The capture rule (H4).
            progress: Called often while the table is built (after each block
                of positions) with the most seeds on the board up to which the
                table is done.
        """
        return EndgameBuild(pits, seeds, empty_capture).run(progress)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> EndgameTable:
        """Read a table written by `save`.

        Raises:
            ConfigError: If the file is not a whole table.
        """
        data = Path(path).read_bytes()
        head = len(_MAGIC) + len(_VERSION)
        if data[:head] != _MAGIC + _VERSION or len(data) < head + _HEADER.size:
            raise ConfigError(f"{os.fspath(path)} is not a tablegames Kalaha endgame table")
        pits, seeds, capture, count = _HEADER.unpack_from(data, head)
        body = bytearray(data[head + _HEADER.size :])
        if pits < 1 or seeds > MAX_ENDGAME_SEEDS or count != table_bytes(pits, seeds) or len(body) != count:
            raise ConfigError(f"{os.fspath(path)} is not a whole Kalaha endgame table")
        return cls(pits, seeds, bool(capture), body)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to ``path`` (through a temporary file, so a reader never sees half a table)."""
        target = Path(path)
        temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        header = _HEADER.pack(self.pits, self.seeds, int(self.empty_capture), len(self.values))
        temporary.write_bytes(_MAGIC + _VERSION + header + bytes(self.values))
        os.replace(temporary, target)

    @staticmethod
    def file_name(pits: int, seeds: int, empty_capture: bool) -> str:
        """The name a table gets in a cache directory.

        Examples:
            >>> EndgameTable.file_name(6, 14, True)
            'kalaha-endgame-6-pits-14-seeds-empty-capture.bin'
        """
        rule = "empty-capture" if empty_capture else "no-empty-capture"
        return f"kalaha-endgame-{pits}-pits-{seeds}-seeds-{rule}.bin"

    @classmethod
    def cached(
        cls,
        pits: int,
        seeds: int,
        empty_capture: bool,
        directory: str | os.PathLike[str] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> EndgameTable:
        """Return the table, from ``directory`` if it is there, else built (and saved there if a directory is given).

        Nothing is written anywhere unless ``directory`` is given. A table for
        more seeds is not reused for fewer: the layouts differ.
        """
        _check(pits, seeds)
        table = None if directory is None else cls.stored(pits, seeds, empty_capture, directory)
        if table is None:
            table = cls.build(pits, seeds, empty_capture, progress)
            if directory is not None:
                table.store(directory)
        return table

    @classmethod
    def stored(
        cls, pits: int, seeds: int, empty_capture: bool, directory: str | os.PathLike[str]
    ) -> EndgameTable | None:
        """Return the table saved in ``directory`` by `store`, or None if it is not there."""
        path = Path(directory) / cls.file_name(pits, seeds, empty_capture)
        if not path.exists():
            return None
        table = cls.load(path)
        return table if (table.pits, table.seeds, table.empty_capture) == (pits, seeds, empty_capture) else None

    def store(self, directory: str | os.PathLike[str]) -> None:
        """Save the table in ``directory`` under its `file_name`, making the directory if needed."""
        path = Path(directory) / self.file_name(self.pits, self.seeds, self.empty_capture)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.save(path)


def _check(pits: int, seeds: int) -> None:
    if type(pits) is not int or pits < 1:
        raise ConfigError(f"pits must be an integer of at least 1, got {brief(pits)}")
    if type(seeds) is not int or not 0 <= seeds <= MAX_ENDGAME_SEEDS:
        raise ConfigError(f"an endgame table covers 0 to {MAX_ENDGAME_SEEDS} seeds, got {brief(seeds)}")


def _index_maps(pits: int, seeds: int, bits: int) -> tuple[dict[int, int], dict[int, int]]:
    rows = _rows(pits, seeds)
    below = [comb(count + pits, pits) for count in range(seeds + 1)]  # rows holding at most `count`
    offset: dict[int, int] = {}
    rank: dict[int, int] = {}
    start = 0
    for number, row in enumerate(rows):
        packed = _pack(row, bits)
        rank[packed] = number
        offset[packed] = start
        start += below[seeds - sum(row)]
    return offset, rank


class EndgameBuild:
    """An endgame table being built: stopped from its ``progress`` callback, it goes on later where it stopped.

    Building a big table takes seconds to minutes. `run` does the work in
    blocks of positions and calls ``progress`` after each; an exception
    raised there stops the build and propagates, and the next `run` goes on
    from the block it stopped after, so no finished block is built twice.

    Args:
        pits: Pits in each row.
        seeds: The most seeds on the board (0 to `MAX_ENDGAME_SEEDS`).
        empty_capture: The capture rule (H4).

    Raises:
        ConfigError: If ``pits`` or ``seeds`` is out of range.

    Examples:
        >>> build = EndgameBuild(pits=3, seeds=6, empty_capture=True)
        >>> def stop_at_3(done):
        ...     if done == 3:
        ...         raise KeyboardInterrupt
        >>> try:
        ...     build.run(stop_at_3)
        ... except KeyboardInterrupt:
        ...     print("stopped with", build.done, "seeds done")
        stopped with 3 seeds done
        >>> build.run().value((1, 0, 0), (0, 0, 1)) == EndgameTable.build(3, 6, True).value((1, 0, 0), (0, 0, 1))
        True
    """

    def __init__(self, pits: int, seeds: int, empty_capture: bool) -> None:
        _check(pits, seeds)
        self.pits, self.seeds, self.empty_capture = pits, seeds, empty_capture
        #: The most seeds on the board up to which the table is done.
        self.done = 0
        self._steps = _build(pits, seeds, empty_capture)
        self._table: EndgameTable | None = None

    def __repr__(self) -> str:
        return (
            f"EndgameBuild(pits={self.pits}, seeds={self.seeds}, empty_capture={self.empty_capture}, done={self.done})"
        )

    @property
    def finished(self) -> bool:
        """True once the whole table is built."""
        return self._table is not None

    def run(self, progress: Callable[[int], object] | None = None) -> EndgameTable:
        """Build what is left of the table and return it; once finished, return it at once.

        Args:
            progress: Called after each block of positions with `done`; an
                exception it raises stops the build (see the class).
        """
        while self._table is None:
            try:
                self.done = next(self._steps)
            except StopIteration as finished:
                self.done = self.seeds
                self._table = EndgameTable(self.pits, self.seeds, self.empty_capture, finished.value)
                break
            if progress is not None:
                progress(self.done)
        return self._table


def _build(pits: int, seeds: int, empty_capture: bool) -> Generator[int, None, bytearray]:
    """Fill the table level by level (seeds on the board), each level by falling distance (see the module docs).

    Yields the most seeds on the board up to which the table is done, after
    each block of positions; returns the values.
    """
    p = pits
    bits = max(seeds, 1).bit_length()
    mask = (1 << bits) - 1
    sowing = Sowing(p, empty_capture)
    drops = [[landings(sowing, 0, pit, sown) for sown in range(seeds + 1)] for pit in range(p)]  # seat 0 moves
    rows = _rows(p, seeds)
    offset, rank = _index_maps(p, seeds, bits)
    values = bytearray(table_bytes(p, seeds))
    packed = [_pack(row, bits) for row in rows]

    # What each row's moves do, whatever the opponent's row: the finished
    # games (by the seeds into the store), the plain moves, the extra moves
    # and the moves that may capture.
    finishing: list[int] = []
    plains: list[list[_Move]] = []
    extras: list[list[_Move]] = []
    captures: list[list[tuple[int, int, int, int]]] = []
    for row in rows:
        best_finish = -1
        plain: list[_Move] = []
        extra: list[_Move] = []
        capture: list[tuple[int, int, int, int]] = []
        for pit in range(p):
            if not row[pit]:
                continue
            sown = row[pit]
            added, last = drops[pit][sown]
            own = [held + more for held, more in zip(row, added[:p], strict=True)]  # the mover's pits
            own[pit] = added[pit]  # emptied, then a seed a full lap
            gained, opp = added[p], added[p + 1 : 2 * p + 1]
            own_packed, opp_packed = _pack(own, bits), _pack(opp, bits)
            if last < p and own[last] == 1:
                capture.append((own_packed, opp_packed, gained, last))
            elif not own_packed:
                best_finish = max(best_finish, gained)
            elif last == p:
                extra.append((gained + _BIAS, offset[own_packed], opp_packed))
            else:
                plain.append((gained + _BIAS, opp_packed, rank[own_packed]))
        finishing.append(best_finish)
        plains.append(plain)
        extras.append(extra)
        captures.append(capture)

    # Rows grouped by (seeds, distance from the store): consecutive numbers.
    groups: dict[tuple[int, int], range] = {}
    for number, row in enumerate(rows):
        group = (sum(row), _distance(row))
        first = groups.get(group, range(number, number))
        groups[group] = range(first.start, number + 1)

    for level in range(1, seeds + 1):
        for distance in range(level * p + 1):
            for own_seeds in range(1, level):
                for own_distance in range(min(distance, own_seeds * p) + 1):
                    movers = groups.get((own_seeds, own_distance))
                    opponents = groups.get((level - own_seeds, distance - own_distance))
                    if movers and opponents:
                        block = packed[opponents.start : opponents.stop]
                        for mover in movers:
                            at = offset[packed[mover]] + opponents.start
                            found = _fill(values, offset, rank, block, level, finishing[mover], plains[mover],
                                          extras[mover], captures[mover], p, bits, mask, empty_capture)  # fmt: skip
                            values[at : at + len(block)] = found
            yield level - 1
        yield level
    return values


def _fill(
    values: bytearray,
    offset: dict[int, int],
    rank: dict[int, int],
    block: list[int],
    level: int,
    finish: int,
    plain: list[tuple[int, int, int]],
    extra: list[tuple[int, int, int]],
    capture: list[tuple[int, int, int, int]],
    p: int,
    bits: int,
    mask: int,
    empty_capture: bool,
) -> bytes:
    """The biased values of one mover's row against each opponent's row of ``block`` (the hot loop of `_build`).

    Each move is played against the whole block at once, and the best move
    is taken position by position.
    """
    columns: list[list[int]] = []
    if finish >= 0:
        columns.append([2 * finish - level + _BIAS] * len(block))
    for gained, opp_add, own_rank in plain:  # value + bias = gained + bias - (child + bias) + bias
        columns.append([gained - values[offset[row + opp_add] + own_rank] + _BIAS for row in block])
    for gained, own_offset, opp_add in extra:
        columns.append([values[own_offset + rank[row + opp_add]] + gained - _BIAS for row in block])
    for own, opp_add, gained, last in capture:
        # The last seed lands in the mover's empty pit ``last``; the opposite pit is at ``shift``.
        shift = (p - 1 - last) * bits
        keep = ~(mask << shift)  # clears the opposite pit
        lone = own - (1 << (last * bits))  # the mover's row once the seed is taken too
        ended, lone_rank, own_rank = level + _BIAS, rank.get(lone, 0), rank.get(own, 0)
        home = gained + 1 + 2 * _BIAS
        if not lone:  # the capture empties the mover's row: the game ends, the opponent sweeps the rest
            done = 2 * (gained + 1) - level + _BIAS
            if empty_capture:
                column = [done + 2 * ((row + opp_add) >> shift & mask) for row in block]
            else:
                column = [
                    done + 2 * taken if (taken := (theirs := row + opp_add) >> shift & mask)
                    else gained - values[offset[theirs] + own_rank] + 2 * _BIAS
                    for row in block
                ]  # fmt: skip
        elif empty_capture:
            column = [
                home + (theirs >> shift & mask) - values[offset[left] + lone_rank]
                if (left := (theirs := row + opp_add) & keep) else ended
                for row in block
            ]  # fmt: skip
        else:
            column = [
                (home + taken - values[offset[left] + lone_rank] if (left := theirs & keep) else ended)
                if (taken := (theirs := row + opp_add) >> shift & mask)
                else gained - values[offset[theirs] + own_rank] + 2 * _BIAS
                for row in block
            ]  # fmt: skip
        columns.append(column)
    if len(columns) == 1:
        return bytes(columns[0])
    return bytes(map(max, *columns))
