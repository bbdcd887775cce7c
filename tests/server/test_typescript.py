"""The TypeScript declarations the package ships: current with the schemas, and accepted by ``tsc --strict``."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tablegames.server.typescript import DECLARATIONS, declarations
from tests.extras import _missing

ROOT = Path(__file__).resolve().parents[2]
#: A client's use of the types: narrowing a frame by its type, building a message.
USE = """
import type { ClientMessage, ServerFrame, Snapshot } from "./wire";

export function handle(frame: ServerFrame, draw: (snapshot: Snapshot) => void): ClientMessage | null {
  switch (frame.type) {
    case "snapshot":
      draw(frame);
      return frame.view && frame.decisions !== undefined
        ? { type: "action", action: "a", decisions: frame.decisions }
        : null;
    case "update":
      return frame.next > 0 ? { type: "ping" } : null;
    case "table":
      return frame.table.status === "expired" ? null : { type: "ping" };
    case "error":
      return frame.error.type === "IllegalActionError" ? { type: "auth", token: "t", since: 0 } : null;
    case "pong":
      return null;
  }
}
"""


def _tsc() -> str:
    for where in (ROOT / "node_modules" / ".bin" / "tsc", ROOT / ".ci-venv" / "npm" / "node_modules" / ".bin" / "tsc"):
        if os.access(where, os.X_OK):
            return str(where)
    found = shutil.which("tsc")
    if not found:
        _missing("needs TypeScript's tsc: npm install --prefix .ci-venv/npm typescript@5 (as .ci/run does)")
        raise AssertionError  # pragma: no cover - _missing raised
    return found


def test_the_shipped_declarations_are_current() -> None:
    """``python -m tablegames.server.typescript > src/tablegames/server/wire.d.ts`` writes them anew."""
    assert DECLARATIONS.read_text(encoding="utf-8") == declarations()


def test_tsc_accepts_the_declarations_and_a_client_using_them(tmp_path: Path) -> None:
    shutil.copy(DECLARATIONS, tmp_path / "wire.d.ts")
    (tmp_path / "client.ts").write_text(USE, encoding="utf-8")
    run = subprocess.run(
        [
            _tsc(),
            "--noEmit",
            "--strict",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--moduleResolution",
            "bundler",
            str(tmp_path / "client.ts"),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
