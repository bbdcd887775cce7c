"""Match: history, undo and redo, events, and records that replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import ConfigError, IllegalActionError, InvalidStateError, Match, MatchError
from tablegames.kalaha import ExtraMove, Kalaha, Sow, Sowed

GAME = Kalaha()


def test_play_accepts_actions_and_notation() -> None:
    """Play takes an action or its notation and records who decided."""
    match = Match(GAME, seed=1)
    match.play("c")
    match.play(Sow(5))
    assert match.history == ((0, Sow(2)), (0, Sow(5)))
    assert match.events[:2] == (Sowed(seat=0, pit=2, seeds=4), ExtraMove(seat=0))
    assert match.plies[1].before == match.plies[0].after


def test_illegal_play_changes_nothing() -> None:
    """An illegal action raises and leaves the match as it was."""
    match = Match(GAME, seed=1)
    match.play("c")
    with pytest.raises(IllegalActionError, match="pit c is empty"):
        match.play("c")
    assert match.history == ((0, Sow(2)),)


def test_undo_redo() -> None:
    """Undo takes back decisions in reverse; redo plays them again until a new play."""
    match = Match(GAME, seed=1)
    states = [match.state]
    for text in ("c", "f", "a"):
        match.play(text)
        states.append(match.state)
    assert match.undo() == Sow(0)
    assert match.undo() == Sow(5)
    assert match.state == states[1]
    match.redo()
    assert match.state == states[2]
    assert match.can_redo
    match.play("b")
    assert not match.can_redo
    with pytest.raises(MatchError, match="nothing to redo"):
        match.redo()
    while match.can_undo:
        match.undo()
    assert match.state == states[0]
    with pytest.raises(MatchError, match="nothing to undo"):
        match.undo()


def test_record_replays_from_seed_and_from_a_position() -> None:
    """A record holds the game, options, seed or start state, and actions; it replays to the same state."""
    match = Match(GAME, seed=5)
    for text in ("c", "f", "b"):
        match.play(text)
    record = json.loads(json.dumps(match.to_record()))
    assert record["actions"] == ["c", "f", "b"]
    assert record["seed"] == 5
    assert Match.from_record(record).state == match.state
    position = GAME.position(rows=((0, 0, 1, 2, 0, 9), (3, 3, 3, 3, 3, 3)), stores=(10, 8), to_move=1)
    from_position = Match(GAME, state=position)
    from_position.play("a")
    record = from_position.to_record()
    assert "seed" not in record
    assert Match.from_record(record).state == from_position.state


def test_match_without_seed_draws_one() -> None:
    """Without a seed a match draws one, so its record still replays."""
    match = Match(GAME)
    assert isinstance(match.seed, int)
    assert Match.from_record(match.to_record()).state == match.state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, "record format version 2 is not readable"),
        ({"game": "go"}, "no game named 'go'"),
        ({"options": {"pits": 0}}, "pits must be an integer"),
        ({"actions": ["c", "c"]}, r"record action 2 \('c'\) cannot be played: pit c is empty"),
        ({"actions": ["z"]}, r"record action 1 \('z'\) cannot be played: 'z' is not a pit"),
        ({"actions": "c"}, "must be a list of notation strings"),
        ({"seed": "7"}, "record field 'seed' must be an integer"),
        ({"extra": 1}, r"unknown record field\(s\) \['extra'\]"),
    ],
)
def test_bad_records_are_rejected(change: dict[str, object], message: str) -> None:
    """A record is validated as it is read; the error says what is wrong."""
    record = {**Match(GAME, seed=5).to_record(), **change}
    with pytest.raises(InvalidStateError, match=message):
        Match.from_record(record)


def test_record_needs_exactly_one_start() -> None:
    """A record holds a seed or a start state, not both and not neither."""
    record = Match(GAME, seed=5).to_record()
    del record["seed"]
    with pytest.raises(InvalidStateError, match="exactly one of 'seed' and 'start'"):
        Match.from_record(record)


def test_match_state_must_belong_to_the_game() -> None:
    """A start state of other options, or both seed and state, is a ConfigError."""
    with pytest.raises(ConfigError, match="belongs to"):
        Match(GAME, state=Kalaha(pits=3).start())
    with pytest.raises(ConfigError, match="not both"):
        Match(GAME, seed=1, state=GAME.start())


def test_events_for_a_seat() -> None:
    """events_for gives the events as a seat may know them; Kalaha hides nothing."""
    match = Match(GAME, seed=1)
    match.play("c")
    assert match.events_for(1) == match.events == match.events_for(None)
    with pytest.raises(tablegames.SeatError):
        match.events_for(2)


@given(name=st.sampled_from(("kalaha", "kalo", "loo")), seed=st.integers(0, 2**32), stop=st.integers(0, 400))
def test_a_replayed_match_has_the_played_plies(name: str, seed: int, stop: int) -> None:
    """Every ply read back from a record, its events included, is the ply that was played."""
    game = tablegames.load(name)
    played = Match(game, seed=seed)
    chooser = random.Random(seed)
    while not played.state.is_over and len(played.plies) < stop:
        legal = played.state.legal_actions()
        played.play(legal[chooser.randrange(len(legal))])
    replayed = Match.from_record(json.loads(json.dumps(played.to_record())))
    assert replayed.plies == played.plies
    assert [ply.events for ply in replayed.plies] == [ply.events for ply in played.plies]
    assert replayed.events_for(0) == played.events_for(0)


@pytest.mark.parametrize(("name", "options"), [("kalo", {}), ("loo", {"players": 3})])
def test_a_match_begins_with_the_first_rounds_deal_as_later_rounds_do(name: str, options: dict[str, int]) -> None:
    """``events_for`` at the start holds round 1's start and deal, the same kinds of events as round 2's start."""
    game = tablegames.load(name, **options)
    match = Match(game, seed=4)
    assert match.state == game.start(seed=4)
    assert match.opening == game.start_with_events(seed=4).events
    opening = [event.kind for event in match.events_for(1)]
    assert opening[0] == "round_started"
    assert match.events_for(1) == tuple(event.for_seat(1) for event in match.opening)
    rng = random.Random(1)
    while match.state.to_dict().get("round_number") == 1:
        match.play(rng.choice(match.state.legal_actions()))
    kinds = [event.kind for event in match.events_for(1)]
    second = max(index for index, kind in enumerate(kinds) if kind == "round_started")
    assert kinds[second : second + len(opening)] == opening
    replayed = Match.from_record(match.to_record())
    assert replayed.events_for(1) == match.events_for(1)


def test_a_match_from_a_given_state_or_of_kalaha_begins_with_no_events() -> None:
    """A start state says nothing of how it came about; Kalaha's start says nothing at all."""
    loo = tablegames.load("loo", players=3)
    assert Match(loo, state=loo.start(seed=1)).events == ()
    assert Match(GAME, seed=1).events == ()


