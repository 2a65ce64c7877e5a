"""Rule 15.1 (the conquest roll, joint conquest) and 15.2 (ceded provinces)."""
import random

from companion.scorers.conquest.aftermath import GIFT, after_conquest
from companion.scorers.conquest.nations import CAPITALS, MODIFIERS, known, nation_name, number, signed
from companion.scorers.rules import RuleError
from companion.scorers.sentence import join, plural, sentence, word

TARGET = 6  # CONQ-ROLL-2: the modified roll must be 6 or more


def die(value, rng: random.Random | None, rule: str) -> tuple[int, bool]:
    """A die entered at the table (1 to 6) or, when ``value`` is None, rolled with ``rng``:
    ``(die, rolled)``."""
    if value is None:
        if rng is None:
            raise RuleError(sentence("enter the die or roll it"), rule)
        return rng.randint(1, 6), True
    return number(value, word("field", "die"), 1, 6, rule), False


def conquest(nation: str, key_areas: int, lost: int, capitals: int, die_value=None,
             rng: random.Random | None = None, controller: str | None = None, minor: bool = False) -> dict:
    """Is ``nation`` conquered? ``key_areas`` is the number the loss counts from (the original
    number, or what it held at its last conquest or surrender), ``lost`` how many of them it has
    lost, ``capitals`` how many of its capitals the enemy controls, ``die_value`` the conquest die
    (None: rolled with ``rng`` when a roll is needed), ``controller`` the nation controlling the
    capital, ``minor`` whether it is a minor (replaceable) country.

    CONQ-ROLL-1: all key areas lost: conquered, no roll. CONQ-ROLL-2: else the capital must be
    enemy-controlled and the modified roll 6 or more. CONQ-ROLL-3: +1 per key area lost.
    CONQ-ROLL-4: the nation's modifier. CONQ-ROLL-5: Russia needs both capitals.
    CONQ-JOINT-1: the nation controlling the capital is the conqueror.
    Once conquered, ``next`` is the checklist of what follows (aftermath.after_conquest).
    Answers ``{"conquered", "by", "die", "rolled", "modifier", "total", "conqueror", "log", "next"}``.
    """
    known(nation, "CONQ-ROLL-4")
    key_areas = number(key_areas, word("field", "key areas"), 1, 99, "CONQ-ROLL-3")
    lost = number(lost, word("field", "key areas lost"), 0, key_areas, "CONQ-ROLL-3")
    needed = CAPITALS.get(nation, 1)
    capitals = number(capitals, word("field", "capitals controlled by the enemy"), 0, needed,
                      "CONQ-ROLL-5" if nation == "russia" else "CONQ-ROLL-2")
    if controller is not None:
        known(controller, "CONQ-JOINT-1")
        if controller == nation:
            raise RuleError(sentence("a nation does not conquer itself: name the enemy controlling "
                                     "the capital"), "CONQ-JOINT-1")
    name = nation_name(nation)
    answer = {"conquered": False, "by": None, "die": None, "rolled": False,
              "modifier": MODIFIERS[nation], "total": None, "conqueror": None, "log": [],
              "next": []}
    log = answer["log"]
    if lost == key_areas:
        answer.update(conquered=True, by="key areas")
        log.append(plural("%(nation)s has lost its %(n)s key area, all it had: conquered without a roll (CONQ-ROLL-1)",
                          "%(nation)s has lost all %(n)s of its key areas: conquered without a roll "
                          "(CONQ-ROLL-1)", key_areas, nation=name))
    elif capitals < needed and nation == "russia":
        log.append(sentence("Russia: the enemy controls %(n)s of its 2 capitals; conquering Russia "
                            "needs both: no conquest roll, not conquered (CONQ-ROLL-5)", n=capitals))
    elif capitals < needed:
        log.append(sentence("%(nation)s: its capital is not controlled by the enemy: no conquest roll, "
                            "not conquered (CONQ-ROLL-2)", nation=name))
    else:
        roll(answer, name, lost, *die(die_value, rng, "CONQ-ROLL-2"))
        if nation == "russia":
            log.insert(0, sentence("Russia: the enemy controls both capitals (CONQ-ROLL-5)"))
    if answer["conquered"]:
        answer["conqueror"] = controller
        log.append(sentence("%(by)s controls the capital: it is the conqueror, even when others met the "
                            "conditions with it (CONQ-JOINT-1)", by=nation_name(controller))
                   if controller else
                   sentence("If several nations met the conditions together, only the one controlling "
                            "the capital is the conqueror (CONQ-JOINT-1)"))
        answer["next"] = after_conquest(nation, minor)
    return answer


