"""The two sudden deaths: the Radical landslide (LIB-LAND) and the Royalist counter-revolution (LIB-CR)."""
from companion.scorers.liberte.cards import RED, WHITE, blocks_on_cards
from companion.scorers.liberte.control import controlling_stack
from companion.scorers.liberte.ranking import standings

LANDSLIDE_VOTES = 17
COUNTER_REVOLUTION_PROVINCES = 7
COUNTER_REVOLUTION_TURNS = (3, 4)


def faction_points(faction, players, board, displays, hands, votes_held=None) -> dict:
    """A player's blocks of ``faction``: votes he holds (landslide only), blocks in his stacks on the
    board, and blocks shown on the cards in his hand and on his display (LIB-LAND-2, LIB-CR-3)."""
    points = {}
    for player in players:
        on_board = sum(s.blocks for stacks in board.values() for s in stacks
                       if s.player == player and s.faction == faction)
        held = (votes_held or {}).get(player, {}).get(faction, 0)
        points[player] = held + on_board + on_cards(faction, player, displays, hands)
    return points


def on_cards(faction, player, displays, hands) -> int:
    return blocks_on_cards(displays.get(player, []) + hands.get(player, []), faction)


def sudden_death_ranking(points, faction, players, displays, hands, vp=None) -> dict:
    """Most points wins; tie: most blocks of the faction on cards in hand and display; still tied:
    shared victory (LIB-LAND-3, LIB-CR-3). Every player ranked the same way (LIB-END-3):
    {"winners", "standings", "decided"}."""
    cards = {p: on_cards(faction, p, displays, hands) for p in players}
    return standings(players, vp or {}, points, cards, faction)


def landslide(red_votes, players, board, displays, hands, votes_held, vp=None):
    """LIB-LAND-1: 17 or more red votes after the 27 provinces end the game; returns None or
    {"points", "winners", "standings", "decided"} (LIB-LAND-2/3, LIB-END-3)."""
    if red_votes < LANDSLIDE_VOTES:
        return None
    points = faction_points(RED, players, board, displays, hands, votes_held)
    return {"points": points, **sudden_death_ranking(points, RED, players, displays, hands, vp)}


def white_controlled(board, profile) -> list:
    """Fleur-de-lis provinces controlled (LIB-CTRL-1) by a white stack; two equal highest white stacks
    control nothing (LIB-CR-1)."""
    provinces = []
    for number in profile.fleur_de_lis:
        stack = controlling_stack(board.get(number, []))
        if stack is not None and stack.faction == WHITE:
            provinces.append(number)
    return provinces


def counter_revolution(turn, board, profile, lost_battles, players, displays, hands, vp=None) -> dict:
    """LIB-CR-1, LIB-CR-2, LIB-CR-3: the count (None while the profile marks no fleur-de-lis), whether the check
    applies this turn, and when it triggers, each player's white points, the winners and every player's
    place (LIB-END-3: ``standings``, and ``decided``, what broke a tie for the first place)."""
    provinces = white_controlled(board, profile)
    count = len(provinces) + lost_battles if profile.fleur_de_lis else None
    active = turn in COUNTER_REVOLUTION_TURNS
    triggered = active and count is not None and count >= COUNTER_REVOLUTION_PROVINCES
    points, ranking = {}, {"winners": [], "standings": [], "decided": None}
    if triggered:
        points = faction_points(WHITE, players, board, displays, hands)
        ranking = sudden_death_ranking(points, WHITE, players, displays, hands, vp)
    return {"count": count, "needed": COUNTER_REVOLUTION_PROVINCES, "active": active, "triggered": triggered,
            "provinces": provinces, "lost_battles": lost_battles, "points": points, **ranking}
