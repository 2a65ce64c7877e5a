"""Liberté's event checker (``Game.check``): every event, from a phone or from a table file, read
by the reader of the form that makes it (``forms.READERS``).

A phone's form is read once, by :func:`read` (the view hands it to ``live.write``); an imported
event's data is put back into that form's fields and read by the same reader, so a file meets the limits
a phone meets (blocks 0 to 3, VPs 0 to 200, names of the table's players, a tie answer to the
question the engine asks…) and only the keys the game defines are stored. The board profile has
no one form: it is read as the profile import reads a file (``engine.profile``).
"""

from companion.forms import fields
from companion.games.liberte import engine, forms
from companion.games.liberte import position as reducer
from companion.games.liberte.ending import ended_refusal
from companion.i18n import gettext as _
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
            sans_culottes=card.get("sans_culottes"), id=card.get("id"),
            kind=card.get("kind"))
    if kind == "order":
        names = d.get("players")
        if not isinstance(names, list):
            raise RuleError(_("play order: name each player exactly once"), "LIB-TURN-1")
        return fields("LIB-TURN-1", **{f"order-{i}": name for i, name in enumerate(names)})
    if kind == "hold":  # the battle VPs typed beside the button, when the profile lacks them
        return fields(rule, vp=d.get("battle_vp"))
    if kind == "special":  # the stack and the card taken are read again from the position
        return fields(rule, **{k: d.get(k) for k in ("name", "player", "target", "province", "card",
                                                     "owner")})
    if kind == "stack":  # an imported add must be exactly true, as the sheet sends it
        return fields(rule, **{k: d.get(k) for k in ("province", "player", "faction", "blocks")},
                      add=d.get("add") is True)
    return fields(rule, **{k: d.get(k) for k in KEYS[kind]})


# The fields each other form sends (the turn of the battle VPs and the round of a tie answer are
# the table's own, as on the wizard: the reader takes them from the position).
KEYS = {"discard": ("player", "where", "index"), "move": ("player", "where", "index"), "battle": ("player", "tokens"),
        "vp": ("player", "vp"), "turn": ("turn",), "lost_battles": ("count",),
        "battle_vp": ("vp",), "advance": ("contest", "player", "card"), "finish": (),
        "cancel": ()}

# What the election reads (LIB-ELEC-9): while it is under way these are refused. The tie answers,
# the battle VPs it asks for, recording it and cancelling it are the election's own.
FROZEN = frozenset(["stack", "card", "discard", "move", "battle", "lost_battles", "vp", "turn", "order",
                    "profile", "special"])


def over(position: dict) -> None:
    """LIB-END-2: once the game is over, every change is refused, naming how and when it ended
    (the host's undo of the change that ended it is the table's, not an event of the game)."""
    if position.get("over"):
        raise ended_refusal(position["over"])


def frozen(position: dict, kind: str) -> None:
    """LIB-ELEC-9: once "Hold the elections" is tapped (or a tie answered step by step) and until
    the result is recorded or the host cancels it, nothing the election reads may change: an
    answer given for one board must not count on another. The battle VPs are refused only once
    known (the election itself asks for them when the profile lacks them)."""
    if not engine.under_way(position):
        return
    if kind not in FROZEN and not (kind == "battle_vp" and not forms.battle_vp_missing(
            position, engine.profile(position.get("map")))):
        return
    try:
        pending = position.interactive()[1]["pending"]
    except RuleError:
        pending = None
    if pending:
        message = _("the elections of turn %(t)s are under way, waiting for: %(p)s. Until their"
                    " result is recorded the board, cards, tokens, VPs, turn and profile stay as"
                    " the election reads them; to change them, the host cancels the election on"
                    " the Election page", t=position["turn"], p=pending["player"])
    else:
        message = _("the elections of turn %(t)s are under way: record their result first (or the"
                    " host cancels the election on the Election page); until then the board,"
                    " cards, tokens, VPs, turn and profile stay as the election reads them",
                    t=position["turn"])
    raise RuleError(message, "LIB-ELEC-9")


def check(position: dict, kind: str, data) -> dict:
    """The data of a Liberté event of ``kind`` made on ``position`` (an imported one, or one the
    server makes), read by its form's reader from the fields that send it."""
    over(position)
    frozen(position, kind)
    if not isinstance(data, dict):
        raise RuleError(_("malformed %(k)s event: a value in its data is of the wrong kind",
                          k=kind), "docs/formats.md")
    if kind == "profile":
        return with_end(position, kind, {"map": board_profile(data.get("map"))})
    reader = forms.READERS.get(kind)
    if reader is None:
        raise RuleError(_("unknown %(g)s event %(k)r", g="Liberté", k=kind[:40]), "docs/formats.md")
    return with_end(position, kind, reader(as_fields(kind, data), position))


def read(position: dict, kind: str, form) -> dict:
    """The one reader of a Liberté event of ``kind`` made on ``position``: its form's fields
    read (``forms.READERS``), after LIB-ELEC-9. A phone's form comes here directly (the view
    hands ``live.write`` this reader), an imported event through :func:`check`."""
    over(position)
    frozen(position, kind)
    return with_end(position, kind, forms.READERS[kind](form, position))


ELECTION_ENDS = frozenset(["hold", "advance", "finish"])


def with_end(position: dict, kind: str, data: dict) -> dict:
    """The data of a change that ends the game carries its end (``ended``, the position's ``over``
    after it: docs/formats.md), as ``held`` says an election was held: the history, the toast
    and the table file then say how the game ended and who won. Recomputed on import; the
    position's end is folded from the change itself (LIB-END-2). Only a change that may end it
    is tried: the elections, and any change in turns 3-4 or to the turn (the counter-revolution
    during the actions, LIB-CR-2). A change the rules refuse is left to the rules' refusal."""
    data = {key: value for key, value in data.items() if key != "ended"}
    if kind not in ELECTION_ENDS and kind != "turn" and position["turn"] not in (3, 4):
        return data
    try:
        after = reducer.apply(position, {"kind": kind, "data": data})
    except RuleError:
        return data
    return dict(data, ended=after["over"]) if after.get("over") else data


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
