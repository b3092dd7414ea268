"""``python -m mathgrade``: the command line (see :mod:`mathgrade.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
