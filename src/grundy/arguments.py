"""The arguments of the ``grundy`` command: its parser, read by the command line
(:mod:`grundy.cli`) and by the shell completion (:mod:`grundy.completion`).

Errors of the arguments are one line, raised as :class:`~grundy.errors.InvalidArgument`
(exit code 2), never argparse's own exit.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from grundy.errors import InvalidArgument
from grundy.numerals import whole_number

#: The most heaps a plot shows (beyond, points merge into bands).
PLOT_HEAPS = 100_000

#: Where each shell looks for completion scripts, as the documentation's install lines say.
INSTALL = {
    "bash": "grundy completion bash > ~/.local/share/bash-completion/completions/grundy",
    "zsh": "grundy completion zsh > ~/.zfunc/_grundy  # with fpath+=(~/.zfunc) before compinit",
    "fish": "grundy completion fish > ~/.config/fish/completions/grundy.fish",
}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes the arguments it could not place, however long or strange.
        raise InvalidArgument(one_line(message, 200))


class _ShowVersion(argparse.Action):
    """``--version``: the installed version, read only when asked (reading it is slow)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(option_strings, dest, default=argparse.SUPPRESS, nargs=0,
                         help="show program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from grundy import __version__

        print(f"grundy {__version__}")
        parser.exit()


#: Heaps ``grundy value`` computes by default to prove a period: enough for 0.454, whose
#: proof needs 443 139 469 values (a few minutes here; the command says how long first).
VALUE_SEARCH = 1 << 29
#: The longest search for a period ``grundy value`` starts without ``--budget`` (0.454's,
#: 443 million heaps, takes about 3 minutes of CPU here; a search said to take longer is
#: refused at once, naming the budget that would allow it).
VALUE_SECONDS = 30 * 60


def _bounded(what: str, low: int = 0, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (no upper end when None),
    read by :func:`~grundy.numerals.whole_number` so its message, not argparse's, is shown."""

    def read(text: str) -> int:
        try:
            number = whole_number(text, what, minimum=low)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        if high is not None and number > high:
            raise argparse.ArgumentTypeError(f"{what} {number} is too big; the most allowed "
                                             f"is {high}")
        return number
    return read


_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def memory_size(text: str) -> int:
    """A number of bytes: a whole number, maybe followed by K, M, G or T (powers of 1024,
    ``B`` or ``iB`` after them allowed).

    >>> memory_size("512M"), memory_size("2GiB"), memory_size("1000")
    (536870912, 2147483648, 1000)
    >>> memory_size("2X")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: --max-memory '2X' is not a size like 4G, 500M or 100000 bytes
    """
    stripped = text.strip()
    digits = stripped.rstrip("KMGTkmgtiIbB")
    unit = stripped[len(digits):].upper().removesuffix("B").removesuffix("I")
    if not (digits.isascii() and digits.isdigit()) or unit not in _UNITS:
        raise InvalidArgument(f"--max-memory {text!r} is not a size like 4G, 500M or 100000 "
                              "bytes")
    return whole_number(digits, "--max-memory", minimum=1, error=InvalidArgument) * _UNITS[unit]


def _memory(text: str) -> int:
    try:
        return memory_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 1e9:
        raise argparse.ArgumentTypeError(f"--checkpoint-every {text!r} is not a number of "
                                         "seconds > 0")
    return seconds


def _memory_option(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--max-memory", type=_memory, metavar="SIZE",
                     help="the most memory the values may take (like 4G or 500M; default: "
                     "half of this machine's memory)")


def build_parser(problems: bool = True) -> argparse.ArgumentParser:
    """The argument parser of the ``grundy`` command; the subcommand's name is in
    ``command``.  ``problems``: name the olympiad problems ``solve`` takes, loading their
    solvers (a command line that does not name ``solve`` never needs them).

    >>> build_parser().parse_args(["value", "kayles", "7"]).command
    'value'
    """
    parser = _Parser(prog="grundy", description="Impartial games: who wins, nim-values, "
                     "winning moves, nim-sequences.")
    parser.add_argument("--version", action=_ShowVersion)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=summary, description=summary)

    _analyze_arguments(command("analyze", "who wins a position, its nim-value and winning moves"))
    _sequence_arguments(command("sequence", "nim-values (or misère outcomes) of single heaps 0..N"))
    _value_arguments(command("value", "the nim-value of one heap, of any size"))

    sub = command("table", "the '-'/'+' table of single heaps, as in the texts")
    sub.add_argument("--misere", action="store_true")
    sub.add_argument("game")
    sub.add_argument("--to", type=_bounded("--to"), required=True, metavar="N")
    sub.add_argument("--from", dest="start", type=_bounded("--from"), default=0, metavar="K")

    command("games", "the rulesets, one line each")

    sub = command("nim-multiply", "the nim-product of two whole numbers (Conway's field of "
                  "nimbers)")
    sub.add_argument("--json", action="store_true")
    sub.add_argument("a", metavar="A")
    sub.add_argument("b", metavar="B")

    sub = command("quotient", "the misère quotient of a heap game: presentation, P-portion, "
                  "pretending function and its period")
    sub.add_argument("--json", action="store_true")
    sub.add_argument("game", help="a take-and-break code, a finite subtraction set, or "
                     "daisy (each daisy's element in Kayles' quotient)")
    sub.add_argument("--to", type=_bounded("--to"), metavar="N",
                     help="heaps 0..N (default: until the period is proved)")
    sub.add_argument("--budget", metavar="TIME", help="the time the construction may take, "
                     "like 60s or 10m (default 1.5s)")

    _census_arguments(command("census", "every octal code of a shape (0.??, 4.???), the "
                              "same games once, each with its period proved or unsolved"))

    sub = command("graph", "the game graph of a position: DOT text, SVG or PNG")
    sub.add_argument("--misere", action="store_true", help="mark P/N for misère play")
    sub.add_argument("--format", choices=["dot", "svg", "png"], default="dot")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    sub.add_argument("position", nargs="+", help="GAME POSITION... [+ GAME POSITION...]")

    sub = command("plot", "a plot of the nim-sequence of single heaps 0..N, the period "
                  "marked (PNG or SVG)")
    sub.add_argument("game")
    sub.add_argument("--to", type=_bounded("--to", 1, PLOT_HEAPS), required=True, metavar="N")
    sub.add_argument("-o", "--output", required=True, metavar="FILE", help="FILE.png or FILE.svg")

    sub = command("play", "play a position against the perfect computer")
    sub.add_argument("--misere", action="store_true")
    sub.add_argument("--first", choices=["me", "computer"], default="me")
    sub.add_argument("position", nargs="+", help="GAME POSITION... [+ GAME POSITION...]")

    sub = command("solve", "solve one of the texts' olympiad problems; input on stdin")
    if problems:
        from grundy.problems import PROBLEMS

        sub.add_argument("problem", choices=list(PROBLEMS), metavar="PROBLEM", help="; ".join(
            f"{p.name}: {p.summary}" for p in PROBLEMS.values()))
    else:
        sub.add_argument("problem", metavar="PROBLEM")

    _serve_arguments(command("serve", "serve the web page and its JSON API"))

    sub = command("completion", "print the completion script for bash, zsh or fish")
    sub.formatter_class = argparse.RawDescriptionHelpFormatter
    sub.epilog = "install it with one of:\n  " + "\n  ".join(INSTALL.values())
    sub.add_argument("shell", choices=list(INSTALL))
    return parser


def _analyze_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--misere", action="store_true", help="the last player to move loses")
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_argument("--budget", metavar="TIME,MEMORY", help="the time and memory the search "
                     "may take, like 10m,2GB: a time in s, m (minutes) or h (10s, 5m, 2h), a "
                     "memory in MB, GB, MiB or GiB (at least 1MiB); either may be left out. "
                     "512M is refused: M alone would mean minutes here but MiB in --max-memory")
    sub.add_argument("position", nargs="+", help="GAME POSITION... [+ GAME POSITION...]")


def _sequence_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--misere", action="store_true")
    sub.add_argument("--json", action="store_true")
    sub.add_argument("--period", action="store_true", help="find the period, with its proof")
    sub.add_argument("--no-values", action="store_true", help="leave the values out")
    sub.add_argument("--genus", action="store_true", help="Conway's genus of each heap "
                     "(normal value ^ misère values), as CGSuite writes it")
    sub.add_argument("--save", metavar="FILE", help="write the values to FILE.npy or FILE.csv")
    sub.add_argument("--no-cache", action="store_true", help="neither read nor write the "
                     "sequence cache ($GRUNDY_CACHE_DIR or the user cache directory)")
    sub.add_argument("--frequencies", action="store_true", help="how often each value "
                     "occurs, the largest value, and the rare/common split")
    sub.add_argument("--checkpoint", metavar="DIR", help="keep the values computed so far "
                     "in DIR now and then, and resume from them")
    sub.add_argument("--checkpoint-every", type=_seconds, default=60.0, metavar="SECONDS",
                     help="seconds between checkpoints (default 60)")
    _memory_option(sub)
    sub.add_argument("game")
    sub.add_argument("--to", type=_bounded("--to"), required=True, metavar="N")


def _value_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--json", action="store_true")
    sub.add_argument("--no-cache", action="store_true", help="do not use the sequence cache")
    sub.add_argument("--search", type=_bounded("--search", 1), default=VALUE_SEARCH,
                     metavar="HEAPS", help="the most heaps computed to prove a period (default "
                     f"2^29 = {VALUE_SEARCH}; more when a period seen needs them); a progress "
                     "bar shows on a terminal, and how long the search may take is said first")
    sub.add_argument("--budget", metavar="TIME[,MEMORY]", help="the time (and memory) the "
                     "search for a period may take, like 10m or 5m,2GB, as for analyze "
                     f"(default {VALUE_SECONDS // 60}m): a search that would take longer is "
                     "refused at once")
    _memory_option(sub)
    sub.add_argument("game")
    sub.add_argument("heap", type=_bounded("the heap"), metavar="N")


def _serve_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--host", default="127.0.0.1")
    sub.add_argument("--port", type=_bounded("port", 0, 65535), default=8000,
                     help="0 picks a free port")
    sub.add_argument("--graph", action="append", default=[], metavar="NAME=PATH",
                     help="offer the graph file PATH as graph:NAME (read once, at start)")
    sub.add_argument("--graphs", action="append", default=[], metavar="DIR",
                     help="offer every DIR/NAME.txt as graph:NAME")
    sub.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                     help="another name clients may reach this server by (Host header)")
    sub.add_argument("--memory", type=_bounded("memory", 64, 2**20), default=256,
                     metavar="MIB", help="memory one request may use (default 256 MiB)")
    sub.add_argument("--seconds", type=_bounded("seconds", 1, 3600), default=10,
                     help="time one request may take (default 10)")
    sub.add_argument("--workers", type=_bounded("workers", 1, 1000), default=24,
                     help="requests computed at once (default 24)")


