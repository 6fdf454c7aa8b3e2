"""``python -m grundy``: the command line."""

from grundy.cli import entry_point

entry_point()
