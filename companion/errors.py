"""Error answers: a short page, a fragment for htmx (shown in the toast), JSON under /api/.

No traceback ever reaches a phone: unexpected exceptions are logged and answered with a plain
"nothing was changed" page (writes run in a transaction, so that is true).
"""
import logging
import sqlite3

from flask import jsonify, render_template, request
from flask.globals import request_ctx
from flask_wtf.csrf import CSRFError
from markupsafe import Markup
from werkzeug.exceptions import HTTPException, InternalServerError

from companion.i18n import gettext as _

log = logging.getLogger(__name__)


def messages() -> dict:
    """What a player reads for each status (translated at answer time)."""
    return {400: _("The request could not be understood."),
            403: _("Only the table's host can do this."),
            404: _("There is no such page or table. Check the join code."),
            405: _("This address does not accept that kind of request."),
            413: _("The file is too large."),
            429: _("Too many join codes that lead nowhere from this device: wait a minute, then"
                   " check the code."),
            500: _("Something went wrong on the host. Nothing was changed."),
            503: _("The host is too busy just now. Nothing was changed: try again."),
            507: _("The host is out of space. Nothing was changed.")}


def answer(code: int, message: str, rule: str):
    """The error in the form the caller expects; a request whose host name no address can be
    built with (a ``Host`` or a trusted proxy's ``X-Forwarded-Host`` that is no host name) gets
    the message and its rule alone, since the page links to the start page."""
    if request.path.startswith("/api/"):
        return jsonify(error=message, rule=rule), code
    if request_ctx.url_adapter is None:
        return Markup('<p class="error">%s <span class="rule">(%s)</span></p>') % (
            message, rule), code, {"Content-Type": "text/html; charset=utf-8"}
    if getattr(request, "htmx", False):
        headers = {"HX-Retarget": "#toast", "HX-Reswap": "innerHTML"}
        return render_template("_error.html", code=code, message=message), code, headers
    return render_template("error.html", code=code, message=message), code


def http_error(err: HTTPException):
    """A 4xx (or deliberate 5xx) answer."""
    code = err.code or 500
    return answer(code, messages().get(code, err.name), f"HTTP-{code}")


def csrf_error(err: CSRFError):
    """A form without a valid CSRF token: nothing changes; the player reloads."""
    return answer(400, _("This form has expired or did not come from this app. Reload the page"
                         " and try again."), "CSRF")


def unexpected(err: Exception):
    """Anything else: logged on the host, a plain message on the phone."""
    if isinstance(err, HTTPException):
        return http_error(err)
    log.exception("unexpected error on %s", request.path)
    return answer(500, messages()[500], "HTTP-500")


def busy(err: sqlite3.OperationalError):
    """The database stayed locked for its whole timeout (a host overloaded by many tables, the
    writer of another worker waiting for its turn): 503, nothing changed (the transaction
    rolled back), the phone may try again. A full disk (or a database at its size limit) is 507,
    "the host is out of space", nothing changed."""
    if "full" in str(err):
        log.error("database or disk full on %s", request.path)
        return answer(507, messages()[507], "HTTP-507")
    if "locked" not in str(err):
        return unexpected(err)
    log.warning("database locked on %s", request.path)
    body, code, *headers = answer(503, messages()[503], "HTTP-503")
    return body, code, {**(headers[0] if headers else {}), "Retry-After": "2"}


def init_app(app) -> None:
    """Register the handlers."""
    app.register_error_handler(sqlite3.OperationalError, busy)
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(InternalServerError, unexpected)
    app.register_error_handler(Exception, unexpected)
