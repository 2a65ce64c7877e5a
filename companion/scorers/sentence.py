"""What the engines say (log lines, refusals), in English, kept so that a page can say it again.

A :class:`Sentence` *is* its English text: a ``str``, so JSON, equality, the CLI and every test
see nothing else. It also keeps what made it: the English ``template`` with ``%(name)s``
placeholders and its ``params``. :meth:`Sentence.translate` renders it again through any
gettext-like catalog (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``: the standard
library's ``gettext.NullTranslations`` and Babel's ``Translations`` both qualify), translating the
parameters that are Sentences themselves. Player and province names are plain strings: never
translated.

The engines build every sentence with :func:`sentence`, :func:`plural` (the wording follows a
count), :func:`word` (a word with a grammatical context, e.g. a faction name), :func:`join` or
:func:`names` (players' names, joined as the page's language joins a list: «Вера и Глеб»).
Their first arguments are string literals: ``pybabel extract`` collects them into the ``engine``
catalogs (README, Development). Templates escape a literal percent sign as ``%%``.
"""
from babel.lists import format_list


class Sentence(str):
    """English text that remembers its template, parameters and (optional) plural and context."""

    template: str
    params: dict
    plural: str | None
    context: str | None

    def __new__(cls, template: str, params: dict, plural: str | None = None,
                context: str | None = None):
        english = plural if plural is not None and params.get("n") != 1 else template
        self = super().__new__(cls, english % params)
        self.template, self.params, self.plural, self.context = template, params, plural, context
        return self

    def translate(self, catalog) -> str:
        """This sentence through ``catalog``; the English text when the catalog lacks it."""
        params = {name: translated(value, catalog) for name, value in self.params.items()}
        if self.plural is not None and self.context is not None:
            text = catalog.npgettext(self.context, self.template, self.plural, self.params["n"])
        elif self.plural is not None:
            text = catalog.ngettext(self.template, self.plural, self.params["n"])
        elif self.context is not None:
            text = catalog.pgettext(self.context, self.template)
        else:
            text = catalog.gettext(self.template)
        return text % params

    def __reduce__(self):
        return _rebuild, (type(self), self.template, self.params, self.plural, self.context)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Joined(Sentence):
    """Sentences (or names) joined by punctuation, each translated on its own."""

    def __new__(cls, separator: str, parts: list):
        self = str.__new__(cls, separator.join(parts))
        self.template, self.params, self.plural, self.context = separator, {"parts": list(parts)}, None, None
        return self

    def translate(self, catalog) -> str:
        return self.template.join(translated(part, catalog) for part in self.params["parts"])

    def __reduce__(self):
        return type(self), (self.template, self.params["parts"])


class Listed(Joined):
    """Names (or Sentences) joined by the catalog's language, with Babel's ``format_list``: «Вера и
    Глеб», «Anna e Ugo», «Inès et Olivier», «Ida und Emil». The English text (the JSON API, the CLI,
    a catalog that names no language) keeps the comma list."""

    def __new__(cls, parts: list):
        return super().__new__(cls, ", ", parts)

    def translate(self, catalog) -> str:
        parts = [translated(part, catalog) for part in self.params["parts"]]
        language = (catalog.info() if hasattr(catalog, "info") else {}).get("language")
        return format_list(parts, locale=language) if language and parts else self.template.join(parts)

    def __reduce__(self):
        return type(self), (self.params["parts"],)


def _rebuild(cls, template, params, plural, context):
    return cls(template, params, plural, context)


def translated(value, catalog):
    """``value`` through ``catalog`` if it is a Sentence; anything else unchanged."""
    return value.translate(catalog) if isinstance(value, Sentence) else value


def sentence(template: str, **params) -> Sentence:
    """``template % params`` in English, translatable later."""
    return Sentence(template, params)


def plural(singular: str, plural_: str, n: int, **params) -> Sentence:
    """Singular or plural after the count ``n`` (a parameter too, ``%(n)s``), as ``ngettext``."""
    return Sentence(singular, {"n": n, **params}, plural=plural_)


def word(context: str, text: str) -> Sentence:
    """A word that a translation may render differently by ``context`` (``pgettext``)."""
    return Sentence(text, {}, context=context)


def join(separator: str, parts) -> Sentence:
    """``separator.join(parts)`` that translates each Sentence among ``parts``."""
    return Joined(separator, list(parts))


def names(parts) -> Sentence:
    """Players' names as a list in the page's language (:class:`Listed`); a comma list in English."""
    return Listed(list(parts))
