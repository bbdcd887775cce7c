"""Each refused Loo decision says why, in a player's words, and changes nothing (rules/loo.md#bad-input).

Decisions out of turn or twice, cards the follow rule forbids (L9), Pam
refused as a club, play once the game is over and views of no seat.
"""

from __future__ import annotations

import copy

import pytest

from tablegames import IllegalActionError, InvalidActionError, Match, SeatError
from tablegames.loo import PAM, Card, Drop, Loo, PlayCard, Stay, TakeMiss
from tests.loo.dealt import DEALER, HEADS, HIGHEST, MISS, THREE, TURNED, deal, hands_dealt

# -- bad decisions ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "second", "dealer", "moves", "bad", "message"),
    [
        (
            THREE,
            HEADS,
            DEALER,
            [],
            "Qh",
            r"^the tricks have not begun: Qh cannot be played until everyone has decided to stay in or drop; "
            r"legal: play, drop$",
        ),
        (THREE, HEADS, DEALER, [], "miss", r"^this table plays without the Miss; legal: play, drop$"),
        (MISS, HEADS, DEALER, ["miss"], "miss", r"^the Miss is already taken, by seat 1; legal: play, drop$"),
        (
            MISS,
            HEADS,
            DEALER,
            ["play"],
            "Qh",
            r"^the tricks have not begun: Qh cannot be played until everyone has decided to stay in or drop; "
            r"legal: play, drop, miss$",
        ),
        (
            THREE,
            HEADS,
            DEALER,
            ["play", "play", "play"],
            "drop",
            r"^everyone has decided whether to stay in: now play a card to the trick; legal: 2c, 3c, Jc, Qh, Ah$",
        ),
        (
            THREE,
            HEADS,
            DEALER,
            ["play", "play", "play", "Qh"],
            "play",
            r"^everyone has decided whether to stay in: now play a card to the trick; legal: Kh$",
        ),
        (THREE, HEADS, DEALER, ["play", "play", "play"], "As", r"^As is not in your hand; legal: 2c, 3c, Jc"),
        (THREE, HEADS, DEALER, ["play", "play", "play", "Qh"], "Ah", r"^Ah is not in your hand; legal: Kh$"),
    ],
)
def test_bad_decisions_say_why_and_change_nothing(
    game: Loo, second: str, dealer: str, moves: list[str], bad: str, message: str
) -> None:
    """A decision out of place or a card not held raises IllegalActionError saying why (rules/loo.md#deciding)."""
    state = deal(game, second=second, dealer=dealer, moves=moves)
    before = copy.deepcopy(state.to_dict())
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError, match=message) as caught:
        state.apply(state.parse_action(bad))
    assert caught.value.legal == legal
    assert caught.value.action == state.parse_action(bad)
    assert state == deal(game, second=second, dealer=dealer, moves=moves)
    assert state.to_dict() == before


#: Seat 1 leads the K of clubs; seat 2 holds a club that cannot beat it, and Pam, which is a trump and not a club.
PAM_NOT_A_CLUB = [["3s", "4s", "7d", "8d", "9d"], ["Qh", "Ah", "Kc", "2c", "3c"], ["Jc", "5c", "2d", "5s", "6d"]]

TRUMPS = "trumps (spades or Pam)"


@pytest.mark.parametrize(
    ("game", "second", "dealer", "moves", "bad", "message"),
    [
        (
            THREE,
            HEADS,
            DEALER,
            ["Qh"],
            "3h",
            "you may not play 3h: hearts were led and you hold hearts that beat the Qh: play one of those; legal: Kh",
        ),
        (
            THREE,
            HEADS,
            DEALER,
            ["Qh"],
            "5s",
            "you may not play 5s: hearts were led and you hold hearts that beat the Qh: play one of those; legal: Kh",
        ),
        (
            THREE,
            "3h 4h 2d 5s 6d",
            DEALER,
            ["Ah"],
            "5s",
            "you may not play 5s: hearts were led: play one of your hearts; none of them can beat the Ah; "
            "legal: 3h, 4h",
        ),
        (
            THREE,
            "2s 9s 2d 3d 4d",
            DEALER,
            ["Qh"],
            "2d",
            f"you may not play 2d: you hold no hearts, the suit led, but you hold {TRUMPS}: play one of them; "
            "legal: 2s, 9s",
        ),
        (
            THREE,
            "2s 9s 2d 3d 4d",
            "3s Qs 7d 8d 9d",
            ["Qh", "9s"],
            "3s",
            f"you may not play 3s: you hold no hearts, the suit led, but you hold {TRUMPS} that beat the 9s: "
            "play one of those; legal: Qs",
        ),
        (
            THREE,
            "2s 9s 2d 3d 4d",
            DEALER,
            ["Qh", "9s"],
            "7d",
            f"you may not play 7d: you hold no hearts, the suit led, but you hold {TRUMPS}: "
            "play one of them, though none of them can beat the 9s; legal: 3s, 4s",
        ),
        (
            HIGHEST,
            "2s 9s 2d 3d 4d",
            DEALER,
            ["Qh"],
            "2s",
            f"you may not play 2s: you hold no hearts, the suit led, but you hold {TRUMPS}: "
            "at this table whoever trumps must play their highest trump; legal: 9s",
        ),
        (
            THREE,
            "5s 4c 2d 3d 4d",
            DEALER,
            ["Jc"],
            "4c",
            "you may not play 4c: trumps were led: play one of your trumps; none of them can beat Pam; legal: 5s",
        ),
    ],
    ids=["head", "head-not-trump", "follow", "trump", "overtrump", "trump-no-beat", "highest-trump", "pam-led"],
)
def test_cards_the_follow_rules_forbid(
    game: Loo, second: str, dealer: str, moves: list[str], bad: str, message: str
) -> None:
    """A card the follow rule forbids is refused in a player's words, with the legal cards (rules/loo.md#following).

    Each case says what may be played; no rule code or option name appears.
    """
    state = deal(game, second=second, dealer=dealer, moves=["play", "play", "play", *moves])
    before = copy.deepcopy(state.to_dict())
    card = Card.parse(bad)
    assert card in state.hands[state.current_player or 0]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(PlayCard(card))
    assert str(caught.value) == message
    assert caught.value.legal == state.legal_actions()
    assert state.to_dict() == before


