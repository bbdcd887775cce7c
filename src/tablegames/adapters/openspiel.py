"""OpenSpiel games of every game, as ``pyspiel`` Python games (needs the extra ``openspiel``).

Importing this module, the one line ``import tablegames.adapters.openspiel``,
registers each game with OpenSpiel as
``tablegames_<game>`` (``tablegames_kalaha``, ``tablegames_kalo``,
``tablegames_loo``), its options as the game's parameters plus ``rewards``;
``load_game(game_name, **options)`` loads one, and so does
``pyspiel.load_game("tablegames_loo(players=3,rounds=2)")``. An option whose
default follows from other options (Loo's ``rounds`` and ``miss_fee``), or
that is unset by default (Kalo's ``rounds``), is -1 by default, which means
that default: ``tablegames_kalo(players=3,rounds=1)`` is one-round Kalo.

- Game type: sequential; perfect information for Kalaha, imperfect for Kalo
  and Loo; deterministic for Kalaha, explicit chance for the card games.
- Chance: every deal is dealt by chance nodes, one card at a time, uniformly
  from the cards not dealt yet, as ``game.deal_of(state)`` describes it (see
  each game's encoding module): at the start and at every new round. The
  outcome of a chance node is a card's index in the deal.
- Actions: ``game.action_from_index``; ``num_distinct_actions`` is
  ``game.num_actions``.
- Observation string: the seat's view, ``view(seat).to_dict()`` as JSON;
  observation tensor: ``view(seat).observation()``. At a chance node no
  hand is dealt yet: the string is ``{"dealing": true, "scores": [...],
  "seat": s}`` and the tensor all 0 (the state's string shows only the
  cards dealt so far and the scores).
- Information state string: what the seat has seen happen in the game, one
  line for each event as shown to it (``event.for_seat(seat)``) and, for
  every deal, its view once dealt, then its observation string: perfect
  recall of the whole game (of the decision that ends a round, the events up
  to the next deal, which the chance nodes then deal).
- Information state tensor: the observation, the observation once the deal
  in play was dealt, a digest of what the seat saw before that deal, and
  every decision of the deal in play the seat recalls, in order (who decided,
  the action if it saw it, a digest of what it was shown), sized by the
  game's options; field by field in `tablegames.adapters.information`. In
  every game and round, equal tensors mean equal information state strings
  and the other way round, for every seat.
- Returns: with ``rewards="outcome"`` (zero-sum) the outcome payoffs at the
  end; with ``rewards="score"`` (general-sum) the score changes after every
  decision (see `tablegames.adapters.payoffs`).

``state.resample_from_infostate(player, sampler)`` deals the cards the
player cannot see with ``game.sample_state``, so OpenSpiel's ``ISMCTSBot``
can search the card games; a resampled state is for searching: it has no
history of its own.

Examples:
    >>> from tablegames.adapters.openspiel import load_game
    >>> game = load_game("loo", players=3, rounds=1)
    >>> print(game)  # doctest: +ELLIPSIS
    tablegames_loo(ante=1,...,players=3,rewards=outcome,rounds=1,starting_chips=0,trump_must_be_highest=False)
    >>> game.num_distinct_actions(), game.max_chance_outcomes()
    (55, 52)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()), state.action_to_string(state.chance_outcomes()[0][0])
    (True, 52, 'deal 2c')
"""

from __future__ import annotations

import inspect
import json
import random
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.extras import require

require("pyspiel", "openspiel")
require("numpy", "openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from tablegames.adapters.information import (  # noqa: E402
    RECALL_LIMIT,
    Observer,
    as_seen,
    recalled_before,
    recalled_decisions,
    recalls_decisions,
    shown_events,
    until_the_deal,
)
from tablegames.adapters.payoffs import check_rewards, outcome, reward_range, score_change  # noqa: E402
from tablegames.core.errors import ConfigError  # noqa: E402
from tablegames.core.registry import load, names  # noqa: E402

if TYPE_CHECKING:
    from tablegames.core.layouts import DealLayout
    from tablegames.core.protocol import Game, State

