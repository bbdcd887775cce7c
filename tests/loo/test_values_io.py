"""Loo actions, states and deals as values: notation, dicts, precise errors for bad input (rules/loo.md#bad-input)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import pytest

import tablegames
from tablegames import ConfigError, InvalidActionError, InvalidStateError
from tablegames.loo import PAM, Card, Drop, Loo, LooState, PlayCard, Stay, TakeMiss
from tablegames.loo.actions import parse_action
from tests.loo.dealt import MISS, THREE, TURNED, deal, hands_dealt

if TYPE_CHECKING:
    from collections.abc import Callable


# -- options -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ante": 0}, r"^ante must be an integer from 1 to 1000000, got 0$"),
        ({"ante": True}, r"^ante must be an integer from 1 to 1000000, got True$"),
        ({"ante": 1.0}, r"^ante must be an integer from 1 to 1000000, got 1.0$"),
        ({"players": 2}, r"^Loo is for 3 to 8 players, got players=2$"),
        ({"players": 9}, r"^Loo is for 3 to 8 players, got players=9$"),
        ({"players": True}, r"^Loo is for 3 to 8 players, got players=True$"),
        ({"rounds": 0}, r"^rounds must be an integer from 1 to 1000, got 0$"),
        ({"starting_chips": -1}, r"^starting_chips must be an integer from 0 to 1000000000, got -1$"),
        ({"miss_fee": -1}, r"^miss_fee must be an integer from 0 to 1000000, got -1$"),
        ({"players": 4, "first_dealer": 4}, r"^first_dealer must be an integer from 0 to 3, got 4$"),
        ({"first_dealer": -1}, r"^first_dealer must be an integer from 0 to 4, got -1$"),
        ({"miss": 1}, r"^miss must be True or False, got 1$"),
        ({"pam_is_wild": "yes"}, r"^pam_is_wild must be True or False, got 'yes'$"),
        ({"trump_must_be_highest": None}, r"^trump_must_be_highest must be True or False, got None$"),
        ({"jokers": 2}, r"^unknown option\(s\) \['jokers'\] for 'loo'; its options are: players, ante, "),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    """Options out of range, of the wrong type or unknown raise ConfigError naming the option (rules/loo.md#options)."""
    with pytest.raises(ConfigError, match=message):
        tablegames.load("loo", **options)


@pytest.mark.parametrize("seed", ["7", 1.5, True])
def test_bad_seeds(seed: object) -> None:
    """A seed is an integer or None (rules/loo.md#bad-input)."""
    with pytest.raises(ConfigError, match=r"^seed must be an integer from 0 to 2\*\*64 - 1, or None, got "):
        THREE.start(seed=seed)  # type: ignore[arg-type]


# -- state dicts -------------------------------------------------------------------


def _changed(state: LooState, **change: Any) -> dict[str, Any]:
    return {**copy.deepcopy(state.to_dict()), **change}


def _edited(state: LooState, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(state.to_dict())
    edit(data)
    return data


def _swap_card(data: dict[str, Any]) -> None:
    data["hands"][2][0] = "7d"  # seat 0 holds it too


def _drop_stock_card(data: dict[str, Any]) -> None:
    data["stock"].pop()


def _two_miss_takers(data: dict[str, Any]) -> None:
    data["decisions"][2] = "miss"
    data["current_player"] = 0


def _played_by_the_wrong_seat(data: dict[str, Any]) -> None:
    # Seat 1 led Qh; say seat 2 played it, moving a card so that every hand still adds up to five.
    data["trick"] = [{"seat": 2, "card": "Qh"}]
    data["hands"][2].remove("Kh")
    data["hands"][1].append("Kh")
    data["current_player"] = 0


def _played_illegally(data: dict[str, Any]) -> None:
    # Under Qh seat 2 plays 3h though it holds Kh, which beats it (L9: it must head the trick).
    data["trick"].append({"seat": 2, "card": "3h"})
    data["hands"][2].remove("3h")
    data["current_player"] = 0


def _pot_too_big_after_a_trick(data: dict[str, Any]) -> None:
    data["pot"] += 1
    data["balances"][0] -= 1


def _winner_not_leading(data: dict[str, Any]) -> None:
    data["current_player"] = 1


def _six_tricks(data: dict[str, Any]) -> None:
    # Five more full tricks, their cards taken from the stock: a round has five (rules/loo.md#tricks).
    for _ in range(5):
        data["tricks"].append([{"seat": seat, "card": data["stock"].pop()} for seat in (0, 1, 2)])


def _short_trick(data: dict[str, Any]) -> None:
    # The finished trick loses its last card, back into its player's hand.
    play = data["tricks"][0].pop()
    data["hands"][play["seat"]].append(play["card"])


_START = deal()
_TAKEN = deal(MISS, moves=["miss"])
_LED = deal(moves=["play", "play", "play", "Qh"])
_ONE_TRICK = deal(moves=["play", "play", "play", "Qh", "Kh", "3s"])


@pytest.mark.parametrize(
    ("game", "data", "message"),
    [
        (THREE, _changed(_START, pot=4), r"add up to 1 chip, not players x starting_chips = 0: chips are conserved"),
        (THREE, _changed(_START, balances=[-1, -1, 0]), r"chips are conserved"),
        (THREE, _edited(_START, _swap_card), r"^every card is in one place only; found twice: 7d$"),
        (THREE, _edited(_START, _drop_stock_card), r"^every card must be somewhere; missing: As$"),
        (THREE, _changed(_START, pot=3.0), r"^state field 'pot' must be an integer of at least 0, got 3.0$"),
        (THREE, _changed(_START, pot=True), r"^state field 'pot' must be an integer of at least 0, got True$"),
        (THREE, _changed(_START, seed=1.0), r"^state field 'seed' must be an integer, got 1.0$"),
        (THREE, _changed(_START, round=True), r"^state field 'round' must be an integer from 1 to 6, got True$"),
        (THREE, _changed(_START, balances=[-1.0, -1, -1]), r"'balances' must hold integers only, got -1.0$"),
        (THREE, _changed(_START, current_player=True), r"^current_player must be an integer from 0 to 2, got True$"),
        (THREE, _changed(_START, extra=1), r"^unknown state field\(s\) \['extra'\]; allowed: "),
        (THREE, _changed(_START, phase="bidding"), r"^phase must be 'decide', 'play' or 'over', got 'bidding'$"),
        (THREE, _changed(_START, phase="play"), r"^trick play begins when every seat has decided and two or more"),
        (THREE, _changed(_START, phase="over"), r"^current_player is null exactly when the game is over"),
        (THREE, _changed(_START, current_player=2), r"^while deciding, seat 1 is next, two or more seats are in"),
        (THREE, _changed(_START, current_player=None), r"^current_player must be an integer from 0 to 2, got None$"),
        (THREE, _changed(_START, decisions=["play", None, None]), r"^decisions are made in order from seat 1"),
        (THREE, _changed(_START, decisions=[None, "stay", None]), r"^decisions must be 3 of null, 'play', 'drop'"),
        (THREE, _changed(_START, carry=1, pot=2), r"^loo payments carry over only between rounds"),
        (THREE, _changed(_START, turned="Zz"), r"^the turned-up card: 'Zz' is not a card"),
        (THREE, _changed(_START, stock="As"), r"^the stock must be a list of cards, got 'As'$"),
        (THREE, _changed(_START, version=2), r"^state format version 2 is not readable"),
        (THREE, _changed(_START, game="kalo"), r"^this is a state of 'kalo', not of 'loo'$"),
        (
            THREE,
            _changed(_START, decisions=[None, "miss", None], current_player=2, pot=4, balances=[-1, -2, -1]),
            r"^only one seat may take the Miss, and only with option miss$",
        ),
        (MISS, _edited(_TAKEN, _two_miss_takers), r"^only one seat may take the Miss, and only with option miss$"),
        (MISS, _changed(_TAKEN, pot=3, balances=[-1, -1, -1]), r"at least the antes and any Miss fee, 4 chips; got 3$"),
        (THREE, _edited(_LED, _played_by_the_wrong_seat), r"^seat 1 was to play, not seat 2 \(Qh\)$"),
        (
            THREE,
            _edited(_LED, _played_illegally),
            r"^the tricks are not legal play: at seat 2, you may not play 3h: "
            r"hearts were led and you hold hearts that beat",
        ),
        (THREE, _edited(_ONE_TRICK, _pot_too_big_after_a_trick), r"^the tricks played again do not give this state"),
        (THREE, _edited(_ONE_TRICK, _winner_not_leading), r"^the tricks played again do not give this state"),
        (THREE, _edited(_ONE_TRICK, _six_tricks), r"^every hand is the 5 cards dealt less those its seat has played"),
        (THREE, _edited(_ONE_TRICK, _short_trick), r"^a finished trick holds one card of each of the 3 seats"),
    ],
)
def test_bad_state_dicts(game: Loo, data: dict[str, Any], message: str) -> None:
    """from_dict checks every field and the whole state, and says what is wrong (rules/loo.md#bad-input)."""
    with pytest.raises(InvalidStateError, match=message):
        game.from_dict(data)


def test_the_dicts_above_are_otherwise_sound() -> None:
    """The states the bad dicts are edited from read back as they are (rules/loo.md#bad-input)."""
    for game, state in ((THREE, _START), (MISS, _TAKEN), (THREE, _LED), (THREE, _ONE_TRICK)):
        assert game.from_dict(state.to_dict()) == state
    assert _ONE_TRICK.tricks_won == (1, 0, 0)  # 3s trumps the hearts
    assert (_ONE_TRICK.pot, _ONE_TRICK.current_player) == (2, 0)


def _over_early() -> dict[str, Any]:
    """Round 1 of 6 as if it ended the game: seats 1 and 2 dropped and seat 0 took the pot (L6)."""
    return _changed(
        _START, phase="over", current_player=None, decisions=[None, "drop", "drop"], pot=0, balances=[2, -1, -1]
    )


def test_a_game_is_not_over_before_its_last_round() -> None:
    """A state cannot be over before the last round, even after a round won without play (rules/loo.md#end)."""
    with pytest.raises(InvalidStateError, match="the game ends after round 6"):
        THREE.from_dict(_over_early())


def test_a_round_won_without_play_can_end_the_game_in_the_last_round() -> None:
    """The same state in the last round is a finished game and reads back (rules/loo.md#end)."""
    game = Loo(players=3, rounds=1)
    state = game.deal(hands_dealt(), TURNED).apply(Drop()).apply(Drop())
    assert state.is_over
    assert state.winners == frozenset({0})
    assert game.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"p0": 1}, r"^a round won without play \(L6\) has no tricks, no P0 and an empty pot$"),
        ({"decisions": [None, "drop", None]}, r"^a round played out ends once every seat has decided$"),
    ],
)
def test_a_finished_last_round_is_one_that_play_can_end(change: dict[str, Any], message: str) -> None:
    """A round won without play has no P0; a round played out has every decision made (rules/loo.md#end)."""
    game = Loo(players=3, rounds=1)
    over = game.deal(hands_dealt(), TURNED).apply(Drop()).apply(Drop())
    with pytest.raises(InvalidStateError, match=message):
        game.from_dict(_changed(over, **change))


