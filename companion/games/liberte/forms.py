"""Reading the Liberté forms into event data; bad input is a RuleError naming field and rule.

A refusal names the field as the page does, in the page's language (``blocks``, ``блоки``).
"""

from companion.forms import whole
from companion.games.liberte import engine
from companion.games.liberte.engine import FACTIONS
from companion.games.liberte.position import PLACES, advance as advance_on
from companion.i18n import gettext as _
from companion.scorers.liberte.battle import BATTLE_TURNS
from companion.scorers.liberte.special_cards import BLOCK_CARDS, CARDS
from companion.scorers.rules import RuleError


def player(form, players) -> str:
    value = form.get("player", "")
    if value not in players:
        raise RuleError(_("player: unknown player %(v)r", v=value[:40]), "docs/formats.md")
    return value


def faction(form) -> str:
    value = form.get("faction", "")
    if value not in FACTIONS:
        raise RuleError(_("faction: choose red, white or blue"), "LIB-PLACE-1")
    return value


def place(form) -> str:
    """Where a card goes: the display or the hand."""
    where = form.get("where", "displays")
    if where not in PLACES:
        raise RuleError(_("choose the display or the hand"), "docs/formats.md")
    return where


def stack(form, players) -> dict:
    """A stack set to a height (0 removes it): province, player, faction, blocks; ``add`` when
    it comes from the add-a-stack sheet (the player must not have one there yet). The open
    province's buttons send faction and height as one ``pick`` (``red:2``), so one tap adds a
    stack. Read on every tap: the fields' names are translated only for a refusal."""
    if "pick" in form:
        if not form.get("player"):  # a tap before choosing whose stack: asked by the app
            raise RuleError(_("tap the player first"), "docs/formats.md")
        faction_, _sep, blocks = form["pick"].partition(":")
        form = {**dict(form.items()), "faction": faction_, "blocks": blocks}
    data = {"province": str(whole(form, "province", lambda: _("province"), "LIB-ELEC-1", 1, 27)),
            "player": player(form, players), "faction": faction(form),
            "blocks": whole(form, "blocks", lambda: _("blocks"), "LIB-PLACE-1", 0, 3)}
    if form.get("add"):
        data["add"] = True
    return data


def card(form, players) -> dict:
    """A Club/Personality card for a display or a hand. Its buttons send faction and value as
    one ``pick`` (``red:2``), so one tap adds it; a Personality unless ``kind`` says club (the
    special cards tell them apart). The pages offer no name (no keyboard at the table): a
    display card is numbered (position.named); a name in a table file is kept, in the hand too."""
    if "pick" in form:
        faction_, _sep, value = form["pick"].partition(":")
        form = {**dict(form.items()), "faction": faction_, "value": value}
    where = place(form)
    data = {"faction": faction(form),
            "value": whole(form, "value", _("value"), "LIB-PLACE-5", 1, 3)}
    for flag in ("general", "sans_culottes"):
        if form.get(flag):
            data[flag] = True
    if form.get("kind", "personality") not in ("club", "personality"):
        raise RuleError(_("choose a Club or a Personality card"), "LIB-SPEC-2")
    data["kind"] = form.get("kind", "personality")  # Emigration and the Guillotine tell them apart
    data["id"] = form.get("id", "").strip()[:24] or None  # a name from a file, kept in the hand too
    return {"player": player(form, players), "where": where,
            "card": {k: v for k, v in data.items() if v is not None}}


def discard(form, position) -> dict:
    """A card removed (or moved between hand and display): which one, by its place; the card
    itself goes with the event, so the history names it."""
    data = {"player": player(form, position["players"]), "where": place(form),
            "index": whole(form, "index", _("card"), "LIB-PLACE-5", 0, 20)}
    cards = position[data["where"]].get(data["player"], [])
    if not data["index"] < len(cards):
        raise RuleError(_("%(p)s has no such card", p=data["player"]), "LIB-PLACE-5")
    return dict(data, card=cards[data["index"]])


