"""The terminal frontend: ``tablegames play`` and ``tablegames replay``, on the public API only.

Examples:
    >>> from tablegames.cli import main
    >>> main(["replay", "--help"])  # doctest: +ELLIPSIS
    usage: tablegames replay ...
    0
"""

from __future__ import annotations

from tablegames.cli.main import main

__all__ = ["main"]
