"""Whether ``companion serve`` can listen where it is asked: tried before anything is printed, so
that a busy port is said in one line."""
import errno
import socket


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port`` (tried with the same SO_REUSEADDR), or None."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            return {
                errno.EADDRINUSE: f"port {port} is already in use (another companion serve?): "
                                  f"choose another with --port",
                errno.EACCES: f"port {port} needs administrator rights: choose one above 1023 with --port",
                errno.EADDRNOTAVAIL: f"{host} is not an address of this machine: leave --host out to "
                                     f"listen on all of them",
            }.get(err.errno, f"cannot listen on {host}:{port}: {err.strerror or err}")
    return None
