"""The proof-reader: every message of every language rendered with a woman's, a man's and a
not-said player's name (and, in Russian, a name the dictionary does not know), then read for what a
player must never see (docs/grammar.md): a rule id, the machinery's words, an internal key, English
punctuation in French. A fixed list of sentences written by hand checks the declined forms."""
import gettext
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.support import Translations
from click.testing import CliRunner

from companion.cli import main
from companion.grammar import speaker
from companion.i18n import RULE_IDS
from companion.scorers.sentence import names, render, sentence, word

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"
PEOPLE = {"ru": [("Аня", "f"), ("Дмитрий", "m"), ("Саша", ""), ("Zed", "")],
          "it": [("Elena", "f"), ("Marco", "m"), ("Andrea", "")],
          "fr": [("Amélie", "f"), ("Denis", "m"), ("Camille", "")],
          "de": [("Carla", "f"), ("Dieter", "m"), ("Kim", "")],
          "en": [("Ann", "f"), ("Bob", "m"), ("Sam", "")]}
PLACEHOLDER = re.compile(r"%\((\w+)(?:@\w+)?\)([sdr])")
MACHINE = re.compile(r"движ[оу]к|motore|moteur|Regelmaschine|\bengine\b|компаньон", re.I)
INTERNAL = re.compile(r"\b(?!fleur_de_lis\b|government_tie\b)[a-z]+_[a-z_]+\b|\bexpositions\.|#\d")
# A refusal of a file (a scenario, a board profile) names the file's own field, as docs/formats.md
# spells it, so that its writer finds it: fleur_de_lis, options.government_tie.
COUNTS = (1, 2, 5, 21)


def entries(lang: str, domain: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as file:
        for message in read_po(file):
            if message.id:
                forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
                yield (message.id[0] if isinstance(message.id, tuple) else message.id), forms


def readings(lang: str, text: str):
    """``text`` filled in for each sample player, and each count."""
    grammar = speaker(lang, dict(PEOPLE[lang]))
    keys = dict(PLACEHOLDER.findall(text))
    for name, _gender in PEOPLE[lang] if keys else [("", "")]:
        for count in COUNTS if any(t == "d" or k in ("n", "num") for k, t in keys.items()) else (3,):
            params = {k: count if t == "d" or k in ("n", "num") else name for k, t in keys.items()}
            yield render(text, params, grammar, gettext.NullTranslations())


@pytest.mark.parametrize("lang", ["ru", "it", "fr", "de"])
@pytest.mark.parametrize("domain", ["messages", "engine"])
def test_every_message_reads_without_machinery_for_anybody(lang, domain):
    wrong = []
    for msgid, forms in entries(lang, domain):
        for form in forms:
            for text in readings(lang, form):
                shown = RULE_IDS.sub("", text)  # what a page shows with the rule ids hidden
                if MACHINE.search(shown) or INTERNAL.search(PLACEHOLDER.sub("", shown)):
                    wrong.append((msgid, text))
                if re.search(r"\b[A-Z]{2,5}-[A-Z]{2,6}-\d+\b", shown):
                    wrong.append((msgid, "rule id left: " + text))
    assert wrong == []


@pytest.mark.parametrize("domain", ["messages", "engine"])
def test_french_puts_a_non_breaking_space_before_the_high_punctuation(domain):
    wrong = []
    for msgid, forms in entries("fr", domain):
        for form in forms:
            text = re.sub(r"https?://\S+|\d:\d|%\([^)]*\)[sdr]|\{\w+\?|[fm]:|pl:|nom:", "", form)
            for match in re.finditer(r"(.)([:;?!])", text):
                if match.group(1) not in "\u00a0\u202f" and match.group(2) + "" and not (
                        match.group(2) == ":" and match.group(1) in "|"):
                    wrong.append((msgid, form))
                    break
    assert wrong == []


def test_the_english_words_agree_with_the_player_too():
    grammar = speaker("en", {"Ann": "f", "Bob": "m"})
    text = "%(p)s reveals {p?f:her|m:his|their} loyalty card."
    assert [render(text, {"p": p}, grammar) for p in ("Ann", "Bob", "Sam")] == [
        "Ann reveals her loyalty card.", "Bob reveals his loyalty card.", "Sam reveals their loyalty card."]


def engine(lang: str):
    return Translations.load(str(TRANSLATIONS), [lang], domain="engine")


RUSSIAN = {"Аня": "f", "Ольга": "f", "Дмитрий": "m"}


@pytest.mark.parametrize("said, expected", [
    (sentence("President %(president)s nominates %(player)s for Prime Minister (VOTE-GOV-2)",
              president="Дмитрий", player="Аня"), "Аню"),
    (sentence("%(player)s eliminates %(target)s (VOTE-ABL-4)", player="Аня", target="Ольга"),
     "Ольгу|Ольга выбыла"),
])
def test_russian_names_take_the_case_the_sentence_needs(said, expected):
    text = said.translate(engine("ru"), speaker("ru", RUSSIAN))
    assert re.search(expected, text), text
    assert "номинирует Аня" not in text and "выдвигает Аня" not in text


def test_companion_vote_replay_in_russian_declines_the_nominated_and_the_eliminated():
    scenario = {"players": [{"name": "Аня", "budget": 4, "support": 6, "gender": "f"},
                            {"name": "Дмитрий", "budget": 3, "support": 3, "gender": "m"},
                            {"name": "Ольга", "budget": 5, "support": 5, "gender": "f"},
                            {"name": "Вера", "budget": 6, "support": 2, "gender": "f"},
                            {"name": "Глеб", "budget": 2, "support": 7, "gender": "m"}],
                "events": [{"type": "nominate", "candidate": "Аня"},
                           {"type": "eliminate", "player": "Ольга"}]}
    result = CliRunner().invoke(main, ["vote", "replay", "-", "--lang", "ru"], input=json.dumps(scenario))
    assert result.exit_code == 0, result.output
    log = "\n".join(json.loads(result.output)["log"])
    assert "Аню" in log and ("Ольгу" in log or "Ольга выбыла" in log), log
    assert "номинирует Аня" not in log and "выдвигает Аня" not in log
