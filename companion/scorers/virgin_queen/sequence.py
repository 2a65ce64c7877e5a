"""The Virgin Queen's sequence of play as a checklist: the turn, the eight phases and their steps.

``PHASES`` is the seed's summary table transcribed in English: every phase in order with its rule
id, every step with its section number as the seed lists it (an empty section where the seed gives
none), and the lines the seed writes under a step as its ``detail``. ``ARRIVALS`` are the notes of
the card draw phase on the characters that arrive. The table ticks steps off in any order (a table
may settle the ransom before its negotiations are over); the next turn waits for all of them.
"""
from dataclasses import dataclass

from companion.scorers.rules import RuleError
from companion.scorers.sentence import Sentence, sentence
from companion.scorers.virgin_queen.draw import POWERS, power_name

LAST_TURN = 7  # VQ-SEQ-1: seven turns or fewer
IMPULSE_ORDER = POWERS  # VQ-SEQ-6: Ottoman, Spain, England, France, Hapsburg, Protestant


@dataclass(frozen=True)
class Step:
    key: str
    section: str
    text: Sentence
    detail: Sentence | None = None
    name: Sentence | None = None  # the history's name for the step, when its text says more (VQ-END-1)


@dataclass(frozen=True)
class Phase:
    key: str
    rule: str
    name: Sentence
    steps: tuple
    section: str = ""


PHASES = (
    Phase("card_draw", "VQ-SEQ-3", sentence("Card draw phase"), (
        Step("characters", "8.1", sentence("Add new characters")),
        Step("fortresses", "8.2", sentence("Add fortresses and Jesuits")),
        Step("new_cards", "6.2", sentence("Add new cards to the deck")),
        Step("deal", "6.2", sentence("Shuffle the deck and deal the cards")),
        Step("treasures", "6.3/8.4", sentence("Return discarded treasures to the common pool; deal new "
                                              "treasures; check the New World riches")))),
    Phase("diplomacy", "VQ-SEQ-4", sentence("Diplomacy phase"), (
        Step("negotiation", "9.1", sentence("Negotiation segment"),
             sentence("Negotiate and announce agreements")),
        Step("ransom", "9.3", sentence("Ransom segment"),
             sentence("Pay a ransom (1 card) to get a captured army leader back")),
        Step("war", "9.4", sentence("Declarations of war segment"),
             sentence("Pay to declare new wars")))),
    Phase("spring", "VQ-SEQ-5", sentence("Spring deployment phase"), (
        Step("deploy", "", sentence("Each power places its arriving leaders, chooses its home card and "
                                    "moves one formation of land units from one capital into a space "
                                    "of its own")),
        Step("extras", "", sentence("Extra spring actions of certain powers"),
             sentence("Spain places a convoy for the Indies fleet; England assigns naval captains to "
                      "Europe; the Hapsburgs decide on their religious preference (first turn)")))),
    Phase("action", "VQ-SEQ-6", sentence("Action phase"), (
        Step("impulses", "", sentence("The powers take impulses in this order until all powers pass in "
                                      "succession: Ottoman, Spain, England, France, Hapsburg, Protestant"),
             sentence("A military or religious victory may end the game")),)),
    Phase("winter", "VQ-SEQ-7", sentence("Winter phase"), (
        Step("morisco", "20.1", sentence("Spread Morisco unrest")),
        Step("discard_treasures", "20.2", sentence("Discard unused treasures")),
        Step("loans", "20.3", sentence("Remove the markers of loaned naval units")),
        Step("return", "20.4", sentence("Leaders and units return to fortified spaces, possibly "
                                        "suffering attrition")),
        Step("alliances", "20.5", sentence("End the alliances between great powers")),
        Step("capitals", "20.6", sentence("Add 1 regular unit to each controlled capital (the Hapsburgs "
                                          "have extra options)")),
        Step("piracy", "20.7", sentence("Remove the piracy markers; return the Spanish/Portuguese "
                                        "treasures")),
        Step("espionage", "20.8", sentence("Reset espionage")),
        Step("diplomacy_reset", "20.9", sentence("Reset diplomacy")),
        Step("league", "20.10", sentence("Check whether the Catholic League is formed"),
             sentence("If it is, the Duke of Guise enters now (VQ-ARR-4)")))),
    Phase("marriage", "VQ-SEQ-8", sentence("Marriage resolution phase"), (
        Step("marriages", "21.1", sentence("Resolve the marriages")),
        Step("virgin_vp", "21.2", sentence("Award the VP for the Virgin Queen")),
        Step("age", "21.3", sentence("Age the royals")))),
    Phase("patronage", "VQ-SEQ-9", sentence("Patronage phase"), (
        Step("artists", "22.1", sentence("Evaluate the artists")),
        Step("scientists", "22.2", sentence("Evaluate the scientists")))),
    Phase("victory", "VQ-SEQ-10", sentence("Victory determination phase"), (
        Step("awards", "25.3", sentence("Award the VP for control of Paris and Central Europe")),
        Step("winner", "25.3", sentence("Determine the winner. If there is none, advance the turn "
                                        "marker one box and start a new turn"),
             name=sentence("Determine the winner"))), section="25.3"),
)

