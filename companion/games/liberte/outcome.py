"""What an election changed, told the way the table needs it once it is recorded: each player's VPs
before and after, and the checklist of what to change on the physical board.

Everything here is derived from the engine's result (``board_after`` against the board, the
displays after the ties against the displays before, the VPs, the votes, the lost battles), never
guessed: the companion only says what the engine decided.
"""


def vp_changes(position: dict, result: dict) -> list[dict]:
    """Each player's VPs before and after the election and why, in next turn's play order."""
    before = position["vp"]
    reasons = {}
    for award in result["awards"]:
        reasons.setdefault(award["player"], []).append(award)
    players = sorted(position["players"], key=lambda p: -result["vp"].get(p, 0))
    return [{"player": p, "before": before.get(p, 0), "after": result["vp"].get(p, 0),
             "awards": reasons.get(p, [])} for p in players]


def blocks_off(board: dict, after: dict, provinces: list) -> list[dict]:
    """Each stack that lost blocks, province by province: the winner takes his votes off it
    (LIB-ELEC-3 one block, LIB-ELEC-6 Paris the whole stack), and after a tie the rest returns to
    the supply (LIB-ELEC-5). ``votes``: taken as votes; ``supply``: back to the supply."""
    won = {str(p["number"]): (p["winner"], p["votes"]) for p in provinces if p["winner"]}
    changes = []
    for number in sorted(board, key=int):
        left = {s["player"]: s["blocks"] for s in after.get(number, [])}
        winner, votes = won.get(number, (None, 0))
        for stack in board[number]:
            off = stack["blocks"] - left.get(stack["player"], 0)
            if off > 0:
                kept = votes if stack["player"] == winner else 0
                changes.append({"province": int(number), "player": stack["player"],
                                "faction": stack["faction"], "before": stack["blocks"],
                                "after": stack["blocks"] - off, "votes": kept,
                                "supply": off - kept})
    return changes


def discarded(displays: dict, after: dict) -> list[dict]:
    """The cards advanced in ties: they leave their display for good (LIB-ELEC-4)."""
    gone = []
    for player, cards in displays.items():
        left = [c.get("id") for c in after.get(player, [])]
        for card in cards:
            if card.get("id") in left:
                left.remove(card.get("id"))
            else:
                gone.append({"player": player, "card": card})
    return gone


def checklist(position: dict, result: dict, refresh_hands: bool) -> dict:
    """What to change on the physical board after the election, from the engine's result."""
    return {"blocks": blocks_off(position["board"], result["board_after"], result["provinces"]),
            "discard": discarded(position["displays"], result["displays_after"]),
            "votes": result["votes"], "track": result["track"],
            "government": result["government"], "opposition": result["opposition"],
            "battle_box": sorted(p for p, tokens in position["battle"].items() if tokens),
            "lost_battle": result["lost_battles"] > position["lost_battles"],
            "refresh_hands": refresh_hands and any(result["displays_after"].values())}

