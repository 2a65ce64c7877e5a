"""Liberté's event checker (``Game.check``): every event, from a phone or from a table file, read
by the reader of the form that makes it (``forms.READERS``).

The event's data is put back into that form's fields and read again, so a file meets the limits
a phone meets (blocks 0 to 3, VPs 0 to 200, names of the table's players, a tie answer to the
question the engine asks…) and only the keys the game defines are stored. The board profile has
no one form: it is read as the profile import reads a file (``engine.profile``).
"""
from flask_babel import gettext as _

from companion.forms import fields
from companion.liberte import engine, forms
from companion.scorers.rules import RuleError


def as_fields(kind: str, d: dict) -> dict:
    """The form fields that send an event of ``kind`` with data ``d``."""
    rule = "docs/formats.md"
    if kind == "card":
        card = d.get("card")
        if not isinstance(card, dict):
            raise RuleError(_("card: a value of the wrong kind"), rule)
        return fields(rule, player=d.get("player"), where=d.get("where"), faction=card.get(
            "faction"), value=card.get("value"), general=card.get("general"),
            sans_culottes=card.get("sans_culottes"), id=card.get("id"))
    if kind == "order":
        names = d.get("players")
        if not isinstance(names, list):
            raise RuleError(_("play order: name each player exactly once"), "LIB-TURN-1")
        return fields("LIB-TURN-1", **{f"order-{i}": name for i, name in enumerate(names)})
    if kind == "hold":  # the battle VPs typed beside the button, when the profile lacks them
        return fields(rule, vp=d.get("battle_vp"))
    if kind == "stack":  # an imported add must be exactly true, as the sheet sends it
        return fields(rule, **{k: d.get(k) for k in ("province", "player", "faction", "blocks")},
                      add=d.get("add") is True)
    return fields(rule, **{k: d.get(k) for k in KEYS[kind]})


# The fields each other form sends (the turn of the battle VPs and the round of a tie answer are
# the table's own, as on the wizard: the reader takes them from the position).
KEYS = {"discard": ("player", "where", "index"), "battle": ("player", "tokens"),
        "vp": ("player", "vp"), "turn": ("turn",), "lost_battles": ("count",),
        "battle_vp": ("vp",), "advance": ("contest", "player", "card"), "finish": ()}


def check(position: dict, kind: str, data) -> dict:
    """The data of a Liberté event of ``kind`` made on ``position``, as its form reads it."""
    if not isinstance(data, dict):
        raise RuleError(_("malformed %(k)s event: a value in its data is of the wrong kind",
                          k=kind), "docs/formats.md")
    if kind == "profile":
        return {"map": board_profile(data.get("map"))}
    reader = forms.READERS.get(kind)
    if reader is None:
        raise RuleError(_("unknown %(g)s event %(k)r", g="Liberté", k=kind[:40]), "docs/formats.md")
    return reader(as_fields(kind, data), position)


def board_profile(data) -> dict:
    """A board profile (docs/rules/liberte-board.md) as the engine completes it, with the profile
    form's limits on names (60 characters for the profile, 40 for a province)."""
    if not isinstance(data, dict):
        raise RuleError(_("the board profile is not a JSON object"), "docs/rules/liberte-board.md")
    read = engine.profile(data)["json"]
    names = [read["name"], *(p.get("name") or "" for p in read["provinces"].values())]
    if len(names[0]) > 60 or any(len(name) > 40 for name in names[1:]):
        raise RuleError(_("a name in the board profile is longer than the profile form allows"
                          " (60 characters for the profile, 40 for a province)"),
                        "docs/rules/liberte-board.md")
    return read
