"""The rules as properties: a state machine over whole Kalo matches of 3 to 6 players, and one property per rule.

Each check restates the rule from the rules page on its own terms (who may
lead what, where a card must go, who scores what) and compares what the game
does with it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tablegames import Match
from tablegames.kalo import (
    DECK,
    KALO,
    Card,
    Kalo,
    KaloState,
    Pass,
    Play,
    rank_of,
)
from tablegames.kalo.actions import Arrange, Ready
from tablegames.kalo.cards import removed_cards
from tablegames.kalo.events import Blocked, Inserted, RoundEnded, TrickWon, WentOut
from tablegames.testing.strategies import seeds
from tests.kalo.restated import (
    allowed_plays,
    check_fresh_round,
    check_next_lead,
    holders,
    next_holder,
    plays_of,
)
from tests.kalo.strategies import games, kalo_states, position_args, positions, trick_states

if TYPE_CHECKING:
    from tablegames.core.protocol import Event

# -- the state machine ---------------------------------------------------------------


class KaloMachine(RuleBasedStateMachine):
    """Whole matches checked after every decision, and undone.

    Checks rules/kalo.md#cards and rules/kalo.md#removed-cards (every card in
    one place, no removed card anywhere), rules/kalo.md#deal,
    rules/kalo.md#opening and rules/kalo.md#new-rounds (every round dealt
    fresh, scores kept), rules/kalo.md#players (turns), rules/kalo.md#following,
    rules/kalo.md#passing, rules/kalo.md#trick-end, rules/kalo.md#blocked-leaders,
    rules/kalo.md#effects (each carried out once per card, before the next
    turn), rules/kalo.md#going-out, rules/kalo.md#points,
    rules/kalo.md#blocked-rounds, rules/kalo.md#play-limit,
    rules/kalo.md#round-end and rules/kalo.md#game-end.
    """

    def __init__(self) -> None:
        super().__init__()
        self.match: Match[KaloState] | None = None
        self.before: list[KaloState] = []
        self.inserts_due = 0

    @property
    def state(self) -> KaloState:
        assert self.match is not None
        state = self.match.state
        assert isinstance(state, KaloState)
        return state

    @initialize(game=games(), seed=seeds())
    def begin(self, game: Kalo, seed: int) -> None:
        self.match = Match(game, seed=seed)
        check_fresh_round(self.state)

    @precondition(lambda self: self.match is not None and not self.match.state.is_over)
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        assert self.match is not None
        before = self.state
        action = data.draw(st.sampled_from(before.legal_actions()))
        events = self.match.play(action).events
        after = self.state
        self.before.append(before)
        n = before.game.players
        same_round = after.round_number == before.round_number and not after.is_over
        assert all(new >= old for new, old in zip(after.scores, before.scores, strict=True)), "scores never fall"
        gained = sum(after.scores) - sum(before.scores)
        points = [event.points for event in events if isinstance(event, WentOut)]
        places = [event.place for event in events if isinstance(event, WentOut)]
        ended = [event for event in events if isinstance(event, RoundEnded)]
        assert gained == sum(points) + sum(len(event.scoring) for event in ended), "points: going out, round's end"
        assert all(point == n - place + 1 for point, place in zip(points, places, strict=True)), "k-th out: N-k+1"
        assert places == list(range(len(before.out) + 1, len(before.out) + 1 + len(places))), "places follow on"
        for event in ended:
            if event.reason == "last":
                assert len(event.scoring) == 1, "the round ends when one player holds cards: they score 1"
            elif event.reason == "blocked":
                blocked = {each.seat for each in events if isinstance(each, Blocked)}
                assert set(event.scoring) == blocked, "a blocked round scores the holders, all blocked"
            else:
                assert before.plays + isinstance(action, Play) >= before.game.play_limit, "limit reached"
        if after.round_number != before.round_number and not after.is_over:
            assert after.round_number == before.round_number + 1
            assert [event.round_number for event in ended] == [before.round_number]
            check_fresh_round(after)
        if isinstance(action, Play):
            seat = before.current_player
            assert seat is not None
            assert set(action.cards) <= {slot.card for slot in before.hands[seat]}
            if before.trick and action.cards != (KALO,):
                top = before.trick[-1].cards
                assert len(action.cards) == len(top), "a follow has the leader's count"
                assert action.rank > rank_of(top[0]), "a follow is of a strictly higher rank"
            if action.rank in (3, 4, 5, 6):
                self.inserts_due = len(action.cards)
        self.inserts_due -= sum(isinstance(event, Inserted) for event in events)
        if after.phase == "play" or after.round_number != before.round_number:
            assert self.inserts_due == 0, "every effect of a play is carried out before the next decision"
        won = [event for event in events if isinstance(event, TrickWon)]
        if isinstance(action, Pass):
            seat = before.current_player
            assert seat is not None
            last = before.trick[-1].seat
            if set(holders(before)) - {last} <= before.passed | {seat}:
                assert [event.seat for event in won] == [last], "all others passed: the last player wins"
            else:
                assert not won
                assert (after.trick, after.passed) == (before.trick, before.passed | {seat})
                assert after.current_player == next_holder(before, seat), "the next seat holding cards plays"
        if won and same_round:
            (trick_won,) = won
            trick = [card for play in before.trick for card in play.cards]
            if isinstance(action, Play):
                trick += action.cards
            assert trick_won.cards == len(trick)
            assert Counter(after.pile) == Counter(before.pile) + Counter(trick), "the trick goes to the pile"
            check_next_lead(after, trick_won.seat, events)

    @precondition(lambda self: self.match is not None and self.match.can_undo)
    @rule()
    def undo(self) -> None:
        assert self.match is not None
        self.match.undo()
        assert self.state == self.before.pop()
        self.inserts_due = 0 if self.state.effect is None else self.state.effect.left

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        if self.match is None:
            return
        state = self.state
        assert Counter(state.cards_in_play()) + Counter(state.removed) == Counter(DECK)

    @invariant()
    def who_is_out_and_scores_stay_in_bounds(self) -> None:
        if self.match is None:
            return
        state = self.state
        game = state.game
        empty = {seat for seat, hand in enumerate(state.hands) if not hand}
        if state.phase == "over":  # a total reached 5 x N, or the game's last round ended
            assert max(state.scores) >= game.target or state.round_number == game.rounds
            assert state.winners == {seat for seat, score in enumerate(state.scores) if score == max(state.scores)}
        else:
            assert max(state.scores) < game.target
            assert state.current_player is not None
            assert set(state.out) <= empty, "a seat out holds no cards"
        if state.phase in ("arrange", "play"):
            assert empty == set(state.out), "a seat with no cards is out"
            assert len(holders(state)) >= 2, "with one player holding cards the round is over"
            assert state.plays < game.play_limit
        if state.phase == "effect":
            assert state.effect is not None
            assert empty - set(state.out) <= {state.effect.seat}, "only the player is out after its effects"
        assert state.plays <= game.play_limit
        if state.phase == "arrange":
            assert {len(hand) for hand in state.hands} == {len(state.hands[0])}
            assert (state.pile, state.trick, state.out) == ((), (), ())
        for owner, hand in enumerate(state.hands):
            assert all(owner not in slot.known_by for slot in hand)
        assert (state.phase == "effect") == (state.effect is not None and state.current_player is not None)


TestKaloMachine = KaloMachine.TestCase
# Rounds run to a few hundred decisions: let each run go long enough to see rounds end.
TestKaloMachine.settings = settings(settings.default, stateful_step_count=250)


# -- one property per rule ---------------------------------------------------


@given(games(), seeds())
def test_a_game_starts_with_a_fresh_deal_the_same_for_the_same_seed(game: Kalo, seed: int) -> None:
    """rules/kalo.md#deal, rules/kalo.md#opening: even hands, the seat after the Kalo holder first, repeatable."""
    state = game.start(seed=seed)
    check_fresh_round(state)
    assert (state.round_number, state.phase, state.current_player) == (1, "arrange", state.leader)
    assert state.scores == (0,) * game.players
    assert game.start(seed=seed) == state


