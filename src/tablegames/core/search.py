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
import random
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from tablegames.core.bots import Bot, RandomBot, Setting
from tablegames.core.errors import ConfigError
from tablegames.core.inputs import brief

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from tablegames.core.protocol import Action, Game, State, View

__all__ = ["EXPLORATION", "ITERATIONS", "MARGIN", "PAIRED", "ISMCTSBot", "win_share"]

#: The settings of `ISMCTSBot` that take plain values, as the games' ``search`` bots declare them.
ITERATIONS = Setting("iterations", "integer", 200, "deals searched per decision", minimum=1, maximum=1_000_000)
EXPLORATION = Setting("exploration", "number", 0.7, "the UCB exploration constant", minimum=0, maximum=100)
PAIRED = Setting("paired", "bool", False, "play every deal with every legal decision")
MARGIN = Setting(
    "margin", "number", 2.0, "standard errors another decision must beat the anchor's by", minimum=0, infinite=True
)


def win_share(start: State, end: State, seat: int) -> float:
    """The default reward: the seat's share of the win once the game is over (0.5 if it is not)."""
    del start
    if not end.is_over:
        return 0.5
    winners = end.winners
    return 1 / len(winners) if seat in winners else 0.0


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

    Two refinements make it a stronger player of games where the deal decides
    much of a playout's score:

    - ``paired``: every deal is played with every legal action at the root,
      each played on by the rollout bot with the same random numbers, so the
      actions are compared deal by deal and the luck of the deal cancels out
      of their differences. The tree is then the root alone (flat Monte
      Carlo over the information set): below it every seat plays as the
      rollout bot would, a better model of the other players than choices
      resting on a handful of visits. An iteration costs one playout per
      legal action.
    - ``anchor``: a bot whose choice the search keeps unless another action's
      mean reward beats it by more than ``margin`` standard errors of the
      difference (paired differences when ``paired``). The search then
      corrects the anchor where its playouts clearly say so, instead of
      replacing it with a choice resting on a few noisy playouts.

    Attributes:
        game: The game (its ``sample_state`` deals what the seat cannot see).
        iterations: Deals searched per decision (1 to 1,000,000).
        exploration: The UCB exploration constant (0 to 100).
        rollout: The bot that plays on from a new node (default: random).
        horizon: ``horizon(start, state)`` is True where a playout stops (default: the game's end).
        reward: ``reward(start, end, seat)`` scores a playout for a seat (default: `win_share`).
        paired: Play every deal with every legal root action (see above).
        anchor: A bot whose choice stands unless clearly beaten (default: none).
        margin: How many standard errors another action must beat ``anchor``'s by (at least 0, or inf).

    The choice is the most visited action; with ``paired`` (equal visits) the
    one with the best mean reward; with an ``anchor``, the anchor's unless
    beaten as above.
    """

    name: ClassVar[str] = "search"

    game: Game[State]
    iterations: int = attrs.field(default=200, validator=ITERATIONS.validator)
    exploration: float = attrs.field(default=0.7, validator=EXPLORATION.validator)
    rollout: Bot | None = None
    horizon: Callable[[State, State], bool] | None = None
    reward: Callable[[State, State, int], float] | None = None
    paired: bool = attrs.field(default=False, validator=PAIRED.validator)
    anchor: Bot | None = None
    margin: float = attrs.field(default=2.0, validator=MARGIN.validator)

    @classmethod
    def with_settings(cls, game: Game[State], settings: Mapping[str, Any]) -> Self:
        """Make the bot for ``game`` with ``settings``, each one of its attributes but ``game``.

        A game's ``search_bot`` makes its search this way, so that a setting
        misspelt there is refused like one given to ``game.bot("search")``.

        Raises:
            ConfigError: Naming a setting the bot does not take and listing those it does, or a bad value.

        Examples:
            >>> import tablegames
            >>> game = tablegames.load("kalaha", pits=3)
            >>> ISMCTSBot.with_settings(game, {"iterations": 5}).iterations
            5
            >>> ISMCTSBot.with_settings(game, {"depth": 5})
            Traceback (most recent call last):
            ...
            tablegames.core.errors.ConfigError: bot 'search' of kalaha has no setting 'depth'; its settings: ...
        """
        names = [field.name for field in attrs.fields(cls) if field.name != "game"]
        for key in settings:
            if key not in names:
                raise ConfigError(
                    f"bot {cls.name!r} of {game.name} has no setting {brief(key, 40)}; its settings: {', '.join(names)}"
                )
        return cls(game, **settings)

    def choose(self, view: View, rng: random.Random) -> Action:
        """Search ``iterations`` deals consistent with ``view`` and return the choice (see the class)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        assert seat is not None
        anchored = None if self.anchor is None else self.anchor.choose(view, rng)
        root = _Node(mover=None)
        rewards: dict[Action, list[float]] = {action: [] for action in legal}
        for _ in range(self.iterations):
            start = self.game.sample_state(view, rng)
            if self.paired:
                seed = rng.getrandbits(64)
                for action in legal:
                    rewards[action].append(self._iterate(root, start, seat, random.Random(seed), action)[1])
            else:
                action, reward = self._iterate(root, start, seat, rng)
                rewards[action].append(reward)
        tried = [action for action in legal if rewards[action]]
        best = max(tried, key=lambda action: _mean(rewards[action]))
        if anchored is not None:
            return best if best != anchored and self._clearly_better(rewards[best], rewards[anchored]) else anchored
        return best if self.paired else max(tried, key=lambda action: len(rewards[action]))

    def _clearly_better(self, better: list[float], kept: list[float]) -> bool:
        """Whether ``better`` beats ``kept`` by more than ``margin`` standard errors (paired when ``paired``)."""
        if len(better) < 2 or len(kept) < 2:
            return False
        if self.paired:
            differences = [b - k for b, k in zip(better, kept, strict=True)]
            return _mean(differences) > self.margin * math.sqrt(_variance(differences) / len(differences))
        error = math.sqrt(_variance(better) / len(better) + _variance(kept) / len(kept))
        return _mean(better) - _mean(kept) > self.margin * error

    def _iterate(
        self, root: _Node, start: State, seat: int, rng: random.Random, first: Action | None = None
    ) -> tuple[Action, float]:
        """One playout from ``start`` (through ``first`` if given); return the root action taken and its reward."""
        state, node, path = start, root, [root]
        taken: Action | None = None
        while not _stopped(start, state, self.horizon):
            actions = state.legal_actions()
            for each in actions:
                child = node.children.get(each)
                if child is not None:
                    child.available += 1
            untried = [each for each in actions if each not in node.children]
            if first is not None:
                action, first = first, None
            elif untried:
                action = untried[int(rng.random() * len(untried))]
            else:
                action = max(actions, key=lambda each: self._ucb(node.children[each]))
            taken = action if taken is None else taken
            mover = state.current_player
            state = state.apply(action)
            child = node.children.get(action)
            if child is None or self.paired:
                path.append(node.children.setdefault(action, _Node(mover=mover, available=1)))
                break
            node = child
            path.append(node)
        state = _play_out(start, state, self.rollout or RandomBot(), self.horizon, rng)
        score = self.reward or win_share
        rewards: dict[int, float] = {}
        for node in path[1:]:
            node.visits += 1
            if node.mover is not None:
                if node.mover not in rewards:
                    rewards[node.mover] = score(start, state, node.mover)
                node.total += rewards[node.mover]
        assert taken is not None
        return taken, rewards[seat] if seat in rewards else score(start, state, seat)

    def _ucb(self, node: _Node) -> float:
        if node.visits == 0:
            return math.inf
        return node.total / node.visits + self.exploration * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _variance(values: list[float]) -> float:
    mean = _mean(values)
    return sum((value - mean) ** 2 for value in values) / (len(values) - 1)


def _play_out(
    start: State, state: State, rollout: Bot, horizon: Callable[[State, State], bool] | None, rng: random.Random
) -> State:
    """Play ``state`` on with ``rollout`` at every seat until the game ends or ``horizon(start, state)``."""
    while not _stopped(start, state, horizon):
        forced = state.legal_actions()
        state = state.apply(forced[0] if len(forced) == 1 else rollout.choose_from_state(state, rng))
    return state


def _stopped(start: State, state: State, horizon: Callable[[State, State], bool] | None) -> bool:
    """Whether a playout from ``start`` stops at ``state``: the game is over, or the horizon is reached."""
    return state.is_over or (horizon is not None and horizon(start, state))
