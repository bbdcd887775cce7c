"""Bots: players that choose from what one seat may know.

A bot is given a seat's `View` and an explicit `random.Random`, and returns
one of ``view.legal_actions``. It never sees the full state: a bot that wants
to look ahead in a game of hidden cards asks the game for a state consistent
with its view, ``game.sample_state(view, rng)``, which deals the cards it
cannot see at random (in Kalaha, where nothing is hidden, that is the state
itself). The same view and the same RNG state always give the same choice.

Every game offers its bots by name through ``game.bot(name)``: ``"random"``
for every game, and the game's own, such as ``"heuristic"`` and ``"search"``.

Examples:
    >>> import random, tablegames
    >>> game = tablegames.load("kalaha")
    >>> state = game.start(seed=1)
    >>> bot = game.bot("random")
    >>> action = bot.choose(state.view(state.current_player), random.Random(5))
    >>> action in state.legal_actions()
    True
    >>> play_bots(game, [bot, bot], seed=1).is_over
    True
"""

from __future__ import annotations

import abc
import random
from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.errors import ConfigError, IllegalActionError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Action, Game, State, View

__all__ = ["Bot", "RandomBot", "choose_for", "play_bots"]


class Bot(abc.ABC):
    """A player that chooses an action from a seat's view.

    Subclasses are attrs values holding their settings (and the game, if
    they need its options or ``game.sample_state``), and implement `choose`.
    """

    __slots__ = ()

    #: The name the bot goes by in ``game.bot(name)`` and in the arena.
    name: ClassVar[str]

    @abc.abstractmethod
    def choose(self, view: View, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions``; the same view and RNG state give the same action."""


@attrs.frozen
class RandomBot(Bot):
    """Chooses uniformly among the legal actions.

    Examples:
        >>> import random, tablegames
        >>> view = tablegames.load("kalaha").start().view(0)
        >>> str(RandomBot().choose(view, random.Random(0)))
        'd'
    """

    name: ClassVar[str] = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return a legal action drawn with ``rng``."""
        return rng.choice(view.legal_actions)


def choose_for(bot: Bot, state: State, rng: random.Random) -> Action:
    """Ask ``bot`` for the decision of ``state.current_player``, giving it only that seat's view.

    Raises:
        IllegalActionError: If the bot returns an action that is not legal.
    """
    seat = state.current_player
    if seat is None:
        raise IllegalActionError("the game is over: no seat is to act")
    action = bot.choose(state.view(seat), rng)
    if not state.is_legal(action):
        raise IllegalActionError(
            f"bot {bot.name!r} chose {action}, which is not legal for seat {seat}",
            action=action,
            legal=state.legal_actions(),
        )
    return action


def play_bots(game: Game, bots: Sequence[Bot], *, seed: int, rng: random.Random | None = None) -> State:
    """Play one game from ``game.start(seed)`` with ``bots[seat]`` at each seat; return the final state.

    Args:
        game: The game.
        bots: One bot per seat.
        seed: The game's seed.
        rng: The bots' random source (default: one seeded from ``seed``).

    Raises:
        ConfigError: If there is not one bot per seat.
    """
    if len(bots) != game.players:
        raise ConfigError(f"{game.name} with {game.players} players needs {game.players} bots, got {len(bots)}")
    rng = rng if rng is not None else random.Random(f"bots/{seed}")
    state = game.start(seed=seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.apply(choose_for(bots[seat], state, rng))
    return state