@given(games(), seeds(), st.data())
def test_arranging_goes_round_from_the_opener_and_moves_only_the_card_named(
    game: Kalo, seed: int, data: st.DataObject
) -> None:
    """rules/kalo.md#arranging: seat by seat from the opener, `arrange k` moves slot k to the next place; then lead."""
    state = game.start(seed=seed)
    opener = state.leader
    seat, arranged = opener, 0
    events: tuple[Event, ...] = ()
    while state.phase == "arrange":
        assert state.current_player == seat
        hand = state.hands[seat]
        assert state.legal_actions() == (*(Arrange(k) for k in range(arranged, len(hand))), Ready())
        action = data.draw(st.sampled_from(state.legal_actions()))
        transition = state.step(action)
        after, events = transition.state, transition.events
        assert all(after.hands[other] == state.hands[other] for other in range(game.players) if other != seat)
        if isinstance(action, Arrange):
            rest = [slot for k, slot in enumerate(hand) if k >= arranged and k != action.slot]
            assert after.hands[seat] == (*hand[:arranged], hand[action.slot], *rest)
            arranged += 1
        if isinstance(action, Ready) or arranged == len(hand) - 1:
            seat, arranged = (seat + 1) % game.players, 0
        state = after
    assert seat == opener, "every seat arranged once, the Kalo holder last"
    check_next_lead(state, opener, events)


