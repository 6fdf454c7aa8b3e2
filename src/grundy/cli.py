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
import codecs
import io
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from functools import partial
from typing import TYPE_CHECKING, Any

from grundy.arguments import VALUE_SECONDS, build_parser, one_line
from grundy.budget import (
    SHOWN_REMOTENESS_POSITIONS,
    Budget,
    parse_budget,
    progress_to,
    work_limit,
)
from grundy.catalogue import listing, parse_game, parse_position
from grundy.errors import (
    InvalidArgument,
    InvalidGame,
    SearchInterrupted,
    SequenceInterrupted,
    TooBig,
)
from grundy.heap.base import HeapGame
from grundy.heap.engine import CheckpointPlace, use_disk_cache
from grundy.heap.rules import MEMORY_BOUND, Progress
from grundy.numerals import shown
from grundy.render.text import grouped, outcome_table, say_period, say_proof, value_rows
from grundy.sequences import (
    Frequencies,
    heap_outcomes,
    heap_value_report,
    sequence_report,
)

if TYPE_CHECKING:
    from grundy.heap.engine import WindowedRun


def _heap_game(text: str) -> HeapGame:
    game = parse_game(text)
    if not isinstance(game, HeapGame):
        raise InvalidGame(f"{text} is not a heap game; sequences and tables are of heap games")
    return game


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False))


def _analyze(args: argparse.Namespace) -> None:
    from grundy.analysis import analyze
    from grundy.opponent import with_remoteness

    budget = nullcontext() if args.budget is None else work_limit(parse_budget(args.budget))
    # One piece of work: the moves and the remoteness reuse what the search learnt.
    with budget:
        with _search_progress():
            found = analyze(parse_position(args.position), misere=args.misere)
        with work_limit(SHOWN_REMOTENESS_POSITIONS):
            result = with_remoteness(found)
        if args.json:
            _print_json(result.to_json())
        else:
            from grundy.terminal import print_analysis

            print_analysis(result.analysis, remoteness=result.remoteness)


def _play(args: argparse.Namespace) -> int:
    from grundy.terminal import play

    return play(parse_position(args.position), misere=args.misere, first=args.first)


def _graph(args: argparse.Namespace) -> int:
    from grundy.render.graph import GraphvizNotFound, graph_command

    try:
        with _naming(args.output):
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


@contextmanager
def _naming(path: str | None) -> Iterator[None]:
    """Name ``path`` in a failure to write it that names no file (a full disk fails the
    write, not the opening)."""
    try:
        yield
    except OSError as error:
        if path is None or error.filename is not None or not error.strerror:
            raise
        raise OSError(error.errno, error.strerror, path) from None


def _plot(args: argparse.Namespace) -> int:
    from grundy.render.plot import PlottingMissing, plot_sequence

    try:
        with _naming(args.output):
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


@contextmanager
def _search_progress() -> Iterator[None]:
    """A line on stderr, rewritten in place, on the progress of a long search: only when
    stderr is a terminal, and wiped when the search ends."""
    if not sys.stderr.isatty():
        yield
        return
    shown_once = [False]

    def show(line: str) -> None:
        # A terminal that cannot be written any more ends the line, not the search.
        with suppress(OSError):
            print(f"\r\x1b[K{line}", end="", file=sys.stderr, flush=True)
            shown_once[0] = True

    try:
        with progress_to(show):
            yield
    finally:
        if shown_once[0]:
            with suppress(OSError):
                print("\r\x1b[K", end="", file=sys.stderr, flush=True)


