"""What a seat of an OpenSpiel game recalls: its information state as a tensor and a string.

The information state tensor of a seat, field by field (`recalled_decisions`
gives ``R``, the number of decisions it holds):

1. the observation tensor (``game.observation_size`` numbers);
2. the observation tensor as it was once the deal in play was dealt
   (``game.observation_size`` numbers; all 0 before the first deal is
   dealt and in a game without deals, Kalaha), which holds the hand as
   it was dealt, slot by slot;
3. one number, 1 if decisions of the game so far are left out of the
   rows below (Kalo's earlier rounds, or decisions beyond ``R``), else 0;
4. ``R`` rows of three numbers, one for each decision recalled, in the
   order they were taken: the deciding seat counted from the viewer (0 the
   viewer, 1 the next seat in turn, ...) plus 1; the action index plus 1 if
   the viewer saw every event of it in full, else 0; and what the viewer
   was shown of it (which card was given away from which slot, or only
   the slot), as 1 + a 24-bit digest of the events as its information
   state string records them (BLAKE2b; two different sights share a
   digest with odds of one in 16 million). All 0 for rows not used yet.

Where ``game.max_decisions`` is at most `RECALL_LIMIT` (Kalaha, Loo) the
rows hold every decision of the game, ``R = max_decisions``. Kalo's bound
on a whole game runs to hundreds of thousands of decisions, so its rows
hold the decisions of the round in play, and ``R`` is the most a round
can take: ``S + N + play_limit x (13 + N)`` for ``S`` cards in play and
``N`` players (arranging, then ``play_limit`` plays, each followed by at
most 12 effect decisions and ``N - 1`` passes), so the option
``play_limit`` sizes it (8,054 rows for 3 players by default). Any other
game past `RECALL_LIMIT` keeps its last `RECALL_LIMIT` decisions. So the
tensor says who played what in which trick or effect, in order: within
one deal (Kalaha; Loo with ``rounds=1``; Kalo's first round) equal tensors
mean equal information state strings and the other way round, for every
seat. Across deals (Loo with more rounds, Kalo's later rounds) the string
still recalls the hands of earlier deals, the tensor only the deal in play's
(and Kalo's rows only the round in play; the scores and the round number are
in the observation).

The information state string is what the seat has seen happen in the game,
one line for each event as shown to it (``event.for_seat(seat)``) and, for
every deal, its view once dealt, then its observation string.

Examples:
    >>> from tablegames.adapters.openspiel import load_game
    >>> game = load_game("loo", players=3, rounds=1)
    >>> size, rows = game.game.observation_size, recalled_decisions(game.game)
    >>> game.information_state_tensor_shape() == [2 * size + 1 + 3 * rows]
    True
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Protocol

from tablegames.core.extras import require

require("numpy", "openspiel")

import numpy as np  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Event, Game, State

__all__ = [
    "RECALL_LIMIT",
    "Observer",
    "as_seen",
    "dealing",
    "recalled_decisions",
    "recalls_decisions",
    "shown_events",
]


class _Moment(Protocol):
    """What the observer reads of an OpenSpiel state's moment (`tablegames.adapters.openspiel`'s state holds one)."""

    @property
    def state(self) -> State: ...
    @property
    def dealt(self) -> tuple[int, ...] | None: ...
    @property
    def recall(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def moves(self) -> tuple[tuple[int, int, tuple[tuple[bool, int], ...]], ...]: ...
    @property
    def deal_start(self) -> int: ...
    @property
    def dealt_views(self) -> tuple[np.ndarray, ...] | None: ...
    def view_of(self, seat: int) -> tuple[str, np.ndarray]: ...


class _Observed(Protocol):
    """An OpenSpiel state as the observer sees it: its moment."""

    @property
    def _now(self) -> _Moment: ...


#: The most decisions a game may have for its information state tensor to recall all of them (three numbers each).
RECALL_LIMIT = 20_000


def recalls_decisions(game: Game[State]) -> bool:
    """Whether the information state tensor of ``game`` recalls every decision (``max_decisions`` <= `RECALL_LIMIT`).

    Examples:
        >>> import tablegames
        >>> recalls_decisions(tablegames.load("loo")), recalls_decisions(tablegames.load("kalo"))
        (True, False)
    """
    return game.max_decisions <= RECALL_LIMIT


def recalled_decisions(game: Game[State]) -> int:
    """The number of decisions (rows) the information state tensor of ``game`` holds.

    ``max_decisions`` if the game `recalls_decisions`; for Kalo the most
    decisions a round can take, ``S + N + play_limit x (13 + N)``; for any
    other game `RECALL_LIMIT`.

    Examples:
        >>> import tablegames
        >>> recalled_decisions(tablegames.load("loo", players=3, rounds=1))
        18
        >>> recalled_decisions(tablegames.load("kalo", players=3))
        8054
        >>> recalled_decisions(tablegames.load("kalo", players=3, play_limit=60))
        1014
    """
    if recalls_decisions(game):
        return game.max_decisions
    if game.name == "kalo":
        layout = game.deal_of(game.start(seed=0))
        assert layout is not None
        players, limit = game.players, int(game.options()["play_limit"])
        return len(layout.cards) + players + limit * (13 + players)
    return RECALL_LIMIT


def shown_events(events: Sequence[Event], seat: int) -> list[str]:
    """The events as ``seat`` is shown them, as its information state string records them."""
    return [str(shown) for event in events if (shown := event.for_seat(seat)) is not None]


def as_seen(game: Game[State], events: Sequence[Event]) -> tuple[tuple[bool, int], ...]:
    """For each seat, whether it saw every one of ``events`` in full, and a digest of the events as it saw them.

    The digest is 1 + the first 3 bytes of the BLAKE2b digest of the events
    as the seat's information state string records them, below 2**24 so
    that float32 holds it exactly.
    """
    seen = []
    for seat in range(game.players):
        digest = hashlib.blake2b("\n".join(shown_events(events, seat)).encode(), digest_size=3).digest()
        full = all(event.for_seat(seat) == event for event in events)
        seen.append((full, 1 + int.from_bytes(digest) % (2**24 - 1)))
    return tuple(seen)


def dealing(now: _Moment, seat: int) -> str:
    """What ``seat`` knows at a chance node: that a deal is being dealt, and the scores (no hand is dealt yet)."""
    return json.dumps({"dealing": True, "scores": list(now.state.scores), "seat": seat})


class Observer:
    """OpenSpiel's observer interface: a seat's view, or everything it has seen, as a tensor and a string.

    Without recall the tensor is the view's observation. With recall it is
    the observation, the observation once the deal in play was dealt, a
    flag saying decisions were left out, and a row for
    each decision recalled (see the module's docstring and `recalled_decisions`).
    At a chance node the observation part is all 0: no hand is dealt yet.
    """

    def __init__(self, game: Game[State], *, recall: bool) -> None:
        self.recall = recall
        self.players = game.players
        self.whole_game = recalls_decisions(game)
        size = game.observation_size
        rows = recalled_decisions(game) if recall else 0
        self.tensor = np.zeros(size + (size + 1 + 3 * rows if recall else 0), np.float32)
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor[:size]}
        if recall:
            self.dict["dealt"] = self.tensor[size : 2 * size]
            self.dict["left_out"] = self.tensor[2 * size : 2 * size + 1]
            self.dict["decisions"] = self.tensor[2 * size + 1 :].reshape(rows, 3)

    def set_from(self, state: _Observed, player: int) -> None:
        """Write ``player``'s observation of ``state`` (and, with recall, the decisions it saw) into `tensor`."""
        now = state._now
        observation = self.dict["observation"]
        if now.dealt is None:
            observation[:] = now.view_of(player)[1]
        else:
            observation[:] = 0
        decisions = self.dict.get("decisions")
        if decisions is None:
            return
        dealt = self.dict["dealt"]
        if now.dealt_views is None:
            dealt[:] = 0
        else:
            dealt[:] = now.dealt_views[player]
        start = 0 if self.whole_game else now.deal_start
        start = max(start, len(now.moves) - len(decisions))
        self.dict["left_out"][0] = 1.0 if start else 0.0
        decisions[:] = 0
        for row, (actor, action, seen) in zip(decisions, now.moves[start:], strict=False):
            row[0] = (actor - player) % self.players + 1
            full, digest = seen[player]
            row[1] = action + 1 if full else 0
            row[2] = digest

    def string_from(self, state: _Observed, player: int) -> str:
        """``player``'s view as JSON, after what it has seen happen if this observer recalls."""
        now = state._now
        view = now.view_of(player)[0] if now.dealt is None else dealing(now, player)
        if not self.recall:
            return view
        return "\n".join((*now.recall[player], view))
