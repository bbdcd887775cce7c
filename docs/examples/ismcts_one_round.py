"""OpenSpiel's IS-MCTS as a tablegames bot, measured at one-round Loo or Kalo against random or heuristic play.

The bot sees only its seat's view. ``game.sample_state`` deals the cards it
cannot see at random, the OpenSpiel adapter turns that deal into an OpenSpiel
state, and ``ISMCTSBot`` searches from it, dealing the unseen cards again for
every simulation through ``resample_from_infostate``. The arena seats the bots
in turn and gives each a win rate with its 95% interval.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

import attrs
import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import tablegames
from tablegames.adapters.openspiel import TablegamesGame, load_game

if TYPE_CHECKING:
    import random


@functools.cache
def spiel_game(game: tablegames.Game[tablegames.State]) -> TablegamesGame:
    """The OpenSpiel game of a tablegames game, loaded once."""
    return load_game(game.name, **game.options())


@attrs.frozen
class OpenSpielISMCTS(tablegames.Bot):
    """OpenSpiel's ISMCTSBot with random rollouts, choosing from a seat's view."""

    name: ClassVar[str] = "openspiel-ismcts"

    game: tablegames.Game[tablegames.State]
    simulations: int = 100

    def choose(self, view: tablegames.View, rng: random.Random) -> tablegames.Action:
        """Search from a deal the view allows; the bot's randomness comes from ``rng``."""
        spiel = spiel_game(self.game)
        state = spiel.state_from(self.game.sample_state(view, rng))
        numbers = np.random.RandomState(rng.randrange(2**32))
        evaluator = mcts.RandomRolloutEvaluator(1, numbers)
        bot = ismcts.ISMCTSBot(spiel, evaluator, uct_c=2, max_simulations=self.simulations, random_state=numbers)
        return self.game.action_from_index(int(bot.step(state)))


def main(
    games: int = 60, simulations: int = 100, opponent: str = "random", name: str = "loo"
) -> tablegames.ArenaResult:
    """Play ``games`` one-round games of ``name`` for 3: IS-MCTS against two ``opponent`` bots, seats taken in turn.

    Both card games take ``rounds=1``: a game is one deal, scored as its
    round's points (Loo's chips, Kalo's places), so a simulation ends with it.
    """
    game = tablegames.load(name, players=3, rounds=1)
    bot = OpenSpielISMCTS(game, simulations)
    return tablegames.simulate(game, [bot, opponent, opponent], games=games, seed=1)


#: The runs the agents guide reports, by game: the games against each opponent, and the simulations a decision.
REPORTED = {"loo": (150, 100), "kalo": (30, 30)}

if __name__ == "__main__":
    import sys

    name = sys.argv[1] if len(sys.argv) > 1 else "loo"
    games, simulations = REPORTED[name]
    for opponent in ("random", "heuristic"):
        print(main(games, simulations, opponent, name))