ARRIVALS = (
    ("VQ-ARR-1", sentence("From the second turn on, new historical characters enter: army and naval "
                          "leaders, naval captains, royals, artists and scientists. The Turn Track gives "
                          "how many of each type enter this turn; the scenario book says which leaders.")),
    ("VQ-ARR-2", sentence("Uluch Ali enters now in place of Dragut if Dragut was killed last turn by "
                          "the event Dragut Falls.")),
    ("VQ-ARR-3", sentence("Default leaders replacing army leaders eliminated last turn enter now, but "
                          "only if the power has no newly arriving army leader. A power never has a "
                          "default leader in play together with a regular army leader: when a regular "
                          "one arrives, remove its default leader, in play or on the Turn Track.")),
    ("VQ-ARR-4", sentence("Exception: the Duke of Guise enters in the Winter phase if the Catholic League "
                          "is formed (20.10). He is the only leader who does not arrive in the card draw "
                          "phase.")),
    ("VQ-ARR-5", sentence("The other characters go where their counter's type says: naval captains to "
                          "their power's force pool; royals to the Royal Wedding Table; artists and "
                          "scientists to the Patronage Chart (currently available). Royals, artists and "
                          "scientists show their arrival turn on the back of the counter; naval "
                          "captains' are listed in the scenario book.")),
    ("VQ-ARR-6", sentence("Arriving leaders go on their power card and appear on the map in the spring "
                          "deployment phase (Protestant army leaders may stay on the card until a "
                          "revolt). Naval leaders out of play come back now, and naval units destroyed "
                          "last turn return to each power's force pool.")),
)
NO_CHARACTERS = sentence("Not on turn 1: new characters enter from the second turn (VQ-ARR-1)")
GAME_ENDS = sentence("Determine the winner. Turn 7 is the last: the game ends here, with no new turn "
                     "(VQ-END-1)")
SCORED = sentence("What is scored at the end: the VP for control of Paris and Central Europe awarded "
                  "just above, added to the VP each power has gained during the game; then the winner "
                  "is determined (25.3) (VQ-END-1)")


def step(key: str) -> tuple[Phase, Step]:
    """The phase and step called ``key``; RuleError for a step the sequence does not have."""
    for phase in PHASES:
        for found in phase.steps:
            if found.key == key:
                return phase, found
    raise RuleError(sentence("the sequence of play has no step %(k)r", k=key), "VQ-SEQ-2")


def turn_number(turn) -> int:
    """VQ-SEQ-1: the game is played in seven turns or fewer."""
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= LAST_TURN:
        raise RuleError(sentence("turn %(t)r: the game lasts 1 to 7 turns", t=turn), "VQ-SEQ-1")
    return turn


def tick(ticked, key: str, done: bool = True) -> list[str]:
    """The ticked steps after ticking (or unticking) ``key``, in the sequence's order (VQ-SEQ-2)."""
    step(key)
    now = (set(ticked) | {key}) if done else (set(ticked) - {key})
    return [s.key for phase in PHASES for s in phase.steps if s.key in now]


