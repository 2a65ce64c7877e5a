"""Liberté's position and its events: what the table enters, folded into a docs/formats.md scenario.

``apply`` never changes its argument; it returns the position after one event, and the engine
checks the result (placement LIB-PLACE, cards, players) so that a refused event stores nothing.
Handlers work on a shallow copy and replace, never change, what they touch (copy on write: a tap
copies one province's list, not the whole position).
"""
import copy
from itertools import count


from companion.table import games
from companion.table.caches import fact, known
from companion.games.liberte import engine, outcome
from companion.games.liberte.ending import (decided_words, ended_at_the_elections, ended_during_the_actions,
                                            ended_refusal, ended_words)
from companion.games.liberte.engine import FACTIONS
from companion.i18n import gettext as _, names, ngettext, translate
from companion.scorers.liberte.special_cards import Play, play_special_card
from companion.scorers.liberte.supply import available
from companion.scorers.rules import RuleError

PLACES = ("displays", "hands")


class Position(games.Position):
    """A Liberté table's position: a docs/formats.md scenario and what only the table keeps
    (engine.WEB_ONLY: the board profile, the election under way, its last result, the end), a
    ``dict`` so that table files, exports and templates read it as that JSON object.

    Its facts are what the engine says of it, each computed once per version, when a screen
    first asks, and handed to the next: the engine's reading (:meth:`scenario`), the
    :meth:`check`, the tie answers that still fit (:meth:`fitting`), the election step by step
    (:meth:`interactive`) and as the meters preview it (:meth:`preview`). It never changes once
    built (companion.table.games.Position): an event's handlers change a plain copy."""

    __slots__ = ()

    @fact
    def scenario(self):
        """The engine's reading of the position, which the placement rules (LIB-PLACE) accepted
        change by change when each was made (:func:`apply`): the special cards' choices and
        every fact below read it."""
        return engine.read(self)

    @fact
    def check(self) -> dict:
        """Control, the counter-revolution meter, the supply (docs/formats.md ``check``)."""
        return engine.check(self, self.scenario())

    @fact
    def fitting(self) -> list[str]:
        """The contests whose tie answers still fit the board (engine.fitting_contests)."""
        return engine.fitting_contests(self, self.scenario())

    @fact
    def interactive(self) -> tuple:
        """The engine's interactive Resolution (its steps keep their sentences) and its JSON:
        the election stopped at the first tie decision not yet given (LIB-ELEC-4)."""
        found = engine.resolution(self, True, self.scenario(), self.fitting())
        return found, found.as_json()

    @fact
    def preview(self) -> dict | None:
        """What the meters show of the election as it would go now (batch: unasked ties are
        passes): the votes (None when the counter-revolution ends the game first), a landslide,
        the end. Only that is kept: the whole result, with its sentences, would stay in memory
        for every table a worker keeps, for its garbage collector to go through again and again
        (docs/performance.md, "Load benchmark"). None once the game is over (no election comes
        after its end, LIB-END-2) or when the election cannot run on the position yet."""
        if self.get("over"):
            return None
        try:
            whole = engine.resolution(self, False, self.scenario(), self.fitting(), preview=True)
        except RuleError:  # a position the check accepts but the election cannot run yet
            return None
        return {"votes": whole.votes, "landslide": whole.landslide, "ended": whole.ended}


def initial(setup: dict) -> Position:
    """Turn 1, nobody has anything; the table's options and the host's board profile."""
    players = list(setup["players"])
    options = setup.get("options") or {}
    position = {"turn": 1, "players": players, "vp": {p: 0 for p in players}, "board": {},
                "displays": {}, "hands": {}, "battle": {}, "lost_battles": 0, "advances": {},
                "options": {"government_tie": options.get("government_tie", "highest")}}
    if setup.get("map"):
        position["map"] = setup["map"]
    return Position(position)


def set_stack(p, d):
    """A stack's new height (0 removes it); a new stack (``add``) for a player who has one there
    already is refused (LIB-PLACE-3), rather than replacing it."""
    before = p["board"].get(d["province"], [])
    stacks = [s for s in before if s["player"] != d["player"]]
    old = next((s for s in before if s["player"] == d["player"]), None)
    if old and d.get("add"):
        raise RuleError(_("%(p)s already has a stack in province %(n)s (%(b)s %(f)s): a player "
                          "has one stack per province; change it with its − and +",
                          p=d["player"], n=d["province"], b=old["blocks"],
                          f=faction_name(old["faction"])), "LIB-PLACE-3")
    if d["blocks"] > 0:
        new = {"player": d["player"], "faction": d["faction"], "blocks": d["blocks"]}
        stacks.insert(before.index(old) if old else len(stacks), new)
    p["board"] = dict(p["board"], **{d["province"]: stacks})
    if not stacks:
        del p["board"][d["province"]]


