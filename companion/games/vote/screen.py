"""What the VOTE! screens show, taken from the engine: the set-up and the round.

Every number and decision comes from ``companion.scorers.vote`` (the loyalty split, the starting
points, the first President, who is eligible and why not, the cards to the PM and the President,
who may receive the next card, which abilities are allowed and for whom, the winner).
"""
from companion.scorers.vote import random_cards
from companion.scorers.vote.abilities import ABILITIES, TARGETED
from companion.scorers.vote.government import FAILURES_FOR_UNREST
from companion.scorers.vote.replay import result
from companion.scorers.vote.setup import CARDS_IN_HAND, deal, loyalty_split, starting_points
from companion.scorers.vote.state import ABILITY
from companion.games.vote import position as vote_position
from companion.games.vote import timer
from companion.games.vote.words import signed

HIGH = 10  # points are held in 0..10 (VOTE-END-5); the bars have one step per point


def setup_view(p: dict) -> dict:
    """The set-up: the split to deal, each player's dice and starting points, the first President."""
    rows = []
    for index, name in enumerate(p["players"]):
        rolled = p["dice"].get(name)
        rows.append({"index": index, "name": name, "dice": rolled,
                     "rolled": name in p["rolled"],
                     "points": starting_points(rolled) if rolled else None})
    count = len(p["players"])
    return {"rows": rows, "split": loyalty_split(count), "deal": deal(count),
            "first": vote_position.first(p), "ready": all(r["dice"] for r in rows),
            "missing": [r["name"] for r in rows if not r["dice"]]}


def round_view(p: dict) -> dict:
    """The round: the engine's result, sorted into what each part of the screen shows."""
    game = p["game"]
    r = result(game)
    legal = r["legal"]
    expected = legal[0] if legal and legal[0]["type"] not in ("ability", "party_won") else None
    usable = [dict(a, cost=ABILITIES[a["ability"]], targeted=a["ability"] in TARGETED)
              for a in legal if a["type"] == "ability"]
    seats = [pl["name"] for pl in r["players"]]
    in_game = [pl["name"] for pl in r["players"] if pl["in_game"]]
    named = expected is not None and expected["type"] in ("nominate", "give")
    return {
        "r": r, "seats": seats, "expected": expected,
        # who the rules name for the expected move (VOTE-GOV-2: the President nominates; VOTE-EVT-3:
        # the President gives); None when the table enters it together (the vote, the round's end)
        # or the President has left the game meanwhile (a card he kept): any phone gives the rest
        "actor": r["president"] if named and r["president"] in in_game else None,
        "president_out": r["president"] if named and r["president"] not in in_game else None,
        "abilities": [a for a in usable if a["ability"] != "double_vote"],
        # VOTE-ABL-3: the window between two rounds, shown on every phone while it is open
        "transfer_users": next((a["players"] for a in usable if a["ability"] == "transfer_presidency"), []),
        "cards_in": game.dealt,
        "cancel_users": next((a["players"] for a in usable if a["ability"] == "cancel_event"), []),
        "doubles": next((a["players"] for a in usable if a["ability"] == "double_vote"), []),
        "double_cost": ABILITIES["double_vote"],
        "party_won": any(a["type"] == "party_won" for a in legal),
        "in_game": in_game,
        "players": [dict(pl, index=i, steps=range(1, HIGH + 1)) for i, pl in enumerate(r["players"])],
        # VOTE-FEW-1: the round has no PM because it opened with three players, not because three are
        # left now (a PM whose round began with four keeps his plaque to the end of the round)
        "three_left": r["phase"] in ("give", "end_round") and game.prime_minister is None,
        "unrest_after": FAILURES_FOR_UNREST,
        "hand": CARDS_IN_HAND,
        "log": list(reversed(r["log"][-12:])),
        "already_doubled": list(game.doubles),
        "given": [dict(g, mods=f"{signed(g['budget'])}/{signed(g['support'])}" if not g.get("ability")
                       else None) for g in p.get("given", [])[-len(game.gives):]] if game.gives else [],
    }


def random_view(game, seat: str | None, phones: set[str]) -> dict:
    """The unrest's or the tie-break's random cards (VOTE-GOV-6): whose are in (and what they
    show), whose are missing, and whose the pad enters with one tap on this phone: its own
    player's while missing, else the first missing player no phone sits as (the table's phone
    enters those), else nobody (a tap on a name picks one)."""
    missing = random_cards.missing(game)
    entered = random_cards.entered(game)
    pick = seat if seat in missing else next((n for n in missing if n not in phones), None)
    return {"awaited": random_cards.awaited(game), "missing": missing, "pick": pick,
            "entered": {n: (None if c == ABILITY else f"{signed(c[0])}/{signed(c[1])}")
                        for n, c in entered.items()}}


def timer_view(p: dict, now: float | None = None) -> dict:
    """The discussion timer as it stands at this request (the server's clock)."""
    state = p.get("timer") or timer.IDLE
    seconds = timer.left(state, timer.now() if now is None else now)
    return {"state": state["state"], "left": seconds, "clock": timer.clock(seconds),
            "lengths": [(s, timer.clock(s)) for s in timer.LENGTHS]}


def history_rows(p: dict) -> list[dict]:
    """The governments and votes, newest first."""
    return list(reversed(p["history"]))
