"""Counts of things as people say them: ``1 card``, ``3 cards``, ``1,200 games``.

Examples:
    >>> plural(1, "card"), plural(3, "card"), plural(2, "reply", "replies"), plural(1200, "game")
    ('1 card', '3 cards', '2 replies', '1,200 games')
"""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless the count is one: ``1 card``, ``2 cards``.

    Args:
        count: How many.
        noun: The noun for one.
        many: The noun for more than one, where adding ``s`` is wrong.

    Examples:
        >>> plural(0, "trick"), plural(1, "trick"), plural(3, "reply", "replies")
        ('0 tricks', '1 trick', '3 replies')
    """
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"
