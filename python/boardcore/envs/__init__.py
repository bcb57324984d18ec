"""Reinforcement-learning environments for every boardcore game.

- :mod:`boardcore.envs.pettingzoo`: ``env(name, **params)`` / ``raw_env``, a PettingZoo AEC
  environment in which every seat is an agent (from the clone, ``pip install '.[pettingzoo]'``);
- :mod:`boardcore.envs.gymnasium`: ``BoardcoreEnv`` and ``make(name, **kw)``, a single-agent
  Gymnasium environment in which the other seats are boardcore agents, registered as
  ``boardcore/<game>-v0`` (``pip install '.[gymnasium]'``).

Importing this package imports neither PettingZoo nor Gymnasium; import the submodule you
use. See ``docs/ecosystem.md``.
"""

from __future__ import annotations


def _missing(module: str, needs: str, extra: str) -> ImportError:
    """The error of ``boardcore.envs.<module>`` imported without the libraries it needs."""
    return ImportError(
        f"boardcore.envs.{module} needs {needs}: from the clone of boardcore, "
        f"pip install '.[{extra}]'"
    )
