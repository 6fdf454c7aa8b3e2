"""Shell completion for the ``grundy`` command: bash, zsh and fish scripts from its parser.

The scripts are static: made once by ``grundy completion SHELL`` from the command's own
argument parser (by the ``shtab`` library), so a tab press never starts Python.  They
complete the subcommands, their options and choices, and, where a position is expected,
the game names of the text form (``kayles``, ``subtract:``, ...) and the ``+`` that joins a
sum.

>>> script = completion_script("bash")
>>> "-F _shtab_grundy grundy" in script
True
>>> "kayles" in script and "subtract:" in script
True
"""

from __future__ import annotations

import argparse
import shlex

import shtab

from grundy.arguments import INSTALL, build_parser
from grundy.catalogue import game_list
from grundy.errors import InvalidArgument

#: The shells ``grundy completion`` writes scripts for.
SHELLS = tuple(INSTALL)


def game_words() -> list[str]:
    """What may start a component of a position: each game's name, ``name:`` for families.

    >>> words = game_words()
    >>> words[:3], "octal:" in words, "+" in words
    (['nim', 'subtract:', 'half'], True, True)
    """
    names = [f"{r.name}:" if r.parameter else r.name for r in game_list()]
    return [*names, "+"]


def completion_script(shell: str) -> str:
    """The completion script of ``grundy`` for ``shell`` (one of :data:`SHELLS`).

    >>> completion_script("fish").count("complete -c grundy") > 20
    True
    >>> completion_script("tcsh")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: no completion for shell 'tcsh'; one of bash, zsh, fish
    """
    if shell not in SHELLS:
        raise InvalidArgument(f"no completion for shell {shell!r}; one of {', '.join(SHELLS)}")
    parser = build_parser()
    _complete_positions(parser)
    return shtab.complete(parser, shell=shell)


def _complete_positions(parser: argparse.ArgumentParser) -> None:
    """Offer the game words wherever a subcommand takes a position or a game."""
    words = shlex.join(["printf", r"%s\n", *game_words()])  # one word a line, for fish
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                for argument in sub._actions:
                    if argument.dest in ("position", "game"):
                        argument.complete = shtab.cmd(words)
