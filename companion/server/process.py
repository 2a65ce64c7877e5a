"""A server worker's process settings: the garbage collector's pauses kept short, its threads
taking short turns, the process ending with the command that started it (Linux's prctl), and the
open-files limit raised to hold its connections."""
import gc
import resource
import signal
import sys
from concurrent.futures import ThreadPoolExecutor


YOUNG = 20_000  # objects allocated (net) between two collections of the youngest generation
TURN = 0.0005  # seconds a thread of a worker runs Python before one waiting may take over


def settle_garbage_collector() -> None:
    """Keep the garbage collector's pauses short in a worker that holds thousands of streams.

    A collection stops every thread of the worker. What the app builds at start (modules,
    templates, translations) lives as long as the worker, so it is frozen out of every later
    collection. A young generation of ``YOUNG`` objects instead of Python's 700 lets the
    objects of a request, which live while it waits its turn, die before a collection sees
    them, instead of being promoted to the old generation, whose full collections stop the
    worker longest (docs/performance.md, "Load benchmark")."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


def take_short_turns() -> None:
    """Let a waiting thread of the worker run Python after ``TURN`` (half a millisecond) rather
    than Python's 5 ms.

    Python runs one thread at a time. While the writing thread renders a change's answer (a few
    milliseconds of Python), the loop, which holds the streams and sends what they are told,
    and granian's own threads, which hand it each request that arrives, wait for their turn:
    with 5 ms turns a stream told of the other worker's change, or a tap that just arrived,
    waited for the whole answer to be rendered (docs/performance.md, "Told with the answer")."""
    sys.setswitchinterval(TURN)


def die_with_parent() -> None:
    """A worker ends when the command that started it does, even if that one was killed
    (Linux): otherwise it would keep the port and the next ``companion serve`` could not start.
    The SIGTERM ends its open streams too (``front.Front.stop_on_signals``)."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def name_thread(name: str) -> None:
    """Give the calling thread ``name`` (at most 15 bytes) as the system shows it (``top -H``,
    /proc/PID/task/TID/comm), so that a worker's CPU can be told apart by what each thread does
    (benchmarks/load.py). Linux only; elsewhere nothing happens."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(15, name.encode()[:15], 0, 0, 0)  # PR_SET_NAME
    except (OSError, AttributeError):
        pass


def one_thread(name: str) -> ThreadPoolExecutor:
    """An executor of one thread, named ``name`` for the system too (:func:`name_thread`)."""
    return ThreadPoolExecutor(1, thread_name_prefix=name, initializer=name_thread,
                              initargs=(name,))


def raise_file_limit(connections: int) -> int:
    """Let each worker hold ``connections`` sockets (plus its files): the soft limit on open
    files is raised as far as the hard one allows. Returns the connections that fit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return max(resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 256, 0)
