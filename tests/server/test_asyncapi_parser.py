"""The AsyncAPI document of the WebSocket passes the AsyncAPI project's own validator, ``@asyncapi/parser``.

The parser is a Node.js package: ``.ci/run`` installs it from npm into
``.ci-venv/npm`` (``npm install --prefix .ci-venv/npm @asyncapi/parser@3``);
without node or the package the test is skipped (and fails where
``TABLEGAMES_REQUIRE_EXTRAS=1``, as in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tablegames.server.asyncapi import asyncapi
from tests.extras import _missing

ROOT = Path(__file__).resolve().parents[2]
#: Validate the document named by the first argument; print each diagnostic as one JSON line.
VALIDATE = """
const { Parser } = require("@asyncapi/parser");
const text = require("fs").readFileSync(process.argv[2], "utf8");
new Parser().validate(text).then((diagnostics) => {
  for (const each of diagnostics) {
    console.log(JSON.stringify({ severity: each.severity, code: each.code, message: each.message, path: each.path }));
  }
}, (error) => { console.error(error); process.exit(2); });
"""
#: The diagnostics' severities that fail the test: Spectral's 0 (error) and 1 (warning).
FAILING = (0, 1)


def _modules() -> Path:
    """The ``node_modules`` folder holding ``@asyncapi/parser``; skips the test if node or it is missing."""
    if shutil.which("node") is None:
        _missing("needs node, from Debian's package 'nodejs': apt-get install -y nodejs npm")
    for where in (ROOT / "node_modules", ROOT / ".ci-venv" / "npm" / "node_modules"):
        if (where / "@asyncapi" / "parser" / "package.json").is_file():
            return where
    _missing("needs @asyncapi/parser: npm install --prefix .ci-venv/npm @asyncapi/parser@3 (as .ci/run does)")
    raise AssertionError  # pragma: no cover - _missing raised


def _diagnostics(document: dict[str, Any], folder: Path) -> list[dict[str, Any]]:
    modules = _modules()
    (folder / "asyncapi.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / "validate.js").write_text(VALIDATE, encoding="utf-8")
    run = subprocess.run(
        ["node", str(folder / "validate.js"), str(folder / "asyncapi.json")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NODE_PATH": str(modules)},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def test_the_asyncapi_document_passes_the_asyncapi_parser(tmp_path: Path) -> None:
    """No error and no warning: what the AsyncAPI tools (generators, docs, validators) read, they read as meant."""
    found = _diagnostics(asyncapi(), tmp_path)
    assert [each for each in found if each["severity"] in FAILING] == []


def test_the_parser_refuses_a_broken_document(tmp_path: Path) -> None:
    """The check itself works: a message whose payload is no schema is reported."""
    broken = asyncapi()
    broken["components"]["messages"][next(iter(broken["components"]["messages"]))]["payload"] = 7
    found = _diagnostics(broken, tmp_path)
    assert any(each["severity"] == 0 for each in found), found
