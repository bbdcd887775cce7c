"""Kalo's bots: legal decisions from views alone, repeatable, and the heuristic stronger than chance.

The rules they play by are rules/kalo.md; what a bot may know is the section
(rules/kalo.md#what-each-player-knows): bots are handed a seat's view, and the
search bot deals what it cannot see with ``game.sample_state``.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.cards import round_over
from tablegames.core.bots import Bot, choose_for
from tablegames.core.search import ISMCTSBot
from tablegames.kalo import KALO, Card, ChooseCard, ChooseSeat, ChooseSlot, Kalo, KaloState, KaloView, sampling
from tablegames.kalo.actions import READY
from tablegames.kalo.bots import KaloHeuristic, KaloSearch, round_gain, search_bot
from tablegames.testing.bots import check_choose_from_state
from tablegames.testing.strategies import seeds
from tests.kalo.strategies import kalo_states
from tests.spy import Spy

if TYPE_CHECKING:
    from tablegames.core.protocol import View
    from tablegames.kalo.options import KaloOptions

any_states = st.one_of(kalo_states(), kalo_states(effect=True))


def bots_of(game: KaloOptions[KaloState]) -> dict[str, Bot]:
    """Every bot Kalo offers, the search bot kept cheap."""
    return {
        "random": game.bot("random"),
        "heuristic": game.bot("heuristic"),
        "search": game.bot("search", iterations=4),
    }


def play(state: KaloState, *moves: str) -> KaloState:
    """Apply moves written in notation."""
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


@given(any_states, seeds())
def test_every_bot_makes_only_legal_decisions_the_same_every_time(state: KaloState, seed: int) -> None:
    """Each bot returns a legal decision, and the same one for the same view and RNG state."""
    if state.is_over:
        return
    view = state.view(state.current_player)
    for name, bot in bots_of(state.game).items():
        if name == "search" and seed % 3:  # the search plays a round out per iteration: one example in three
            continue
        action = choose_for(bot, state, random.Random(seed))
        assert action in state.legal_actions()
        assert bot.choose(view, random.Random(seed)) == action


def assert_holds_no_unknown_card(view: KaloView, state: KaloState) -> None:
    """Fail if ``view`` shows a card its seat may not know (see what each player knows, rules/kalo.md)."""
    seat = view.seat
    assert seat is not None
    for owner, hand in enumerate(view.hands):
        for slot, real in zip(hand, state.hands[owner], strict=True):
            assert slot.card is (real.card if owner == seat or seat in real.known_by else None)
    effect = state.effect
    shows_pile = effect is not None and effect.rank in (4, 5) and effect.seat == seat
    assert view.pile == (state.pile if shows_pile else None)
    if view.effect is not None:
        assert effect is not None
        assert view.effect.card is (effect.card if seat in effect.seen_by else None)


@given(any_states, seeds())
def test_bots_are_handed_only_the_deciding_seats_view(state: KaloState, seed: int) -> None:
    """A bot gets a view with no card its seat may not know (rules/kalo.md#what-each-player-knows)."""
    if state.is_over or seed % 4:
        return
    seat = state.current_player
    assert seat is not None
    sampled_from: list[object] = []
    real = sampling.sample_state

    def recording(game: Kalo, view: View, rng: random.Random) -> KaloState:
        sampled_from.append(view)
        return real(game, view, rng)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sampling, "sample_state", recording)
        for bot in bots_of(state.game).values():
            spy = Spy(bot)
            choose_for(spy, state, random.Random(seed))
            (view,) = spy.seen
            assert isinstance(view, KaloView)
            assert view == state.view(seat)
            assert_holds_no_unknown_card(view, state)
    assert all(each == state.view(seat) for each in sampled_from)  # the search deals from the view alone


@given(any_states, seeds())
def test_the_heuristic_decides_alike_from_a_state_and_from_the_movers_view(state: KaloState, seed: int) -> None:
    """``choose_from_state`` reads the state yet decides as the mover's view does, in real and sampled deals alike.

    The search plays its sampled deals on with it (rules/kalo.md#what-each-player-knows): a decision that read a
    card the mover may not know would differ from the view's somewhere in these games.
    """
    check_choose_from_state(KaloHeuristic(state.game), state, seed=seed)


