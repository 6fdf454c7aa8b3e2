"""The olympiad problems of the texts, with their exact input and output (``grundy solve``).

Each problem reads whole numbers separated by any white space and writes its answer lines
exactly as its statement asks.  Every solver is a few lines over the
library: the games are the library's rulesets, and large inputs are answered through the
library's closed forms or through periods and reductions proved in the solvers' docstrings.

>>> print(solve("candy", "33"), end="")
First
2
>>> sorted(PROBLEMS) == sorted(["nim", "misere-nim", "coin-plates", "drinking",
...     "stone-split", "sticks", "stones", "candy", "cafe"])
True
>>> solve("nim", "3 1 2")
Traceback (most recent call last):
...
grundy.errors.InvalidArgument: nim: expected 3 heap sizes, but the input has only 2
"""

from __future__ import annotations

from grundy.errors import InvalidArgument
from grundy.problems.base import Problem
from grundy.problems.cafe import CAFE
from grundy.problems.candy import CANDY
from grundy.problems.coin_plates import COIN_PLATES
from grundy.problems.drinking import DRINKING
from grundy.problems.nim import MISERE_NIM, NIM
from grundy.problems.sticks import STICKS_PROBLEM
from grundy.problems.stone_split import STONE_SPLIT
from grundy.problems.stones import STONES_PROBLEM

#: The problems by name, in the order of the README.
PROBLEMS: dict[str, Problem] = {problem.name: problem for problem in (
    NIM, MISERE_NIM, COIN_PLATES, DRINKING, STONE_SPLIT, STICKS_PROBLEM, STONES_PROBLEM,
    CANDY, CAFE)}


def solve(name: str, text: str) -> str:
    """The exact output of problem ``name`` for the input ``text``, ending with a newline.

    Bad input raises :class:`~grundy.errors.InvalidArgument` (a ``ValueError``) whose one-line
    message starts with the problem's name; an input too big to work on raises
    :class:`~grundy.errors.TooBig`.

    >>> solve("coin-plates", "1000000000000000000000000000000\\n")
    'O\\n'
    >>> solve("chess", "1")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: unknown problem 'chess'; the problems are nim, misere-nim, \
coin-plates, drinking, stone-split, sticks, stones, candy, cafe
    """
    problem = PROBLEMS.get(name)
    if problem is None:
        raise InvalidArgument(f"unknown problem {name!r}; the problems are "
                              + ", ".join(PROBLEMS))
    try:
        return problem.solver(text)
    except ValueError as error:
        raise type(error)(f"{name}: {error}") from None


__all__ = ["PROBLEMS", "Problem", "solve"]
