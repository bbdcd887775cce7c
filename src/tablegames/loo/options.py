"""Loo's options and what they fix: the seats, the chips, the rounds, the Miss, the house rules and who deals.

`LooOptions` is the part of the game that the deal, the positions and
states, the rules, the readers of states and deals (`tablegames.loo.io`),
the sampler and the encoding read; `tablegames.loo.Loo` adds to it what
starts a game, lays out a given deal and reads states. Keeping the two
apart lets every module below the game name the options without importing
the game.

Examples:
    >>> from tablegames.loo import Loo
    >>> game = Loo(players=4, first_dealer=2)
    >>> isinstance(game, LooOptions), [game.dealer_of(number) for number in (1, 2, 3)]
    (True, [2, 3, 0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from tablegames.cards import DealtGame
from tablegames.core.options import bool_option, check_int_option, int_option, players_option
from tablegames.core.protocol import State
from tablegames.loo.reasons import LOO_REASONS

if TYPE_CHECKING:
    from tablegames.core.reasons import Catalogue
    from tablegames.core.serial import JSONDict

__all__ = ["LooOptions"]

#: The game's state class (`tablegames.loo.LooState`), named by the game.
S = TypeVar("S", bound=State, covariant=True)


def _rounds_default(game: Any) -> int:
    # Defaults are computed before the validators run: a bad player count is left to its validator.
    return 2 * game.players if type(game.players) is int else 1


def _miss_fee_default(game: Any) -> int:
    return game.ante if type(game.ante) is int else 0


def _first_dealer(game: Any, _: Any, value: Any) -> None:
    check_int_option(value, "first_dealer", 0, game.players - 1)


@attrs.frozen(kw_only=True, cache_hash=True)
class LooOptions(DealtGame[S]):
    """Loo's options, checked, with what they fix: the chips in play and the dealer of each round.

    Attributes:
        players: 3 to 8.
        ante: What every seat pays into the pot before each deal (L3); 1 to 1,000,000.
        rounds: How many rounds the game lasts (L14), 1 to 1,000; by default
            two deals per seat, ``2 x players``, so that every seat deals equally often.
        starting_chips: Every seat's balance at the start (L3), 0 to 10**9; balances may go negative.
        miss: Deal the Miss, one more hand, which a player may take blind (L15).
        miss_fee: What taking the Miss costs (L15), 0 to 1,000,000; by default one ante.
        pam_is_wild: Pam may be played to any trick, even by a player who
            could follow the suit led (L8).
        trump_must_be_highest: A player void in the suit led who holds trumps
            must play the highest of them (the literal reading of L9).
        first_dealer: The dealer of the first round (L2); the deal passes to
            the next seat each round.
    """

    name: ClassVar[str] = "loo"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    reasons: ClassVar[Catalogue] = LOO_REASONS

    players: int = attrs.field(default=5, validator=players_option("Loo", 3, 8))
    ante: int = attrs.field(default=1, validator=int_option(1, 1_000_000))
    rounds: int = attrs.field(default=attrs.Factory(_rounds_default, takes_self=True), validator=int_option(1, 1000))
    starting_chips: int = attrs.field(default=0, validator=int_option(0, 10**9))
    miss: bool = attrs.field(default=False, validator=bool_option)
    miss_fee: int = attrs.field(
        default=attrs.Factory(_miss_fee_default, takes_self=True), validator=int_option(0, 1_000_000)
    )
    pam_is_wild: bool = attrs.field(default=False, validator=bool_option)
    trump_must_be_highest: bool = attrs.field(default=False, validator=bool_option)
    first_dealer: int = attrs.field(default=0, validator=_first_dealer)

    def options(self) -> JSONDict:
        """Return the options as keyword arguments.

        Examples:
            >>> from tablegames.loo import Loo
            >>> Loo(players=3, ante=2).options()  # doctest: +NORMALIZE_WHITESPACE
            {'players': 3, 'ante': 2, 'rounds': 6, 'starting_chips': 0, 'miss': False, 'miss_fee': 2,
             'pam_is_wild': False, 'trump_must_be_highest': False, 'first_dealer': 0}
        """
        return {field.name: getattr(self, field.name) for field in attrs.fields(type(self))}

    @property
    def total_chips(self) -> int:
        """The chips in the game, conserved at every step: ``players x starting_chips``.

        Examples:
            >>> from tablegames.loo import Loo
            >>> Loo(players=4, starting_chips=20).total_chips
            80
        """
        return self.players * self.starting_chips

    def dealer_of(self, round_number: int) -> int:
        """The dealer of round ``round_number`` (L2): ``first_dealer``, then the next seat each round.

        Examples:
            >>> from tablegames.loo import Loo
            >>> [Loo(players=3, first_dealer=1).dealer_of(number) for number in (1, 2, 3, 4)]
            [1, 2, 0, 1]
        """
        return (self.first_dealer + round_number - 1) % self.players
