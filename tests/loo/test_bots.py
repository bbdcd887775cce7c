"""Loo's bots: legal, repeatable, given views only, and the heuristic stronger than chance (docs: guide/bots.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames import ConfigError, IllegalActionError
from tablegames.cards import round_over
from tablegames.core.bots import Bot, RandomBot, choose_for
from tablegames.core.runs import play_bots
from tablegames.core.search import ISMCTSBot
from tablegames.loo import Loo, LooState, LooView
from tablegames.loo.bots import LooHeuristic, round_reward, search_bot
from tablegames.testing.bots import check_choose_from_state
from tablegames.testing.strategies import seeds
from tests.loo.strategies import loo_states
from tests.loo.test_leaks import exchange_unknown
from tests.spy import Spy

if TYPE_CHECKING:
    from tablegames.loo.options import LooOptions

BOTS = ("random", "heuristic", "search")


def made(game: LooOptions[LooState], name: str) -> Bot:
    """The bot called ``name``, the search kept cheap."""
    return game.bot(name, iterations=20) if name == "search" else game.bot(name)


def play(state: LooState, moves: str) -> LooState:
    for move in moves.split():
        state = state.apply(state.parse_action(move))
    return state


def dealt(game: Loo, hands: str, turned: str, miss: str | None = None) -> LooState:
    """A deal from hands written seat by seat, separated by ``|``."""
    return game.deal([hand.split() for hand in hands.split("|")], turned, miss.split() if miss else None)


@given(loo_states(max_actions=80), seeds())
def test_every_bot_returns_only_legal_actions(state: LooState, seed: int) -> None:
    """Each bot, asked for the seat to act, returns one of its legal actions (docs: guide/bots.md)."""
    if state.is_over:
        return
    for name in BOTS:
        action = choose_for(made(state.game, name), state, random.Random(seed))
        assert action in state.legal_actions()


@given(loo_states(max_actions=80), seeds())
def test_the_same_view_and_rng_state_give_the_same_action(state: LooState, seed: int) -> None:
    """Bots are deterministic: the same view and RNG state give the same choice (docs: guide/bots.md)."""
    if state.is_over:
        return
    view = state.view(state.current_player)
    for name in BOTS:
        bot = made(state.game, name)
        first, second = random.Random(seed), random.Random(seed)
        assert bot.choose(view, first) == bot.choose(view, second)
        assert first.getstate() == second.getstate()


@settings(max_examples=15)
@given(loo_states(max_actions=80), seeds())
def test_choices_do_not_depend_on_cards_the_seat_cannot_see(state: LooState, seed: int) -> None:
    """Exchanging the cards the seat to act cannot see changes no bot's choice (docs: guide/bots.md)."""
    seat = state.current_player
    if seat is None:
        return
    other = exchange_unknown(state, seat, random.Random(seed))
    for name in ("heuristic", "search"):
        bot = made(state.game, name)
        assert choose_for(bot, state, random.Random(seed)) == choose_for(bot, other, random.Random(seed))


@given(loo_states(max_actions=80), seeds())
def test_the_heuristic_decides_alike_from_a_state_and_from_the_movers_view(state: LooState, seed: int) -> None:
    """``choose_from_state`` reads the state yet decides as the mover's view does, in real and sampled deals alike.

    The search plays its sampled deals on with it (docs: guide/bots.md): a decision that read a card the mover
    cannot see would differ from the view's somewhere in these rounds.
    """
    check_choose_from_state(LooHeuristic(game=state.game), state, seed=seed)


def assert_only_views(given_views: list[object], players: int) -> None:
    """Every object a bot was given is a seat's LooView holding no hand but that seat's."""
    assert given_views
    for view in given_views:
        assert isinstance(view, LooView)
        assert view.seat is not None
        assert view.current_player == view.seat
        assert not {"hands", "miss", "stock", "seed"} & set(attrs.fields_dict(LooView))
        assert len(view.hand) == view.hand_sizes[view.seat]
        assert len(view.hand_sizes) == players


def test_bots_are_given_views_only() -> None:
    """In play, and in the search's own rollouts by default, a bot gets a seat's view (docs: guide/bots.md)."""
    game = Loo(players=4, rounds=2, miss=True)
    spies = [Spy(game.bot("heuristic")), Spy(RandomBot()), Spy(game.bot("heuristic")), Spy(RandomBot())]
    assert play_bots(game, spies, seed=5).is_over
    assert_only_views([view for spy in spies for view in spy.seen], game.players)
    rollout = Spy(LooHeuristic(game=game))
    search = Spy(search_bot(game, iterations=10, rollout=rollout))
    state = game.start(seed=6)
    for _ in range(8):
        state = state.apply(choose_for(search, state, random.Random(1)))
    assert_only_views(search.seen + rollout.seen, game.players)


