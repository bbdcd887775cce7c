"""Bots: players that choose from what one seat may know.

A bot is given a seat's `View` and an explicit `random.Random`, and returns
one of ``view.legal_actions``. It never sees the full state: a bot that wants
to look ahead in a game of hidden cards asks the game for a state consistent
with its view, ``game.sample_state(view, rng)``, which deals the cards it
cannot see at random (in Kalaha, where nothing is hidden, that is the state
itself). The same view and the same RNG state always give the same choice.

Every game offers its bots by name through ``game.bot(name)``: ``"random"``
for every game, and the game's own, such as ``"heuristic"`` and ``"search"``.
Each is declared as a `BotSpec`: its name, what it does, and the settings it
takes, each a `Setting` with its type, range and default. ``game.bot(name,
**settings)`` checks the settings against that declaration before it makes
the bot, so every frontend (the terminal, a server, the arena) refuses a bad
setting with the same `ConfigError`, which lists the bot's settings.

Examples:
    >>> import random, tablegames
    >>> game = tablegames.load("kalaha")
    >>> state = game.start(seed=1)
    >>> bot = game.bot("random")
    >>> action = bot.choose(state.view(state.current_player), random.Random(5))
    >>> action in state.legal_actions()
    True
    >>> game.bot("search", iterations=100)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.ConfigError: bot 'search' of kalaha has no setting 'iterations'; its settings: depth (...
"""

from __future__ import annotations

import abc
import functools
import json
import math
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

import attrs

from tablegames.core.errors import ConfigError, IllegalActionError
from tablegames.core.events import Turn
from tablegames.core.inputs import brief

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable, Mapping

    from tablegames.core.actions import Action
    from tablegames.core.views import View

__all__ = [
    "Bot",
    "BotSpec",
    "Position",
    "RandomBot",
    "Setting",
    "bots_of_game",
    "check_settings_for",
    "choose_for",
    "game_validator",
    "random_spec",
    "register_bots",
    "unregister_bots",
]

#: The kinds of value a setting takes: JSON values, as a command line, a server or a file give them.
SettingKind = Literal["integer", "number", "bool"]


