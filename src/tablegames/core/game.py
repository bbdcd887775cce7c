"""`Game`: a game with its options, the frozen value that starts, reads and samples its states.

`Game` stays a class of the interpreter in the compiled build, so that any game, compiled or not, extends it
(see `tablegames.core.compiler`).
"""

from __future__ import annotations

import abc
import json
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from tablegames.core.bots import Bot, BotSpec, bots_of_game
from tablegames.core.compiler import PythonType
from tablegames.core.errors import ConfigError, InvalidStateError, SeatError
from tablegames.core.events import Transition, Turn
from tablegames.core.inputs import brief
from tablegames.core.reasons import Catalogue
from tablegames.core.schemas import open_schemas
from tablegames.core.serial import JSONDict, check_header, header
from tablegames.core.spaces import GameSpaces

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Mapping

    from tablegames.core.actions import Action
    from tablegames.core.views import View

__all__ = ["Game"]


#: The state class of a game: ``Game[KalahaState]`` starts, reads and samples `KalahaState` values
#: (`tablegames.core.state.State` and its subclasses; bound here by what a `Transition` holds, so that this
#: module needs nothing of the state's).
S = TypeVar("S", bound=Turn, covariant=True)
#: A class of bots, as ``game.bot(KalahaSearch)`` asks for one.
B = TypeVar("B", bound=Bot)


