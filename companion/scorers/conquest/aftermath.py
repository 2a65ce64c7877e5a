"""What happens after a conquest or an accepted surrender: the checklist the helper answers with
(rules 5.7, 15.1–15.5 of seed 004), one line per step, each ending with its rule id.

The helper does not know the map, so these are the steps the table carries out on the board; the
tools of the page (ceded provinces, resources) do the arithmetic of two of them.
"""
from companion.scorers.sentence import sentence

PHASE = sentence("Conquest happens only in the Conquest phase (5.7); a player's power may surrender "
                 "before it, with the aggressor's consent (CONQ-PHASE-1)")
EACH_OTHER = sentence("Two nations cannot conquer each other at once: the first to succeed in the "
                      "sequence of play takes it, and the other's conquest does not happen (CONQ-JOINT-2)")
CEDE = sentence("Ceded provinces: the conqueror and its allies remove their flags from the victim's "
                "home provinces and roll for how many pass (the Ceded provinces tool) (CONQ-CEDE-1)")
GIFT = sentence("The conqueror may give control of a ceded province to any power of its camp that "
                "agrees (CONQ-CEDE-4)")
WITHDRAW = sentence("Withdrawal from the capital: every unit of the conqueror and its allies in the "
                    "conquered capital moves to an adjacent area holding a friendly flag or goes to "
                    "regroup; their other units within the victim's borders regroup or stay, as they "
                    "choose (CONQ-AFTER-1)")
REGROUP = sentence("The victim's troops outside its friendly home or shared provinces regroup, and the "
                   "provinces they had flagged return to their original owner; every (former) allied "
                   "unit in the victim's provinces regroups too (CONQ-AFTER-2)")
FRIENDLY = sentence("While the victim stays neutral, all its provinces are friendly to the conqueror's "
                    "camp: it enters them (not the capital) without asking, even where the victim's "
                    "units stand, and deploys through them as if its own; the conquerors' presence does "
                    "not count against the victim's unflagged key areas (CONQ-AFTER-3)")
SAFE = sentence("Safe period: the conqueror and its allies may not declare war on the victim before the "
                "next Interphase begins, nor the victim on them (CONQ-AFTER-4)")
POWER = sentence("A player's conquered power is neutral and uses its own cards and troops as it sees "
                 "fit (CONQ-AFTER-5)")
MINOR = sentence("A conquered minor country becomes unaligned and neutral; its consul may not move on "
                 "the diplomatic track until the next Interphase (CONQ-AFTER-6)")
TURKEY = sentence("Turkey is conquered: all its current overseas wars end; new ones may be played "
                  "(CONQ-TURKEY-1)")
TURKEY_IF = sentence("If the victim is Turkey, all its current overseas wars end; new ones may be played "
                     "(CONQ-TURKEY-1)")
RESOURCES = sentence("The conqueror moves its resources marker up one box; the victim loses all its "
                     "resources and its +1 key-area marker (the Resources tool) (CONQ-RES-1, CONQ-RES-2)")
OFFER_WHEN = sentence("The offer: at the end of its own impulse or of any other player's; only one offer "
                      "per impulse (CONQ-OFFER-1)")
OFFER_TERMS = sentence("It may hold anything from a mere ceasefire to ceding provinces (removing flags "
                       "from captured provinces that will not pass included); no counter-offers: it is "
                       "accepted or rejected with a plain yes or no (CONQ-OFFER-2)")
ACCEPTED = sentence("If accepted, the victim becomes neutral and every term takes effect at once: flags "
                    "placed or removed as agreed, and every other consequence of a conquest, "
                    "regrouping included (CONQ-SURR-4)")
SURRENDER_RESOURCES = sentence("The aggressor who accepts moves its resources marker up one box; the "
                               "victim loses all its resources and its +1 key-area marker (the Resources "
                               "tool) (CONQ-RES-1, CONQ-RES-2)")


def consequences(minor: bool) -> list:
    """CONQ-AFTER-1..6: what the conquest does to the conquered and around it (15.21, 15.22)."""
    return [WITHDRAW, REGROUP, FRIENDLY, SAFE, MINOR if minor else POWER]


def after_conquest(nation: str, minor: bool = False) -> list:
    """The checklist once ``nation`` is conquered (CONQ-PHASE-1, CONQ-JOINT-2, CONQ-CEDE-1,
    CONQ-CEDE-4, CONQ-AFTER-1..6, CONQ-TURKEY-1, CONQ-RES-1, CONQ-RES-2). A minor country (or
    one forced to surrender, 15.4) gets the minor country's line of 15.22."""
    steps = [PHASE, EACH_OTHER, CEDE, GIFT, *consequences(minor)]
    if nation == "turkey":
        steps.append(TURKEY)
    return steps + [RESOURCES]


def after_offer() -> list:
    """The checklist of a power that may surrender (CONQ-PHASE-1, CONQ-OFFER-1, CONQ-OFFER-2,
    CONQ-SURR-4): the offer, then what an accepted surrender does, the conquest's consequences
    included (CONQ-AFTER-1..5, CONQ-TURKEY-1, CONQ-RES-1, CONQ-RES-2)."""
    return [PHASE, OFFER_WHEN, OFFER_TERMS, ACCEPTED, *consequences(False), TURKEY_IF, SURRENDER_RESOURCES]
