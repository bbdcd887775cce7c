"""The rules of a Kalo round as moves on a mutable working copy of a state.

`Table` is private to a single transition: ``KaloState.advance`` copies the
state into a table, applies one legal action with the rules below, and
freezes the result into a new state. A table has the state's fields, in the
same order and under the same names, then ``events``. Nothing here
validates: legality is decided before (``KaloState.legal_actions``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Generic, TypeVar

from tablegames.cards import deal_round_robin, shuffle_round
from tablegames.core.protocol import State
from tablegames.core.seats import next_seat, seats_from
from tablegames.kalo import events as ev
from tablegames.kalo.actions import Arrange, ChooseCard, ChooseSeat, ChooseSlot, Insert, Pass, Play, Ready
from tablegames.kalo.cards import DECK, KALO, card_key, rank_of, removed_cards
from tablegames.kalo.effects import Effect
from tablegames.kalo.hands import DEALT, Slot, received
from tablegames.kalo.options import KaloOptions
from tablegames.kalo.tricks import TrickPlay

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Action, Event
    from tablegames.kalo.cards import Card
    from tablegames.kalo.effects import Step

__all__ = [
    "FIRST_STEP",
    "STEPS",
    "Table",
    "card_source",
    "deal_round",
    "has_card_on_its_way",
    "held_by_others",
    "lead_is_possible",
    "most_playable",
    "next_holder",
    "place_points",
    "play_is_possible",
]


#: The decisions of each effect, in the order they come (rulings K8, K9; see `Effect`).
STEPS: Final[dict[int, tuple[Step, ...]]] = {
    3: ("card", "seat", "insert"),
    4: ("card", "insert"),
    5: ("card", "seat", "insert"),
    6: ("seat", "slot", "insert"),
}
#: The first decision of each effect.
FIRST_STEP: Final[dict[int, Step]] = {rank: steps[0] for rank, steps in STEPS.items()}
#: The decision after choosing the card (3, 4, 5), and after choosing the other player (3, 5, 6).
_AFTER_CARD: Final[dict[int, Step]] = {rank: steps[1] for rank, steps in STEPS.items() if steps[0] == "card"}
_AFTER_SEAT: Final[dict[int, Step]] = {
    rank: steps[steps.index("seat") + 1] for rank, steps in STEPS.items() if "seat" in steps
}

#: The game of a table, as its state names it (``KaloOptions[KaloState]``); the rules read its options only.
G = TypeVar("G", bound=KaloOptions[State], covariant=True)


def deal_round(game: KaloOptions[State], seed: int, round_number: int) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the deck without the removed cards and deal it out, one card at a time from seat 0.

    The shuffle is drawn from a generator seeded by the game's seed and the
    round number, so each round of a seeded game is the same every time.
    """
    removed = set(removed_cards(game.players))
    deck = [card for card in DECK if card not in removed]
    shuffle_round(deck, "kalo", seed, round_number)
    return tuple(map(tuple, deal_round_robin(deck, game.players)))


def has_card_on_its_way(rank: int, step: str) -> bool:
    """Whether an effect at ``step`` carries a card (chosen for 3, 4, 5; taken at the insert of a 6).

    Examples:
        >>> [has_card_on_its_way(3, step) for step in STEPS[3]], [has_card_on_its_way(6, step) for step in STEPS[6]]
        ([False, True, True], [False, False, True])
    """
    return step == "insert" if rank == 6 else step != "card"


def card_source(rank: int, seat: int, target: int | None) -> int:
    """Who chose the card on its way (the player of a 3, 4 or 5) or lost it (the robbed target of a 6): they know it.

    Examples:
        >>> card_source(5, 0, 2), card_source(6, 0, 2)
        (0, 2)
    """
    return target if rank == 6 and target is not None else seat


def most_playable(rank: int, hand: int, pile: int, others: int) -> int:
    """The most cards of ``rank`` a hand can play with every effect carried out (ruling K8).

    Each 3 gives a card from what the hand keeps, each 4 or 5 takes one from
    the discard pile, each 6 one from another hand; the other ranks have no
    effect, and four is the most cards of a rank.

    Args:
        rank: The rank played.
        hand: Cards in the player's hand before the play.
        pile: Cards in the discard pile.
        others: Cards in the other players' hands together.

    Examples:
        >>> most_playable(3, 5, 0, 0), most_playable(5, 5, 2, 9), most_playable(6, 5, 2, 9), most_playable(9, 5, 0, 0)
        (2, 2, 9, 4)
    """
    if rank == 3:
        return hand // 2
    if rank in (4, 5):
        return pile
    if rank == 6:
        return others
    return 4


