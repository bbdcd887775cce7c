"""The cluster guide's example, docs/examples/cluster.py, run against the tests' Ray cluster."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.docs.examples import load_example
from tests.extras import need_module

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def test_the_cluster_example_runs_and_draws(
    ray_cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """cluster.py joins the cluster by its address, prints the arena run and the tournament, and writes the plot."""
    need_module("matplotlib", "plot")
    module = load_example("cluster.py")
    plot = tmp_path / "tournament.svg"
    module.main(["--address", ray_cluster, "--games", "4", "--plot", str(plot)])
    out = capsys.readouterr().out
    assert "40 games · seed 5" in out
    assert "3 bots · 3 tables of 4 games · seed 1" in out
    assert plot.read_text(encoding="utf-8").count("<svg") == 1
