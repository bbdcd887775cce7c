"""Setting up Kalo rounds: the pieces `Kalo.start`, `Kalo.deal` and `Kalo.position` are built from.

A deal or a position is laid out on a working table and then read back
through the same reader as `Kalo.from_dict` (`tablegames.kalo.io.read_state`),
so a puzzle is checked exactly like a saved game. What is checked here is
only what the table needs to be laid out: the types, and where the turn is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from tablegames.cards import read_cards
from tablegames.core.errors import InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.seats import seats_from
from tablegames.core.serial import check_int, int_tuple, read_notated, read_sequence
from tablegames.kalo.cards import DECK, KALO, RANK_NAMES, Card, card_key, rank_of, removed_cards
from tablegames.kalo.effects import Effect
from tablegames.kalo.hands import Slot
from tablegames.kalo.io import check_cards, read_state
from tablegames.kalo.rules import FIRST_STEP, Table, card_source, place_points
from tablegames.kalo.state import KaloState, freeze, thaw
from tablegames.kalo.tricks import TrickPlay

if TYPE_CHECKING:
    from tablegames.core.protocol import Event
    from tablegames.kalo.options import KaloOptions

__all__ = ["EFFECT_KEYS", "begin_round", "deal_hands", "empty_table", "hands_of", "lay_out", "scores_of"]


#: What an effect in progress given to `Kalo.position` may say; its rank and seat are the trick's last play's.
EFFECT_KEYS: Final = ("step", "left", "card", "target", "origin")


def hands_of(hands: object, what: str) -> tuple[tuple[Card, ...], ...]:
    """Every hand as cards, from cards or their notation."""
    return tuple(
        tuple(read_notated(card, Card, what) for card in read_sequence(hand, "a hand"))
        for hand in read_sequence(hands, "hands")
    )


def scores_of(game: KaloOptions[KaloState], scores: object) -> tuple[int, ...]:
    """The scores before a round set up by hand: one per seat, each from 0 to one short of the target (K12).

    None is all 0.

    Raises:
        InvalidStateError: If ``scores`` is not a list of that many such integers.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> scores_of(Kalo(players=3), None), scores_of(Kalo(players=3), [4, 0, 14])
        ((0, 0, 0), (4, 0, 14))
        >>> scores_of(Kalo(players=3), [4, 0, 15])
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: scores must be 3 integers from 0 to 14, got (4, 0, 15)
    """
    if scores is not None and not isinstance(scores, (list, tuple)):
        raise InvalidStateError(f"scores must be a list of {game.players} integers, got {brief(scores)}")
    totals = tuple(scores) if scores is not None else (0,) * game.players
    if len(totals) != game.players or not all(
        isinstance(score, int) and not isinstance(score, bool) and 0 <= score < game.target for score in totals
    ):
        raise InvalidStateError(
            f"scores must be {game.players} integers from 0 to {game.target - 1}, got {brief(totals)}"
        )
    return totals


def begin_round(
    game: KaloOptions[KaloState],
    hands: tuple[tuple[Card, ...], ...],
    *,
    seed: int,
    scores: tuple[int, ...],
    round_number: int,
    events: list[Event] | None = None,
) -> KaloState:
    """The round dealt as ``hands``: the Kalo's holder named, the seat after them to arrange (K2, K3).

    Unchecked: `Kalo.start` deals by the rules, and `deal_hands` checks a
    deal it is given. Events go to ``events`` when it is a list.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> from tablegames.kalo.cards import DECK
        >>> hands = tuple(DECK[seat::4] for seat in range(4))
        >>> state = begin_round(Kalo(players=4), hands, seed=0, scores=(0, 0, 0, 0), round_number=1)
        >>> state.phase, state.kalo_holder, state.current_player
        ('arrange', 2, 3)
    """
    table = empty_table(game, seed, scores, round_number)
    table.events = events
    table.start_round(hands)
    return freeze(table)


def deal_hands(
    game: KaloOptions[KaloState], hands: object, *, seed: object, scores: object, round_number: object
) -> KaloState:
    """Start a round from a given deal, checked like a saved game (see `Kalo.deal`, which reads its deal so).

    Raises:
        InvalidStateError: If the deal is not a full, even deal of this game's
            cards, or the scores, seed or round number are not ones it can have.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> from tablegames.kalo.cards import DECK
        >>> hands = [DECK[seat::4] for seat in range(4)]
        >>> deal_hands(Kalo(players=4), hands, seed=0, scores=None, round_number=1) == Kalo(players=4).deal(hands)
        True
        >>> deal_hands(Kalo(players=4), hands[:3], seed=0, scores=None, round_number=1)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: a deal needs 4 hands, got 3
    """
    cards = hands_of(hands, "a dealt card")
    if len(cards) != game.players:
        raise InvalidStateError(f"a deal needs {game.players} hands, got {len(cards)}")
    check_cards([card for hand in cards for card in hand], game.players, "the deal")
    if len({len(hand) for hand in cards}) != 1:
        raise InvalidStateError(f"a deal is even; hand sizes {[len(hand) for hand in cards]} differ")
    totals = scores_of(game, scores)
    first = check_int(seed, "seed", InvalidStateError)
    number = check_int(round_number, "round_number", InvalidStateError, minimum=1)
    return read_state(game, begin_round(game, cards, seed=first, scores=totals, round_number=number).to_dict())


def empty_table(
    game: KaloOptions[KaloState], seed: int, scores: tuple[int, ...], round_number: int
) -> Table[KaloOptions[KaloState]]:
    """A table with nothing on it yet, for a deal or a position to be laid out on."""
    empty = KaloState(game, seed, round_number, scores, ((),) * game.players, (), 0, (), frozenset(), 0, "play", None)
    return thaw(empty, None)


def _trick(game: KaloOptions[KaloState], trick: object) -> tuple[TrickPlay, ...]:
    plays = []
    for index, entry in enumerate(read_sequence(trick, "trick")):
        if isinstance(entry, Mapping):
            entry = (entry.get("seat"), entry.get("cards"))
        pair = read_sequence(entry, f"trick play {index}")
        if len(pair) != 2:
            raise InvalidStateError(f"trick play {index} is (seat, cards), got {brief(entry)}")
        seat = check_int(pair[0], f"trick play {index}'s seat", InvalidStateError, minimum=0, maximum=game.players - 1)
        cards = read_cards(pair[1], f"trick play {index}", f"trick play {index}'s cards", card_key)
        plays.append(TrickPlay(seat=seat, cards=cards))
    return tuple(plays)


def _effect(game: KaloOptions[KaloState], effect: object, plays: tuple[TrickPlay, ...]) -> Effect | None:
    """The effect in progress, of the trick's last play (K8); its consistency is the reader's to check."""
    if effect is None:
        return None
    if not isinstance(effect, Mapping) or any(key not in EFFECT_KEYS for key in effect):
        raise InvalidStateError(f"effect is a mapping of {', '.join(EFFECT_KEYS)} (all optional), got {brief(effect)}")
    if not plays or not plays[-1].cards:
        raise InvalidStateError("an effect belongs to the trick's last play: give the trick too")
    last = plays[-1]
    rank = rank_of(last.cards[0])
    if rank not in FIRST_STEP:
        raise InvalidStateError(
            f"the trick's last play is of {RANK_NAMES.get(rank, rank)}s, which have no effect; "
            "3s, 4s, 5s and 6s do (K8)"
        )
    step = effect.get("step", FIRST_STEP[rank])
    if step not in ("card", "seat", "slot", "insert"):
        raise InvalidStateError(f"an effect's step is card, seat, slot or insert, got {brief(step)}")
    left = check_int(effect.get("left", len(last.cards)), "the effect's left", InvalidStateError, minimum=1, maximum=4)
    card = None if effect.get("card") is None else read_notated(effect["card"], Card, "the effect's card")
    target = effect.get("target")
    if target is not None:
        target = check_int(target, "the effect's target", InvalidStateError, minimum=0, maximum=game.players - 1)
    if "origin" in effect:
        origin = frozenset(int_tuple(effect["origin"], "the effect's origin", InvalidStateError, minimum=0))
    elif card is None:
        origin = frozenset()
    else:  # whoever chose the card (3, 4, 5) or lost it (6) knows it
        origin = frozenset({card_source(rank, last.seat, target)})
    return Effect(rank=rank, seat=last.seat, left=left, step=step, card=card, origin=origin, target=target)


def _to_play(hands: tuple[tuple[Card, ...], ...], plays: tuple[TrickPlay, ...], passed: frozenset[int]) -> int:
    """K4, K6: after the last play the turn goes to the first seat holding cards that has not passed since."""
    players, last = len(hands), plays[-1].seat
    for seat in seats_from(last, players)[1:]:
        if hands[seat] and seat not in passed:
            return seat
    raise InvalidStateError(
        f"every other seat holding cards has passed since seat {last}'s play, so the trick is over: "
        "set up the next lead instead, the trick's cards in the pile"
    )


def lay_out(
    game: KaloOptions[KaloState],
    hands: object,
    *,
    pile: object,
    trick: object,
    passed: object,
    effect: object,
    leader: object,
    scores: tuple[int, ...] | None,
    out: object,
    kalo_holder: object,
    seed: object,
    round_number: object,
) -> KaloState:
    """Lay out the position `Kalo.position` describes, and read it back, checked as `Kalo.from_dict` checks a state."""
    players = game.players
    held = hands_of(hands, "a card in a hand")
    if len(held) != players:
        raise InvalidStateError(f"a position needs {players} hands, got {len(held)}")
    plays = _trick(game, trick)
    passing = frozenset(int_tuple(passed, "passed", InvalidStateError, minimum=0))
    chosen = _effect(game, effect, plays)
    placed = [card for hand in held for card in hand] + [card for play in plays for card in play.cards]
    if chosen is not None and chosen.card is not None:
        placed.append(chosen.card)
    removed = set(removed_cards(players))
    rest = [card for card in DECK if card not in placed and card not in removed]
    piled = rest if pile is None else read_cards(pile, "a card in the pile", "pile", card_key)
    aside = [] if pile is None else [card for card in rest if card not in set(piled)]
    check_cards([*placed, *piled, *aside], players, "the position")
    outs = int_tuple(out, "out", InvalidStateError, minimum=0)
    pending = chosen.seat if chosen is not None and not held[chosen.seat] else None  # out once its effects are done
    if sorted(outs) != [seat for seat, hand in enumerate(held) if not hand and seat != pending]:
        raise InvalidStateError(
            f"out {list(outs)} must list exactly the seats with empty hands, in the order they went out"
        )
    if chosen is None and players - len(outs) < 2:
        raise InvalidStateError("at least two players must hold cards, or the round would be over")
    first = plays[0].seat if plays else 0
    start = check_int(first if leader is None else leader, "leader", InvalidStateError, minimum=0, maximum=players - 1)
    check_int(seed, "seed", InvalidStateError)
    check_int(round_number, "round_number", InvalidStateError, minimum=1)
    holder = _kalo_holder(held, kalo_holder, players)
    if scores is None:  # the points of the places this round (K10)
        scores = tuple(place_points(players, outs.index(seat) + 1) if seat in outs else 0 for seat in range(players))
    table = empty_table(game, seed, scores, round_number)  # type: ignore[arg-type]
    table.hands = [tuple(Slot(card) for card in hand) for hand in held]
    table.pile, table.aside = tuple(piled), tuple(aside)  # both in deck order already
    table.kalo_holder, table.out, table.phase = holder, outs, "play"
    table.trick, table.passed, table.plays, table.leader = plays, passing, len(plays), start
    if chosen is not None:
        table.phase, table.effect = "effect", chosen
        table.current_player = chosen.decider
    elif plays:
        table.current_player = _to_play(held, plays, passing)
    else:
        table.begin_lead(start)
    return read_state(game, freeze(table).to_dict())


def _kalo_holder(held: tuple[tuple[Card, ...], ...], given: object, players: int) -> int:
    """Who was dealt the Kalo (K2): the seat holding it (a position's slots are as dealt), or as given."""
    holding = next((seat for seat, hand in enumerate(held) if KALO in hand), None)
    if given is None:
        if holding is None:
            raise InvalidStateError("no hand holds the Kalo, so say who was dealt it this round: kalo_holder=SEAT (K2)")
        return holding
    holder = check_int(given, "kalo_holder", InvalidStateError, minimum=0, maximum=players - 1)
    if holding is not None and holding != holder:
        raise InvalidStateError(
            f"seat {holding} holds the Kalo, and a position's hands are as dealt, so seat {holding} was dealt it: "
            f"kalo_holder is {holding}, not {holder}"
        )
    return holder
