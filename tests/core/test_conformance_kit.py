"""check_game catches games that break the contract: each broken game below must fail it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

from tablegames.core.protocol import GameEnded, State, Transition
from tablegames.core.registry import register, unregister
from tablegames.kalaha import Kalaha, KalahaState, KalahaView, Sow
from tablegames.loo import Loo
from tablegames.testing import ConformanceError, check_game

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tablegames.core.protocol import Action, Event
    from tablegames.core.reasons import Reason
    from tablegames.core.serial import JSONDict


@attrs.frozen(kw_only=True)
class _Broken(Kalaha):
    """Kalaha whose states are wrapped in `_BrokenState`, broken as `flaw` says."""

    name: ClassVar[str] = "broken-kalaha"

    flaw: str = "none"

    def start(self, seed: int | None = None) -> _BrokenState:  # type: ignore[override]
        start = super().start(seed)
        if self.flaw == "nondeterministic":
            _STARTS.append(seed)
            return _BrokenState(self, KalahaState(self, start.board, len(_STARTS) % 2))
        return _BrokenState(self, start)

    def options(self) -> JSONDict:
        return {**super().options(), "flaw": self.flaw}

    def read_state(self, data: Any) -> _BrokenState:  # type: ignore[override]
        return _BrokenState(self, super().read_state(data))

    def broken_laws(self, state: object) -> tuple[str, ...]:
        return super().broken_laws(state.inner if isinstance(state, _BrokenState) else state)

    def action_from_index(self, index: object) -> Sow:
        sow = super().action_from_index(index)
        assert isinstance(sow, Sow)
        if self.flaw == "index_off_by_one":
            return Sow((sow.pit + 1) % self.pits)
        return sow


@attrs.frozen
class _BrokenView(KalahaView):
    """A view whose observation is wrong in the way its ``flaw`` says."""

    flaw: str = "none"

    def observation(self) -> tuple[int, ...]:
        numbers: tuple[int, ...] = super().observation()
        if self.flaw == "short_observation":
            return numbers[:-1]
        if self.flaw == "observation_out_of_range":
            return (-1, *numbers[1:])
        return numbers


@attrs.frozen
class _BrokenState(State):
    """A Kalaha position (``inner``) whose game's ``flaw`` breaks one part of the contract."""

    game: _Broken
    inner: KalahaState

    @property
    def current_player(self) -> int | None:
        return self.inner.current_player

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _BrokenState):
            return NotImplemented
        if self.game.flaw == "blind_equality":  # the board left out: any two states of one mover compare equal
            return (self.game, self.current_player) == (other.game, other.current_player)
        return (self.game, self.inner) == (other.game, other.inner)

    def __hash__(self) -> int:
        return hash((self.game, self.current_player if self.game.flaw == "blind_equality" else self.inner))

    @property
    def scores(self) -> tuple[int, ...]:
        return self.inner.scores

    def advance(self, action: Action, events: list[Event] | None) -> _BrokenState:
        after = _BrokenState(self.game, self.inner.advance(action, events))
        written = self.game.flaw == "end_event_early" or (self.game.flaw == "own_end_event" and after.is_over)
        if written and events is not None:  # a game_ended of the game's own, at every step or at the end
            events.append(GameEnded(scores=after.scores, winners=after.winners))
        if self.game.flaw == "mutates":
            object.__setattr__(self, "inner", after.inner)
        return after

    def step(self, action: Action) -> Transition[_BrokenState]:
        transition = super().step(action)
        events = list(transition.events)
        if self.game.flaw == "wrong_winners":  # a wrong seat named, or one of two that drew
            events = [
                GameEnded(scores=event.scores, winners=frozenset({1 - min(event.winners)}))
                if isinstance(event, GameEnded)
                else event
                for event in events
            ]
        if self.game.flaw == "no_end_event":
            events = [event for event in events if not isinstance(event, GameEnded)]
        if self.game.flaw == "end_event_first":
            events.sort(key=lambda event: not isinstance(event, GameEnded))
        return Transition(state=transition.state, events=tuple(events))

    def legal_actions(self) -> tuple[Sow, ...]:
        if self.game.flaw == "stalls" and sum(self.inner.stores) > 3:
            return ()
        return self.inner.legal_actions()

    def is_legal(self, action: object) -> bool:
        return self.game.flaw == "accepts_anything" or self.inner.is_legal(action)

    def parse_action(self, text: str) -> Sow:
        action = self.inner.parse_action(text)
        return Sow(0) if self.game.flaw == "bad_notation" else action

    def explain_illegal(self, action: object) -> Reason | str:
        return "" if self.game.flaw == "silent_refusal" else self.inner.explain_illegal(action)

    def legal_mask(self) -> tuple[bool, ...]:
        if self.game.flaw == "mask_offers_all":
            return (True,) * self.game.num_actions
        return self.inner.legal_mask()

    def view(self, seat: int | None) -> KalahaView:
        view = self.inner.view(seat)
        flaw = self.game.flaw
        if flaw in ("short_observation", "observation_out_of_range"):
            return _BrokenView(**attrs.asdict(view, recurse=False), flaw=flaw)
        if flaw == "view_offers_moves_to_all":
            return attrs.evolve(view, legal_actions=self.legal_actions())
        if flaw == "view_not_json":
            return attrs.evolve(view, scores=(1j, 0))  # type: ignore[arg-type]
        return view

    def json_fields(self) -> JSONDict:
        fields = self.inner.json_fields()
        if self.game.flaw == "loses_mover":
            fields["current_player"] = 0 if self.current_player is not None else None
        return fields


