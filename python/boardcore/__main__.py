"""``python -m boardcore``: the ``boardcore`` command."""

import sys

from .cli import main

sys.exit(main())
