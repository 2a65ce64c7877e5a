"""Rules 15.5 and 16: the resources track, one line per nation.

A track maps a nation to ``{"resources": n, "marker": bool}`` (the +1 key-area marker, which only
the card The Emperor Commands played as an event gives). Nations left out hold nothing.
"""
from companion.scorers.conquest.nations import NATIONS, TRACKED, known, nation_name, number
from companion.scorers.rules import RuleError
from companion.scorers.sentence import plural, sentence

ACTIONS = ("conquest", "surrender", "spend", "score")
EMPEROR = sentence("The +1 key-area marker is gained only by playing the card The Emperor Commands as an "
                   "event (CONQ-RES-5)")
IN_HAND = (sentence("Until used, resources do not count against the hand-size limit or the chance to "
                    "intercept an impulse (CONQ-RES-6)"),
           sentence("A resource may stand in for a card, held or not, as an innate Reserve: for a plain "
                    "draw, or a draw with the play of any other non-Reserve card (CONQ-RES-7)"),
           sentence("A player with no cards skips impulses and plays a resource (or a Reserve, 6.2) in "
                    "later rounds; but no resource starts a new impulse once the last player has no "
                    "playable card left (CONQ-RES-8)"))


def read_track(track: dict) -> dict:
    """The track, every nation on it, checked: 0 to 99 resources each."""
    if not isinstance(track, dict):
        raise RuleError(sentence("the track maps each nation to its resources"), "CONQ-RES-1")
    read = {}
    for nation in TRACKED:
        line = track.get(nation) or {}
        if isinstance(line, int):
            line = {"resources": line}
        read[nation] = {"resources": number(line.get("resources", 0), nation_name(nation), 0, 99, "CONQ-RES-1"),
                        "marker": bool(line.get("marker"))}
    for nation in track:
        known(nation, "CONQ-RES-1", TRACKED)
    return read


def resources(track: dict, action: str, winner: str | None = None, victim: str | None = None) -> dict:
    """The track after ``action``, and what each nation's unused resources are worth.

    conquest / surrender: ``winner`` conquers ``victim`` or accepts its surrender: +1 resource to
    the winner (CONQ-RES-1); the victim loses all its resources and its +1 key-area marker
    (CONQ-RES-2), which only The Emperor Commands played as an event gives back (CONQ-RES-5). The
    victim may be "other" (a minor country, off the track): the winner still moves up one box.
    spend: ``winner`` spends one resource in its impulse to draw a card (CONQ-RES-4), with what
    16.2 says of resources in hand (CONQ-RES-6..8). score: no change. Every answer gives
    ``points``: one per unused resource at the end of the game (CONQ-RES-3).
    Answers ``{"track", "points", "log"}``."""
    track = read_track(track)
    if action not in ACTIONS:
        raise RuleError(sentence("unknown action %(a)r: conquest, surrender, spend or score", a=action),
                        "CONQ-RES-1")
    log = []
    if action in ("conquest", "surrender"):
        transfer(track, known(winner, "CONQ-RES-1", TRACKED), known(victim, "CONQ-RES-2", NATIONS),
                 action, log)
    elif action == "spend":
        spend(track, known(winner, "CONQ-RES-4", TRACKED), log)
    points = {nation: line["resources"] for nation, line in track.items()}
    for nation, n in points.items():
        if n:
            log.append(plural("%(nation)s: %(n)s unused resource, %(n)s VP at the end of the game (CONQ-RES-3)",
                              "%(nation)s: %(n)s unused resources, %(n)s VP at the end of the game "
                              "(CONQ-RES-3)", n, nation=nation_name(nation)))
    if not any(points.values()):
        log.append(sentence("No nation holds a resource: no VP from resources (CONQ-RES-3)"))
    return {"track": track, "points": points, "log": log}


def transfer(track: dict, winner: str, victim: str, action: str, log: list) -> None:
    """CONQ-RES-1, CONQ-RES-2 and CONQ-RES-5 for one conquest or accepted surrender."""
    if winner == victim:
        raise RuleError(sentence("a nation cannot conquer itself or surrender to itself"), "CONQ-RES-1")
    before = track[winner]["resources"]
    if before == 99:
        raise RuleError(sentence("%(w)s: the track ends at 99", w=nation_name(winner)), "CONQ-RES-1")
    track[winner] = dict(track[winner], resources=before + 1)
    names = {"w": nation_name(winner), "v": nation_name(victim), "a": before, "b": before + 1}
    log.append(sentence("%(w)s conquers %(v)s: %(w)s moves its resources marker up one box (%(a)s → %(b)s) "
                        "(CONQ-RES-1)", **names) if action == "conquest" else
               sentence("%(v)s surrenders to %(w)s, who accepts: %(w)s moves its resources marker up one box "
                        "(%(a)s → %(b)s) (CONQ-RES-1)", **names))
    if victim not in track:  # "other": a minor country, off the track
        log.append(sentence("The victim is not on the track: whatever resources and +1 key-area marker it "
                            "holds are lost, to nobody (CONQ-RES-2)"))
        return
    lost = track[victim]
    said = {"v": nation_name(victim), "n": lost["resources"]}
    log.append(sentence("%(v)s loses all its resources (%(n)s → 0) and its +1 key-area marker (CONQ-RES-2)",
                        **said) if lost["marker"] else
               sentence("%(v)s loses all its resources (%(n)s → 0) (CONQ-RES-2)", **said))
    track[victim] = {"resources": 0, "marker": False}
    if lost["marker"]:
        log.append(EMPEROR)


def spend(track: dict, nation: str, log: list) -> None:
    """CONQ-RES-4: one resource spent in the player's impulse to draw a card from the deck."""
    before = track[nation]["resources"]
    if not before:
        raise RuleError(sentence("%(n)s has no resource to spend", n=nation_name(nation)), "CONQ-RES-4")
    track[nation] = dict(track[nation], resources=before - 1)
    log.append(sentence("%(n)s spends a resource to draw a card from the deck (%(a)s → %(b)s) (CONQ-RES-4)",
                        n=nation_name(nation), a=before, b=before - 1))
    log.extend(IN_HAND)
