"""The cluster guide's example, docs/examples/cluster.py, run against the tests' Ray cluster."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from tests.docs.test_site import EXAMPLES
from tests.extras import need_module

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def test_the_cluster_example_runs_and_draws(
    ray_cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """cluster.py joins the cluster by its address, prints the arena run and the tournament, and writes the plot."""
    need_module("matplotlib", "plot")
    spec = importlib.util.spec_from_file_location("cluster", EXAMPLES / "cluster.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plot = tmp_path / "tournament.svg"
    module.main(["--address", ray_cluster, "--games", "4", "--plot", str(plot)])
    out = capsys.readouterr().out
    assert "40 games · seed 5" in out
    assert "3 bots · 3 tables of 4 games · seed 1" in out
    assert plot.read_text(encoding="utf-8").count("<svg") == 1
