"""Reading the VOTE! forms into events; bad input is a RuleError naming the field and the rule.

The forms only read what was entered; whether it is allowed (who may be nominated, whether the
votes add up, who may receive a card) is the engine's decision when the event is applied.
"""
import random


from companion.forms import whole
from companion.i18n import gettext as _
from companion.scorers.rules import RuleError
from companion.scorers.vote.abilities import ABILITIES, TARGETED
from companion.scorers.vote.engine import PARTIES

MODIFIER = 10  # a card's modifier is read within −10..+10 (points are held in 0..10 anyway)


def dice(form, players: list[str], rng: random.Random) -> dict:
    """VOTE-SETUP-4: one player's two dice, entered, or rolled here when ``roll`` is sent."""
    name = form.get("player", "")
    if name not in players:
        raise RuleError(_("no player called %(name)s", name=name), "VOTE-SETUP-4")
    if form.get("roll"):
        return {"dice": {name: [rng.randint(1, 6), rng.randint(1, 6)]}, "rolled": True}
    rolls = [whole(form, "budget_die", _("budget die"), "VOTE-SETUP-4", 1, 6),
             whole(form, "support_die", _("support die"), "VOTE-SETUP-4", 1, 6)]
    return {"dice": {name: rolls}, "rolled": False}


def roll_missing(players: list[str], have: dict, rng: random.Random) -> dict:
    """VOTE-SETUP-4: the companion rolls two dice for everybody who has none yet."""
    missing = [name for name in players if name not in have]
    if not missing:
        raise RuleError(_("every player already has their dice"), "VOTE-SETUP-4")
    return {"dice": {name: [rng.randint(1, 6), rng.randint(1, 6)] for name in missing},
            "rolled": True}


def modifiers(form, prefix: str = "", rule: str = "VOTE-EVT-3", who: str = "") -> tuple[int, int]:
    """A card's two modifiers (budget, support); ``who`` names the player in a message."""
    labels = ((_("%(p)s's budget", p=who), _("%(p)s's support", p=who)) if who
              else (_("budget"), _("support")))
    return (whole(form, prefix + "budget", labels[0], rule, -MODIFIER, MODIFIER),
            whole(form, prefix + "support", labels[1], rule, -MODIFIER, MODIFIER))


def nominate(form, p):
    return {"type": "nominate", "candidate": form.get("candidate", "")}


def vote(form, p):
    """VOTE-GOV-3: a ballot per player (``ballot-<seat>`` yes/no), or the counts (``mode=counts``);
    ``double-<seat>`` ticks Double vote (VOTE-ABL-2)."""
    seats = p["players"]
    doubles = [name for i, name in enumerate(seats) if form.get(f"double-{i}")]
    if form.get("mode") == "counts":
        return {"type": "vote", "yes": whole(form, "yes", _("yes"), "VOTE-GOV-3", 0, 20),
                "no": whole(form, "no", _("no"), "VOTE-GOV-3", 0, 20), "double": doubles}
    ballots = {name: form.get(f"ballot-{i}") for i, name in enumerate(seats)}
    return {"type": "vote", "yes": [n for n, b in ballots.items() if b == "yes"],
            "no": [n for n, b in ballots.items() if b == "no"], "double": doubles}


def give(form, p):
    """VOTE-EVT-3, VOTE-EVT-4: the President's next card, an event card or an ability card.

    The giving step sends ``mods``, the cell tapped in the grid of modifiers ("budget,support",
    "ability", or "other" for the budget and support chosen in the sheet below it) and ``to``, the
    player's button; a table file's event comes as ``card`` with ``budget`` and ``support``."""
    mods, to = form.get("mods", ""), form.get("to", "")
    if form.get("card") == "ability" or mods == "ability":
        return {"type": "give", "to": to, "ability": True}
    if mods and mods != "other":
        budget, _comma, support = mods.partition(",")
        form = {"budget": budget, "support": support}
    elif not mods and form.get("card") != "event":
        raise RuleError(_("tap the card's modifiers first, then the player who gets it"), "VOTE-EVT-3")
    budget, support = modifiers(form)
    return {"type": "give", "to": to, "budget": budget, "support": support}


def ability(form, p):
    """VOTE-ABL-1..6: who uses which ability, and on whom."""
    name = form.get("ability", "")
    if name not in ABILITIES:
        raise RuleError(_("unknown ability %(a)r", a=name), "VOTE-ABL-1")
    event = {"type": "ability", "ability": name, "player": form.get("player", "")}
    if name in TARGETED:
        event["target"] = form.get("target", "")
    return event


def cards(form, seats, names: list[str], rule: str) -> dict:
    """One random card ``[budget, support]`` for each of ``names`` (unrest, tiebreak), or
    ``"ability"`` when it is an ability card (l. 101: ability cards are in the hands too)."""
    return {name: "ability" if form.get(f"{seats.index(name)}-card") == "ability"
            else list(modifiers(form, f"{seats.index(name)}-", rule, name)) for name in names if name in seats}


def unrest(form, seats, names):
    return {"type": "unrest", "cards": cards(form, seats, names, "VOTE-GOV-5")}


def tiebreak(form, seats, names):
    return {"type": "tiebreak", "cards": cards(form, seats, names, "VOTE-FEW-2")}


def random_card(form, p):
    """VOTE-GOV-6: one player's random card (unrest, tie-break), as the pad sends it: ``player``
    and ``mods``, the cell tapped ("budget,support", "ability", or "other" for the budget and
    support chosen in the lists below the grid)."""
    name, mods = form.get("player", ""), form.get("mods", "")
    if name not in p["players"]:
        raise RuleError(_("tap the name of the player whose card it is first"), "VOTE-GOV-6")
    if mods == "ability":
        return {"type": "random_card", "player": name, "card": "ability"}
    if mods and mods != "other":
        budget, _comma, support = mods.partition(",")
        form = {"budget": budget, "support": support}
    elif not mods:
        raise RuleError(_("tap the card's modifiers"), "VOTE-GOV-6")
    return {"type": "random_card", "player": name, "card": list(modifiers(form, rule="VOTE-GOV-6"))}


def eliminate(form, p):
    return {"type": "eliminate", "player": form.get("player", "")}


def party_won(form, p):
    party = form.get("party", "")
    if party not in PARTIES:
        raise RuleError(_("choose the party that won"), "VOTE-END-1")
    return {"type": "party_won", "party": party}


def end_round(form, p):
    return {"type": "end_round"}
