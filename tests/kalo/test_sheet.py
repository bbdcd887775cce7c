"""The rule sheet's example trick and the cases of each rule and ruling of rules/kalo.md, as scripted games."""

from __future__ import annotations

import pytest

from tablegames import ConfigError, IllegalActionError, Match
from tablegames.kalo import DECK, KALO, Card, ChooseCard, ChooseSlot, Insert, Kalo, KaloState, Play
from tablegames.kalo.events import Blocked, RoundEnded, TrickWon, WentOut

FOUR = Kalo(players=4)
PASS = "pass"


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def play(state: KaloState, *moves: str) -> KaloState:
    """Apply decisions in notation, one after another."""
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


def test_example_trick_from_the_sheet() -> None:
    """The sheet's example: P1 8 8, P2 passes, P3 K K, P4 passes, P1 2 2, P2 the Kalo wins and leads.

    Checks rules/kalo.md#tricks, rules/kalo.md#following, rules/kalo.md#the-kalo, rules/kalo.md#trick-end.
    """
    state = FOUR.position([cards("8c 8d 2c 2d 9c"), cards("2h 9d 10c"), cards("Kc Kd 9h"), cards("9s 10d")], leader=0)
    match = Match(FOUR, state=state)
    for seat, move in [(0, "8c 8d"), (1, PASS), (2, "Kc Kd"), (3, PASS), (0, "2c 2d"), (1, "2h")]:
        match.play(move, seat=seat)
    after = match.state
    assert isinstance(after, KaloState)
    assert TrickWon(seat=1, cards=7) in match.events
    assert after.trick == ()
    assert after.current_player == after.leader == 1
    assert {KALO, *cards("8c 8d Kc Kd 2c 2d")} <= set(after.pile)


def test_the_seat_after_the_kalo_holder_opens() -> None:
    """Four players, the Kalo dealt to seat 1: seats 2, 3, 0, 1 arrange in turn and seat 2 leads.

    Checks rules/kalo.md#opening, rules/kalo.md#arranging.
    """
    deal = [list(DECK[0:13]), list(DECK[13:26]), list(DECK[26:39]), list(DECK[39:52])]
    where = deal[3].index(KALO)
    deal[1][0], deal[3][where] = deal[3][where], deal[1][0]
    assert KALO in deal[1]
    state = FOUR.deal(deal)
    assert (state.kalo_holder, state.current_player, state.phase) == (1, 2, "arrange")
    arranging = []
    for _ in range(4):
        arranging.append(state.current_player)
        state = play(state, "ready")
    assert arranging == [2, 3, 0, 1]
    assert (state.phase, state.current_player, state.leader) == ("play", 2, 2)


def test_arranging_orders_the_hand_before_the_opening_play() -> None:
    """Each seat orders its hand one card at a time, then is ready (rules/kalo.md#arranging)."""
    state = FOUR.deal([DECK[seat::4] for seat in range(4)])
    seat = state.current_player
    assert seat is not None
    hand = [slot.card for slot in state.hands[seat]]
    state = play(state, "arrange 12", "arrange 5", "ready")
    assert [slot.card for slot in state.hands[seat]] == [hand[12], hand[4], *hand[:4], *hand[5:12]]
    assert state.current_player == (seat + 1) % 4


def test_a_four_cannot_be_played_in_the_first_trick() -> None:
    """A 4 needs a card in the discard pile, which is empty in a round's first trick.

    Checks rules/kalo.md#effects, rules/kalo.md#effect-4.
    """
    state = play(FOUR.deal([DECK[seat::4] for seat in range(4)]), "ready", "ready", "ready", "ready")
    assert (state.phase, state.current_player, state.pile) == ("play", 3, ())
    assert Card.parse("4s") in {slot.card for slot in state.hands[3]}
    assert Play((Card.parse("4s"),)) not in state.legal_actions()
    with pytest.raises(
        IllegalActionError,
        match=r"^each 4 must take a card from the discard pile, and the discard pile is empty; legal: ",
    ):
        play(state, "4s")


def test_a_lone_three_cannot_be_played_and_its_holder_is_blocked() -> None:
    """A hand of one 3 has nothing left to give, so it cannot lead: the lead moves on.

    Checks rules/kalo.md#effect-3, rules/kalo.md#blocked-leaders.
    """
    state = Kalo(players=3).position([cards("3c"), cards("Kd Ks"), cards("4h")], leader=0, kalo_holder=0)
    assert state.current_player == 1
    assert state.hands[0][0].card == Card.parse("3c")


