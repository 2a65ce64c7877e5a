"""Sentences (companion.scorers.sentence): English strings that a page can say again in its language."""
import copy
import gettext
import json
import pickle
from pathlib import Path

from companion.scorers.liberte import resolve_json
from companion.scorers.sentence import Sentence, join, plural, sentence, word
from companion.scorers.vote import replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class Catalog:
    """A gettext-like catalog from a dict: msgid (or (context, msgid)) -> text or plural forms."""

    def __init__(self, texts):
        self.texts = texts

    def gettext(self, msgid):
        return self.texts.get(msgid, msgid)

    def pgettext(self, context, msgid):
        return self.texts.get((context, msgid), msgid)

    def ngettext(self, singular, plural_, n):
        forms = self.texts.get(singular)
        return forms[0 if n == 1 else 1] if forms else (singular if n == 1 else plural_)

    def npgettext(self, context, singular, plural_, n):
        return self.ngettext(singular, plural_, n)


RED = word("faction", "red")
ITALIAN = Catalog({
    "%(player)s takes %(votes)s (%(rule)s)": "%(player)s prende %(votes)s (%(rule)s)",
    "%(n)s %(faction)s vote": ("%(n)s voto %(faction)s", "%(n)s voti %(faction)s"),
    ("faction", "red"): "dei Radicali",
    "nobody": "nessuno",
})


def takes(n):
    votes = plural("%(n)s %(faction)s vote", "%(n)s %(faction)s votes", n, faction=RED)
    return sentence("%(player)s takes %(votes)s (%(rule)s)", player="Christie", votes=votes, rule="LIB-ELEC-3")


def test_a_sentence_is_its_english_text_for_json_equality_and_hashing():
    said = takes(3)
    assert said == "Christie takes 3 red votes (LIB-ELEC-3)" and isinstance(said, str)
    assert takes(1) == "Christie takes 1 red vote (LIB-ELEC-3)"
    assert json.dumps({"log": [said]}) == json.dumps({"log": ["Christie takes 3 red votes (LIB-ELEC-3)"]})
    assert {said: 1}["Christie takes 3 red votes (LIB-ELEC-3)"] == 1
    assert said.template == "%(player)s takes %(votes)s (%(rule)s)" and said.params["player"] == "Christie"


def test_translation_is_recursive_and_leaves_names_and_rule_ids_alone():
    assert takes(3).translate(ITALIAN) == "Christie prende 3 voti dei Radicali (LIB-ELEC-3)"
    assert takes(1).translate(ITALIAN) == "Christie prende 1 voto dei Radicali (LIB-ELEC-3)"
    both = join("; ", [takes(1), sentence("nobody"), "Max"])
    assert both == "Christie takes 1 red vote (LIB-ELEC-3); nobody; Max"
    assert both.translate(ITALIAN) == "Christie prende 1 voto dei Radicali (LIB-ELEC-3); nessuno; Max"


def test_a_catalog_without_the_sentence_gives_the_english_back():
    said = join("; ", [takes(2), sentence("%(who)s scores %(vp)s VP", who="Max", vp=5)])
    assert said.translate(gettext.NullTranslations()) == said


def test_copies_and_pickles_keep_the_template():
    said = takes(2)
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said)),
                  pickle.loads(pickle.dumps(join(", ", [said]))).params["parts"][0]):
        assert again == said and isinstance(again, Sentence)
        assert again.translate(ITALIAN) == "Christie prende 2 voti dei Radicali (LIB-ELEC-3)"


def test_every_engine_line_said_again_in_english_is_the_same_line():
    """The CLI and the API print ``str``; a page in English prints ``translate``: they must agree."""
    lines = []
    for name in ("liberte-turn3.json", "liberte-dense.json"):
        lines += resolve_json(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))["log"]
    lines += replay(json.loads((EXAMPLES / "vote-game.json").read_text(encoding="utf-8")))["log"]
    assert len(lines) > 60 and all(isinstance(line, Sentence) for line in lines)
    assert [line.translate(gettext.NullTranslations()) for line in lines] == lines
