"""The VOTE! night (VOTE-SETUP-3) as data: the lines the companion speaks, the silences between them.

Four steps: everyone closes their eyes; the Republicans open theirs and look at each other (the
eyes-open step, shown with a countdown); the Republicans close their eyes; everyone opens their eyes
and says now if something went wrong. The player count changes the words: the first line tells the
table the loyalty split (VOTE-SETUP-1) and the second tells the Republicans how many they are.
Silent waits get a random padding drawn from the seeded generator, so the length of a pause tells
nobody anything.
"""
import math
import random
from dataclasses import dataclass

from companion.scorers.vote.setup import loyalty_split

LANGUAGES = ("en", "ru", "it", "fr", "de")
WORDS_PER_SECOND = 2.5  # a moderator reading aloud, calmly

_EN_COUNT = {2: "two", 3: "three", 4: "four"}
_RU_COUNT = {2: "двое", 3: "трое", 4: "четверо"}
_IT_COUNT = {2: "due", 3: "tre", 4: "quattro"}
_FR_COUNT = {2: "deux", 3: "trois", 4: "quatre"}
_DE_COUNT = {2: "zwei", 3: "drei", 4: "vier"}


def _ru_plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def _texts(players: int) -> dict:
    """The four lines in each language, for this many players."""
    split = loyalty_split(players)
    dem, rep = split["democrats"], split["republicans"]
    ru_dem = _ru_plural(dem, "демократ", "демократа", "демократов")
    ru_rep = _ru_plural(rep, "республиканец", "республиканца", "республиканцев")
    return {
        "everyone_close": {
            "en": f"There are {players} of us: {dem} Democrats and {rep} Republicans. "
                  "Everyone, close your eyes.",
            "ru": f"Нас {players}: {dem} {ru_dem} и {rep} {ru_rep}. Все закрывают глаза.",
            "it": f"Siamo in {players}: {dem} democratici e {rep} repubblicani. "
                  "Chiudete tutti gli occhi.",
            "fr": f"Nous sommes {players} : {dem} démocrates et {rep} républicains. "
                  "Tout le monde ferme les yeux.",
            "de": f"Wir sind {players}: {dem} Demokraten und {rep} Republikaner. "
                  "Alle schließen die Augen.",
        },
        "republicans_open": {
            "en": f"Republicans, open your eyes and look at each other. There are {_EN_COUNT[rep]} of you.",
            "ru": f"Республиканцы открывают глаза и запоминают друг друга. Вас {_RU_COUNT[rep]}.",
            "it": f"Repubblicani, aprite gli occhi e guardatevi. Siete in {_IT_COUNT[rep]}.",
            "fr": f"Républicains, ouvrez les yeux et regardez-vous. Vous êtes {_FR_COUNT[rep]}.",
            "de": f"Republikaner, öffnet die Augen und seht euch an. Ihr seid {_DE_COUNT[rep]}.",
        },
        "republicans_close": {
            "en": "Republicans, close your eyes.",
            "ru": "Республиканцы закрывают глаза.",
            "it": "Repubblicani, chiudete gli occhi.",
            "fr": "Républicains, fermez les yeux.",
            "de": "Republikaner, schließt die Augen.",
        },
        "everyone_open": {
            "en": "Everyone, open your eyes. If something went wrong, say so now.",
            "ru": "Все открывают глаза. Если что-то пошло не так, сейчас самое время об этом сказать.",
            "it": "Aprite tutti gli occhi. Se qualcosa è andato storto, ditelo adesso.",
            "fr": "Tout le monde ouvre les yeux. Si quelque chose s'est mal passé, dites-le maintenant.",
            "de": "Alle öffnen die Augen. Wenn etwas schiefgegangen ist, sagt es jetzt.",
        },
    }


# name: (lowest, highest) in seconds (pace: a factor). Not the rulebook's, which leaves durations to
# the table (VOTE-SETUP-3): wide enough for any table, narrow enough that a typo cannot start a night
# of hours. The command line and the night's page both take them from here.
LIMITS = {"pace": (0.1, 5.0), "eyes_open": (0.0, 300.0), "pause": (0.0, 60.0), "padding": (0.0, 60.0)}


@dataclass(frozen=True)
class NightSettings:
    """Durations in seconds. ``pace`` scales every duration; ``padding`` is the most random silence
    added to each silent wait (not to the countdown)."""
    eyes_open: float = 10
    pause: float = 3
    pace: float = 1.0
    padding: float = 0

    def check(self) -> None:
        """ValueError unless every setting is within its :data:`LIMITS`."""
        for name, (low, high) in LIMITS.items():
            if not low <= getattr(self, name) <= high:
                raise ValueError(f"{name} must be between {low:g} and {high:g}")


@dataclass(frozen=True)
class Step:
    """One line of the night: what to say, and whether the countdown runs after it."""
    key: str
    text: dict
    countdown: bool


def night_script(players: int) -> list[Step]:
    """VOTE-SETUP-3: the four steps, with their text in English, Russian, Italian, French and German."""
    texts = _texts(players)
    return [Step(key, text, key == "republicans_open") for key, text in texts.items()]


def speaking_time(text: str) -> float:
    """Seconds to read a line aloud, rounded up to half a second."""
    return math.ceil(len(text.split()) / WORDS_PER_SECOND * 2) / 2


def timed_script(players: int, lang: str = "en", settings: NightSettings = NightSettings(),
                 rng: random.Random | None = None) -> list[dict]:
    """VOTE-SETUP-3: each step with its start second, duration and text.

    A step lasts while its line is spoken and then the wait after it: the eyes-open duration for the
    countdown step, otherwise the pause plus a padding of 0..``settings.padding`` seconds drawn from
    ``rng`` (seeded by the caller).
    """
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    settings.check()
    rng = rng or random.Random(0)
    timed, start = [], 0.0
    for step in night_script(players):
        text = step.text[lang]
        speak = speaking_time(text) * settings.pace
        if step.countdown:
            wait = settings.eyes_open * settings.pace
        else:
            wait = settings.pause * settings.pace + rng.uniform(0, settings.padding)
        wait = round(wait, 1)
        timed.append({"key": step.key, "start": start, "speak": round(speak, 1),
                      "wait": wait, "duration": round(round(speak, 1) + wait, 1),
                      "countdown": step.countdown, "text": text})
        start = round(start + timed[-1]["duration"], 1)
    return timed
