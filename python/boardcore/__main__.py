"""``python -m boardcore``: the ``boardcore`` command."""

from .cli import console_main

console_main()
