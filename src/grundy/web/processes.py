"""The processes of the web server's workers: started from the forkserver without the
server's main module, ended with the server, their memory limited, stopped with what they
started.

The forkserver's start of a process is a copy of multiprocessing's own (:class:`Launch`) less
one step; ``tests/test_defects_web.py`` fails when the private parts it copies change shape.

>>> named_function("grundy.web.jobs:small").__name__
'small'
"""

from __future__ import annotations

import contextlib
import importlib
import io
import multiprocessing
import multiprocessing.connection
import os
import resource
import signal
import threading
from collections.abc import Callable
from dataclasses import replace
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.context import ForkServerProcess, set_spawning_popen
from typing import Any, cast

from grundy.web.jobs import Answer, Job, error


def stop(worker: Any) -> None:
    """Kill the worker and whatever it started (its process group), and reap it."""
    if worker.is_alive():
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(OSError):  # already ended, or its group not made yet
                kill(worker.pid, signal.SIGKILL)
    worker.join()
    worker.close()


def reply_to(answer: Callable[[Job], Answer | None], job: Job, memory: int) -> Answer | None:
    """``answer``'s reply to ``job``.  Whatever it raises but MemoryError is answered in
    one line (:func:`grundy.web.jobs.answer` answers everything itself)."""
    try:
        # The library refuses work its estimate puts over the limit before the kernel
        # would stop the worker.
        return answer(replace(job, memory=memory))
    except MemoryError:
        raise
    except RecursionError:
        return error(413, "the work went too deep (Python's recursion limit)")
    except Exception as failure:
        return error(400, f"the request cannot be answered ({type(failure).__name__})")


def end_with_the_server() -> None:
    """End this worker, and what it started, when the server that started it ends (killed
    too): its time limit is the server's.  Started before the memory limit (a thread's
    stack is address space)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os.killpg(0, signal.SIGKILL)

    threading.Thread(target=watch, daemon=True).start()


def limit_memory(memory: int) -> None:
    """Let this process's address space grow by at most ``memory`` bytes from now."""
    grown = _address_space() + memory
    resource.setrlimit(resource.RLIMIT_AS, (grown, grown))


def named_function(name: str) -> Callable[[Job], Answer | None]:
    """The function ``name`` names, as ``"module:function"`` (the module is imported).

    >>> named_function("grundy.web.jobs:answer")(Job("analyze", {"q": "nim 2 2"})).body["outcome"]
    'P'
    """
    module, _, function = name.partition(":")
    found = getattr(importlib.import_module(module), function)
    return cast("Callable[[Job], Answer | None]", found)


def begin_worker(answerer: str, memory: int) -> Callable[[Job], Answer | None]:
    """Begin a worker process: a process group of its own (so that what it starts is killed
    with it), ended with the server, the function named ``answerer`` loaded, and its memory
    then let grow by at most ``memory`` bytes.  Returns that function."""
    os.setpgid(0, 0)
    end_with_the_server()
    answer = named_function(answerer)
    limit_memory(memory)
    return answer


def _address_space() -> int:
    """This process's address space, in bytes (what ``RLIMIT_AS`` counts)."""
    with open("/proc/self/statm") as status:
        pages = int(status.read().split()[0])
    return pages * os.sysconf("SC_PAGE_SIZE")


class Launch(popen_forkserver.Popen):
    """The forkserver's start of a process, less the re-import of the server's main module.

    multiprocessing runs the parent's ``__main__`` again in each new process (to find what
    it defined); the server's main module may be any program (a script, a test runner),
    and the worker needs nothing from it.
    """

    def _launch(self, process_obj: Any) -> None:
        prep_data = {key: value for key, value in
                     spawn.get_preparation_data(process_obj._name).items()
                     if not key.startswith("init_main")}
        buf = io.BytesIO()
        set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)  # type: ignore[attr-defined]
        # As multiprocessing does: a duplicate of the data pipe's write end tells the
        # worker that the server is alive.
        _parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds,  # type: ignore[attr-defined]
                                       (_parent_w, self.sentinel))
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class WorkerProcess(ForkServerProcess):
    """A process started by the forkserver through :class:`Launch`."""

    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return Launch(process_obj)
