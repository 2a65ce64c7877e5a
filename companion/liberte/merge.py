"""Which Liberté changes are independent, so that two phones tapping at once both get through.

Each event touches one *scope*: a stack changes one province, a card one player's cards, tokens and
VPs one player's entry. Two events in different scopes commute: either order gives the same
position, so a write made from an older version can be applied on top of the newer one (the rules
still check the result, e.g. the box counts of LIB-PLACE-4). Anything else (turn, play order, the
profile, the election, undo, reset) has no scope and conflicts with every event.
"""

SCOPES = {
    "stack": lambda d: ("province", str(d["province"])),
    "card": lambda d: ("cards", d["player"]),
    "discard": lambda d: ("cards", d["player"]),  # an index into the list another card may shift
    "battle": lambda d: ("battle", d["player"]),
    "vp": lambda d: ("vp", d["player"]),
}


def scope(event: dict):
    """The part of the position ``event`` changes, or None when it may change anything."""
    of = SCOPES.get(event["kind"])
    try:
        return of(event["data"]) if of else None
    except (KeyError, TypeError):
        return None


def conflicts(event: dict, since: list[dict]) -> bool:
    """Whether ``event``, made before ``since`` happened, may no longer be applied as it is."""
    mine = scope(event)
    return mine is None or any(scope(other) in (None, mine) for other in since)