def add_card(p, d):
    """A card for a display or a hand. A display card without a name gets one (#1, #2 …): a tie
    names the cards advanced by id (docs/formats.md), and any display card may be advanced. The
    pages call such a card by its colour, value and owner ("red 3 (Anna)", :func:`card_label`)."""
    cards = p[d["where"]].get(d["player"], [])
    card = named(cards, d["card"]) if d["where"] == "displays" else d["card"]
    p[d["where"]] = dict(p[d["where"]], **{d["player"]: [*cards, card]})


def named(cards: list, card: dict) -> dict:
    """``card`` with an id that no card of ``cards`` has (#1, #2 … when it has none)."""
    if card.get("id"):
        return card
    taken = {c.get("id") for c in cards}
    return dict(card, id=next(f"#{n}" for n in count(1) if f"#{n}" not in taken))


def discard(p, d):
    cards = list(p[d["where"]].get(d["player"], []))
    if not 0 <= d["index"] < len(cards):
        raise RuleError(_("%(p)s has no such card", p=d["player"]), "LIB-PLACE-5")
    cards.pop(d["index"])
    p[d["where"]] = dict(p[d["where"]], **{d["player"]: cards})


def move(p, d):
    """One card from the hand to the display or back, in one tap (the engine then checks the
    display's size, LIB-PLACE-5)."""
    to = "hands" if d["where"] == "displays" else "displays"
    cards = list(p[d["where"]].get(d["player"], []))
    if not 0 <= d["index"] < len(cards):
        raise RuleError(_("%(p)s has no such card", p=d["player"]), "LIB-PLACE-5")
    card = cards.pop(d["index"])
    add_card(p, {"player": d["player"], "where": to, "card": card})
    p[d["where"]] = dict(p[d["where"]], **{d["player"]: cards})


def set_entry(key):
    """A handler that sets one player's number in ``key`` (Battle box tokens, VPs)."""
    def handler(p, d):
        p[key] = dict(p[key], **{d["player"]: d["tokens" if key == "battle" else "vp"]})
    return handler


def set_battle_vp(p, d):
    """The battle VPs of a turn, read off the board when the profile lacks them (LIB-BAT-1)."""
    read = copy.deepcopy(engine.profile(p.get("map"))["json"])
    read["battle_vp"][str(d["turn"])] = d["vp"]
    p["map"] = read


def hold(p, d):
    """Hold the elections in one tap: the battle (with its VPs when the profile lacks them,
    LIB-BAT-1) and the 27 provinces run at once; the election is recorded as soon as no tie
    waits for a player (LIB-ELEC-4), else at the answer that settles the last one."""
    if d.get("battle_vp") is not None:
        set_battle_vp(p, {"turn": p["turn"], "vp": d["battle_vp"]})
    p["election"] = {"turn": p["turn"], "auto": True}
    record_when_settled(p)


def record_when_settled(p):
    """Record the election held in one tap once nothing waits for a decision."""
    if (p.get("election") or {}).get("auto") and not engine.resolve(p)["pending"]:
        finish(p, {})


def advance(p, d):
    """A tie answer (LIB-ELEC-4). Answers that a change since made impossible are dropped first,
    as the wizard did when it asked again (engine.fitting_contests). An answer starts the
    election (step by step) if nothing else did."""
    p["advances"] = {c: copy.deepcopy(p["advances"][c]) for c in engine.fitting_contests(p)}
    rounds = p["advances"].setdefault(d["contest"], [])
    while len(rounds) < d["round"]:
        rounds.append({})
    rounds[d["round"] - 1][d["player"]] = d["card"]
    p["election"] = p.get("election") or {"turn": p["turn"], "auto": False}
    record_when_settled(p)


def cancel(p, d):
    """The host cancels the election under way (LIB-ELEC-9): its tie answers go with it, and the
    position may be changed again before the election is held anew."""
    p.update(election=None, advances={})


