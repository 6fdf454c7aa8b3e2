"""The ``grundy`` console script: ``grundy --version`` answers at once, without loading the
command line's commands; anything else runs :mod:`grundy.cli`.

>>> import sys
>>> sys.argv = ["grundy", "--version"]
>>> try:
...     entry_point()
... except SystemExit as done:
...     print(done.code)  # doctest: +ELLIPSIS
grundy ...
0
"""

from __future__ import annotations

import sys


def entry_point() -> None:
    """Exit with the command line's exit code (0 after ``--version``)."""
    if sys.argv[1:] == ["--version"]:
        from grundy import __version__

        print(f"grundy {__version__}")
        sys.exit(0)
    try:
        from grundy.cli import entry_point as command_line
    except KeyboardInterrupt:  # Ctrl-C while the commands load: leave quietly
        sys.exit(130)
    command_line()
