"""Collecting the docs' examples: one needs the extra ``train``, which the extra ``test`` leaves out.

``tests/docs/test_agents.py`` runs the MaskablePPO example, saying which extra
it needs where it is missing; reading the example for doctests would import
sb3-contrib, so without it the file is not read here.
"""

from __future__ import annotations

import importlib.util

collect_ignore = [] if importlib.util.find_spec("sb3_contrib") else ["examples/maskable_ppo_kalaha.py"]
