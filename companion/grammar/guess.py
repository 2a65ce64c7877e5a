"""A new player's form of address guessed from the name: only a guess, which the player changes
in one tap on the seat picker or the Room page.

Cyrillic names are read by pymorphy3's Russian dictionary (a first name's ``Name`` tag carries
its gender; «Саша», «Женя» are both and stay unsaid); names in Latin letters by gender-guesser,
which knows first names by country, so that the table's language decides «Andrea» (a man in
Italy, a woman in Germany). A name neither knows, or knows as both, is not guessed.
"""
import re
import threading

from companion.grammar import russian

COUNTRIES = {"it": "italy", "de": "germany", "fr": "france", "en": "great_britain"}
ANSWERS = {"female": "f", "mostly_female": "f", "male": "m", "mostly_male": "m"}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_detector = None
_lock = threading.Lock()


def guess(name: str, language: str) -> str | None:
    """``"f"``, ``"m"`` or None (not known, or both) for the first word of ``name``."""
    first = (name or "").split()[0] if (name or "").split() else ""
    if not first:
        return None
    if CYRILLIC.search(first):
        return russian.name_gender(first)
    return ANSWERS.get(detector().get_gender(first.strip(".-'"), COUNTRIES.get(language)))


def detector():
    """gender-guesser's detector: its list of names is read once per process (about half a
    second), when the first table is made."""
    global _detector
    with _lock:
        if _detector is None:
            import gender_guesser.detector
            _detector = gender_guesser.detector.Detector(case_sensitive=False)
    return _detector
