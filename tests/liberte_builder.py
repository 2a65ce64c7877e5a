"""Builders for Liberté scenarios in tests: positions read like the table, in docs/formats.md JSON."""
from companion.scorers.liberte import check_json, resolve_json

PLAYERS = ["Christie", "Joshua", "Max"]


def stack(player, faction, blocks):
    return {"player": player, "faction": faction, "blocks": blocks}


def card(card_id, faction, value, **flags):
    return {"id": card_id, "faction": faction, "value": value, **flags}


def general(card_id, faction, value):
    return card(card_id, faction, value, general=True)


def votes(player, faction, provinces):
    """Single stacks of one block in ``provinces``: each returns one vote of ``faction`` to ``player``."""
    return {n: [stack(player, faction, 1)] for n in provinces}


def board_map(fleur_de_lis=(), vp=None, battle_vp=None):
    """A board profile marking fleur-de-lis and VP provinces (docs/rules/liberte-board.md)."""
    provinces = {str(n): {"fleur_de_lis": True} for n in fleur_de_lis}
    for n, points in (vp or {}).items():
        provinces.setdefault(str(n), {})["vp"] = points
    return {"name": "test board", "provinces": provinces, "battle_vp": battle_vp or {"2": 4, "3": 5, "4": 6}}


def scenario(turn=1, players=PLAYERS, board=None, **fields):
    data = {"turn": turn, "players": list(players),
            "board": {str(n): stacks for n, stacks in (board or {}).items()}}
    data.update(fields)
    return data


def resolve(**fields):
    return resolve_json(scenario(**fields))


def check(**fields):
    return check_json(scenario(**fields))


def province(result, number):
    return result["provinces"][number - 1]


def awards(result, reason=None):
    """{player: vp} of the awards (of one reason)."""
    got = {}
    for award in result["awards"]:
        if reason is None or award["reason"] == reason:
            got[award["player"]] = got.get(award["player"], 0) + award["vp"]
    return got


def sentence(result, start):
    """The log sentence that starts with ``start``."""
    found = [line for line in result["log"] if line.startswith(start)]
    assert len(found) == 1, (start, result["log"])
    return found[0]
