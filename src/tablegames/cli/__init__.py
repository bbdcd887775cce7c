"""The terminal frontend: ``tablegames play``, ``replay`` and ``simulate``, on the public API only.

It draws with rich (``pip install 'tablegames[cli]'``); without it the
command says so in one line and exits with status 2.

Examples:
    >>> from tablegames.cli import main
    >>> main(["replay", "--help"])  # doctest: +ELLIPSIS
    usage: tablegames replay ...
    0
"""

from __future__ import annotations

from tablegames.cli.main import main

__all__ = ["main"]