def test_two_threes_play_one_give_the_other_and_go_out() -> None:
    """{3,3}: play one, give the other with its effect, and be out.

    Checks rules/kalo.md#effect-3, rules/kalo.md#going-out, rules/kalo.md#receiving.
    """
    state = FOUR.position([cards("3c 3d"), cards("Ad 9d"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    assert [str(action) for action in state.legal_actions()] == ["3c", "3d"]
    state = play(state, "3c")
    assert state.legal_actions() == (ChooseCard(Card.parse("3d")),)
    state = play(state, "card 3d", "seat 1")
    assert state.current_player == 1
    assert state.legal_actions() == tuple(Insert(slot) for slot in range(3))
    transition = state.step(Insert(1))
    assert WentOut(seat=0, place=1, points=4) in transition.events
    after = transition.state
    assert [slot.card for slot in after.hands[1]] == cards("Ad 3d 9d")
    assert after.hands[1][1].received
    assert after.hands[1][1].known_by == {0}


def test_a_six_taking_the_last_card_puts_its_holder_out() -> None:
    """A 6 that takes a player's last card puts that player out, with the next place's points.

    Checks rules/kalo.md#effect-6, rules/kalo.md#going-out, rules/kalo.md#points.
    """
    state = FOUR.position([cards("6c 9c"), cards("Jd"), [], cards("Kd Ks")], out=[2], leader=0, kalo_holder=0)
    state = play(state, "6c", "seat 1")
    transition = state.step(ChooseSlot(0))
    assert WentOut(seat=1, place=2, points=3) in transition.events
    state = play(transition.state, "insert 0")
    assert [slot.card for slot in state.hands[0]] == cards("Jd 9c")
    assert state.hands[0][0].known_by == {1}


def test_a_last_play_passed_round_gives_the_lead_to_the_next_holder() -> None:
    """A last 9 passed round by everyone: the next seat after its player that holds cards leads.

    Checks rules/kalo.md#trick-end, rules/kalo.md#going-out.
    """
    state = FOUR.position([cards("9c"), cards("5d 8d"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    match = Match(FOUR, state=state)
    for seat, move in [(0, "9c"), (1, PASS), (2, PASS), (3, PASS)]:
        match.play(move, seat=seat)
    assert WentOut(seat=0, place=1, points=4) in match.events
    assert match.state.current_player == 1
    assert match.state.trick == ()


def test_four_three_two_one_points() -> None:
    """With four players the first out scores 4, then 3, then 2; the last holder scores 1 and the round ends.

    Checks rules/kalo.md#points, rules/kalo.md#round-end.
    """
    state = FOUR.position([cards("Ac"), cards("Kc"), cards("Qc"), cards("Jc")], leader=0, kalo_holder=0)
    match = Match(FOUR, state=state)
    for move in ["Ac", PASS, PASS, PASS, "Kc", PASS, PASS, "Qc"]:
        match.play(move)
    assert [(e.seat, e.points) for e in match.events if isinstance(e, WentOut)] == [(0, 4), (1, 3), (2, 2)]
    ended = RoundEnded(
        round_number=1, reason="last", scoring=(3,), places=(0, 1, 2, 3), points=(4, 3, 2, 1), scores=(4, 3, 2, 1)
    )
    assert ended in match.events
    after = match.state
    assert isinstance(after, KaloState)
    assert after.scores == (4, 3, 2, 1)
    assert (after.round_number, after.phase, after.pile) == (2, "arrange", ())


def test_the_game_stops_mid_round_at_five_times_n() -> None:
    """The game ends the moment a total reaches 20 with four players, even mid-round (rules/kalo.md#game-end)."""
    state = FOUR.position(
        [cards("Ac"), cards("Kc 9d"), cards("Qc"), cards("Jc")], scores=(17, 0, 0, 0), leader=0, kalo_holder=0
    )
    match = Match(FOUR, state=state)
    match.play("Ac")
    after = match.state
    assert after.is_over
    assert after.scores == (21, 0, 0, 0)
    assert after.winners == {0}
    assert after.hands[1]


def test_all_blocked_score_one_each() -> None:
    """When every player holding cards is blocked, each scores 1 and the round ends.

    Checks rules/kalo.md#blocked-rounds, rules/kalo.md#round-end.
    """
    state = Kalo(players=3).position([cards("3c"), cards("3d"), []], out=[2], scores=(0, 0, 3), kalo_holder=0)
    assert state.round_number == 2
    assert state.scores == (1, 1, 3)


def test_blocked_leaders_are_announced() -> None:
    """A leader with no legal lead is announced blocked and the lead moves to the next holder.

    Checks rules/kalo.md#blocked-leaders.
    """
    state = FOUR.position([cards("Ac"), cards("3c"), cards("Kd Kh"), cards("9c")], leader=0, kalo_holder=0)
    match = Match(FOUR, state=state)
    for move in ["Ac", PASS, PASS, PASS]:
        match.play(move)
    assert Blocked(seat=1) in match.events
    assert match.state.current_player == 2


def test_the_kalo_beats_any_play_and_ends_the_trick() -> None:
    """The Kalo may be played alone on any play, even a combination, and wins the trick at once.

    Checks rules/kalo.md#the-kalo.
    """
    state = FOUR.position([cards("Ac Ad 9c"), cards("2h 9d"), cards("Kd"), cards("Qd")], leader=0)
    state = play(state, "Ac Ad")
    assert Play((KALO,)) in state.legal_actions()
    state = play(state, "2h")
    assert state.trick == ()
    assert state.current_player == 1


def test_a_four_may_take_the_kalo_from_the_discard_pile() -> None:
    """A 4 takes any card of the discard pile, the Kalo included (rules/kalo.md#effect-4, rules/kalo.md#receiving)."""
    rest = [card for card in DECK if card not in cards("4c 9c Ad Kd Qd")]
    state = FOUR.position([cards("4c 9c"), cards("Ad"), cards("Kd"), cards("Qd")], pile=rest, leader=0, kalo_holder=0)
    state = play(state, "4c")
    assert ChooseCard(KALO) in state.legal_actions()
    state = play(state, "card 2h", "insert 1")
    assert [slot.card for slot in state.hands[0]] == [Card.parse("9c"), KALO]
    assert state.hands[0][1].received
    assert state.hands[0][1].known_by == frozenset()


def test_a_follower_may_pass_and_play_again_later() -> None:
    """A follower may pass and play later in the same trick (rules/kalo.md#passing, rules/kalo.md#trick-end)."""
    state = FOUR.position([cards("8c 9c"), cards("Ad Kd"), cards("9d Jd"), cards("Qd 10d")], leader=0, kalo_holder=0)
    match = Match(FOUR, state=state)
    for seat, move in [(0, "8c"), (1, PASS), (2, "9d"), (3, "Qd"), (0, PASS), (1, "Ad")]:
        match.play(move, seat=seat)
    for seat in (2, 3, 0):
        match.play(PASS, seat=seat)
    assert TrickWon(seat=1, cards=4) in match.events
    assert match.state.current_player == 1


def test_a_leader_cannot_pass() -> None:
    """A leader who can lead must lead (rules/kalo.md#leading)."""
    state = FOUR.position([cards("8c"), cards("Ad"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    with pytest.raises(IllegalActionError, match="you lead this trick, so you must play: a leader cannot pass"):
        play(state, PASS)


def test_a_round_that_could_loop_ends_at_the_play_limit() -> None:
    """Two players holding only 4s over a pile of 4s could play for ever: the play limit ends the round.

    Checks rules/kalo.md#play-limit, rules/kalo.md#round-end.
    """
    game = Kalo(players=3, play_limit=12)
    rest = [card for card in DECK if card not in cards("4c 4d 7c")]
    state = game.position([cards("4c"), cards("4d"), []], pile=rest, out=[2], leader=0, kalo_holder=0)
    match = Match(game, state=state)
    for _ in range(200):
        if match.state.round_number > 1:
            break
        legal = match.state.legal_actions()
        fours = [action for action in legal if isinstance(action, ChooseCard) and action.card.rank == 4]
        match.play(fours[0] if fours else legal[0])
    ended = RoundEnded(round_number=1, reason="limit", scoring=(0, 1), places=(2,), points=(1, 1, 3), scores=(1, 1, 3))
    assert ended in match.events


def test_a_five_gives_a_discard_pile_card_to_another_player() -> None:
    """A 5 gives a card of the discard pile, seen by its player alone, to another player, who places it.

    Checks rules/kalo.md#effect-5, rules/kalo.md#receiving, rules/kalo.md#what-each-player-knows.
    """
    state = FOUR.position([cards("5c 9c"), cards("Ad"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    state = play(state, "5c")
    assert state.view(0).pile == state.pile
    assert state.view(1).pile is None
    state = play(state, "card Ac", "seat 2")
    assert state.current_player == 2
    receiver, bystander = state.view(2).effect, state.view(3).effect
    assert receiver is not None
    assert bystander is not None
    assert receiver.card == Card.parse("Ac")
    assert bystander.card is None
    state = play(state, "insert 1")
    assert [slot.card for slot in state.hands[2]] == cards("Kd Ac")
    assert state.hands[2][1].known_by == {0}
    assert Card.parse("Ac") not in state.pile
    assert state.current_player == 1


def test_the_kalo_is_played_alone_unless_the_option_allows_combinations() -> None:
    """The Kalo never joins a combination, unless kalo_in_combinations; then it still ends the trick.

    Checks rules/kalo.md#the-kalo, rules/kalo.md#options.
    """
    hands = [cards("2h 2s 9c"), cards("Ad Ac 8d"), cards("Kd"), cards("Qd")]
    plain = FOUR.position(hands, leader=1)
    plain = play(plain, "Ad Ac", PASS, PASS)
    assert Play(tuple(cards("2h 2s"))) not in plain.legal_actions()
    with pytest.raises(IllegalActionError, match="the Kalo is always played alone"):
        play(plain, "2h 2s")
    combos = Kalo(players=4, kalo_in_combinations=True).position(hands, leader=1)
    combos = play(combos, "Ad Ac", PASS, PASS, "2h 2s")
    assert combos.trick == ()
    assert combos.current_player == 0


def test_the_kalo_alone_beats_a_single_two_or_a_pair_with_or_without_combinations() -> None:
    """The Kalo beats everything: alone, it may follow a single 2 or a pair, whatever kalo_in_combinations says.

    Checks rules/kalo.md#the-kalo, rules/kalo.md#options.
    """
    lone = Play((KALO,))
    for game in (FOUR, Kalo(players=4, kalo_in_combinations=True)):
        single = play(game.position([cards("2h 9c"), cards("2s 8d"), cards("Kd"), cards("Qd")], leader=1), "2s")
        single = play(single, "pass", "pass")
        assert single.current_player == 0
        assert lone in single.legal_actions()
        pair = play(game.position([cards("2h 9c"), cards("2s 2d 8d"), cards("Kd"), cards("Qd")], leader=1), "2s 2d")
        pair = play(pair, "pass", "pass")
        assert lone in pair.legal_actions()


def test_a_pair_of_sixes_needs_two_cards_in_the_other_hands() -> None:
    """A play is legal only if all its effects can be carried out: two 6s take two cards.

    Checks rules/kalo.md#effects, rules/kalo.md#effect-6.
    """
    three = Kalo(players=3)
    state = three.position([cards("6c 6d 9c"), cards("Ad"), []], out=[2], leader=0, kalo_holder=0)
    assert Play(tuple(cards("6c 6d"))) not in state.legal_actions()
    assert Play(tuple(cards("6c"))) in state.legal_actions()
    richer = three.position([cards("6c 6d 9c"), cards("Ad Kd"), []], out=[2], leader=0, kalo_holder=0)
    assert Play(tuple(cards("6c 6d"))) in richer.legal_actions()


def test_knowledge_follows_a_card_from_hand_to_hand() -> None:
    """Who gave or took a card keeps knowing it: a 3's card taken by a 6 is known to both.

    Checks rules/kalo.md#receiving, rules/kalo.md#what-each-player-knows.
    """
    state = FOUR.position([cards("3c 9c Jc"), cards("6d 8d"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    state = play(state, "3c", "card 9c", "seat 2", "insert 0")
    assert state.hands[2][0].known_by == {0}
    state = play(state, "6d", "seat 2", "slot 0", "insert 1")
    moved = state.hands[1][1]
    assert moved.card == Card.parse("9c")
    assert moved.known_by == {0, 2}
    assert state.view(0).hands[1][1].card == Card.parse("9c")
    assert state.view(2).hands[1][1].card == Card.parse("9c")
    assert state.view(3).hands[1][1].card is None


def test_arranging_is_seen_by_the_arranging_seat_alone() -> None:
    """Others see that a seat is ready, not how it ordered its hand.

    Checks rules/kalo.md#arranging, rules/kalo.md#what-each-player-knows.
    """
    state = FOUR.deal([DECK[seat::4] for seat in range(4)])
    seat = state.current_player
    assert seat is not None
    events = state.step(state.parse_action("arrange 5")).events
    assert events[0].for_seat(seat) == events[0]
    assert all(events[0].for_seat(other) is None for other in (None, *range(4)) if other != seat)


def test_the_game_can_end_in_the_middle_of_an_effect() -> None:
    """A 6 taking a last card can end the game at once; the card on its way stays there; the state saves.

    Checks rules/kalo.md#game-end.
    """
    state = FOUR.position(
        [cards("6c 9c"), cards("Jd"), cards("Kd"), cards("Qd")], scores=(0, 19, 0, 0), leader=0, kalo_holder=0
    )
    state = play(state, "6c", "seat 1", "slot 0")
    assert state.is_over
    assert state.winners == {1}
    assert state.effect is not None
    assert state.effect.card == Card.parse("Jd")
    assert FOUR.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("players", "removed", "each"),
    [(3, "7c", 17), (4, "", 13), (5, "7c 8c", 10), (6, "7c 7d 7h 7s", 8)],
)
def test_cards_removed_by_player_count_and_dealt_evenly(players: int, removed: str, each: int) -> None:
    """One 7 out with 3 players, none with 4, a 7 and an 8 with 5, all 7s with 6; the rest dealt evenly.

    Checks rules/kalo.md#removed-cards, rules/kalo.md#deal.
    """
    state = Kalo(players=players).start(seed=players)
    assert state.removed == tuple(cards(removed))
    assert [len(hand) for hand in state.hands] == [each] * players
    assert not set(state.removed) & {slot.card for hand in state.hands for slot in hand}


def test_a_new_round_keeps_the_scores_and_empties_the_pile() -> None:
    """A new round: dealt anew, same removals, scores kept, the seat after the new Kalo holder opens.

    Checks rules/kalo.md#new-rounds.
    """
    state = Kalo(players=3).position([cards("Ac"), cards("Kc"), cards("Qc")], scores=(5, 6, 7), leader=0, kalo_holder=0)
    state = play(state, "Ac", PASS, PASS, "Kc")
    assert state.round_number == 2
    assert state.scores == (5 + 3, 6 + 2, 7 + 1)
    assert state.pile == ()
    assert state.current_player == (state.kalo_holder + 1) % 3
    assert sorted(len(hand) for hand in state.hands) == [17, 17, 17]


def test_a_last_five_takes_its_player_out_but_a_last_four_does_not() -> None:
    """A last 5 takes its player out; a last 4 refills the hand.

    Checks rules/kalo.md#going-out, rules/kalo.md#effect-4, rules/kalo.md#effect-5.
    """
    five = FOUR.position([cards("5c"), cards("Ad 9d"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    transition = play(five, "5c", "card 3c", "seat 1").step(Insert(0))
    assert WentOut(seat=0, place=1, points=4) in transition.events
    four = play(
        FOUR.position([cards("4c"), cards("Ad 9d"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0), "4c", "card 3c"
    )
    transition = four.step(Insert(0))
    assert not any(isinstance(event, WentOut) for event in transition.events)
    assert [slot.card for slot in transition.state.hands[0]] == cards("3c")


@pytest.mark.parametrize("players", [2, 7])
def test_kalo_is_for_three_to_six_players(players: int) -> None:
    """Fewer than three or more than six players is no game of Kalo (rules/kalo.md#players)."""
    with pytest.raises(ConfigError, match="3 to 6"):
        Kalo(players=players)


def test_turns_go_to_the_right_past_a_player_out() -> None:
    """Play goes from seat to seat in number order, and passes over a seat that is out (rules/kalo.md#players)."""
    state = FOUR.position([cards("8c 9c"), cards("9d 10d"), [], cards("10c Jc")], out=[2], leader=0, kalo_holder=0)
    turns = []
    for move in ["8c", "9d", "10c", PASS, PASS]:
        turns.append(state.current_player)
        state = play(state, move)
    assert turns == [0, 1, 3, 0, 1]
    assert state.current_player == 3, "seat 3 won the trick and leads"
