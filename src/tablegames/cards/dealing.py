"""Shuffling for a round: one seeded generator per game, seed and round, so a seeded game deals the same every time.

Examples:
    >>> cards = list(range(10))
    >>> shuffle_round(cards, "kalo", seed=1, round_number=2)
    >>> again = list(range(10))
    >>> shuffle_round(again, "kalo", seed=1, round_number=2)
    >>> cards == again, sorted(cards) == list(range(10))
    (True, True)
    >>> deal_round_robin("abcdefg", hands=3)
    ('adg', 'be', 'cf')
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["deal_round_robin", "shuffle_round"]

T = TypeVar("T")


def shuffle_round(items: list[T], game: str, seed: int, round_number: int) -> None:
    """Shuffle ``items`` in place for round ``round_number`` of a game of ``game`` started with ``seed``.

    The shuffle is Fisher and Yates's, written out here: from the last place
    down to the second, each place swaps with a place at or before it, drawn
    uniformly with `random.Random.getrandbits` from a generator seeded by the
    text ``"<game>/<seed>/<round_number>"``, a draw of too many bits being
    drawn again. So each round of a seeded game is the same every time; it is
    the shuffle `random.Random.shuffle` makes today, stated here so that a
    deal does not depend on how a Python version shuffles.

    Args:
        items: The cards (or their places in a deck) to shuffle.
        game: The game's name, so that two games with one seed deal differently.
        seed: The game's seed.
        round_number: The round, from 1.

    Examples:
        >>> import random
        >>> mine, theirs = list(range(52)), list(range(52))
        >>> shuffle_round(mine, "loo", 7, 1)
        >>> random.Random("loo/7/1").shuffle(theirs)
        >>> mine == theirs
        True
    """
    getrandbits = random.Random(f"{game}/{seed}/{round_number}").getrandbits
    for place, choices, bits in _draws(len(items)):
        other = getrandbits(bits)
        while other >= choices:
            other = getrandbits(bits)
        items[place], items[other] = items[other], items[place]


@functools.cache
def _draws(size: int) -> tuple[tuple[int, int, int], ...]:
    """The draws of a shuffle of ``size`` items: each place from the last down to the second, its choices and bits."""
    return tuple([(place, place + 1, (place + 1).bit_length()) for place in range(size - 1, 0, -1)])


def deal_round_robin(cards: Sequence[T], hands: int) -> tuple[Sequence[T], ...]:
    """Deal ``cards`` one at a time round the table into ``hands`` hands, the first card to the first hand.

    Args:
        cards: The shuffled cards, top first.
        hands: How many hands to deal.

    Returns:
        One slice of ``cards`` per hand, in dealing order.
    """
    return tuple(cards[hand::hands] for hand in range(hands))
