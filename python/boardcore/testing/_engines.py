"""Engines named on the command line: ``module:factory`` or ``path/to/file.py:factory``."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardcore._registry import GAMES
from boardcore.api import Game
from boardcore.errors import ParameterError

__all__ = ["call_factory", "load_engine", "resolve_factory"]

Factory = Callable[..., Game]


def _import(module: str, spec: str) -> Any:
    """The module, or a ParameterError in one line: an engine that cannot be imported
    because its own code fails (a syntax error, an exception at import) is named with the
    error and the file and line it stopped at, not with a traceback through boardcore."""
    try:
        return _import_module(module, spec)
    except ParameterError:
        raise
    except (Exception, SystemExit) as error:  # the engine's own code: any error it raises
        if isinstance(error, SyntaxError):
            why, file, line = error.msg, error.filename, error.lineno
        else:
            last = traceback.extract_tb(error.__traceback__)[-1]
            why, file, line = str(error), last.filename, last.lineno
        where = f"; {file}, line {line}" if file and line else ""
        raise ParameterError(
            f"engine {spec!r}: importing {module} failed ({type(error).__name__}: {why}{where})"
        ) from None


def _import_module(module: str, spec: str) -> Any:
    if module.endswith(".py") or "/" in module or os.sep in module:
        path = Path(module)
        if not path.is_file():
            raise ParameterError(f"engine {spec!r}: no file {module}")
        name = path.stem  # the module's own name in reports, unless another module has it
        existing = sys.modules.get(name)
        if existing is not None and getattr(existing, "__file__", None) != str(path.resolve()):
            name = f"_boardcore_engine_{path.stem}"
        path = path.resolve()
        loader_spec = importlib.util.spec_from_file_location(name, path)
        if loader_spec is None or loader_spec.loader is None:
            raise ParameterError(f"engine {spec!r}: cannot import {module}")
        loaded = importlib.util.module_from_spec(loader_spec)
        sys.modules[name] = loaded
        try:
            loader_spec.loader.exec_module(loaded)
        except BaseException:
            del sys.modules[name]  # as `import` does: no half-made module stays behind
            raise
        return loaded
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        here = os.getcwd()
        if error.name != module.split(".")[0] or here in sys.path:
            raise ParameterError(f"engine {spec!r}: cannot import {module}: {error}") from None
    sys.path.insert(0, here)  # like `python -m`: modules in the current directory
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        raise ParameterError(f"engine {spec!r}: cannot import {module}: {error}") from None


def resolve_factory(spec: str) -> Factory:
    """The callable named by ``module:factory`` (or ``path/to/file.py:factory``).

    ``module`` is imported as usual, then from the current directory; a path ending in
    ``.py`` is loaded from that file. ``factory`` may be dotted (``module:Class.create``).
    """
    module, colon, attribute = spec.rpartition(":")
    if not colon or not module or not attribute:
        raise ParameterError(
            f"engine {spec!r}: expected module:factory (e.g. boardcore.reference:load or "
            "my_engine.py:MyGame)"
        )
    target: Any = _import(module, spec)
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ParameterError(f"engine {spec!r}: {module} has no {attribute}") from None
    if not callable(target):
        raise ParameterError(f"engine {spec!r}: {attribute} is not callable")
    factory: Factory = target
    return factory


def takes_name(factory: Callable[..., Any], name: str, params: dict[str, Any]) -> bool:
    """Whether ``factory`` is called ``factory(name, **params)`` (else ``factory(**params)``).

    It is when its first parameter can be given positionally and is not one of the game's
    parameters (those of ``boardcore.games()``, and those passed).
    """
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return False
    first = next(iter(signature.parameters.values()), None)
    if first is None:
        return False
    if first.kind is inspect.Parameter.VAR_POSITIONAL:
        return True
    if first.kind not in (
        inspect.Parameter.POSITIONAL_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
    ):
        return False
    known = set(GAMES[name].parameters) if name in GAMES else set()
    return first.name not in known | set(params)


def call_factory(factory: Callable[..., Any], name: str, **params: Any) -> Game:
    """``factory(name, **params)`` or ``factory(**params)``, as :func:`takes_name` says."""
    if takes_name(factory, name, params):
        game: Game = factory(name, **params)
    else:
        game = factory(**params)
    return game


def load_engine(spec: str, name: str, **params: Any) -> Game:
    """The game ``name`` with ``params`` from the engine factory ``spec``.

    ``spec`` is ``module:factory`` or ``path/to/file.py:factory``. The factory is called
    ``factory(name, **params)`` if its first parameter takes a positional argument that is
    not one of the game's parameters (as ``boardcore.reference:load(name, **params)`` and
    ``boardcore:load``), otherwise ``factory(**params)`` (as a class ``MyKardinal(players=4)``).

    >>> game = load_engine("boardcore.reference:load", "kardinal", players=2)
    >>> type(game).__name__, game.num_players
    ('KardinalGame', 2)
    >>> load_engine("boardcore.reference.kardinal:KardinalGame", "kardinal", players=3).num_players
    3
    """
    return call_factory(resolve_factory(spec), name, **params)