def finish(p, d):
    """The election is over: the VPs, the board and displays after it, next turn's play order.
    The next turn starts by the rules (LIB-TURN-1, phase 2 "refresh hands"): the cards left on
    the displays go back to their owners' hands; the table records its discards and draws."""
    result = engine.resolve(p)
    if result.get("pending"):
        raise RuleError(_("the election still waits for: %(q)s", q=translate(result["pending"]["question"])),
                        "LIB-ELEC-4")
    battle = result.get("battle") or {}
    if battle.get("winner") and battle.get("vp") is None:
        raise RuleError(_("%(p)s leads the army, but the battle VPs of turn %(t)s are not known:"
                          " read them under the turn track", p=battle["winner"], t=p["turn"]),
                        "LIB-BAT-1")
    goes_on = not (result.get("ended") or result.get("final") or p["turn"] == 4)
    p["last_result"] = dict(
        {k: result.get(k) for k in ("turn", "vp", "awards", "ended", "final", "government",
                                    "opposition", "provinces", "votes", "battle", "log",
                                    "landslide", "counter_revolution")},  # their points
        vp_changes=outcome.vp_changes(p, result),
        checklist=outcome.checklist(p, result, refresh_hands=goes_on))
    displays, hands = result["displays_after"], p["hands"]
    if goes_on:
        hands = {player: hands.get(player, []) + displays.get(player, [])
                 for player in p["players"] if hands.get(player) or displays.get(player)}
        displays = {}
    p.update(vp=result["vp"], board=result["board_after"], displays=displays, hands=hands,
             battle={}, advances={}, election=None,
             government=result["government"], present=result["present"])
    groups = result.get("next_play_order") or [p["players"]]
    p["players"] = [player for group in groups for player in group]  # equal VPs: reorder by hand
    if goes_on:  # the battles lost before the next turn (LIB-BAT-3); an ended game keeps its earlier ones
        p["turn"] += 1
        p["lost_battles"] = result["lost_battles"]
        if result["battle_blocks_waiting"]:  # LIB-BAT-3: none to put on the battle even now
            p["battle_blocks_waiting"] = result["battle_blocks_waiting"]
    else:
        p["over"] = ended_at_the_elections(result)


def play_special(p, d):
    """A special card played (LIB-SPEC): the engine judges it on the position (who may play it,
    when, on what) and its answer replaces the province and the displays the card changed."""
    province = int(d["province"]) if d.get("province") else None
    after, _said = play_special_card(engine.validate(p), Play(
        d["name"], d["player"], province, d["target"], d.get("card"), d.get("owner")))
    if province is not None:
        stacks = [s.as_json() for s in after.board.get(province, [])]
        p["board"] = {n: v for n, v in dict(p["board"], **{d["province"]: stacks}).items() if v}
    for owner in ({d.get("owner") or d["target"]} if d.get("card") else ()):
        kept = {c.id for c in after.displays.get(owner, [])}
        p["displays"] = dict(p["displays"], **{owner: [c for c in p["displays"].get(owner, [])
                                                       if c.get("id") in kept]})


HANDLERS = {
    "stack": set_stack,
    "card": add_card,
    "discard": discard,
    "move": move,
    "battle": set_entry("battle"),
    "lost_battles": lambda p, d: p.__setitem__("lost_battles", d["count"]),
    "vp": set_entry("vp"),
    "turn": lambda p, d: p.__setitem__("turn", d["turn"]),
    "order": lambda p, d: p.__setitem__("players", list(d["players"])),
    "special": play_special,
    "profile": lambda p, d: p.__setitem__("map", d["map"]),
    "battle_vp": set_battle_vp,
    "advance": advance,
    "hold": hold,
    "finish": finish,
    "cancel": cancel,
}


def apply(position: dict, event: dict, judged: bool = False) -> Position:
    """The position after ``event``; RuleError if the rules refuse the result, or if the game is
    over (LIB-END-2). A change that brings the counter-revolution in turns 3-4, outside the
    elections, ends the game with it (LIB-CR-2): the end is folded from that change. The
    engine's reading of the new position, made to judge it, is kept for its screens (its
    :meth:`Position.scenario`). ``judged``: an event of the table's log, whose result the
    placement rules accepted when it was stored: not read again (:func:`apply_stored`)."""
    if position.get("over"):
        raise ended_refusal(position["over"])
    new = games.fold_event(HANDLERS, position, event, "Liberté")  # a plain dict, changed here
    if new.get("battle_blocks_waiting"):
        placed_when_free(new)
    new = Position(new)
    if not judged:
        placed(position, new, event)
    if not new.get("over") and not engine.under_way(new) and \
            engine.counter_revolution_reached(new, new.check):
        return Position(new, over=ended_during_the_actions(new["turn"],
                                                           new.check()["counter_revolution"]))
    return new


