"""OpenSpiel's own tests and bots run against the OpenSpiel adapter, for every game and player count."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

import tablegames
from tablegames.kalo import Kalo
from tests.adapters.games import CASES, IDS
from tests.extras import need_module

if TYPE_CHECKING:
    from types import ModuleType


@pytest.fixture
def pyspiel() -> ModuleType:
    """The pyspiel module, from the extra openspiel."""
    return need_module("pyspiel", "openspiel")


#: Kalo games of more than three players are long (a thousand decisions and more): those are simulated from a
#: late deal, every seat one point short of the end (the whole game is simulated for three players).
LATE = {"kalo-4", "kalo-5", "kalo-6"}


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_random_sim_test(
    pyspiel: ModuleType, name: str, options: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    """pyspiel.random_sim_test passes with serialization: games of random play to the end, chance nodes included."""
    from tablegames.adapters.openspiel import load_game

    game = load_game(name, **options)
    start = None
    if request.node.callspec.id in LATE:
        kalo = game.game
        assert isinstance(kalo, Kalo)
        hands = [[slot["card"] for slot in hand] for hand in kalo.start(seed=0).to_dict()["hands"]]
        late = kalo.deal(hands, scores=[kalo.target - 1] * kalo.players, round_number=9)
        start = game.state_from(late, deal=True)
        assert start.is_chance_node()
    pyspiel.random_sim_test(
        game, num_sims=1 if name == "kalo" else 2, serialize=True, verbose=False, specific_initial_state=start
    )


@pytest.mark.parametrize(("name", "options"), [("kalaha", {"pits": 4}), ("loo", {"players": 5, "rounds": 2})])
def test_random_sim_test_with_score_rewards(pyspiel: ModuleType, name: str, options: dict[str, Any]) -> None:
    """With rewards='score' the game is general-sum with rewards after every decision, and still passes."""
    from tablegames.adapters.openspiel import load_game

    game = load_game(name, rewards="score", **options)
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_types(pyspiel: ModuleType) -> None:
    """Kalaha is deterministic with perfect information; the card games deal by explicit chance, imperfect."""
    from tablegames.adapters.openspiel import load_game

    kinds = pyspiel.GameType
    kalaha, loo = load_game("kalaha").get_type(), load_game("loo").get_type()
    assert (kalaha.information, kalaha.chance_mode) == (
        kinds.Information.PERFECT_INFORMATION,
        kinds.ChanceMode.DETERMINISTIC,
    )
    assert (loo.information, loo.chance_mode) == (
        kinds.Information.IMPERFECT_INFORMATION,
        kinds.ChanceMode.EXPLICIT_STOCHASTIC,
    )
    assert loo.dynamics == kinds.Dynamics.SEQUENTIAL
    assert loo.provides_information_state_tensor
    assert kalaha.provides_information_state_tensor


def test_loading_by_name_keeps_the_games_own_defaults(pyspiel: ModuleType) -> None:
    """pyspiel.load_game by name gives the game's options; -1 leaves a derived default (Loo's rounds) to the game."""
    import tablegames.adapters.openspiel  # registers the games

    game = pyspiel.load_game("tablegames_loo(players=3,ante=2)")
    assert game.game == tablegames.load("loo", players=3, ante=2)
    assert (game.game.rounds, game.game.miss_fee) == (6, 2)
    assert pyspiel.load_game("tablegames_kalo").game == tablegames.load("kalo")
    del tablegames.adapters.openspiel


def test_the_deal_is_dealt_by_chance_and_seen_only_by_its_holder(pyspiel: ModuleType) -> None:
    """The first deal is a chance node per card; then a seat's strings name its own cards and no other hand's."""
    from tablegames.adapters.openspiel import load_game

    game = load_game("loo", players=3, rounds=1)
    state = game.new_initial_state()
    for card in range(16):
        assert state.is_chance_node()
        assert dict(state.chance_outcomes())[card] == pytest.approx(1 / (52 - card))
        state.apply_action(card)
    assert state.current_player() == 1
    hands = state.tablegames_state.to_dict()["hands"]
    assert hands[0] == ["2c", "3c", "4c", "5c", "6c"]
    for seat in range(3):
        for text in (state.information_state_string(seat), state.observation_string(seat)):
            named = set(re.findall(r"\b(?:10|[2-9JQKA])[cdhs]\b", text))
            others = {card for owner, hand in enumerate(hands) if owner != seat for card in hand}
            assert set(hands[seat]) <= named
            assert not named & others
    for seat in range(3):
        seen = list(map(float, state.tablegames_state.view(seat).observation()))
        assert state.observation_tensor(seat) == seen
        recalled = state.information_state_tensor(seat)
        assert recalled[: 2 * len(seen)] == seen + seen  # the view now, the view once dealt,
        assert not any(recalled[2 * len(seen) :])  # then nothing left out, and no decision yet


def test_mcts_plays_kalaha_to_the_end(pyspiel: ModuleType) -> None:
    """OpenSpiel's MCTSBot plays a whole Kalaha game through the adapter, and beats random play."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from tablegames.adapters.openspiel import load_game

    game = load_game("kalaha", pits=4, seeds=3)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, uct_c=2, max_simulations=100, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions()))
    assert state.returns() == [1.0, -1.0]


def test_ismcts_plays_loo_to_the_end(pyspiel: ModuleType) -> None:
    """OpenSpiel's ISMCTSBot plays whole Loo games through the adapter, resampling deals with sample_state."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from tablegames.adapters.openspiel import load_game

    game = load_game("loo", players=3, rounds=2, miss=True)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2, max_simulations=30, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=chances))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            decisions += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert decisions >= 2
    assert sum(state.returns()) == pytest.approx(0)
    assert state.tablegames_state.is_over


def test_games_without_an_action_space_are_refused(pyspiel: ModuleType) -> None:
    """load_game names what is missing for a game that leaves the optional action space out, and refuses bad rewards."""
    from tablegames.adapters.openspiel import load_game

    with pytest.raises(tablegames.ConfigError, match="rewards must be one of"):
        load_game("kalaha", rewards="chips")
    del pyspiel
