"""The bots on offer and their settings, for ``--help``: read from each game's own declaration (``game.bots()``).

Examples:
    >>> print(bots_help().splitlines()[0])
    the bots of each game, and their settings (--setting BOT.NAME=VALUE, e.g. --setting search.depth=4):
    >>> "depth (an integer from 1 to 1,000; default 8)" in bots_help()
    True
"""

from __future__ import annotations

import tablegames
from tablegames import TablegamesError
from tablegames.core.bots import BotSpec

__all__ = ["bots_help"]


def bots_help() -> str:
    """Every registered game's bots, what each does, and each setting with its values and default."""
    lines = ["the bots of each game, and their settings (--setting BOT.NAME=VALUE, e.g. --setting search.depth=4):"]
    for name in tablegames.names():
        try:
            offered = tablegames.load(name).bots()
        except TablegamesError:  # a registered game that cannot be made with its defaults
            continue
        lines.append(f"  {name}:")
        for bot, spec in offered.items():
            if isinstance(spec, BotSpec):
                lines.append(f"    {bot:<10} {spec.help}")
                lines += [f"      {setting}" for setting in spec.settings]
            else:
                lines.append(f"    {bot}")
    return "\n".join(lines)
