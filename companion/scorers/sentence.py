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

A translation may ask for more than English needs (docs/grammar.md): a parameter in a case,
``%(player@acc)s``, and a choice by a parameter's form of address or gender,
``{player?f:…|m:…|…}`` (``f``, ``m``, ``n``, ``pl``, ``nom`` for a name that stays in the
nominative, and the last variant, without a key, for everyone else). :func:`render` does both with a
:class:`Grammar`, which the page or the command line gives: this module only parses, it knows no
language.
"""
import re

class Sentence(str):
    """English text that remembers its template, parameters and (optional) plural and context."""

    template: str
    params: dict
    plural: str | None
    context: str | None

    def __new__(cls, template: str, params: dict, plural: str | None = None,
                context: str | None = None):
        english = plural if plural is not None and params.get("n") != 1 else template
        self = super().__new__(cls, render(english, params) if "{" in english else english % params)
        self.template, self.params, self.plural, self.context = template, params, plural, context
        return self

    def translate(self, catalog, grammar: "Grammar | None" = None) -> str:
        """This sentence through ``catalog``, in the words ``grammar`` gives its parameters (cases,
        agreement); the English text when the catalog lacks it."""
        if self.plural is not None and self.context is not None:
            text = catalog.npgettext(self.context, self.template, self.plural, self.params["n"])
        elif self.plural is not None:
            text = catalog.ngettext(self.template, self.plural, self.params["n"])
        elif self.context is not None:
            text = catalog.pgettext(self.context, self.template)
        else:
            text = catalog.gettext(self.template)
        return render(text, self.params, grammar or PLAIN, catalog)

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

    def translate(self, catalog, grammar: "Grammar | None" = None, case: str = "") -> str:
        return self.template.join(said(part, catalog, grammar or PLAIN, case)
                                  for part in self.params["parts"])

    def __reduce__(self):
        return type(self), (self.template, self.params["parts"])


class Listed(Joined):
    """Names (or Sentences) joined by the catalog's language: the last two by the catalog's
    ``LAST_TWO`` («Вера и Глеб», «Anna e Ugo», «Inès, Olivier et Ida», «Ida und Emil»), the others
    by commas. The English text (the JSON API, the CLI, a catalog without the entry) keeps the
    comma list. The catalog says it, not a library: the engines stay pure (tests/scorers/test_purity.py)."""

    def __new__(cls, parts: list):
        return super().__new__(cls, ", ", parts)

    def translate(self, catalog, grammar: "Grammar | None" = None, case: str = "") -> str:
        parts = [said(part, catalog, grammar or PLAIN, case) for part in self.params["parts"]]
        if len(parts) < 2:
            return "".join(parts)
        last_two = catalog.pgettext(LAST_TWO_CONTEXT, LAST_TWO)
        return last_two % {"rest": ", ".join(parts[:-1]), "last": parts[-1]}

    def __reduce__(self):
        return type(self), (self.params["parts"],)


def _rebuild(cls, template, params, plural, context):
    return cls(template, params, plural, context)


def translated(value, catalog, grammar: "Grammar | None" = None):
    """``value`` through ``catalog`` if it is a Sentence; anything else unchanged."""
    return value.translate(catalog, grammar) if isinstance(value, Sentence) else value


def said(value, catalog, grammar: "Grammar", case: str = ""):
    """A parameter as a sentence says it: a Sentence translated, a name as it is; in ``case``
    (``acc``, ``gen`` …) when the translation asks for one."""
    if isinstance(value, Joined) and catalog is not None:
        return value.translate(catalog, grammar, case)
    if isinstance(value, Sentence):
        text = value.translate(catalog, grammar) if catalog is not None else str(value)
    else:
        text = value
    if not case or not isinstance(text, str):
        return text
    return grammar.case(text, case, isinstance(value, Sentence))


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
# (context "list of names"; tests/app/test_sentences.py checks every catalog has it), written as a
# word() call so that the extraction keeps it in the catalogs.
LAST_TWO_CONTEXT, LAST_TWO = "list of names", "%(rest)s, %(last)s"


def _extracted() -> list:
    """The catalog entries the pages look up by themselves (never called: the extraction reads it)."""
    return [word("list of names", "%(rest)s, %(last)s")]


def names(parts) -> Sentence:
    """Players' names as a list in the page's language (:class:`Listed`); a comma list in English."""
    return Listed(list(parts))


class Grammar:
    """What :func:`render` asks of a language: a word in a case, a parameter's gender. This one
    knows only the players' forms of address (``genders``: name → ``"f"`` or ``"m"``) and no
    cases, which is all English, Italian, French and German need; the pages and the command
    line give a Russian one that declines (companion.grammar)."""

    def __init__(self, genders: dict | None = None):
        self.genders = dict(genders or {})

    def case(self, text: str, case: str, term: bool) -> str:
        """``text`` (a name, or a translated term when ``term``) in ``case``."""
        return text

    def declinable(self, name: str) -> bool:
        """Whether a name can be put in another case (the ``nom`` variant is for one that cannot)."""
        return True

    def gender(self, value, text: str) -> str | None:
        """``f``, ``m``, ``n`` or ``pl`` for a parameter (``text`` as translated), None when not known:
        a player's from the form of address, a list of two or more ``pl``."""
        if isinstance(value, Joined):
            parts = value.params["parts"]
            return "pl" if len(parts) > 1 else (self.gender(parts[0], str(parts[0])) if parts else None)
        if isinstance(value, Sentence):
            return self.term_gender(text)
        return self.genders.get(value) if isinstance(value, str) else None

    def term_gender(self, text: str) -> str | None:
        """The gender of a translated term (a faction, a card): unknown without morphology."""
        return None


