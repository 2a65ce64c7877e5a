"""The app on a phone's home screen: its web app manifest, its service worker, the page shown when
the host cannot be reached, and the address a page asks to learn whether the host is back.

The service worker (``/sw.js``, at the root so that its scope covers every page) keeps the app's
shell: the offline page, the stylesheet, the scripts and the icons, under a name made of their
versions, so a new version of any static file installs a new worker and drops the old files.
A page is always asked of the host; when the host does not answer, the worker shows the offline
page (in the language of the last page it saw) instead of the browser's error.
"""
import hashlib
import os

from flask import Blueprint, Response, current_app, g, jsonify, render_template, request, url_for
from flask_babel import force_locale, get_locale

from companion.assets import htmx_asset, static_asset
from companion.i18n import LANGUAGES, gettext as _

bp = Blueprint("install", __name__)
THEME = "#223333"  # the header's colour (companion.css, .top)
BACKGROUND = "#f4f1ea"  # the page's
SHELL = ["companion.css", "companion.js", "icon.svg"]


@bp.get("/manifest.webmanifest")
def manifest():
    """What a phone needs to put the companion on its home screen."""
    icons = [{"src": url_for("static", filename=name), "sizes": size, "type": "image/png",
              "purpose": purpose}
             for name, size, purpose in (("icon-192.png", "192x192", "any"),
                                         ("icon-512.png", "512x512", "any"),
                                         ("icon-maskable-512.png", "512x512", "maskable"))]
    response = jsonify(name=_("companion"), short_name=_("companion"), lang=str(get_locale()),
                       description=_("A companion for board games: it scores, checks and narrates."),
                       id="/", start_url=url_for("tables.index"), scope="/", display="standalone",
                       theme_color=THEME, background_color=BACKGROUND, icons=icons)
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def worker():
    """The service worker; never kept without asking, so a new one is found at the next visit."""
    shell = [url_for("static", filename=name) for name in SHELL] + [url_for("assets.htmx")]
    body = render_template("sw.js", cache="companion-" + shell_version(), shell=shell,
                           offline=url_for("install.offline"))
    response = Response(body, mimetype="application/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


def shell_version() -> str:
    """A hash of the versions of every static file and of htmx."""
    folder = current_app.static_folder
    versions = [static_asset(name).version for name in sorted(os.listdir(folder))
                if os.path.isfile(os.path.join(folder, name))]
    return hashlib.sha256(" ".join(versions + [htmx_asset().version]).encode()).hexdigest()[:12]


@bp.get("/offline")
def offline():
    """The page the service worker shows when the host cannot be reached (``lang``: in that
    language, the one of the page the worker last saw)."""
    lang = request.args.get("lang")
    with force_locale(lang if lang in LANGUAGES else get_locale()):
        g.pop("_catalogue", None)  # i18n.catalogue: the request's translations, kept on g
        page = render_template("offline.html")
        language = str(get_locale())
        g.pop("_catalogue", None)
    return Response(page, headers={"Content-Language": language, "Cache-Control": "no-store"})


@bp.get("/alive")
def alive():
    """204: the host answers (a page that lost the host asks this until it does)."""
    return Response(status=204, headers={"Cache-Control": "no-store"})


def content_language(response):
    """Each page says its language, so that the service worker keeps the offline page in it."""
    if response.mimetype == "text/html":
        response.headers.setdefault("Content-Language", str(get_locale()))
    return response


def init_app(app) -> None:
    """Register the manifest, the worker, the offline page and the language of each page."""
    app.register_blueprint(bp)
    app.after_request(content_language)