@given(st.one_of(kalo_states(), trick_states()), st.data())
def test_after_the_opening_play_a_hand_keeps_its_order(state: KaloState, data: st.DataObject) -> None:
    """rules/kalo.md#arranging: once play has begun, the cards a hand keeps stay in order; new ones are received."""
    assume(state.phase in ("play", "effect"))
    after = state.apply(data.draw(st.sampled_from(state.legal_actions())))
    if after.round_number != state.round_number:
        return
    for seat, hand in enumerate(after.hands):
        before = [slot.card for slot in state.hands[seat]]
        kept = [slot.card for slot in hand if slot.card in before]
        assert kept == [card for card in before if card in kept]
        assert all(slot.received for slot in hand if slot.card not in before)


@given(st.one_of(kalo_states(), trick_states()), st.data())
def test_turns_go_to_the_next_seat_holding_cards(state: KaloState, data: st.DataObject) -> None:
    """rules/kalo.md#players: after a play or pass that does not end the trick, the next seat holding cards plays."""
    assume(state.phase in ("play", "effect"))
    mover = state.effect.seat if state.effect is not None else state.current_player
    assert mover is not None
    after = state.apply(data.draw(st.sampled_from(state.legal_actions())))
    if after.round_number == state.round_number and after.phase == "play" and after.trick:
        assert after.current_player == next_holder(after, mover)


@given(st.one_of(kalo_states(), trick_states()))
def test_a_trick_is_plays_of_the_leads_count_each_higher(state: KaloState) -> None:
    """rules/kalo.md#tricks: every play of a trick has the lead's count and a higher rank, but for a last Kalo."""
    for index, play in enumerate(state.trick):
        assert 1 <= len(play.cards) <= 4
        assert len({card.rank for card in play.cards}) == 1
        if index and play.cards != (KALO,):
            top = state.trick[index - 1].cards
            assert len(play.cards) == len(top)
            assert rank_of(play.cards[0]) > rank_of(top[0])
        if KALO in play.cards:
            assert index == len(state.trick) - 1, "nothing follows the Kalo"
    assert not {card for play in state.trick for card in play.cards} & set(state.pile)


@given(st.one_of(positions(), kalo_states()))
def test_a_leader_may_lead_exactly_one_to_four_cards_of_a_rank_whose_effects_can_be_done(state: KaloState) -> None:
    """rules/kalo.md#leading, rules/kalo.md#effects: the leads are every such play, and a leader cannot pass."""
    assume(state.phase == "play" and not state.trick)
    assert Pass() not in state.legal_actions()
    assert plays_of(state.legal_actions()) == allowed_plays(state)
    assert len(state.legal_actions()) == len(plays_of(state.legal_actions()))


@given(st.one_of(kalo_states(), trick_states(), trick_states()))
def test_a_follower_may_play_exactly_the_higher_plays_of_the_count_or_pass(state: KaloState) -> None:
    """rules/kalo.md#following, rules/kalo.md#passing, rules/kalo.md#effects: same count, higher rank, or pass."""
    assume(state.phase == "play" and bool(state.trick))
    legal = state.legal_actions()
    assert legal[-1] == Pass(), "a follower may always pass"
    assert plays_of(legal) == allowed_plays(state)
    assert len(legal) == len(plays_of(legal)) + 1


