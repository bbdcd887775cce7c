"""`State.refusal`: a `Reason` exactly for the actions not legal, in its game's catalogue, told as `why_illegal`.

Over random states of the three games, every action of each game's action
space, an action beyond the board, an action of another game, text and an
object of no game: `refusal` is None exactly when the action is legal; its
English is `why_illegal`'s; its key is stated once, in the core's catalogue
or the game's, and its fields are exactly the ones that key takes, each
language-neutral and JSON-ready. A game's options are refused the same way:
over random options of each game, every `ConfigError` carries a reason of
`CONFIG` whose English is the message.
"""

from __future__ import annotations

import inspect
import json
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import IllegalActionError, Match
from tablegames.core.options import CONFIG, check_int_option, check_seed
from tablegames.core.reasons import CORE, Catalogue, Reason, said
from tablegames.kalaha import Sow
from tablegames.kalo import Pass
from tablegames.testing.strategies import states
from tests.games import BUILT_IN

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames.core.protocol import Game, State

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("kalaha", {}),
    ("kalaha", {"pits": 3, "seeds": 2}),
    ("kalo", {"players": 3}),
    ("kalo", {"players": 4, "kalo_in_combinations": True}),
    ("loo", {"players": 3}),
    ("loo", {"players": 4, "miss": True, "pam_is_wild": True}),
    ("loo", {"players": 5, "trump_must_be_highest": True}),
]


def _candidates(game: Game[State]) -> list[object]:
    """Every action of the game's action space, and actions no state of it takes."""
    foreign = Pass() if game.name != "kalo" else Sow(0)
    beyond = [Sow(pit) for pit in range(game.options()["pits"], 8)] if game.name == "kalaha" else []
    return [*(game.action_from_index(index) for index in range(game.num_actions)), *beyond, foreign, "a", 7]


def _check_reason(reason: Reason, catalogue: Catalogue) -> None:
    """The reason's key is stated in ``catalogue``, with exactly its fields, which make the same sentence."""
    assert reason.key in catalogue, reason.key
    assert tuple(sorted(reason.values)) == catalogue.fields(reason.key), reason
    assert catalogue.reason(reason.key, **reason.values) == reason, "the fields do not make the same sentence"
    assert json.loads(json.dumps(reason.to_dict())) == reason.to_dict()
    hash(reason)


def _check(game: Game[State], state: State) -> int:
    """Check every candidate at ``state``; return how many were refused."""
    refused = 0
    legal = set(state.legal_actions())
    for action in _candidates(game):
        reason = state.refusal(action)
        assert (reason is None) == (action in legal), action
        assert state.why_illegal(action) == (None if reason is None else str(reason))
        if reason is None:
            continue
        refused += 1
        assert reason.key.startswith((f"{game.name}.", "core.")), reason.key
        assert reason.key != "core.said", "a game of the library gives a refusal no key of its own"
        _check_reason(reason, CORE if reason.key.startswith("core.") else game.reasons)
    return refused


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{name}-{len(options)}" for name, options in GAMES])
@given(data=st.data())
def test_refusal_is_none_exactly_for_legal_actions_and_its_key_is_in_the_catalogue(
    name: str, options: dict[str, Any], data: st.DataObject
) -> None:
    """A random state of each game: each refusal's key and fields are its catalogue's, its text why_illegal's."""
    game = tablegames.load(name, **options)
    state = data.draw(states(game, max_actions=120))
    assert _check(game, state)


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_catalogue_key_is_met_over_random_games(name: str) -> None:
    """Played at random, the games meet all keys of their catalogues but one at most: none is stated for nothing."""
    import random

    game = tablegames.load(name)
    met: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = game.start(seed=seed)
        while not state.is_over:
            for action in _candidates(game):
                reason = state.refusal(action)
                if reason is not None:
                    met.add(reason.key)
            state = state.apply(rng.choice(state.legal_actions()))
    never = set(game.reasons.keys()) - met
    # A refusal random play seldom reaches (the Miss taken by another, a play refused for no other reason) may
    # be missed.
    assert len(never) <= 1, sorted(never)


def test_the_error_of_a_refused_action_carries_its_reason() -> None:
    """`IllegalActionError.reason` is the refusal; the message is its text followed by what is legal."""
    state = tablegames.load("kalaha").start()
    state = state.apply(state.parse_action("c"))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(state.parse_action("c"))
    assert caught.value.reason == state.refusal(state.parse_action("c"))
    assert str(caught.value).startswith(f"{caught.value.reason}; legal: ")


def test_acting_out_of_turn_is_a_refusal_with_the_seats() -> None:
    """A match refuses a seat acting out of turn with a reason naming both seats, and after the end, one."""
    match = Match(tablegames.load("kalaha", pits=1, seeds=1), seed=1)
    with pytest.raises(IllegalActionError) as caught:
        match.play("a", seat=1)
    assert caught.value.reason.to_dict() == {"key": "core.turn", "fields": {"current": 0, "seat": 1}}
    while not match.state.is_over:
        match.play(match.state.legal_actions()[0])
    with pytest.raises(IllegalActionError) as caught:
        match.play("a", seat=1)
    assert caught.value.reason.to_dict() == {"key": "core.turn_over", "fields": {"seat": 1}}
    assert str(caught.value) == "it is nobody's: the game is over, not seat 1's"


