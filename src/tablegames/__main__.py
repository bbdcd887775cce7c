"""``python -m tablegames``: the same as the ``tablegames`` command."""

from __future__ import annotations

import sys

from tablegames.cli import main

if __name__ == "__main__":
    sys.exit(main())
