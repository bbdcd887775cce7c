"""Hypothesis strategies that draw seeds, reachable states and legal actions of any game.

Needs the ``test`` extra (hypothesis).

Examples:
    >>> import tablegames
    >>> from hypothesis import given
    >>> from tablegames.testing.strategies import states
    >>> @given(states(tablegames.load("kalaha", pits=3)))
    ... def test_scores_are_never_negative(state):
    ...     assert min(state.scores) >= 0
    >>> test_scores_are_never_negative()
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import strategies as st

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Game, State

__all__ = ["actions", "seeds", "states"]


def seeds() -> st.SearchStrategy[int]:
    """Draw a seed for ``game.start``."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def actions(state: State) -> st.SearchStrategy[Action]:
    """Draw one of ``state``'s legal actions (it must not be over)."""
    return st.sampled_from(state.legal_actions())


@st.composite
def states(draw: st.DrawFn, game: Game[State], max_actions: int = 200) -> State:
    """Draw a state reachable from a start of ``game`` by up to ``max_actions`` legal actions.

    Shrinks toward fewer actions and toward each state's first legal action.
    """
    state = game.start(seed=draw(seeds()))
    for _ in range(draw(st.integers(min_value=0, max_value=max_actions))):
        if state.is_over:
            break
        state = state.apply(draw(actions(state)))
    return state
