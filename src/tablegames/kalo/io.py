"""Reading a Kalo state from its dict: every field checked, and the whole checked for consistency."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final

from tablegames.cards import read_cards
from tablegames.core.errors import InvalidActionError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.plurals import plural
from tablegames.core.seats import next_seat, seats_from
from tablegames.core.serial import check_int, check_keys, int_tuple, read_int, read_notated, read_sequence
from tablegames.kalo.actions import Play
from tablegames.kalo.cards import DECK, KALO, Card, card_key, rank_of, removed_cards
from tablegames.kalo.effects import Effect
from tablegames.kalo.hands import Slot
from tablegames.kalo.rules import (
    STEPS,
    card_source,
    has_card_on_its_way,
    held_by_others,
    lead_is_possible,
    place_points,
    play_is_possible,
)
from tablegames.kalo.state import KaloState
from tablegames.kalo.tricks import TrickPlay

if TYPE_CHECKING:
    from tablegames.kalo.options import KaloOptions

__all__ = ["check_cards", "read_state"]

_KEYS: Final = (
    "game", "options", "seed", "round", "scores", "hands", "pile", "kalo_holder", "trick", "passed",
    "leader", "phase", "current_player", "arranged", "effect", "out", "plays",
)  # fmt: skip
#: Fields a state may leave out: cards set aside by a position (none in a dealt round).
_OPTIONAL: Final = ("aside",)


def check_cards(cards: Sequence[Card], players: int, what: str) -> None:
    """Check that ``cards`` are every card of the game but the removed ones (K1), each once.

    Raises:
        InvalidStateError: Naming the cards that appear twice, are removed, or are missing.
    """
    removed = set(removed_cards(players))
    counts = Counter(cards)
    twice = sorted((card for card, count in counts.items() if count > 1), key=card_key)
    if twice:
        raise InvalidStateError(f"{what} holds {' '.join(map(str, twice))} more than once")
    stray = sorted(set(counts) & removed, key=card_key)
    if stray:
        raise InvalidStateError(f"{what} holds {' '.join(map(str, stray))}, removed with {players} players")
    missing = [card for card in DECK if card not in counts and card not in removed]
    if missing:
        raise InvalidStateError(f"{what} lacks {' '.join(map(str, missing))}")


def _seat(value: object, players: int, what: str) -> int:
    return check_int(value, f"{what} (a seat)", InvalidStateError, minimum=0, maximum=players - 1)


def _seats(value: object, players: int, what: str) -> frozenset[int]:
    seats = int_tuple(value, what, InvalidStateError, minimum=0)
    if any(seat >= players for seat in seats) or len(set(seats)) != len(seats):
        raise InvalidStateError(f"{what} must list different seats from 0 to {players - 1}, got {list(seats)}")
    return frozenset(seats)


def _slot(value: object, owner: int, players: int, what: str) -> Slot:
    if not isinstance(value, Mapping) or set(value) != {"card", "received", "known_by"}:
        raise InvalidStateError(f"{what} must be an object with card, received and known_by, got {brief(value)}")
    if not isinstance(value["received"], bool):
        raise InvalidStateError(f"{what}: received must be true or false")
    known_by = _seats(value["known_by"], players, f"{what}: known_by")
    if owner in known_by:
        raise InvalidStateError(f"{what}: known_by lists the hand's own seat {owner}")
    return Slot(card=read_notated(value["card"], Card, what), received=value["received"], known_by=known_by)


def _effect(value: object, players: int) -> Effect:
    if not isinstance(value, Mapping) or set(value) != {"rank", "seat", "left", "step", "card", "origin", "target"}:
        raise InvalidStateError(
            f"effect must be an object with rank, seat, left, step, card, origin, target; got {brief(value)}"
        )
    rank = read_int(value, "rank", InvalidStateError, "effect", minimum=3, maximum=6)
    step = value["step"]
    if step not in STEPS[rank]:
        raise InvalidStateError(f"the effect of a {rank} has the steps {list(STEPS[rank])}, got {brief(step)}")
    seat = _seat(value["seat"], players, "effect seat")
    card = None if value["card"] is None else read_notated(value["card"], Card, "effect card")
    target = None if value["target"] is None else _seat(value["target"], players, "effect target")
    steps = STEPS[rank]
    chosen_card = has_card_on_its_way(rank, step)
    if (card is not None) != chosen_card:
        raise InvalidStateError(
            f"an effect of a {rank} at step {brief(step)} {'has' if chosen_card else 'has no'} card on its way"
        )
    has_target = "seat" in steps and steps.index(step) > steps.index("seat")  # a 3, 5 or 6 chooses its target
    if (target is not None) != has_target or target == seat:
        raise InvalidStateError(
            f"an effect of a {rank} at step {brief(step)} needs {'another' if has_target else 'no'} target"
        )
    origin = _seats(value["origin"], players, "effect origin")
    if card is None and origin:
        raise InvalidStateError("an effect's origin lists the seats that know its card: with no card on its way, none")
    return Effect(
        rank=rank,
        seat=seat,
        left=read_int(value, "left", InvalidStateError, "effect", minimum=1, maximum=4),
        step=step,
        card=card,
        origin=origin,
        target=target,
    )


def _trick(value: object, players: int, combos: bool) -> tuple[TrickPlay, ...]:
    plays: list[TrickPlay] = []
    for index, entry in enumerate(read_sequence(value, "trick")):
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "cards"}:
            raise InvalidStateError(f"trick play {index} must be an object with seat and cards, got {brief(entry)}")
        seat = _seat(entry["seat"], players, f"trick play {index} seat")
        try:
            play = Play(read_cards(entry["cards"], f"trick play {index}", "trick cards", card_key))
        except InvalidActionError as error:
            raise InvalidStateError(f"trick play {index}: {error}") from None
        if play.has_kalo and len(play.cards) > 1 and not combos:
            raise InvalidStateError(f"trick play {index}: the Kalo is always played alone")
        climbs = not plays or (len(play.cards) == len(plays[-1].cards) and play.rank > rank_of(plays[-1].cards[0]))
        if not climbs and play.cards != (KALO,):
            raise InvalidStateError(f"trick play {index} does not beat the play before it")
        plays.append(TrickPlay(seat=seat, cards=play.cards))
    return tuple(plays)


def _check_flow(
    phase: str, hands: tuple[tuple[Slot, ...], ...], pile: int, trick: tuple[TrickPlay, ...],
    passed: frozenset[int], effect: Effect | None, current: int | None,
) -> None:  # fmt: skip
    """Check that play can go on from here: whose decision it is fits the trick and the effect.

    A Kalo can only be a trick's last play (nothing beats it), and only once the game is over.
    """
    if trick and KALO in trick[-1].cards and phase != "over":
        raise InvalidStateError("the Kalo ends a trick at once, so a trick in progress cannot hold it")
    holders = [seat for seat, hand in enumerate(hands) if hand]
    if phase == "arrange" and len({len(hand) for hand in hands}) != 1:
        raise InvalidStateError("while hands are arranged they are as dealt: all the same size")
    if phase == "play":
        assert current is not None
        if len(holders) < 2:
            raise InvalidStateError("at least two players hold cards while the round is played")
        if not trick:
            if passed or not lead_is_possible(hands[current], pile, held_by_others(hands, current)):
                raise InvalidStateError(f"seat {current} is to lead, so it must be able to and nobody has passed")
        else:
            _check_turn(hands, trick, passed, current)
    elif passed:
        raise InvalidStateError("seats pass only while a trick is played: passed is empty while arranging or resolving")
    if effect is not None:
        if not trick or trick[-1].seat != effect.seat or rank_of(trick[-1].cards[0]) != effect.rank:
            raise InvalidStateError("an effect belongs to the trick's last play, of its player and rank")
        if effect.left > len(trick[-1].cards):
            raise InvalidStateError("an effect has at most as many steps left as cards played")
        if effect.card is not None and card_source(effect.rank, effect.seat, effect.target) not in effect.origin:
            raise InvalidStateError("the card on its way is known to whoever chose or lost it")
        if phase == "effect" and effect.step == "slot" and (effect.target is None or not hands[effect.target]):
            raise InvalidStateError("a 6 takes a slot of a hand that holds cards")
        if phase == "effect":
            _check_effect_can_finish(effect, hands, pile)


def _check_turn(
    hands: tuple[tuple[Slot, ...], ...], trick: tuple[TrickPlay, ...], passed: frozenset[int], current: int
) -> None:
    """K4, K6: after the last play the turn goes round the holders; those passed over have passed, in order."""
    players, last = len(hands), trick[-1].seat
    if any(first.seat == second.seat for first, second in pairwise(trick)):
        raise InvalidStateError("no seat plays twice in a row in a trick: the others would have had to pass, ending it")
    between = []
    for seat in seats_from(last, players)[1:]:
        if seat == current:
            break
        if hands[seat]:
            between.append(seat)
    if not hands[current] or current == last or set(between) != passed:
        raise InvalidStateError(
            f"after seat {last}'s play the turn goes round the seats holding cards: seat {current} can be to play "
            f"only when the holders before it, {between or 'none'}, have passed; passed is {sorted(passed)}"
        )


def _check_effect_can_finish(effect: Effect, hands: tuple[tuple[Slot, ...], ...], pile: int) -> None:
    """K8: a play is legal only if all its effects can be carried out, so the effects left still can be."""
    seat, rank, left = effect.seat, effect.rank, effect.left
    own = len(hands[seat])
    others = held_by_others(hands, seat)
    waiting = left - (effect.card is not None)  # effects still to find their card
    if not play_is_possible(rank, waiting, own, pile, others):  # as if the cards waiting were played now
        needs = plural(waiting, "card")
        if rank == 3:
            raise InvalidStateError(f"a 3's effects still need {needs} from seat {seat}'s hand, which holds {own}")
        if rank == 6:
            raise InvalidStateError(f"a 6's effects still need {needs} from the other hands, which hold {others}")
        raise InvalidStateError(f"the effects of a {rank} still need {needs} from the discard pile of {pile}")
    if effect.step in ("card", "seat") and "seat" in STEPS[rank] and not others:
        raise InvalidStateError(f"the effect of a {rank} needs another player holding cards")


def _check_round(
    game: KaloOptions[KaloState], phase: str, hands: tuple[tuple[Slot, ...], ...], trick: tuple[TrickPlay, ...],
    scores: tuple[int, ...], out: tuple[int, ...], kalo_holder: int, leader: int, current: int | None, plays: int,
) -> None:  # fmt: skip
    """The facts of the round so far agree: the deal's arranging, who leads, and the points of those out."""
    n = game.players
    if any(slot.known_by and not slot.received for hand in hands for slot in hand):
        raise InvalidStateError("only a card that changed hands (received) can be known to other seats (K9)")
    if phase == "arrange":
        if any(slot.received for hand in hands for slot in hand) or plays:
            raise InvalidStateError("while hands are arranged, no card has changed hands and nothing is played")
        if KALO not in (slot.card for slot in hands[kalo_holder]) or leader != next_seat(kalo_holder, n):
            raise InvalidStateError(
                "while hands are arranged the Kalo is in its holder's hand and the seat after the holder opens (K2)"
            )
    if trick and trick[0].seat != leader:
        raise InvalidStateError(f"the trick was led by seat {trick[0].seat}, so the leader is {trick[0].seat}")
    if phase == "play" and not trick and leader != current:
        raise InvalidStateError(f"seat {current} is to lead the trick, so it is the leader")
    for place, seat in enumerate(out, start=1):
        if scores[seat] < place_points(n, place):
            raise InvalidStateError(
                f"seat {seat} went out {place}. and scored {place_points(n, place)} points this round (K10), "
                f"but its score is {scores[seat]}"
            )
    if max(scores) > game.target - 1 + n:
        raise InvalidStateError(f"no score passes {game.target - 1 + n}: the game ends when one reaches {game.target}")


