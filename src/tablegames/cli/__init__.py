"""The terminal frontend: the ``tablegames`` command and its commands, on the public API only.

``play`` and ``replay`` draw with rich (``pip install 'tablegames[cli]'``);
without it they say so in one line and exit with status 2. ``simulate``,
``tournament``, ``solve`` and ``analyse`` print plain text and need nothing
more; ``serve`` runs the game server, which needs the ``web`` extra instead.

Examples:
    >>> from tablegames.cli import main
    >>> main(["replay", "--help"])  # doctest: +ELLIPSIS
    usage: tablegames replay ...
    0
"""

from __future__ import annotations

from tablegames.cli.main import main

__all__ = ["main"]
