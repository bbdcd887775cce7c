"""Loo's follow rule (L9) and who wins a trick (L10), as properties over random tricks, against the sheet's wording."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from tablegames.loo import PAM, Card, follow, trick_winner
from tests.loo import reference
from tests.loo.strategies import Situation, situations


def legal_cards(hand: list[Card], trick: list[Card], trump: str, **options: bool) -> set[Card]:
    """The cards `follow` allows, as a set."""
    return set(follow(hand, trick, trump, **options).cards)


# -- 2.5 Following -------------------------------------------------------------------


@given(st.data(), st.booleans(), st.booleans())
def test_the_legal_cards_are_those_the_sheet_allows(data: st.DataObject, wild: bool, top: bool) -> None:
    """L9 with either option: follow() allows exactly the cards the sheet's sentences allow (rules/loo.md#following)."""
    hand, trick, trump = data.draw(situations())
    result = follow(hand, trick, trump, pam_is_wild=wild, trump_must_be_highest=top)
    assert set(result.cards) == reference.legal(hand, trick, trump, wild=wild, highest=top)
    assert result.cards, "there is always a card to play"


@given(situations(suited=(1, 5)), st.booleans())
def test_holding_the_suit_led_you_follow_it(drawn: Situation, top: bool) -> None:
    """Holding the suit led, play it; when none of it can beat the trick, any of it (rules/loo.md#must-follow)."""
    hand, trick, trump = drawn
    led = reference.led_suit(trick, trump)
    suited = {card for card in hand if reference.of_suit(card, led, trump)}
    legal = legal_cards(hand, trick, trump, trump_must_be_highest=top)
    assert legal <= suited
    if not any(reference.beats(card, trick, trump) for card in suited):
        assert legal == suited


@given(situations(suited=(1, 5)), st.booleans())
def test_able_to_beat_the_trick_with_the_suit_led_you_must(drawn: Situation, top: bool) -> None:
    """Holding cards of the suit led that beat the trick, play one of them, any one (rules/loo.md#must-head)."""
    hand, trick, trump = drawn
    led = reference.led_suit(trick, trump)
    heading = {card for card in hand if reference.of_suit(card, led, trump) and reference.beats(card, trick, trump)}
    assume(heading)
    assert legal_cards(hand, trick, trump, trump_must_be_highest=top) == heading


@given(situations(suited=(0, 0), trumps=(1, 5)), st.booleans())
def test_void_in_the_suit_led_you_trump_and_overtrump(drawn: Situation, top: bool) -> None:
    """Void in the suit led, trump: with one that beats if you can, or the highest (option; rules/loo.md#must-trump)."""
    hand, trick, trump = drawn
    trumps = {card for card in hand if reference.is_trump(card, trump)}
    legal = legal_cards(hand, trick, trump, trump_must_be_highest=top)
    if top:
        assert legal == {reference.highest_trump(hand, trump)}
    else:
        assert legal == ({card for card in trumps if reference.beats(card, trick, trump)} or trumps)


@given(situations(suited=(0, 0), trumps=(0, 0), others=(1, 5)), st.booleans(), st.booleans())
def test_with_neither_the_suit_led_nor_a_trump_any_card(drawn: Situation, wild: bool, top: bool) -> None:
    """With neither the suit led nor a trump, any card may be played (rules/loo.md#discarding)."""
    hand, trick, trump = drawn
    result = follow(hand, trick, trump, pam_is_wild=wild, trump_must_be_highest=top)
    assert set(result.cards) == set(hand)
    assert result.rule == "discard"


@given(situations(), st.booleans())
def test_pam_is_the_highest_trump_and_no_club(drawn: Situation, top: bool) -> None:
    """L8: a held Pam is legal exactly on a trump lead or when void in the suit led (rules/loo.md#pam)."""
    hand, trick, trump = drawn
    hand = [PAM, *hand[:4]] if PAM not in trick + hand else hand
    if PAM in trick:
        return
    led = reference.led_suit(trick, trump)
    void = not any(card.suit == led for card in hand if card is not PAM)
    assert (PAM in legal_cards(hand, trick, trump, trump_must_be_highest=top)) == (led == trump or void)


@given(situations(pam_led=True), st.booleans())
def test_a_lead_of_pam_is_a_trump_lead(drawn: Situation, top: bool) -> None:
    """L8: after Pam is led, a player holding trumps must play one, any one; else any card (rules/loo.md#pam)."""
    hand, trick, trump = drawn
    trumps = {card for card in hand if card.suit == trump}
    assert legal_cards(hand, trick, trump, trump_must_be_highest=top) == (trumps or set(hand))


@given(situations(), st.booleans())
def test_a_wild_pam_may_go_to_any_trick(drawn: Situation, top: bool) -> None:
    """Option pam_is_wild: Pam is legal whenever held, and nothing else changes (rules/loo.md#pam)."""
    hand, trick, trump = drawn
    if PAM not in trick + hand:
        hand = [PAM, *hand[:4]]
    tame = follow(hand, trick, trump, trump_must_be_highest=top)
    wild = follow(hand, trick, trump, pam_is_wild=True, trump_must_be_highest=top)
    assert set(wild.cards) == set(tame.cards) | ({PAM} if PAM in hand else set())
    assert wild.rule == tame.rule


@given(st.data())
def test_the_trick_goes_to_pam_else_the_highest_trump_else_the_highest_of_the_suit_led(data: st.DataObject) -> None:
    """L10: Pam takes the trick, else the highest trump, else the highest of the suit led (rules/loo.md#winning)."""
    hand, trick, trump = data.draw(situations())
    cards = [*trick, *hand][:8]
    won = cards[trick_winner(cards, trump)]
    assert won is reference.winner(cards, trump)
    if PAM in cards:
        assert won is PAM
    elif any(card.suit == trump for card in cards):
        assert won.suit == trump
    else:
        assert won.suit == cards[0].suit
