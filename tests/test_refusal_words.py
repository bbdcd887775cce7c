"""No refusal a player can meet cites a ruling code or names a seat where "you" is meant.

Over games played at random, every action that is not legal at a decision
(each card, a pass, each decision of the other phases) is refused, and the
refusal is in players' words: no ``(K4)``, ``(L9, must head)`` or ``(H2)``
(rules/loo.md#following, rules/kalo.md#following).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import pytest

from tablegames import IllegalActionError
from tablegames.kalaha import Kalaha, Sow
from tablegames.kalo import DECK as KALO_DECK
from tablegames.kalo import Kalo, Pass, Play
from tablegames.loo import DECK as LOO_DECK
from tablegames.loo import Drop, Loo, PlayCard, Stay, TakeMiss

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Action, State

#: A ruling code in brackets, as the rules pages cite them: (K4), (L9, must head), (H2).
CODE = re.compile(r"\([HKL]\d")


def _refusals(state: State, candidates: Sequence[Action], steps: int, seed: int) -> list[str]:
    """Every refusal met over ``steps`` random decisions from ``state``, of each candidate not legal there."""
    chooser = random.Random(seed)
    said: list[str] = []
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        for action in candidates:
            if action not in legal:
                with pytest.raises(IllegalActionError) as caught:
                    state.apply(action)
                said.append(str(caught.value))
        state = state.apply(chooser.choice(legal))
    return said


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_loo_refusals_cite_no_ruling(seed: int) -> None:
    """Loo, with the Miss: no refusal cites a ruling code or says "seat N may not"."""
    candidates: list[Action] = [Stay(), Drop(), TakeMiss(), *(PlayCard(card) for card in LOO_DECK)]
    said = _refusals(Loo(players=4, miss=True, rounds=2).start(seed=seed), candidates, 60, seed)
    assert said
    assert [text for text in said if CODE.search(text) or re.search(r"seat \d may not", text)] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_kalo_refusals_cite_no_ruling(seed: int) -> None:
    """Kalo: no refusal of a card or a pass cites a ruling code or names the refused player's seat."""
    candidates: list[Action] = [Pass(), *(Play((card,)) for card in KALO_DECK)]
    state = Kalo(players=4).start(seed=seed)
    said = _refusals(state, candidates, 120, seed)
    assert said
    assert [text for text in said if CODE.search(text) or re.search(r"seat \d('s hand| must| leads)", text)] == []


def test_kalaha_refusals_cite_no_ruling() -> None:
    """Kalaha: no refusal of a pit cites a ruling code."""
    said = _refusals(Kalaha().start(), [Sow(pit) for pit in range(6)], 40, 1)
    assert said
    assert [text for text in said if CODE.search(text)] == []
