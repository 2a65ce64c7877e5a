"""Which Liberté changes are independent, so that two phones tapping at once both get through.

Each event touches one *scope*: a stack changes one player's stack in one province (two phones
adding stacks for different players in one province merge; the rules still check the province
after both, LIB-PLACE-2), a card one player's cards, tokens and VPs one player's entry. Two events in different scopes commute: either order gives the same
position, so a write made from an older version can be applied on top of the newer one (the rules
still check the result, e.g. the box counts of LIB-PLACE-4). Anything else (turn, play order, the
profile, the election, undo, reset) has no scope and conflicts with every event.
"""
from companion.table.games import by_scope

SCOPES = {
    "stack": lambda d: ("stack", str(d["province"]), d["player"]),
    "card": lambda d: ("cards", d["player"]),
    "discard": lambda d: ("cards", d["player"]),  # an index into the list another card may shift
    "move": lambda d: ("cards", d["player"]),
    "battle": lambda d: ("battle", d["player"]),
    "vp": lambda d: ("vp", d["player"]),
}


conflicts = by_scope(SCOPES)
