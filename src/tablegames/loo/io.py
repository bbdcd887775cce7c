"""Reading Loo states: from a given deal, and from a state's dict; every field checked before it becomes a state.

Beyond the types, a state must be one play can reach: every card in exactly
one place; balances, pot and carry-over adding up to ``players x
starting_chips``; decisions made in order; and every card of the round's
tricks played by the right seat, legally, with each trick paid as L11 says.
The tricks are checked by playing them again from the start of trick play.
A deal (`read_deal`) is laid out as the start of its round, then read back
like any state.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("loo", players=3)
    >>> data = game.start(seed=1).to_dict()
    >>> data["pot"] = 4
    >>> game.from_dict(data)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.InvalidStateError: balances [-1, -1, -1], pot 4 and carry-over 0 add up to 1 chip, ...
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from tablegames.cards import read_cards
from tablegames.core.errors import IllegalActionError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.plurals import plural
from tablegames.core.serial import check_int, check_keys, read_int, read_int_list, read_notated, read_sequence, read_str
from tablegames.loo.actions import PLAYS
from tablegames.loo.cards import DECK, Card, card_key
from tablegames.loo.deal import Deal, miss_and_stock, play_order
from tablegames.loo.rules import first_leader, payouts
from tablegames.loo.state import LooState
from tablegames.loo.tricks import TRICKS, TrickCard, trick_taker

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tablegames.loo.options import LooOptions

__all__ = ["read_deal", "read_state"]

#: A state's keys: the header, then its fields as `LooState.json_fields` names them (``round`` for the round).
_FIELDS: Final = ("game", "options", "seed", "round", *LooState.__match_args__[3:])
_CHOICES: Final = (None, "play", "drop", "miss")


def _list(data: Mapping[str, Any], key: str) -> Sequence[Any]:
    return read_sequence(data.get(key), f"state field {key!r}")


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{what} must be a list of cards, got {brief(value)}")
    return tuple(sorted((read_notated(item, Card, f"a card in {what}") for item in value), key=card_key))


def _plays(value: object, players: int, what: str) -> tuple[TrickCard, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{what} must be a list of plays, got {brief(value)}")
    plays = []
    for item in value:
        if not isinstance(item, dict) or set(item) != {"seat", "card"}:
            raise InvalidStateError(f"a play in {what} is {{'seat': ..., 'card': ...}}, got {brief(item)}")
        seat = check_int(item["seat"], f"a seat in {what}", InvalidStateError, minimum=0, maximum=players - 1)
        plays.append(TrickCard(seat, read_notated(item["card"], Card, f"a card in {what}")))
    return tuple(plays)


def read_deal(
    game: LooOptions[LooState],
    hands: object,
    turned: object,
    miss: object,
    *,
    round_number: object,
    balances: object,
    carry: object,
    seed: object,
) -> LooState:
    """The start of a round of ``game`` dealt as given, every card and chip checked (see `Loo.deal`).

    The arguments are `Loo.deal`'s (``balances`` None for ``starting_chips``
    each); every one but ``game`` is read as given by a caller, and checked.

    Raises:
        InvalidStateError: In the cases `Loo.deal` lists.

    Examples:
        >>> from tablegames.loo import Loo
        >>> hands = [["2c", "3c", "4c", "5c", "6c"], ["7c", "8c", "9c", "10c", "Jc"], ["Qc", "Kc", "Ac", "2d", "3d"]]
        >>> state = read_deal(Loo(players=3), hands, "Kd", None, round_number=2, balances=None, carry=0, seed=0)
        >>> state.dealer, state.pot, len(state.stock)
        (1, 3, 36)
    """
    players = game.players
    held = tuple(read_cards(hand, "a card in a hand", "a hand") for hand in read_sequence(hands, "hands"))
    if len(held) != players:
        raise InvalidStateError(f"a deal needs {players} hands, got {len(held)}")
    if any(len(hand) != TRICKS for hand in held):
        raise InvalidStateError(f"every hand is {TRICKS} cards, got sizes {[len(hand) for hand in held]}")
    top = read_notated(turned, Card, "the turned-up card")
    if miss is None and game.miss:
        raise InvalidStateError("this game deals the Miss (option miss): give its five cards")
    if miss is not None and not game.miss:
        raise InvalidStateError("a Miss is dealt only with option miss")
    missed = read_cards(miss or (), "a card in the Miss", "the Miss")
    if game.miss and len(missed) != TRICKS:
        raise InvalidStateError(f"the Miss is {TRICKS} cards, got {len(missed)}")
    given = [*(card for hand in held for card in hand), *missed, top]
    twice = sorted({str(card) for card in given if given.count(card) > 1})
    if twice:
        raise InvalidStateError(f"a card may be dealt once only: {', '.join(twice)} twice")
    number = check_int(round_number, "round_number", InvalidStateError, minimum=1, maximum=game.rounds)
    seeded = check_int(seed, "seed", InvalidStateError, minimum=0)
    carried = check_int(carry, "carry", InvalidStateError, minimum=0)
    if balances is not None and not isinstance(balances, (list, tuple)):
        raise InvalidStateError(f"balances must be a list of {players} integers, got {brief(balances)}")
    chips = (game.starting_chips,) * players if balances is None else balances
    before = tuple(check_int(each, "a balance", InvalidStateError) for each in chips)
    if len(before) != players or sum(before) + carried != game.total_chips:
        raise InvalidStateError(
            f"balances {list(before)} and carry {carried} must be {players} balances that, with the carry, "
            f"add up to players x starting_chips = {game.total_chips}: chips are conserved"
        )
    stock = tuple(card for card in DECK if card not in set(given))
    deal = Deal(held, missed, top, stock)
    state = LooState.begin_round(
        game, deal, seed=seeded, round_number=number, balances=before, carry=carried, events=None
    )
    return read_state(game, state.to_dict())


def read_state(game: LooOptions[LooState], data: Mapping[str, Any]) -> LooState:
    """Build a state from a dict whose header, game and options are checked.

    Raises:
        InvalidStateError: If a field is missing, of the wrong type, or the
            state could not arise in play.
    """
    check_keys(data, _FIELDS, InvalidStateError, "state")
    players = game.players
    decisions = _list(data, "decisions")
    if len(decisions) != players or any(choice not in _CHOICES for choice in decisions):
        raise InvalidStateError(f"decisions must be {players} of null, 'play', 'drop', 'miss', got {brief(decisions)}")
    hands = _list(data, "hands")
    if len(hands) != players:
        raise InvalidStateError(f"hands must hold {players} hands, got {len(hands)}")
    phase = read_str(data, "phase", InvalidStateError, "state")
    if phase not in ("decide", "play", "over"):
        raise InvalidStateError(f"phase must be 'decide', 'play' or 'over', got {brief(phase)}")
    current = data.get("current_player")
    if current is not None or phase != "over":
        current = check_int(current, "current_player", InvalidStateError, minimum=0, maximum=players - 1)
    state = LooState(
        game=game,
        seed=read_int(data, "seed", InvalidStateError, "state"),
        round_number=read_int(data, "round", InvalidStateError, "state", minimum=1, maximum=game.rounds),
        balances=read_int_list(data, "balances", InvalidStateError, "state", length=players),
        pot=read_int(data, "pot", InvalidStateError, "state", minimum=0),
        carry=read_int(data, "carry", InvalidStateError, "state", minimum=0),
        hands=tuple(_cards(hand, f"hand {seat}") for seat, hand in enumerate(hands)),
        miss=_cards(data.get("miss"), "the Miss"),
        stock=_cards(data.get("stock"), "the stock"),
        turned=read_notated(data.get("turned"), Card, "the turned-up card"),
        decisions=tuple(decisions),
        p0=read_int(data, "p0", InvalidStateError, "state", minimum=0),
        tricks=tuple(_plays(trick, players, "a trick") for trick in _list(data, "tricks")),
        trick=_plays(data.get("trick"), players, "the trick"),
        phase=phase,
        current_player=current,
    )
    if (phase == "over") != (current is None):
        raise InvalidStateError(
            f"current_player is null exactly when the game is over; got {brief(current)} in {brief(phase)}"
        )
    _check_cards(state)
    _check_chips(state)
    _check_decisions(state)
    if state.phase != "decide" and len(state.active) > 1:
        _check_tricks(state)
    return state


def _check_cards(state: LooState) -> None:
    seen = Counter(state.cards())
    twice = [str(card) for card in DECK if seen[card] > 1]
    if twice:
        raise InvalidStateError(f"every card is in one place only; found twice: {', '.join(twice)}")
    missing = [str(card) for card in DECK if card not in seen]
    if missing:
        raise InvalidStateError(f"every card must be somewhere; missing: {', '.join(missing)}")
    played = Counter(play.seat for trick in (*state.tricks, state.trick) for play in trick)
    if any(len(hand) + played[seat] != TRICKS for seat, hand in enumerate(state.hands)):
        raise InvalidStateError(
            f"every hand is the {TRICKS} cards dealt less those its seat has played this round; hands of "
            f"{[len(hand) for hand in state.hands]} cards after {[played[seat] for seat in range(len(state.hands))]} "
            "played do not add up"
        )
    miss, stock = miss_and_stock(state.game)
    if len(state.miss) != miss or len(state.stock) != stock:
        raise InvalidStateError(
            f"the Miss holds {miss} cards and the stock the {stock} cards not dealt; "
            f"got {len(state.miss)} and {len(state.stock)}"
        )


def _check_chips(state: LooState) -> None:
    if state.total_chips != state.game.total_chips:
        raise InvalidStateError(
            f"balances {list(state.balances)}, pot {state.pot} and carry-over {state.carry} add up to "
            f"{plural(state.total_chips, 'chip')}, not players x starting_chips = {state.game.total_chips}: "
            "chips are conserved"
        )
    if state.phase != "over" and state.carry:
        raise InvalidStateError("loo payments carry over only between rounds: carry must be 0 during a round")
    if state.phase == "decide":
        _check_floor(state, state.pot)


def _check_floor(state: LooState, pot: int) -> None:
    game = state.game
    floor = game.players * game.ante + (game.miss_fee if state.miss_taker is not None else 0)
    if pot < floor:
        raise InvalidStateError(f"the pot holds at least the antes and any Miss fee, {floor} chips; got {pot}")


def _check_decisions(state: LooState) -> None:
    game, decisions = state.game, state.decisions
    if decisions.count("miss") > (1 if game.miss else 0):
        raise InvalidStateError("only one seat may take the Miss, and only with option miss")
    order = play_order(state.dealer, game.players)
    made = [decisions[seat] is not None for seat in order]
    if made != sorted(made, reverse=True):
        raise InvalidStateError(f"decisions are made in order from seat {order[0]}; got {list(decisions)}")
    staying = len(state.active)
    if state.phase == "decide":
        expected = order[made.index(False)] if False in made else None
        if state.current_player != expected or staying < 2 or state.tricks or state.trick or state.p0:
            raise InvalidStateError(
                f"while deciding, seat {expected} is next, two or more seats are in, and no card is played"
            )
        return
    if state.phase == "play" and (not all(made) or staying < 2):
        raise InvalidStateError("trick play begins when every seat has decided and two or more play")
    if state.phase == "over" and state.round_number != game.rounds:
        raise InvalidStateError(f"the game ends after round {game.rounds}, not round {state.round_number}")
    if state.phase == "over" and staying == 1 and (state.tricks or state.trick or state.p0 or state.pot or state.carry):
        raise InvalidStateError("a round won without play (L6) has no tricks, no P0 and an empty pot")
    if state.phase == "over" and staying != 1 and not all(made):
        raise InvalidStateError("a round played out ends once every seat has decided")


def _check_tricks(state: LooState) -> None:
    """Play the round's tricks again from the start of trick play; the result must be this state.

    Every seat has decided (`_check_decisions`), and every hand holds five
    cards less those its seat played (`_check_cards`): so full tricks are five
    at most, and a trick that is not full is refused here.
    """
    staying = len(state.active)
    if any(len(trick) != staying for trick in state.tricks) or len(state.trick) >= staying:
        raise InvalidStateError(
            f"a finished trick holds one card of each of the {staying} seats in the round, the trick in play fewer"
        )
    _check_floor(state, state.p0)
    balances = list(state.balances)
    for number, trick in enumerate(state.tricks):
        balances[trick_taker(trick, state.trump)] -= payouts(state.p0)[number]
    if state.phase == "over":
        won = state.tricks_won
        for seat in state.active:
            balances[seat] += 0 if won[seat] else state.p0
    hands = [list(hand) for hand in state.hands]
    for play in (play for trick in (*state.tricks, state.trick) for play in trick):
        hands[play.seat].append(play.card)
    replay = state.__replace__(
        balances=tuple(balances),
        pot=state.p0,
        carry=0,
        hands=tuple(tuple(sorted(hand, key=card_key)) for hand in hands),
        tricks=(),
        trick=(),
        phase="play",
        current_player=first_leader(state.dealer, state.decisions),
    )
    for play in (play for trick in (*state.tricks, state.trick) for play in trick):
        if replay.current_player != play.seat:
            raise InvalidStateError(f"seat {replay.current_player} was to play, not seat {play.seat} ({play.card})")
        try:
            replay = replay.apply(PLAYS[play.card])
        except IllegalActionError as error:
            raise InvalidStateError(f"the tricks are not legal play: at seat {play.seat}, {error}") from None
        if replay.round_number != state.round_number:
            break
    if replay != state:
        raise InvalidStateError(
            "the tricks played again do not give this state: check who leads, the payouts, the pot and the loo"
        )
