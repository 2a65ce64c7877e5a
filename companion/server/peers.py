"""The workers of one ``companion serve`` tell each other of the changes they answer.

A change is answered by one worker, and the phones of its table hold their streams in any of
them. Each worker binds a Unix datagram socket in a folder of its own that ``companion serve``
makes for the run (``PEERS_FOLDER``, private to its user, removed when it stops): after a change
it answered, a worker rings every other socket of the folder, so the others look at the database
at once (``push.Watcher.nudge``) instead of at their next look. The ring carries what the
table's phones are sent of the change when every phone is sent the same (a ``live.Shared``
answer: a game board's changes, as the message its phones are sent: ``swap.Kept``), so the
other workers send it on as it is, to the phones of the table at its version, and none renders
it again nor reads the database for it. A ring that cannot be sent (a worker gone, its socket's
queue full) is only late: the others see the change at their next look (``push.INTERVAL``).

A ring is one datagram: ``look`` alone, or ``keep``, a line of the table's code, the block's
address, the versions and the language, tab-separated, and the message. Only a worker of the
same user can write in the folder; a datagram that is not a ring is dropped.
"""
import os
import secrets
import socket
import time

from companion.server.swap import Kept

LARGEST = 60 * 1024  # bytes: a ring carrying more goes bare (the others render it themselves)
LOOK = b"look"
KEEP = b"keep\n"
FOUND = 1.0  # seconds the other workers' sockets are rung before the folder is read again


class Peers:
    """This worker's socket in ``folder`` and the others' (read from the folder at most every
    :data:`FOUND` seconds, and after a ring that failed: a worker granian starts again after a
    crash binds a new one)."""

    def __init__(self, folder: str):
        self.folder = folder
        self.path = os.path.join(folder, f"{os.getpid()}-{secrets.token_hex(4)}.sock")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.setblocking(False)
        self.found, self.others = float("-inf"), []

    def listen(self, loop, heard) -> None:
        """Call ``heard(kept or None)`` in ``loop`` for each ring that arrives (None: look)."""
        loop.add_reader(self.sock.fileno(), self.read, heard)

    def read(self, heard) -> None:
        while True:
            try:
                datagram = self.sock.recv(LARGEST + 4096)
            except (BlockingIOError, InterruptedError):
                return
            if datagram == LOOK:
                heard(None)
            elif datagram.startswith(KEEP):
                heard(unpack(datagram))

    def ring(self, kept: Kept | None = None) -> None:
        """Tell every other worker that a change was answered (and, ``kept``, what its phones
        are sent of it)."""
        datagram = pack(kept) if kept is not None else LOOK
        if len(datagram) > LARGEST:
            datagram = LOOK
        now = time.monotonic()
        if now - self.found > FOUND:
            try:
                self.others = [entry.path for entry in os.scandir(self.folder)
                               if entry.name.endswith(".sock") and entry.path != self.path]
            except OSError:  # the folder was removed: the server is stopping
                self.others = []
            self.found = now
        for other in self.others:
            try:
                self.sock.sendto(datagram, other)
            except ConnectionRefusedError:  # a worker that is gone left its socket
                self.found = float("-inf")
                try:
                    os.unlink(other)
                except OSError:
                    pass
            except FileNotFoundError:
                self.found = float("-inf")
            except OSError:  # its queue is full: its next look sees the change
                pass

    def close(self) -> None:
        self.sock.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass


def pack(kept: Kept) -> bytes:
    head = "\t".join((kept.code, kept.path, str(kept.since), str(kept.version), kept.language))
    return KEEP + head.encode() + b"\n" + kept.message


def unpack(datagram: bytes) -> Kept | None:
    """What a ``keep`` ring carries; None for one that is not a ring's (it then only says to
    look)."""
    try:
        head, message = datagram[len(KEEP):].split(b"\n", 1)
        code, path, since, version, language = head.decode().split("\t")
        return Kept(code, path, int(since), int(version), language, message)
    except ValueError:  # not five fields, not numbers, not UTF-8
        return None
