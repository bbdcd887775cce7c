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
