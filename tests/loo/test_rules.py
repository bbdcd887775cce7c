"""Each Loo rule as a property over random play or random tricks, against the sheet's wording (reference.py)."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import ConfigError
from tablegames.core.protocol import Action, Event, GameEnded
from tablegames.loo import DECK, PAM, Card, Drop, Loo, LooState, Stay, TrickRules, payouts, trick_winner
from tablegames.loo.deal import shuffled_deal
from tablegames.loo.events import (
    CardPlayed,
    Dealt,
    Decided,
    Looed,
    MissTaken,
    PotWon,
    RoundEnded,
    RoundStarted,
    TricksBegin,
    TrickWon,
    TrumpTurned,
    Undistributed,
)
from tablegames.loo.rules import first_leader, next_player
from tablegames.testing.strategies import seeds
from tests.loo import reference
from tests.loo.strategies import games

Step = tuple[LooState, Action | None, tuple[Event, ...]]


def playout(game: Loo, seed: int, choices: int, *, stay: bool = False) -> list[Step]:
    """A whole game of random legal decisions (always staying in, with ``stay``): each state, action and events."""
    rng = random.Random(choices)
    state = game.start(seed=seed)
    steps: list[Step] = []
    while not state.is_over:
        legal = state.legal_actions()
        action = Stay() if stay and state.phase == "decide" else rng.choice(legal)
        step = state.step(action)
        steps.append((state, action, step.events))
        state = step.state
    steps.append((state, None, ()))
    return steps


def moves(steps: list[Step]) -> list[tuple[LooState, Action, tuple[Event, ...], LooState]]:
    """Each move of a playout: the state before, the action, its events, and the state after."""
    made = []
    for (state, action, events), (after, _, _) in itertools.pairwise(steps):
        assert action is not None
        made.append((state, action, events, after))
    return made


def after_in_order(seat: int, players: int) -> list[int]:
    """The other seats in play order after ``seat``, then ``seat`` itself."""
    return [(seat + 1 + step) % players for step in range(players)]


# -- 1. Setting up -----------------------------------------------------------------


def test_loo_is_for_three_to_eight_players() -> None:
    """Three to eight players, each dealt five from one deck of 52; two or nine are refused (rules/loo.md#goal)."""
    for players in range(3, 9):
        state = Loo(players=players).start(seed=players)
        assert [len(hand) for hand in state.hands] == [5] * players
        assert Counter(state.cards()) == Counter(DECK)
    for players in (2, 9):
        with pytest.raises(ConfigError, match="Loo is for 3 to 8 players"):
            Loo(players=players)


@given(games(), seeds(), st.integers(0, 100))
def test_whoever_has_the_most_chips_at_the_end_wins(game: Loo, seed: int, choices: int) -> None:
    """The game ends after its rounds and the seats with the most chips win, ties sharing (rules/loo.md#goal)."""
    final = playout(game, seed, choices)[-1][0]
    assert final.is_over
    assert final.scores == final.balances
    assert final.winners == {seat for seat, chips in enumerate(final.balances) if chips == max(final.balances)}


@given(games(), seeds(), st.integers(0, 100))
def test_play_goes_clockwise_from_the_dealers_left(game: Loo, seed: int, choices: int) -> None:
    """After each decision or card the turn passes to the next seat still in, in seat order (rules/loo.md#seats)."""
    checked = 0
    for state, _, _, after in moves(playout(game, seed, choices)):
        seat = state.current_player
        assert seat is not None
        if state.phase == "decide" and state.decisions == (None,) * game.players:
            assert seat == (state.dealer + 1) % game.players, "the dealer's left begins each round"
        same_trick = len(after.tricks) == len(state.tricks) and after.round_number == state.round_number
        if after.is_over or not same_trick:
            continue
        following = next(other for other in after_in_order(seat, game.players) if after.decisions[other] != "drop")
        assert after.current_player == following
        checked += 1
    assert checked


@given(st.sampled_from(DECK), st.sampled_from(DECK), st.sampled_from("cdhs"))
def test_the_deck_ranks_ace_high_and_pam_above_all(first: Card, second: Card, trump: str) -> None:
    """L1: 52 cards, A high down to 2 in each suit, Pam above every card, each read back (rules/loo.md#cards)."""
    assert len(set(DECK)) == 52
    assert {(card.rank, card.suit) for card in DECK} == {(rank, suit) for rank in range(2, 15) for suit in "cdhs"}
    assert Card.parse(str(first)) is first
    if first is second:
        return
    if PAM in (first, second):
        assert [first, second][trick_winner([first, second], trump)] is PAM
        assert [second, first][trick_winner([second, first], trump)] is PAM
    elif first.suit == second.suit:
        higher = max(first, second, key=lambda card: card.rank)
        assert [first, second][trick_winner([first, second], trump)] is higher
        assert [second, first][trick_winner([second, first], trump)] is higher


@given(games(), seeds(), st.integers(0, 100))
def test_everyone_antes_before_every_deal(game: Loo, seed: int, choices: int) -> None:
    """Every seat pays the ante into the pot before each deal, and no chip is made or lost (rules/loo.md#antes)."""
    steps = playout(game, seed, choices)
    first = steps[0][0]
    assert first.balances == (game.starting_chips - game.ante,) * game.players
    assert first.pot == game.players * game.ante
    for state, _, events, after in moves(steps):
        assert after.total_chips == state.total_chips == game.players * game.starting_chips
        begun = [event for event in events if isinstance(event, RoundStarted)]
        if begun:
            (ended,) = [event for event in events if isinstance(event, RoundEnded)]
            assert after.balances == tuple(chips - game.ante for chips in ended.balances)
            assert after.pot == begun[0].pot == ended.carry + game.players * game.ante
            assert begun[0].ante == game.ante


@given(games(max_rounds=5), seeds(), st.integers(0, 100))
def test_the_deal_passes_to_the_left(game: Loo, seed: int, choices: int) -> None:
    """L2: seat first_dealer deals round 1, and the deal passes to the next seat every round (rules/loo.md#dealer)."""
    steps = playout(game, seed, choices)
    for state, _, _ in steps:
        assert state.dealer == (game.first_dealer + state.round_number - 1) % game.players
    dealers = [event.dealer for _, _, events in steps for event in events if isinstance(event, RoundStarted)]
    assert dealers == [(game.first_dealer + number - 1) % game.players for number in range(2, game.rounds + 1)]


@given(games(), seeds())
def test_the_deal(game: Loo, seed: int) -> None:
    """L4, L15: five each, one at a time from the dealer's left, the Miss last; one turned (rules/loo.md#dealing)."""
    deck = list(DECK)
    random.Random(f"loo/{seed}/1").shuffle(deck)
    places = [(game.first_dealer + 1 + step) % game.players for step in range(game.players)]
    places += ["miss"] if game.miss else []  # type: ignore[list-item]
    dealt: dict[object, set[Card]] = {place: set() for place in places}
    for index, card in enumerate(deck[: 5 * len(places)]):
        dealt[places[index % len(places)]].add(card)
    state = game.start(seed=seed)
    assert [set(hand) for hand in state.hands] == [dealt[seat] for seat in range(game.players)]
    assert set(state.miss) == (dealt["miss"] if game.miss else set())
    assert state.turned is deck[5 * len(places)]
    assert set(state.stock) == set(deck[5 * len(places) + 1 :])
    assert shuffled_deal(game, seed, 1).turned is state.turned


@given(games(), seeds())
def test_the_turned_card_names_trump(game: Loo, seed: int) -> None:
    """L4: the card turned up is in no hand, all see it, and its suit is trump for the round (rules/loo.md#trump)."""
    state = game.start(seed=seed)
    assert state.trump == state.turned.suit
    assert state.turned not in {*state.stock, *state.miss, *(card for hand in state.hands for card in hand)}
    for seat in (None, *range(game.players)):
        view = state.view(seat)
        assert (view.turned, view.trump) == (state.turned, state.trump)


@given(games(), seeds(), st.integers(0, 100))
def test_every_position_of_a_round_follows_its_trump_and_the_house_rules(game: Loo, seed: int, choices: int) -> None:
    """L4: each position keeps its round's trump and the game's house rules, read back too (rules/loo.md#trump)."""
    for state, _, _ in playout(game, seed, choices):
        expected = TrickRules(state.turned.suit, game.pam_is_wild, game.trump_must_be_highest)
        assert state.trick_rules == expected
        assert game.from_dict(state.to_dict()).trick_rules == expected


def test_pam_turned_up_makes_clubs_trump() -> None:
    """L4: with Pam turned up, clubs are trump (rules/loo.md#trump)."""
    hands = [[str(card) for card in DECK[13 + 5 * seat : 18 + 5 * seat]] for seat in range(3)]
    assert Loo(players=3).deal(hands, turned="Jc").trump == "c"


# -- 2. Play -----------------------------------------------------------------------

LETTERS = {
    RoundStarted: "S",
    Dealt: "D",
    TrumpTurned: "T",
    Decided: "d",
    MissTaken: "d",
    PotWon: "W",
    TricksBegin: "B",
    CardPlayed: "c",
    TrickWon: "t",
    Looed: "L",
    RoundEnded: "E",
    Undistributed: "U",
    GameEnded: "G",
}


@given(games(), seeds(), st.integers(0, 100))
def test_a_round_goes_antes_deal_decisions_tricks_loo(game: Loo, seed: int, choices: int) -> None:
    """Each round: antes, deal, decisions, then a lone player's pot or five tricks and a loo (rules/loo.md#a-round)."""
    steps = playout(game, seed, choices)
    events = [event for _, _, happened in steps for event in happened]
    n = game.players
    story = "S" + "D" * n + "T" + "".join(LETTERS[type(event)] for event in events)
    round_ = rf"SD{{{n}}}T(?:d{{{n - 1},{n}}}W|d{{{n}}}B(?:c{{2,{n}}}t){{5}}L{{0,{n - 1}}})E"
    assert re.fullmatch(rf"(?:{round_}){{{game.rounds}}}U?G", story), story


@given(games(), seeds(), st.integers(0, 100))
def test_decisions_go_in_turn_once_each_in_public(game: Loo, seed: int, choices: int) -> None:
    """L5: from the dealer's left to the dealer, each seat decides once, seen by all (rules/loo.md#decision-order)."""
    for state, action, _, after in moves(playout(game, seed, choices)):
        if state.phase != "decide":
            continue
        made = sum(choice is not None for choice in state.decisions)
        seat = after_in_order(state.dealer, game.players)[made]
        assert state.current_player == seat
        assert state.decisions[seat] is None
        if after.round_number == state.round_number and not after.is_over:
            assert after.decisions[seat] == {Stay(): "play", Drop(): "drop"}.get(action, "miss")
            assert [other for other in range(game.players) if after.decisions[other] != state.decisions[other]] == [
                seat
            ], "no other decision changes"
            for viewer in (None, *range(game.players)):
                assert after.view(viewer).decisions == after.decisions


@given(games(), seeds(), st.integers(0, 100))
def test_a_dropped_hand_is_dead(game: Loo, seed: int, choices: int) -> None:
    """L5: a dropped hand plays nothing, wins nothing, is never looed; its ante stays (rules/loo.md#dropped-hand)."""
    for state, action, events, after in moves(playout(game, seed, choices)):
        if isinstance(action, Drop) and not any(isinstance(event, PotWon) for event in events):
            assert (after.pot, after.balances) == (state.pot, state.balances), "dropping costs and returns nothing"
        out = {seat for seat, choice in enumerate(state.decisions) if choice == "drop"}
        assert state.current_player not in out
        assert not out & {event.seat for event in events if isinstance(event, (TrickWon, Looed, CardPlayed))}
        if state.phase == "play":
            assert all(len(state.hands[seat]) == 5 and state.tricks_won[seat] == 0 for seat in out)


@given(seeds(), st.integers(3, 8))
def test_the_miss(seed: int, players: int) -> None:
    """L15: the first taker pays, swaps its hand for the Miss and plays; no one else may (rules/loo.md#the-miss)."""
    game = Loo(players=players, miss=True, miss_fee=2)
    state = game.start(seed=seed)
    seat = state.current_player
    assert seat is not None
    assert [str(action) for action in state.legal_actions()] == ["play", "drop", "miss"]
    assert state.miss not in [state.view(viewer).hand for viewer in range(players)], "the Miss is taken blind"
    after = state.apply(state.parse_action("miss"))
    assert after.hands[seat] == state.miss
    assert after.miss == state.hands[seat]
    assert after.pot == state.pot + 2
    assert after.balances[seat] == state.balances[seat] - 2
    assert after.decisions[seat] == "miss"
    assert after.miss_taker == seat
    assert "miss" not in [str(action) for action in after.legal_actions()]
    assert seat in after.active, "taking the Miss commits the taker to play"


@given(games(), seeds(), st.integers(0, 100))
def test_who_leads_and_plays_each_trick(game: Loo, seed: int, choices: int) -> None:
    """L7: the first seat in after the dealer leads, then each winner; all in play in turn (rules/loo.md#tricks)."""
    for state, _, _ in playout(game, seed, choices):
        if state.phase != "play":
            continue
        active = [seat for seat in after_in_order(state.dealer, game.players) if state.decisions[seat] != "drop"]
        leader = active[0]
        for trick in (*state.tricks, state.trick):
            expected = [seat for seat in after_in_order(leader - 1, game.players) if seat in active]
            assert [play.seat for play in trick] == expected[: len(trick)]
            if len(trick) == len(active):
                leader = trick[trick_winner([play.card for play in trick], state.trump)].seat
        if not state.trick:
            assert state.current_player == leader
        assert len(state.tricks) < 5


@given(st.lists(st.sampled_from([None, "play", "drop", "miss"]), min_size=3, max_size=8), st.data())
def test_play_passes_to_the_next_seat_still_in(decisions: list[str | None], data: st.DataObject) -> None:
    """L7: from any seat, play passes round the table to the next seat still in (rules/loo.md#tricks)."""
    players = len(decisions)
    seat = data.draw(st.integers(0, players - 1))
    following = next_player(seat, tuple(decisions))
    steps = (following - seat) % players or players  # all the way round when it comes back to ``seat``
    passed = [(seat + step) % players for step in range(1, steps)]
    assert all(decisions[other] == "drop" for other in passed), "only seats that dropped are passed"
    assert following == seat or decisions[following] != "drop"
    staying = [other for other in range(players) if decisions[other] != "drop"]
    if staying == [] or staying == [seat]:
        assert following == seat
    if staying:
        assert first_leader(seat, decisions) == next_player(seat, tuple(decisions))
    else:
        with pytest.raises(ValueError, match="every seat has dropped"):
            first_leader(seat, decisions)


# -- 3. Special cases ------------------------------------------------------------------


@given(games(), seeds(), st.integers(0, 100))
def test_the_last_one_in_takes_the_pot(game: Loo, seed: int, choices: int) -> None:
    """L6: all but one dropped, the one left takes the pot at once; no loo (rules/loo.md#everyone-else-drops)."""
    for state, action, events, _ in moves(playout(game, seed, choices)):
        if state.phase != "decide":
            continue
        decisions = list(state.decisions)
        decisions[state.current_player or 0] = "drop" if isinstance(action, Drop) else "play"
        staying = [seat for seat, choice in enumerate(decisions) if choice != "drop"]
        won = [event for event in events if isinstance(event, PotWon)]
        assert bool(won) == (len(staying) == 1), "the pot goes at once to the one seat left"
        if won:
            assert (won[0].seat, won[0].chips) == (staying[0], state.pot)
            assert not any(isinstance(event, (Looed, TricksBegin)) for event in events)


@given(st.integers(3, 4), seeds(), st.integers(0, 100))
def test_a_trick_that_pays_nothing_still_protects_from_the_loo(players: int, seed: int, choices: int) -> None:
    """L11: with P0 under 5 the last tricks pay 0, and their winners are still not looed (rules/loo.md#small-pot)."""
    steps = playout(Loo(players=players, rounds=1), seed, choices, stay=True)
    events = [event for _, _, happened in steps for event in happened]
    unpaid = {event.seat for event in events if isinstance(event, TrickWon) and event.chips == 0}
    assert unpaid, "a pot of 3 or 4 chips pays nothing for its last tricks"
    assert not unpaid & {event.seat for event in events if isinstance(event, Looed)}


@given(games(), seeds(), st.integers(0, 100))
def test_balances_may_go_negative(game: Loo, seed: int, choices: int) -> None:
    """L3: antes and loos are taken whatever a balance holds, and nobody is put out (rules/loo.md#no-chips)."""
    game = Loo(players=game.players, rounds=game.rounds, ante=game.ante, miss=game.miss)
    steps = playout(game, seed, choices)
    assert all(chips < 0 for chips in steps[0][0].balances), "with no chips to start, the antes go below 0"
    for state, _, events, _ in moves(steps):
        if any(isinstance(event, RoundStarted) for event in events):
            assert len([event for event in events if isinstance(event, Dealt)]) == game.players
        if state.phase == "decide":
            assert Stay() in state.legal_actions(), f"a balance of {state.balances[state.current_player or 0]} may play"


@given(games(), seeds(), st.integers(0, 100))
def test_nobody_draws_from_the_stock(game: Loo, seed: int, choices: int) -> None:
    """L4: the stock is every card not dealt or turned, and stays untouched all round (rules/loo.md#the-stock)."""
    for state, _, _, after in moves(playout(game, seed, choices)):
        places = game.players + (1 if game.miss else 0)
        assert len(state.stock) == 52 - 5 * places - 1
        if after.round_number == state.round_number:
            assert after.stock == state.stock
            assert after.turned is state.turned


# -- 4. Scoring ------------------------------------------------------------------------


@given(st.integers(0, 10_000))
def test_five_tricks_pay_out_p0_in_near_equal_whole_shares(p0: int) -> None:
    """L11: the five payouts add up to P0, never rise, and differ by one chip at most (rules/loo.md#payouts)."""
    paid = payouts(p0)
    assert len(paid) == 5
    assert sum(paid) == p0
    assert list(paid) == sorted(paid, reverse=True)
    assert max(paid) - min(paid) <= 1


@given(games(), seeds(), st.integers(0, 100))
def test_each_trick_pays_its_share_of_p0(game: Loo, seed: int, choices: int) -> None:
    """L11: P0 is the pot as trick play begins, and trick k pays payouts(P0)[k] to its winner (rules/loo.md#payouts)."""
    for state, _, events, after in moves(playout(game, seed, choices)):
        for event in events:
            if isinstance(event, TricksBegin):
                assert (event.p0, after.p0, event.payouts) == (after.pot, after.pot, payouts(after.pot))
            if isinstance(event, TrickWon):
                cards = [*(play.card for play in state.trick), _played(events)]
                seats = [*(play.seat for play in state.trick), state.current_player]
                assert event.card is reference.winner(cards, state.trump)
                assert event.seat == seats[cards.index(event.card)]
                assert event.chips == payouts(state.p0)[event.trick - 1]
                if event.trick < 5:
                    assert after.balances[event.seat] == state.balances[event.seat] + event.chips
                    assert after.pot == state.pot - event.chips


def _played(events: tuple[Event, ...]) -> Card:
    """The card played in a step."""
    (card,) = [event.card for event in events if isinstance(event, CardPlayed)]
    return card


@given(games(), seeds(), st.integers(0, 100))
def test_tricks_won_counts_each_finished_trick_under_the_states_own_trump(game: Loo, seed: int, choices: int) -> None:
    """L10: a state's tricks won are its finished tricks' winners under its own trump (rules/loo.md#winning).

    The same tricks, the same objects, held by states of each trump are
    counted under that state's trump: what one state found out is not taken
    for another's.
    """
    for state, _, _ in playout(game, seed, choices):
        if not state.tricks:
            continue
        for suit in "cdhs":
            other = state.__replace__(turned=Card(14 if state.turned.rank != 14 else 13, suit))
            assert other.tricks is state.tricks
            won = Counter(trick[trick_winner([play.card for play in trick], suit)].seat for trick in state.tricks)
            assert other.tricks_won == tuple(won[seat] for seat in range(game.players))


@given(games(), seeds(), st.integers(0, 100))
def test_who_stayed_in_and_won_nothing_pays_p0(game: Loo, seed: int, choices: int) -> None:
    """L12: after the fifth trick, exactly the seats in with no trick are looed, for P0 each (rules/loo.md#looed)."""
    for state, _, events, _ in moves(playout(game, seed, choices)):
        if not any(isinstance(event, TrickWon) and event.trick == 5 for event in events):
            continue
        won = Counter(event.seat for event in events if isinstance(event, TrickWon))
        won.update(dict(enumerate(state.tricks_won)))
        looed = [event for event in events if isinstance(event, Looed)]
        assert {event.seat for event in looed} == {seat for seat in state.active if not won[seat]}
        assert all(event.chips == state.p0 for event in looed)
        (ended,) = [event for event in events if isinstance(event, RoundEnded)]
        paid = Counter({event.seat: event.chips for event in events if isinstance(event, TrickWon)})
        for seat in range(game.players):
            lost = state.p0 if seat in {event.seat for event in looed} else 0
            assert ended.balances[seat] == state.balances[seat] + paid[seat] - lost


@given(games(), seeds(), st.integers(0, 100))
def test_loo_payments_start_the_next_pot(game: Loo, seed: int, choices: int) -> None:
    """L13: loo payments start the next pot; after the last round, undistributed (rules/loo.md#carry-over)."""
    steps = playout(game, seed, choices)
    for state, _, events, after in moves(steps):
        looed = sum(event.chips for event in events if isinstance(event, Looed))
        ended = [event for event in events if isinstance(event, RoundEnded)]
        if not ended:
            assert after.carry == 0 or after.is_over
            continue
        assert ended[0].carry == looed == state.p0 * len([event for event in events if isinstance(event, Looed)])
        begun = [event for event in events if isinstance(event, RoundStarted)]
        if begun:
            assert begun[0].carried == looed
            assert after.carry == 0
        else:
            assert after.carry == looed
    final = steps[-1][0]
    last = [event for event in steps[-2][2] if isinstance(event, Undistributed)]
    assert [event.chips for event in last] == ([final.carry] if final.carry else [])


# -- 5. The end --------------------------------------------------------------------------


@given(games(), seeds(), st.integers(0, 100))
def test_the_next_round_deals_afresh_at_once(game: Loo, seed: int, choices: int) -> None:
    """A round's end deals the next at once: next dealer, fresh shuffle, decisions anew (rules/loo.md#next-round)."""
    for state, _, events, after in moves(playout(game, seed, choices)):
        if not any(isinstance(event, RoundStarted) for event in events):
            continue
        number = state.round_number + 1
        deal = shuffled_deal(game, state.seed, number)
        assert (after.round_number, after.phase, after.dealer) == (number, "decide", game.dealer_of(number))
        assert (after.hands, after.miss, after.turned, after.stock) == (deal.hands, deal.miss, deal.turned, deal.stock)
        assert after.decisions == (None,) * game.players
        assert (after.tricks, after.trick, after.p0) == ((), (), 0)


@given(games(), seeds(), st.integers(0, 100))
def test_the_game_ends_after_its_rounds(game: Loo, seed: int, choices: int) -> None:
    """L14: the game is over exactly when its last round ends, and then nothing is legal (rules/loo.md#end)."""
    steps = playout(game, seed, choices)
    ends = [event for _, _, events in steps for event in events if isinstance(event, RoundEnded)]
    assert [event.round_number for event in ends] == list(range(1, game.rounds + 1))
    assert all(not state.is_over for state, _, _ in steps[:-1])
    final = steps[-1][0]
    assert (final.is_over, final.round_number, final.legal_actions()) == (True, game.rounds, ())


def test_players_tied_on_the_most_chips_share_the_win() -> None:
    """L14: three players each win one paying trick of a pot of 3 and tie on 0: all three win (rules/loo.md#end)."""
    hands = [["3s", "4s", "9c", "6d", "7d"], ["As", "2d", "3d", "4d", "5d"], ["2s", "Ad", "6c", "7c", "8c"]]
    state = Loo(players=3, rounds=1).deal(hands, turned="2h")
    tricks = "As 2s 3s  2d Ad 6d  6c 9c 3d  4s 4d 7c  7d 5d 8c"
    for text in ["play", "play", "play", *tricks.split()]:
        state = state.apply(state.parse_action(text))
    assert state.is_over
    assert state.tricks_won == (3, 1, 1)
    assert state.balances == (0, 0, 0)
    assert state.winners == {0, 1, 2}


# -- 9. Options ----------------------------------------------------------------------------


def test_options_and_their_defaults() -> None:
    """Every option and its default, and what the defaults that follow others come to (rules/loo.md#options)."""
    assert Loo().options() == {
        "players": 5,
        "ante": 1,
        "rounds": 10,
        "starting_chips": 0,
        "miss": False,
        "miss_fee": 1,
        "pam_is_wild": False,
        "trump_must_be_highest": False,
        "first_dealer": 0,
    }
    assert Loo(players=3, ante=4).rounds == 6
    assert Loo(players=3, ante=4).miss_fee == 4
    assert Loo(first_dealer=2).start(seed=1).current_player == 3
    assert Loo(starting_chips=10, ante=2).start(seed=1).balances == (8,) * 5
