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
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, Any

from grundy.arguments import build_parser, one_line
from grundy.budget import (
    SHOWN_REMOTENESS_POSITIONS,
    Budget,
    parse_budget,
    progress_to,
    work_limit,
)
from grundy.catalogue import game_list, parse_game, parse_position
from grundy.errors import (
    InvalidArgument,
    InvalidGame,
    SearchInterrupted,
    SequenceInterrupted,
    TooBig,
)
from grundy.heap.base import MEMORY_BOUND, HeapGame, Progress, use_disk_cache
from grundy.numerals import shown
from grundy.render.text import format_analysis, outcome_table, value_rows
from grundy.sequences import (
    Frequencies,
    beyond_memory,
    heap_outcomes,
    heap_value_report,
    sequence_report,
    windowed_report,
)

if TYPE_CHECKING:
    from grundy.heap.period import Period


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
        result = with_remoteness(found, budget=SHOWN_REMOTENESS_POSITIONS)
        if args.json:
            _print_json(result.to_json())
        else:
            print(format_analysis(result))


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


@contextmanager
def _search_progress() -> Iterator[None]:
    """A line on stderr, rewritten in place, on the progress of a long search: only when
    stderr is a terminal, and wiped when the search ends."""
    if not sys.stderr.isatty():
        yield
        return
    shown_once = [False]

    def show(line: str) -> None:
        shown_once[0] = True
        print(f"\r\x1b[K{line}", end="", file=sys.stderr, flush=True)

    try:
        with progress_to(show):
            yield
    finally:
        if shown_once[0]:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)