# -- action dicts and notation -----------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "play_card", "card": "Zz"}, r"^'Zz' is not a card; cards look like 2c, 10d, Qh, As, or pam$"),
        ({"type": "play_card"}, r"^action field 'card' is missing$"),
        ({"type": "play_card", "card": 5}, r"^action field 'card' must be a string, got 5$"),
        ({"type": "play_card", "card": "Qh", "x": 1}, r"^unknown action field\(s\) \['x'\]"),
        ({"type": "stay", "card": "Qh"}, r"^unknown action field\(s\) \['card'\]"),
        ({"type": "bid"}, r"^unknown Loo action type 'bid'; types: stay, drop, take_miss, play_card$"),
        ({"type": 5}, r"^action field 'type' must be a string, got 5$"),
        ({}, r"^action field 'type' is missing$"),
        ({"version": 2, "type": "drop"}, r"^action format version 2 is not readable"),
    ],
)
def test_bad_action_dicts(data: dict[str, Any], message: str) -> None:
    """action_from_dict checks the header, the type and every field (rules/loo.md#notation)."""
    with pytest.raises(InvalidActionError, match=message):
        THREE.action_from_dict({"format": "tablegames.action", "version": 1, **data})


@pytest.mark.parametrize("data", [None, [], "stay", {"type": "stay"}])
def test_action_dicts_need_a_header(data: object) -> None:
    """An action dict without its header is refused (rules/loo.md#notation)."""
    with pytest.raises(InvalidActionError, match=r"action must be a JSON object|expected 'format'"):
        THREE.action_from_dict(data)


