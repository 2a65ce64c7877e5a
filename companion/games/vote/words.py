"""VOTE! in words, in the page's language: the history's sentences, ability and phase names.

The engine decides; this module only names what it decided. A ``play`` event carries a ``note``
written when it was stored (the President, the engine's tally, who left the game …) so that the
shared history page can say "Ann nominates Eve" from the event alone.
"""

from companion.games.vote import timer
from companion.i18n import gettext as _, names


def ability_names() -> dict:
    """The ability cards (VOTE-ABL-1..6) by the engine's ids."""
    return {"loyalty_check": _("Loyalty check"), "double_vote": _("Double vote"),
            "transfer_presidency": _("Transfer of presidential powers"),
            "eliminate": _("Eliminate another player"),
            "cancel_event": _("Cancel an applied event card"),
            "change_loyalty": _("Change loyalty")}


def ability_conditions() -> dict:
    """When each ability may be used and what it does (the rulebook's words, shortened)."""
    return {
        "loyalty_check": _("At any time. Look at the chosen player's loyalty card and say the "
                           "result aloud, true or false, never nothing."),
        "double_vote": _("Only during a vote: your vote counts twice."),
        "transfer_presidency": _("Only right after the round in which you were President: name "
                                 "the next President; the rotation goes on clockwise from that player."),
        "eliminate": _("The chosen player leaves the game whatever their points. Allowed with "
                       "exactly 5 budget or support: you leave too."),
        "cancel_event": _("Only by a player who is neither President nor PM and has just received "
                          "an event card: it is discarded without effect."),
        "change_loyalty": _("Only once a player has been eliminated: your party becomes the other "
                            "one, secretly."),
    }


def phase_names() -> dict:
    """The engine's phases as the round screen titles them."""
    return {"nominate": _("The President nominates a Prime Minister"), "vote": _("The vote"),
            "give": _("Events: the President gives the cards"),
            "end_round": _("Consequences: end the round"), "unrest": _("Unrest"),
            "tiebreak": _("Two players left: random cards decide"), "over": _("The game is over")}


def first_reasons() -> dict:
    """Why the first President is who he is (VOTE-SETUP-5), by the engine's ``by``."""
    return {"lowest budget + support": _("the lowest budget + support"),
            "higher support": _("equal budget + support, the higher support"),
            "lot": _("drawn by lot among the tied players")}


def winner_reasons() -> dict:
    """How the last players decided the game (VOTE-FEW-2, VOTE-END-1), by the engine's ``by``."""
    return {"budget + support": _("Two players left: the higher budget + support."),
            "support": _("Two players left, equal on budget + support: the higher support."),
            "elimination": _("The last player left in the game.")}


def party_names() -> dict:
    return {"democrats": _("Democrats"), "republicans": _("Republicans")}


def note(before, after, event: dict) -> dict:
    """What the history needs to tell a ``play`` event, from the games before and after it."""
    kind = event.get("type")
    found = {"round": before.round, "president": before.president}
    if kind == "vote":
        found.update(candidate=before.candidate, tally=after.last_vote)
    elif kind == "give":
        player = next(p for p in after.players if p.name == event.get("to"))
        found.update(points=[player.budget, player.support], pm=before.prime_minister)
    elif kind in ("end_round", "unrest") or event.get("ability") == "transfer_presidency":
        found.update(next=after.president)
    elif kind == "random_card" and not after.random_cards:  # the last card in: all of them applied
        found.update(applied=True)
    was_in = {p.name for p in before.players if p.in_game}
    left = [p.name for p in after.players if p.name in was_in and not p.in_game]
    if left:
        found["eliminated"] = left
    if after.winner and not before.winner:
        found["winner"] = after.winner
    return found


