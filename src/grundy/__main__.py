"""``python -m grundy``: the command line."""

import sys

try:
    from grundy.cli import entry_point
except KeyboardInterrupt:  # Ctrl-C while the compiled kernels load: leave quietly
    sys.exit(130)

entry_point()
