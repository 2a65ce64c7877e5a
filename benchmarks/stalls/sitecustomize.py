"""The event loop's stalls and the garbage collector's pauses, in every process started with
this folder on its path (the server's workers inherit it through ``companion serve``):

    STALLS_LOG=/tmp/stalls.log PYTHONPATH=benchmarks/stalls python benchmarks/load.py --tables 3000

Each line of the log: the time, the process, and either a collection that took over
``GC_MS`` (its generation, how long, what it freed) or a callback of an event loop that ran
longer than ``STALL_MS`` (what it ran: for a request of the server, its method and path).
Python imports ``sitecustomize`` by itself at start; without ``STALLS_LOG`` this does nothing.
For diagnosis only: it wraps every callback of every asyncio loop (docs/performance.md, "3,000
and 10,000 tables").
"""
import gc
import os
import time

LOG = os.environ.get("STALLS_LOG")
GC_MS = 5
STALL_MS = 15


def log(line: str) -> None:
    with open(LOG, "a", encoding="utf-8") as out:
        out.write(f"{time.time():.3f} {os.getpid()} {line}\n")


def collections(phase: str, info: dict, started=[0.0]) -> None:
    if phase == "start":
        started[0] = time.perf_counter()
        return
    took = (time.perf_counter() - started[0]) * 1000
    if took > GC_MS:
        log(f"gc generation {info['generation']} {took:.1f} ms, freed {info['collected']}")


def what(handle) -> str:
    """What a slow callback ran: a task's coroutine, and a request's method and path."""
    callback = handle._callback
    name = getattr(callback, "__qualname__", repr(callback))
    task = getattr(callback, "__self__", None)
    if task is not None and hasattr(task, "get_coro"):
        coroutine = task.get_coro()
        name += " " + getattr(coroutine, "__qualname__", "?")
        frame = getattr(coroutine, "cr_frame", None)
        scope = frame.f_locals.get("scope") if frame is not None else None
        if isinstance(scope, dict):
            name += f" {scope.get('method')} {scope.get('path')}"
    return name[:200]


if LOG:
    import asyncio.events

    gc.callbacks.append(collections)
    run = asyncio.events.Handle._run

    def timed(handle):
        started = time.perf_counter()
        run(handle)
        took = (time.perf_counter() - started) * 1000
        if took > STALL_MS:
            log(f"stall {took:.1f} ms {what(handle)}")

    asyncio.events.Handle._run = timed
