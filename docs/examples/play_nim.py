"""Nim, the game of the testing guide, in the terminal: a program registers it and runs the ``tablegames`` command.

Run it beside ``nim.py``: ``python play_nim.py``, followed by the command's
options if you like (``--seed 7``, ``--bots human`` for two people).
"""

from __future__ import annotations

import sys

from nim import Nim  # the game of your own: here the file beside this one

import tablegames
from tablegames.cli import main


def play(arguments: list[str]) -> int:
    """Register Nim and play it with the ``tablegames play`` command's ``arguments``; return the exit status."""
    tablegames.register("nim", Nim)
    try:
        return main(["play", "nim", *arguments])
    finally:
        tablegames.unregister("nim")


if __name__ == "__main__":
    sys.exit(play(sys.argv[1:]))