@contextmanager
def _progress(total: int) -> Iterator[Progress | None]:
    """A progress bar on stderr, with the rate and the time left, for computations that
    run over a second; only when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as Bar

    bar = Bar(TextColumn("computing values"), BarColumn(), TaskProgressColumn(),
              MofNCompleteColumn(), TextColumn("{task.speed:>10,.0f} values/s"),
              TimeRemainingColumn(), transient=True, console=Console(stderr=True))
    task = bar.add_task("computing values", total=total + 1)
    started = time.monotonic()
    shown = False

    def update(done: int) -> None:
        nonlocal shown
        if not shown and time.monotonic() - started >= 1.0:
            bar.start()
            shown = True
        bar.update(task, completed=done)

    try:
        yield update
    finally:
        if shown:
            bar.stop()


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
    key = game.cache_key or game.text
    with _memory(args.max_memory), _progress(args.to) as progress:
        # Values neither listed nor saved may be computed beyond memory, with a window.
        head = None
        if args.no_values and not (args.save or args.misere):
            head = beyond_memory(game, args.to, args.period)
        if head is not None:
            print(_say_window(args.to, head, args.period), file=sys.stderr)
            window = None
            if args.checkpoint:
                from grundy.heap.window import WindowCheckpoint

                window = WindowCheckpoint(args.checkpoint, key, every=args.checkpoint_every)
                _say_resumed(args.checkpoint, window.heaps())
            report = windowed_report(game, args.to, period=args.period,
                                     frequencies=args.frequencies, progress=progress,
                                     checkpoint=window)
        else:
            checkpoint = None
            if args.checkpoint:
                from grundy.heap.checkpoint import Checkpoint

                checkpoint = Checkpoint(args.checkpoint, key, every=args.checkpoint_every)
                resumed = checkpoint.load()
                _say_resumed(args.checkpoint, 0 if resumed is None else len(resumed))
            report = sequence_report(game, args.to, misere=args.misere, period=args.period,
                                     values=not args.no_values, save=args.save,
                                     progress=progress, checkpoint=checkpoint,
                                     frequencies=args.frequencies)
    if args.json:
        _print_json(report.to_json())
        return
    convention = "misere" if report.misere else "normal"
    print(f"{report.game} ({convention} play), heaps 0..{args.to}")
    if report.values is not None:
        print(value_rows(report.values))
    if report.outcomes is not None:
        print(outcome_table([_outcome(o) for o in report.outcomes]))
    if args.period:
        print(_say_period(report.period))
    if report.frequencies is not None:
        print(_say_frequencies(report.frequencies))
    if args.save:
        print(f"saved to {args.save}")


def _say_resumed(directory: str, heaps: int) -> None:
    if heaps:
        print(f"grundy: resuming from the checkpoint in {directory}: heaps 0..{heaps - 1} "
              "known", file=sys.stderr)


def _say_window(n: int, head: int, period: bool) -> str:
    from grundy.budget import memory_limit
    from grundy.heap.window import periods_looked_for

    note = (f"grundy: heaps 0..{n} do not fit the memory budget ({memory_limit()} bytes) as a "
            f"full array: heaps 0..{head - 1} are computed in full, then only those, the rare "
            "heaps and a sliding window of the last values are kept, all the rare/common "
            "method needs once rare heaps have stopped appearing (if they have not, the run "
            "stops and says so)")
    if period:
        note += (f"; periods up to {periods_looked_for(memory_limit())} heaps long (and the "
                 "window's length) are looked for, and no arithmetic ones")
    return note


def _say_frequencies(counted: Frequencies) -> str:
    lines = [f"Largest value {counted.largest}, first at heap {counted.first_heap}; "
             f"{counted.rare_positions} rare heaps under the mask {counted.mask}.",
             "value  heaps"]
    lines += [f"{value:>5}  {count}" for value, count in enumerate(counted.counts) if count]
    return "\n".join(lines)


def _genus_sequence(args: argparse.Namespace) -> None:
    from grundy.misere.genus import genus_report

    report = genus_report(_heap_game(args.game), args.to)
    if args.json:
        _print_json(report)
        return
    print(f"{report['game']}: genus of heaps 0..{args.to} (normal value ^ misère values)")
    for heap, text in enumerate(report["genus"]):
        print(f"{heap:>4}  {text}")


def _say_period(period: Period | None) -> str:
    if period is None:
        return "No period seen in these values."
    proof = f"proved by the {period.by}" if period.certified else "not proved"
    if period.saltus:
        return (f"Arithmetic-periodic from heap {period.preperiod} with period "
                f"{period.period} and saltus {period.saltus}: G(n + {period.period}) "
                f"= G(n) + {period.saltus} ({proof}).")
    return f"Periodic from heap {period.preperiod} with period {period.period} ({proof})."


def _outcome(letter: str) -> Any:
    from grundy.values import Outcome

    return Outcome(letter)


def _value(args: argparse.Namespace) -> None:
    game = _heap_game(args.game)
    with _memory(args.max_memory), _progress(min(args.search, args.heap)) as progress:
        report = heap_value_report(game, args.heap, args.search, progress)
    if args.json:
        _print_json(report.to_json())
    else:
        print(f"{report.game} {report.heap}: nim-value {report.nim_value} (by {report.by})")


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

    report = quotient_report(_heap_game(args.game), args.to)
    if args.json:
        _print_json(report)
    else:
        print(quotient_text(report))


def _census(args: argparse.Namespace) -> int:
    from pathlib import Path

    from grundy.census.runner import CensusState, ClusterMissing, run_census
    from grundy.census.table import census_table, format_for

    state = args.state or (args.output + ".state" if args.output else None)
    fmt = format_for(args.output, args.format)
    try:
        with _counter("codes computed") as done:
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
    from rich.progress import Progress as Bar

    with Bar(transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=None)
        yield lambda finished, total: bar.update(task, completed=finished, total=total)


def _games(args: argparse.Namespace) -> None:
    rulesets = game_list()
    width = max(len(r.usage) for r in rulesets)
    for ruleset in rulesets:
        print(f"{ruleset.usage:<{width}}  {ruleset.summary}")


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "no_cache", False):
            use_disk_cache(False)
        code = COMMANDS[args.command](args)
    except ValueError as error:
        print(f"grundy: {one_line(str(error))}", file=sys.stderr)
        return 2
    except TooBig as error:
        print(f"grundy: too big: {one_line(str(error))}", file=sys.stderr)
        return 3
    except SequenceInterrupted as stop:
        print(f"grundy: interrupted; the values of heaps 0..{len(stop.values) - 1} are kept",
              file=sys.stderr)
        return 130
    except SearchInterrupted as stop:
        print(f"grundy: interrupted: {one_line(str(stop))}", file=sys.stderr)
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