def test_the_bots_are_offered_by_name() -> None:
    """Kalo offers random, heuristic and ISMCTS over sampled deals."""
    game = Kalo(players=5)
    assert sorted(game.bots()) == ["heuristic", "random", "search"]
    assert game.bot("heuristic") == KaloHeuristic(game)
    search = game.bot("search", iterations=7, exploration=1.0)
    assert isinstance(search, ISMCTSBot)
    assert isinstance(search, KaloSearch)
    assert (search.iterations, search.exploration, search.rollout) == (7, 1.0, KaloHeuristic(game))
    assert (search.horizon, search.reward) == (round_over, round_gain)
    assert (search.paired, search.anchor, search.margin) == (True, KaloHeuristic(game), 1.0)
    unmoved = game.bot("search", margin=math.inf)
    assert isinstance(unmoved, KaloSearch)
    assert (unmoved.iterations, unmoved.margin) == (12, math.inf)
    with pytest.raises(tablegames.ConfigError):
        game.bot("heuristic", depth=3)
    with pytest.raises(tablegames.ConfigError):
        game.bot("search", iterations=0)
    with pytest.raises(tablegames.ConfigError):
        KaloHeuristic(tablegames.load("kalaha"))  # type: ignore[arg-type]


def test_the_search_made_directly_refuses_a_setting_it_does_not_take() -> None:
    """search_bot refuses a misspelt setting as game.bot('search') does, naming the settings it takes."""
    game = Kalo(players=4)
    assert search_bot(game, iterations=3).iterations == 3
    refusal = "bot 'search' of kalo has no setting 'iterationz'; its settings: iterations, exploration"
    with pytest.raises(tablegames.ConfigError, match=refusal):
        search_bot(game, iterationz=3)


def test_the_search_leaves_arranging_and_inserting_to_the_heuristic() -> None:
    """A hand's order is private and received slots public: arranging and inserting are not searched."""
    game = Kalo(players=4)
    search, heuristic = game.bot("search", iterations=1_000_000), game.bot("heuristic")
    state = game.start(seed=1)
    assert search.choose(state.view(state.current_player), random.Random(0)) == READY
    hands = [["3c", "Kc", "8d", "Jc"], ["Qd", "Qs", "5h"], ["6d", "8s"], ["Ad", "8h", "9h", "9s"]]
    state = play(game.position(hands, kalo_holder=0), "3c", "card 8d", "seat 3")
    view = state.view(3)
    assert search.choose(view, random.Random(4)) == heuristic.choose(view, random.Random(4))


def test_the_search_looks_to_the_end_of_the_round_and_scores_points_gained() -> None:
    """A playout stops as the round ends, scored by points gained against others'."""
    game = Kalo(players=4)
    start = game.position([["Ac"], ["Kc"], ["Qc"], ["Jc"]], leader=0, kalo_holder=0)
    middle = play(start, "Ac", "pass", "pass", "pass")
    end = play(middle, "Kc", "pass", "pass", "Qc")
    assert not round_over(start, middle)
    assert round_over(start, end)
    assert [round_gain(start, end, seat) for seat in range(4)] == pytest.approx([0.5, 1 / 6, -1 / 6, -0.5])
    assert [round_gain(start, middle, seat) for seat in range(4)] == pytest.approx([1, -1 / 3, -1 / 3, -1 / 3])


def test_the_heuristic_leads_low_and_spends_twos_to_win_the_lead() -> None:
    """The heuristic leads its lowest rank, all of it, and saves the Kalo for the end."""
    game = Kalo(players=4)
    bot = game.bot("heuristic")
    hands = [["2h", "2s", "9c", "9d", "Qc"], ["Kc", "Kd"], ["3c", "8s"], ["Ad", "8h"]]
    state = game.position(hands, leader=0)
    assert str(bot.choose(state.view(0), random.Random(0))) == "9c 9d"
    state = play(state, "Qc", "Kc", "pass", "Ad")  # nothing left it must lead to shed: it passes
    assert str(bot.choose(state.view(0), random.Random(0))) == "pass"
    hands = [["2h", "2s", "8c", "9c", "Jc"], ["Kc", "Kd"], ["3c", "8s"], ["Ad", "8h"]]
    state = play(game.position(hands, leader=1), "Kc", "pass", "Ad")  # an 8 to shed: a 2 wins the lead
    assert str(bot.choose(state.view(0), random.Random(0))) == "2s"
    hands = [["2h", "8c", "9c", "Jc"], ["Kc", "Kd"], ["3c", "8s"], ["Ad", "8h"]]
    state = play(game.position(hands, leader=1), "Kc", "pass", "Ad")  # but not the Kalo
    assert str(bot.choose(state.view(0), random.Random(0))) == "pass"
    state = play(game.position([["2s", "2h", "9c"], ["Kc", "Kd"], ["3c", "8s"], ["Ad", "8h"]], leader=1), "Kc")
    assert str(bot.choose(state.view(2), random.Random(0))) == "pass"
    state = play(state, "pass", "Ad")  # with three cards left a 2 takes the lead, keeping the Kalo
    assert str(bot.choose(state.view(0), random.Random(0))) == "2s"