def test_bots_repeat_across_processes() -> None:
    """Two fresh processes give the same sample and the same choices: no set or hash order leaks in (guide/bots.md)."""
    script = (
        "import json, random\n"
        "from tablegames.loo import Loo\n"
        "game = Loo(players=5, rounds=2)\n"
        "state = game.start(seed=3)\n"
        "for _ in range(11):\n"
        "    state = state.apply(state.legal_actions()[0])\n"
        "view = state.view(state.current_player)\n"
        "sample = game.sample_state(view, random.Random(1)).to_dict()\n"
        "bots = [str(game.bot(n, **({'iterations': 30} if n == 'search' else {})).choose(view, random.Random(2)))\n"
        "        for n in ('heuristic', 'search')]\n"
        "print(json.dumps([sample, bots]))\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
        for _ in range(2)
    ]
    assert json.loads(runs[0]) == json.loads(runs[1])


def test_the_heuristic_beats_random() -> None:
    """Over 200 games of four-player Loo the heuristic wins clearly more often than random play (guide/bots.md)."""
    result = tablegames.simulate(Loo(players=4, rounds=2), ["heuristic", "random"], games=200, seed=1)
    heuristic, chance = result.bots
    assert heuristic.win_rate - heuristic.win_rate_error > chance.win_rate + chance.win_rate_error
    assert heuristic.mean_score > chance.mean_score


def test_the_heuristic_heads_with_its_cheapest_winning_card() -> None:
    """Able to win the trick, it plays the lowest card that wins (rules/loo.md#must-head)."""
    game = Loo(players=3, rounds=1)
    state = dealt(game, "2c 5s 9s Ks As|Qs 3c 4c 5c 6c|7s 8c 9c 10c Qc", "2h")
    state = play(state, "play play play Qs 7s")
    assert [str(action) for action in state.legal_actions()] == ["Ks", "As"]  # must head (L9)
    assert str(game.bot("heuristic").choose(state.view(0), random.Random(0))) == "Ks"


def test_the_heuristic_keeps_its_trumps_when_it_cannot_win() -> None:
    """Unable to win, it plays its lowest legal card, keeping Pam and high trumps (rules/loo.md#must-trump)."""
    game = Loo(players=3, rounds=1)
    state = dealt(game, "Ah 3h 2s 3s 4s|Qd 3c 4c 5c 6c|Jc 8c 9c 10c Qc", "2h")
    state = play(state, "play play play Qd Jc")
    assert [str(action) for action in state.legal_actions()] == ["3h", "Ah"]  # void: trump, though none beats Pam
    assert str(game.bot("heuristic").choose(state.view(0), random.Random(0))) == "3h"


def test_the_heuristic_wins_its_first_trick_surely_and_later_ones_cheaply() -> None:
    """Able to win before the trick's last card, it spends Pam while it has no trick yet, its cheapest winner after."""
    game = Loo(players=3, rounds=1)
    state = play(dealt(game, "3d 5c 6s 7s 8s|2d Ac Qs 3s 4s|Ad 4c Kh Jc 9d", "2h"), "play play play")
    first = play(state, "Qs")  # seat 2 has no spade: it must trump, with the king or with Pam
    assert [str(action) for action in first.legal_actions()] == ["Jc", "Kh"]
    assert str(game.bot("heuristic").choose(first.view(2), random.Random(0))) == "Jc"
    later = play(state, "2d Ad 3d 4c 5c Ac Qs")  # seat 2 took the first trick; seat 1 leads the third
    assert later.tricks_won[2] == 1
    assert str(game.bot("heuristic").choose(later.view(2), random.Random(0))) == "Kh"


def test_the_heuristic_leads_a_sure_winner() -> None:
    """Leading, it plays a card nothing left can beat: Pam (docs: guide/bots.md)."""
    game = Loo(players=3, rounds=1)
    state = play(dealt(game, "2c 3c 4c 5c 6c|Jc 7h 2s 3s 4s|8c 9c 10c Qc Kc", "2h"), "play play play")
    assert state.current_player == 1
    assert str(game.bot("heuristic").choose(state.view(1), random.Random(0))) == "Jc"


