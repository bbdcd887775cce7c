"""Write the golden playthroughs anew: ``python -m tests.golden.regenerate``."""

from __future__ import annotations

import json

from tests.golden import CASES, HERE, playthrough


def main() -> None:
    """Write one JSON file per case beside this script."""
    for stem, name, options, seed in CASES:
        path = HERE / f"{stem}.json"
        path.write_text(json.dumps(playthrough(name, options, seed), indent=1) + "\n")
        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
