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
4. one number for the deals before the deal in play: 0 in the first deal
   (and in a game without deals), else 1 + a 24-bit digest of the seat's
   information state string as it stood before the deal in play was
   dealt (`recalled_before`): the hands it was dealt and everything it saw
   happen in the earlier rounds;
5. ``R`` rows of three numbers, one for each decision recalled, in the
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
can take, ``game.max_round_decisions``: ``S + N + play_limit x (13 + N)``
for ``S`` cards in play and ``N`` players (arranging, then ``play_limit``
plays, each followed by at most 12 effect decisions and ``N - 1``
passes), so the option ``play_limit`` sizes it (8,054 rows for 3 players
by default). A Loo game of so many rounds that it passes `RECALL_LIMIT`
recalls its round in play the same way. A game without rounds past
`RECALL_LIMIT` keeps its last `RECALL_LIMIT` decisions. So the tensor
says who played what in which trick or effect, in order, in the deal in
play, and the digest of field 4 tells apart what a seat saw in earlier
deals (the scores and the round number, which are in the observation,
carry their consequences as numbers a learner can use). So in
every game, in every round, equal tensors mean equal information state
strings and the other way round, for every seat (two different pasts
share a digest with odds of one in 16 million), as long as no decision of
the deal in play is left out: Kalaha past `RECALL_LIMIT` decisions is the
only case, and there field 3 says so.

The information state string is what the seat has seen happen in the game,
one line for each event as shown to it (``event.for_seat(seat)``) and, for
every deal, its view once dealt, then its observation string.

Examples:
    >>> from tablegames.adapters.openspiel import load_game
    >>> game = load_game("loo", players=3, rounds=1)
    >>> size, rows = game.game.observation_size, recalled_decisions(game.game)
    >>> game.information_state_tensor_shape() == [2 * size + 2 + 3 * rows]
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
    "recalled_before",
    "recalled_decisions",
    "recalls_decisions",
    "shown_events",
    "until_the_deal",
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
    @property
    def before(self) -> tuple[int, ...]: ...
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

    ``max_decisions`` if the game `recalls_decisions`; otherwise, in a game
    played in rounds, the most decisions a round can take
    (``max_round_decisions``: for Kalo ``S + N + play_limit x (13 + N)``);
    in a game without rounds, `RECALL_LIMIT`.

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
    in_a_round = game.max_round_decisions
    return RECALL_LIMIT if in_a_round is None else in_a_round


def until_the_deal(events: Sequence[Event], deal_kinds: frozenset[str]) -> tuple[Event, ...]:
    """The events of a decision that ends a round, up to the next deal's first (whose kinds are ``deal_kinds``).

    Examples:
        >>> import tablegames
        >>> start = tablegames.load("loo", players=3).start_with_events(seed=0)
        >>> until_the_deal(start.events, frozenset({"round_started"}))
        ()
    """
    for index, event in enumerate(events):
        if event.kind in deal_kinds:
            return tuple(events[:index])
    return tuple(events)


def shown_events(events: Sequence[Event], seat: int) -> list[str]:
    """The events as ``seat`` is shown them, as its information state string records them."""
    return [str(shown) for event in events if (shown := event.for_seat(seat)) is not None]


def _digest(lines: Sequence[str]) -> int:
    """1 + the first 3 bytes of the BLAKE2b digest of ``lines`` joined by newlines, below 2**24 (float32 holds it)."""
    digest = hashlib.blake2b("\n".join(lines).encode(), digest_size=3).digest()
    return 1 + int.from_bytes(digest) % (2**24 - 1)


def recalled_before(lines: Sequence[str]) -> int:
    """What a seat had seen before a deal, as one number: 0 if nothing (the first deal), else a digest of it.

    ``lines`` are the seat's information state string's lines before the
    deal's view: its earlier hands and every event it was shown.

    Examples:
        >>> recalled_before(())
        0
        >>> recalled_before(["seat 0 drops"]) == recalled_before(["seat 0 drops"]) != recalled_before(["seat 1 drops"])
        True
    """
    return _digest(lines) if lines else 0


def as_seen(game: Game[State], events: Sequence[Event]) -> tuple[tuple[bool, int], ...]:
    """For each seat, whether it saw every one of ``events`` in full, and a digest of the events as it saw them.

    The digest is 1 + the first 3 bytes of the BLAKE2b digest of the events
    as the seat's information state string records them, below 2**24 so
    that float32 holds it exactly.
    """
    seen = []
    for seat in range(game.players):
        full = all(event.for_seat(seat) == event for event in events)
        seen.append((full, _digest(shown_events(events, seat))))
    return tuple(seen)


def dealing(now: _Moment, seat: int) -> str:
    """What ``seat`` knows at a chance node: that a deal is being dealt, and the scores (no hand is dealt yet)."""
    return json.dumps({"dealing": True, "scores": list(now.state.scores), "seat": seat})


class Observer:
    """OpenSpiel's observer interface: a seat's view, or everything it has seen, as a tensor and a string.

    Without recall the tensor is the view's observation. With recall it is
    the observation, the observation once the deal in play was dealt, a
    flag saying decisions were left out, a digest of what the seat saw
    before the deal in play, and a row for each decision recalled (see the module's docstring and `recalled_decisions`).
    At a chance node the observation part is all 0: no hand is dealt yet.
    """

    def __init__(self, game: Game[State], *, recall: bool) -> None:
        self.recall = recall
        self.players = game.players
        self.whole_game = recalls_decisions(game)
        size = game.observation_size
        rows = recalled_decisions(game) if recall else 0
        self.tensor = np.zeros(size + (size + 2 + 3 * rows if recall else 0), np.float32)
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor[:size]}
        if recall:
            self.dict["dealt"] = self.tensor[size : 2 * size]
            self.dict["left_out"] = self.tensor[2 * size : 2 * size + 1]
            self.dict["before"] = self.tensor[2 * size + 1 : 2 * size + 2]
            self.dict["decisions"] = self.tensor[2 * size + 2 :].reshape(rows, 3)

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
        self.dict["before"][0] = now.before[player]
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
