"""A game written outside tablegames (Nim, as a user would write it) passes check_game through the core alone.

This is the example the guide's "Writing your own game" section points to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

import tablegames
from tablegames import Action, Event, Game, InvalidActionError, InvalidStateError, State, View
from tablegames.core.serial import JSONDict, check_header, check_keys, read_int, read_int_list
from tablegames.testing import check_game

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping


@attrs.frozen
class Take(Action):
    """Take ``count`` stones from heap ``heap``; notation ``heap:count``."""

    kind: ClassVar[str] = "take"
    heap: int
    count: int

    def json_fields(self) -> JSONDict:
        return {"heap": self.heap, "count": self.count}

    def __str__(self) -> str:
        return f"{self.heap}:{self.count}"


@attrs.frozen
class Took(Event):
    """``seat`` took ``count`` from ``heap``."""

    kind: ClassVar[str] = "took"
    seat: int
    heap: int
    count: int

    def json_fields(self) -> JSONDict:
        return {"seat": self.seat, "heap": self.heap, "count": self.count}

    def __str__(self) -> str:
        return f"seat {self.seat} takes {self.count} from heap {self.heap}"


@attrs.frozen
class NimView(View):
    """Everything: Nim hides nothing."""

    game_name: ClassVar[str] = "nim"
    heaps: tuple[int, ...]

    def json_fields(self) -> JSONDict:
        return {"heaps": list(self.heaps)}


@attrs.frozen(kw_only=True)
class Nim(Game[State]):
    """Normal-play Nim: whoever takes the last stone wins (scores 1)."""

    name: ClassVar[str] = "nim"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    heaps: tuple[int, ...] = (3, 4, 5)
    players: int = 2

    def options(self) -> JSONDict:
        return {"heaps": list(self.heaps), "players": self.players}

    def start(self, seed: int | None = None) -> NimState:
        return NimState(game=self, heaps=self.heaps, current_player=0, last=None)

    def action_from_dict(self, data: object) -> Take:
        checked = check_header(data, "action", InvalidActionError)
        check_keys(checked, ("type", "heap", "count"), InvalidActionError, "action")
        return Take(
            heap=read_int(checked, "heap", InvalidActionError, "action", minimum=0, maximum=len(self.heaps) - 1),
            count=read_int(checked, "count", InvalidActionError, "action", minimum=1),
        )

    def read_state(self, data: Mapping[str, Any]) -> NimState:
        check_keys(data, ("game", "options", "heaps", "current_player", "last"), InvalidStateError, "state")
        heaps = read_int_list(data, "heaps", InvalidStateError, "state", length=len(self.heaps), minimum=0)
        player, last = data.get("current_player"), data.get("last")
        if (player is None) != (not any(heaps)) or last not in (None, 0, 1):
            raise InvalidStateError("inconsistent Nim state")
        return NimState(game=self, heaps=heaps, current_player=player, last=last)


def _nim(**options: Any) -> Nim:
    if "heaps" in options:
        options["heaps"] = tuple(options["heaps"])
    return Nim(**options)


@attrs.frozen
class NimState(State):
    """Heaps, the seat to move and the seat that moved last."""

    game: Nim
    heaps: tuple[int, ...]
    current_player: int | None
    last: int | None

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(int(self.is_over and seat == self.last) for seat in range(2))

    def legal_actions(self) -> tuple[Take, ...]:
        if self.current_player is None:
            return ()
        return tuple(Take(heap, count) for heap, size in enumerate(self.heaps) for count in range(1, size + 1))

    def advance(self, action: Action, events: list[Event] | None) -> NimState:
        assert isinstance(action, Take)
        assert self.current_player is not None
        heaps = list(self.heaps)
        heaps[action.heap] -= action.count
        if events is not None:
            events.append(Took(seat=self.current_player, heap=action.heap, count=action.count))
        following = None if not any(heaps) else 1 - self.current_player
        return NimState(game=self.game, heaps=tuple(heaps), current_player=following, last=self.current_player)

    def view(self, seat: int | None) -> NimView:
        self.game.check_seat(seat)
        mine = seat is not None and seat == self.current_player
        return NimView(
            seat=seat,
            current_player=self.current_player,
            scores=self.scores,
            winners=self.winners,
            legal_actions=self.legal_actions() if mine else (),
            heaps=self.heaps,
        )

    def parse_action(self, text: str) -> Take:
        heap, _, count = text.partition(":")
        if not (heap.isdigit() and count.isdigit()):
            raise InvalidActionError(f"{text!r} is not heap:count")
        return Take(int(heap), int(count))

    def json_fields(self) -> JSONDict:
        return {"heaps": list(self.heaps), "current_player": self.current_player, "last": self.last}


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    tablegames.register("nim", _nim)
    yield
    tablegames.unregister("nim")


def test_nim_passes_the_conformance_kit() -> None:
    """A third-party game built on the core passes every check of check_game."""
    report = check_game(tablegames.load("nim", heaps=[2, 3]), seeds=range(4))
    assert report.playouts == 4
    assert report.illegal > 0


def test_core_defaults_for_a_third_party_game() -> None:
    """winners, outcome, is_over, step with its game_ended event, and the illegal-action message come from the core."""
    state = Nim(heaps=(1,)).start()
    with pytest.raises(tablegames.IllegalActionError, match=r"0:2 is not a legal action for seat 0; legal: 0:1"):
        state.apply(Take(0, 2))
    step = state.step(Take(0, 1))
    assert [str(event) for event in step.events] == ["seat 0 takes 1 from heap 0", "the game ends 1–0; seat 0 wins"]
    assert step.state.is_over
    assert step.state.winners == frozenset({0})
    assert step.state.outcome == tablegames.Outcome(scores=(1, 0), winners=frozenset({0}))
