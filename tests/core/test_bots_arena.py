"""The bot interface, the ISMCTS search, and the arena (docs: guide/bots.md)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import TYPE_CHECKING, ClassVar

import attrs
import pytest

import tablegames
from tablegames import ConfigError, IllegalActionError, RandomBot, simulate
from tablegames.core.bots import Bot, choose_for
from tablegames.core.runs import play_bots

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, View


@attrs.frozen
class Stubborn(Bot):
    """Always plays its first legal action, remembering nothing."""

    name: ClassVar[str] = "stubborn"

    def choose(self, view: View, rng: random.Random) -> Action:
        return view.legal_actions[0]


@attrs.frozen
class Cheat(Bot):
    """Returns an action of another position: never legal here."""

    name: ClassVar[str] = "cheat"
    action: Action

    def choose(self, view: View, rng: random.Random) -> Action:
        return self.action


def test_a_bot_is_given_the_view_of_the_seat_to_act() -> None:
    """choose_for hands the bot exactly the acting seat's view, never the state."""
    seen: list[object] = []

    @attrs.frozen
    class Spy(Bot):
        name: ClassVar[str] = "spy"

        def choose(self, view: View, rng: random.Random) -> Action:
            seen.append(view)
            return view.legal_actions[0]

    state = tablegames.load("loo", players=3).start(seed=4)
    choose_for(Spy(), state, random.Random(0))
    assert seen == [state.view(state.current_player)]


def test_an_illegal_choice_is_refused() -> None:
    """A bot that returns an illegal action gets IllegalActionError naming the bot."""
    state = tablegames.load("kalaha").start(seed=1)
    drop = tablegames.load("loo").start(seed=1).legal_actions()[1]
    with pytest.raises(IllegalActionError, match="bot 'cheat' chose drop, which is not legal for seat 0"):
        choose_for(Cheat(drop), state, random.Random(0))


def test_random_bot_is_repeatable() -> None:
    """The same view and the same RNG state give the same action."""
    state = tablegames.load("kalo").start(seed=2)
    view = state.view(state.current_player)
    first = [RandomBot().choose(view, random.Random(seed)) for seed in range(20)]
    assert first == [RandomBot().choose(view, random.Random(seed)) for seed in range(20)]
    assert len(set(first)) > 1


def test_play_bots_needs_one_bot_per_seat() -> None:
    """play_bots plays a whole game, and refuses the wrong number of bots."""
    game = tablegames.load("kalaha", pits=3, seeds=2)
    assert play_bots(game, [Stubborn(), RandomBot()], seed=3).is_over
    with pytest.raises(ConfigError, match="needs 2 bots, got 1"):
        play_bots(game, [Stubborn()], seed=3)


def test_unknown_bots_and_settings_are_config_errors() -> None:
    """game.bot names the bots a game offers; a bad setting is a ConfigError too."""
    game = tablegames.load("loo")
    with pytest.raises(ConfigError, match="loo has no bot named 'oracle'; its bots: random"):
        game.bot("oracle")
    with pytest.raises(ConfigError, match="bot 'random' of loo"):
        game.bot("random", depth=3)


def test_the_arena_is_the_same_for_any_number_of_workers() -> None:
    """Game i depends only on the run's seed and i: one and two workers give the same results."""
    game = tablegames.load("kalaha", pits=4, seeds=3)
    one = simulate(game, ["random", "random"], games=30, seed=9, workers=1)
    two = simulate(game, ["random", "random"], games=30, seed=9, workers=2)
    assert one == two
    assert one.to_dict() == two.to_dict()
    assert one != simulate(game, ["random", "random"], games=30, seed=10)


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    """Each game moves every bot one seat on: over a run each bot holds each seat equally often."""
    game = tablegames.load("loo", players=3, rounds=1)
    result = simulate(game, ["random", "random", "random"], games=30, seed=2)
    places = Counter((seat, bot) for each in result.results for seat, bot in enumerate(each.seat_bots))
    assert set(places.values()) == {10}
    assert [stats.seats for stats in result.bots] == [30, 30, 30]
    assert sum(stats.wins for stats in result.bots) == pytest.approx(30)
    assert "win rate (95%)" in str(result)


def test_arena_arguments_are_checked() -> None:
    """Unknown bots, no bots, a name for a game or a bot list, and counts below one are refused before any game."""
    game = tablegames.load("kalaha")
    with pytest.raises(ConfigError, match="no bot named"):
        simulate(game, ["random", "oracle"], games=2, seed=1)
    with pytest.raises(ConfigError, match="at least one bot"):
        simulate(game, [], games=2, seed=1)
    with pytest.raises(ConfigError, match=r"the arena plays a Game, such as tablegames\.load"):
        simulate("kalaha", ["random"], games=2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="bots are a list of names or Bot objects"):
        simulate(game, "random", games=2, seed=1)
    with pytest.raises(ConfigError, match="games must be an integer of at least 1"):
        simulate(game, ["random"], games=0, seed=1)
    with pytest.raises(ConfigError, match="workers must be"):
        simulate(game, ["random"], games=1, seed=1, workers=0)


