"""The games tablegames offers of its own: the packages of the library with a ``rules.py``.

``tests/test_layers.py`` checks that these are exactly the games of
tablegames' own classes that ``tablegames.load`` finds; a test that covers
every built-in game reads them here, so that a game added to the library is
covered, or its test fails, without the test naming it.
"""

from __future__ import annotations

from pathlib import Path

import tablegames

#: The library's folder (the installed package's, which in a checkout is ``src/tablegames``).
SRC = Path(tablegames.__file__).resolve().parent
#: The built-in games' names, in alphabetical order.
BUILT_IN = tuple(sorted(path.parent.name for path in SRC.glob("*/rules.py")))