SMALL_GAMES = (
    Kalaha(pits=4, seeds=3),
    tablegames.load("loo", players=3, rounds=1),
    tablegames.load("kalo", players=3, rounds=1),
)


@given(st.sampled_from(SMALL_GAMES), st.integers(0, 2**32), st.integers(1, 60), st.randoms(use_true_random=False))
def test_a_seat_takes_back_its_own_last_decision_and_what_followed(
    game: tablegames.Game[tablegames.State], seed: int, plies: int, rng: random.Random
) -> None:
    """``undo(seat=s)`` goes back to just before ``s``'s last decision; redo plays everything taken back again."""
    match = Match(game, seed=seed)
    while len(match.history) < plies and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    seat = rng.choice([seat for seat, _ in match.history])
    last = max(index for index, (who, _) in enumerate(match.history) if who == seat)
    history, end, before = match.history, match.state, match.plies[last].before
    taken = match.undo(seat=seat)
    assert taken == history[last][1]
    assert match.history == history[:last]
    assert match.state == before
    assert match.state.current_player == seat
    for _ in range(len(history) - last):
        match.redo()
    assert match.history == history
    assert match.state == end
    assert not match.can_redo


def test_a_seat_with_no_decision_has_nothing_to_take_back() -> None:
    """A seat that has not decided yet, or no seat of the game, is told so and nothing changes."""
    match = Match(GAME, seed=1)
    match.play("c")
    with pytest.raises(MatchError, match="seat 1 has made no decision to take back"):
        match.undo(seat=1)
    with pytest.raises(tablegames.SeatError):
        match.undo(seat=2)
    assert match.history == ((0, Sow(2)),)