__all__ = [
    "RECALL_LIMIT",
    "TablegamesGame",
    "TablegamesState",
    "game_type",
    "load_game",
    "recalled_decisions",
    "recalls_decisions",
    "register",
]

#: Parameters whose value -1 means "the game's own default".
_DERIVED = -1


def _derived_options(name: str) -> set[str]:
    """The options whose default changes when another option changes: their default follows from the others."""
    defaults = load(name).options()
    derived = set()
    for key, value in defaults.items():
        changed = (not value) if isinstance(value, bool) else value + 1 if isinstance(value, int) else None
        if changed is None:
            continue
        try:
            other = load(name, **{key: changed}).options()
        except ConfigError:
            continue
        derived |= {each for each in defaults if each != key and other[each] != defaults[each]}
    return derived


def game_type(name: str, rewards: str = "outcome") -> pyspiel.GameType:
    """The OpenSpiel game type of the registered game ``name``, registered as ``tablegames_<name>``."""
    game = load(name)
    perfect = game.deal_of(game.start(seed=0)) is None
    derived = _derived_options(name)
    parameters: dict[str, Any] = {key: _DERIVED if key in derived else value for key, value in game.options().items()}
    # An option unset by default is not among the options (Kalo's rounds): -1 leaves it unset here too.
    parameters |= {key: _DERIVED for key in inspect.signature(type(game)).parameters if key not in parameters}
    parameters["rewards"] = rewards
    kinds = pyspiel.GameType
    return kinds(
        short_name=f"tablegames_{name}",
        long_name=f"tablegames {name}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.DETERMINISTIC if perfect else kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kinds.Information.PERFECT_INFORMATION if perfect else kinds.Information.IMPERFECT_INFORMATION,
        utility=kinds.Utility.ZERO_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=type(game).max_players,
        min_num_players=type(game).min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


@attrs.frozen
class _Now:
    """Everything a state is, in one immutable value that a clone shares (OpenSpiel deep-copies states to clone)."""

    state: State
    dealt: tuple[int, ...] | None
    recall: tuple[tuple[str, ...], ...]
    returns: tuple[float, ...]
    rewards: tuple[float, ...]
    #: Every decision of the game so far: the seat, the action index, and for each seat what it saw (`_as_seen`).
    moves: tuple[tuple[int, int, tuple[tuple[bool, int], ...]], ...] = ()
    #: How many decisions of ``moves`` were taken before the deal in play was dealt.
    deal_start: int = 0
    #: Each seat's observation once the deal in play was dealt (None before the first deal, or without deals).
    dealt_views: tuple[np.ndarray, ...] | None = None
    #: For each seat, a digest of what it had seen before the deal in play (`recalled_before`); 0 in the first deal.
    before: tuple[int, ...] = attrs.field(kw_only=True)
    #: Each seat's view as JSON and as numbers, made once (a state is asked for them again and again).
    seen: dict[int, tuple[str, np.ndarray]] = attrs.field(factory=dict, eq=False, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self

    def view_of(self, seat: int) -> tuple[str, np.ndarray]:
        """``seat``'s view as JSON and its observation as float32 numbers."""
        seen = self.seen.get(seat)
        if seen is None:
            view = self.state.view(seat)
            text = json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"))
            seen = self.seen[seat] = (text, np.array(view.observation(), dtype=np.float32))
        return seen


@attrs.frozen
class _Rules:
    """The game and its rewards, shared by a state and its clones."""

    game: Game[State]
    rewards: str
    #: The kinds of event a deal is told by (those of the game's start): a decision that ends a round says what
    #: happened up to the first of them; the next deal is dealt by chance, not by the events of that decision.
    deal_kinds: frozenset[str] = frozenset()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self


class TablegamesGame(pyspiel.Game):  # type: ignore[misc]
    """A tablegames game as an OpenSpiel game; made by `pyspiel.load_game` or `load_game`.

    Attributes:
        game: The tablegames game, with its options.
        rewards: ``"outcome"`` or ``"score"``.
        start: The first state's contents, which every new state starts from.
    """

    name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        rewards = check_rewards(given.pop("rewards", "outcome"))
        options = {key: value for key, value in given.items() if value != _DERIVED}
        self.game = game = load(self.name, **options)
        self.rewards = rewards
        kind = game_type(self.name)
        if rewards == "score":
            kind = _with(
                kind, utility=pyspiel.GameType.Utility.GENERAL_SUM, reward_model=pyspiel.GameType.RewardModel.REWARDS
            )
        opening = game.start_with_events(seed=0)
        start = opening.state
        self.deal_kinds = frozenset(event.kind for event in opening.events)
        layout = game.deal_of(start)
        dealing = () if layout is not None else None
        players = game.players
        self.start = _Now(start, dealing, ((),) * players, (0.0,) * players, (0.0,) * players, before=(0,) * players)
        low, high = reward_range(rewards, game.players, game.observation_range)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=0 if layout is None else len(layout.cards),
            num_players=game.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0 if rewards == "outcome" else None,
            max_game_length=game.max_decisions,
        )
        super().__init__(kind, info, dict(params or {}))

    def new_initial_state(self) -> TablegamesState:
        """The start of a game: the first deal's chance nodes, or the first decision."""
        return TablegamesState(self)

    def state_from(self, state: State, *, deal: bool = False) -> TablegamesState:
        """An OpenSpiel state holding the tablegames ``state`` of this game, for a search or a test to start from.

        It has no history of its own, and its information states know only the
        view of each seat now (nothing of what came before).

        Args:
            state: A state of this game.
            deal: Deal the state's round again by chance nodes first (the state
                must be at the start of a round, before its first decision).

        Raises:
            ConfigError: If ``state`` is not a state of this game with these options.
        """
        if state.game != self.game:
            raise ConfigError(f"a state of {state.game!r} is not a state of {self.game!r}")
        made = self.new_initial_state()
        players = self.game.players
        made._now = _Now(
            state, () if deal else None, ((),) * players, (0.0,) * players, (0.0,) * players, before=(0,) * players
        )
        return made

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer of views (``perfect_recall`` False) or of what a seat has seen (True)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.game, recall=recall)


