"""The reference web client type-checks (``tsc --checkJs``) against the declarations the server ships."""

from __future__ import annotations

import shutil
import subprocess
from typing import TYPE_CHECKING

from tests.server.test_typescript import ROOT, _tsc

if TYPE_CHECKING:
    from pathlib import Path

CLIENT = ROOT / "src" / "tablegames" / "web"
DECLARATIONS = ROOT / "src" / "tablegames" / "server" / "wire.d.ts"


def check(web: Path) -> subprocess.CompletedProcess[str]:
    """Run tsc over the client in ``web`` (every module app.js reaches), its frames typed by ../server/wire.d.ts."""
    command = [_tsc(), "--allowJs", "--checkJs", "--noEmit", "--target", "es2022", "--module", "es2022"]
    command += ["--moduleResolution", "bundler", "--lib", "es2023,dom,dom.iterable", str(web / "app.js")]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


def test_the_web_client_type_checks_against_the_wire_declarations() -> None:
    """No error: every frame read and message sent is of the shipped wire types."""
    run = check(CLIENT)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_message_the_protocol_does_not_have_is_caught(tmp_path: Path) -> None:
    """A copy of the client that sends an action without its decision count is refused by the check."""
    shutil.copytree(CLIENT, tmp_path / "web")
    (tmp_path / "server").mkdir()
    shutil.copy(DECLARATIONS, tmp_path / "server" / "wire.d.ts")
    wire = tmp_path / "web" / "wire.js"
    text = wire.read_text(encoding="utf-8")
    assert text.count("decisions: this.decisions })") == 1
    wire.write_text(text.replace("decisions: this.decisions })", "decided: this.decisions })"), encoding="utf-8")
    run = check(tmp_path / "web")
    assert run.returncode != 0, "the check let the wrong message through"
    assert "wire.js" in run.stdout, run.stdout