def placed(before: dict, new: Position, event: dict) -> None:
    """The placement rules on the position an event made (LIB-PLACE): after a stack, that
    province and the box counts only (the rest was read when it was stored); after anything
    else, the whole reading, kept for the screens."""
    if event["kind"] != "stack":
        known(new, "scenario", engine.validate(new))  # the reading the judgment made
        return
    try:
        engine.validate_province(new, event["data"]["province"])
    except RuleError as err:
        if err.rule == "LIB-PLACE-4":
            raise supply_refusal(before, event["data"]) from None
        raise


def apply_stored(position: dict, event: dict) -> Position:
    """The position after an event of the table's log (``Game.apply_stored``): as :func:`apply`,
    without the placement rules read again on a result they accepted when it was stored, which
    was most of the work of folding a table's log (docs/performance.md). The end it brought is
    folded all the same (LIB-CR-2), and an event the handlers cannot apply is still refused."""
    return apply(position, event, judged=True)


def placed_when_free(p: dict) -> None:
    """LIB-BAT-3: a lost battle's white block that no supply could give goes on its battle as soon as
    a white block is free (a stack made lower, a block back to the supply): the blocks still
    waiting are never more than the white blocks on the board leave short, nor than the lost
    battles."""
    white = sum(s["blocks"] for stacks in p["board"].values() for s in stacks if s["faction"] == "white")
    short = max(0, white - available(p["turn"], p["lost_battles"])["white"])
    waiting = min(p["battle_blocks_waiting"], short, p["lost_battles"])
    if waiting:
        p["battle_blocks_waiting"] = waiting
    else:
        del p["battle_blocks_waiting"]


def supply_refusal(before: dict, d: dict) -> RuleError:
    """LIB-PLACE-4 said where the phone tapped: how many blocks of the stack's colour were left
    in the supply, and how many more the stack asked for."""
    faction = d["faction"]
    placed = [s for stacks in before["board"].values() for s in stacks if s["faction"] == faction]
    left = max(available(before["turn"], before["lost_battles"], before.get("battle_blocks_waiting", 0))[faction]
               - sum(s["blocks"] for s in placed), 0)
    old = next((s["blocks"] for s in before["board"].get(d["province"], [])
                if s["player"] == d["player"] and s["faction"] == faction), 0)
    words = {"n": d["province"], "need": d["blocks"] - old}  # ngettext gives num itself
    message = {
        "red": lambda: ngettext("province %(n)s: only %(num)d red block is left in the supply; "
                                "this stack asks for %(need)s more",
                                "province %(n)s: only %(num)d red blocks are left in the supply; "
                                "this stack asks for %(need)s more", left, **words),
        "white": lambda: ngettext("province %(n)s: only %(num)d white block is left in the "
                                  "supply; this stack asks for %(need)s more",
                                  "province %(n)s: only %(num)d white blocks are left in the "
                                  "supply; this stack asks for %(need)s more", left, **words),
        "blue": lambda: ngettext("province %(n)s: only %(num)d blue block is left in the supply; "
                                 "this stack asks for %(need)s more",
                                 "province %(n)s: only %(num)d blue blocks are left in the "
                                 "supply; this stack asks for %(need)s more", left, **words)}
    return RuleError(message[faction](), "LIB-PLACE-4")


def stack_words(d: dict) -> str:
    """``province 3: Anne: 2 red blocks``: the player's name stands alone (no case to decline),
    and the count agrees with its noun and colour (Russian "2 красных блока", Italian "2 blocchi
    rossi")."""
    words = {"n": d["province"], "p": d["player"]}
    return {"red": lambda: ngettext("province %(n)s: %(p)s: %(num)d red block",
                                    "province %(n)s: %(p)s: %(num)d red blocks", d["blocks"],
                                    **words),
            "white": lambda: ngettext("province %(n)s: %(p)s: %(num)d white block",
                                      "province %(n)s: %(p)s: %(num)d white blocks", d["blocks"],
                                      **words),
            "blue": lambda: ngettext("province %(n)s: %(p)s: %(num)d blue block",
                                     "province %(n)s: %(p)s: %(num)d blue blocks", d["blocks"],
                                     **words)}[d["faction"]]()