@pytest.mark.parametrize(
    "text", ["Zz", "", "  ", "1c", "11c", "Qx", "10", "play play", "play Qh Kh", "pam pam", "J♣", "drop it"]
)
def test_bad_notation(text: str) -> None:
    """Notation that names no Loo action is an InvalidActionError listing what is read (rules/loo.md#notation)."""
    with pytest.raises(
        InvalidActionError, match=r"is not a Loo action; try play, drop, miss, or a card such as Qh"
    ) as caught:
        deal().parse_action(text)
    assert str(caught.value).startswith(f"{text!r} is not a Loo action")
    with pytest.raises(InvalidActionError):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play", Stay()),
        ("stay", Stay()),
        ("DROP", Drop()),
        ("miss", TakeMiss()),
        ("Qh", PlayCard(Card(12, "h"))),
        ("  10d ", PlayCard(Card(10, "d"))),
        ("play 2c", PlayCard(Card(2, "c"))),
        ("pam", PlayCard(PAM)),
        ("Play Pam", PlayCard(PAM)),
    ],
)
def test_notation_reads(text: str, action: object) -> None:
    """Notation reads in either case, with ``play`` before a card and ``pam`` for Jc (rules/loo.md#notation)."""
    assert deal().parse_action(text) == action


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Card(1, "c"), r"^a rank is 2 to 14 \(J=11, Q=12, K=13, A=14\), got 1$"),
        (lambda: Card(True, "c"), r"^a rank is 2 to 14 .*, got True$"),
        (lambda: Card(10, "x"), r"^a suit is one of c, d, h, s, got 'x'$"),
        (lambda: PlayCard("Qh"), r"^a card play needs a Card, got 'Qh'$"),  # type: ignore[arg-type]
        (lambda: Card.parse("Zz"), r"^'Zz' is not a card"),
    ],
)
def test_bad_cards(make: Callable[[], object], message: str) -> None:
    """A card outside the deck, or a play of no card, is an InvalidActionError (rules/loo.md#notation)."""
    with pytest.raises(InvalidActionError, match=message):
        make()


def test_a_float_rank_is_refused_and_changes_no_card() -> None:
    """A rank must be an int: Card(10.0, "d") is refused and the card 10d keeps its rank 10."""
    ten = Card.parse("10d")
    with pytest.raises(InvalidActionError, match="a rank is 2 to 14"):
        Card(10.0, "d")  # type: ignore[arg-type]
    assert type(ten.rank) is int
    assert Card(10, "d") is ten
