"""Static assets: htmx served from its registry package (no CDN), and gzip for text answers."""
import gzip
from importlib.resources import files

from flask import Blueprint, Response, request

HTMX_PACKAGE = "js_lib_htmx"  # django-js-lib-htmx, pinned in pyproject.toml; no Django needed
bp = Blueprint("assets", __name__)
COMPRESSIBLE = {"text/html", "text/css", "application/javascript", "text/javascript",
                "application/json", "image/svg+xml"}


def htmx_bytes(name: str) -> bytes:
    return files(HTMX_PACKAGE).joinpath("static", "htmx", name).read_bytes()


@bp.get("/vendor/htmx.min.js")
def htmx():
    """htmx itself, pre-gzipped by its package when the browser accepts gzip."""
    zipped = "gzip" in request.headers.get("Accept-Encoding", "")
    body = htmx_bytes("htmx.min.js.gz" if zipped else "htmx.min.js")
    response = Response(body, mimetype="application/javascript")
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.vary.add("Accept-Encoding")
    return response


def compress(response):
    """Gzip text answers over 1 KB when the browser accepts it (waitress does not)."""
    if (response.direct_passthrough or response.status_code < 200 or
            response.mimetype not in COMPRESSIBLE or "Content-Encoding" in response.headers or
            "gzip" not in request.headers.get("Accept-Encoding", "")):
        return response
    body = response.get_data()
    if len(body) < 1024:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app) -> None:
    """Register the htmx route and the gzip step."""
    app.register_blueprint(bp)
    app.after_request(compress)
