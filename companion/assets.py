"""Static assets as a phone wants them: versioned URLs kept for a year, gzipped once, htmx from
its registry package (no CDN), and gzip for the app's text answers.

Every address of a static file (``url_for('static', ...)``, htmx) carries the hash of the file's
content (``?v=``): asked with the current hash, the file is ``immutable`` for a year, so a phone
asks for it again only when it changed (its address changed with it). Asked without a hash, or
with an old one, it is sent as it is now with ``no-cache`` (revalidated by its ETag).

The cache (:data:`KEPT`, companion.table.caches): each file's bytes, gzip and hash, made once
per content.
"""
import gzip
import hashlib
import mimetypes
import os
from dataclasses import dataclass
from importlib.resources import files

from flask import Blueprint, Response, abort, current_app, request
from werkzeug.security import safe_join

from companion.table.caches import LRU

HTMX_PACKAGE = "js_lib_htmx"  # django-js-lib-htmx, pinned in pyproject.toml; no Django needed
bp = Blueprint("assets", __name__)
COMPRESSIBLE = {"text/html", "text/css", "application/javascript", "text/javascript",
                "application/json", "image/svg+xml", "application/manifest+json"}
FOREVER = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class Asset:
    """One static file as it is sent: its bytes, its gzip (None when that is not smaller), its
    type and its version (the start of its content's SHA-256)."""
    body: bytes
    zipped: bytes | None
    mimetype: str
    version: str

    @classmethod
    def of(cls, body: bytes, name: str) -> "Asset":
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        zipped = gzip.compress(body, compresslevel=9, mtime=0) if mimetype in COMPRESSIBLE else None
        if zipped is not None and len(zipped) >= len(body):
            zipped = None
        return cls(body, zipped, mimetype, hashlib.sha256(body).hexdigest()[:12])

    def answer(self, version: str | None) -> Response:
        """The file for this request: gzipped when the browser takes it, kept for a year when
        asked at its current ``version``."""
        zipped = self.zipped is not None and request.accept_encodings.quality("gzip") > 0
        response = Response(self.zipped if zipped else self.body, mimetype=self.mimetype)
        if zipped:
            response.headers["Content-Encoding"] = "gzip"
        if self.zipped is not None:
            response.vary.add("Accept-Encoding")
        if version == self.version:
            response.headers["Cache-Control"] = FOREVER
        else:
            response.headers["Cache-Control"] = "no-cache"
            response.set_etag(self.version + ("-gz" if zipped else ""))
            response.make_conditional(request)
        return response


KEPT = LRU("static files", 256, "the file's path; the entry holds its size and modification time,"
           " so an edited file is read anew",
           "each file's bytes, gzip and hash, made once per content: every phone asks for the same"
           " few files (the static folders and htmx: about 100 KB)")


def found_in(filename: str) -> str | None:
    """Where the static file ``filename`` is: the app's static folder, else a game's own
    (``companion/games/<name>/static``, table.games.folders)."""
    from companion.table import games
    for folder in (current_app.static_folder, *games.folders("static")):
        path = safe_join(folder, filename)
        if path and os.path.isfile(path):
            return path
    return None


def static_asset(filename: str) -> Asset | None:
    """The static file ``filename`` (None when the static folder has no such file)."""
    path = found_in(filename)
    try:
        stat = os.stat(path) if path else None
    except OSError:
        return None
    if stat is None:
        return None
    key = (stat.st_size, stat.st_mtime_ns)
    kept = KEPT.get(path)
    if kept is None or kept[0] != key:
        with open(path, "rb") as file:
            kept = KEPT[path] = (key, Asset.of(file.read(), filename))
    return kept[1]


def htmx_asset() -> Asset:
    """htmx itself, read once from its package."""
    return KEPT.kept(HTMX_PACKAGE, lambda: ((), Asset.of(
        files(HTMX_PACKAGE).joinpath("static", "htmx", "htmx.min.js").read_bytes(),
        "htmx.min.js")))[1]


def static(filename):
    """A file of the static folder (Flask's ``static`` endpoint, answered by :class:`Asset`)."""
    asset = static_asset(filename)
    if asset is None:
        abort(404)
    return asset.answer(request.args.get("v"))


@bp.get("/vendor/htmx.min.js")
def htmx():
    """htmx itself (versioned like the static files)."""
    return htmx_asset().answer(request.args.get("v"))


def versioned(endpoint, values) -> None:
    """Put the content's hash in every address of a static file and of htmx (``url_defaults``)."""
    if endpoint == "static" and "v" not in values:
        asset = static_asset(values.get("filename", ""))
        if asset is not None:
            values["v"] = asset.version
    elif endpoint == "assets.htmx" and "v" not in values:
        values["v"] = htmx_asset().version


def compress(response):
    """Gzip text answers over 1 KB when the browser accepts it (granian does not)."""
    if (response.direct_passthrough or response.status_code < 200 or
            response.mimetype not in COMPRESSIBLE or "Content-Encoding" in response.headers or
            request.accept_encodings.quality("gzip") <= 0):
        return response
    body = response.get_data()
    if len(body) < 1024:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app) -> None:
    """Register htmx's route, the static files' answer, their versioned URLs and the gzip step."""
    app.register_blueprint(bp)
    app.view_functions["static"] = static
    app.url_defaults(versioned)
    app.after_request(compress)
