"""A throwaway PostgreSQL cluster for the tests: initdb and pg_ctl in a temporary folder, on a free port.

`Cluster` runs Debian's server binaries (``/usr/lib/postgresql/*/bin``); tests
that need one skip with the reason when they are missing (and fail in CI, where
``.ci/run`` installs the ``postgresql`` package). As root (CI), the cluster runs
as the ``postgres`` user, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from tests.extras import need_module, need_program

__all__ = ["Cluster"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(need_program(found[-1] if found else "/usr/lib/postgresql/15/bin/pg_ctl", "postgresql")).parent


class Cluster:
    """A PostgreSQL server of its own in a temporary folder; `url` is a database in it."""

    def __init__(self) -> None:
        need_module("psycopg", "postgres")
        need_module("psycopg_pool", "postgres")
        self.bin = _bin()
        self.root = Path(tempfile.mkdtemp(prefix="tablegames-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres" if _has_user("postgres") else "nobody"
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        self.start()
        self.databases = 0

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([str(self.bin / program), *args], check=True, capture_output=True, timeout=120, user=self.user)

    def start(self) -> None:
        """Start the server (again) and wait until it takes connections."""
        options = f"-p {self.port} -k {self.root} -h 127.0.0.1 -c fsync=off -c max_connections=200"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: ends every connection, as a restart does)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def new_database(self) -> str:
        """Create an empty database; return its URL."""
        import psycopg

        self.databases += 1
        name = f"t{self.databases}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def url(self, name: str) -> str:
        """The URL of database ``name``."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def close(self) -> None:
        """Stop the server and delete its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
