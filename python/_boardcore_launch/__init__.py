"""The ``boardcore`` command's entry point, kept outside the ``boardcore`` package.

A console script imports its target's package before any of the target's code runs, and
importing boardcore (numpy, the compiled engines, the command's modules) takes a few tenths
of a second: a Ctrl-C then would end the command with Python's traceback. From here the
import itself is guarded, so a Ctrl-C at any moment ends the command the same quiet way.
"""

from __future__ import annotations

import os
import signal
import sys


def main() -> None:
    """Imports and runs ``boardcore.cli.console_main``; a Ctrl-C while importing ends the
    process as the command does after one (by SIGINT itself, silently)."""
    try:
        from boardcore.cli import console_main
    except KeyboardInterrupt:
        if os.name == "posix":
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        sys.exit(130)
    console_main()
