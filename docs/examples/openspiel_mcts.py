"""OpenSpiel's MCTS as a tablegames bot, measured against Kalaha's heuristic in the arena.

The bot is given only its seat's view, as every bot is; Kalaha hides nothing,
so ``game.sample_state`` gives back the position, which the OpenSpiel adapter
turns into an OpenSpiel state for ``MCTSBot`` to search. The arena seats the
two bots in turn and gives each a win rate with its 95% interval.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

import attrs
import numpy as np
from open_spiel.python.algorithms import mcts

import tablegames
from tablegames.adapters.openspiel import TablegamesGame, load_game

if TYPE_CHECKING:
    import random


@functools.cache
def spiel_game(game: tablegames.Game[tablegames.State]) -> TablegamesGame:
    """The OpenSpiel game of a tablegames game, loaded once."""
    return load_game(game.name, **game.options())


@attrs.frozen
class OpenSpielMCTS(tablegames.Bot):
    """OpenSpiel's MCTSBot with random rollouts, choosing from a seat's view."""

    name: ClassVar[str] = "openspiel-mcts"

    game: tablegames.Game[tablegames.State]
    simulations: int = 100

    def choose(self, view: tablegames.View, rng: random.Random) -> tablegames.Action:
        """Search from the position the view shows; the bot's randomness comes from ``rng``."""
        spiel = spiel_game(self.game)
        state = spiel.state_from(self.game.sample_state(view, rng))
        numbers = np.random.RandomState(rng.randrange(2**32))
        evaluator = mcts.RandomRolloutEvaluator(1, numbers)
        bot = mcts.MCTSBot(spiel, uct_c=2, max_simulations=self.simulations, evaluator=evaluator, random_state=numbers)
        return self.game.action_from_index(int(bot.step(state)))


def main(games: int = 10, simulations: int = 100) -> tablegames.ArenaResult:
    """Play ``games`` games of Kalaha 4x3, MCTS against the heuristic, seats taken in turn."""
    game = tablegames.load("kalaha", pits=4, seeds=3)
    return tablegames.simulate(game, [OpenSpielMCTS(game, simulations), "heuristic"], games=games, seed=1)


if __name__ == "__main__":
    print(main())
