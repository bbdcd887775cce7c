"""A bot that records what it is handed: the tests' proof that bots see views and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.bots import Bot

if TYPE_CHECKING:
    import random

    from tablegames.core.protocol import Action, View


@attrs.frozen
class Spy(Bot):
    """Records every view it is handed, then decides like ``inner``."""

    name: ClassVar[str] = "spy"
    inner: Bot
    seen: list[object] = attrs.field(factory=list, eq=False)

    def choose(self, view: View, rng: random.Random) -> Action:
        """Record ``view`` and ask the inner bot."""
        self.seen.append(view)
        return self.inner.choose(view, rng)
