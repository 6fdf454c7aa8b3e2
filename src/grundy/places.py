"""Where the package keeps a file of its own: the path an environment variable names, else
one in the user's directories (the sequence cache, the sealing key).

>>> from unittest import mock
>>> with mock.patch.dict(os.environ, {"GRUNDY_EXAMPLE": "/tmp/somewhere"}):
...     str(chosen_path("GRUNDY_EXAMPLE", lambda: Path("/usual")))
'/tmp/somewhere'
>>> with mock.patch.dict(os.environ, {"GRUNDY_EXAMPLE": ""}):
...     str(chosen_path("GRUNDY_EXAMPLE", lambda: Path("/usual")))
'/usual'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def chosen_path(variable: str, usual: Callable[[], Path]) -> Path:
    """``$variable`` when it is set and not empty, else ``usual()``."""
    chosen = os.environ.get(variable)
    return Path(chosen) if chosen else usual()
