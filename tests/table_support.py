"""Tables made and played as a phone would, through the Flask test client: the helpers behind the
``table`` and ``vote_table`` fixtures (tests/conftest.py), importable by any test module."""
from html.parser import HTMLParser

PLAYERS = ["Christie", "Joshua", "Max"]
SEVEN = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]
# Cid (2/2) is the first President; Ann (7/7) is three points from 10/10 on each.
DICE = {"Ann": (6, 6), "Bob": (3, 4), "Cid": (1, 1), "Dan": (4, 4), "Eve": (5, 2), "Fay": (2, 5),
        "Gil": (3, 3)}
ALL = list(DICE)
# The dice of DICE with Cid alone at the lowest total, so the first President.
FIRST_CID = {"Ann": (6, 6), "Bob": (3, 4), "Cid": (1, 1), "Dan": (4, 4), "Eve": (5, 2),
             "Fay": (2, 5), "Gil": (3, 3)}


class _Version(HTMLParser):
    """The table version a page carries: ``data-version`` of ``#shown`` (what companion.js reads),
    else the ``version`` field of its first form."""

    def __init__(self):
        super().__init__()
        self.shown = self.field = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id") == "shown" and self.shown is None:
            self.shown = attrs.get("data-version")
        elif tag == "input" and attrs.get("name") == "version" and self.field is None:
            self.field = attrs.get("value")


def version_of(response) -> int | None:
    """The table version an answer shows, read from the page's data; None if it shows none."""
    parser = _Version()
    parser.feed(response.get_data(as_text=True))
    found = parser.shown if parser.shown is not None else parser.field
    return None if found is None else int(found)


class TableHelper:
    """Create a Liberté table as its host and make changes on it, as a phone would."""
    game = "liberte"

    def __init__(self, client, players=PLAYERS, language="en", **options):
        self.client = client
        self.players = list(players)
        data = {"game": self.game, "players": "\n".join(players), "language": language}
        data.update({f"option-{k}": v for k, v in options.items()})
        response = client.post("/tables", data=data)
        assert response.status_code == 303, response.data
        self.code = response.location.split("/")[2]
        self.version = 0

    def sit(self, player=None, client=None):
        player = self.players[0] if player is None else player
        return (client or self.client).post(f"/t/{self.code}/seat", data={"player": player})

    def seated_phone(self, player=None):
        """Another phone at this table, seated as ``player`` (the first player by default):
        every change to a table is made from a player's seat or by the host (TABLE-SEAT)."""
        client = self.client.application.test_client()
        self.sit(player, client)
        return client

    def post(self, path, data, htmx=True, client=None, version=None):
        """A write made from the version this helper last saw; remembers the new one."""
        data = dict(data, version=self.version if version is None else version)
        headers = {"HX-Request": "true"} if htmx else {}
        response = (client or self.client).post(path, data=data, headers=headers)
        shown = version_of(response)
        if shown is not None:
            self.version = shown
        elif response.status_code == 303:
            self.version += 1
        return response

    def stack(self, province, player, faction, blocks, add=None, **kw):
        """A tap on a stack's − or + (``add``: the add-a-stack sheet)."""
        data = {"province": province, "player": player, "faction": faction, "blocks": blocks}
        return self.post(f"/liberte/{self.code}/", data | ({"add": add} if add else {}), **kw)

    def displays(self, kind, data, **kw):
        return self.post(f"/liberte/{self.code}/displays/{kind}", data, **kw)