def read_state(game: KaloOptions[KaloState], data: Mapping[str, Any]) -> KaloState:
    """Build a state from its dict (header and options already checked by ``Game.from_dict``).

    Raises:
        InvalidStateError: Naming the first field that is malformed or inconsistent.
    """
    check_keys(data, _KEYS + _OPTIONAL, InvalidStateError, "state")
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise InvalidStateError(f"a Kalo state needs the field(s) {missing}")
    n = game.players
    phase = data["phase"]
    if phase not in ("arrange", "play", "effect", "over"):
        raise InvalidStateError(f"phase must be arrange, play, effect or over, got {brief(phase)}")
    scores = int_tuple(data["scores"], "scores", InvalidStateError, length=n, minimum=0)
    round_number = read_int(data, "round", InvalidStateError, "state", minimum=1, maximum=game.rounds)
    last_round = f" or its round {game.rounds} has ended" if game.rounds is not None else ""
    reached = max(scores) >= game.target
    if (reached and phase != "over") or (phase == "over" and not reached and round_number != game.rounds):
        raise InvalidStateError(f"the game is over exactly when a score reaches {game.target}{last_round}")
    raw_hands = read_sequence(data["hands"], "hands")
    if len(raw_hands) != n:
        raise InvalidStateError(f"hands must hold {n} hands, got {len(raw_hands)}")
    hands = tuple(
        tuple(
            _slot(slot, owner, n, f"seat {owner}'s slot {index}")
            for index, slot in enumerate(read_sequence(hand, "a hand"))
        )
        for owner, hand in enumerate(raw_hands)
    )
    pile = read_cards(data["pile"], "a pile card", "pile", card_key)
    trick = _trick(data["trick"], n, game.kalo_in_combinations)
    effect = None if data["effect"] is None else _effect(data["effect"], n)
    current = None if data["current_player"] is None else _seat(data["current_player"], n, "current_player")
    cards = [slot.card for hand in hands for slot in hand] + list(pile)
    cards += [card for play in trick for card in play.cards]
    if effect is not None and effect.card is not None:
        cards.append(effect.card)
    aside = read_cards(data.get("aside", []), "a card set aside", "aside", card_key)
    check_cards([*cards, *aside], n, "the state")
    if aside and phase == "arrange":
        raise InvalidStateError("while hands are arranged every card is as dealt: none is set aside")
    out = int_tuple(data["out"], "out", InvalidStateError, minimum=0)
    if len(set(out)) != len(out) or any(seat >= n for seat in out):
        raise InvalidStateError(f"out must list different seats, got {list(out)}")
    empty = {seat for seat, hand in enumerate(hands) if not hand}
    playing_out = {effect.seat} if effect is not None else set()
    if (phase != "over" and not set(out) <= empty) or not empty - set(out) <= playing_out:
        raise InvalidStateError(f"out {list(out)} must be the seats with empty hands")
    if (phase == "effect" and effect is None) or (phase in ("arrange", "play") and effect is not None):
        raise InvalidStateError("an effect is being resolved in phase 'effect' (or was, when the game ended)")
    if (phase == "over") != (current is None):
        raise InvalidStateError("current_player is null exactly when the game is over")
    if effect is not None and phase == "effect" and current != effect.decider:
        raise InvalidStateError(
            f"during this effect the decision is seat {effect.seat}'s or the receiver's, not {current}'s"
        )
    passed = _seats(data["passed"], n, "passed")
    _check_flow(phase, hands, len(pile), trick, passed, effect, current)
    arranged = read_int(data, "arranged", InvalidStateError, "state", minimum=0)
    if phase == "arrange":
        if trick or pile or out or current is None or arranged >= max(len(hands[current]) - 1, 1):
            raise InvalidStateError(
                "while hands are arranged, no card has been played and the arranging seat has a slot left"
            )
    elif arranged:
        raise InvalidStateError("arranged is 0 outside the arranging phase")
    if phase in ("play", "effect") and current is not None and not hands[current] and effect is None:
        raise InvalidStateError(f"seat {current} holds no cards and cannot be the one to play")
    # A play counts before its effects, and the limit is checked after them.
    limit = game.play_limit - (phase in ("arrange", "play"))
    plays = read_int(data, "plays", InvalidStateError, "state", minimum=len(trick), maximum=limit)
    kalo_holder = _seat(data["kalo_holder"], n, "kalo_holder")
    leader = _seat(data["leader"], n, "leader")
    _check_round(game, phase, hands, trick, scores, out, kalo_holder, leader, current, plays)
    return KaloState(
        game=game,
        seed=read_int(data, "seed", InvalidStateError, "state", minimum=0),
        round_number=round_number,
        scores=scores,
        hands=hands,
        pile=pile,
        kalo_holder=kalo_holder,
        trick=trick,
        passed=passed,
        leader=leader,
        phase=phase,
        current_player=current,
        arranged=arranged,
        effect=effect,
        out=out,
        plays=plays,
        aside=aside,
    )
