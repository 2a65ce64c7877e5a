"""Russian: players' names and the rulebook's terms in the case a sentence needs, by pymorphy3.

A name is declined when the dictionary knows each of its words as a first name, a surname or a
patronymic in the nominative (``Name``, ``Surn``, ``Patr``): «Аня» → «Аню», «Дмитрий» →
«Дмитрия», «Анна Петрова» → «Анну Петрову». The player's form of address picks the reading
where the dictionary has two («Дина», «Саша»). Anything else (a nickname, Latin letters, a
number) stays in the nominative, and a translation may then say the sentence another way (its
``nom`` variant). A term is a noun phrase of the catalog («белая 1», «Секция Сражения»): its
adjectives and its first noun take the case, the rest («Сражения», a number) stays. A text that is
no player of the table (a card as a page names it) is read as a term.
"""
import re
import threading

from companion.scorers.sentence import Grammar
from companion.table.caches import LRU

CASES = {"nom": "nomn", "gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "loc": "loct"}
GENDERS = {"femn": "f", "masc": "m", "neut": "n"}
NAME_TAGS = ("Name", "Surn", "Patr")
WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_analyzer = None
_lock = threading.Lock()
_said = LRU(
    "russian words", 20_000,
    "the text (a name or a translated term), the case, the player's form of address and whether"
    " it is a term: everything the declined form depends on",
    "every sentence of a Russian page declines the names in it again; the dictionary look-up"
    " costs more than the rest of the sentence (docs/performance.md)")


def analyzer():
    """pymorphy3's analyzer with its Russian dictionary, loaded once per process."""
    global _analyzer
    with _lock:
        if _analyzer is None:
            import pymorphy3
            _analyzer = pymorphy3.MorphAnalyzer(lang="ru")
    return _analyzer


class Russian(Grammar):
    """Names and terms declined; a term's gender read from its first noun."""

    def case(self, text: str, case: str, term: bool) -> str:
        """A player's name as a name; anything else (a term, a card as a page names it) as a noun
        phrase."""
        if case not in CASES or case == "nom":
            return text
        term = term or text not in self.genders
        gender = None if term else self.genders.get(text)
        return _said.kept((text, case, gender, term),
                          lambda: (decline_term if term else decline_name)(text, CASES[case], gender)
                          or text)

    def declinable(self, name: str) -> bool:
        if name in self.genders:
            return decline_name(name, "gent", self.genders.get(name)) is not None
        return decline_term(name, "gent") is not None

    def term_gender(self, text: str) -> str | None:
        for word in WORD.findall(text):
            found = [p for p in analyzer().parse(word) if "nomn" in p.tag
                     and ("NOUN" in p.tag or "ADJF" in p.tag)]
            if found:
                return "pl" if "plur" in found[0].tag else GENDERS.get(found[0].tag.gender)
        return None


def name_readings(word: str, gender: str | None) -> list:
    """The dictionary's readings of ``word`` as a person's name in the nominative singular, those
    of the player's form of address first."""
    found = [p for p in analyzer().parse(word)
             if any(tag in p.tag for tag in NAME_TAGS) and "nomn" in p.tag and "sing" in p.tag]
    if gender:
        found.sort(key=lambda p: GENDERS.get(p.tag.gender, "") != gender)
    return found


def name_gender(word: str) -> str | None:
    """``"f"`` or ``"m"`` when the dictionary knows ``word`` as a first name of that gender only."""
    found = {p.tag.gender for p in analyzer().parse(word)
             if "Name" in p.tag and "nomn" in p.tag and "sing" in p.tag}
    return GENDERS.get(found.pop()) if len(found) == 1 else None


def decline_name(name: str, case: str, gender: str | None) -> str | None:
    """``name`` in ``case`` (pymorphy3's grammeme), or None when a word of it is no known name."""
    words = name.split()
    if not words or not all(WORD.fullmatch(word) for word in words):
        return None
    declined = []
    for word in words:
        readings = name_readings(word, gender)
        form = readings[0].inflect({case}) if readings else None
        if form is None:
            return None
        declined.append(like(word, form.word))
    return " ".join(declined)


def decline_term(text: str, case: str, gender: str | None = None) -> str | None:
    """A noun phrase in ``case``: its adjectives and its first noun; the words after that noun
    (a genitive, a number) unchanged. None when no noun or adjective leads it."""
    out, done, changed, head = [], False, False, _head(text)
    pieces = re.split(r"(\s+)", text)
    for number, piece in enumerate(pieces):
        last = not any(WORD.fullmatch(later) for later in pieces[number + 1:])
        readings = [] if done or not WORD.fullmatch(piece) else nominal(piece, last)
        if not readings:
            out.append(piece)
            done = done or (changed and bool(piece.strip()))
            continue
        reading = readings[0]
        wanted = {case}
        if head is not None and "NOUN" not in reading.tag:  # an adjective agrees with its noun
            wanted |= {head.tag.number} | ({head.tag.gender} if head.tag.number == "sing" else set())
            if case == "accs" and (head.tag.number == "plur" or head.tag.gender == "masc"):
                wanted.add(head.tag.animacy)
        form = reading.inflect({g for g in wanted if g}) or reading.inflect({case})
        out.append(like(piece, form.word) if form else piece)
        changed, done = True, "NOUN" in reading.tag
    return "".join(out) if changed else None


def _head(text: str):
    """The dictionary's reading of a phrase's first noun in the nominative (what its adjectives
    agree with), or None."""
    words = WORD.findall(text)
    for number, word in enumerate(words):
        readings = nominal(word, last=number == len(words) - 1)
        if readings and "NOUN" in readings[0].tag:
            return readings[0]
    return None


def nominal(word: str, last: bool) -> list:
    """The readings of ``word`` as a noun or an adjective in the nominative; an adjective first
    when a word follows («белые кубики»: the cubes, not the Whites)."""
    found = [p for p in analyzer().parse(word)
             if "nomn" in p.tag and ("ADJF" in p.tag or "NOUN" in p.tag or "PRTF" in p.tag)]
    if not last:
        found.sort(key=lambda p: "NOUN" in p.tag)
    return found


def like(original: str, form: str) -> str:
    """``form`` written as ``original`` is: capitalised, in capitals, or as it is (and with «ё»
    only where the original had it)."""
    if original.isupper() and len(original) > 1:
        form = form.upper()
    elif original[:1].isupper():
        form = "-".join(part[:1].upper() + part[1:] for part in form.split("-"))
    if "ё" not in original.lower():
        form = form.replace("ё", "е").replace("Ё", "Е")
    return form
