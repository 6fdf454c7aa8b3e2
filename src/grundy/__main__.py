"""``python -m grundy``: the command line."""

from grundy.console import entry_point

entry_point()
