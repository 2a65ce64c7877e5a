"""Languages: Flask-Babel, the language chosen per table (or per browser) and the switch.

The language of a page is, in order: what this browser chose for this table with the switch,
the table's language, what this browser chose anywhere, the browser's Accept-Language.

Two gettext domains: ``messages`` (the pages, ``_()``) and ``engine`` (the sentences the rules
engines say, :class:`~companion.scorers.sentence.Sentence`), each with its catalogs in
``translations/<lang>/LC_MESSAGES/``. Pages show an engine sentence through the ``tr`` filter.
"""
import re
from urllib.parse import parse_qs

from babel import Locale
from babel.numbers import format_decimal
from flask import Blueprint, current_app, g, redirect, request, session, url_for
from flask_babel import Babel, Domain, get_locale, get_translations
from jinja2 import pass_context
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from companion import grammar, security
from companion.table.caches import LRU
from companion.scorers.sentence import LAST_TWO, LAST_TWO_CONTEXT, Listed, Sentence, render

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
    """An engine sentence (a log line, a rule's refusal) in the page's language, the players'
    names in the cases it needs and its words agreeing with their forms of address.

    The scorers write English Sentences that keep their template; this says them again through the
    ``engine`` catalog. Anything else (a message the web layer already translated, a name, None)
    passes through unchanged.
    """
    if not isinstance(sentence, Sentence):
        return sentence
    return sentence.translate(engine_catalogue(), speaker())


RULE_IDS = re.compile(r"(\s*\((?:%(rule)s)(?:,\s*(?:%(rule)s))*\)|,\s*(?:%(rule)s)(?=[,)]|$))"
                      % {"rule": r"[A-Z]{2,5}-[A-Z0-9]+(?:-[A-Z0-9]+)*"})


RULE_SPAN = re.compile(r'(<span class="rule">[^<]*</span>)')


def said(value) -> Markup:
    """What a player reads (the ``tr`` filter): a sentence translated, its rule ids («(LIB-ELEC-9)»)
    set apart as ``<span class="rule">``, which pages show only when asked (the "Show the rule
    ids" switch); the text escaped."""
    if value is None:
        return Markup("")
    return rule_ids_apart(escape(translate(value)))


def rule_ids_apart(html: Markup) -> Markup:
    """Escaped text with each rule id in a ``<span class="rule">`` (hidden unless asked for); the
    ids of a message already set apart (a message inside another) are left as they are."""
    parts = RULE_SPAN.split(str(html))
    return Markup("".join(part if index % 2 else
                          RULE_IDS.sub(lambda m: f'<span class="rule">{m.group(0)}</span>', part)
                          for index, part in enumerate(parts)))


def plain(value) -> str:
    """A sentence translated, without its rule ids: for a toast, a title, a spoken line."""
    return RULE_IDS.sub("", str(translate(value) or ""))


def opening(text):
    """A sentence as it opens a heading or a paragraph: its first letter a capital. The
    catalogs write a sentence as it reads inside another («…; побеждает партия Саши»)."""
    text = text if isinstance(text, str) else str(text)  # Markup stays Markup
    return text[:1].upper() + text[1:]


def speaker():
    """The grammar of this request's language for the players of its table (their forms of
    address), made once per request."""
    found = g.get("_speaker")
    if found is None:
        found = g._speaker = grammar.speaker(get_locale().language, people())
    return found


def people() -> dict:
    """The forms of address of the players of the request's table (none without a table)."""
    table = g.get("table")
    if table is None:
        return {}
    from companion.table import events, games  # the table core imports this module
    from companion.table.db import get_db
    return events.people(get_db(), table, games.get(table.game))


def gettext(string: str, **variables) -> str:
    """A page's message in its language (Flask-Babel's ``gettext``), its names in their cases
    and its words agreeing with the players' forms of address (companion.grammar)."""
    text = catalogue().ugettext(string)
    return render(text, variables, speaker(), engine_catalogue()) if variables else text


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    """:func:`gettext` for a count: the language's plural form for ``num`` (``%(num)s``)."""
    variables.setdefault("num", num)
    return render(catalogue().ungettext(singular, plural, num), variables, speaker(),
                  engine_catalogue())


