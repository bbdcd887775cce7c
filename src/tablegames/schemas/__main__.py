"""``python -m tablegames.schemas``: write the games' JSON Schema files anew, and list them."""

from __future__ import annotations

from tablegames.schemas import write

for written in write():
    print(written.name)