def roll(answer: dict, name, lost: int, value: int, rolled: bool) -> None:
    """CONQ-ROLL-2..4: the die, +1 per key area lost, the nation's modifier; 6 or more conquers."""
    total = value + lost + answer["modifier"]
    answer.update(die=value, rolled=rolled, total=total, conquered=total >= TARGET,
                  by="roll" if total >= TARGET else None)
    said = dict(nation=name, die=value, lost=lost, mod=signed(answer["modifier"]), total=total)
    if rolled:
        answer["log"].append(sentence("The die is rolled on screen: %(die)s", die=value))
    answer["log"].append(
        sentence("Conquest roll of %(nation)s: die %(die)s + %(lost)s for key areas lost (CONQ-ROLL-3) "
                 "%(mod)s for the nation (CONQ-ROLL-4) = %(total)s; 6 or more: conquered (CONQ-ROLL-2)",
                 **said) if total >= TARGET else
        sentence("Conquest roll of %(nation)s: die %(die)s + %(lost)s for key areas lost (CONQ-ROLL-3) "
                 "%(mod)s for the nation (CONQ-ROLL-4) = %(total)s; below 6: not conquered (CONQ-ROLL-2)",
                 **said))


def cede(die_value=None, rng: random.Random | None = None, provinces: int | None = None) -> dict:
    """Rule 15.2: the conqueror (and its allies) removes its flags in the victim's home provinces
    and rolls a die: that many provinces pass to it (CONQ-CEDE-1); the conqueror chooses first,
    then the victim, in turn (CONQ-CEDE-2); the capital is never ceded (CONQ-CEDE-3); the conqueror
    may give a ceded province to a power of its camp that agrees (CONQ-CEDE-4).
    ``provinces`` (optional) counts the victim's home provinces other than its capital: when fewer
    than the die, all of them pass. Answers ``{"die", "rolled", "ceded", "picks", "log"}``,
    ``picks`` being "conqueror" or "victim" for each province in the order they choose."""
    value, rolled = die(die_value, rng, "CONQ-CEDE-1")
    log = [sentence("The die is rolled on screen: %(die)s", die=value)] if rolled else []
    log.append(plural("The conqueror removes its and its allies' flags from the victim's home (not "
                      "shared) provinces; the die says %(n)s: %(n)s province passes (CONQ-CEDE-1)",
                      "The conqueror removes its and its allies' flags from the victim's home (not "
                      "shared) provinces; the die says %(n)s: %(n)s provinces pass (CONQ-CEDE-1)", value))
    ceded = value
    if provinces is not None:
        provinces = number(provinces, word("field", "provinces besides the capital"), 0, 99, "CONQ-CEDE-3")
        if provinces == 0:
            ceded = 0
            log.append(sentence("The victim has no home province besides its capital: none passes "
                                "(CONQ-CEDE-3)"))
        elif provinces < value:
            ceded = provinces
            log.append(plural("The victim has only %(n)s home province besides its capital: it passes "
                              "(CONQ-CEDE-3)", "The victim has only %(n)s home provinces besides its "
                              "capital: all of them pass (CONQ-CEDE-3)", provinces))
    picks = ["conqueror" if i % 2 == 0 else "victim" for i in range(ceded)]
    if picks:
        sides = {"conqueror": word("side", "conqueror"), "victim": word("side", "victim")}
        order = join(", ", [sentence("%(k)s %(who)s", k=k, who=sides[who])
                            for k, who in enumerate(picks, 1)])
        log.append(sentence("They choose in turn, the conqueror first, and the conqueror places a flag "
                            "in each: %(order)s (CONQ-CEDE-2)", order=order))
    log += [GIFT, sentence("The capital is never ceded (CONQ-CEDE-3)")]
    return {"die": value, "rolled": rolled, "ceded": ceded, "picks": picks, "log": log}
