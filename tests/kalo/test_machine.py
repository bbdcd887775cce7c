"""A RuleBasedStateMachine over Kalo matches of 3 to 6 players, with the rules checked after every decision."""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tablegames import Match
from tablegames.kalo import DECK, KALO, Kalo, KaloState, Play
from tablegames.kalo.events import Inserted, RoundEnded, WentOut
from tablegames.testing.strategies import seeds
from tests.kalo.strategies import games


class KaloMachine(RuleBasedStateMachine):
    """Plays and undoes Kalo matches, checking conservation, scoring, plays and effects."""

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
        assert all(new >= old for new, old in zip(after.scores, before.scores, strict=True)), "scores never fall"
        gained = sum(after.scores) - sum(before.scores)
        points = [event.points for event in events if isinstance(event, WentOut)]
        places = [event.place for event in events if isinstance(event, WentOut)]
        blocked = [len(event.scoring) for event in events if isinstance(event, RoundEnded)]
        assert gained == sum(points) + sum(blocked), "points come only from going out and the round's end"
        assert all(point == n - place + 1 for point, place in zip(points, places, strict=True)), "k-th out: N-k+1"
        if after.round_number == before.round_number:
            assert places == list(range(len(before.out) + 1, len(before.out) + 1 + len(places))), "places follow on"
            assert after.out[: len(before.out)] == before.out
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
    def seats_out_hold_no_cards_and_scores_stay_in_bounds(self) -> None:
        if self.match is None:
            return
        state = self.state
        target = state.game.target
        if state.phase != "over":
            assert all(not state.hands[seat] for seat in state.out)
            assert max(state.scores) < target
            assert state.current_player is not None
        else:
            assert max(state.scores) >= target
            assert state.winners == {seat for seat, score in enumerate(state.scores) if score == max(state.scores)}
        for owner, hand in enumerate(state.hands):
            assert all(owner not in slot.known_by for slot in hand)
        assert (state.phase == "effect") == (state.effect is not None and state.current_player is not None)


TestKaloMachine = KaloMachine.TestCase
# Rounds run to a few hundred decisions: let each run go long enough to see rounds end.
TestKaloMachine.settings = settings(settings.default, stateful_step_count=250)