def describe(event: dict) -> str:
    """One sentence for the history and for the stale-write notice; the change that ended the
    game says how and when, and who won (its ``ended``, LIB-END-2)."""
    said = change_words(event)
    ended = event["data"].get("ended") if isinstance(event["data"], dict) else None
    if not ended:
        return said
    said = _("%(change)s. %(ended)s %(winners)s.", change=said, ended=ended_words(ended),
             winners=ngettext("Winner: %(w)s", "Winners: %(w)s", len(ended["winners"]),
                              w=names(ended["winners"])))
    return f"{said} {decided_words(ended)}" if ended.get("decided") else said


def change_words(event: dict) -> str:
    """The change itself, in one sentence."""
    d, kind = event["data"], event["kind"]
    if kind == "stack":
        if d["blocks"] == 0:
            return _("province %(n)s: removed the stack of %(p)s", n=d["province"], p=d["player"])
        return stack_words(d)
    words = {
        "card": lambda: card_words(d["player"], d["card"]),
        "discard": lambda: discard_words(d),
        "move": lambda: (_("%(p)s: %(c)s to the hand", p=d["player"], c=card_name(d["card"]))
                         if d["where"] == "displays" else
                         _("%(p)s: %(c)s to the personal display", p=d["player"],
                           c=card_name(d["card"]))),
        "battle": lambda: ngettext("%(p)s: %(num)d token in the Battle box",
                                   "%(p)s: %(num)d tokens in the Battle box", d["tokens"],
                                   p=d["player"]),
        "lost_battles": lambda: _("lost battles: %(n)s", n=d["count"]),
        "vp": lambda: _("%(p)s: %(v)s VP", p=d["player"], v=d["vp"]),
        "turn": lambda: _("turn %(t)s", t=d["turn"]),
        "order": lambda: _("play order: %(o)s", o=", ".join(d["players"])),
        "profile": lambda: _("the board profile changed"),
        "battle_vp": lambda: _("the battle of turn %(t)s is worth %(v)s VP", t=d["turn"], v=d["vp"]),
        "advance": lambda: answer_words(d),
        "special": lambda: special_words(d),
        "finish": lambda: (_("the election was closed") if d.get("ended") else
                           _("the election was closed; next turn")),
        "hold": lambda: (_("the battle of turn %(t)s was fought", t=d["turn"])
                         if before_the_elections(d) else
                         _("the elections of turn %(t)s were held", t=d["turn"])
                         if d.get("held", True) else
                         _("the elections of turn %(t)s started: they wait for tie answers",
                           t=d["turn"])),
        "cancel": lambda: _("the elections of turn %(t)s were cancelled: the board may be changed"
                            " again", t=d["turn"]),
    }
    return words[kind]() if kind in words else kind


def special_names() -> dict:
    """The special cards by the names their rulebooks print (docs/glossary.md)."""
    return {"lack_of_bread": _("Lack of Bread"), "emigration": _("Emigration"),
            "religious_problems": _("Religious Problems"), "guillotine": _("Guillotine"),
            "purge": _("Purge"), "terror": _("Terror")}


def special_words(d: dict) -> str:
    """A special card played, one sentence per card (a translation says the card's name in the
    case its verb needs): who played it, the stack or card it took."""
    words = {"p": d["player"], "t": d["target"], "n": d.get("province")}
    card = ""
    if d.get("taken"):  # Terror's card may be another player's than the stack's: named with it
        card = card_label(d["owner"], d["taken"]) if d.get("owner") else card_name(d["taken"])
    said = {
        "lack_of_bread": lambda: _("%(p)s plays Lack of Bread: one block of %(t)s leaves province"
                                   " %(n)s", **words),
        "religious_problems": lambda: _("%(p)s plays Religious Problems: one block of %(t)s leaves"
                                        " province %(n)s", **words),
        "emigration": lambda: _("%(p)s plays Emigration: %(c)s of %(t)s goes to the discard pile",
                                c=card, **words),
        "guillotine": lambda: _("%(p)s plays the Guillotine: %(c)s of %(t)s goes back to the box",
                                c=card, **words),
        "purge": lambda: _("%(p)s plays Purge: %(c)s of %(t)s goes to the discard pile", c=card,
                           **words),
        "terror": lambda: (_("%(p)s plays Terror: the stack of %(t)s leaves province %(n)s, and %(c)s"
                             " goes back to the box", c=card, **words) if card else
                           _("%(p)s plays Terror: the stack of %(t)s leaves province %(n)s",
                             **words)),
    }
    return said[d["name"]]()


