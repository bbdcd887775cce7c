"""Kalaha's refusals, each stated once: its key, its fields and its English (see `tablegames.core.reasons`).

A pit is a field by its number (0 for ``a``), as the client's words and the
events name it.

Examples:
    >>> str(KALAHA_REASONS.reason("kalaha.no_pit", pit=7, last=5))
    'there is no pit h: the pits are a to f'
"""

from __future__ import annotations

from tablegames.core.reasons import Catalogue
from tablegames.kalaha.actions import pit_letter

__all__ = ["KALAHA_REASONS"]

#: Every refusal of a Kalaha decision.
KALAHA_REASONS = Catalogue(
    {
        "kalaha.not_sow": "{action} is not a Kalaha action (a Sow of a pit)",
        "kalaha.no_pit": lambda *, pit, last: (
            f"there is no pit {pit_letter(pit)}: the pits are a to {pit_letter(last)}"
        ),
        "kalaha.pit_empty": lambda *, pit: f"pit {pit_letter(pit)} is empty",
    }
)
