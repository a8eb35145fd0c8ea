"""``python -m generator`` is the ``variantgen`` command."""

import sys

from generator.cli import main

sys.exit(main())
