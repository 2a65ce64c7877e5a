"""The request log of ``companion serve --log``: one line per request, to stderr or a file."""
import copy
import os


ACCESS_LOG = "%(time)s %(addr)s %(method)s %(path)s %(status)d %(dt_ms).1f ms"  # --log


def request_log(log: str | None) -> dict | None:
    """granian's logging with its request log going to stderr (``--log``) or appended to a
    file (``--log FILE``); None: granian's own."""
    if log is None:
        return None
    from granian.log import LOGGING_CONFIG
    config = copy.deepcopy(LOGGING_CONFIG)
    config["handlers"]["access"] = (
        {"formatter": "access", "class": "logging.StreamHandler", "stream": "ext://sys.stderr"}
        if log == "-" else
        {"formatter": "access", "class": "logging.FileHandler", "filename": os.path.abspath(log)})
    return config


def log_problem(log: str | None) -> str | None:
    """Why the request log cannot be appended to the file given with ``--log``, or None."""
    if log in (None, "-"):
        return None
    try:
        open(log, "a").close()
    except OSError as err:
        return f"--log {log}: cannot be written ({err.strerror or err})"
    return None