def play_is_possible(rank: int, count: int, hand_after: int, pile: int, others: int) -> bool:
    """Whether a play's effects can all be carried out (ruling K8; see `most_playable`).

    Args:
        rank: The rank played.
        count: How many cards.
        hand_after: Cards left in the player's hand after the play.
        pile: Cards in the discard pile.
        others: Cards in the other players' hands together.
    """
    return count <= most_playable(rank, count + hand_after, pile, others)


def held_by_others(hands: Sequence[Sequence[object]], seat: int) -> int:
    """Cards in every hand but ``seat``'s: what the 6s of ``seat`` may take from (ruling K8).

    Examples:
        >>> held_by_others([(1, 2), (3,), ()], 0)
        1
    """
    return sum(map(len, hands)) - len(hands[seat])


def lead_is_possible(hand: tuple[Slot, ...], pile: int, others: int) -> bool:
    """Whether a hand has any legal lead: a single card of some rank whose effect can be carried out."""
    size = len(hand)
    for slot in hand:
        rank = rank_of(slot.card)
        if rank > 6 or play_is_possible(rank, 1, size - 1, pile, others):
            return True
    return False


def place_points(players: int, place: int) -> int:
    """What going out ``place``-th (from 1) scores in a round of ``players`` (ruling K10): N - k + 1.

    Examples:
        >>> [place_points(4, place) for place in range(1, 5)]
        [4, 3, 2, 1]
    """
    return players - place + 1


def next_holder(hands: Sequence[tuple[Slot, ...]], seat: int) -> int | None:
    """The first seat holding cards after ``seat`` in turn order: ``seat`` itself if no other does; None if none."""
    players = len(hands)
    candidate = next_seat(seat, players)
    for _ in range(players):
        if hands[candidate]:
            return candidate
        candidate = next_seat(candidate, players)
    return None


