"""Information-set Monte Carlo tree search: a search bot for games with hidden cards.

`ISMCTSBot` is single-observer ISMCTS: every iteration deals the cards its
seat cannot see afresh with ``game.sample_state(view, rng)``, walks one tree
of decisions shared by all those deals (a child counts as available only
when its action is legal in the deal at hand), adds one node, plays on with
a rollout bot to a horizon, and scores the end for each seat that moved on
the way. The most visited legal action at the root is the choice. It sees
nothing but the view: the deals are guesses consistent with it.

Examples:
    >>> import random, tablegames
    >>> game = tablegames.load("kalaha", pits=3, seeds=2)
    >>> bot = ISMCTSBot(game, iterations=50)
    >>> state = game.start()
    >>> bot.choose(state.view(0), random.Random(1)) in state.legal_actions()
    True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.bots import Bot, RandomBot
from tablegames.core.errors import ConfigError

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from tablegames.core.protocol import Action, Game, State, View

__all__ = ["ISMCTSBot", "win_share"]


def win_share(start: State, end: State, seat: int) -> float:
    """The default reward: the seat's share of the win once the game is over (0.5 if it is not)."""
    del start
    if not end.is_over:
        return 0.5
    winners = end.winners
    return 1 / len(winners) if seat in winners else 0.0


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(f"{attribute.name} must be an integer of at least 1, got {value!r}")


@attrs.define(eq=False, slots=True)
class _Node:
    """A node of the tree: reached by an action of ``mover``, with its visits, reward and availability."""

    mover: int | None
    children: dict[Action, _Node] = attrs.field(factory=dict)
    visits: int = 0
    total: float = 0.0
    available: int = 0


@attrs.frozen
class ISMCTSBot(Bot):
    """Single-observer information-set MCTS over ``game.sample_state``.

    Attributes:
        game: The game (its ``sample_state`` deals what the seat cannot see).
        iterations: Deals searched per decision.
        exploration: The UCB exploration constant.
        rollout: The bot that plays on from a new node (default: random).
        horizon: ``horizon(start, state)`` is True where a playout stops (default: the game's end).
        reward: ``reward(start, end, seat)`` scores a playout for a seat (default: `win_share`).
    """

    name: ClassVar[str] = "search"

    game: Game
    iterations: int = attrs.field(default=200, validator=_positive)
    exploration: float = 0.7
    rollout: Bot | None = None
    horizon: Callable[[State, State], bool] | None = None
    reward: Callable[[State, State, int], float] | None = None

    def choose(self, view: View, rng: random.Random) -> Action:
        """Search ``iterations`` deals consistent with ``view`` and return the most visited legal action."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = _Node(mover=None)
        for _ in range(self.iterations):
            self._iterate(root, self.game.sample_state(view, rng), rng)
        visits = {action: root.children[action].visits for action in legal if action in root.children}
        return max(legal, key=lambda action: visits.get(action, -1))

    def _done(self, start: State, state: State) -> bool:
        return state.is_over or (self.horizon is not None and self.horizon(start, state))

    def _iterate(self, root: _Node, start: State, rng: random.Random) -> None:
        state, node, path = start, root, [root]
        while not self._done(start, state):
            actions = state.legal_actions()
            for action in actions:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [action for action in actions if action not in node.children]
            mover = state.current_player
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = node.children[action] = _Node(mover=mover, available=1)
                state = state.apply(action)
                path.append(child)
                break
            action = max(actions, key=lambda each: self._ucb(node.children[each]))
            node = node.children[action]
            state = state.apply(action)
            path.append(node)
        rollout = self.rollout or RandomBot()
        while not self._done(start, state):
            seat = state.current_player
            assert seat is not None
            state = state.apply(rollout.choose(state.view(seat), rng))
        score = self.reward or win_share
        rewards: dict[int, float] = {}
        for node in path[1:]:
            node.visits += 1
            if node.mover is not None:
                if node.mover not in rewards:
                    rewards[node.mover] = score(start, state, node.mover)
                node.total += rewards[node.mover]

    def _ucb(self, node: _Node) -> float:
        if node.visits == 0:
            return math.inf
        return node.total / node.visits + self.exploration * math.sqrt(math.log(max(node.available, 1)) / node.visits)