@given(st.one_of(kalo_states(), trick_states()))
def test_a_pass_ends_the_trick_exactly_when_every_other_holder_has_passed(state: KaloState) -> None:
    """rules/kalo.md#passing, rules/kalo.md#trick-end: the last player wins once all others passed; else play on."""
    assume(state.phase == "play" and bool(state.trick))
    seat = state.current_player
    assert seat is not None
    last = state.trick[-1].seat
    transition = state.step(Pass())
    after = transition.state
    won = [event.seat for event in transition.events if isinstance(event, TrickWon)]
    if set(holders(state)) - {last} <= state.passed | {seat}:
        assert won == [last]
        if after.round_number == state.round_number and not after.is_over:  # the round goes on
            assert Counter(after.pile) == Counter(state.pile) + Counter(c for p in state.trick for c in p.cards)
            check_next_lead(after, last, transition.events)
    else:
        assert not won
        assert after.passed == state.passed | {seat}
        assert after.current_player == next_holder(state, seat)


def with_the_kalo(state: KaloState, slot: int) -> KaloState:
    """The same state with the Kalo swapped into the hand of the seat to play, for the card at ``slot``."""
    seat = state.current_player
    assert seat is not None
    data = state.to_dict()
    hand = data["hands"][seat]
    if "2h" in (entry["card"] for entry in hand):
        return state
    mine = hand[slot % len(hand)]
    for other in data["hands"]:
        for entry in other:
            if entry["card"] == "2h":
                entry["card"] = mine["card"]
    data["pile"] = [mine["card"] if card == "2h" else card for card in data["pile"]]
    mine["card"] = "2h"
    swapped = state.game.from_dict(data)
    assert isinstance(swapped, KaloState)
    return swapped


@given(st.one_of(kalo_states(), trick_states()), st.integers(0, 20))
def test_the_kalo_may_always_be_played_alone_and_wins_the_trick_at_once(state: KaloState, slot: int) -> None:
    """rules/kalo.md#the-kalo, rules/kalo.md#trick-end: led or on any play, the Kalo ends the trick; its player won."""
    assume(state.phase == "play" and KALO not in {card for play in state.trick for card in play.cards})
    state = with_the_kalo(state, slot)
    seat = state.current_player
    assert seat is not None
    assert Play((KALO,)) in state.legal_actions()
    transition = state.step(Play((KALO,)))
    after = transition.state
    if after.round_number == state.round_number and not after.is_over:
        assert [event.seat for event in transition.events if isinstance(event, TrickWon)] == [seat]
        check_next_lead(after, seat, transition.events)


@given(position_args())
def test_the_lead_goes_to_the_first_holder_who_can_lead_or_the_blocked_score_one(
    drawn: tuple[Kalo, dict[str, Any]],
) -> None:
    """Blocked leaders are skipped, also in a position set up; if all are blocked, each scores 1.

    Checks rules/kalo.md#blocked-leaders, rules/kalo.md#blocked-rounds and rules/kalo.md#positions.
    """
    game, args = drawn
    hands: list[list[Card]] = args["hands"]
    leader: int = args["leader"]
    state = game.position(**args)
    n = game.players
    order = [seat for seat in ((leader + step) % n for step in range(n)) if hands[seat]]

    pile = 52 - len(removed_cards(n)) - sum(map(len, hands))

    def able(seat: int) -> bool:
        hand = hands[seat]
        others = sum(map(len, hands)) - len(hand)
        possible = {3: len(hand) >= 2, 4: pile >= 1, 5: pile >= 1, 6: others >= 1}
        return any(possible.get(card.rank, True) for card in hand)

    leaders = [seat for seat in order if able(seat)]
    if leaders:
        assert (state.round_number, state.current_player, state.leader) == (1, leaders[0], leaders[0])
    else:
        # The round ends; the next is dealt unless it was the game's last (the option rounds).
        assert (state.round_number, state.phase) == ((1, "over") if game.rounds == 1 else (2, "arrange"))
        out = args["out"]  # their points for going out (K10), then 1 for each blocked holder
        assert state.scores == tuple(n - out.index(seat) if seat in out else 1 for seat in range(n))
