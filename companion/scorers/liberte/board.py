"""The board profile (docs/rules/liberte-board.md): what the printed board says and the rulebook does not.

Nobody has published which provinces carry a fleur-de-lis or VPs, so the companion never invents
them: a profile lists what the table read off its own board. The default knows only the rulebook's
facts: 1 Normandie, 8 Île de France (Paris) and the battle of Valmy's 4 VP in turn 2.
"""
from dataclasses import dataclass, field

from companion.scorers.liberte.checks import expect, whole_number
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence, word

PROVINCES = tuple(range(1, 28))
"""27 provinces, resolved in number order (LIB-ELEC-1)."""
PARIS = 8
BATTLE_TURNS = (2, 3, 4)
FLEUR_DE_LIS_IN_REVIEWS, VP_PROVINCES_IN_REVIEWS = 14, 4
"""The counts public reviews give; shown as hints, never enforced (docs/rules/liberte-board.md)."""


@dataclass(frozen=True)
class Province:
    number: int
    name: str | None = None
    fleur_de_lis: bool = False
    vp: int = 0
    paris: bool = False
    region: str | None = None  # the printed board's region, if the profile names it (6 regions)

    @property
    def label(self) -> str:
        """``8 Île de France``, or just the number for a province the profile does not name."""
        return f"{self.number} {self.name}" if self.name else str(self.number)


@dataclass(frozen=True)
class BoardProfile:
    name: str
    provinces: dict = field(default_factory=dict)  # number -> Province, all 27
    battle_vp: dict = field(default_factory=dict)  # turn -> VPs or None (not yet read off the board)
    bgg_id: int | None = None  # the edition's BoardGameGeek id, when the host gives it (a play's log)

    @property
    def paris(self) -> int:
        return next(n for n, p in self.provinces.items() if p.paris)

    @property
    def fleur_de_lis(self) -> list:
        """The counter-revolution provinces (LIB-CR-1); empty until the table marks them."""
        return [n for n, p in self.provinces.items() if p.fleur_de_lis]

    def as_json(self) -> dict:
        provinces = {}
        for number, province in self.provinces.items():
            entry = {"name": province.name, "fleur_de_lis": province.fleur_de_lis or None,
                     "vp": province.vp or None, "paris": province.paris or None,
                     "region": province.region}
            entry = {key: value for key, value in entry.items() if value is not None}
            if entry:
                provinces[str(number)] = entry
        found = {"name": self.name, "provinces": provinces,
                 "battle_vp": {str(turn): vp for turn, vp in self.battle_vp.items()}}
        if self.bgg_id:
            found["bgg_id"] = self.bgg_id
        return found


def province_number(key, where: str) -> int:
    """A province key as the formats give it ("1".."27"); anything else is refused (LIB-ELEC-1)."""
    text = str(key)
    if not text.isdigit() or int(text) not in PROVINCES:
        raise RuleError(sentence("%(where)s: unknown province %(key)r; provinces are numbered 1 to 27",
                                 where=where, key=key), "LIB-ELEC-1")
    return int(text)


def read_profile(data) -> BoardProfile:
    """Validate a board profile in the form of docs/rules/liberte-board.md; raises RuleError."""
    expect(isinstance(data, dict), sentence("map: a board profile must be a JSON object"), "LIB-ELEC-1")
    provinces = data.get("provinces") or {}
    expect(isinstance(provinces, dict), sentence("map.provinces must map province numbers to objects"),
           "LIB-ELEC-1")
    read = {number: Province(number, DEFAULT_NAMES.get(number)) for number in PROVINCES}
    for key, entry in provinces.items():
        number = province_number(key, word("field", "map.provinces"))
        read[number] = _read_province(number, entry)
    paris = [n for n, p in read.items() if p.paris]
    expect(len(paris) <= 1, sentence("map: provinces %(paris)s are all marked Paris; there is one", paris=str(paris)),
           "LIB-ELEC-6")
    if not paris:
        read[PARIS] = _with(read[PARIS], paris=True)
    bgg_id = data.get("bgg_id")
    if bgg_id is not None:
        bgg_id = whole_number(bgg_id, word("field", "map.bgg_id"), "docs/rules/liberte-board.md",
                              1, 10 ** 7)
    return BoardProfile(str(data.get("name") or "Liberté"), read, _read_battle_vp(data.get("battle_vp")),
                        bgg_id)


def _read_province(number, entry) -> Province:
    where = sentence("map province %(number)s", number=number)
    expect(isinstance(entry, dict), sentence("%(where)s: must be an object", where=where), "LIB-ELEC-1")
    name = entry.get("name") or DEFAULT_NAMES.get(number)
    expect(name is None or isinstance(name, str), sentence("%(where)s: name must be text", where=where), "LIB-ELEC-1")
    fleur = entry.get("fleur_de_lis", False)
    expect(isinstance(fleur, bool), sentence("%(where)s: fleur_de_lis must be true or false", where=where), "LIB-CR-1")
    vp = whole_number(entry.get("vp") or 0, sentence("%(where)s: vp", where=where), "LIB-ELEC-8", 0, 2)
    paris = entry.get("paris", False)
    expect(isinstance(paris, bool), sentence("%(where)s: paris must be true or false", where=where), "LIB-ELEC-6")
    region = entry.get("region") or None
    expect(region is None or isinstance(region, str), sentence("%(where)s: region must be text", where=where),
           "LIB-ELEC-1")
    if region:
        region = region.strip()[:40] or None
    return Province(number, name, fleur, vp, paris, region)


def _read_battle_vp(data) -> dict:
    battle_vp = {turn: None for turn in BATTLE_TURNS}
    if data is None:
        return battle_vp
    expect(isinstance(data, dict), sentence("map.battle_vp must map turns 2-4 to VPs"), "LIB-BAT-1")
    for key, vp in data.items():
        turn = int(key) if str(key).isdigit() else None
        expect(turn in BATTLE_TURNS, sentence("map.battle_vp: no battle in turn %(key)r; battles are in turns 2-4",
                                              key=key), "LIB-BAT-1")
        where = sentence("map.battle_vp[%(turn)s]", turn=turn)
        battle_vp[turn] = None if vp is None else whole_number(vp, where, "LIB-BAT-1", 0, 20)
    return battle_vp


def _with(province: Province, **changes) -> Province:
    return Province(**{**province.__dict__, **changes})


DEFAULT_NAMES = {1: "Normandie", 8: "Île de France"}
DEFAULT_PROFILE = read_profile({
    "name": "Liberté (the rulebook's facts only)",
    "provinces": {"1": {"name": "Normandie"}, "8": {"name": "Île de France", "paris": True}},
    "battle_vp": {"2": 4, "3": None, "4": None},
})