def _census_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("shapes", nargs="+", metavar="SHAPE",
                     help="a code with ? for any octal digit: 0.??, 0.???, 4.??")
    sub.add_argument("--to", type=_bounded("--to", 1), default=2**20, metavar="N",
                     help="heaps 0..N for every code (default 1048576)")
    sub.add_argument("--seconds", type=_bounded("--seconds", 1), metavar="S",
                     help="stop each code after about S seconds (its row says how far it got)")
    sub.add_argument("--workers", type=_bounded("--workers", 1, 1024),
                     default=os.cpu_count() or 1, metavar="K",
                     help="local processes (default: one per core)")
    sub.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on the Dask cluster of this scheduler (tcp://host:port)")
    sub.add_argument("--state", metavar="FILE", help="keep finished rows in FILE (and the "
                     "values of codes under way in FILE.progress), and reuse them: a stopped "
                     "census goes on (default with -o: FILE.state)")
    sub.add_argument("--format", choices=["markdown", "csv", "json"],
                     help="the table's format (default: by the ending of -o, else markdown)")
    sub.add_argument("-o", "--output", metavar="FILE", help="write the table to FILE")


#: The longest word a message line shows whole (a path fits; a 4000-digit number does not).
LONGEST_WORD = 100
_LONG_WORD = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def one_line(message: str, most: int = 400) -> str:
    """A message as one printable line of at most ``most`` characters (messages quote what
    was typed, which may be long or hold control characters).  Long words lose their middle,
    and so does the line if it is still too long, so that both ends stay: what was typed
    and what is allowed.

    >>> print(one_line("a" + chr(10) + "b"), len(one_line("c " * 500)))
    a\\nb 400
    >>> print(one_line("heap " + "9" * 4000 + " is too big; the limit is 10"))
    heap 999999999999999999999999999999999999999999999999999999999999…999999999999999999999\
999999999 is too big; the limit is 10
    """
    printable = "".join(c if c.isprintable() else repr(c)[1:-1]
                        for c in _shorter_words(message)[: 20 * most])
    printable = _shorter_words(printable)
    if len(printable) <= most:
        return printable
    head = (most - 1) * 2 // 3
    return printable[:head] + "…" + printable[len(printable) - (most - 1 - head):]


def _shorter_words(text: str) -> str:
    return _LONG_WORD.sub(lambda word: word[0][:60] + "…" + word[0][-(LONGEST_WORD - 70):],
                          text)
