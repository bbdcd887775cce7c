"""Hypothesis strategies for Loo: games with drawn options, states reached by random play, and trick situations."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from tablegames.loo import DECK, PAM, Card, Loo, LooState
from tablegames.testing.strategies import states
from tests.loo import reference

#: A hand and a trick in progress from one deck, and the trump suit.
Situation = tuple[list[Card], list[Card], str]


@st.composite
def games(draw: st.DrawFn, *, max_rounds: int = 3, min_players: int = 3, max_players: int = 8) -> Loo:
    """Draw a Loo game: ``min_players`` to ``max_players`` players, every option drawn, a few rounds."""
    players = draw(st.integers(min_players, max_players))
    return Loo(
        players=players,
        ante=draw(st.integers(1, 3)),
        rounds=draw(st.integers(1, max_rounds)),
        starting_chips=draw(st.integers(0, 30)),
        miss=draw(st.booleans()),
        miss_fee=draw(st.integers(0, 4)),
        pam_is_wild=draw(st.booleans()),
        trump_must_be_highest=draw(st.booleans()),
        first_dealer=draw(st.integers(0, players - 1)),
    )


@st.composite
def loo_states(draw: st.DrawFn, max_actions: int = 120) -> LooState:
    """Draw a state reached from a seeded start of a drawn game by up to ``max_actions`` random legal decisions."""
    state = draw(states(draw(games()), max_actions=max_actions))
    assert isinstance(state, LooState)
    return state


@st.composite
def situations(
    draw: st.DrawFn,
    *,
    suited: tuple[int, int] = (0, 5),
    trumps: tuple[int, int] = (0, 5),
    others: tuple[int, int] = (0, 5),
    pam_led: bool = False,
) -> Situation:
    """Draw a trick in progress (1 to 7 cards), a trump suit and a hand built to order.

    The hand holds between the given numbers of cards of the suit led
    (``suited``), of trumps that are not of the suit led (``trumps``) and of
    other cards (``others``), as L8 counts them: Pam is a trump, never a club
    unless clubs are trump. With ``pam_led``, the trick is led with Pam.
    """
    trump = draw(st.sampled_from("cdhs"))
    deck = draw(st.permutations([card for card in DECK if card is not PAM] if pam_led else DECK))
    size = draw(st.integers(1, 7))
    trick = [PAM, *deck[: size - 1]] if pam_led else list(deck[:size])
    rest = deck[size - 1 :] if pam_led else deck[size:]
    led = reference.led_suit(trick, trump)

    def kind(card: Card) -> int:
        if reference.of_suit(card, led, trump):
            return 0
        return 1 if reference.is_trump(card, trump) else 2

    pools = [[card for card in rest if kind(card) == place] for place in range(3)]
    hand: list[Card] = []
    for pool, (least, most) in zip(pools, (suited, trumps, others), strict=True):
        most = min(most, len(pool), 5 - len(hand))
        assume(least <= most)
        hand += pool[: draw(st.integers(least, most))]
    assume(hand)
    return hand, trick, trump
