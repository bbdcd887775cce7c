"""`tablegames.core.shuffle.shuffle` draws the permutation the standard library's seeded shuffle draws."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.shuffle import shuffle


@given(st.integers(0, 60), st.text(max_size=20))
def test_shuffle_is_the_standard_librarys(size: int, seed: str) -> None:
    """For any list and seed text, the shuffle is ``random.Random(seed).shuffle``'s, item for item."""
    items = list(range(size))
    theirs = items[:]
    random.Random(seed).shuffle(theirs)
    shuffle(items, seed)
    assert items == theirs


@given(st.integers(0, 60), st.integers(0, 2**32))
def test_shuffle_draws_from_a_generator_as_its_own_shuffle(size: int, seed: int) -> None:
    """Given a generator, the shuffle and the generator's state after it are those of its own ``shuffle``."""
    items, theirs = list(range(size)), list(range(size))
    mine, standard = random.Random(seed), random.Random(seed)
    shuffle(items, mine)
    standard.shuffle(theirs)
    assert items == theirs
    assert mine.random() == standard.random()
