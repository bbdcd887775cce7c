"""Seeded shuffles for the deals: the permutation `random.Random(seed).shuffle` gives, made faster.

Every deal of Kalo and Loo is drawn from a generator seeded by the game's
seed and the round, so a seeded game is the same every time. `shuffle`
(given a seed, or a generator to draw from) draws exactly what
``random.Random(seed).shuffle(items)`` draws (the same
calls to ``getrandbits``, in the same order: the tests compare the two), with
the standard library's method calls inlined and the generator seeded in one
call (`seeded`), which makes a deal about twice as fast.

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

import _random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random
    from hashlib import sha512
else:  # the hash random.Random's seeding uses, from where each Python keeps it (hashlib would load OpenSSL)
    try:
        from _sha2 import sha512  # Python 3.12 and later
    except ImportError:  # pragma: no cover - Python 3.11
        from _sha512 import sha512

__all__ = ["seeded", "shuffle"]


def shuffle(items: list[Any], seed: str | random.Random) -> None:
    """Shuffle ``items`` in place as ``random.Random(seed).shuffle(items)`` does (``seed.shuffle`` for a generator).

    Given a generator, it draws from it exactly what its ``shuffle`` would.
    """
    getrandbits = (seeded(seed) if isinstance(seed, str) else seed).getrandbits
    steps = _STEPS.get(len(items)) or _steps(len(items))
    for i, bits in steps:  # draw j up to i as Random._randbelow_with_getrandbits draws it below i + 1
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def seeded(seed: str) -> _random.Random:
    """Return a generator in the state ``random.Random(seed)`` starts in, without its Python-level seeding.

    For a text seed, ``random.Random`` seeds its generator with the integer
    made of the text's bytes followed by their SHA-512 digest; this does the
    same, in one call to the generator's own constructor.

    Examples:
        >>> import random
        >>> seeded("loo/7/1").getrandbits(32) == random.Random("loo/7/1").getrandbits(32)
        True
    """
    data = seed.encode()
    return _random.Random(int.from_bytes(data + sha512(data).digest()))


def _steps(length: int) -> tuple[tuple[int, int], ...]:
    """Each place a shuffle of ``length`` items fills, last first, with the bits drawn for it; kept by length."""
    steps = tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    if len(_STEPS) < 256:
        _STEPS[length] = steps
    return steps


#: The steps of the shuffles of each length met so far (see `_steps`).
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}
