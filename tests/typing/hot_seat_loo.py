"""A hot-seat Loo at one screen: each seat sees its own view, and may take back its own last decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tablegames

if TYPE_CHECKING:
    from tablegames.loo import LooState


def play(seed: int) -> LooState:
    """Play a 3-player Loo to the end, every seat taking its first legal decision and seat 0 changing its mind once."""
    match: tablegames.Match[LooState] = tablegames.Match(tablegames.load("loo", players=3, rounds=1), seed=seed)
    took_back = False
    while not match.state.is_over:
        seat = match.state.current_player
        assert seat is not None
        view = match.state.view(seat)
        match.play(view.legal_actions[0], seat=seat)
        if seat == 0 and not took_back:
            match.undo(seat=0)
            took_back = True
    return match.state
