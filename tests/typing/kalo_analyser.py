"""A Kalo position analyser: what each legal play of a position leads to, and why a refused one is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tablegames

if TYPE_CHECKING:
    from tablegames.kalo import KaloState


def outcomes(seed: int) -> dict[str, int]:
    """For each legal decision at a seed's start, how many cards the seat to move holds after it."""
    game = tablegames.load("kalo", players=3)
    state: KaloState = game.start(seed=seed)
    seat = state.current_player
    assert seat is not None
    return {str(action): len(state.apply(action).hands[seat]) for action in state.legal_actions()}


def refusals(seed: int) -> list[str]:
    """Why each decision of another moment is refused now (the reasons a frontend shows)."""
    game = tablegames.load("kalo", players=3)
    state = game.start(seed=seed)
    later = state.apply(state.legal_actions()[-1])
    return [reason for action in later.legal_actions() if (reason := state.why_illegal(action)) is not None]
