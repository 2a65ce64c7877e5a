"""The commands' ``--lang``: an engine's answer with its sentences said in a language, as the pages
say them: the players' names in their cases, the words agreeing with their forms of address.

The JSON keeps its shape; only its sentences change language (each engine sentence is a
:class:`~companion.scorers.sentence.Sentence`, which knows its template). The rule ids stay, as
everywhere on the command line. The players' forms of address come from the scenario: a
``gender`` of a player object (``"f"``, ``"m"``, ``""``), or a ``genders`` object by name
(docs/formats.md); a player without one gets the guess a new table would make from the name.
"""
import os

import click
from babel.support import NullTranslations, Translations

from companion import grammar
from companion.i18n import LANGUAGES
from companion.scorers.sentence import Sentence

TRANSLATIONS = os.path.join(os.path.dirname(__file__), "translations")



def _remember(ctx, _param, value):
    ctx.meta["companion.lang"] = value
    return value


# A command's --lang, kept for the answer (scenario_file.answer, cli_answer.reply: :func:`chosen`)
LANG = click.option("--lang", type=click.Choice(list(LANGUAGES)), default="en", show_default=True,
                    expose_value=False, callback=_remember,
                    help="Language of the sentences (the log, the reasons, the refusals).")


def chosen() -> str:
    """The ``--lang`` of the command being run (English outside one)."""
    context = click.get_current_context(silent=True)
    return context.meta.get("companion.lang", "en") if context else "en"


def catalog(lang: str):
    """The engines' catalog of ``lang`` (English: none, the sentences are English already)."""
    if lang == "en":
        return NullTranslations()
    return Translations.load(TRANSLATIONS, [lang], domain="engine")


def genders(scenario, lang: str = "en") -> dict:
    """The players' forms of address, as a table made with them would have them: those the
    scenario gives (``genders`` by name, or a ``gender`` per player object; ``""``: not said),
    the others guessed from the name in ``lang`` (companion.grammar.guess). English guesses
    none: its answer stays the engines' own text unless the scenario says."""
    if not isinstance(scenario, dict):
        return {}
    setup = scenario.get("setup") if isinstance(scenario.get("setup"), dict) else {}
    given = scenario.get("genders") or setup.get("genders")
    found = {k: v for k, v in given.items() if isinstance(k, str)} if isinstance(given, dict) else {}
    players = []
    for player in scenario.get("players") or setup.get("players") or []:
        name = player.get("name") if isinstance(player, dict) else player
        if isinstance(name, str):
            players.append(name)
            if isinstance(player, dict) and "gender" in player:
                found[name] = player["gender"]
    if lang == "en":
        return {name: value for name, value in found.items() if value in grammar.GENDERS}
    return {name: value for name, value in grammar.genders_of(players, found, lang).items()
            if value in grammar.GENDERS}


class Speaker:
    """Says an answer's sentences in one language for one table's players."""

    def __init__(self, lang: str, scenario=None):
        self.lang = lang
        self.catalog = catalog(lang)
        self.grammar = grammar.speaker(lang, genders(scenario, lang))

    @property
    def needed(self) -> bool:
        """Whether anything changes: another language, or forms of address to agree with."""
        return self.lang != "en" or bool(self.grammar.genders)

    def refusal(self, err) -> str:
        """The one line a refused input prints after ``error:``, in the language."""
        return f"{self.say(err.message) if self.needed else err.message} ({err.rule})"

    def say(self, value):
        """``value`` (an answer: dicts, lists, sentences) with every sentence said again."""
        if isinstance(value, Sentence):
            return value.translate(self.catalog, self.grammar)
        if isinstance(value, dict):
            return {key: self.say(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.say(item) for item in value]
        return value
