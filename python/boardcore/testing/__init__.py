"""The conformance kit: test any engine of a boardcore game against boardcore's own.

A web app's rules code, a student's engine or a port to another language can be held to
boardcore's engines with the machinery of boardcore's differential tests (the DESIGN.md
driver: SplitMix64, weighted chance, the random agent):

- :func:`api_test` checks the invariants every engine must keep (:data:`CHECKS`);
- :func:`compare` plays seeded games on another engine and a boardcore engine side by side
  and reports the first disagreement, then shrinks it to a shorter game;
- :func:`record` writes golden logs (JSON Lines, ``docs/conformance.md``) that an engine in
  any language can replay, and :func:`verify` replays one on a Python engine;
- :func:`load_engine` builds an engine from a ``module:factory`` string, as the command line
  (``boardcore conformance | record | verify``) does.

Every result has ``ok``, a readable ``str()`` report and ``raise_if_failed()``, which
raises :class:`ConformanceError` (an ``AssertionError``) carrying the report, so each
function is also an assertion for a test suite:

>>> import boardcore
>>> from boardcore.testing import api_test, compare
>>> ours = boardcore.load("kardinal", players=4)
>>> theirs = boardcore.reference.load("kardinal", players=4)   # stand-in for your engine
>>> api_test(theirs, games=2).raise_if_failed()
>>> result = compare(theirs, ours, games=10, seed=100)
>>> result.ok
True
>>> print(str(result).splitlines()[-1])  # doctest: +ELLIPSIS
PASSED: 10 games (seeds 100..109), ... steps, no disagreement (... s)
"""

from __future__ import annotations

from ._api_test import CHECKS, ApiTestResult, Violation, api_test
from ._common import (
    ConformanceError,
    Difference,
    Disagreement,
    EngineError,
    GoldenLogError,
    KitInterrupted,
    json_diff,
)
from ._compare import CompareResult, ShrinkReport, compare
from ._engines import load_engine, resolve_factory
from ._golden import LOG_FORMAT, LOG_VERSION, Recording, VerifyResult, record, verify

__all__ = [
    "CHECKS",
    "LOG_FORMAT",
    "LOG_VERSION",
    "ApiTestResult",
    "CompareResult",
    "ConformanceError",
    "Difference",
    "Disagreement",
    "EngineError",
    "GoldenLogError",
    "KitInterrupted",
    "Recording",
    "ShrinkReport",
    "VerifyResult",
    "Violation",
    "api_test",
    "compare",
    "json_diff",
    "load_engine",
    "record",
    "resolve_factory",
    "verify",
]
