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
catalogs (CONTRIBUTING.md, Translations). Templates escape a literal percent sign as ``%%``.
"""

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
    """Names (or Sentences) joined by the catalog's language: the last two by the catalog's
    ``LAST_TWO`` («Вера и Глеб», «Anna e Ugo», «Inès, Olivier et Ida», «Ida und Emil»), the others
    by commas. The English text (the JSON API, the CLI, a catalog without the entry) keeps the
    comma list. The catalog says it, not a library: the engines stay pure (tests/scorers/test_purity.py)."""

    def __new__(cls, parts: list):
        return super().__new__(cls, ", ", parts)

    def translate(self, catalog) -> str:
        parts = [translated(part, catalog) for part in self.params["parts"]]
        if len(parts) < 2:
            return "".join(parts)
        last_two = catalog.pgettext(LAST_TWO_CONTEXT, LAST_TWO)
        return last_two % {"rest": ", ".join(parts[:-1]), "last": parts[-1]}

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


# The language's "and" before the last of a list of names: an engine catalog entry of its own
# (context "list of names"), kept in the catalogs by hand as extraction finds only sentence(),
# plural() and word() calls (tests/app/test_sentences.py checks every catalog has it).
LAST_TWO_CONTEXT, LAST_TWO = "list of names", "%(rest)s, %(last)s"


def names(parts) -> Sentence:
    """Players' names as a list in the page's language (:class:`Listed`); a comma list in English."""
    return Listed(list(parts))