def checklist(turn: int, ticked) -> dict:
    """The turn as the table walks it (VQ-SEQ-1..10): each phase with its steps ticked or not,
    the next step to do, whether the turn is complete and whether it is the last one. On turn 1
    the new characters step carries why there are none (VQ-ARR-1); on turn 7 the winner step says
    the game ends there and what is scored, not that a new turn starts (VQ-END-1)."""
    turn, done = turn_number(turn), {step(key)[1].key for key in ticked}
    phases = []
    for phase in PHASES:
        steps = [dict({"key": s.key, "section": s.section, "text": s.text, "detail": s.detail,
                       "done": s.key in done, "note": NO_CHARACTERS if s.key == "characters" and turn == 1
                       else None}, **last_turn(s, turn)) for s in phase.steps]
        phases.append({"key": phase.key, "rule": phase.rule, "name": phase.name,
                       "section": phase.section, "steps": steps, "done": all(s["done"] for s in steps)})
    upcoming = [s["key"] for p in phases for s in p["steps"] if not s["done"]]
    return {"turn": turn, "last": turn == LAST_TURN, "phases": phases,
            "next": upcoming[0] if upcoming else None, "complete": not upcoming,
            "arrivals": [{"rule": rule, "text": text} for rule, text in ARRIVALS]}


def last_turn(s: Step, turn: int) -> dict:
    """VQ-END-1: on turn 7 the winner step ends the game, and its note says what is scored."""
    return {"text": GAME_ENDS, "note": SCORED} if s.key == "winner" and turn == LAST_TURN else {}


def next_turn(turn: int, ticked) -> int:
    """VQ-SEQ-10: with no winner, the turn marker advances one box and a new turn starts, once
    every step of this turn is done (VQ-SEQ-2); never beyond turn 7 (VQ-SEQ-1)."""
    turn = turn_number(turn)
    if turn == LAST_TURN:
        raise RuleError(sentence("turn 7 is the last one: the game ends after its victory "
                                 "determination"), "VQ-SEQ-1")
    missing = checklist(turn, ticked)["next"]
    if missing:
        raise RuleError(sentence("turn %(t)s is not over: %(step)s is not done yet", t=turn,
                                 step=step(missing)[1].text), "VQ-SEQ-2")
    return turn + 1


START = {"at": 0, "passes": 0, "over": False}


def impulse(state: dict, power: str, action: str) -> dict:
    """One impulse of the action phase: ``power`` (whose impulse it must be, in the order
    Ottoman, Spain, England, France, Hapsburg, Protestant, VQ-SEQ-6) plays a card or passes; the
    phase is over when all six powers pass in succession (VQ-SEQ-11). Answers the new state with
    ``said``, the sentence for the log."""
    if state["over"]:
        raise RuleError(sentence("the action phase is over: all powers passed in succession"),
                        "VQ-SEQ-11")
    due = IMPULSE_ORDER[state["at"]]
    if power != due:
        raise RuleError(sentence("it is the impulse of %(due)s, not of %(p)s", due=power_name(due),
                                 p=power_name(power) if power in POWERS else power), "VQ-SEQ-6")
    if action not in ("play", "pass"):
        raise RuleError(sentence("an impulse plays a card or passes, not %(a)r", a=action), "VQ-SEQ-6")
    passes = state["passes"] + 1 if action == "pass" else 0
    over = passes == len(IMPULSE_ORDER)
    if action == "play":
        said = sentence("%(p)s plays a card (VQ-SEQ-6)", p=power_name(power))
    elif over:
        said = sentence("%(p)s passes: all powers passed in succession, the action phase is over "
                        "(VQ-SEQ-11)", p=power_name(power))
    else:
        said = sentence("%(p)s passes (%(n)s of 6 in succession) (VQ-SEQ-11)", p=power_name(power),
                        n=passes)
    return {"at": (state["at"] + 1) % len(IMPULSE_ORDER), "passes": passes, "over": over, "said": said}