def describe(event: dict) -> str:
    """One sentence for the history and for a stale write's notice (an event it cannot read,
    from an imported file, is named by its kind)."""
    try:
        return event_sentence(event["data"], event["kind"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return str(event.get("kind"))


def event_sentence(d: dict, kind: str) -> str:
    if kind == "dice":
        rolls = d["dice"] if isinstance(d["dice"], dict) else {d["player"]: d["dice"]}
        text = ", ".join(_("%(p)s %(a)s and %(b)s", p=n, a=v[0], b=v[1]) for n, v in rolls.items())
        return (_("dice rolled on screen: %(rolls)s", rolls=text) if d.get("rolled")
                else _("dice entered: %(rolls)s", rolls=text))
    if kind == "start":
        if d.get("president"):
            return _("the game starts: %(p)s is the first President", p=d["president"])
        return _("the game starts")
    if kind == "options":
        return (_("votes are shown in full") if d.get("votes") == "full"
                else _("votes are shown as totals only"))
    if kind == "timer":
        return timer_sentence(d)
    if kind == "play":
        return play_sentence(d["event"], d.get("note") or {})
    return kind


def timer_sentence(d: dict) -> str:
    words = {"start": lambda: _("discussion timer started: %(t)s", t=timer.clock(d["seconds"])),
             "pause": lambda: _("discussion timer paused"),
             "resume": lambda: _("discussion timer resumed"),
             "extend": lambda: _("discussion timer extended by %(t)s", t=timer.clock(d["seconds"])),
             "stop": lambda: _("discussion timer stopped")}
    return words.get(d.get("action"), lambda: _("discussion timer"))()


def play_sentence(e: dict, n: dict) -> str:
    """An engine event in words, with what followed from it (eliminations, a win)."""
    kind = e.get("type")
    president = n.get("president") or _("the President")
    words = {
        "nominate": lambda: _("%(p)s nominates for Prime Minister: %(c)s", p=president,
                              c=e.get("candidate")),
        "vote": lambda: vote_sentence(e, n),
        "give": lambda: give_sentence(e, n, president),
        "ability": lambda: ability_sentence(e),
        "unrest": lambda: _("unrest: a random card applied to each player"),
        "eliminate": lambda: _("the table announces that %(p)s is eliminated",
                               p=e.get("player", e.get("target"))),
        "end_round": lambda: (_("end of round %(r)s; the next President is %(p)s", r=n["round"],
                                p=n["next"]) if n.get("next") else _("end of the round")),
        "tiebreak": lambda: _("a random card for each of the last two players"),
        "random_card": lambda: random_card_sentence(e, n),
        "party_won": lambda: _("the table announces that the %(party)s win",
                               party=party_names().get(e.get("party"), e.get("party"))),
    }
    text = words.get(kind, lambda: str(kind))()
    if n.get("eliminated"):
        text += "; " + _("eliminated: %(p)s", p=names(n["eliminated"]))
    if n.get("winner") and n["winner"].get("player"):
        text += "; " + _("%(p)s's party wins", p=n["winner"]["player"])
    return text


def random_card_sentence(e: dict, n: dict) -> str:
    """One player's random card (VOTE-GOV-6); the last one in applies them all."""
    card = e.get("card")
    shows = (_("an ability card") if card == "ability"
             else f"{signed(card[0])}/{signed(card[1])}")
    text = _("random card of %(p)s: %(card)s", p=e.get("player"), card=shows)
    return text + "; " + _("all the cards are in and apply") if n.get("applied") else text


def vote_sentence(e: dict, n: dict) -> str:
    tally = n.get("tally")
    if not tally:
        return _("vote")
    result = _("elected") if tally["elected"] else _("the election fails")
    return _("vote on %(c)s: %(y)s yes, %(n)s no — %(result)s", c=n.get("candidate"),
             y=tally["yes"], n=tally["no"], result=result)


def give_sentence(e: dict, n: dict, president: str) -> str:
    to = e.get("to")
    if e.get("ability") and to == president:
        return _("%(p)s keeps an ability card", p=president)
    if e.get("ability"):
        return _("%(p)s gives %(to)s an ability card", p=president, to=to)
    mods = f"{signed(e.get('budget', 0))}/{signed(e.get('support', 0))}"
    points = n.get("points")
    after = f" → {points[0]}/{points[1]}" if points else ""
    if to == president:
        return _("%(p)s keeps a card: %(mods)s", p=president, mods=mods) + after
    return _("%(p)s gives %(to)s a card: %(mods)s", p=president, to=to, mods=mods) + after


def ability_sentence(e: dict) -> str:
    name = ability_names().get(e.get("ability"), e.get("ability"))
    if e.get("ability") == "eliminate" and e.get("target"):
        return _("%(p)s eliminates %(t)s", p=e.get("player"), t=e["target"])
    if e.get("target"):
        return _("%(p)s uses %(a)s on %(t)s", p=e.get("player"), a=name, t=e["target"])
    return _("%(p)s uses %(a)s", p=e.get("player"), a=name)


def signed(n) -> str:
    """A modifier as a card prints it: +1, −2, 0."""
    return f"{n:+d}".replace("-", "−") if isinstance(n, int) and n else "0"
