"""Kalaha boards packed in two 64-bit words, one per seat: the batched engine's fast path for common boards.

A board of up to 7 pits a row and at most 127 seeds in all fits in 16 bytes:
seat ``s``'s pits ``0 .. p-1`` are bytes ``0 .. p-1`` of word ``s`` and its
store is byte ``p``; the other bytes are 0. A batch of such boards is an
array of shape ``(games, 2)`` of ``uint64``, and most of a move is then a
few operations on whole words (`numpy`), not on each place:

- sowing adds one precomputed pair of words per (mover, pit, seeds), which
  empties the pit and puts a seed in each place after it, full laps round
  included: no place ever holds more than 127 seeds, so the sum never
  carries from one place into the next; where the last seed falls (and the
  pit facing it) is read off tables by the same key;
- a game is over when a row's pit bytes are all 0;
- a row's non-empty pits, as a bit pattern, come from adding ``0x7f`` to
  every byte (a byte of 1 to 127 seeds gets its top bit set) and gathering
  the top bits with one multiplication;
- a seat's seeds, once the game is over, are the sum of its word's bytes,
  again one multiplication.

The rules are exactly `KalahaState`'s (and `tablegames.kalaha.batch`'s
general engine's): the tests play the same games both ways and compare
every position.

Examples:
    >>> import numpy as np
    >>> from tablegames.kalaha import Kalaha
    >>> game = Kalaha()
    >>> engine = PackedRules.of(game)
    >>> words = engine.pack(np.array([game.start().board]))
    >>> extra = engine.sow(words, np.array([0]), np.array([2]))
    >>> engine.unpack(words).tolist()[0], extra.tolist()
    ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], [True])
"""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.errors import ConfigError
from tablegames.core.extras import require
from tablegames.core.serial import check_int

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tablegames.kalaha.options import KalahaOptions
    from tablegames.kalaha.state import KalahaState
else:
    np = require("numpy", "fast")

__all__ = ["MAX_PITS", "MAX_SEEDS", "PackedRules", "Scratch", "fits"]

#: The largest rows and the most seeds in all that a packed board holds.
MAX_PITS = 7
MAX_SEEDS = 127
#: Words of ``0x01`` bytes and of ``0x7f`` bytes, and the multiplier gathering byte ``k``'s low bit into bit ``k``.
_ONES = 0x0101_0101_0101_0101
_SEVENS = 0x7F7F_7F7F_7F7F_7F7F
_GATHER = 0x0102_0408_1020_4080


def fits(game: KalahaOptions[KalahaState]) -> bool:
    """Whether ``game``'s boards can be packed: at most `MAX_PITS` pits a row and `MAX_SEEDS` seeds in all.

    The words are read byte by byte in memory order, so the machine must
    also store a word's lowest byte first (little-endian, as x86 and ARM do).
    """
    return game.pits <= MAX_PITS and 2 * game.pits * game.seeds <= MAX_SEEDS and sys.byteorder == "little"


#: A move's key is ``(mover * 8 + pit) * 128 + seeds``: the byte it is sown from, and the seeds in it.
_KEYS = MAX_SEEDS + 1