@contextmanager
def _progress(total: int) -> Iterator[Progress | None]:
    """A progress bar on stderr, with the rate and the time left, for computations that
    run over a second; only when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console

    from grundy.render.progress import ValuesBar

    bar = ValuesBar(total + 1, Console(stderr=True))
    try:
        yield bar
    finally:
        bar.close()


@contextmanager
def _memory(limit: int | None) -> Iterator[None]:
    """``--max-memory``: the memory of the budget; heap values are limited by it alone."""
    if limit is None:
        yield
        return
    with work_limit(Budget(MEMORY_BOUND, memory=limit)):
        yield


def _sequence(args: argparse.Namespace) -> None:
    if args.genus:
        _genus_sequence(args)
        return
    game = _heap_game(args.game)
    checkpoint = None
    if args.checkpoint:
        checkpoint = CheckpointPlace(args.checkpoint, args.checkpoint_every,
                                     partial(_say_resumed, args.checkpoint))
    with _memory(args.max_memory), _progress(args.to) as progress:
        report = sequence_report(game, args.to, misere=args.misere, period=args.period,
                                 values=not args.no_values, save=args.save,
                                 progress=progress, checkpoint=checkpoint,
                                 frequencies=args.frequencies)
        if report.window is not None:
            # Said once the work is done: a refusal is then the only line on stderr.
            _say(_say_window(args.to, report.window, args.period))
    if report.checkpoint_left:
        print(f"grundy: the checkpoint in {args.checkpoint} is kept: with --no-cache and no "
              "--save it holds the only copy of the values; remove it when done",
              file=sys.stderr)
    if args.json:
        _print_json(report.to_json())
        return
    convention = "misere" if report.misere else "normal"
    print(f"{report.game} ({convention} play), heaps 0..{grouped(args.to)}")
    if report.values is not None:
        print(value_rows(report.values))
    if report.outcomes is not None:
        print(outcome_table([_outcome(o) for o in report.outcomes]))
    if args.period:
        print(f"{say_period(report.period, args.to + 1)}.")
    if report.frequencies is not None:
        print(_say_frequencies(report.frequencies))
    if args.save:
        print(f"saved to {args.save}")


def _say_resumed(directory: str, heaps: int) -> None:
    if heaps:
        print(f"grundy: resuming from the checkpoint in {directory}: heaps 0..{heaps - 1} "
              "known", file=sys.stderr)


def _say_window(n: int, window: WindowedRun, period: bool) -> str:
    note = (f"grundy: heaps 0..{n} do not fit the memory budget ({window.memory} bytes) as one "
            f"array: heaps 0..{window.head - 1} were computed in full, then only the rare heaps "
            "and a sliding window of the last values were kept (the rare/common method)")
    if period:
        note += (f"; periods up to {window.periods_looked_for} heaps long were looked for, and "
                 "no arithmetic ones")
    return note


def _say_frequencies(counted: Frequencies) -> str:
    lines = [f"Largest value {counted.largest}, first at heap {counted.first_heap}; "
             f"{counted.rare_positions} rare heaps under the mask {counted.mask}.",
             "value  heaps"]
    lines += [f"{value:>5}  {count}" for value, count in enumerate(counted.counts) if count]
    from grundy.render.frequencies import power_table

    return "\n".join([*lines, power_table(counted.powers)])


def _genus_sequence(args: argparse.Namespace) -> None:
    from grundy.misere.genus import genus_report

    report = genus_report(_heap_game(args.game), args.to)
    if args.json:
        _print_json(report)
        return
    print(f"{report['game']}: genus of heaps 0..{args.to} (normal value ^ misère values)")
    for heap, text in enumerate(report["genus"]):
        print(f"{heap:>4}  {text}")


def _outcome(letter: str) -> Any:
    from grundy.values import Outcome

    return Outcome(letter)


def _value(args: argparse.Namespace) -> None:
    import time

    from grundy.heap.search_plan import plan_period_search, watched

    game = _heap_game(args.game)
    budget = None if args.budget is None else parse_budget(args.budget)
    seconds = VALUE_SECONDS if budget is None else budget.seconds
    memory = args.max_memory if budget is None or budget.memory is None else budget.memory
    given = f"--budget {args.budget}" if budget is not None else (
        f"the default {VALUE_SECONDS // 60}m; --budget gives more")
    started = time.monotonic()
    with _memory(memory), _progress(min(args.search, args.heap)) as progress:
        plan = plan_period_search(game, args.heap, args.search, seconds, progress)
        if plan is not None:
            _say(plan.text())
            left = None if seconds is None else seconds - (time.monotonic() - started)
            progress = watched(progress, left, f"the search for a period of {game.text} "
                                               f"({given})")
        report = heap_value_report(game, args.heap, args.search, progress)
    if args.json:
        _print_json(report.to_json())
    else:
        # "computed" is said as it is; a formula or a period is what the value is found by.
        how = report.by if report.by == "computed" else f"by {report.by}"
        print(f"{report.game} {report.heap}: nim-value {grouped(report.nim_value)} ({how})")
        if report.period is not None:
            print(say_proof(report.period, report.heap, report.values_needed))


def _table(args: argparse.Namespace) -> None:
    game = _heap_game(args.game)
    if args.start > args.to:
        raise InvalidArgument(f"--from {args.start} is beyond --to {args.to}")
    outcomes = heap_outcomes(game, args.to, misere=args.misere)[args.start:]
    convention = "misère" if args.misere else "normal"
    print(f"{game.text}, {convention} play: '-' the player to move loses, '+' wins")
    print(outcome_table(outcomes, start=args.start))


def _quotient(args: argparse.Namespace) -> None:
    from grundy.misere.report import quotient_report, quotient_text

    budget = nullcontext() if args.budget is None else work_limit(parse_budget(args.budget))
    with budget:
        report = quotient_report(_heap_game(args.game), args.to)
    if args.json:
        _print_json(report)
    else:
        print(quotient_text(report))


def _census(args: argparse.Namespace) -> int:
    from pathlib import Path

    from grundy.census.runner import (
        CensusState,
        ClusterMissing,
        run_census,
        terminate_as_interrupt,
    )
    from grundy.census.table import census_table, format_for

    state = args.state or (args.output + ".state" if args.output else None)
    fmt = format_for(args.output, args.format)
    try:
        with _counter("codes computed") as done, terminate_as_interrupt():
            census = run_census(args.shapes, args.to, seconds=args.seconds,
                                workers=args.workers, scheduler=args.scheduler, state=state,
                                done=done)
    except ClusterMissing as error:
        print(f"grundy: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        progress = CensusState(state, args.to, args.seconds,
                               local=args.scheduler is None).progress
        under_way = "" if progress is None else f" (codes under way in {progress})"
        kept = f"; finished codes are kept in {state}{under_way}, run the same command to " \
            "go on" if state else ""
        print(f"grundy: interrupted{kept}", file=sys.stderr)
        return 130
    table = census_table(census, fmt)
    if args.output is None:
        print(table)
        return 0
    with _naming(args.output):
        Path(args.output).write_text(table + "\n", encoding="utf-8")
    if args.state is None and state is not None:
        Path(state).unlink(missing_ok=True)
    print(f"saved to {args.output}")
    return 0


@contextmanager
def _counter(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A bar on stderr counting finished items, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console

    from grundy.render.progress import SafeProgress as Bar

    with Bar(transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=None)
        yield lambda finished, total: bar.update(task, completed=finished, total=total)


def _games(args: argparse.Namespace) -> None:
    print(listing())


def _nim_multiply(args: argparse.Namespace) -> None:
    from grundy.nimbers import nim_multiply
    from grundy.numerals import whole_number

    a, b = (whole_number(text, "factor", error=InvalidArgument) for text in (args.a, args.b))
    product = nim_multiply(a, b)
    if args.json:
        _print_json({"a": a, "b": b, "nim_product": product})
    else:
        print(product)


#: What each subcommand runs.
COMMANDS: dict[str, Callable[[argparse.Namespace], int | None]] = {
    "analyze": _analyze,
    "sequence": _sequence,
    "value": _value,
    "table": _table,
    "games": _games,
    "nim-multiply": _nim_multiply,
    "quotient": _quotient,
    "census": _census,
    "graph": _graph,
    "plot": _plot,
    "play": _play,
    "solve": _solve,
    "serve": _serve,
    "completion": _completion,
}


#: ASCII for the symbols the tool prints, on a terminal whose encoding lacks them.
_ASCII = {"…": "...", "—": "-", "–": "-", "∞": "inf", "⊕": "(+)", "·": ".", "→": "->",
          "⌊": "floor(", "⌋": ")", "φ": "phi", "γ": "gamma", "π": "pi", "∅": "{}", "√": "sqrt",
          "»": ">>", "«": "<<", "●": "o", "•": "*", "✿": "*", "↻": "@", "☠": "X", "■": "#",
          "▒": "#", "▆": "#", "≥": ">=", "≤": "<=", "≡": "=", "×": "x"}
_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789", strict=True))


def _in_ascii(error: UnicodeError) -> tuple[str | bytes, int]:
    """The codec error handler of the standard streams: ASCII stand-ins for what the
    terminal's encoding cannot write (``─`` as ``-``, ``²`` as ``^2``), ``?`` for the rest,
    and the bytes of undecodable file names (as ``surrogateescape`` writes them).

    >>> "ab² ─ ∞ è".encode("ascii", errors="grundy-ascii")
    b'ab^2 - inf e'
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    if all("\udc80" <= c <= "\udcff" for c in bad):
        return bytes(ord(c) - 0xDC00 for c in bad), error.end
    return "".join(_stand_in(c) for c in bad), error.end