def special(form, position) -> dict:
    """A special card played from ``player``'s hand (LIB-SPEC): ``name``, and its target: a stack
    (``province`` and its owner ``target``) for Lack of Bread, Religious Problems and Terror, a
    display card (its owner ``target`` and its id ``card``) for the others; Terror may also send
    a card back to the box (``card`` on ``owner``'s display). The stack's colour and height and the
    card go with the event, so the history names them; whether the card may be played is the
    engine's to say when the event is applied (position.play_special)."""
    name = form.get("name", "")
    if name not in CARDS:
        raise RuleError(_("choose a special card"), "LIB-SPEC-1")
    players = position["players"]
    data = {"name": name, "player": player(form, players),
            "target": player({"player": form.get("target", "")}, players)}
    if name in BLOCK_CARDS:
        data["province"] = str(whole(form, "province", _("province"), "LIB-SPEC-1", 1, 27))
        stack_ = next((s for s in position["board"].get(data["province"], [])
                       if s["player"] == data["target"]), None)
        if stack_ is None:
            raise RuleError(_("province %(n)s: %(p)s has no stack there", n=data["province"],
                              p=data["target"]), "LIB-SPEC-1")
        data["stack"] = {"faction": stack_["faction"], "blocks": stack_["blocks"]}
    if name not in BLOCK_CARDS or form.get("card"):  # Terror's: any player's, else the target's
        owner = data["target"] if name not in BLOCK_CARDS else player(
            {"player": form.get("owner") or data["target"]}, players)
        taken = next((c for c in position["displays"].get(owner, [])
                      if c.get("id") == form.get("card")), None)
        if taken is None:
            raise RuleError(_("%(p)s has no such card", p=owner), "LIB-PLACE-5")
        data.update(card=taken["id"], taken=taken)
        if name in BLOCK_CARDS:
            data["owner"] = owner
    return data


def order(form, players) -> list:
    """The play order: each player once."""
    chosen = [form.get(f"order-{i}", "") for i in range(len(players))]
    if sorted(chosen) != sorted(players):
        raise RuleError(_("play order: name each player exactly once"), "LIB-TURN-1")
    return chosen


def advance(form, position) -> dict:
    """A tie decision (LIB-ELEC-4), checked against the question the engine asks now."""
    question = position.interactive()[1]["pending"]
    if not question:
        raise RuleError(_("no tie decision is waiting"), "LIB-ELEC-4")
    if form.get("contest") != question["contest"] or form.get("player") != question["player"]:
        raise RuleError(_("that question was already answered; here is the current one"),
                        "LIB-ELEC-4")
    card = form.get("card") or None
    if card is not None and card not in {c.get("id") for c in question["cards"]}:
        raise RuleError(_("%(p)s cannot advance %(c)r here", p=question["player"], c=card[:24]),
                        "LIB-ELEC-4")
    answer = {"contest": question["contest"], "round": question["round"],
              "player": question["player"], "card": card}
    if card is not None:  # the history names a card the table gave no name by its colour
        chosen = next(c for c in question["cards"] if c.get("id") == card)
        answer.update(faction=chosen.get("faction"), value=chosen.get("value"))
    return dict(answer, held=settles(position, answer))


def settles(position: dict, answer: dict) -> bool:
    """Whether this answer is the last one the election held in one tap waits for (it is then
    recorded: the history says "held", not "started")."""
    if not (position.get("election") or {}).get("auto"):
        return False
    after = dict(position, election=None)  # answered on a copy that does not record itself
    advance_on(after, answer)
    return not engine.resolve(after)["pending"]


def cancel(form, position) -> dict:
    """The host cancels the election under way (LIB-ELEC-9): the position may change again."""
    if not engine.under_way(position):
        raise RuleError(_("no election is under way"), "LIB-ELEC-9")
    return {"turn": position["turn"]}


def battle_vp(form, position) -> dict:
    """The battle VPs of this turn, read off the board (LIB-BAT-1); a tap the phone forgot is
    asked for in the table's language, never by the browser."""
    if not form.get("vp", "").strip():
        raise RuleError(_("first tap what the battle of turn %(t)s is worth: the number printed"
                          " under the turn track", t=position["turn"]), "LIB-BAT-1")
    return {"turn": position["turn"], "vp": whole(form, "vp", _("VP"), "LIB-BAT-1", 0, 20)}


