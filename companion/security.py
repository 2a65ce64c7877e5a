"""CSRF on every form, a Content-Security-Policy without inline script, safe cookies, a stable key.

Behind a proxy that the host trusts (``PROXY_HOPS``: how many proxies stand in front, each adding
itself to ``X-Forwarded-For``), the client's address, scheme and host are the proxy's word for
them (Werkzeug's ``ProxyFix``: ``X-Forwarded-For``, ``-Proto``, ``-Host``): every per-address
limit counts the real client, the cookie of a page served over HTTPS is ``Secure``, and the
join link names the address the phone used (rooms.join_url). Without that setting the headers are ignored: anyone could
send them.
"""
import ipaddress
import os
import secrets
from datetime import timedelta

from flask import request, session
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

csrf = CSRFProtect()
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")


def secret_key(folder: str) -> str:
    """The key that signs cookies, kept in ``folder`` (the database's) so seats survive a restart."""
    path = os.path.join(folder, "secret_key")
    if not os.path.exists(path):
        with open(path, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(32))
        os.chmod(path, 0o600)
    with open(path, encoding="ascii") as key:
        return key.read().strip()


def remember(key: str, code: str, value, keep: int = 20) -> None:
    """Keep ``value`` for table ``code`` in the session dict ``key``, for the ``keep`` tables used
    most recently. The order of use is kept beside it (``key`` + ``_order``): the cookie's JSON
    sorts a dict's keys, so the dict's own order is the codes' alphabet, not their age."""
    kept = dict(session.get(key, {}))
    kept[code] = value
    order = [c for c in session.get(key + "_order", []) if c in kept and c != code]
    order = [c for c in kept if c not in order and c != code] + order + [code]  # older cookies
    for old in order[:-keep]:
        del kept[old]
    session[key], session[key + "_order"] = kept, order[-keep:]
    session.permanent = True


def headers(response):
    """Security headers on every answer; ``Vary: HX-Request`` where htmx may get a fragment."""
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if response.mimetype == "text/html":
        response.vary.add("HX-Request")
    return response


class Sessions(SecureCookieSessionInterface):
    """The signed cookie, ``Secure`` whenever the page came over HTTPS (or always, with
    ``SESSION_COOKIE_SECURE``)."""

    def get_cookie_secure(self, app) -> bool:
        return super().get_cookie_secure(app) or request.is_secure


def address_key(address: str) -> str:
    """What a per-address limit counts: the address, but an IPv6 one by its /64 network (one
    home or phone is given a whole /64: counted address by address, it would never run out)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return address


def forwarded_client(headers, hops: int, peer: str) -> str:
    """The client's :func:`address_key` as ``hops`` trusted proxies tell it (``X-Forwarded-For``, read from
    the right as ProxyFix does), else the peer's: for the front (companion.server.front), which counts
    streams before Flask runs. ``headers``: (name, value) pairs as bytes, lower-case names."""
    if hops <= 0:
        return address_key(peer)
    chain = [part.strip() for name, value in headers if name == b"x-forwarded-for"
             for part in value.decode("latin-1").split(",")]
    return address_key(chain[-hops] if len(chain) >= hops and chain[-hops] else peer)


def init_app(app) -> None:
    """Cookie settings, CSRF protection (form field or ``X-CSRFToken`` header) and the headers."""
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                      PERMANENT_SESSION_LIFETIME=timedelta(days=30),
                      # only an answer that changes the session sends it: otherwise a poll sent
                      # before a seat or language change and answered after it would put the old
                      # cookie back (and every poll would carry it)
                      SESSION_REFRESH_EACH_REQUEST=False)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # a game lasts longer than an hour
    csrf.init_app(app)
    app.after_request(headers)
    app.session_interface = Sessions()
    hops = app.config["PROXY_HOPS"]
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
