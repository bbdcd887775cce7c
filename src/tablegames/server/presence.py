"""Who is connected where: each seat's connections on the other server processes of a shared store.

A seat's ``connected`` in a table's summary says whether it has a WebSocket
open anywhere, so that a join link opened on one process while its seat is
played on another is offered to watch instead, as on one process. Each
process tells the others how many connections of a seat it holds whenever
that changes, and tells them again every `RETELL` seconds; what a process
said is forgotten after `FORGET` seconds without being said again, so a
process that died (its connections gone with it) stops counting.

Examples:
    >>> now = [0.0]
    >>> presence = Presence(clock=lambda: now[0])
    >>> presence.hear("a1b2", "t1", 0, 2)
    >>> presence.elsewhere("t1", 0), presence.elsewhere("t1", 1)
    (2, 0)
    >>> now[0] = FORGET + 1
    >>> presence.forget_stale(), presence.elsewhere("t1", 0)
    ({('t1', 0)}, 0)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["FORGET", "RETELL", "Presence"]

#: How often (seconds) a process tells the others again which seats it holds connections of.
RETELL = 10.0
#: How long (seconds) what another process said holds without being said again.
FORGET = 3 * RETELL


class Presence:
    """The connections other processes said they hold, per seat, each with when it was said.

    Args:
        clock: Seconds from any start (`time.monotonic`).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._heard: dict[tuple[str, int], dict[str, tuple[int, float]]] = {}

    def hear(self, origin: str, table_id: str, seat: int, connections: int) -> None:
        """Note that process ``origin`` holds ``connections`` connections of ``seat`` of a table now."""
        told = self._heard.setdefault((table_id, seat), {})
        if connections > 0:
            told[origin] = (connections, self.clock())
        else:
            told.pop(origin, None)
        if not told:
            del self._heard[(table_id, seat)]

    def elsewhere(self, table_id: str, seat: int) -> int:
        """How many connections of ``seat`` the other processes hold, as last told."""
        return sum(count for count, _ in self._heard.get((table_id, seat), {}).values())

    def forget_stale(self) -> set[tuple[str, int]]:
        """Forget what was not said again for `FORGET` seconds; return the seats whose count that changed."""
        now = self.clock()
        changed = set()
        for key, told in list(self._heard.items()):
            for origin, (_, when) in list(told.items()):
                if now - when > FORGET:
                    del told[origin]
                    changed.add(key)
            if not told:
                del self._heard[key]
        return changed