class VoteTable(TableHelper):
    """Create a VOTE! table as its host and play it from the round screen's forms."""
    game = "vote"

    def __init__(self, client, players=SEVEN, language="en", **options):
        super().__init__(client, players, language, **options)

    def at(self, path: str) -> str:
        return f"/vote/{self.code}{path}"

    def dice(self, player, budget_die, support_die, **kw):
        return self.post(self.at("/dice"), {"player": player, "budget_die": budget_die,
                                            "support_die": support_die}, **kw)

    def start(self, dice=None, **kw):
        """Enter ``dice`` ({name: (budget die, support die)}) and start."""
        for name, (b, s) in (dice or {}).items():
            assert self.dice(name, b, s).status_code == 200
        return self.post(self.at("/start"), {}, **kw)

    def play(self, move, data=None, **kw):
        return self.post(self.at(f"/play/{move}"), data or {}, **kw)

    def nominate(self, candidate, **kw):
        return self.play("nominate", {"candidate": candidate}, **kw)

    def vote(self, yes=(), no=(), double=(), **kw):
        """Ballots by name (the per-player form)."""
        data = {f"ballot-{self.players.index(n)}": "yes" for n in yes}
        data.update({f"ballot-{self.players.index(n)}": "no" for n in no})
        data.update({f"double-{self.players.index(n)}": "1" for n in double})
        return self.play("vote", data, **kw)

    def counts(self, yes, no, double=(), **kw):
        data = {"mode": "counts", "yes": yes, "no": no}
        data.update({f"double-{self.players.index(n)}": "1" for n in double})
        return self.play("vote", data, **kw)

    def give(self, to, budget=0, support=0, ability=False, **kw):
        data = {"to": to, "card": "ability" if ability else "event", "budget": budget,
                "support": support}
        return self.play("give", data, **kw)

    def ability(self, player, ability, target=None, **kw):
        data = {"player": player, "ability": ability}
        if target:
            data["target"] = target
        return self.play("ability", data, **kw)

    def cards(self, move, cards: dict, **kw):
        """Unrest or tiebreak: ``cards`` {name: (budget, support)}."""
        data = {}
        for name, (b, s) in cards.items():
            data.update({f"{self.players.index(name)}-budget": b,
                         f"{self.players.index(name)}-support": s})
        return self.play(move, data, **kw)

    def card(self, player, mods, **kw):
        """One player's random card in the unrest or the tie-break (VOTE-GOV-6): ``mods``
        ``(budget, support)`` tapped on the pad, or "ability"."""
        data = {"player": player, "mods": mods if mods == "ability" else "%s,%s" % mods}
        return self.play("random_card", data, **kw)

    def each_card(self, cards: dict, **kw):
        """Every player's random card, one after another (each as from his own phone); the last
        answer."""
        for name, mods in cards.items():
            answer = self.card(name, mods, **kw)
            assert answer.status_code == 200, answer.data
        return answer

    def timer(self, action, seconds=None, **kw):
        data = {"action": action} | ({"seconds": seconds} if seconds is not None else {})
        return self.post(self.at("/timer"), data, **kw)

    def position(self, app):
        """The table's position as the server holds it (the engine's game under "game")."""
        from companion.table import events, games, tables
        from companion.table.db import get_db
        with app.app_context():
            return events.position(get_db(), tables.find(self.code), games.get("vote"))


class TilesTable(TableHelper):
    """A table of Tiles, the table core's own game (tests/table/games/tiles/, registered by the
    ``core_app`` fixture of tests/table/conftest.py)."""
    game = "tiles"

    def tile(self, square, player, height, **kw):
        return self.post(f"/tiles/{self.code}/", {"square": square, "player": player,
                                                  "height": height}, **kw)


def night_table(client, language="ru", players=("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya")) -> str:
    """A VOTE! table for the narrated night, created by ``client``; its join code."""
    response = client.post("/tables", data={"game": "vote", "players": "\n".join(players),
                                            "language": language})
    assert response.status_code == 303, response.data
    return response.location.split("/")[2]


class Clock:
    """The server's clock, moved by hand (the ``clock`` fixture of tests/games/vote/conftest.py)."""

    def __init__(self, now=1_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


def profile_form(fleur=(), vp=None, names=None, battle=("4", "", "")):
    """The Liberté board profile form: ``vp`` {province: points}, ``fleur`` the lily provinces."""
    data = {"profile-name": "My copy"}
    for n in range(1, 28):
        data[f"vp-{n}"] = str((vp or {}).get(n, 0))
        if n in fleur:
            data[f"fleur-{n}"] = "1"
        if names and n in names:
            data[f"name-{n}"] = names[n]
    data.update({"battle-2": battle[0], "battle-3": battle[1], "battle-4": battle[2]})
    return data


def paris_tie(table):
    """Christie and Joshua equal in Paris (province 8), each with red cards to advance."""
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Joshua", "red", 3)
    table.displays("card", {"player": "Christie", "faction": "red", "value": 3, "id": "marat"})
    table.displays("card", {"player": "Christie", "faction": "red", "value": 2, "id": "robespierre"})
    table.displays("card", {"player": "Joshua", "faction": "red", "value": 3, "id": "danton"})


def advance(table, player, card, step="8"):
    """A player's answer to the election's tie in province ``step``: advance ``card`` or pass."""
    return table.post(f"/liberte/{table.code}/election/advance",
                      {"contest": "province:8", "player": player, "card": card, "step": step})


def vote_to_the_last_card(t):
    """A VOTE! game of seven (``t``, a VoteTable) to Ann's 10/10 (VOTE-END-2), but for the round's
    last card: three failed elections and unrest in rounds 1-3, Gil out of the game, then a
    government whose cards take Ann to 10/10 once Fay gives herself the last one (0/−1)."""
    assert t.start(DICE).status_code == 200
    t.nominate("Eve")
    t.vote(yes=["Ann", "Bob", "Eve"], no=["Cid", "Dan", "Fay", "Gil"])
    t.nominate("Ann")
    t.counts(3, 4)
    t.nominate("Bob")
    t.vote(yes=["Bob", "Eve"], no=["Ann", "Cid", "Dan", "Fay", "Gil"])
    t.cards("unrest", {name: (0, 0) for name in DICE} | {"Gil": (-4, 0), "Cid": (1, 1)})
    t.nominate("Dan")
    t.vote(yes=["Dan", "Fay", "Bob"], no=["Ann", "Cid", "Eve"], double=["Bob"])
    t.give("Ann", 3, 3)
    assert t.give("Dan", ability=True).status_code == 200
