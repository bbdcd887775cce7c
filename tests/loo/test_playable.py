"""`playable`, the fast path of Loo's legal cards, against `follow`, the rule as written."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tablegames.loo.cards import card_key
from tablegames.loo.tricks import follow, playable
from tests.loo.strategies import Situation, situations


@given(
    st.one_of(
        situations(), situations(suited=(0, 0)), situations(suited=(0, 0), trumps=(0, 0)), situations(pam_led=True)
    ),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_playable_gives_the_cards_follow_allows(situation: Situation, lead: bool, wild: bool, highest: bool) -> None:
    """For any hand, trick, trump and options, `playable` allows exactly `follow`'s cards, in `DECK` order.

    Checks rules/loo.md#following, rules/loo.md#must-follow, rules/loo.md#must-head and rules/loo.md#must-trump
    on the fast path.
    """
    hand, trick, trump = situation
    ordered = tuple(sorted(hand, key=card_key))
    played = [] if lead else trick
    options = {"pam_is_wild": wild, "trump_must_be_highest": highest}
    assert playable(ordered, played, trump, **options) == follow(hand, played, trump, **options).cards
