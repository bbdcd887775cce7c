"""The AI ecosystem's interfaces over the public protocol: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is a module of its own that needs its extra: import
``tablegames.adapters.pettingzoo`` or ``tablegames.adapters.gymnasium`` with
the extra ``rl`` installed, ``tablegames.adapters.openspiel`` with the extra
``openspiel``; without it the import raises `tablegames.MissingExtraError`
naming the extra. They use the public API only (the registry, states, views,
action indices and observations), so they work for any registered game that
defines an action space and observations (`tablegames.core.spaces`).
`tablegames.adapters.payoffs` holds what they share: the episode's rewards.
"""

from __future__ import annotations
