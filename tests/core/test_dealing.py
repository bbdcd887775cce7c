"""The card games' seeded shuffle: the same every time, a permutation, and the one `random.Random.shuffle` makes."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tablegames.cards import deal_round_robin, shuffle_round


@given(st.integers(0, 60), st.sampled_from(["kalo", "loo"]), st.integers(0, 2**63 - 1), st.integers(1, 40))
def test_the_shuffle_is_what_random_shuffle_makes(size: int, game: str, seed: int, round_number: int) -> None:
    """Written out, the shuffle draws exactly what `random.Random.shuffle` draws, so deals stay what they were."""
    mine, theirs = list(range(size)), list(range(size))
    shuffle_round(mine, game, seed, round_number)
    random.Random(f"{game}/{seed}/{round_number}").shuffle(theirs)
    assert mine == theirs
    assert sorted(mine) == list(range(size))


def test_rounds_and_games_shuffle_differently() -> None:
    decks = []
    for game, round_number in (("kalo", 1), ("kalo", 2), ("loo", 1)):
        deck = list(range(52))
        shuffle_round(deck, game, 5, round_number)
        decks.append(deck)
    assert len({tuple(deck) for deck in decks}) == 3


@given(st.lists(st.integers(), max_size=30), st.integers(1, 8))
def test_dealing_round_robin_gives_every_card_once_in_turn(cards: list[int], hands: int) -> None:
    dealt = deal_round_robin(cards, hands)
    assert len(dealt) == hands
    assert sorted(card for hand in dealt for card in hand) == sorted(cards)
    assert all(dealt[index % hands][index // hands] == card for index, card in enumerate(cards))