class Position(Turn, Protocol):
    """What a bot may be asked to decide from besides a view: a game's state (any game's `State` is one)."""

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know."""

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` may be taken now."""

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to decide may take."""


class Bot(abc.ABC):
    """A player that chooses an action from a seat's view.

    Subclasses are attrs values holding their settings (and the game, if
    they need its options or ``game.sample_state``), and implement `choose`.
    """

    __slots__ = ()

    #: The name the bot goes by in ``game.bot(name)`` and in the arena.
    name: ClassVar[str]
    #: Whether the bot decides in no time worth moving elsewhere (it looks at nothing but the legal
    #: actions): a server then decides for it where it is, instead of in a worker.
    instant: ClassVar[bool] = False

    @abc.abstractmethod
    def choose(self, view: View, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions``; the same view and RNG state give the same action."""

    def choose_from_state(self, state: Position, rng: random.Random) -> Action:
        """Return what `choose` returns from the view of ``state``'s mover, drawing the same numbers from ``rng``.

        For simulations that hold the states they play, such as a search's
        playouts over sampled deals: a bot may read ``state`` directly here to
        skip building the view, as long as it decides from nothing the view
        would not show. This one builds the view.

        Examples:
            >>> import random, tablegames
            >>> state = tablegames.load("kalaha").start()
            >>> bot = RandomBot()
            >>> bot.choose_from_state(state, random.Random(0)) == bot.choose(state.view(0), random.Random(0))
            True
        """
        return self.choose(state.view(state.current_player), rng)


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
    instant: ClassVar[bool] = True

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return a legal action drawn with ``rng``."""
        return rng.choice(view.legal_actions)


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) or not value.is_integer() else f"{int(value):,}"


@attrs.frozen
class Setting:
    """One setting a bot takes: the values it allows, its default, and what it does.

    Values are checked as JSON values: an integer is an ``int`` (not a bool,
    not ``6.0``), a number an ``int`` or a ``float`` (finite unless
    ``infinite``), a bool ``True`` or ``False``.

    Attributes:
        name: The keyword, e.g. ``"depth"``.
        kind: ``"integer"``, ``"number"`` or ``"bool"``.
        default: The value the bot takes without it.
        help: What it does, in a few words.
        minimum: The least value allowed (numbers), if any.
        maximum: The greatest value allowed (numbers), if any.
        above: True when ``minimum`` itself is not allowed (values above it are).
        nullable: True when ``None`` is allowed too.
        infinite: True when ``math.inf`` is allowed too.

    Examples:
        >>> depth = Setting("depth", "integer", 8, "moves searched", minimum=1, maximum=1000)
        >>> str(depth)
        'depth (an integer from 1 to 1,000; default 8): moves searched'
        >>> depth.check(2.0)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: depth must be an integer from 1 to 1,000, got 2.0
    """

    name: str
    kind: SettingKind
    default: int | float | bool | None
    help: str
    minimum: float | None = None
    maximum: float | None = None
    above: bool = False
    nullable: bool = False
    infinite: bool = False

    @property
    def allowed(self) -> str:
        """The values allowed, in words: ``an integer from 1 to 1,000``, ``true or false``."""
        if self.kind == "bool":
            words = "true or false"
        else:
            words = "an integer" if self.kind == "integer" else "a number"
            low, high = self.minimum, self.maximum
            if low is not None and high is not None and not self.above:
                words += f" from {_number(low)} to {_number(high)}"
            else:
                if low is not None:
                    words += f" above {_number(low)}" if self.above else f" of at least {_number(low)}"
                if high is not None:
                    words += f"{' and' if low is not None else ''} at most {_number(high)}"
                if low is None and high is None and self.kind == "number" and not self.infinite:
                    words = "a finite number"
            if self.infinite:
                words += ", or inf"
        return words + (", or null" if self.nullable else "")

    def check(self, value: object) -> Any:
        """Return ``value`` if the setting allows it.

        Raises:
            ConfigError: Naming the setting, what it allows and the value given.
        """
        if value is None and self.nullable:
            return value
        kind = type(value)
        if self.kind == "bool":
            good = kind is bool
        elif self.kind == "integer":
            good = kind is int
        else:
            good = kind in (int, float) and (math.isfinite(value) or (self.infinite and value == math.inf))  # type: ignore[arg-type]
        if good and self.kind != "bool":
            number: float = value  # type: ignore[assignment]
            low, high = self.minimum, self.maximum
            good = (low is None or number > low or (number == low and not self.above)) and (
                high is None or number <= high or (self.infinite and number == math.inf)
            )
        if not good:
            raise ConfigError(f"{self.name} must be {self.allowed}, got {brief(value)}")
        return value

    def validator(self, _: Any, __: Any, value: Any) -> None:
        """An attrs validator: the field holding this setting is checked as `check` does."""
        self.check(value)

    def with_default(self, default: int | float | bool | None) -> Setting:
        """The same setting with another default (the same search, tuned otherwise for another game).

        Raises:
            ConfigError: If ``default`` is not a value the setting allows.
        """
        return attrs.evolve(self, default=self.check(default))

    def __str__(self) -> str:
        default = "inf" if self.default == math.inf else json.dumps(self.default)
        return f"{self.name} ({self.allowed}; default {default}): {self.help}"


@attrs.frozen
class BotSpec:
    """A bot a game offers: its name, what it does, the settings it takes, and how it is made.

    ``game.bots()`` maps names to specs; ``game.bot(name, **settings)`` (or
    calling the spec) checks the settings against `settings` and then makes
    the bot with them.

    Attributes:
        name: The name, as in ``game.bot(name)``.
        help: What the bot does, in a line.
        make: Called with the checked settings as keywords; returns the bot.
        settings: Every setting it takes.
        game: The name of the game offering it, for messages.
        makes: The class of the bots it makes, for ``game.bot(BotClass)``;
            None (the default) reads it from ``make`` when that is a class or
            a `functools.partial` of one (see `kind`).

    Examples:
        >>> spec = random_spec("kalaha")
        >>> spec(), spec.listing()
        (RandomBot(), 'it takes no settings')
        >>> spec(depth=3)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: bot 'random' of kalaha has no setting 'depth'; it takes no settings
    """

    name: str
    help: str
    make: Callable[..., Bot] = attrs.field(repr=False)
    settings: tuple[Setting, ...] = ()
    game: str = ""
    makes: type[Bot] | None = None

    @property
    def kind(self) -> type[Bot] | None:
        """The class of the bots it makes: `makes`, or ``make`` itself (or what it is a partial of) if a class.

        Examples:
            >>> random_spec("kalaha").kind
            <class 'tablegames.core.bots.RandomBot'>
        """
        if self.makes is not None:
            return self.makes
        made = self.make.func if isinstance(self.make, functools.partial) else self.make
        return made if isinstance(made, type) and issubclass(made, Bot) else None

    def listing(self) -> str:
        """Every setting with what it allows and its default, in one line, for messages."""
        if not self.settings:
            return "it takes no settings"
        return "its settings: " + ", ".join(str(setting).partition(":")[0] for setting in self.settings)

    def check(self, settings: Mapping[str, object]) -> dict[str, Any]:
        """Return ``settings`` if this bot takes every one of them with its value.

        Raises:
            ConfigError: Naming the first setting it does not take, or the bad value, and listing its settings.
        """
        known = {setting.name: setting for setting in self.settings}
        whose = f"bot {self.name!r}" + (f" of {self.game}" if self.game else "")
        for key, value in settings.items():
            setting = known.get(key)
            if setting is None:
                raise ConfigError(f"{whose} has no setting {brief(key, 40)}; {self.listing()}")
            try:
                setting.check(value)
            except ConfigError as error:
                raise ConfigError(f"{whose}: {error}; {self.listing()}") from None
        return dict(settings)

    def __call__(self, **settings: Any) -> Bot:
        """Make the bot with ``settings``, checked first.

        Raises:
            ConfigError: If a setting is unknown or its value is not allowed.
        """
        return self.make(**self.check(settings))


def game_validator(kind: type, title: str) -> Callable[[Any, Any, Any], None]:
    """An attrs validator for a bot's game: one of ``kind`` (a game's options class), called ``title`` if not.

    Examples:
        >>> import attrs, tablegames
        >>> from tablegames.kalaha.options import KalahaOptions
        >>> @attrs.frozen
        ... class Greedy:
        ...     game: object = attrs.field(validator=game_validator(KalahaOptions, "Kalaha"))
        >>> Greedy(tablegames.load("loo", players=3))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: game must be a Kalaha game, got Loo(players=3, ...
    """

    def check(_: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, kind):
            raise ConfigError(f"{attribute.name} must be a {title} game, got {brief(value)}")

    return check


def random_spec(game: str) -> BotSpec:
    """The ``random`` bot every game offers, as a `BotSpec` of the game named ``game``."""
    return BotSpec("random", "any legal decision, drawn at random", RandomBot, game=game)


#: What offers each game's bots beside ``random``: for each game's name, what `register_bots` registered, in order.
_GAME_BOTS: dict[str, list[Callable[[Any], Mapping[str, Callable[..., Bot]]]]] = {}


def _named(bots: object) -> str:
    """A registration in messages: its function's name, such as ``kalaha_bots``."""
    return str(getattr(bots, "__qualname__", None) or brief(bots))


def register_bots(game: str, bots: Callable[[Any], Mapping[str, Callable[..., Bot]]]) -> None:
    """Offer ``bots(g)`` as bots of every game ``g`` named ``game``, beside ``random`` and those registered before.

    A game's ``bots`` module calls this when it is imported, and the game's
    package imports that module: the game itself never imports its bots. A
    program adds bots to any game the same way, a built-in game included;
    `unregister_bots` takes them back. A name offered twice is refused when
    the game's bots are listed.

    Raises:
        ConfigError: If ``bots`` is already registered for ``game``.

    Examples:
        >>> def lazy(game):
        ...     return {"lazy": random_spec("nim-example")}
        >>> register_bots("nim-example", lazy)
        >>> sorted(bots_of_game("nim-example", None))
        ['lazy', 'random']
        >>> unregister_bots("nim-example", lazy)
        >>> sorted(bots_of_game("nim-example", None))
        ['random']
    """
    registered = _GAME_BOTS.setdefault(game, [])
    if bots in registered:
        raise ConfigError(f"{_named(bots)} already offers bots of {game!r}")
    registered.append(bots)


def unregister_bots(game: str, bots: Callable[[Any], Mapping[str, Callable[..., Bot]]]) -> None:
    """Take back the bots that ``register_bots(game, bots)`` offered.

    Raises:
        ConfigError: If ``bots`` is not registered for ``game``.
    """
    registered = _GAME_BOTS.get(game, [])
    if bots not in registered:
        raise ConfigError(f"{_named(bots)} offers no bots of {game!r}")
    registered.remove(bots)


def bots_of_game(name: str, game: Any) -> dict[str, Callable[..., Bot]]:
    """The bots of ``game`` (named ``name``): ``random``, then those registered for it, in the order registered.

    Raises:
        ConfigError: If two registrations offer a bot of the same name (``random`` included).
    """
    offered: dict[str, Callable[..., Bot]] = {"random": random_spec(name)}
    for bots in _GAME_BOTS.get(name, ()):
        for bot, spec in bots(game).items():
            if bot in offered:
                raise ConfigError(f"two bots of {name} are named {bot!r}: register a bot under a name of its own")
            offered[bot] = spec
    return offered


def check_settings_for(names: Iterable[str], settings: Mapping[str, object]) -> None:
    """Refuse settings for a bot that does not play: every key of ``settings`` must be one of ``names``.

    Raises:
        ConfigError: Naming the bot whose settings would go unused, and the bots that do play.

    Examples:
        >>> check_settings_for(["random"], {"search": {"iterations": 20}})
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: settings for bot 'search', which does not play here; the bots playing: ...
    """
    playing = list(dict.fromkeys(names))
    for name in settings:
        if name not in playing:
            raise ConfigError(
                f"settings for bot {brief(name, 40)}, which does not play here; "
                f"the bots playing: {', '.join(playing) or 'none'}"
            )


def choose_for(bot: Bot, state: Position, rng: random.Random) -> Action:
    """Ask ``bot`` for the decision of ``state.current_player``, giving it only that seat's view.

    Raises:
        IllegalActionError: If the game is over, or the bot returns an action that is not legal.
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
