"""Languages: Flask-Babel, the language chosen per table (or per browser) and the switch.

The language of a page is, in order: what this browser chose for this table with the switch,
the table's language, what this browser chose anywhere, the browser's Accept-Language.

Two gettext domains: ``messages`` (the pages, ``_()``) and ``engine`` (the sentences the rules
engines say, :class:`~companion.scorers.sentence.Sentence`), each with its catalogs in
``translations/<lang>/LC_MESSAGES/``. Pages show an engine sentence through the ``tr`` filter.
"""
from urllib.parse import parse_qs

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from flask import Blueprint, current_app, g, redirect, request, session, url_for
from flask_babel import Babel, Domain, get_locale, get_translations
from werkzeug.exceptions import HTTPException

from companion import security
from companion.scorers.sentence import Sentence

LANGUAGES = {"en": "English", "ru": "Русский", "it": "Italiano", "fr": "Français", "de": "Deutsch"}
LOCALES = {code: Locale.parse(code) for code in LANGUAGES}  # Babel would parse one per request
bp = Blueprint("i18n", __name__)


def select_locale() -> Locale:
    """The language of this request (see the module docstring)."""
    chosen = session.get("lang", {})
    table = g.get("table")
    if table is not None:
        code = chosen.get(table.code) or table.language
    else:
        code = chosen.get("") or request.accept_languages.best_match(LANGUAGES) or "en"
    return LOCALES.get(code) or Locale.parse(code)


def safe_next(target: str | None) -> str:
    """A page of this app to go back to: a path the app answers with a page, with a short query
    (the election's step, the night's settings); anything else (another site in any spelling: ``//x``, ``/\\x``,
    ``/\t/x``, a scheme; a path that is no page) goes to the start page. The address is rebuilt
    from what the app matched, so no text of the request's own reaches ``Location`` unchecked."""
    path, _sep, query = (target or "").partition("?")
    if path.startswith("/") and len(target) <= 300 and path.isprintable() and " " not in path:
        try:
            endpoint, values = current_app.url_map.bind("localhost").match(path, "GET")
        except HTTPException:
            endpoint = None
        if endpoint and endpoint != "static":
            args = {k: v[0] for k, v in list(parse_qs(query).items())[:12]
                    if k not in values and len(k) <= 20 and len(v[0]) <= 40}
            return url_for(endpoint, **values, **args)
    return url_for("tables.index")


@bp.post("/lang")
def switch():
    """Switch the language for this browser (for one table when ``code`` is given)."""
    lang = request.form.get("lang", "")
    if lang in LANGUAGES:
        code = request.form.get("code", "")[:8].upper()
        security.remember("lang", code if code.isalnum() else "", lang, keep=21)
    return redirect(safe_next(request.form.get("next")), 303)


def translate(sentence) -> str:
    """An engine sentence (a log line, a rule's refusal) in the page's language (the ``tr`` filter).

    The scorers write English Sentences that keep their template; this says them again through the
    ``engine`` catalog. Anything else (a message the web layer already translated, a name, None)
    passes through unchanged.
    """
    if not isinstance(sentence, Sentence):
        return sentence
    return sentence.translate(current_app.extensions["companion.engine_domain"].get_translations())


def init_app(app) -> None:
    """Install Flask-Babel with :func:`select_locale`, the engine's domain and the switch route."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    Babel(app, locale_selector=select_locale)
    app.extensions["companion.engine_domain"] = Domain(domain="engine")
    app.jinja_env.install_gettext_callables(  # Flask-Babel's, with the catalogue found once
        gettext=lambda s: catalogue().ugettext(s),
        ngettext=lambda s, p, n: catalogue().ungettext(s, p, n), newstyle=True,
        pgettext=lambda c, s: catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n))
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    app.jinja_env.filters["tr"] = translate
    app.jinja_env.filters["names"] = names
    app.jinja_env.filters["decimal"] = decimal
    app.register_blueprint(bp)


def names(parts) -> str:
    """Players' names as the page's language lists them («Вера и Глеб», «Anna e Ugo»)."""
    return format_list([str(part) for part in parts], locale=get_locale()) if parts else ""


def decimal(number) -> str:
    """A number (a duration, a bound) as the page's language writes it: «0,5», «0.5»; one Babel
    cannot format (too large, not finite) as Python writes it, rather than an error page."""
    try:
        return format_decimal(number, locale=get_locale())
    except (ArithmeticError, ValueError, TypeError):
        return str(number)


def catalogue():
    """The request's translations, looked up once per request: Flask-Babel finds them again on
    every call (about ten context lookups), which is most of the cost of a small fragment."""
    found = g.get("_catalogue")
    if found is None:
        found = g._catalogue = get_translations()
    return found