def _jinja(pick):
    """A template's ``_``/``ngettext``…: the message ``pick`` chooses, filled in as
    :func:`gettext` does, every parameter escaped (Jinja's own would skip the grammar). A
    message without parameters has no name to decline nor agree with: it reads the same on
    every page of its language (:data:`ALONE`)."""
    @pass_context
    def call(context, *args, **variables):
        text, variables = pick(variables, *args)
        if not context.eval_ctx.autoescape:
            return render(text, variables, speaker(), engine_catalogue())
        if not variables:
            return ALONE.kept(text, lambda: rule_ids_apart(Markup(text) % {}))
        variables = {k: v if isinstance(v, (int, float, Sentence)) else escape(v)
                     for k, v in variables.items()}
        return rule_ids_apart(render(Markup(text), variables, speaker(), engine_catalogue()))
    return call


ALONE = LRU(
    "messages alone", 4096,
    "the message as its language's catalog gives it (a template's message without parameters)",
    "every page says the same words (a button's label, a meter's title): their rule ids set"
    " apart once, not on every page")


def _single(variables, string):
    return catalogue().ugettext(string), variables


def _plural(variables, singular, plural, num):
    return catalogue().ungettext(singular, plural, num), {"num": num, **variables}


def _context(variables, context, string):
    return catalogue().upgettext(context, string), variables


def _context_plural(variables, context, singular, plural, num):
    return catalogue().unpgettext(context, singular, plural, num), {"num": num, **variables}


def init_app(app) -> None:
    """Install Flask-Babel with :func:`select_locale`, the engine's domain and the switch route."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    Babel(app, locale_selector=select_locale)
    app.extensions["companion.engine_domain"] = Domain(domain="engine")
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.newstyle_gettext = True  # {% trans %} passes its variables to the calls below
    app.jinja_env.globals.update(gettext=_jinja(_single), ngettext=_jinja(_plural),
                                 pgettext=_jinja(_context), npgettext=_jinja(_context_plural))
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    app.jinja_env.filters["tr"] = said
    app.jinja_env.filters["names"] = names
    app.jinja_env.filters["decimal"] = decimal
    app.jinja_env.filters["opening"] = opening
    app.register_blueprint(bp)


def names(parts):
    """Players' names as the page's language lists them («Вера и Глеб», «Anna e Ugo»), for a
    message's parameter: a list that a translation may decline («Ольгу и Дмитрия») and agree with
    (``pl``). Printed on its own, it says itself in the page's language too."""
    return Names([str(part) for part in parts or []])


class Names(Listed):
    """A list of names (:func:`names`) that a template may also print by itself."""

    def __html__(self) -> str:
        return str(escape(translate(self)))


def decimal(number) -> str:
    """A number (a duration, a bound) as the page's language writes it: «0,5», «0.5»; one Babel
    cannot format (too large, not finite) as Python writes it, rather than an error page."""
    try:
        return format_decimal(number, locale=get_locale())
    except (ArithmeticError, ValueError, TypeError):
        return str(number)


def engine_catalogue():
    """The request's catalog of the engines' sentences (the ``engine`` domain)."""
    found = g.get("_engine_catalogue")
    if found is None:
        found = current_app.extensions["companion.engine_domain"].get_translations()
        if get_locale().language == "en":
            found = EnglishLists(found)
        g._engine_catalogue = found
    return found


class EnglishLists:
    """The English pages' engine catalog: the sentences as they are, a list of names joined by
    "and" («Cid and Dan»); the command line and the JSON keep the comma list."""

    def __init__(self, catalog):
        self.catalog = catalog

    def __getattr__(self, name):
        return getattr(self.catalog, name)

    def pgettext(self, context, message):
        if (context, message) == (LAST_TWO_CONTEXT, LAST_TWO):
            return "%(rest)s and %(last)s"
        return self.catalog.pgettext(context, message)


def catalogue():
    """The request's translations, looked up once per request: Flask-Babel finds them again on
    every call (about ten context lookups), which is most of the cost of a small fragment."""
    found = g.get("_catalogue")
    if found is None:
        found = g._catalogue = get_translations()
    return found

