"""A RuleBasedStateMachine over Loo matches of 3 to 8 players and all options, checking the rules at every step."""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tablegames import Match
from tablegames.loo import DECK, Loo, LooState, PlayCard
from tablegames.loo.events import Looed, PotWon, RoundEnded, TrickWon
from tablegames.loo.rules import payouts
from tablegames.testing.strategies import seeds
from tests.loo import reference
from tests.loo.strategies import games


class LooMachine(RuleBasedStateMachine):
    """Plays and undoes Loo matches, checking the chips, the cards, the follow rules, the payouts and the loo.

    After every step: chips are conserved (rules/loo.md#antes) and wait between
    rounds only (rules/loo.md#carry-over); every card is in one place
    (rules/loo.md#cards); the legal cards are those L9 allows
    (rules/loo.md#following); each trick goes to the card L10 names
    (rules/loo.md#winning) and pays its share of P0 (rules/loo.md#payouts);
    the looed are the seats in that won nothing (rules/loo.md#looed); a
    dropped hand plays no card (rules/loo.md#dropped-hand); and nobody is
    looed when all but one drop (rules/loo.md#everyone-else-drops).
    """

    def __init__(self) -> None:
        super().__init__()
        self.match: Match[LooState] | None = None
        self.total = 0
        self.before: list[LooState] = []

    @property
    def state(self) -> LooState:
        assert self.match is not None
        state = self.match.state
        assert isinstance(state, LooState)
        return state

    @initialize(game=games(), seed=seeds())
    def begin(self, game: Loo, seed: int) -> None:
        self.match = Match(game, seed=seed)
        self.total = game.players * game.starting_chips

    @precondition(lambda self: self.match is not None and not self.match.state.is_over)
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        assert self.match is not None
        before = self.state
        action = data.draw(st.sampled_from(before.legal_actions()))
        events = self.match.play(action).events
        self.before.append(before)
        won = [event for event in events if isinstance(event, TrickWon)]
        if isinstance(action, PlayCard) and won:
            (event,) = won
            trick = [play.card for play in before.trick] + [action.card]
            assert event.card is reference.winner(trick, before.trump), "the trick goes to the card L10 names"
            assert event.chips == payouts(before.p0)[len(before.tricks)], "each trick pays its share of P0 (L11)"
        if any(isinstance(event, RoundEnded) for event in events) and before.phase == "play":
            paid = sum(payouts(before.p0)[: len(before.tricks)]) + sum(event.chips for event in won)
            assert paid == before.p0, "five tricks pay out exactly P0"
            taken = Counter(event.seat for event in won)
            taken.update(dict(enumerate(before.tricks_won)))
            looed = {event.seat for event in events if isinstance(event, Looed)}
            assert looed == {seat for seat in before.active if not taken[seat]}, "looed = stayed in and won nothing"
            assert all(event.chips == before.p0 for event in events if isinstance(event, Looed)), "a loo costs P0"
        if any(isinstance(event, PotWon) for event in events):
            assert not any(isinstance(event, Looed) for event in events), "nobody is looed when all but one drop"

    @precondition(lambda self: self.match is not None and self.match.can_undo)
    @rule()
    def undo(self) -> None:
        assert self.match is not None
        self.match.undo()
        assert self.state == self.before.pop()

    @invariant()
    def chips_are_conserved(self) -> None:
        if self.match is None:
            return
        state = self.state
        assert sum(state.balances) + state.pot + state.carry == self.total
        assert state.pot >= 0
        assert state.carry >= 0
        assert state.carry == 0 or state.is_over, "loo payments wait between rounds only"

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        if self.match is None:
            return
        assert Counter(self.state.cards()) == Counter(DECK)

    @invariant()
    def the_legal_cards_are_those_l9_allows(self) -> None:
        if self.match is None or self.state.phase != "play":
            return
        state = self.state
        seat = state.current_player
        assert seat is not None
        game = state.game
        expected = reference.legal(
            state.hands[seat],
            [play.card for play in state.trick],
            state.trump,
            wild=game.pam_is_wild,
            highest=game.trump_must_be_highest,
        )
        legal = state.legal_actions()
        assert {action.card for action in legal if isinstance(action, PlayCard)} == expected
        assert len(legal) == len(expected)

    @invariant()
    def hands_follow_the_round(self) -> None:
        if self.match is None:
            return
        state = self.state
        played = Counter(play.seat for trick in (*state.tricks, state.trick) for play in trick)
        for seat, hand in enumerate(state.hands):
            assert len(hand) + played[seat] == 5
            if state.decisions[seat] == "drop":
                assert played[seat] == 0, "a dropped hand is dead"
        assert (state.current_player is None) == state.is_over == (not state.legal_actions())


TestLooMachine = LooMachine.TestCase
TestLooMachine.settings = settings(settings.default, stateful_step_count=120)
