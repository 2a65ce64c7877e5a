"""Rule 15.4: whether a power may surrender, and to whom."""
from companion.scorers.conquest.aftermath import after_conquest, after_offer
from companion.scorers.conquest.nations import known, nation_name, number
from companion.scorers.sentence import names, sentence, word

MOST = 999


def surrender(defender: int, aggressors: dict, minor: bool = False) -> dict:
    """``defender`` counts the power's units and generals in play and ``aggressors`` maps each
    aggressor nation to its units and generals on the invaded nation's territory, neither counting
    those regrouping or in an overseas war.

    CONQ-SURR-1: it may surrender with fewer than the aggressors together (at the end of any
    impulse, if the aggressor accepts). CONQ-SURR-2: to the aggressor with the most troops there;
    a tie for the most is left to the table (the rule names no one). CONQ-SURR-3: a minor
    (replaceable) country never surrenders of its own will; forced to, it counts as conquered by
    the nation with the most troops on its territory, or, with none there, becomes unaligned and
    neutral (``neutral``). With no aggressor on its territory, a power may not surrender: there is
    nobody to surrender to (CONQ-SURR-1). ``next`` is the checklist of what follows: the offer and an
    accepted surrender's effects (aftermath.after_offer), or, for a minor country counted as
    conquered, the conquest's (aftermath.after_conquest).
    Answers ``{"may", "to", "tied", "against", "neutral", "log", "next"}``."""
    defender = number(defender, word("field", "units and generals in play"), 0, MOST, "CONQ-SURR-1")
    counts = {known(nation, "CONQ-SURR-2"): number(n, nation_name(nation), 0, MOST, "CONQ-SURR-1")
              for nation, n in aggressors.items()}
    against, most = sum(counts.values()), max(counts.values(), default=0)
    tied = [nation for nation, n in counts.items() if n == most] if most else []
    answer = {"may": False, "to": tied[0] if len(tied) == 1 else None, "tied": tied if len(tied) > 1 else [],
              "against": against, "neutral": minor and not most, "log": [], "next": []}
    log = answer["log"]
    if minor:
        log.append(sentence("A minor country cannot surrender of its own will (CONQ-SURR-3)"))
        if not tied:
            log.append(sentence("Forced to surrender (6.12–6.13) with no troops on its territory, it skips "
                                "the surrender and becomes unaligned and neutral (CONQ-SURR-3)"))
        elif answer["to"]:
            log.append(sentence("Forced to surrender (6.12–6.13), it counts as conquered by %(to)s, the nation "
                                "with the most troops on its territory (%(n)s) (CONQ-SURR-3)",
                                to=nation_name(answer["to"]), n=most))
        else:
            log.append(tie(tied, most, "CONQ-SURR-3"))
        if most:
            answer["next"] = after_conquest("other", minor=True)
        return answer
    if not counts:
        log.append(sentence("No aggressor on its territory: there is nobody to surrender to, so it may not "
                            "surrender; a power surrenders to an aggressor on the invaded nation's territory "
                            "(CONQ-SURR-1)"))
        return answer
    answer["may"] = defender < against
    log.append(sentence("%(d)s units and generals in play against %(a)s of the aggressors on its "
                        "territory: fewer, so it may surrender at the end of any impulse, if the aggressor "
                        "accepts (CONQ-SURR-1)", d=defender, a=against) if answer["may"] else
               sentence("%(d)s units and generals in play against %(a)s of the aggressors on its "
                        "territory: not fewer, so it may not surrender (CONQ-SURR-1)", d=defender, a=against))
    if answer["may"] and answer["to"]:
        log.append(sentence("It surrenders to %(to)s, the aggressor with the most troops there (%(n)s) "
                            "(CONQ-SURR-2)", to=nation_name(answer["to"]), n=most))
    elif answer["may"]:
        log.append(tie(tied, most, "CONQ-SURR-2"))
    if answer["may"]:
        answer["next"] = after_offer()
    return answer


def tie(tied: list, most: int, rule: str):
    """Several nations share the most troops: the rule names none of them."""
    tied_names = names([nation_name(n) for n in tied])  # «у Пруссии и Австрии», as the language joins
    if rule == "CONQ-SURR-3":
        return sentence("%(tied)s tie for the most troops there (%(n)s): the rule names no single nation; "
                        "the table decides between them (CONQ-SURR-3)", tied=tied_names, n=most)
    return sentence("%(tied)s tie for the most troops there (%(n)s): the rule names no single aggressor; "
                    "the table decides between them (CONQ-SURR-2)", tied=tied_names, n=most)