def test_wild_pam_is_named_in_a_refusal() -> None:
    """With option pam_is_wild the refusal adds that Pam may be played to any trick (rules/loo.md#options)."""
    state = Loo(players=3, pam_is_wild=True).deal(PAM_NOT_A_CLUB, TURNED)
    for move in ("play", "play", "play", "Kc"):
        state = state.apply(state.parse_action(move))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(state.parse_action("2d"))
    assert str(caught.value) == (
        "you may not play 2d: clubs were led: play one of your clubs (Pam is a trump, not a club); "
        "none of them can beat the Kc; at this table Pam may also be played to any trick; legal: 5c, Jc"
    )


def test_pam_is_refused_as_a_club() -> None:
    """Clubs led: Pam is a trump, not a club, and the refusal says so (rules/loo.md#pam)."""
    state = THREE.deal(PAM_NOT_A_CLUB, TURNED)
    state = state.apply(state.parse_action("play"))
    state = state.apply(state.parse_action("play"))
    state = state.apply(state.parse_action("play"))
    state = state.apply(state.parse_action("Kc"))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(state.parse_action("Jc"))
    assert str(caught.value) == (
        "you may not play Jc: clubs were led: play one of your clubs (Pam is a trump, not a club); "
        "none of them can beat the Kc; legal: 5c"
    )


def test_nothing_can_be_played_once_the_game_is_over() -> None:
    """After the last round every action is refused (rules/loo.md#end)."""
    state = Loo(players=3, rounds=1).deal(hands_dealt(), TURNED)
    state = state.apply(Drop()).apply(Drop())
    assert state.is_over
    before = copy.deepcopy(state.to_dict())
    for action in (Stay(), Drop(), TakeMiss(), PlayCard(PAM)):
        with pytest.raises(IllegalActionError, match=r"cannot be played: the game is over$"):
            state.apply(action)
    assert state.to_dict() == before


def test_apply_takes_actions_not_text() -> None:
    """Text given to apply is refused with a pointer to parse_action (rules/loo.md#bad-input)."""
    state = deal()
    with pytest.raises(IllegalActionError, match="apply takes an action, not text: read 'play' with parse_action"):
        state.apply("play")  # type: ignore[arg-type]


def test_acting_out_of_turn_and_deciding_twice() -> None:
    """A match refuses a decision out of turn, a second decision included (rules/loo.md#decision-order)."""
    match = Match(THREE, state=deal())
    with pytest.raises(IllegalActionError, match=r"^it is seat 1's decision, not seat 2's$"):
        match.play("drop", seat=2)
    assert match.history == ()
    match.play("play", seat=1)
    state = match.state
    with pytest.raises(IllegalActionError, match=r"^it is seat 2's decision, not seat 1's$"):
        match.play("drop", seat=1)
    assert list(match.history) == [(1, Stay())]
    assert match.state is state
    match.play("play", seat=2)
    match.play("play", seat=0)
    match.play("Qh", seat=1)
    with pytest.raises(IllegalActionError, match=r"^it is seat 2's decision, not seat 0's$"):
        match.play("3s", seat=0)
    with pytest.raises(
        IllegalActionError, match="you may not play 3h: hearts were led and you hold hearts that beat the Qh"
    ):
        match.play("3h", seat=2)
    with pytest.raises(InvalidActionError, match="'Zz' is not a Loo action"):
        match.play("Zz", seat=2)
    assert len(match.history) == 4


def test_acting_after_the_end_through_a_match() -> None:
    """A match says it is nobody's decision once the game is over (rules/loo.md#end)."""
    match = Match(Loo(players=3, rounds=1), state=Loo(players=3, rounds=1).deal(hands_dealt(), TURNED))
    match.play("drop")
    match.play("drop")
    with pytest.raises(IllegalActionError, match=r"^it is nobody's: the game is over, not seat 0's$"):
        match.play("play", seat=0)


@pytest.mark.parametrize("seat", [3, -1, True, "0"])
def test_views_of_no_seat(seat: object) -> None:
    """A view of a seat the game does not have is a SeatError (rules/loo.md#bad-input)."""
    with pytest.raises(SeatError, match=r"^seat must be 0 to 2 or None, got "):
        deal().view(seat)
