"""A Ray cluster for the tests: one head node of two CPUs on localhost, shared by every test that needs it.

``ray start --head --block`` runs on a free port in its own temporary folder (so no other Ray on the machine
sees it or is seen), the test process joins it by its address as a user joins a cluster, and at the end of the
session the head is stopped by its process id.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from typing import TYPE_CHECKING

import pytest

from tests.extras import need_module

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["ray_cluster"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def ray_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Ray head node of two CPUs on localhost, in its own folder; yields its address and stops it."""
    ray = need_module("ray", "ray")
    folder = tmp_path_factory.mktemp("ray")
    port = _free_port()
    log = folder / "head.log"
    command = [
        *(sys.executable, "-m", "ray.scripts.scripts", "start", "--head", "--block", "--num-cpus=2"),
        *(f"--port={port}", "--node-ip-address=127.0.0.1", "--include-dashboard=false", "--disable-usage-stats"),
        f"--temp-dir={folder}",
    ]
    with log.open("w") as out:  # a test cluster on localhost: no token needed to join it
        head = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "RAY_AUTH_MODE": "disabled"}
        )
    try:
        deadline = time.monotonic() + 120
        while "Ray runtime started" not in log.read_text(encoding="utf-8"):
            assert head.poll() is None, f"ray start failed:\n{log.read_text(encoding='utf-8')}"
            assert time.monotonic() < deadline, "ray start took more than 120 s"
            time.sleep(0.2)
        yield f"127.0.0.1:{port}"
    finally:
        ray.shutdown()
        head.terminate()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:  # pragma: no cover - a head that will not drain
            head.kill()
            head.wait()