def test_the_heuristic_goes_out_when_one_play_does_it() -> None:
    """A play that empties the hand, effects included, comes before everything."""
    game = Kalo(players=4)
    bot = game.bot("heuristic")
    state = game.position([["3c", "Kc"], ["Qd", "Qs"], ["3d", "8s"], ["Ad", "8h"]], leader=0, kalo_holder=0)
    assert str(bot.choose(state.view(0), random.Random(0))) == "3c"  # and give the K away: out
    state = game.position([["2s", "2d"], ["Qd", "Qs"], ["3d", "8s"], ["Ad", "8h"]], leader=1, kalo_holder=0)
    state = play(state, "Qd Qs")
    assert str(bot.choose(state.view(2), random.Random(0))) == "pass"
    assert str(bot.choose(play(state, "pass", "pass").view(0), random.Random(0))) == "2d 2s"


def test_the_heuristic_spends_the_kalo_when_its_next_lead_can_go_out() -> None:
    """Winning the lead is worth the Kalo when the cards left go out in one lead: four 5s need four on the pile."""
    game = Kalo(players=4)
    bot = game.bot("heuristic")
    hands = [["2h", "5c", "5d", "5h", "5s"], ["Ad", "Kd"], ["3c", "8s"], ["Ac", "8h"]]
    chosen: dict[int, str] = {}
    for pile in (["9c", "9d"], ["9c"]):  # with the ace and the Kalo the trick adds two cards to the pile
        state = play(game.position(hands, leader=1, pile=pile), "Ad", "pass", "pass")
        chosen[len(pile)] = str(bot.choose(state.view(0), random.Random(0)))
    assert chosen == {2: "2h", 1: "pass"}


def test_the_heuristic_resolves_effects_by_its_priorities() -> None:
    """A 3 gives its lowest card to the fullest hand, a 4 takes the best, a 6 robs."""
    game = Kalo(players=4)
    bot = game.bot("heuristic")
    state = game.position(
        [["3c", "Kc", "8d", "Jc"], ["Qd", "Qs", "5h"], ["6d", "8s"], ["Ad", "8h", "9h", "9s"]], kalo_holder=0
    )
    state = play(state, "3c")
    assert bot.choose(state.view(0), random.Random(0)) == ChooseCard(Card.parse("8d"))
    state = play(state, "card 8d")
    assert bot.choose(state.view(0), random.Random(0)) == ChooseSeat(3)  # four cards: the most
    hands = [["4c", "Kc", "8d"], ["Qd", "Qs", "5h"], ["6d", "8s", "Jd"], ["Ad", "8h"]]
    state = play(game.position(hands, pile=None, leader=0, kalo_holder=0), "4c")
    (best,) = (action for action in state.legal_actions() if str(action) == "card 2h")
    assert bot.choose(state.view(0), random.Random(0)) == best == ChooseCard(KALO)  # the Kalo, lying in the pile
    state = play(game.position(hands, leader=2, kalo_holder=0), "6d")
    assert bot.choose(state.view(2), random.Random(0)) == ChooseSeat(3)
    lone = [["4c", "Kc", "8d"], ["Qd"], ["6d", "8s", "Jd"], ["Ad", "8h", "9s"]]
    state = play(game.position(lone, leader=2, kalo_holder=0), "6d")  # robbing seat 1's last card would take it out
    assert bot.choose(state.view(2), random.Random(0)) == ChooseSeat(0)
    slot = bot.choose(play(state, "seat 0").view(2), random.Random(0))
    assert isinstance(slot, ChooseSlot)


@pytest.mark.parametrize("players", [4])
def test_the_heuristic_beats_random_play(players: int) -> None:
    """Over rotated seats the heuristic wins far more often than random play."""
    result = tablegames.simulate(Kalo(players=players), ["heuristic", "random"], games=16, seed=3)
    heuristic, chance = result.bots
    assert heuristic.win_rate - heuristic.win_rate_error > chance.win_rate + chance.win_rate_error
    assert heuristic.mean_score - heuristic.mean_score_error > chance.mean_score + chance.mean_score_error
