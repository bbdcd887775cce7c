"""The plays a hand allows: every set of cards a seat may put on the trick (K5 to K8).

The plays of each rank's sets of cards are worked out once, in tables indexed
by the four bits of that rank in a hand's mask, and the plays open at a
position are read off them; every `Play` is interned.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=4).start(seed=1)
    >>> while state.phase == "arrange":
    ...     state = state.apply(state.legal_actions()[-1])
    >>> plays = open_plays(state.hands, state.current_player, state.trick, 0, kalo_in_combinations=False)
    >>> plays == state.legal_actions()
    True
"""

from __future__ import annotations

from itertools import chain, combinations, compress
from typing import TYPE_CHECKING, Final

from tablegames.kalo.actions import PASS, Play
from tablegames.kalo.cards import DECK, KALO, Card, card_key, rank_of
from tablegames.kalo.rules import held_by_others, most_playable

if TYPE_CHECKING:
    from tablegames.core.protocol import Action
    from tablegames.kalo.hands import Slot
    from tablegames.kalo.tricks import TrickPlay

__all__ = ["open_plays"]


_PLAYS: Final[dict[tuple[Card, ...], Play]] = {}


def _play(cards: tuple[Card, ...]) -> Play:
    """The interned `Play` of cards already in `card_key` order."""
    play = _PLAYS.get(cards)
    if play is None:
        play = _PLAYS[cards] = Play(cards)
    return play


_KALO_BIT: Final = 1 << card_key(KALO)


def _fill_rank_tables() -> None:
    """Fill `_BY_SIZE` and `_OF_SIZE`: the plays of every set of cards of one rank, indexed by ``rank << 4 | bits``.

    ``bits`` are the rank's four bits of a hand's mask (the mask shifted down by
    ``4 * (rank - 3)``). The first table holds the plays of each set by size:
    those of 1 card, of 2 cards, and so on. In the second, entry ``count``
    holds the plays of ``count`` cards, and entry 0 all of them, smallest
    first. Each tuple is in suit order (`itertools.combinations` of the cards
    in `DECK` order); the plays are interned, one for each subset of a rank's cards.
    They are made the first time a play phase asks for its decisions, so that
    loading and starting a game (which begins with arranging) does not.
    """
    # Whether each of a rank's four cards is in a set of them, for each set as bits (0 to 15); and for each set,
    # its subsets of 1 card, of 2 cards, and so on, as bits, in `itertools.combinations` order.
    chosen = [tuple(bits >> bit & 1 for bit in range(4)) for bits in range(16)]
    subsets = [
        [
            tuple(sum(1 << bit for bit in each) for each in combinations(compress(range(4), chosen[bits]), count))
            for count in range(1, bits.bit_count() + 1)
        ]
        for bits in range(16)
    ]
    by_size: list[tuple[tuple[Play, ...], ...]] = [()] * 256
    of_size: list[list[tuple[Play, ...]]] = [[()] * 256 for _ in range(5)]
    for index, card in enumerate(DECK[::4]):
        rank_cards = DECK[4 * index : 4 * index + 4]
        held = (1 << len(rank_cards)) - 1  # the Kalo's rank has one card
        plays = {bits: _play(tuple(compress(rank_cards, chosen[bits]))) for bits in range(1, held + 1)}
        for bits in range(1, 16):
            sizes = tuple([tuple(map(plays.__getitem__, each)) for each in subsets[bits & held]])
            at = rank_of(card) << 4 | bits
            by_size[at] = sizes
            of_size[0][at] = tuple(chain.from_iterable(sizes))
            for count, each in enumerate(sizes, start=1):
                of_size[count][at] = each
    _BY_SIZE[:] = by_size
    _OF_SIZE[:] = of_size  # last: a thread that finds it filled finds both


#: The plays of each rank's sets of cards, by size and of each size (see `_fill_rank_tables`); empty until filled.
_BY_SIZE: Final[list[tuple[tuple[Play, ...], ...]]] = []
_OF_SIZE: Final[list[list[tuple[Play, ...]]]] = []
#: The Kalo played alone.
_LONE_KALO: Final = _play((KALO,))


def open_plays(
    hands: tuple[tuple[Slot, ...], ...],
    seat: int,
    trick: tuple[TrickPlay, ...],
    pile: int,
    *,
    kalo_in_combinations: bool,
) -> tuple[Action, ...]:
    """The plays open to ``seat`` against ``trick``, in the order of its legal decisions; ``pass`` last for a follower.

    Plays by rank (low to high), then by size, then in suit order; the lone
    Kalo last. A 3 to 6 is offered only as many cards at once as its effects
    can be carried out (`most_playable`, ruling K8), with ``pile`` cards on the
    discard pile.
    """
    if not _OF_SIZE:
        _fill_rank_tables()
    hand = hands[seat]
    mask = 0  # the bits of the cards in the hand (`Slot.bit`): bit ``i`` is ``DECK[i]``, a rank's four bits together
    for slot in hand:
        mask |= slot.bit
    has_kalo = mask & _KALO_BIT
    combos = kalo_in_combinations
    if not combos:
        mask ^= has_kalo  # the Kalo is played alone, below
    if trick:
        top = trick[-1].cards
        need, rank = len(top), rank_of(top[0]) + 1
    else:
        need, rank = 0, 3
    plays: list[Action] = []
    rest = mask >> 4 * (rank - 3)
    at = rank << 4
    if rank < 7 and rest & 0xFFFF >> 4 * (rank - 3):  # ranks 3 to 6 have effects (ruling K8)
        size = len(hand)
        others = held_by_others(hands, seat)
        tables = _BY_SIZE  # read once: the compiled build looks a module's name up at every use
        for each_rank in range(rank, 7):
            if rest & 15:
                most = most_playable(each_rank, size, pile, others)
                by_size = tables[at | rest & 15]
                if need:
                    if need <= most and need <= len(by_size):
                        plays += by_size[need - 1]
                else:
                    for each in by_size[:most]:
                        plays += each
            rest >>= 4
            at += 16
    elif rank < 7:
        rest >>= 4 * (7 - rank)
        at = 7 << 4
    of_size = _OF_SIZE[need]
    while rest:  # the ranks without effects above the trick's, low to high: four bits each
        if rest & 15:
            plays += of_size[at | rest & 15]
        rest >>= 4
        at += 16
    # The lone Kalo, last; with option kalo_in_combinations the 2s' plays already hold it (it is the 2h),
    # unless the trick asks for more cards than one or its top is already 2s (rank 15).
    if has_kalo and (not combos or need > 1 or rank > 15):
        plays.append(_LONE_KALO)
    if need:
        plays.append(PASS)
    return tuple(plays)
