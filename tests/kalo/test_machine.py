"""The rules as properties: a state machine over whole Kalo matches of 3 to 6 players, and one property per rule.

Each check restates the rule from the rules page on its own terms (who may
lead what, where a card must go, who scores what) and compares what the game
does with it.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING, Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tablegames import Match
from tablegames.kalo import (
    DECK,
    KALO,
    Card,
    ChooseCard,
    ChooseSeat,
    ChooseSlot,
    Insert,
    Kalo,
    KaloState,
    Pass,
    Play,
)
from tablegames.kalo.actions import Arrange, Ready
from tablegames.kalo.cards import removed_cards
from tablegames.kalo.events import Blocked, Inserted, RoundEnded, TrickWon, WentOut
from tablegames.testing.strategies import seeds
from tests.kalo.strategies import effect_plays, games, kalo_states, position_args, positions, trick_states

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Event

# -- the rules, restated -------------------------------------------------------


def holders(state: KaloState) -> list[int]:
    """The seats holding cards."""
    return [seat for seat, hand in enumerate(state.hands) if hand]


def next_holder(state: KaloState, seat: int, *, including: bool = False) -> int | None:
    """The first seat after ``seat`` in play order (or ``seat`` itself) that holds cards."""
    n = state.game.players
    return next(
        ((seat + step) % n for step in range(0 if including else 1, n + 1) if state.hands[(seat + step) % n]), None
    )


def effects_possible(state: KaloState, seat: int, rank: int, count: int) -> bool:
    """Whether ``count`` effects of ``rank`` played by ``seat`` can all be carried out."""
    left = len(state.hands[seat]) - count
    others = sum(len(hand) for other, hand in enumerate(state.hands) if other != seat)
    if rank == 3:
        return left >= count  # each 3 gives a card of what the 3s left
    if rank in (4, 5):
        return len(state.pile) >= count  # each takes a card of the discard pile
    if rank == 6:
        return others >= count  # each takes a card of another hand
    return True


def can_lead(state: KaloState, seat: int) -> bool:
    """Whether ``seat`` has a legal lead: a single card will do whenever anything will."""
    return any(effects_possible(state, seat, slot.card.rank, 1) for slot in state.hands[seat])


def allowed_plays(state: KaloState) -> set[frozenset[Card]]:
    """Every play the rules allow the seat to play now, worked out from the hand and the trick."""
    seat = state.current_player
    assert seat is not None
    hand = [slot.card for slot in state.hands[seat]]
    allowed: set[frozenset[Card]] = set()
    for count in range(1, 5):
        for cards in combinations(hand, count):
            rank = cards[0].rank
            if any(card.rank != rank for card in cards):
                continue
            if KALO in cards and count > 1 and not state.game.kalo_in_combinations:
                continue
            if state.trick and cards != (KALO,):
                top = state.trick[-1].cards
                if count != len(top) or rank <= top[0].rank:
                    continue
            if effects_possible(state, seat, rank, count):
                allowed.add(frozenset(cards))
    return allowed


def plays_of(actions: tuple[Action, ...]) -> set[frozenset[Card]]:
    """The plays among ``actions``, as sets of cards."""
    return {frozenset(action.cards) for action in actions if isinstance(action, Play)}


def check_fresh_round(state: KaloState) -> None:
    """A round as dealt: even hands without the removed cards, the Kalo holder's next seat to open."""
    game = state.game
    n = game.players
    removed = set(removed_cards(n))
    dealt = [slot.card for hand in state.hands for slot in hand]
    assert Counter(dealt) == Counter(card for card in DECK if card not in removed), "every other card is dealt"
    assert {len(hand) for hand in state.hands} == {(52 - len(removed)) // n}, "evenly"
    assert (state.pile, state.trick, state.out, state.plays) == ((), (), (), 0), "nothing played yet"
    assert not any(slot.received or slot.known_by for hand in state.hands for slot in hand)
    assert KALO in {slot.card for slot in state.hands[state.kalo_holder]}, "the holder announced was dealt the Kalo"
    assert state.leader == (state.kalo_holder + 1) % n, "the seat to the holder's right opens"


def check_next_lead(state: KaloState, start: int, events: tuple[Event, ...]) -> None:
    """After a trick (or the deal) the first holder from ``start`` on who can lead leads; those before are blocked."""
    n = state.game.players
    order = [seat for seat in ((start + step) % n for step in range(n)) if state.hands[seat]]
    able = [seat for seat in order if can_lead(state, seat)]
    assert able, "some holder can lead, or the round would have ended"
    assert state.current_player == state.leader == able[0]
    assert (state.phase, state.trick, state.passed) == ("play", (), frozenset())
    blocked = [event.seat for event in events if isinstance(event, Blocked)]
    assert blocked == order[: order.index(able[0])], "each holder passed over is announced blocked"


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
        self.match: Match | None = None
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
                assert action.rank > top[0].rank, "a follow is of a strictly higher rank"
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
        if state.phase == "over":
            assert max(state.scores) >= game.target
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
            assert play.cards[0].rank > top[0].rank
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
        if after.round_number == state.round_number:
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
        assert (state.round_number, state.phase) == (2, "arrange")
        out = args["out"]  # their points for going out (K10), then 1 for each blocked holder
        assert state.scores == tuple(n - out.index(seat) if seat in out else 1 for seat in range(n))


def carry_out(state: KaloState, play: Play, data: st.DataObject) -> list[tuple[Card, tuple[str, int], int]]:
    """Make ``play`` and carry out its effects with drawn decisions, checking the choices each step offers.

    Returns, for each card moved: the card, where it was (``("hand", seat)`` or
    ``("pile", 0)``) and who received it.
    """
    seat = state.current_player
    assert seat is not None
    assert plays_of(state.legal_actions()) == allowed_plays(state), "the plays whose effects can be carried out"
    state = state.apply(play)
    moved: list[tuple[Card, tuple[str, int], int]] = []
    card: Card | None = None
    source: tuple[str, int] = ("pile", 0)
    while state.phase == "effect":
        effect = state.effect
        assert effect is not None
        legal = state.legal_actions()
        if effect.step == "card":
            offered = [slot.card for slot in state.hands[seat]] if effect.rank == 3 else list(state.pile)
            assert legal == tuple(ChooseCard(each) for each in offered)
        elif effect.step == "seat":
            assert legal == tuple(ChooseSeat(other) for other in holders(state) if other != seat)
        elif effect.step == "slot":
            assert effect.target is not None
            assert legal == tuple(ChooseSlot(k) for k in range(len(state.hands[effect.target])))
        else:
            receiver = state.current_player
            assert receiver is not None
            assert legal == tuple(Insert(k) for k in range(len(state.hands[receiver]) + 1))
        action = data.draw(st.sampled_from(legal))
        transition = state.step(action)
        after = transition.state
        if isinstance(action, ChooseCard):
            card = action.card
            owners = [owner for owner, hand in enumerate(state.hands) if card in {slot.card for slot in hand}]
            if owners:
                source = ("hand", owners[0])
                assert card not in {slot.card for slot in after.hands[owners[0]]}, "it leaves the hand"
            else:
                source = ("pile", 0)
                assert card in state.pile
                assert card not in after.pile, "it leaves the discard pile"
        elif isinstance(action, ChooseSlot):
            assert effect.target is not None
            card, source = state.hands[effect.target][action.slot].card, ("hand", effect.target)
            assert card not in {slot.card for slot in after.hands[effect.target]}
        elif isinstance(action, Insert):
            (event,) = (event for event in transition.events if isinstance(event, Inserted))
            assert (event.slot, event.card) == (action.slot, card)
            assert card is not None
            moved.append((card, source, event.seat))
            if after.round_number == state.round_number:
                assert after.hands[event.seat][action.slot].card is card
                assert all(
                    after.view(viewer).hands[event.seat][action.slot].received for viewer in range(len(after.hands))
                )
        state = after
    return moved


@given(effect_plays(3), st.data())
def test_each_three_gives_a_card_from_what_its_players_hand_has_left(
    drawn: tuple[KaloState, Play], data: st.DataObject
) -> None:
    """rules/kalo.md#effect-3, rules/kalo.md#effects: once per 3, a card of the hand goes to another holder."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source == ("hand", seat) and receiver != seat for _, source, receiver in moved)


@given(effect_plays(4), st.data())
def test_each_four_takes_a_card_of_the_discard_pile(drawn: tuple[KaloState, Play], data: st.DataObject) -> None:
    """rules/kalo.md#effect-4, rules/kalo.md#effects: once per 4, its player takes a card of the pile into the hand."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source == ("pile", 0) and receiver == seat for _, source, receiver in moved)


@given(effect_plays(5), st.data())
def test_each_five_gives_a_card_of_the_discard_pile(drawn: tuple[KaloState, Play], data: st.DataObject) -> None:
    """rules/kalo.md#effect-5, rules/kalo.md#effects: once per 5, a card of the pile goes to another holder."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source == ("pile", 0) and receiver != seat for _, source, receiver in moved)


@given(effect_plays(6), st.data())
def test_each_six_takes_the_card_at_a_slot_of_another_hand(drawn: tuple[KaloState, Play], data: st.DataObject) -> None:
    """rules/kalo.md#effect-6, rules/kalo.md#effects: once per 6, its player takes the card at a slot of another."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source[0] == "hand" and source[1] != seat and receiver == seat for _, source, receiver in moved)


@given(st.sampled_from([3, 4, 5, 6]).flatmap(effect_plays), st.data())
def test_a_received_card_goes_to_the_slot_its_receiver_chooses_in_sight_of_all(
    drawn: tuple[KaloState, Play], data: st.DataObject
) -> None:
    """rules/kalo.md#receiving: any slot from the front to the end; every seat sees that slot marked received."""
    state, play = drawn
    assert carry_out(state, play, data)