@pytest.mark.parametrize(
    ("hand", "choice"),
    [("Jc Ah Kh Qh 2c", "play"), ("2c 3c 4d 5d 3s", "drop")],
    ids=["strong", "hopeless"],
)
def test_the_heuristic_plays_strong_hands_and_drops_hopeless_ones(hand: str, choice: str) -> None:
    """Deciding, it stays in with Pam and high trumps and drops a hand with nothing (docs: guide/bots.md)."""
    game = Loo(players=4)
    state = dealt(game, f"Ad Kd Qd Jd 10d|{hand}|8c 9c 10c Qc Kc|2d 6d 7d 8d 9d", "2h")
    assert state.current_player == 1
    assert str(game.bot("heuristic").choose(state.view(1), random.Random(0))) == choice


def test_the_heuristic_takes_a_free_miss_for_a_hopeless_hand() -> None:
    """With a hopeless hand and the Miss free, it takes the Miss rather than drop (docs: guide/bots.md)."""
    hands = "Kc 9c 3d 7h 3s|2c 3c 4h 5h 2s|4c 7c Jd 3h Qs|Ac Qd 8d Kh 10s"
    free = dealt(Loo(players=4, miss=True, miss_fee=0), hands, "Ad", miss="Jc 6d 9h Ah 8s")
    assert str(LooHeuristic(game=free.game).choose(free.view(1), random.Random(0))) == "miss"
    costly = dealt(Loo(players=4), hands, "Ad")
    assert str(LooHeuristic(game=costly.game).choose(costly.view(1), random.Random(0))) == "drop"


def test_the_search_stays_in_with_an_unbeatable_hand() -> None:
    """With Pam and the top trumps every trick is won, and the search plays (docs: guide/bots.md)."""
    game = Loo(players=4, rounds=1)
    state = dealt(game, "2c 3c 4c 5c 6c|Jc Ah Kh Qh Jh|7c 8c 9c 10c Qc|2s 3s 4s 5s 6s", "2h")
    assert str(game.bot("search", iterations=60).choose(state.view(1), random.Random(0))) == "play"


def test_the_search_bot_is_an_ismcts_to_the_end_of_the_round() -> None:
    """game.bot('search') is ISMCTS with the heuristic rollout, the round horizon and reward (docs: guide/bots.md)."""
    game = Loo(players=3)
    bot = game.bot("search", iterations=7, exploration=1.0)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.exploration) == (7, 1.0)
    assert bot.rollout == LooHeuristic(game=game)
    assert (bot.horizon, bot.reward) == (round_over, round_reward)
    with pytest.raises(ConfigError, match="bot 'search' of loo"):
        game.bot("search", depth=3)
    with pytest.raises(ConfigError, match="boldness"):
        game.bot("heuristic", boldness="bold")
    with pytest.raises(ConfigError, match="Loo game"):
        LooHeuristic(game=tablegames.load("kalaha"))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="nothing to choose"):
        LooHeuristic(game=game).choose(game.start(seed=1).view(0), random.Random(0))


def test_the_search_made_directly_refuses_a_setting_it_does_not_take() -> None:
    """search_bot refuses a misspelt setting as game.bot('search') does, naming the settings it takes."""
    game = Loo(players=3)
    assert search_bot(game, iterations=3).iterations == 3
    with pytest.raises(ConfigError, match="search' of loo has no setting 'iterationz'; its settings: iterations"):
        search_bot(game, iterationz=3)


@given(loo_states(max_actions=60), st.data())
def test_the_search_reward_is_bounded_and_the_horizon_is_the_round(state: LooState, data: st.DataObject) -> None:
    """Scores stay in [-1, 1] and the horizon falls when the round ends (docs: guide/bots.md)."""
    end = state
    rng = random.Random(data.draw(seeds()))
    while not end.is_over and not round_over(state, end):
        end = end.apply(rng.choice(end.legal_actions()))
    assert round_over(state, end)
    assert end.is_over or end.round_number == state.round_number + 1
    rewards = [round_reward(state, end, seat) for seat in range(state.game.players)]
    assert all(-1.0 <= reward <= 1.0 for reward in rewards)
    # Chips are zero-sum; a finished game scores its result: some seat wins or loses outright, or all share it.
    settled = any(abs(reward) == 1.0 for reward in rewards) or len(set(rewards)) == 1
    assert sum(rewards) == pytest.approx(0.0, abs=1e-9) or (end.is_over and settled)