PLAIN = Grammar()
SELECT = re.compile(r"\{(\w+)\?([^{}]*)\}")
KEYED = re.compile(r"^(f|m|n|pl|nom):")


def variants(text: str) -> list[tuple[str | None, str]]:
    """The variants of a choice's body ``f:…|m:…|…``: (key, text), the key None for the default."""
    found = []
    for part in text.split("|"):
        key = KEYED.match(part)
        found.append((key.group(1), part[key.end():]) if key else (None, part))
    return found


def choose(text: str, params: dict, grammar: Grammar, said_params: dict) -> str:
    """``text`` with each choice ``{name?…}`` replaced by the variant that fits the parameter
    ``name``: ``nom`` for a name that cannot be declined, then its gender, then the default."""
    def pick(match):
        name, options = match.group(1), variants(match.group(2))
        value = params.get(name)
        keys = []
        if isinstance(value, str) and not isinstance(value, Sentence) and not grammar.declinable(value):
            keys.append("nom")
        keys.append(grammar.gender(value, said_params.get(name, "")))
        for key in keys:
            for option, variant in options:
                if option is not None and option == key:
                    return variant
        defaults = [variant for option, variant in options if option is None]
        return defaults[-1] if defaults else options[-1][1]
    return SELECT.sub(pick, text)


class Params(dict):
    """The parameters of a sentence as its translation reads them: ``%(player)s`` as said,
    ``%(player@acc)s`` in a case."""

    def __init__(self, params: dict, grammar: Grammar, catalog=None):
        super().__init__((name, said(value, catalog, grammar)) for name, value in params.items())
        self.params, self.grammar, self.catalog = params, grammar, catalog

    def __missing__(self, key: str):
        name, _at, case = key.partition("@")
        if not case or name not in self.params:
            raise KeyError(key)
        return said(self.params[name], self.catalog, self.grammar, case)


def render(text: str, params: dict, grammar: Grammar = PLAIN, catalog=None) -> str:
    """A translated template filled in: its choices made, then its parameters put in, each in
    the case it asks for. Sentences among ``params`` are translated through ``catalog``."""
    found = Params(params, grammar, catalog)
    if "{" in text:  # a choice; the text keeps its type (a page's escaping Markup stays one)
        text = type(text)(choose(text, params, grammar, found))
    return text % found


def expansions(text: str) -> list[str]:
    """Every way a translation can read once its choices are made (for the catalogs' checks):
    each variant of each choice in turn."""
    match = SELECT.search(text)
    if match is None:
        return [text]
    return [found for _key, variant in variants(match.group(2))
            for found in expansions(text[:match.start()] + variant + text[match.end():])]
