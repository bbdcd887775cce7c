"""A RuleBasedStateMachine over Kalaha Matches: play, undo and save, with every rule checked after every step."""

from __future__ import annotations

import json

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import tablegames
from tablegames import Match
from tablegames.kalaha import Captured, ExtraMove, Kalaha, KalahaState, Sow, Swept
from tablegames.testing.strategies import seeds
from tests.kalaha import reference
from tests.kalaha.strategies import games, positions


def _seeds(state: KalahaState) -> int:
    return sum(map(sum, state.pits)) + sum(state.stores)


class KalahaMachine(RuleBasedStateMachine):
    """Plays, undoes and saves Kalaha matches from the start or from drawn positions, checking the rules at each step.

    Checks rules/kalaha.md#seeds, rules/kalaha.md#moving-again, rules/kalaha.md#capturing, rules/kalaha.md#game-end,
    rules/kalaha.md#sweep, rules/kalaha.md#no-passing and rules/kalaha.md#score-and-winner.
    """

    def __init__(self) -> None:
        super().__init__()
        self.match: Match[KalahaState] | None = None
        self.total = 0
        self.before: list[KalahaState] = []

    @property
    def state(self) -> KalahaState:
        assert self.match is not None
        state = self.match.state
        assert isinstance(state, KalahaState)
        return state

    @initialize(game=games(), from_start=st.booleans(), seed=seeds(), data=st.data())
    def begin(self, game: Kalaha, from_start: bool, seed: int, data: st.DataObject) -> None:
        if from_start:
            self.match = Match(game, seed=seed)
            assert _seeds(self.state) == 2 * game.pits * game.seeds
        else:
            self.match = Match(game, state=data.draw(positions(game)))
        self.total = _seeds(self.state)

    @precondition(lambda self: self.match is not None and not self.match.state.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        assert self.match is not None
        before = self.state
        mover = before.current_player
        assert mover is not None
        action = data.draw(st.sampled_from(before.legal_actions()))
        assert isinstance(action, Sow)
        ref = reference.move(before.pits, before.stores, mover, action.pit, before.game.empty_capture)
        events = self.match.play(action).events
        after = self.state
        self.before.append(before)
        assert (after.pits, after.stores, after.current_player) == (ref.rows, ref.stores, ref.to_move)
        assert after.stores[0] >= before.stores[0]
        assert after.stores[1] >= before.stores[1]
        extra = ExtraMove(seat=mover) in events
        assert extra == (ref.last is None and not after.is_over)
        if not after.is_over:
            assert (after.current_player == mover) == (ref.last is None)
        captures = [event.seeds for event in events if isinstance(event, Captured)]
        assert captures == ([ref.captured] if ref.captured else [])
        if ref.captured and not before.game.empty_capture:
            assert ref.captured > 1
        row_empty = not any(ref.sown[0]) or not any(ref.sown[1])
        assert after.is_over == row_empty
        swept = {event.seat: event.seeds for event in events if isinstance(event, Swept)}
        expected = {seat: sum(row) for seat, row in enumerate(ref.sown) if sum(row)} if row_empty else {}
        assert swept == expected

    @precondition(lambda self: self.match is not None and self.match.can_undo)
    @rule()
    def undo(self) -> None:
        assert self.match is not None
        self.match.undo()
        assert self.state == self.before.pop()

    @precondition(lambda self: self.match is not None)
    @rule()
    def save_and_load(self) -> None:
        assert self.match is not None
        state = self.state
        assert tablegames.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
        assert Match.from_record(json.loads(json.dumps(self.match.to_record()))).state == state

    @invariant()
    def seeds_are_conserved(self) -> None:
        if self.match is not None:
            assert _seeds(self.state) == self.total == 2 * self.state.game.pits * self.state.game.seeds
            assert all(0 <= store <= self.total for store in self.state.stores)

    @invariant()
    def legal_actions_are_the_movers_non_empty_pits(self) -> None:
        if self.match is None:
            return
        state = self.state
        if state.current_player is None:
            assert state.legal_actions() == ()
        else:
            row = state.pits[state.current_player]
            assert [action.pit for action in state.legal_actions()] == [pit for pit in range(len(row)) if row[pit]]

    @invariant()
    def over_exactly_when_rows_are_empty(self) -> None:
        if self.match is None:
            return
        state = self.state
        empty = [not any(row) for row in state.pits]
        assert empty[0] == empty[1]
        assert state.is_over == empty[0]
        assert state.scores == state.stores
        if state.is_over:
            best = max(state.stores)
            assert state.winners == {seat for seat in (0, 1) if state.stores[seat] == best}
        else:
            assert state.winners == frozenset()


TestKalahaMachine = KalahaMachine.TestCase
