"""``python -m wayfinding``: the same as the ``wayfinding`` command."""

import sys

from .cli import main

sys.exit(main())