def discard_words(d: dict) -> str:
    """A card removed, named (tables stored before the card was kept in the event say less)."""
    if "card" not in d:
        return _("%(p)s: a card removed", p=d["player"])
    if d["where"] == "displays":
        return _("%(p)s: removed from the personal display: %(c)s", p=d["player"],
                 c=card_name(d["card"]))
    return _("%(p)s: removed from the hand: %(c)s", p=d["player"], c=card_name(d["card"]))


def card_name(card: dict) -> str:
    """A card as the pages name it: the name the table gave it, else its colour and value
    ("red 3": the colour agrees with the card, Russian "красная 3", Italian "rossa 3")."""
    if card.get("id") and not str(card["id"]).startswith("#"):
        return card["id"]
    value = {"v": card.get("value", "")}
    return {"red": lambda: _("red %(v)s", **value), "white": lambda: _("white %(v)s", **value),
            "blue": lambda: _("blue %(v)s", **value)}.get(card.get("faction"),
                                                          lambda: str(card.get("id")))()


def card_label(player: str, card: dict) -> str:
    """A card in a tie question or the history: its name, or its colour, value and owner
    ("red 3 (Anna)") when the table gave it none."""
    if card.get("id") and not str(card["id"]).startswith("#"):
        return card["id"]
    return _("%(c)s (%(p)s)", c=card_name(card), p=player)


def answer_words(d: dict) -> str:
    """A tie answer; the last one the election held in one tap waited for says it was held."""
    advanced = d["card"]
    if advanced and str(advanced).startswith("#") and d.get("faction"):  # the player's own card
        advanced = card_name({"id": advanced, "faction": d["faction"], "value": d.get("value")})
    said = (_("%(p)s advances %(c)s (%(x)s)", p=d["player"], c=advanced,
              x=contest_name(d["contest"])) if d["card"] else
            _("%(p)s passes (%(x)s)", p=d["player"], x=contest_name(d["contest"])))
    if d.get("held") and before_the_elections(d):
        return _("%(answer)s; the last tie is answered", answer=said)
    if d.get("held"):
        return _("%(answer)s; the last tie is answered: the elections were held", answer=said)
    return said


def before_the_elections(d: dict) -> bool:
    """Whether the change ended the game before any province voted (the counter-revolution after
    the battle, LIB-CR-2): its sentence then speaks of no elections."""
    return (d.get("ended") or {}).get("phase") in ("actions", "battle")


def faction_names() -> dict:
    """The three faction colours in the page's language."""
    return {"red": _("red"), "white": _("white"), "blue": _("blue")}


def faction_parties() -> dict:
    """The factions as parties, in the page's language: what a province's winner wins for."""
    return {"red": _("the Radicals"), "white": _("the Royalists"), "blue": _("the Moderates")}


def card_words(player: str, card: dict) -> str:
    """``Anne: a red 2 card``, one sentence per colour: the colour agrees with the card (Italian
    "una carta rossa", Russian "красная карта")."""
    values = {"p": player, "v": card.get("value", "")}
    return {"red": lambda: _("%(p)s: a red %(v)s card", **values),
            "white": lambda: _("%(p)s: a white %(v)s card", **values),
            "blue": lambda: _("%(p)s: a blue %(v)s card", **values)}[card["faction"]]()


def faction_name(faction: str) -> str:
    """The faction colour in the page's language (a stack's sentence on every tap's toast)."""
    return faction_names().get(faction, faction)


def reason_name() -> dict:
    """Why a VP award was given (docs/formats.md ``awards.reason``), in the page's language."""
    return {"battle": _("battle"), "province": _("province"),
            "government-first": _("most votes of the Government colour"),
            "government-second": _("second most votes of the Government colour"),
            "opposition-first": _("most votes of the Opposition colour")}


def ending_name() -> dict:
    """How the game ended early (docs/formats.md ``ended.how``), in the page's language."""
    return {"landslide": _("a Radical landslide (LIB-LAND-1)"),
            "counter-revolution": _("the Royalist counter-revolution (LIB-CR-1)")}


def contest_names() -> dict:
    """The ties other than a province's (docs/formats.md ``advances``), in the page's language."""
    return {"battle": _("the battle"), "government": _("the Government"),
            "opposition": _("the Opposition"),
            "vp:government:first": _("the first Government place"),
            "vp:government:second": _("the second Government place"),
            "vp:opposition:first": _("the first Opposition place")}


def contest_name(contest: str) -> str:
    """A tie's contest (``province:8``, ``battle``, …) in the page's language (LIB-ELEC-4)."""
    if contest.startswith("province:"):
        return _("province %(n)s", n=contest.split(":", 1)[1])
    return contest_names().get(contest, contest)
