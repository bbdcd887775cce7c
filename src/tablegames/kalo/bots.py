"""Kalo bots: `KaloHeuristic`, fixed priorities for shedding a hand, and ``search``, ISMCTS over sampled deals.

Both see only the view they are given. The heuristic reads its own hand and
the public facts (hand sizes, slot marks, scores, the trick); the search bot
deals the cards it cannot see with ``game.sample_state(view, rng)`` and plays
each deal on to the end of the round with the heuristic, which reads those
deals directly (`KaloHeuristic.choose_from_state`, deciding as from the
mover's view). The same view and RNG state always give the same decision.

Examples:
    >>> import random
    >>> from tablegames.kalo import Kalo
    >>> game = Kalo(players=4)
    >>> hands = [["3c", "9c", "9d", "Kc", "2s"], ["6d", "Qd"], ["Kd", "8s"], ["Ad", "8h"]]
    >>> state = game.position(hands, leader=0, kalo_holder=0)
    >>> bot = game.bot("heuristic")
    >>> str(bot.choose(state.view(0), random.Random(1)))  # lead the lowest rank
    '3c'
    >>> state = state.apply(state.parse_action("3c"))
    >>> str(bot.choose(state.view(0), random.Random(1)))  # and give away the worst card left
    'card 9c'
    >>> search = game.bot("search", iterations=10)
    >>> search.choose(state.view(0), random.Random(1)) in state.legal_actions()
    True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from tablegames.cards import round_over
from tablegames.core.bots import Bot, BotSpec, Position, game_validator, register_bots
from tablegames.core.search import EXPLORATION, ITERATIONS, MARGIN, PAIRED, ISMCTSBot
from tablegames.kalo.actions import READY, ChooseCard, ChooseSeat, ChooseSlot, Insert, Pass, Play
from tablegames.kalo.cards import power, rank_of
from tablegames.kalo.options import KaloOptions
from tablegames.kalo.rules import play_is_possible
from tablegames.kalo.state import KaloState
from tablegames.kalo.view import KaloView, hand_seen

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Sequence

    from tablegames.cards import Card
    from tablegames.core.protocol import Action, State, View
    from tablegames.kalo.game import Kalo
    from tablegames.kalo.view import SlotView

__all__ = ["SEARCH_SETTINGS", "KaloHeuristic", "KaloSearch", "kalo_bots", "round_gain", "search_bot"]

#: The rank of the 2s; the Kalo is a 2 too (the heart 2).
_TWO = 15
#: A hand this small plays its 2s and the Kalo as a follower instead of keeping them.
_FEW = 3
#: Cards up to this rank (an 8) are shed only by leading them: a follower holding one spends a 2 to win the lead.
_LOW = 8


#: What `KaloHeuristic` reads, alike in a `KaloView` and a `KaloState`: of ``hands``, the sizes and the mover's own hand
#: only; a hand it looks into otherwise comes as the mover sees it (``seen``).
_Table = KaloView | KaloState


def _empties(rank: int, count: int, size: int) -> bool:
    """Whether ``count`` cards of ``rank`` from a hand of ``size`` cards empty it, effects included (K10)."""
    if rank in (4, 6):  # they refill the hand
        return False
    if rank == 3:  # each 3 gives away one more card
        return size - count == count
    return size == count


def _is_high(play: Play) -> bool:
    """2s and the Kalo: the cards that win a trick, kept to take the lead when it matters."""
    return play.rank == _TWO


@attrs.frozen
class KaloHeuristic(Bot):
    """Fixed priorities: shed low cards, win the lead with 2s, keep the Kalo for the end, hold back the leaders.

    - Arranging: ``ready`` at once. Nobody sees a hand's order, and a dealt
      order is random, so no arrangement tells a robber more.
    - Leading: go out if one play does it; else the lowest rank, as many of
      it as possible (a pair sheds two cards for one lead); 2s and the Kalo
      only when nothing else can be led.
    - Following: go out if one play does it; else the lowest play that beats
      the trick, without 2s or the Kalo. Then 2s (not the Kalo) to win the
      lead while the hand holds an 8 or lower, which hardly ever beats a
      trick and so goes only by leading; 2s and the Kalo alike when few
      cards are left or when winning the trick lets the next lead go out;
      else pass. (Measured in 200 four-player games, two seats each: this
      rule won 38% of its seats, keeping the 2s back whatever the hand 12%.)
    - A 3: give away the lowest card, to the player holding the most cards
      (the one furthest from going out; ties: the highest score).
    - A 4: take the best card of the discard pile.
    - A 5: give the lowest card of the pile to the player holding the fewest
      cards (to hold back the one nearest going out; ties: the highest score).
    - A 6: rob the player holding the fewest cards, but never of a last card
      while another choice is left (that would take them out, K10); the slot:
      a card it knows to be an ace or better, else a card that player took
      from the pile with a 4 (a received slot nobody else knows: likely the
      pile's best), else a slot drawn at random among those it was dealt.
    - Receiving a card: a slot drawn at random. A received slot is marked
      for everyone wherever it goes (K9), so no slot hides the card; a random
      place gives a robber guessing by position nothing to go on.

    Attributes:
        game: The game played.
    """

    name: ClassVar[str] = "heuristic"

    game: KaloOptions[KaloState] = attrs.field(validator=game_validator(KaloOptions, "Kalo"))

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return the decision the priorities above give for ``view``'s seat."""
        assert isinstance(view, KaloView)
        seat = view.seat
        assert seat is not None
        return self._decide(view, seat, view.legal_actions, view.pile_size, view.hands.__getitem__, rng)

    def choose_from_state(self, state: Position, rng: random.Random) -> Action:
        """Return what `choose` returns from the mover's view of ``state``, reading ``state`` itself.

        The priorities read the public facts (the phase, the trick, the
        scores, the effect, the sizes of the hands and of the pile) and the
        mover's own hand, all alike in a state and in the mover's view; the
        one hand they look into for a 6 is read as the view shows it
        (`tablegames.kalo.view.hand_seen`). A search playing on its sampled
        states with the heuristic then builds no view.
        """
        assert isinstance(state, KaloState)
        seat = state.current_player
        assert seat is not None
        hands = state.hands
        return self._decide(
            state, seat, state.legal_actions(), len(state.pile), lambda owner: hand_seen(hands[owner], owner, seat), rng
        )

    def _decide(
        self,
        table: _Table,
        seat: int,
        legal: Sequence[Action],
        pile_size: int,
        seen: Callable[[int], Sequence[SlotView]],
        rng: random.Random,
    ) -> Action:
        """The decision from ``table``'s public facts and ``seat``'s own hand, ``seen(owner)`` giving a hand as seen."""
        if len(legal) == 1:
            return legal[0]
        if table.phase == "arrange":
            return READY
        if table.phase == "play":
            return self._play(table, seat, legal, pile_size)
        return self._effect(table, seat, legal, seen, rng)

    # -- plays ---------------------------------------------------------------

    def _play(self, table: _Table, seat: int, legal: Sequence[Action], pile_size: int) -> Action:
        size = len(table.hands[seat])
        plays = [action for action in legal if isinstance(action, Play)]
        for play in plays:
            if _empties(play.rank, len(play.cards), size):
                return play
        low = [play for play in plays if not _is_high(play)]
        if not table.trick:  # a lead: the lowest rank, as many cards of it as possible
            if low:
                return min(low, key=lambda play: (play.rank, -len(play.cards)))
            return _best_high(plays)
        if low:
            return min(low, key=lambda play: play.rank)
        high = [play for play in plays if _is_high(play)]
        if high and (size <= _FEW or any(_leads_out(table, seat, play, pile_size) for play in high)):
            return _best_high(high)
        twos = [play for play in high if not play.has_kalo]
        if twos and any(slot.card is not None and rank_of(slot.card) <= _LOW for slot in table.hands[seat]):
            return twos[0]
        return next(action for action in legal if isinstance(action, Pass))

    # -- effects -------------------------------------------------------------

    def _effect(
        self,
        table: _Table,
        seat: int,
        legal: Sequence[Action],
        seen: Callable[[int], Sequence[SlotView]],
        rng: random.Random,
    ) -> Action:
        effect = table.effect
        assert effect is not None
        first = legal[0]
        if isinstance(first, ChooseCard):
            cards = [action for action in legal if isinstance(action, ChooseCard)]
            return (max if effect.rank == 4 else min)(cards, key=lambda action: power(action.card))
        if isinstance(first, ChooseSeat):
            seats = [action.seat for action in legal if isinstance(action, ChooseSeat)]
            return _seat(table, seats, effect.rank)
        if isinstance(first, ChooseSlot):
            assert effect.target is not None
            return ChooseSlot(_slot(seen(effect.target), rng))
        assert isinstance(first, Insert)
        return legal[int(rng.random() * len(legal))]


def _best_high(plays: Sequence[Play]) -> Play:
    """Among 2s and the Kalo: the most 2s at once, the Kalo alone last."""
    return min(plays, key=lambda play: (play.has_kalo, -len(play.cards)))


def _leads_out(table: _Table, seat: int, play: Play, pile_size: int) -> bool:
    """Whether, after ``play`` wins the trick, one lead of the cards left would go out."""
    played = set(play.cards)
    rest = [slot.card for slot in table.hands[seat] if slot.card is not None and slot.card not in played]
    if not rest or len({rank_of(card) for card in rest}) != 1 or len(rest) > 4:
        return False
    rank = rank_of(rest[0])
    pile = pile_size + sum(len(each.cards) for each in table.trick) + len(play.cards)
    return _empties(rank, len(rest), len(rest)) and play_is_possible(rank, len(rest), 0, pile, 0)


def _seat(table: _Table, seats: Sequence[int], rank: int) -> ChooseSeat:
    """The other player an effect goes to (see `KaloHeuristic`)."""
    sizes = [len(hand) for hand in table.hands]
    scores = table.scores
    if rank == 3:
        chosen = max(seats, key=lambda other: (sizes[other], scores[other], -other))
    elif rank == 5:
        chosen = min(seats, key=lambda other: (sizes[other], -scores[other], other))
    else:
        chosen = min(seats, key=lambda other: (sizes[other] == 1, sizes[other], -scores[other], other))
        if sizes[chosen] == 1:  # every choice takes a last card: give the points to the lowest score
            chosen = min(seats, key=lambda other: (scores[other], other))
    return ChooseSeat(chosen)


def _slot(hand: Sequence[SlotView], rng: random.Random) -> int:
    """The slot a 6 takes (see `KaloHeuristic`)."""
    known = [(slot.card, index) for index, slot in enumerate(hand) if slot.card is not None]
    best: tuple[Card, int] | None = max(known, key=lambda each: power(each[0]), default=None)
    if best is not None and power(best[0]) >= 14:
        return best[1]
    for group in (
        [index for index, slot in enumerate(hand) if slot.card is None and slot.received and not slot.known_by],
        [index for index, slot in enumerate(hand) if slot.card is None and not slot.received],
        [index for index, slot in enumerate(hand) if slot.card is None],
    ):
        if group:
            return group[int(rng.random() * len(group))]
    assert best is not None
    return best[1]


# -- the search bot -------------------------------------------------------------


def round_gain(start: State, end: State, seat: int) -> float:
    """The search's reward: ``seat``'s points gained since ``start`` less the others' mean gain, over the players.

    A round gives a seat at most N points (K10), so the reward lies in [-1, 1].

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> game = Kalo(players=4)
        >>> start = game.position([["Ac"], ["Kc"], ["Qc"], ["Jc"]], leader=0, kalo_holder=0)
        >>> end = start
        >>> for move in ["Ac", "pass", "pass", "pass", "Kc", "pass", "pass", "Qc"]:
        ...     end = end.apply(end.parse_action(move))
        >>> end.scores, round_gain(start, end, 0), round_gain(start, end, 3)
        ((4, 3, 2, 1), 0.5, -0.5)
    """
    gains = [after - before for before, after in zip(start.scores, end.scores, strict=True)]
    players = len(gains)
    others = (sum(gains) - gains[seat]) / (players - 1)
    return (gains[seat] - others) / players


@attrs.frozen
class KaloSearch(ISMCTSBot):
    """`ISMCTSBot` that leaves to `KaloHeuristic` the decisions no other seat can learn anything from.

    Arranging (K3) and where a received card goes (K9) change only the order
    of a hand, which nobody else sees but as slot marks that are public
    wherever the card goes; the heuristic's playouts never look at the order.
    A search of them would spend a round's playouts per decision (a dozen
    arranging decisions a round) on choices that cannot change a playout's
    score, so the heuristic makes them; the search makes every other one.

    Its playouts are noisy (a whole round of hidden cards each), and a
    choice among many plays resting on a handful of them each is often worse
    than the heuristic's. So, by default (see `search_bot`), it plays every
    sampled deal with every legal decision (``paired``), the heuristic playing
    on for every seat, and keeps the heuristic's choice (the ``anchor``)
    unless another beats it by more than ``margin`` standard errors of the
    paired difference.
    """

    def choose(self, view: View, rng: random.Random) -> Action:
        """Arranging and inserting as `KaloHeuristic`; everything else by the search."""
        if isinstance(view, KaloView) and (
            view.phase == "arrange" or (view.effect is not None and view.effect.step == "insert")
        ):
            rollout = self.rollout
            heuristic = rollout if isinstance(rollout, KaloHeuristic) else KaloHeuristic(cast("Kalo", self.game))
            return heuristic.choose(view, rng)
        return super().choose(view, rng)


#: The settings ``game.bot("search", ...)`` takes, with Kalo's defaults.
SEARCH_SETTINGS = (
    ITERATIONS.with_default(12),
    EXPLORATION,
    PAIRED.with_default(True),
    MARGIN.with_default(1.0),
)


def search_bot(game: Kalo, **settings: Any) -> KaloSearch:
    """The Kalo search: 12 sampled deals per decision, each played with every legal decision to the round's end.

    Playouts are by `KaloHeuristic` and scored by `round_gain`; the
    heuristic's own choice stands unless another beats it by more than one
    standard error of the paired difference (``paired``, ``anchor`` and
    ``margin`` of `tablegames.core.search.ISMCTSBot`).

    ``game.bot("search", ...)`` takes the settings of `SEARCH_SETTINGS`
    (``iterations``, ``exploration``, ``paired``, ``margin``) and checks them;
    called directly, this also takes the rest of
    `tablegames.core.search.ISMCTSBot`'s fields (``rollout``, ``horizon``,
    ``reward``, ``anchor``), which replace the defaults above.

    Args:
        game: The game played.
        **settings: `tablegames.core.search.ISMCTSBot`'s settings.

    Raises:
        ConfigError: If a setting is bad.
    """
    heuristic = KaloHeuristic(game)
    chosen: dict[str, Any] = {
        "rollout": heuristic,
        "horizon": round_over,
        "reward": round_gain,
        "iterations": 12,
        "paired": True,
        "anchor": heuristic,
        "margin": 1.0,
    }
    chosen.update(settings)
    return KaloSearch.with_settings(game, chosen)


def kalo_bots(game: Kalo) -> dict[str, Callable[..., Bot]]:
    """The bots ``game.bot(name)`` offers: ``random``, ``heuristic`` and ``search``, each declared with its settings."""
    return {
        "heuristic": BotSpec(
            "heuristic",
            "sheds low cards, keeps the Kalo for the end, aims its effects",
            functools.partial(KaloHeuristic, game),
            game="kalo",
        ),
        "search": BotSpec(
            "search",
            "Monte Carlo over sampled deals to the end of the round, correcting the heuristic",
            functools.partial(search_bot, game),
            SEARCH_SETTINGS,
            makes=KaloSearch,
            game="kalo",
        ),
    }


register_bots("kalo", kalo_bots)
