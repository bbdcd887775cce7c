"""``tablegames serve`` with the break named by TABLEGAMES_BREAK applied (see tests/server/conftest.py)."""

from __future__ import annotations

import os
import sys

import pytest

from tablegames.cli import main
from tests.server.conftest import BREAKS

if __name__ == "__main__":
    patch = pytest.MonkeyPatch()
    BREAKS[os.environ["TABLEGAMES_BREAK"]](patch)
    sys.exit(main(sys.argv[1:]))