def test_a_game_of_your_own_may_explain_in_plain_text() -> None:
    """An `explain_illegal` answering with text gives a reason of the key core.said holding it."""
    reason = said("the dragon is asleep")
    assert (reason.key, reason.values, str(reason)) == ("core.said", {"text": "the dragon is asleep"}, reason.text)
    assert Reason("core.said", {"text": "x"}, "x") == Reason("core.said", [("text", "x")], "x")


def test_a_catalogue_refuses_fields_its_template_does_not_take() -> None:
    """Stating a reason with other fields than its template's is a mistake caught where it is made."""
    catalogue = Catalogue({"demo.x": "seat {seat}", "demo.y": lambda *, n: f"{n}"})
    assert catalogue.fields("demo.y") == ("n",)
    with pytest.raises(TypeError):
        catalogue.reason("demo.x")
    with pytest.raises(KeyError):
        catalogue.reason("demo.z")


#: A value a table request's options may hold (JSON, numbers within what the readers take).
OPTION_VALUES = st.one_of(
    st.integers(min_value=-(2**64) + 1, max_value=2**64 - 1),
    st.integers(min_value=-3, max_value=30),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.lists(st.integers(min_value=0, max_value=9), max_size=3),
)


#: Each game with each of its options (the keywords its class takes), and an option it does not have.
OPTIONS = [
    (name, option)
    for name in BUILT_IN
    for option in [*inspect.signature(type(tablegames.load(name))).parameters, "colour"]
]


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{name}-{option}" for name, option in OPTIONS])
@given(value=OPTION_VALUES, others=st.dictionaries(st.sampled_from(["players", "Pits", "x" * 60]), OPTION_VALUES))
def test_every_refusal_of_a_games_options_carries_its_reason(
    name: str, option: str, value: object, others: dict[str, object]
) -> None:
    """Each option of each game at random values: each ConfigError's reason is a key of CONFIG, as its message."""
    refused: tablegames.ConfigError | None = None
    try:
        tablegames.load(name, **{**others, option: value})
    except tablegames.ConfigError as error:
        refused = error
    if refused is not None:
        assert refused.reason.key.startswith("config."), refused.reason
        _check_reason(refused.reason, CONFIG)
        assert str(refused.reason) == str(refused)


#: One refusal of each kind of a game's name and options: how it is met, its key and its English, as it always was.
REFUSED_OPTIONS: list[tuple[Callable[[], object], str, str]] = [
    (lambda: tablegames.load("chess"), "config.no_game", "no game named 'chess'; the games are: kalaha, kalo, loo"),
    (
        lambda: tablegames.load("kalaha", **{f"o{n}": 1 for n in range(7)}),
        "config.unknown_options",
        "unknown option(s) ['o0', 'o1', 'o2', 'o3', 'o4', …] for 'kalaha'; its options are: pits, seeds, "
        "empty_capture, players",
    ),
    (lambda: tablegames.load("kalo", players=7), "config.players", "Kalo is for 3 to 6 players, got players=7"),
    (
        lambda: tablegames.load("kalaha", players=3),
        "config.players_exactly",
        "Kalaha is for exactly 2 players, got players=3",
    ),
    (lambda: tablegames.load("kalaha", pits=0), "config.integer", "pits must be an integer from 1 to 26, got 0"),
    (
        lambda: tablegames.load("loo", players=3, first_dealer=3),
        "config.integer",
        "first_dealer must be an integer from 0 to 2, got 3",
    ),
    (
        lambda: check_int_option(0, "rounds", 1),
        "config.integer_at_least",
        "rounds must be an integer of at least 1, got 0",
    ),
    (lambda: tablegames.load("loo", miss="yes"), "config.boolean", "miss must be True or False, got 'yes'"),
    (lambda: check_seed(-1), "config.seed", "seed must be an integer from 0 to 2**64 - 1, or None, got -1"),
]


@pytest.mark.parametrize(("refuse", "key", "message"), REFUSED_OPTIONS, ids=[key for _, key, _ in REFUSED_OPTIONS])
def test_each_refusal_of_options_keeps_its_english_and_says_its_key(
    refuse: Callable[[], object], key: str, message: str
) -> None:
    """Each kind of refusal of options has its key, and its message is the English it always had."""
    with pytest.raises(tablegames.ConfigError) as caught:
        refuse()
    assert (caught.value.reason.key, str(caught.value)) == (key, message)
    _check_reason(caught.value.reason, CONFIG)


def test_every_key_of_config_is_met() -> None:
    """The refusals above meet every key CONFIG states: none is stated for nothing."""
    assert {key for _, key, _ in REFUSED_OPTIONS} == set(CONFIG.keys())