class Table(Generic[G]):
    """A state's fields, unfrozen for one transition, plus the events it yields (if ``events`` is a list).

    ``hands`` is a list here (a tuple in the state); the other fields are
    the state's own immutable values, replaced, never changed. Its ``game``
    is the state's, typed as the state types it, so that the state frozen
    from the table has the game it had; the rules read only its options
    (`KaloOptions`). A plain class: one is made at every decision.
    """

    __slots__ = (
        "arranged", "aside", "current_player", "effect", "events", "game", "hands", "kalo_holder", "leader", "out",
        "passed", "phase", "pile", "plays", "round_number", "scores", "seed", "trick",
    )  # fmt: skip

    def __init__(
        self,
        game: G,
        seed: int,
        round_number: int,
        scores: tuple[int, ...],
        hands: list[tuple[Slot, ...]],
        pile: tuple[Card, ...],
        kalo_holder: int,
        trick: tuple[TrickPlay, ...],
        passed: frozenset[int],
        leader: int,
        phase: str,
        current_player: int | None,
        arranged: int,
        effect: Effect | None,
        out: tuple[int, ...],
        plays: int,
        aside: tuple[Card, ...],
        events: list[Event] | None,
    ) -> None:
        self.game: Final = game
        self.seed = seed
        self.round_number = round_number
        self.scores = scores
        self.hands = hands
        self.pile = pile
        self.kalo_holder = kalo_holder
        self.trick = trick
        self.passed = passed
        self.leader = leader
        self.phase = phase
        self.current_player = current_player
        self.arranged = arranged
        self.effect = effect
        self.out = out
        self.plays = plays
        self.aside = aside
        self.events = events

    # -- the round -----------------------------------------------------------

    def start_round(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        """Put a deal on the table: the Kalo holder announces, the seat after them arranges first (K2, K3)."""
        self.hands = [tuple(DEALT[card] for card in hand) for hand in hands]
        self.pile, self.trick, self.passed, self.out, self.aside = (), (), frozenset(), (), ()
        self.effect, self.plays, self.arranged = None, 0, 0
        self.kalo_holder = holder = next(seat for seat, hand in enumerate(hands) if KALO in hand)
        self.leader = self.current_player = opener = next_seat(holder, self.game.players)
        self.phase = "arrange"
        if self.events is not None:
            self.events.append(ev.RoundStarted(round_number=self.round_number, kalo_holder=holder, opener=opener))

    def arrange(self, action: Arrange | Ready) -> None:
        """K3: move one card to the next place of the arranged part of the hand, or finish."""
        seat = self.current_player
        assert seat is not None
        hand = list(self.hands[seat])
        if type(action) is Arrange:
            hand.insert(self.arranged, hand.pop(action.slot))
            self.hands[seat] = tuple(hand)
            if self.events is not None:
                self.events.append(ev.Arranged(seat=seat, slot=action.slot, to=self.arranged))
            self.arranged += 1
            if self.arranged < len(hand) - 1:
                return
        if self.events is not None:
            self.events.append(ev.ReadyToPlay(seat=seat))
        following = next_seat(seat, self.game.players)
        self.arranged = 0
        if following == self.leader:
            self.phase = "play"
            self.begin_lead(self.leader)
        else:
            self.current_player = following

    def begin_lead(self, seat: int) -> None:
        """K6, K7, K11: the first holder from ``seat`` on that can lead leads; if none can, the round ends."""
        pile = len(self.pile)
        for candidate in seats_from(seat, len(self.hands)):
            hand = self.hands[candidate]
            if hand and lead_is_possible(hand, pile, held_by_others(self.hands, candidate)):
                self.leader = self.current_player = candidate
                if self.events is not None:
                    self.events.append(ev.Leads(seat=candidate))
                return
            if hand and self.events is not None:
                self.events.append(ev.Blocked(seat=candidate))
        self.end_round("blocked")

    def play(self, action: Play) -> None:
        """K4, K5, K8: put the cards on the trick; start their effects, if any."""
        seat = self.current_player
        assert seat is not None
        played = set(action.cards)
        self.hands[seat] = tuple([slot for slot in self.hands[seat] if slot.card not in played])
        self.trick = (*self.trick, TrickPlay(seat, action.cards))
        self.passed = frozenset()
        self.plays += 1
        if self.events is not None:
            self.events.append(ev.Played(seat=seat, cards=action.cards))
        rank = action.rank
        if rank in FIRST_STEP and not action.has_kalo:
            self.phase = "effect"
            self.effect = Effect(rank, seat, len(action.cards), FIRST_STEP[rank])
            return
        self.after_play(seat)

    def after_play(self, seat: int) -> None:
        """After a play and all its effects: going out (K10), the round's end (K11), the Kalo (K5), the next turn."""
        self.phase, self.effect = "play", None
        if not self.hands[seat]:
            self.go_out(seat)
            if self.phase == "over":
                return
        if sum(map(bool, self.hands)) <= 1:  # one holder left, or none
            self.end_round("last")
            return
        if self.plays >= self.game.play_limit:
            self.end_round("limit")
            return
        if KALO in self.trick[-1].cards:
            self.end_trick()
            return
        self.current_player = next_holder(self.hands, seat)

    def pass_(self) -> None:
        """K4, K6: a follower passes; the trick ends once every other holder has passed since the last play."""
        seat = self.current_player
        assert seat is not None
        self.passed = self.passed | {seat}
        if self.events is not None:
            self.events.append(ev.Passed(seat=seat))
        last, passed = self.trick[-1].seat, self.passed
        for other, hand in enumerate(self.hands):
            if hand and other != last and other not in passed:  # a holder yet to pass: the turn moves on
                self.current_player = next_holder(self.hands, seat)
                return
        self.end_trick()

    def end_trick(self) -> None:
        """K6: the last player wins; the cards go to the discard pile; the winner (or the next holder) leads."""
        winner = self.trick[-1].seat
        cards = [card for play in self.trick for card in play.cards]
        self.pile = tuple(sorted((*self.pile, *cards), key=card_key))
        self.trick, self.passed = (), frozenset()
        if self.events is not None:
            self.events.append(ev.TrickWon(seat=winner, cards=len(cards)))
        self.begin_lead(winner)

    def go_out(self, seat: int) -> None:
        """K10, K12: ``seat`` has no cards left: the k-th out scores N - k + 1; 5 x N ends the game at once."""
        self.out = (*self.out, seat)
        points = place_points(self.game.players, len(self.out))
        self.scores = tuple([score + points if other == seat else score for other, score in enumerate(self.scores)])
        if self.events is not None:
            self.events.append(ev.WentOut(seat=seat, place=len(self.out), points=points))
        self.check_game_end()

    def end_round(self, reason: str) -> None:
        """K11, K13: the last holder, or every blocked holder, scores 1; then the next round is dealt."""
        holders = [seat for seat, hand in enumerate(self.hands) if hand]
        if reason == "last":
            self.out = (*self.out, *holders)
        self.scores = tuple([score + 1 if seat in holders else score for seat, score in enumerate(self.scores)])
        if self.events is not None:
            players = self.game.players
            points = [0] * players
            for place, seat in enumerate(self.out, start=1):
                points[seat] = place_points(players, place)
            for seat in holders:  # in the places too if they were the last holder, but score 1 (K11)
                points[seat] = 1
            self.events.append(
                ev.RoundEnded(
                    round_number=self.round_number,
                    reason=reason,
                    scoring=tuple(holders),
                    places=self.out,
                    points=tuple(points),
                    scores=self.scores,
                )
            )
        self.check_game_end()
        if self.phase != "over" and self.round_number == self.game.rounds:
            self.finish()  # the option rounds: the game ends with its last round
        if self.phase == "over":
            return
        self.round_number += 1
        self.start_round(deal_round(self.game, self.seed, self.round_number))

    def check_game_end(self) -> None:
        """K12: the game ends the moment a total reaches 5 x N."""
        if max(self.scores) >= self.game.target:
            # The game stops at once, an effect's card on its way included (it stays in `effect`).
            self.finish()

    def finish(self) -> None:
        """End the game: no one moves again, and `step` says who won (the highest totals)."""
        self.phase, self.current_player = "over", None

    # -- effects -------------------------------------------------------------

    def resolve(self, action: Action) -> None:
        """K8, K9: one decision of the effect being resolved: a `ChooseCard`, `ChooseSeat`, `ChooseSlot` or `Insert`."""
        effect = self.effect
        assert effect is not None
        if type(action) is ChooseCard:
            self.choose_card(effect, action.card)
        elif type(action) is ChooseSeat:
            step = _AFTER_SEAT[effect.rank]
            self.effect = Effect(effect.rank, effect.seat, effect.left, step, effect.card, effect.origin, action.seat)
            if self.events is not None:  # a 3 or 5 hands its card over: the receiver sees it from now on (K9)
                self.events.append(
                    ev.TargetChosen(
                        seat=effect.seat,
                        rank=effect.rank,
                        target=action.seat,
                        card=effect.card,
                        seen_by=self.effect.seen_by,
                    )
                )
            self.current_player = self.effect.decider
        elif type(action) is ChooseSlot:
            self.rob(effect, action.slot)
        else:
            assert type(action) is Insert
            self.insert(effect, action.slot)

    def choose_card(self, effect: Effect, card: Card) -> None:
        """The card of a 3 (from the hand) or a 4 or 5 (from the discard pile) is taken up."""
        slot: int | None = None
        if effect.rank == 3:
            hand = list(self.hands[effect.seat])
            slot = next(index for index, each in enumerate(hand) if each.card is card)
            origin = hand.pop(slot).known_by | {effect.seat}
            self.hands[effect.seat] = tuple(hand)
        else:
            self.pile = tuple([each for each in self.pile if each is not card])
            origin = frozenset({effect.seat})
        step = _AFTER_CARD[effect.rank]
        self.effect = Effect(effect.rank, effect.seat, effect.left, step, card, origin, effect.target)
        if self.events is not None:
            self.events.append(ev.CardChosen(seat=effect.seat, rank=effect.rank, slot=slot, card=card, seen_by=origin))

    def rob(self, effect: Effect, slot: int) -> None:
        """A 6 takes the card at ``slot`` of the chosen hand; an emptied hand is out at once (K10)."""
        victim = effect.target
        assert victim is not None
        hand = list(self.hands[victim])
        taken = hand.pop(slot)
        self.hands[victim] = tuple(hand)
        self.effect = Effect(
            effect.rank, effect.seat, effect.left, "insert", taken.card, taken.known_by | {victim}, victim
        )
        origin = taken.known_by | {victim, effect.seat}
        if self.events is not None:
            self.events.append(ev.Robbed(seat=effect.seat, victim=victim, slot=slot, card=taken.card, seen_by=origin))
        if not self.hands[victim]:
            self.go_out(victim)

    def insert(self, effect: Effect, slot: int) -> None:
        """K9: the receiver puts the card at the slot they choose; then the next effect, or the play is done."""
        receiver = self.current_player
        assert receiver is not None
        assert effect.card is not None
        known_by = effect.origin - {receiver}
        hand = self.hands[receiver]
        self.hands[receiver] = (*hand[:slot], received(effect.card, known_by), *hand[slot:])
        if self.events is not None:
            self.events.append(ev.Inserted(seat=receiver, slot=slot, card=effect.card, seen_by=known_by | {receiver}))
        if effect.left > 1:
            rank = effect.rank
            self.effect = Effect(rank, effect.seat, effect.left - 1, FIRST_STEP[rank])
            self.current_player = self.effect.decider
        else:
            self.after_play(effect.seat)

    def apply(self, action: Action) -> None:
        """Apply one legal action: a play, a pass, a step of arranging, or a decision of an effect."""
        if type(action) is Play:
            self.play(action)
        elif type(action) is Pass:
            self.pass_()
        elif type(action) is Arrange or type(action) is Ready:
            self.arrange(action)
        else:
            self.resolve(action)
