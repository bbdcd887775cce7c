"""Seeded shuffles for the deals: the permutation `random.Random(seed).shuffle` gives, made faster.

Every deal of Kalo and Loo is drawn from a generator seeded by the game's
seed and the round, so a seeded game is the same every time. `shuffle`
(given a seed, or a generator to draw from) draws exactly what
``random.Random(seed).shuffle(items)`` draws (the same
calls to ``getrandbits``, in the same order: the tests compare the two), with
the standard library's method calls inlined, which makes a deal about twice
as fast.

Examples:
    >>> import random
    >>> deck = list(range(10))
    >>> theirs = deck[:]
    >>> random.Random("kalo/7/1").shuffle(theirs)
    >>> shuffle(deck, "kalo/7/1")
    >>> deck == theirs
    True
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["shuffle"]


def shuffle(items: list[Any], seed: str | random.Random) -> None:
    """Shuffle ``items`` in place as ``random.Random(seed).shuffle(items)`` does (``seed.shuffle`` for a generator).

    Given a generator, it draws from it exactly what its ``shuffle`` would.
    """
    getrandbits = (seed if isinstance(seed, random.Random) else random.Random(seed)).getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # draw j below n as Random._randbelow_with_getrandbits does
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
