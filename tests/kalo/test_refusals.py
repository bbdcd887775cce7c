"""Each refusal of a play names the rule that refuses it, in a player's words, and what may be played instead.

Checks rules/kalo.md#following, rules/kalo.md#leading and rules/kalo.md#effects:
after a lone 5, a 4, a 5, a 3 and a pair of 6s are each refused for their own
reason, and a play whose effects cannot all be carried out says which effect.
"""

from __future__ import annotations

import pytest

from tablegames import IllegalActionError
from tablegames.kalo import Kalo, KaloState
from tablegames.kalo.reasons import KALO_REASONS

FOUR = Kalo(players=4)


def _after_a_lone_five() -> KaloState:
    """Seat 0 led a lone 5; seat 1 holds a 3, a 4, a 5, two 6s and a 9."""
    hands = [["8c"], ["3c", "4c", "5c", "6c", "6d", "9c"], ["Kd"], ["Qd"]]
    return FOUR.position(hands, trick=[(0, ["5d"])], pile=["7c", "7d"], kalo_holder=0)


def _leading(hand: str, *, pile: list[str], others: list[list[str]] | None = None) -> KaloState:
    """Seat 0 to lead ``hand``, with ``pile`` on the discard pile; by default each other seat holds one card."""
    rest = others if others is not None else [["Ad"], ["Kd"], ["Qd"]]
    out = [seat for seat, cards in enumerate(rest, start=1) if not cards]
    return FOUR.position([hand.split(), *rest], leader=0, pile=pile, out=out, kalo_holder=0)


FOLLOW = "play 1 card higher than 5, or pass; legal: 6c, 6d, 9c, pass"


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("4c", f"a 4 is lower than a 5: {FOLLOW}"),
        ("5c", f"a 5 does not beat a 5: {FOLLOW}"),
        ("3c", f"a 3 is lower than a 5: {FOLLOW}"),
        ("6c 6d", f"the last play is a single 5, so a play on it has 1 card, not 2: {FOLLOW}"),
        ("Ac", "Ac is not in your hand; legal: 6c, 6d, 9c, pass"),
    ],
    ids=["lower", "same-rank", "lower-with-effect", "wrong-count", "not-held"],
)
def test_each_refusal_after_a_lone_five_says_its_own_reason(bad: str, reason: str) -> None:
    """A 4, a 5, a 3 and a pair of 6s on a lone 5: each refusal says which rule refuses it (rules/kalo.md#following)."""
    state = _after_a_lone_five()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(state.parse_action(bad))
    assert str(caught.value) == reason


@pytest.mark.parametrize(
    ("state", "bad", "reason"),
    [
        (
            _leading("3c 3d", pile=["7c"]),
            "3c 3d",
            "each 3 must give a card from your hand after the play, and these are your last cards: "
            "nothing would be left to give; legal: 3c, 3d",
        ),
        (
            _leading("3c 3d 9c", pile=["7c"]),
            "3c 3d",
            "each 3 must give a card from your hand after the play: playing 2 leaves you 1 card, too few to give 2; "
            "legal: 3c, 3d, 9c",
        ),
        (
            _leading("4c 4d 9c", pile=[]),
            "4c",
            "each 4 must take a card from the discard pile, and the discard pile is empty; legal: 9c",
        ),
        (
            _leading("5c 5d 9c", pile=["7c"]),
            "5c 5d",
            "each 5 must give a card from the discard pile, and the discard pile holds only 1 card: "
            "2 5s are too many; legal: 5c, 5d, 9c",
        ),
        (
            _leading("6c 6d 9c", pile=["7c"], others=[["Ad"], [], []]),
            "6c 6d",
            "each 6 must take a card from another hand, and the other hands hold only 1 card: "
            "2 6s are too many; legal: 6c, 6d, 9c",
        ),
        (
            _leading("4c 9c", pile=[]),
            "pass",
            "you lead this trick, so you must play: a leader cannot pass; legal: 9c",
        ),
    ],
    ids=["3s-last-cards", "3s-too-few-left", "4-empty-pile", "5s-small-pile", "6s-few-cards-held", "leader-pass"],
)
def test_a_play_whose_effects_cannot_be_carried_out_says_which_effect(state: KaloState, bad: str, reason: str) -> None:
    """Effects are compulsory: a play is refused naming the effect it cannot carry out (rules/kalo.md#effects)."""
    with pytest.raises(IllegalActionError) as caught:
        state.apply(state.parse_action(bad))
    assert str(caught.value) == reason


def test_no_refusal_cites_a_rule_code() -> None:
    """Refusals are for players: no ruling code such as (K4) appears in any of them."""
    state = _after_a_lone_five()
    for bad in ("4c", "5c", "3c", "6c 6d", "Ac"):
        with pytest.raises(IllegalActionError) as caught:
            state.apply(state.parse_action(bad))
        assert "(K" not in str(caught.value)
        assert "seat" not in str(caught.value)


@pytest.mark.parametrize(
    ("key", "fields", "said"),
    [
        ("kalo.lower", {"rank": 8, "above": 14, "need": 1}, "an 8 is lower than an A: play 1 card higher than A"),
        ("kalo.not_higher", {"rank": 14, "need": 2}, "an A does not beat an A: play 2 cards higher than A"),
        ("kalo.lower", {"rank": 10, "above": 11, "need": 1}, "a 10 is lower than a J: play 1 card higher than J"),
    ],
    ids=["an-8", "an-A", "a-10"],
)
def test_a_rank_is_read_with_its_article(key: str, fields: dict[str, int], said: str) -> None:
    """An 8 and an A take "an", as they are read aloud; every other rank "a" (rules/kalo.md#following)."""
    assert str(KALO_REASONS.reason(key, **fields)) == f"{said}, or pass"
