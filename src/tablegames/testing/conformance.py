"""`check_game`: random playouts that check every promise of the protocol."""

from __future__ import annotations

import hashlib
import json
import random
from itertools import islice
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.errors import IllegalActionError, InvalidActionError, TablegamesError
from tablegames.core.match import Match
from tablegames.core.protocol import Action, Event, Game, GameEnded, State, View

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

__all__ = ["CheckReport", "ConformanceError", "check_action_space", "check_game", "check_mask"]


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which promise, where and how to get there."""


@attrs.frozen
class CheckReport:
    """What `check_game` covered.

    Attributes:
        playouts: Games played to the end.
        states: States checked.
        actions: Actions applied (every legal action of every checked state).
        illegal: Illegal actions tried and rejected.
        action_space: True if the game defines an action space and its checks ran.
        observations: True if the game defines observations and their checks ran.
    """

    playouts: int
    states: int
    actions: int
    illegal: int
    action_space: bool = False
    observations: bool = False


@attrs.frozen
class _Foreign(Action):
    """An action of no game, to check that it is rejected."""

    kind = "foreign"

    def json_fields(self) -> dict[str, Any]:
        return {}

    def __str__(self) -> str:
        return "foreign"


def _json_ready(data: object, what: str) -> Any:
    """Check that ``data`` goes through JSON unchanged; return the copy read back, as a reader would get it."""
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ConformanceError(f"{what} is not JSON-ready: {error}") from None
    again = json.loads(text)
    if again != data:
        raise ConformanceError(f"{what} changes when sent through JSON: {data!r}")
    return again


def _digest(data: object) -> bytes:
    """A digest of JSON-ready ``data`` as JSON, its keys sorted: the same for data that writes the same JSON."""
    return hashlib.blake2b(json.dumps(data, sort_keys=True).encode(), digest_size=16).digest()


#: How many states of a playout the check of equality against dicts remembers (its memory's bound).
_KEPT = 5_000


class _Checker:
    def __init__(self, game: Game[State], max_actions: int) -> None:
        self.game = game
        self.max_actions = max_actions
        self.states = 0
        self.actions = 0
        self.illegal = 0
        self.seen: dict[str, Action] = {}
        #: A digest of the dict of each state met in the playout (the first `_KEPT`), by the state.
        self.written: dict[State, bytes] = {}
        self.action_space = _defines(lambda: game.num_actions)
        self.observations = _defines(lambda: game.observation_size)
        self.bounded = _defines(lambda: game.max_decisions)
        #: The bound on a round's decisions, where the game has one and tells its rounds apart by their deals.
        self.round_bound: int | None = None
        if _defines(lambda: game.max_round_decisions) and _defines(lambda: game.deal_of(game.start(seed=0))):
            self.round_bound = game.max_round_decisions

    def fail(self, message: str, path: list[Action], seed: int) -> ConformanceError:
        moves = " ".join(str(action) for action in path) or "(start)"
        return ConformanceError(f"{self.game!r}, seed {seed}, after [{moves}]: {message}")

    def playout(self, seed: int) -> None:
        game = self.game
        start = game.start(seed=seed)
        if game.start(seed=seed) != start:
            raise self.fail("the same seed gave two different start states", [], seed)
        chooser = random.Random(seed)
        self.written = {}
        state, path = start, list[Action]()
        deal, dealt_at = 0, 0  # the deal in play, and the decisions taken before it was dealt
        while not state.is_over:
            if len(path) >= self.max_actions:
                raise self.fail(f"no end after {self.max_actions} actions", path, seed)
            try:
                self.check_state(state)
                # a round counts from its deal: a game that deals none is not checked
                if self.round_bound is not None and (layout := game.deal_of(state)) is not None:
                    if layout.number != deal:
                        deal, dealt_at = layout.number, len(path)
                    if len(path) - dealt_at >= self.round_bound:
                        raise ConformanceError(f"round {deal} took more than max_round_decisions")
            except ConformanceError as error:
                raise self.fail(str(error), path, seed) from None
            action = chooser.choice(state.legal_actions())
            path.append(action)
            state = state.apply(action)
        try:
            self.check_state(state)
            self.check_replay(start, path, state, seed)
            if self.bounded and len(path) > game.max_decisions:
                raise ConformanceError(f"the game took {len(path)} decisions, more than max_decisions")
        except ConformanceError as error:
            raise self.fail(str(error), path, seed) from None

    def check_state(self, state: State) -> None:
        self.states += 1
        game = self.game
        if state.game != game:
            raise ConformanceError(f"state.game is {state.game!r}")
        broken = game.broken_laws(state)
        if broken:
            raise ConformanceError(f"a law of the game is broken: {'; '.join(broken)}")
        legal = state.legal_actions()
        player = state.current_player
        if state.is_over != (player is None):
            raise ConformanceError("is_over must be True exactly when current_player is None")
        if state.is_over == bool(legal):
            raise ConformanceError("legal actions must exist exactly while the game is not over")
        if player is not None and not 0 <= player < game.players:
            raise ConformanceError(f"current_player {player} is not a seat")
        if len(set(legal)) != len(legal):
            raise ConformanceError("legal_actions lists an action twice")
        self.check_scores(state)
        snapshot = self.check_values(state)
        for seat in (None, *range(game.players)):
            self.check_view(state, state.view(seat), seat)
        if self.action_space:
            check_mask(game, state, legal)
        if self.observations:
            self.check_observations(state)
        for action in legal:
            self.check_action(state, snapshot, action)
        self.check_illegal(state, snapshot, legal)

    def check_scores(self, state: State) -> None:
        scores, winners = state.scores, state.winners
        if len(scores) != self.game.players or not all(isinstance(score, int) for score in scores):
            raise ConformanceError(f"scores must be one int per seat, got {scores!r}")
        if not winners <= set(range(self.game.players)):
            raise ConformanceError(f"winners {sorted(winners)} are not all seats")
        if state.is_over == (not winners):
            raise ConformanceError("winners must be empty exactly while the game goes on")
        outcome = state.outcome
        if (outcome is None) != (not state.is_over):
            raise ConformanceError("outcome must be None exactly while the game goes on")
        if outcome is not None and (outcome.scores != scores or outcome.winners != winners):
            raise ConformanceError("outcome disagrees with scores and winners")

    def check_values(self, state: State) -> State:
        """Check the dict round trip; return the copy read back, to compare the state with later."""
        data = state.to_dict()
        again = self.game.from_dict(_json_ready(data, "state.to_dict()"))
        if again != state or hash(again) != hash(state):
            raise ConformanceError("from_dict(to_dict()) does not give an equal state with an equal hash")
        if again.legal_actions() != state.legal_actions():
            raise ConformanceError("a state read back from its dict lists other legal actions")
        digest, known = _digest(data), self.written.get(state)
        if known is None and len(self.written) < _KEPT:
            self.written[state] = digest
        elif known is not None and known != digest:
            raise ConformanceError(
                "two states of this playout write different JSON but compare equal: equal states must write the same "
                "JSON (sets as sorted lists, 1 not True), so either equality leaves out part of the state (a "
                "PlainState compares the fields its __match_args__ lists) or to_dict writes something equality ignores"
            )
        return again

    def check_view(self, state: State, view: View, seat: int | None) -> None:
        _json_ready(view.to_dict(), f"view({seat}).to_dict()")
        if view.seat != seat or view.current_player != state.current_player:
            raise ConformanceError(f"view({seat}) names the wrong seat or player to act")
        mine = seat is not None and seat == state.current_player
        if view.legal_actions != (state.legal_actions() if mine else ()):
            raise ConformanceError(f"view({seat}) must offer the legal actions exactly on {seat}'s turn")

    def check_observations(self, state: State) -> None:
        game = self.game
        size, (low, high) = game.observation_size, game.observation_range
        for seat in (None, *range(game.players)):
            view = state.view(seat)
            numbers = view.observation()
            if not isinstance(numbers, tuple) or len(numbers) != size:
                raise ConformanceError(f"view({seat}).observation() must be a tuple of observation_size={size} numbers")
            if not all(type(number) in (int, float) and low <= number <= high for number in numbers):
                raise ConformanceError(f"view({seat}).observation() holds entries not numbers in {low}..{high}")
            if seat is not None and seat == state.current_player:
                self.check_sampled(state, view, numbers)

    def check_sampled(self, state: State, view: View, numbers: tuple[float, ...]) -> None:
        """A state sampled from the view has the same view, so the same observation: no hidden card may show."""
        try:
            sampled = self.game.sample_state(view, random.Random(self.states))
        except NotImplementedError:
            return
        if sampled.view(view.seat).observation() != numbers:
            raise ConformanceError(
                f"seat {view.seat}'s observation differs in a state sample_state made from its view: it shows "
                "something the view does not"
            )

    def check_action(self, state: State, snapshot: State, action: Action) -> None:
        self.actions += 1
        data = action.to_dict()
        read_back = _json_ready(data, f"{action!r}.to_dict()")
        if len(self.seen) < 500:
            self.seen.setdefault(json.dumps(data, sort_keys=True), action)
        if self.game.action_from_dict(read_back) != action:
            raise ConformanceError(f"action_from_dict(to_dict()) does not give back {action!r}")
        if state.parse_action(str(action)) != action:
            raise ConformanceError(f"parse_action({str(action)!r}) does not give back {action!r}")
        if not state.is_legal(action):
            raise ConformanceError(f"is_legal({action!r}) is False for a legal action")
        transition = state.step(action)
        if state != snapshot:
            raise ConformanceError(f"step({action}) changed the state it was applied to")
        after = state.apply(action)
        if transition.state != after:
            raise ConformanceError(f"step({action}) and apply({action}) reach different states")
        if not isinstance(after, State) or after.game != self.game:
            raise ConformanceError(f"apply({action}) did not return a state of this game")
        for event in transition.events:
            self.check_event(event)
        ended = [event for event in transition.events if isinstance(event, GameEnded)]
        if after.is_over and not (len(ended) == 1 and ended == list(transition.events[-1:])):
            raise ConformanceError(
                f"step({action}) ends the game with the events {[event.kind for event in transition.events]}: "
                "every game ends with one game_ended event, the last"
            )
        if ended and not after.is_over:
            raise ConformanceError(f"step({action}) gives a game_ended event, but the game goes on")
        if ended and (ended[0].scores, ended[0].winners) != (after.scores, after.winners):
            raise ConformanceError(
                f"game_ended gives scores {list(ended[0].scores)} and winners {sorted(ended[0].winners)}, but the "
                f"state {action} leads to has scores {list(after.scores)} and winners {sorted(after.winners)}"
            )
        if state != snapshot:
            raise ConformanceError(f"apply({action}) changed the state it was applied to")

    def check_event(self, event: Event) -> None:
        _json_ready(event.to_dict(), f"event {event!r}")
        for seat in (None, *range(self.game.players)):
            seen = event.for_seat(seat)
            if seen is not None:
                _json_ready(seen.to_dict(), f"event {event!r} for seat {seat}")

    def check_illegal(self, state: State, snapshot: State, legal: tuple[Action, ...]) -> None:
        for action in legal[:3]:
            if state.why_illegal(action) is not None:
                raise ConformanceError(f"why_illegal({action!r}) gives a reason, but it is a legal action")
        others = (action for action in self.seen.values() if action not in legal)
        for action in (_Foreign(), *islice(others, 11)):
            if state.is_legal(action):
                raise ConformanceError(f"is_legal({action!r}) is True but it is not a legal action")
            why = state.why_illegal(action)
            if not why:
                raise ConformanceError(f"why_illegal({action!r}) gives no reason, but it is not a legal action")
            try:
                state.apply(action)
            except IllegalActionError as error:
                if not str(error).startswith(why):
                    raise ConformanceError(f"refusing {action!r} does not begin with why_illegal's reason") from None
            else:
                raise ConformanceError(f"apply({action!r}), which is not legal, did not raise IllegalActionError")
            self.illegal += 1
        if state != snapshot:
            raise ConformanceError("rejecting illegal actions changed the state")

    def check_replay(self, start: State, path: list[Action], end: State, seed: int) -> None:
        match = Match(self.game, seed=seed)
        if match.state != start:
            raise ConformanceError("Match(game, seed) does not begin at game.start(seed): start_with_events differs")
        states = [match.state]
        for action in path:
            match.play(action)
            states.append(match.state)
        if match.state != end:
            raise ConformanceError("a Match playing the same actions reached another state")
        record = json.loads(json.dumps(match.to_record()))
        replayed = Match.from_record(record)
        if replayed.state != end or replayed.history != match.history:
            raise ConformanceError("Match.from_record(to_record()) does not replay to the identical state")
        for expected in reversed(states[:-1]):
            match.undo()
            if match.state != expected:
                raise ConformanceError("Match.undo does not restore the previous state")
        for expected in states[1:]:
            match.redo()
            if match.state != expected:
                raise ConformanceError("Match.redo does not restore the next state")
        again = Match(self.game, state=self.game.from_dict(start.to_dict()))
        for action in path:
            again.play(str(action))
        if Match.from_record(again.to_record()).state != end:
            raise ConformanceError("a record of a match from a given start state does not replay")


def _defines(member: Callable[[], object]) -> bool:
    """True unless reading ``member`` raises NotImplementedError: the game leaves that part of the protocol out."""
    try:
        member()
    except NotImplementedError:
        return False
    return True


def check_action_space(game: Game[State]) -> None:
    """Check that every index from 0 to ``num_actions - 1`` names an action whose index it is, and no other does.

    Raises:
        ConformanceError: On the first index that does not round-trip.
    """
    count = game.num_actions
    if type(count) is not int or count < 1:
        raise ConformanceError(f"num_actions must be a positive integer, got {count!r}")
    for index in range(count):
        action = game.action_from_index(index)
        if game.action_index(action) != index:
            raise ConformanceError(f"action_from_index({index}) is {action}, whose action_index is not {index}")
    for wrong in (-1, count, float(0), True):
        try:
            game.action_from_index(wrong)
        except InvalidActionError:
            continue
        raise ConformanceError(f"action_from_index({wrong!r}) must raise InvalidActionError")


def check_mask(game: Game[State], state: State, legal: tuple[Action, ...]) -> None:
    """Check that ``state.legal_mask()`` is True exactly at the indices of the legal actions, which round-trip."""
    mask = state.legal_mask()
    if not isinstance(mask, tuple) or len(mask) != game.num_actions or not all(type(bit) is bool for bit in mask):
        raise ConformanceError(f"legal_mask() must be a tuple of num_actions={game.num_actions} bools")
    indices = set()
    for action in legal:
        index = game.action_index(action)
        if game.action_from_index(index) != action:
            raise ConformanceError(f"action_from_index(action_index({action})) does not give back {action!r}")
        indices.add(index)
    if {index for index, bit in enumerate(mask) if bit} != indices:
        raise ConformanceError("legal_mask() is not True exactly at the indices of legal_actions()")


def check_game(game: Game[State], *, seeds: Iterable[int] = range(5), max_actions: int = 100_000) -> CheckReport:
    """Check that ``game`` keeps the tablegames contract; raise on the first broken promise.

    For each seed it plays a random game to the end (the choices drawn from
    that seed) and checks, at every state on the way:

    - legal actions exist exactly while the game is not over, ``is_over`` and
      ``current_player`` agree, no action is listed twice;
    - scores are one int per seat; winners and outcome are empty until the end;
    - every legal action applies, by ``apply`` and ``step`` alike, without
      changing the state it was applied to; its dict and notation round-trip;
    - actions that are not legal (seen elsewhere, or of no game at all) raise
      `IllegalActionError` with a message and change nothing;
    - ``to_dict``/``from_dict`` round-trip through JSON to an equal state with
      an equal hash, and no two states of a playout (of its first 5,000)
      that write different JSON compare equal; every view and every event is
      JSON-ready;
    - each view names its seat, and offers legal actions only to the seat to act;
    - the state keeps the game's own laws (`Game.broken_laws`);
    - the same seed gives the same start; a `Match` playing the same actions
      reaches the same end, undo and redo walk the same states, and its
      record replays to the identical state, from a seed or a given start.

    If the game defines an action space (`tablegames.core.spaces`), it also
    checks that every index round-trips through ``action_from_index`` and
    ``action_index``, and that at every state ``legal_mask()`` is True exactly
    at the indices of ``legal_actions()``. If it defines observations, that
    every view's ``observation()`` is ``observation_size`` numbers within
    ``observation_range``, and, where the game offers ``sample_state``, that
    the seat to act sees the same observation in a state sampled from its
    view; and if it gives ``max_decisions``, that no playout takes more, nor
    any round more than ``max_round_decisions`` (if it has rounds, counted
    from each deal that ``deal_of`` numbers). A
    game without them (they are optional) skips these checks, and
    the report's ``action_space`` and ``observations`` say which ran.

    Args:
        game: The game to check, with its options.
        seeds: One playout per seed.
        max_actions: A playout this long without an end fails.

    Returns:
        What was covered.

    Raises:
        ConformanceError: On the first broken promise, naming the seed and the
            actions that lead there.

    Examples:
        >>> import tablegames
        >>> check_game(tablegames.load("kalaha", pits=2, seeds=2), seeds=[0]).playouts
        1
    """
    checker = _Checker(game, max_actions)
    if checker.action_space:
        check_action_space(game)
    playouts = 0
    for seed in seeds:
        try:
            checker.playout(seed)
        except TablegamesError as error:
            raise ConformanceError(f"{game!r}, seed {seed}: unexpected {type(error).__name__}: {error}") from error
        playouts += 1
    return CheckReport(
        playouts=playouts,
        states=checker.states,
        actions=checker.actions,
        illegal=checker.illegal,
        action_space=checker.action_space,
        observations=checker.observations,
    )