def test_a_progress_callback_sees_every_game() -> None:
    """The arena reports its progress as games finish, ending at the total."""
    seen: list[tuple[int, int]] = []
    game = tablegames.load("kalaha", pits=3, seeds=2)
    simulate(game, ["random"], games=7, seed=1, progress=lambda *n: seen.append(n))
    assert seen[-1] == (7, 7)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@attrs.frozen
class _First(Bot):
    """Always the first legal action: an anchor with a known, often poor, choice."""

    name: ClassVar[str] = "first"

    def choose(self, view: tablegames.View, rng: random.Random) -> tablegames.Action:
        return view.legal_actions[0]


def _capture_position() -> tuple[tablegames.State, tablegames.Action, tablegames.Action]:
    """A Kalaha position where pit a sows harmlessly and pit b captures seven seeds and wins."""
    from tablegames.kalaha import Kalaha

    game = Kalaha(pits=3, seeds=2)
    state = game.position([[1, 1, 0], [6, 0, 0]], stores=[2, 2], to_move=0)
    return state, state.parse_action("a"), state.parse_action("b")


def test_a_search_keeps_its_anchors_choice_unless_another_is_clearly_better() -> None:
    """With an anchor, the search returns the anchor's action unless another beats it by ``margin`` errors."""
    from tablegames.core.search import ISMCTSBot

    state, first, capture = _capture_position()
    view = state.view(0)
    assert view.legal_actions[0] == first
    game = state.game
    unsure = ISMCTSBot(game, iterations=200, anchor=_First(), margin=math.inf)
    sure = ISMCTSBot(game, iterations=200, anchor=_First(), margin=2.0)
    plain = ISMCTSBot(game, iterations=200)
    assert unsure.choose(view, random.Random(1)) == first
    assert sure.choose(view, random.Random(1)) == capture
    assert plain.choose(view, random.Random(1)) == capture


def test_an_anchor_with_a_single_legal_action_is_not_asked() -> None:
    """A forced move is returned at once, anchored or not."""
    from tablegames.core.search import ISMCTSBot
    from tablegames.kalaha import Kalaha

    game = Kalaha(pits=3, seeds=2)
    state = game.position([[0, 0, 1], [1, 2, 0]], stores=[4, 4], to_move=0)
    (only,) = state.legal_actions()
    assert ISMCTSBot(game, iterations=5, anchor=_First()).choose(state.view(0), random.Random(0)) == only


def test_a_paired_search_plays_every_deal_with_every_action() -> None:
    """With ``paired``, each iteration plays one playout per legal action, and the best mean wins."""
    from tablegames.core.search import ISMCTSBot, win_share

    state, first, capture = _capture_position()
    calls: list[int] = []

    def counted(start: tablegames.State, end: tablegames.State, seat: int) -> float:
        calls.append(seat)
        return win_share(start, end, seat)

    bot = ISMCTSBot(state.game, iterations=7, paired=True, reward=counted)
    assert bot.choose(state.view(0), random.Random(3)) == capture
    assert calls == [0] * 7 * len(state.legal_actions())
    anchored = ISMCTSBot(state.game, iterations=30, paired=True, anchor=_First(), margin=math.inf)
    assert anchored.choose(state.view(0), random.Random(3)) == first
    overruled = ISMCTSBot(state.game, iterations=30, paired=True, anchor=_First(), margin=2.0)
    assert overruled.choose(state.view(0), random.Random(3)) == capture


def test_a_bot_asked_for_by_its_class_is_that_bot_with_its_settings_checked() -> None:
    """``game.bot(Class, **settings)`` makes the game's bot of that class; another class or a bad setting is refused."""
    from tablegames.core.search import ISMCTSBot
    from tablegames.kalaha.bots import KalahaSearch
    from tablegames.kalo.bots import KaloSearch

    kalaha, kalo, loo = tablegames.load("kalaha"), tablegames.load("kalo"), tablegames.load("loo")
    assert kalaha.bot(KalahaSearch, depth=3) == kalaha.bot("search", depth=3)
    assert isinstance(kalo.bot(KaloSearch, iterations=2), KaloSearch)
    assert isinstance(loo.bot(ISMCTSBot, iterations=2), ISMCTSBot)
    assert type(kalaha.bot(tablegames.RandomBot)) is tablegames.RandomBot
    with pytest.raises(ConfigError, match="kalaha has no bot of the class KaloSearch; its bots: random, heuristic"):
        kalaha.bot(KaloSearch)
    with pytest.raises(ConfigError, match="bot 'search' of kalaha: depth must be"):
        kalaha.bot(KalahaSearch, depth=0)
