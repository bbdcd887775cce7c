"""Hypothesis settings profiles, chosen by HYPOTHESIS_PROFILE (default: ``ci`` under CI, else ``dev``).

- ``dev``: quick runs while editing.
- ``ci``: the suite CI runs, derandomized so a red run is repeatable.
- ``thorough``: deep runs, e.g. ``HYPOTHESIS_PROFILE=thorough python -m pytest``.
"""

from __future__ import annotations

import contextlib
import os
import sys

from hypothesis import HealthCheck, settings

from tests.ray_cluster import ray_cluster  # noqa: F401 - the fixture, for the tests that run on Ray

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci", max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=2_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# OpenSpiel's algorithms import absl.logging, whose handler keeps the sys.stderr of the moment it is made: made
# inside a test, that is the test's capture, and a later logging.config.dictConfig (the server's log config)
# fails flushing it once closed. Made here and given the process's stderr, it stays writable.
with contextlib.suppress(ImportError):
    import absl.logging

    absl.logging.get_absl_handler().python_handler.stream = sys.__stderr__