def _stand_in(char: str) -> str:
    import unicodedata

    if char in _ASCII:
        return _ASCII[char]
    if char in _SUPERSCRIPTS:
        return "^" + _SUPERSCRIPTS[char]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        return "-" if "HORIZONTAL" in name else "|" if "VERTICAL" in name else "+"
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain or "?"


codecs.register_error("grundy-ascii", _in_ascii)


def _tolerant_streams() -> None:
    """Let the standard streams write every answer whatever the terminal's encoding
    (``PYTHONIOENCODING=latin-1``): what the encoding lacks is written in ASCII, and typed
    bytes it cannot read become replacement characters; errors the user chose are kept."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict",
                                                                      "surrogateescape"):
            stream.reconfigure(errors="grundy-ascii")
    if isinstance(sys.stdin, io.TextIOWrapper) and sys.stdin.errors == "strict":
        sys.stdin.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    _tolerant_streams()
    started = time.monotonic()
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        # The problems' solvers load the heap games they use: only `solve` needs them.
        args = build_parser(problems="solve" in words).parse_args(words)
        if getattr(args, "no_cache", False):
            use_disk_cache(False)
        code = COMMANDS[args.command](args)
    except ValueError as error:
        _say(f"grundy: {error}")
        return 2
    except TooBig as error:
        _say(f"grundy: too big: {error}")
        return 3
    except SequenceInterrupted as stop:
        print(f"grundy: interrupted; the values of heaps 0..{len(stop.values) - 1} are kept",
              file=sys.stderr)
        return 130
    except SearchInterrupted as stop:
        _say(f"grundy: interrupted: {stop}")
        return 130
    except KeyboardInterrupt:
        # Searches that cannot say how far they got: at least what stopped, and when.
        command = " ".join(sys.argv[1:] if argv is None else argv)
        _say(f"grundy: interrupted after {time.monotonic() - started:.1f} s: grundy {command}")
        return 130
    except BrokenPipeError:
        return 0
    except (MemoryError, RecursionError, OverflowError) as error:
        _say(f"grundy: too big: {_failure(error)}")
        return 3
    except OSError as error:
        _say(f"grundy: {_failure(error)}")
        return 2
    return code or 0


def _say(line: str) -> None:
    """One line on stderr, of at most 400 characters with its prefix."""
    print(one_line(line), file=sys.stderr)


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
