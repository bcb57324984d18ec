"""Registers ``boardcore/<game>-v0`` with Gymnasium as soon as both are imported.

Gymnasium 1.x loads no plugin entry points, so the ids must be registered by boardcore.
``import boardcore`` must stay cheap without Gymnasium, so it does not import it: if
Gymnasium is already imported, the ids are registered now; otherwise a one-shot import hook
registers them right after Gymnasium's own import finishes. The entry points are strings,
so nothing else of ``boardcore.envs`` is imported before an env is made.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Any

from .._registry import GAMES

__all__ = ["install", "register"]


def env_id(name: str) -> str:
    return f"boardcore/{name}-v0"


def register() -> None:
    """Registers every game's ``boardcore/<game>-v0`` (safe to repeat)."""
    import gymnasium

    for name in GAMES:
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(name),
                entry_point="boardcore.envs.gymnasium:BoardcoreEnv",
                vector_entry_point="boardcore.envs.vector:BoardcoreVectorEnv",
                kwargs={"name": name},
            )


class _Loader(importlib.abc.Loader):
    def __init__(self, inner: importlib.abc.Loader) -> None:
        self._inner = inner

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self._inner.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self._inner.exec_module(module)
        register()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _Hook(importlib.abc.MetaPathFinder):
    """Wraps Gymnasium's loader once, then removes itself."""

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader)
        return spec


def install() -> None:
    """Registers now if Gymnasium is imported, else when it is (called by ``import boardcore``)."""
    if sys.modules.get("gymnasium") is not None:
        register()
    elif not any(isinstance(f, _Hook) for f in sys.meta_path):
        sys.meta_path.insert(0, _Hook())