def battle_vp_missing(position: dict, board: dict) -> bool:
    """The battle's VPs are printed under the turn track; the profile may not know them yet.
    They are asked only when they may be scored: not for a battle not fought (the
    counter-revolution ended the game before it), nor when nobody may lead the army (no player
    with a General on the display and a token in the Battle box, LIB-BAT-1: the battle is lost,
    worth nothing to anyone)."""
    turn = position["turn"]
    return (turn in BATTLE_TURNS and board["battle_vp"].get(str(turn)) is None
            and any(tokens and any(c.get("general") for c in position["displays"].get(player, []))
                    for player, tokens in position["battle"].items())
            and not engine.counter_revolution_reached(position, position.check))


def hold(form, position) -> dict:
    """Hold the elections in one tap, with this turn's battle VPs when the profile lacks them
    (LIB-BAT-1)."""
    held = {"turn": position["turn"]}
    if battle_vp_missing(position, engine.profile(position.get("map"))):
        held["battle_vp"] = battle_vp(form, position)["vp"]
    if position.get("over"):
        raise RuleError(_("the game is over"), "LIB-END-1")
    held["held"] = not position.interactive()[1]["pending"]  # else: started, ties wait
    return held


def profile(form) -> dict:
    """The board profile form (27 provinces, battle VPs, the BoardGameGeek id) in
    docs/rules/liberte-board.md form."""
    provinces = {}
    for n in engine.PROVINCES:
        entry = {"name": form.get(f"name-{n}", "").strip()[:40] or None,
                 "fleur_de_lis": bool(form.get(f"fleur-{n}")) or None,
                 "vp": whole(form, f"vp-{n}", _("VP of province %(n)s", n=n), "LIB-ELEC-8", 0, 2)
                 or None,
                 "paris": n == engine.PARIS or None,
                 "region": form.get(f"region-{n}", "").strip()[:40] or None}
        entry = {k: v for k, v in entry.items() if v is not None}
        if entry:
            provinces[str(n)] = entry
    battle = {}
    for turn in ("2", "3", "4"):
        raw = form.get(f"battle-{turn}", "").strip()
        battle[turn] = (whole(form, f"battle-{turn}", _("battle VPs of turn %(t)s", t=turn),
                              "LIB-BAT-1", 0, 20) if raw else None)
    found = {"name": profile_name(form), "provinces": provinces, "battle_vp": battle}
    if form.get("bgg_id", "").strip():  # the edition's BoardGameGeek id, for the play's log
        found["bgg_id"] = whole(form, "bgg_id", _("BoardGameGeek id"), "docs/rules/liberte-board.md",
                                1, 10 ** 7)
    return found


def shown_name(name: str) -> str:
    """A profile's name in its field; the default profile's (stored in English) in the page's
    language."""
    default = engine.DEFAULT_PROFILE.name
    return _("Liberté (the rulebook's facts only)") if name == default else name


def profile_name(form) -> str:
    """The name field read back: the default's name, shown translated, is stored in English."""
    name = form.get("profile-name", "").strip()[:60] or "Liberté"
    default = engine.DEFAULT_PROFILE.name
    return default if name == shown_name(default) else name


# Every Liberté event as its form reads it: ``reader(form, position)`` gives the event's data.
# The displays' forms, the board, the wizard and the checker of every stored event share them.
READERS = {
    "stack": lambda f, p: stack(f, p["players"]),
    "card": lambda f, p: card(f, p["players"]),
    "discard": discard,
    "move": discard,
    "battle": lambda f, p: {"player": player(f, p["players"]),
                            "tokens": whole(f, "tokens", _("tokens"), "LIB-BAT-1", 0, 20)},
    "vp": lambda f, p: {"player": player(f, p["players"]),
                        "vp": whole(f, "vp", _("VP"), "LIB-VP-1", 0, 200)},
    "turn": lambda f, p: {"turn": whole(f, "turn", _("turn"), "LIB-TURN-1", 1, 4)},
    "lost_battles": lambda f, p: {"count": whole(f, "count", _("lost battles"), "LIB-BAT-3", 0,
                                                 3)},
    "order": lambda f, p: {"players": order(f, p["players"])},
    "special": special,
    "battle_vp": battle_vp,
    "advance": advance,
    "hold": hold,
    "finish": lambda f, p: {},
    "cancel": cancel,
}