@attrs.frozen(eq=False)
class PackedRules:
    """What a move needs of one game, as tables by the move's key: built once per game (`of`).

    A move is fixed by the byte its pit is in (``mover * 8 + pit``) and the
    seeds in it, so everything a move adds or looks at is read off tables
    indexed by ``(mover * 8 + pit) * 128 + seeds`` (rows of pits that a
    game does not have are never read).

    Attributes:
        pits: Pits per row.
        empty_capture: Ruling H4 (the `Kalaha` option).
        adds: The words that sowing adds to the board: one seed to each place of the mover's route after the
            pit, round and round (H2), less the seeds taken from the pit, so that one addition (modulo 2 ** 64)
            makes the whole move; shape ``(16 * 128, 2)``.
        lands: The byte the last seed falls in if it is a pit of the mover's row, else the mover's last pit.
        lands_own: Whether the last seed falls in a pit of the mover's row (a capture may follow, H4).
        facing: The byte of the pit facing `lands`, in the other row.
        again: Whether the last seed falls in the mover's store (the mover moves again, H3).
        pit_bytes: Bytes ``0 .. pits-1`` of a word set to 1: the pits of a row.
        places: Each index of `tablegames.kalaha.state.KalahaState.board` as a byte of the packed board.
    """

    pits: int
    empty_capture: bool
    adds: NDArray[np.uint64]
    lands: NDArray[np.intp]
    lands_own: NDArray[np.bool_]
    facing: NDArray[np.intp]
    again: NDArray[np.bool_]
    pit_bytes: np.uint64
    places: NDArray[np.intp]

    @staticmethod
    @functools.cache
    def of(game: KalahaOptions[KalahaState]) -> PackedRules:
        """The packed rules of ``game``.

        Raises:
            ValueError: If ``game``'s boards do not pack (see `fits`).
        """
        if not fits(game):
            raise ValueError(
                f"boards of {game.pits} pits a row and {2 * game.pits * game.seeds} seeds in all do not pack: packed "
                f"boards hold up to {MAX_PITS} pits a row and {MAX_SEEDS} seeds, on a little-endian machine"
            )
        p = game.pits
        span = 2 * p + 1
        places = np.array([*range(p + 1), *range(8, 8 + p + 1)], dtype=np.intp)
        adds = np.zeros((16, _KEYS, 16), dtype=np.uint8)
        lands = np.zeros((16, _KEYS), dtype=np.intp)
        facing = np.zeros((16, _KEYS), dtype=np.intp)
        lands_own = np.zeros((16, _KEYS), dtype=np.bool_)
        again = np.zeros((16, _KEYS), dtype=np.bool_)
        laps, rest = np.divmod(np.arange(_KEYS), span)  # H2: full laps round the route, then the seeds left
        sowing = game.sowing
        for mover in range(2):
            lap = np.zeros(16, dtype=np.uint8)  # a seed in every place of the route
            lap[places[list(sowing.routes[mover][:span])]] = 1
            for pit in range(p):
                byte = mover * 8 + pit
                reach = np.zeros((span, 16), dtype=np.uint8)  # by the seeds left: a seed in each place they reach
                ends = np.zeros(span, dtype=np.intp)  # and the place of the route the last one falls in
                for left, (reached, end) in enumerate(sowing.sowings[mover][pit]):
                    reach[left, places[list(reached)]] = 1
                    ends[left] = end
                adds[byte] = laps[:, None] * lap + reach[rest]
                last = ends[rest]
                spot = np.minimum(last, p - 1)
                lands[byte] = mover * 8 + spot
                facing[byte] = (1 - mover) * 8 + p - 1 - spot
                lands_own[byte] = last < p
                again[byte] = last == p
        words = adds.reshape(-1, 16).view(np.uint64)
        sown, held = np.divmod(np.arange(16 * _KEYS), _KEYS)
        # Less the seeds taken from the pit sown: the byte holds exactly those, so no byte borrows from the next.
        words[np.arange(sown.size), sown // 8] -= held.astype(np.uint64) << (8 * (sown % 8)).astype(np.uint64)
        return PackedRules(
            p,
            game.empty_capture,
            words,
            lands.reshape(-1),
            lands_own.reshape(-1),
            facing.reshape(-1),
            again.reshape(-1),
            np.uint64(_ONES & ((1 << (8 * p)) - 1)),
            places,
        )

    def pack(self, boards: NDArray[Any]) -> NDArray[np.uint64]:
        """``boards`` (rows laid out as `KalahaState.board`) as packed words; shape ``(games, 2)``."""
        rows = np.asarray(boards).reshape(-1, self.places.size)
        packed = np.zeros((rows.shape[0], 16), dtype=np.uint8)
        packed[:, self.places] = rows
        return packed.view(np.uint64)

    def unpack(self, words: NDArray[np.uint64]) -> NDArray[np.int64]:
        """Packed ``words`` as boards laid out as `KalahaState.board`; shape ``(games, 2 * pits + 2)``."""
        return words.view(np.uint8)[:, self.places].astype(np.int64)

    def patterns(self, words: NDArray[np.uint64], out: NDArray[np.uint64] | None = None) -> NDArray[np.uint64]:
        """Each row's non-empty pits as bits (bit ``k``: pit ``k``; 0: an empty row), in an array of ``words``' shape.

        Args:
            words: Packed boards, or any array of packed rows.
            out: Where to write them and the array returned: one of ``words``' shape and type, ``words``
                itself too; a new array if None.
        """
        tops = np.empty_like(words) if out is None else out
        np.add(words, np.uint64(_SEVENS), out=tops)
        np.right_shift(tops, np.uint64(7), out=tops)
        np.bitwise_and(tops, self.pit_bytes, out=tops)
        np.multiply(tops, np.uint64(_GATHER), out=tops)
        np.right_shift(tops, np.uint64(56), out=tops)
        return tops

    def seeds(self, words: NDArray[np.uint64]) -> NDArray[np.uint64]:
        """Each seat's seeds, pits and store together; shape ``(games, 2)``."""
        totals: NDArray[np.uint64] = (words * np.uint64(_ONES)) >> np.uint64(56)
        return totals

    def empty_rows(self, words: NDArray[np.uint64], work: NDArray[np.uint64] | None = None) -> NDArray[np.bool_]:
        """Whether a row of each board has no seed left in its pits: the game is over (H5); shape ``(games,)``.

        Args:
            words: Packed boards.
            work: An array of ``words``' shape and type to work in (what it holds is overwritten); a new one
                if None. The result is a new array.
        """
        pits = np.empty_like(words) if work is None else work
        np.bitwise_and(words, self.pit_bytes * np.uint64(0xFF), out=pits)  # the stores' bytes cleared
        fewer = np.minimum(pits[:, 0], pits[:, 1], out=pits[:, 0])
        over: NDArray[np.bool_] = fewer == 0
        return over

    def sow(
        self,
        words: NDArray[np.uint64],
        mover: NDArray[np.integer[Any]],
        pits: NDArray[np.integer[Any]],
        work: Scratch | None = None,
    ) -> NDArray[np.bool_]:
        """Sow each mover's legal pit, in place (H2-H4, as `KalahaState`); return who moves again (H3).

        A row left empty ends the game (H5); the caller sees it in `empty_rows`.

        Args:
            words: Packed boards, changed in place.
            mover: Each game's mover, 0 or 1.
            pits: The pit each mover sows, one with seeds in it. Neither the movers nor the pits are checked
                (`tablegames.kalaha.batch.KalahaBatch.step` checks them): one out of range gives wrong boards.
            work: The arrays the move works in, made for this many games or more (`Scratch`); new ones if
                None. The result is one of them, so read it before the next move.

        Raises:
            ValueError: If ``words`` is not one C-contiguous array (the bytes are changed in place), or
                ``work`` is made for fewer games.
        """
        if not words.flags.c_contiguous:
            raise ValueError("packed boards are sown in place: pass a C-contiguous array of shape (games, 2)")
        games = words.shape[0]
        work = Scratch(games) if work is None else work
        if work.games < games:
            raise ValueError(f"a Scratch made for {work.games} games cannot sow {games}")
        # Every take below writes into its work array: numpy copies the result first with mode="raise".
        base, byte, key, spot = work.base[:games], work.byte[:games], work.key[:games], work.spot[:games]
        seeds, adds, flag, again = work.seeds[:games], work.adds[:games], work.flag[:games], work.again[:games]
        places = words.view(np.uint8).reshape(-1)
        np.multiply(np.asarray(mover, dtype=np.intp), 8, out=byte)  # intp: no narrow type wraps
        np.add(byte, np.asarray(pits, dtype=np.intp), out=byte)
        np.add(base, byte, out=spot)  # the pit sown
        np.take(places, spot, out=seeds, mode="wrap")
        np.multiply(byte, _KEYS, out=key)
        np.add(key, seeds, out=key)
        np.take(self.adds, key, axis=0, out=adds, mode="wrap")
        np.add(words, adds, out=words)
        np.take(self.lands, key, out=spot, mode="wrap")
        np.add(spot, base, out=spot)  # where the last seed falls
        np.take(places, spot, out=seeds, mode="wrap")
        np.equal(seeds, 1, out=again)
        np.take(self.lands_own, key, out=flag, mode="wrap")
        np.logical_and(again, flag, out=flag)  # H4: the last seed in an empty pit of the own row
        if not self.empty_capture:
            np.take(self.facing, key, out=byte, mode="wrap")
            np.add(byte, base, out=byte)
            np.take(places, byte, out=seeds, mode="wrap")
            np.greater(seeds, 0, out=again)
            np.logical_and(again, flag, out=flag)
        rows = np.flatnonzero(flag)
        if rows.size:
            spots, facing = spot[rows], base[rows] + self.facing.take(key[rows])
            store = base[rows] + (key[rows] // _KEYS & 8) + self.pits  # the mover's store: byte mover * 8 + pits
            places[store] += places[facing] + 1
            places[spots] = 0
            places[facing] = 0
        np.take(self.again, key, out=again, mode="wrap")
        return again


class Scratch:
    """The arrays a move of `PackedRules.sow` works in, made once and used by every move of a batch.

    A batch of tens of thousands of games needs arrays of up to a quarter of
    a megabyte at each step of a move, and making them afresh every time can
    cost more than the arithmetic (on Linux, the C library gives memory that
    size back to the system when it is freed and asks for it again). A
    sowing in these arrays makes none of its own: it uses their first rows,
    one per game, and overwrites what they held.

    Args:
        games: The most games a move sows at once.

    Attributes:
        games: The number of games the arrays are made for.

    Raises:
        ConfigError: If ``games`` is not a whole number of at least 0.

    Examples:
        >>> import numpy as np
        >>> from tablegames.kalaha import Kalaha
        >>> engine = PackedRules.of(Kalaha())
        >>> words = engine.pack(np.array([Kalaha().start().board] * 3))
        >>> work = Scratch(3)
        >>> engine.sow(words, np.array([0, 0, 0]), np.array([2, 0, 5]), work).tolist()
        [True, False, False]
    """

    def __init__(self, games: int) -> None:
        self.games = check_int(games, "games", ConfigError, minimum=0)
        self.base = np.arange(0, 16 * games, 16)  # each board's first byte
        self.byte = np.empty(games, dtype=np.intp)
        self.key = np.empty(games, dtype=np.intp)
        self.spot = np.empty(games, dtype=np.intp)
        self.seeds = np.empty(games, dtype=np.uint8)
        self.adds = np.empty((games, 2), dtype=np.uint64)
        self.flag = np.empty(games, dtype=np.bool_)
        self.again = np.empty(games, dtype=np.bool_)