class Game(GameSpaces, Generic[S], metaclass=PythonType):
    """A game with its options: a frozen value that starts and reads states.

    ``Game`` is generic in the class of its states: ``Kalaha`` is a
    ``Game[KalahaState]``, so that a type checker knows what ``start``,
    ``from_dict`` and a `Match` of it hold. ``Game[State]`` is a game of any
    kind.

    Subclasses set ``name``, ``min_players`` and ``max_players`` and hold their
    options as attrs fields; a game for a varying number of players has a
    ``players`` field among them, while one for a fixed number needs none.
    They fill in the hooks `start`, `options`, `action_from_dict` and
    `read_state` (and `start_with_events` if the start deals). The action
    space, observations and deals (`tablegames.core.spaces`) are optional.
    """

    __slots__ = ()

    #: The registered name, e.g. ``"kalaha"``.
    name: ClassVar[str]
    #: The fewest seats the game allows.
    min_players: ClassVar[int]
    #: The most seats the game allows.
    max_players: ClassVar[int]
    #: The game's own refusals, each a key, its fields and its English (`tablegames.core.reasons`); the cases
    #: every game shares are in ``tablegames.core.reasons.CORE``. A game of your own may state none.
    reasons: ClassVar[Catalogue] = Catalogue({})

    @property
    def players(self) -> int:
        """The number of seats: ``min_players`` for a game with no ``players`` field (one of a fixed size).

        Raises:
            ConfigError: If the game's number of players varies but it has no ``players`` field.
        """
        if self.min_players != self.max_players:
            raise ConfigError(
                f"{type(self).__name__} is for {self.min_players} to {self.max_players} players, "
                "so it needs a players field"
            )
        return self.min_players

    @abc.abstractmethod
    def start(self, seed: int | None = None) -> S:
        """Return the first state of a new game; the same seed always gives the same game."""

    def start_with_events(self, seed: int | None = None) -> Transition[S]:
        """Like `start`, and also say what happened on the way, as `step` does: in a game of rounds, the first deal.

        The state is the one ``start(seed)`` returns. `Match` begins with these
        events, so that its events hold the first round's deal as they hold the
        later rounds'. By default a start says nothing: a game whose start
        deals overrides this.

        Examples:
            >>> import tablegames
            >>> [event.kind for event in tablegames.load("loo", players=3).start_with_events(seed=1).events]
            ['round_started', 'dealt', 'dealt', 'dealt', 'trump_turned']
            >>> tablegames.load("kalaha").start_with_events().events
            ()
        """
        return Transition(state=self.start(seed), events=())

    @abc.abstractmethod
    def options(self) -> JSONDict:
        """Return the options as keyword arguments that rebuild this game."""

    @abc.abstractmethod
    def action_from_dict(self, data: object) -> Action:
        """Read an action from its dict, validating every field."""

    @abc.abstractmethod
    def read_state(self, data: Mapping[str, Any]) -> S:
        """Hook: build a state from its dict, whose header, game and options `from_dict` has checked.

        Check every other field, raising `InvalidStateError` that says what is
        wrong, before anything becomes a value.
        """

    def to_dict(self) -> JSONDict:
        """Return the game's name and options as a JSON-ready dict."""
        return {**header("game"), "game": self.name, "options": self.options()}

    def json_schemas(self) -> dict[str, JSONDict]:
        """JSON Schemas (2020-12) of this game's state, view, action, event and record dicts, by format.

        Hook: a game states its own fields (`tablegames.core.schemas`); by
        default each schema checks the format's header and game, and takes
        any other field.

        Examples:
            >>> import tablegames
            >>> documents = tablegames.load("kalaha").json_schemas()
            >>> list(documents), documents["state"]["required"][-3:]
            (['state', 'view', 'action', 'event', 'record'], ['pits', 'stores', 'current_player'])
        """
        return open_schemas(self.name)

    def from_dict(self, data: object) -> S:
        """Read a state of this game from ``state.to_dict()`` output.

        Raises:
            InvalidStateError: If the dict is malformed, of another game or
                other options, or describes an impossible state.

        Examples:
            >>> import tablegames
            >>> game = tablegames.load("kalaha")
            >>> state = game.start().apply(game.start().parse_action("b"))
            >>> game.from_dict(state.to_dict()) == state
            True
        """
        checked = check_header(data, "state", InvalidStateError)
        if checked.get("game") != self.name:
            raise InvalidStateError(f"this is a state of {brief(checked.get('game'))}, not of {self.name!r}")
        # The options must be equal as JSON, types included: ``6.0`` is not ``6`` and ``1`` is not ``true``.
        if json.dumps(checked.get("options"), sort_keys=True) != json.dumps(self.options(), sort_keys=True):
            raise InvalidStateError(
                f"the state's options {brief(checked.get('options'), 200)} differ from this game's "
                f"{self.options()!r}; tablegames.state_from_dict loads a state with its own options"
            )
        return self.read_state(checked)

    def bots(self) -> dict[str, Callable[..., Bot]]:
        """The bots this game offers by name, each a `BotSpec` declaring its settings (called, it makes the bot).

        Every game offers ``"random"``; games add their own (see each game's
        ``bots`` module). A game of your own may also map names to plain
        callables; `bot` then passes the settings on unchecked.

        Examples:
            >>> import tablegames
            >>> spec = tablegames.load("kalaha").bots()["search"]
            >>> [setting.name for setting in spec.settings]
            ['depth', 'time_limit', 'side_weight', 'randomize']
        """
        return bots_of_game(self.name, self)

    @overload
    def bot(self, name: str = "random", **settings: Any) -> Bot: ...
    @overload
    def bot(self, name: type[B], **settings: Any) -> B: ...
    def bot(self, name: str | type[Bot] = "random", **settings: Any) -> Bot:
        """Return the bot called ``name`` (or of the class ``name``), made with ``settings``, each checked.

        Named, the bot is a `Bot` to a type checker; asked for by its class
        (``game.bot(KalahaSearch, depth=8)``), it is of that class, with its
        settings checked all the same.

        Raises:
            ConfigError: If the game has no bot of that name or class, or the
                bot has no such setting or not that value of it; the message
                lists the bot's settings with their types, ranges and defaults.

        Examples:
            >>> import tablegames
            >>> from tablegames.kalaha.bots import KalahaSearch
            >>> tablegames.load("kalaha").bot("random")
            RandomBot()
            >>> tablegames.load("kalaha").bot(KalahaSearch, depth=3).depth
            3
            >>> tablegames.load("kalaha").bot("oracle")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            tablegames.core.errors.ConfigError: kalaha has no bot named 'oracle'; its bots: ...
            >>> tablegames.load("kalo").bot("search", iterations="abc")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            tablegames.core.errors.ConfigError: bot 'search' of kalo: iterations must be an integer from 1 to ...
        """
        factories = self.bots()
        if isinstance(name, type):
            named = [key for key, each in factories.items() if isinstance(each, BotSpec) and each.kind is name]
            if not named:
                raise ConfigError(
                    f"{self.name} has no bot of the class {name.__name__}; its bots: {', '.join(factories)}"
                )
            name = named[0]
        if type(name) is not str or name not in factories:
            raise ConfigError(f"{self.name} has no bot named {brief(name, 40)}; its bots: {', '.join(factories)}")
        factory = factories[name]
        if isinstance(factory, BotSpec):
            return factory(**settings)
        try:
            return factory(**settings)
        except TypeError as error:
            raise ConfigError(f"bot {name!r} of {self.name}: {error}") from None

    def sample_state(self, view: View, rng: random.Random) -> S:
        """Return a full state consistent with ``view``: one the seat seeing cannot tell from the real one.

        Everything the view shows is kept, and so ``state.view(view.seat)``
        equals ``view``; the cards the seat cannot see are dealt at random
        (with ``rng``) among the places it cannot see into, as far as the
        public history allows. Search bots use it to look ahead without
        knowing hidden cards. A game where nothing is hidden returns the
        state itself.

        Raises:
            NotImplementedError: If the game does not offer it.
        """
        raise NotImplementedError(f"{self.name} does not offer sample_state")

    def broken_laws(self, state: object) -> tuple[str, ...]:
        """Name the laws that ``state``, a state of this game, breaks (what is conserved, whose turn); none if sound.

        The fuzz and conformance kits check every state they reach; a game of
        your own may override it (by default a game states no law).
        """
        return ()

    def check_seat(self, seat: object) -> int | None:
        """Return ``seat`` if it is a seat of this game or None, else raise `SeatError`.

        Raises:
            SeatError: If ``seat`` is neither None nor one of the game's seats.

        Examples:
            >>> import tablegames
            >>> tablegames.load("kalaha").check_seat(2)
            Traceback (most recent call last):
            ...
            tablegames.core.errors.SeatError: seat must be 0 to 1 or None, got 2
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise SeatError(f"seat must be 0 to {self.players - 1} or None, got {brief(seat)}")
        return seat
