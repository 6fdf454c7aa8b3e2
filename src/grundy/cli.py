"""The ``grundy`` command: a thin layer that parses, calls the API and formats.

Exit codes: 0 done; 2 bad input (one line on stderr); 3 refused as too big; 130 interrupted;
1 when a program the command needs (Graphviz's ``dot``) is missing.

>>> main(["analyze", "nim", "3", "2", "1"])
Position: nim 1 2 3  (normal play: whoever cannot move loses)
The second player wins: a P-position (whoever moves loses).
With perfect play the game lasts 6 more moves (remoteness).
Nim-value: 0
<BLANKLINE>
  nim 1    1   01
  nim 2    2   10
  nim 3    3   11
  ───────────────
  nim-sum  0   00
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from rich.console import Console

from grundy import __version__
from grundy.analysis import analyze
from grundy.errors import InvalidArgument, InvalidGame, TooBig
from grundy.heap.base import HeapGame, Progress, use_disk_cache
from grundy.heap.kernels import SequenceInterrupted
from grundy.numerals import shown, whole_number
from grundy.render.text import format_analysis, outcome_table, value_rows
from grundy.sequences import heap_outcomes, heap_value_report, sequence_report
from grundy.spec import game_list, parse_game, parse_position

#: How many positions ``analyze`` may search for the remoteness ("the game lasts N moves")
#: before leaving it out.  A count, not a time, so that the same command always prints the
#: same thing.
REMOTENESS_BUDGET = 20_000


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes the arguments it could not place, however long or strange.
        raise InvalidArgument(_one_line(message, 200))


#: The most heaps a plot shows (beyond, points merge into bands).
PLOT_HEAPS = 100_000


def _heap_game(text: str) -> HeapGame:
    game = parse_game(text)
    if not isinstance(game, HeapGame):
        raise InvalidGame(f"{text} is not a heap game; sequences and tables are of heap games")
    return game


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False))


def _analyze(args: argparse.Namespace) -> None:
    from grundy.opponent import analysis_json_with_remoteness

    result = analyze(parse_position(args.position), misere=args.misere)
    data = analysis_json_with_remoteness(result, budget=REMOTENESS_BUDGET)
    if args.json:
        _print_json(data)
    else:
        print(format_analysis(result, remoteness=data["remoteness"]))


def _play(args: argparse.Namespace) -> int:
    from grundy.terminal import play

    return play(parse_position(args.position), misere=args.misere, first=args.first)


def _graph(args: argparse.Namespace) -> int:
    from grundy.render.graph import GraphvizNotFound, graph_command

    try:
        made = graph_command(args.position, misere=args.misere, fmt=args.format,
                             output=args.output)
    except GraphvizNotFound as error:
        print(f"grundy: {error}", file=sys.stderr)
        return 1
    if args.output is None:
        if isinstance(made, str):
            print(made, end="")
        else:
            sys.stdout.buffer.write(made)
    return 0


def _plot(args: argparse.Namespace) -> int:
    from grundy.render.plot import PlottingMissing, plot_sequence

    try:
        plot_sequence(_heap_game(args.game), args.to, args.output)
    except PlottingMissing as error:
        print(f"grundy: {error}", file=sys.stderr)
        return 1
    print(f"saved to {args.output}")
    return 0


def _solve(args: argparse.Namespace) -> None:
    from grundy.problems import solve

    sys.stdout.write(solve(args.problem, sys.stdin.read()))


def _completion(args: argparse.Namespace) -> None:
    from grundy.completion import completion_script

    print(completion_script(args.shell), end="")


def _serve(args: argparse.Namespace) -> int:
    from grundy.web.connections import AddressInUse
    from grundy.web.graphlist import read_graphs
    from grundy.web.server import serve
    from grundy.web.workers import Limits

    limits = Limits(memory=args.memory * 2**20, seconds=args.seconds, workers=args.workers)
    try:
        serve(host=args.host, port=args.port, graphs=read_graphs(args.graph, args.graphs),
              limits=limits, extra_hosts=tuple(args.allow_host))
    except AddressInUse as error:
        print(f"grundy: {error}", file=sys.stderr)
        return 1
    return 0


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


@contextmanager
def _progress(total: int) -> Iterator[Progress | None]:
    """A progress bar on stderr for long computations, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import Progress as Bar

    with Bar(transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task("computing values", total=total + 1)
        yield lambda done: bar.update(task, completed=done)


def _sequence(args: argparse.Namespace) -> None:
    game = _heap_game(args.game)
    with _progress(args.to) as progress:
        report = sequence_report(game, args.to, misere=args.misere, period=args.period,
                                 values=not args.no_values, save=args.save, progress=progress)
    if args.json:
        _print_json(report)
        return
    print(f"{report['game']} ({report['convention']} play), heaps 0..{args.to}")
    if "values" in report:
        print(value_rows(report["values"]))
    if "outcomes" in report:
        print(outcome_table([_outcome(o) for o in report["outcomes"]]))
    if args.period:
        print(_say_period(report.get("period")))
    if args.save:
        print(f"saved to {args.save}")


def _say_period(period: dict[str, Any] | None) -> str:
    if period is None:
        return "No period seen in these values."
    proof = f"proved by the {period['by']}" if period["certified"] else "not proved"
    return (f"Periodic from heap {period['preperiod']} with period {period['period']} "
            f"({proof}).")


def _outcome(letter: str) -> Any:
    from grundy.values import Outcome

    return Outcome(letter)


def _value(args: argparse.Namespace) -> None:
    report = heap_value_report(_heap_game(args.game), args.heap)
    if args.json:
        _print_json(report)
    else:
        print(f"{report['game']} {report['heap']}: nim-value {report['nim_value']} "
              f"(by {report['by']})")


def _table(args: argparse.Namespace) -> None:
    game = _heap_game(args.game)
    if args.start > args.to:
        raise InvalidArgument(f"--from {args.start} is beyond --to {args.to}")
    outcomes = heap_outcomes(game, args.to, misere=args.misere)[args.start:]
    convention = "misère" if args.misere else "normal"
    print(f"{game.text}, {convention} play: '-' the player to move loses, '+' wins")
    print(outcome_table(outcomes, start=args.start))


def _games(args: argparse.Namespace) -> None:
    rulesets = game_list()
    width = max(len(r.usage) for r in rulesets)
    for ruleset in rulesets:
        print(f"{ruleset.usage:<{width}}  {ruleset.summary}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``grundy`` command."""
    parser = _Parser(prog="grundy", description="Impartial games: who wins, nim-values, "
                     "winning moves, nim-sequences.")
    parser.add_argument("--version", action="version", version=f"grundy {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, run: Callable[[argparse.Namespace], int | None], summary: str
                ) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.set_defaults(run=run)
        return sub

    sub = command("analyze", _analyze, "who wins a position, its nim-value and winning moves")
    sub.add_argument("--misere", action="store_true", help="the last player to move loses")
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_argument("position", nargs="+", help="GAME POSITION... [+ GAME POSITION...]")

    sub = command("sequence", _sequence, "nim-values (or misère outcomes) of single heaps 0..N")
    sub.add_argument("--misere", action="store_true")
    sub.add_argument("--json", action="store_true")
    sub.add_argument("--period", action="store_true", help="find the period, with its proof")
    sub.add_argument("--no-values", action="store_true", help="leave the values out")
    sub.add_argument("--save", metavar="FILE", help="write the values to FILE.npy or FILE.csv")
    sub.add_argument("--no-cache", action="store_true", help="neither read nor write the "
                     "sequence cache ($GRUNDY_CACHE_DIR or the user cache directory)")
    sub.add_argument("game")
    sub.add_argument("--to", type=_bounded("--to"), required=True, metavar="N")

    sub = command("value", _value, "the nim-value of one heap, of any size")
    sub.add_argument("--json", action="store_true")
    sub.add_argument("--no-cache", action="store_true", help="do not use the sequence cache")
    sub.add_argument("game")
    sub.add_argument("heap", type=_bounded("the heap"), metavar="N")

    sub = command("table", _table, "the '-'/'+' table of single heaps, as in the texts")
    sub.add_argument("--misere", action="store_true")
    sub.add_argument("game")
    sub.add_argument("--to", type=_bounded("--to"), required=True, metavar="N")
    sub.add_argument("--from", dest="start", type=_bounded("--from"), default=0, metavar="K")

    command("games", _games, "the rulesets, one line each")

    sub = command("graph", _graph, "the game graph of a position: DOT text, SVG or PNG")
    sub.add_argument("--misere", action="store_true", help="mark P/N for misère play")
    sub.add_argument("--format", choices=["dot", "svg", "png"], default="dot")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    sub.add_argument("position", nargs="+", help="GAME POSITION... [+ GAME POSITION...]")

    sub = command("plot", _plot, "a plot of the nim-sequence of single heaps 0..N, the "
                  "period marked (PNG or SVG)")
    sub.add_argument("game")
    sub.add_argument("--to", type=_bounded("--to", 1, PLOT_HEAPS), required=True, metavar="N")
    sub.add_argument("-o", "--output", required=True, metavar="FILE",
                     help="FILE.png or FILE.svg")

    sub = command("play", _play, "play a position against the perfect computer")
    sub.add_argument("--misere", action="store_true")
    sub.add_argument("--first", choices=["me", "computer"], default="me")
    sub.add_argument("position", nargs="+", help="GAME POSITION... [+ GAME POSITION...]")

    from grundy.problems import PROBLEMS

    sub = command("solve", _solve, "solve one of the texts' olympiad problems; input on stdin")
    sub.add_argument("problem", choices=list(PROBLEMS), metavar="PROBLEM", help="; ".join(
        f"{p.name}: {p.summary}" for p in PROBLEMS.values()))

    sub = command("serve", _serve, "serve the web page and its JSON API")
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

    from grundy.completion import INSTALL

    sub = command("completion", _completion, "print the completion script for bash, zsh or fish")
    sub.formatter_class = argparse.RawDescriptionHelpFormatter
    sub.epilog = "install it with one of:\n  " + "\n  ".join(INSTALL.values())
    sub.add_argument("shell", choices=list(INSTALL))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "no_cache", False):
            use_disk_cache(False)
        code = args.run(args)
    except ValueError as error:
        print(f"grundy: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except TooBig as error:
        print(f"grundy: too big: {_one_line(str(error))}", file=sys.stderr)
        return 3
    except SequenceInterrupted as stop:
        print(f"grundy: interrupted; the values of heaps 0..{len(stop.values) - 1} are kept",
              file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("grundy: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except (MemoryError, RecursionError, OverflowError) as error:
        print(f"grundy: too big: {_failure(error)}", file=sys.stderr)
        return 3
    except OSError as error:
        print(f"grundy: {_failure(error)}", file=sys.stderr)
        return 2
    return code or 0


def _one_line(message: str, most: int = 400) -> str:
    """A message as one printable line of at most ``most`` characters (messages quote what
    was typed, which may be long or hold control characters).

    >>> print(_one_line("a" + chr(10) + "b" + "c" * 500)[:8], len(_one_line("c" * 500)))
    a\\nbcccc 400
    """
    printable = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message[: 2 * most])
    return printable if len(printable) <= most else printable[: most - 3] + "..."


def _failure(error: BaseException) -> str:
    """One line for an error the checks up front did not foresee (no traceback, ever)."""
    if isinstance(error, MemoryError):
        return "the work ran out of memory"
    if isinstance(error, RecursionError):
        return "the work nested too deeply"
    if isinstance(error, OSError) and error.strerror:
        where = f" {shown(str(error.filename))}" if error.filename is not None else ""
        return f"cannot use{where}: {error.strerror}"
    return shown(str(error) or type(error).__name__, 200)


def entry_point() -> None:
    """The console script: exit with :func:`main`'s code."""
    sys.exit(main())
