"""Hypothesis strategies for Kalo: games with drawn options, states reached by random play, and drawn positions."""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from tablegames.kalo import DECK, KALO, Card, Kalo, KaloState, Play
from tablegames.kalo.cards import removed_cards
from tablegames.kalo.rules import deal_round
from tablegames.testing.strategies import seeds, states


@st.composite
def games(draw: st.DrawFn) -> Kalo:
    """Draw a Kalo game: 3 to 6 players, either Kalo rule, now and then a small play limit or a number of rounds."""
    return Kalo(
        players=draw(st.integers(3, 6)),
        kalo_in_combinations=draw(st.booleans()),
        play_limit=draw(st.one_of(st.just(500), st.integers(2, 40))),
        rounds=draw(st.one_of(st.none(), st.none(), st.integers(1, 3))),
    )


@st.composite
def kalo_states(draw: st.DrawFn, max_actions: int = 400, *, effect: bool = False) -> KaloState:
    """Draw a state reached from a seeded start by up to ``max_actions`` random legal decisions.

    With ``effect``, play on (by drawn decisions) until an effect is being
    resolved, so that cards on their way and 4s and 5s looking at the discard
    pile are met often.
    """
    game = draw(games())
    if draw(st.booleans()):
        state = draw(states(game, max_actions=max_actions))
    else:  # a deal with drawn scores, so that games end within a round or two
        seed = draw(seeds())
        scores = draw(st.lists(st.integers(0, game.target - 1), min_size=game.players, max_size=game.players))
        state = game.deal(deal_round(game, seed, 1), seed=seed, scores=scores)
        for _ in range(draw(st.integers(0, max_actions))):
            if state.is_over:
                break
            state = state.apply(draw(st.sampled_from(state.legal_actions())))
    assert isinstance(state, KaloState)
    if effect:
        for _ in range(2_000):
            if state.phase == "effect" or state.is_over:
                break
            state = state.apply(draw(st.sampled_from(state.legal_actions())))
        if state.phase == "effect":
            for _ in range(draw(st.integers(0, 3))):
                if state.phase != "effect":
                    break
                state = state.apply(draw(st.sampled_from(state.legal_actions())))
    return state


def _cards_of(game: Kalo) -> list[Card]:
    removed = set(removed_cards(game.players))
    return [card for card in DECK if card not in removed]


@st.composite
def position_args(draw: st.DrawFn) -> tuple[Kalo, dict[str, Any]]:
    """Draw a game and the arguments of ``game.position``: small hands, some out, some a lone 3, the rest piled.

    Lone 3s make blocked leaders and blocked rounds common; hands drawn from
    the 3s to 6s first make effects that cannot all be carried out common.
    """
    game = draw(games())
    cards = draw(st.permutations(_cards_of(game)))
    if draw(st.booleans()):
        cards = sorted(cards, key=lambda card: card.rank > 6)
    threes = [card for card in cards if card.rank == 3]
    hands: list[list[Card]] = []
    for _ in range(game.players):
        kind = draw(st.sampled_from(["out", "lone 3", "cards", "cards"]))
        if kind == "lone 3" and threes:
            hand = [threes.pop()]
        elif kind == "cards":
            hand = list(cards[: draw(st.integers(1, 6))])
        else:
            hand = []
        cards = [card for card in cards if card not in hand]
        threes = [card for card in threes if card not in hand]
        hands.append(hand)
    empty = [seat for seat, hand in enumerate(hands) if not hand]
    assume(game.players - len(empty) >= 2)
    return game, {
        "hands": hands,
        "out": draw(st.permutations(empty)),
        "leader": draw(st.integers(0, game.players - 1)),
        "kalo_holder": _kalo_holder(draw, game, hands),
    }


def _kalo_holder(draw: st.DrawFn, game: Kalo, hands: list[list[Card]]) -> int:
    """Who was dealt the Kalo: the seat holding it, else (it lies in the pile) any seat."""
    holding = [seat for seat, hand in enumerate(hands) if KALO in hand]
    return holding[0] if holding else draw(st.integers(0, game.players - 1))


@st.composite
def effect_plays(draw: st.DrawFn, rank: int) -> tuple[KaloState, Play]:
    """Draw a position whose leader holds one to four cards of ``rank``, and a legal lead of that rank.

    The other cards are dealt at random into small hands (or, half the time,
    hands of at most one card, so that a play's effects may be too many for
    them); the rest is the discard pile, so 4s and 5s can take from it.
    """
    game = draw(games())
    deck = _cards_of(game)
    own = draw(st.lists(st.sampled_from([card for card in deck if card.rank == rank]), min_size=1, max_size=4))
    own = list(dict.fromkeys(own))
    rest = draw(st.permutations([card for card in deck if card not in own]))
    leader = draw(st.integers(0, game.players - 1))
    thin = draw(st.booleans())
    hands: list[list[Card]] = []
    for seat in range(game.players):
        size = draw(st.integers(0, 1 if thin else 4 if seat == leader else 5))
        hand, rest = list(rest[:size]), rest[size:]
        if seat == leader:
            hand = draw(st.permutations(hand + own))
        hands.append(hand)
    empty = [seat for seat, hand in enumerate(hands) if not hand]
    assume(game.players - len(empty) >= 2)
    holder = _kalo_holder(draw, game, hands)
    state = game.position(hands, out=draw(st.permutations(empty)), leader=leader, kalo_holder=holder)
    assume(state.round_number == 1 and state.current_player == leader)  # the leader was not blocked
    leads = [action for action in state.legal_actions() if isinstance(action, Play) and action.rank == rank]
    assume(leads)
    return state, draw(st.sampled_from(leads))


@st.composite
def positions(draw: st.DrawFn) -> KaloState:
    """Draw a position from `position_args` (if every leader there is blocked, the next round has begun)."""
    game, args = draw(position_args())
    return game.position(**args)


@st.composite
def trick_states(draw: st.DrawFn) -> KaloState:
    """Draw a position, then its lead and up to eight more drawn decisions of the round."""
    state = draw(positions())
    start = state.round_number
    for _ in range(draw(st.integers(1, 9))):
        if state.is_over or state.round_number != start:
            break
        state = state.apply(draw(st.sampled_from(state.legal_actions())))
    return state
