"""VOTE!'s event checker (``Game.check``): every event, from a phone or from a table file, read by
the reader of the form that makes it.

The event's data is put back into that form's fields (``companion.forms.fields``) and read
again, so a file meets the limits a phone meets and only the keys the game defines are stored.
What the server adds to a form is checked the way the server makes it: the lot for the first
President (a draw among exactly the tied players), the timer's clock (a finite time), and a
move's ``note`` for the history, always written here from the game before and after the move.
"""
import math


from companion.forms import fields
from companion.scorers.rules import RuleError
from companion.games.vote import forms, position as vote_position, rounds, timer, words
from companion.i18n import gettext as _

RULE = "docs/formats.md"


def check(p: dict, kind: str, data) -> dict:
    """The data of a VOTE! event of ``kind`` made on position ``p``, as its form reads it."""
    if not isinstance(data, dict) or kind not in CHECKS:
        raise RuleError(_("unknown %(g)s event %(k)r", g="VOTE!", k=str(kind)[:40]), RULE)
    return CHECKS[kind](p, data)


def dice(p: dict, d: dict) -> dict:
    """VOTE-SETUP-4: each player's two dice, as the dice form reads one player's."""
    rolls = d.get("dice")
    if not isinstance(rolls, dict) or not rolls:
        raise RuleError(_("dice: a value of the wrong kind"), "VOTE-SETUP-4")
    found = {}
    for name, pair in rolls.items():
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError(_("dice: a value of the wrong kind"), "VOTE-SETUP-4")
        form = fields("VOTE-SETUP-4", player=name, budget_die=pair[0], support_die=pair[1])
        found.update(forms.dice(form, p["players"], None)["dice"])
    return {"dice": found, "rolled": d.get("rolled") is True}


def start(p: dict, d: dict) -> dict:
    """VOTE-SETUP-5: the lot drawn at Start, checked; the first President follows from it."""
    return vote_position.start_data(p, d.get("lot"))


def options(p: dict, d: dict) -> dict:
    votes = d.get("votes")
    if votes not in vote_position.VOTES_SHOWN:
        raise RuleError(_("votes are shown in full or as totals"), "TABLE-OPTIONS")
    return {"votes": votes}


def timer_event(p: dict, d: dict) -> dict:
    """A timer action at the server's clock ``at`` (a finite time since the epoch)."""
    at = d.get("at")
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not (
            math.isfinite(at) and 0 <= at < 2 ** 40):
        raise RuleError(_("the timer event's time is not a real time"), timer.RULE)
    form = fields(timer.RULE, action=d.get("action"), seconds=d.get("seconds"))
    return timer.read(form, at)


def play(p: dict, d: dict) -> dict:
    """One move of the round, read by its form's reader (:func:`move`) from its fields."""
    event = d.get("event")
    if p["game"] is None:
        raise RuleError(_("the game has not started: enter the dice first"), "VOTE-SETUP-5")
    if not isinstance(event, dict) or event.get("type") not in rounds.READERS:
        raise RuleError(_("unknown %(g)s event %(k)r", g="VOTE!", k="play"), RULE)
    return move(p, event["type"], move_fields(event, p["players"]))


def move(p: dict, kind: str, form) -> dict:
    """The one reader of a move of ``kind`` (a ``play`` event's data): the round screen's form
    read by its reader (``rounds.READERS``), with its note for the history, written on the
    game the move is applied to. A phone's form comes here directly, an imported move through
    :func:`play`."""
    if p["game"] is None:
        raise RuleError(_("the game has not started: enter the dice first"), "VOTE-SETUP-5")
    read = rounds.READERS[kind](form, p)
    after = p.after(read)
    return {"event": read, "note": words.note(p["game"], after, read)}


def move_fields(e: dict, seats: list[str]) -> dict:
    """The round screen's fields that send the engine event ``e``."""
    kind = e["type"]
    if kind == "vote":
        return vote_fields(e, seats)
    if kind in ("unrest", "tiebreak"):
        cards = e.get("cards")
        if not isinstance(cards, dict):
            raise RuleError(_("cards: a value of the wrong kind"), RULE)
        found = {}
        for name, pair in cards.items():
            if pair == "ability":
                found[f"{seat(name, seats)}-card"] = "ability"
                continue
            if not isinstance(pair, list) or len(pair) != 2:
                raise RuleError(_("cards: a value of the wrong kind"), RULE)
            i = seat(name, seats)
            found.update(fields(RULE, **{f"{i}-budget": pair[0], f"{i}-support": pair[1]}))
        return found
    if kind == "random_card":
        card = e.get("card")
        if card == "ability":
            return fields(RULE, player=e.get("player"), mods="ability")
        if not isinstance(card, list) or len(card) != 2:
            raise RuleError(_("cards: a value of the wrong kind"), RULE)
        return fields(RULE, player=e.get("player"), mods="other", budget=card[0], support=card[1])
    if kind == "give":
        return fields(RULE, to=e.get("to"), card="ability" if e.get("ability") is True else
                      "event", budget=e.get("budget"), support=e.get("support"))
    keys = {"nominate": ("candidate",), "ability": ("ability", "player", "target"),
            "eliminate": ("player",), "party_won": ("party",), "end_round": ()}[kind]
    return fields(RULE, **{k: e.get(k) for k in keys})


def vote_fields(e: dict, seats: list[str]) -> dict:
    """A vote as counts (``mode=counts``) or as a ballot per player, with the Double votes."""
    double = e.get("double") or []
    if not isinstance(double, list):
        raise RuleError(_("double: a value of the wrong kind"), "VOTE-GOV-3")
    found = {f"double-{seat(name, seats)}": "1" for name in double}
    yes, no = e.get("yes"), e.get("no")
    if isinstance(yes, list) and isinstance(no, list):
        found.update({f"ballot-{seat(name, seats)}": "yes" for name in yes})
        found.update({f"ballot-{seat(name, seats)}": "no" for name in no})
        return found
    return dict(found, mode="counts", **fields("VOTE-GOV-3", yes=yes, no=no))


def seat(name, seats: list[str]) -> int:
    """The seat of player ``name`` (RuleError for a name that is not at the table)."""
    if not isinstance(name, str) or name not in seats:
        raise RuleError(_("no player called %(name)s", name=str(name)[:40]), RULE)
    return seats.index(name)


CHECKS = {"dice": dice, "start": start, "options": options, "timer": timer_event, "play": play}