def _with(kind: pyspiel.GameType, **changes: Any) -> pyspiel.GameType:
    fields = (
        "short_name", "long_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
        "max_num_players", "min_num_players", "provides_information_state_string",
        "provides_information_state_tensor", "provides_observation_string", "provides_observation_tensor",
        "parameter_specification",
    )  # fmt: skip
    return pyspiel.GameType(**{field: changes.get(field, getattr(kind, field)) for field in fields})


class TablegamesState(pyspiel.State):  # type: ignore[misc]
    """A state of a `TablegamesGame`: a tablegames state, and the deal being dealt by chance if one is."""

    def __init__(self, game: TablegamesGame) -> None:
        super().__init__(game)
        self._rules = _Rules(game.game, game.rewards, game.deal_kinds)
        self._now: _Now = game.start

    # -- the game ---------------------------------------------------------------

    @property
    def _game(self) -> Game[State]:
        return self._rules.game

    @property
    def tablegames_state(self) -> State:
        """The tablegames state.

        While a deal is being dealt by chance nodes this is the round as the
        game itself dealt it, which the chance nodes replace once every card is
        dealt; nothing a seat observes, nor the state's string, comes from it.
        """
        return self._now.state

    def _layout(self) -> DealLayout:
        layout = self._game.deal_of(self._now.state)
        assert layout is not None
        return layout

    def current_player(self) -> int:
        """The seat to decide, or OpenSpiel's chance or terminal player."""
        now = self._now
        if now.dealt is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = now.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        del player
        return [index for index, legal in enumerate(self._now.state.legal_mask()) if legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each as likely."""
        dealt = self._now.dealt
        assert dealt is not None
        left = sorted(set(range(len(self._layout().cards))) - set(dealt))
        return [(index, 1 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        now = self._now
        if now.dealt is not None:
            self._deal(now, (*now.dealt, action))
            return
        game = self._game
        before = now.state
        transition = before.step(game.action_from_index(action))
        after = transition.state
        new_deal = not after.is_over and self._game.deal_of(after) != game.deal_of(before)
        events = until_the_deal(transition.events, self._rules.deal_kinds) if new_deal else transition.events
        recall = tuple((*seen, *shown_events(events, seat)) for seat, seen in enumerate(now.recall))
        if self._rules.rewards == "score":
            rewards = score_change(before, after)
            returns = tuple(total + gain for total, gain in zip(now.returns, rewards, strict=True))
        else:
            rewards = returns = outcome(after)
        actor = before.current_player
        assert actor is not None
        moves = (*now.moves, (actor, action, as_seen(game, events)))
        deal_start = len(moves) if new_deal else now.deal_start
        dealt = () if new_deal else None
        self._now = _Now(after, dealt, recall, returns, rewards, moves, deal_start, now.dealt_views, before=now.before)

    def _deal(self, now: _Now, dealt: tuple[int, ...]) -> None:
        if len(dealt) < self._layout().draws:
            self._now = attrs.evolve(now, dealt=dealt)
            return
        dealt_now = attrs.evolve(now, state=self._game.redeal(now.state, dealt), dealt=None, seen={})
        seats = range(self._game.players)
        recall = tuple((*seen, dealt_now.view_of(seat)[0]) for seat, seen in zip(seats, now.recall, strict=True))
        views = tuple(dealt_now.view_of(seat)[1] for seat in seats)
        before = tuple(recalled_before(seen) for seen in now.recall)
        self._now = attrs.evolve(dealt_now, recall=recall, dealt_views=views, before=before)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._layout().cards[action]}"
        return str(self._game.action_from_index(action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._now.dealt is None and self._now.state.is_over

    def returns(self) -> list[float]:
        """Each seat's total so far (outcome payoffs: 0 until the end)."""
        return list(self._now.returns)

    def rewards(self) -> list[float]:
        """Each seat's reward for the last decision (kept through the chance nodes that follow it)."""
        return list(self._now.rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablegamesState:
        """A state ``player_id`` cannot tell from this one, its unseen cards dealt at random (for ISMCTS)."""
        now = self._now
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = self._game.sample_state(now.state.view(player_id), rng)
        recall = tuple(seen if seat == player_id else () for seat, seen in enumerate(now.recall))
        state = self.get_game().new_initial_state()
        state._now = attrs.evolve(now, state=sampled, dealt=None, recall=recall, seen={})
        return state  # type: ignore[no-any-return]

    def __str__(self) -> str:
        now = self._now
        if now.dealt is not None:  # no hand is dealt yet: the scores, and the cards dealt so far
            cards = self._layout().cards
            return json.dumps({"dealing": [cards[index] for index in now.dealt], "scores": list(now.state.scores)})
        return json.dumps(now.state.to_dict(), sort_keys=True, separators=(",", ":"))


def register(name: str) -> str:
    """Register the tablegames game ``name`` with OpenSpiel (once) and return its OpenSpiel name."""
    short = f"tablegames_{name}"
    if short not in pyspiel.registered_names():
        kind = game_type(name)
        factory = type(f"TablegamesGame_{name}", (TablegamesGame,), {"name": name})
        pyspiel.register_game(kind, factory)
    return short


def load_game(game_name: str, *, rewards: str = "outcome", **options: Any) -> TablegamesGame:
    """The OpenSpiel game of ``game_name`` with ``options``, registered as ``tablegames_<game_name>``.

    Raises:
        ConfigError: If the game, an option or ``rewards`` is unknown, or the game defines no action space.
    """
    check_rewards(rewards)
    game = load(game_name, **options)
    try:
        game.num_actions, game.deal_of(game.start(seed=0))
    except NotImplementedError as error:
        raise ConfigError(f"{game_name} cannot be played through the adapters: {error}") from None
    params = {**game.options(), "rewards": rewards}
    loaded: TablegamesGame = pyspiel.load_game(register(game_name), params)
    return loaded


for _name in names():
    try:
        register(_name)
    except (ConfigError, NotImplementedError):  # a game of someone else's without an action space or deals
        continue