_STARTS: list[int | None] = []


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    """Register the broken game by its own name, so records of it replay, and remove it after."""
    register(_Broken.name, _Broken)
    yield
    unregister(_Broken.name)


def test_a_sound_game_passes() -> None:
    """The harness itself accepts a correct game wrapped the same way."""
    report = check_game(_Broken(), seeds=range(3))
    assert (report.playouts, report.action_space, report.observations) == (3, True, True)


@pytest.mark.parametrize(
    ("flaw", "message"),
    [
        ("stalls", "legal actions must exist exactly while"),
        ("accepts_anything", "is_legal"),
        ("bad_notation", "parse_action"),
        ("view_offers_moves_to_all", "must offer the legal actions"),
        ("loses_mover", "from_dict"),
        ("mutates", "changed the state it was applied to"),
        ("view_not_json", "is not JSON-ready"),
        ("nondeterministic", "the same seed gave two different start states"),
        ("mask_offers_all", "legal_mask"),
        ("short_observation", "observation_size"),
        ("observation_out_of_range", "not numbers in"),
        ("silent_refusal", "why_illegal"),
        ("wrong_winners", "game_ended gives scores"),
        ("no_end_event", r"ends the game with the events \['sowed'.*one game_ended event, the last"),
        ("end_event_first", r"ends the game with the events \['game_ended', 'sowed'"),
        ("end_event_early", "gives a game_ended event, but the game goes on"),
        ("own_end_event", r"ends the game with the events \[.*'game_ended', 'game_ended'\]"),
        ("blind_equality", "write different JSON but compare equal"),
    ],
)
def test_broken_games_fail(flaw: str, message: str) -> None:
    """Each broken promise is reported with its seed and the actions that lead there."""
    with pytest.raises(ConformanceError, match=message) as caught:
        check_game(_Broken(flaw=flaw), seeds=range(5))
    assert "seed" in str(caught.value)


def test_indices_that_do_not_round_trip_fail() -> None:
    """An action_from_index that names another index's action is caught before any playout."""
    with pytest.raises(ConformanceError, match="whose action_index is not 0"):
        check_game(_Broken(flaw="index_off_by_one"), seeds=range(1))


def test_endless_games_fail() -> None:
    """A playout that never ends is reported once it passes max_actions."""
    with pytest.raises(ConformanceError, match="no end after 3 actions"):
        check_game(Kalaha(), seeds=[0], max_actions=3)


@attrs.frozen(kw_only=True)
class _Rounds(Loo):
    """Loo whose bound on a round's decisions is ``bound`` (6 a seat, Loo's own, by default)."""

    name: ClassVar[str] = "rounds-loo"

    bound: int = 18

    @property
    def max_round_decisions(self) -> int:
        return self.bound

    def options(self) -> JSONDict:
        return {**super().options(), "bound": self.bound}


@pytest.mark.parametrize(("bound", "passes"), [(18, True), (17, False)])
def test_a_round_longer_than_max_round_decisions_fails(bound: int, passes: bool) -> None:
    """A Loo round of three seats takes at most 18 decisions, and one that all three play takes exactly 18."""
    register(_Rounds.name, _Rounds)
    try:
        game = _Rounds(players=3, rounds=3, bound=bound)
        if passes:
            assert check_game(game, seeds=range(5)).playouts == 5
        else:
            with pytest.raises(ConformanceError, match="took more than max_round_decisions"):
                check_game(game, seeds=range(5))
    finally:
        unregister(_Rounds.name)


def test_an_action_dict_that_is_not_json_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action whose dict JSON cannot hold is reported as such, not with json's own TypeError."""
    monkeypatch.setattr(Sow, "to_dict", lambda self: {"format": "tablegames.action", "type": "sow", "pit": 1j})
    with pytest.raises(ConformanceError, match=r"to_dict\(\) is not JSON-ready"):
        check_game(Kalaha(), seeds=range(1))
