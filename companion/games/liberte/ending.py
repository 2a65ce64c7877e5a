"""The recorded end of a Liberté game (LIB-END-2, docs/formats.md ``over``): built from the change
that ends it, and said in the players' words (how and when it ended, what broke a tie for the first
place), for every page, the history and the refusal of any change after it."""
from companion.i18n import gettext as _, names
from companion.scorers.rules import RuleError


def ended(how: str, turn: int, phase: str, ranking: dict) -> dict:
    """The recorded end of the game (docs/formats.md ``over``, LIB-END-2): how and when it ended,
    the winners and every player's place, and what broke a tie for the first (LIB-END-3).
    ``when`` is "actions" or "elections"; ``phase`` says more: "actions", "battle" (the lost
    battle brought the counter-revolution) or "elections"."""
    return {"how": how, "turn": turn, "when": "actions" if phase == "actions" else "elections",
            "phase": phase, "winners": list(ranking["winners"]),
            "standings": list(ranking["standings"]), "decided": ranking["decided"]}


def ended_during_the_actions(turn: int, counter_revolution: dict) -> dict:
    """LIB-CR-1, LIB-CR-2: a change during the actions of turns 3-4 brought the counter-revolution."""
    return ended("counter-revolution", turn, "actions", counter_revolution)


def ended_at_the_elections(result: dict) -> dict:
    """The end the election recorded: a sudden death (the counter-revolution after the battle,
    LIB-CR-2; the landslide, LIB-LAND-1) or the end of turn 4 (LIB-END-1)."""
    if result.get("ended"):
        how = result["ended"]["how"]
        phase = "battle" if how == "counter-revolution" and result.get("battle") else (
            "actions" if how == "counter-revolution" else "elections")
        return ended(how, result["turn"], phase, result["ended"])
    return ended("end", result["turn"], "elections", result["final"])


def ended_refusal(over: dict) -> RuleError:
    """LIB-END-2: the refusal of any change once the game is over, naming how and when it ended."""
    return RuleError(_("%(ended)s Nothing more can be changed; the host may undo the change that"
                       " ended it.", ended=ended_words(over)), "LIB-END-2")


def decided_words(over: dict) -> str:
    """What broke a tie for the first place (docs/formats.md ``over.decided``), or ""."""
    decided = over.get("decided")
    if not decided:
        return ""
    by, shared = decided["by"], len(over["winners"]) > 1
    key = {"white-cards": "white", "red-cards": "red"}.get(by, "display_value")
    words = {"players": names(decided["players"]),
             "detail": ", ".join(f"{p} {n}" for p, n in decided["detail"][key].items())}
    said = {
        ("white-cards", False): lambda: _("%(players)s tied on white points; the white blocks on"
                                          " their cards decided (%(detail)s, LIB-CR-3).", **words),
        ("white-cards", True): lambda: _("%(players)s tied on white points and on the white blocks"
                                         " on their cards (%(detail)s): a shared victory"
                                         " (LIB-CR-3).", **words),
        ("red-cards", False): lambda: _("%(players)s tied on red points; the red blocks on their"
                                        " cards decided (%(detail)s, LIB-LAND-3).", **words),
        ("red-cards", True): lambda: _("%(players)s tied on red points and on the red blocks on"
                                       " their cards (%(detail)s): a shared victory (LIB-LAND-3).",
                                       **words),
        ("display-value", False): lambda: _("%(players)s tied on VPs; the value of the cards on"
                                            " their displays decided (%(detail)s, LIB-END-1).",
                                            **words),
        ("display-value", True): lambda: _("%(players)s tied on VPs and on the value of the cards"
                                           " on their displays (%(detail)s): a shared victory"
                                           " (LIB-END-1).", **words)}
    return said[by, shared]() if (by, shared) in said else ""


def ended_words(over: dict) -> str:
    """How and when the game ended, in one sentence (docs/formats.md ``over``)."""
    t = over.get("turn")
    if over.get("how") == "counter-revolution" and over.get("phase") == "actions":
        return _("The Royalist counter-revolution ended the game during the actions of turn %(t)s.", t=t)
    if over.get("how") == "counter-revolution":
        return _("The Royalist counter-revolution ended the game after the battle of turn %(t)s.", t=t)
    if over.get("how") == "landslide":
        return _("A Radical landslide ended the game at the elections of turn %(t)s.", t=t)
    return _("The game ended with the elections of turn %(t)s.", t=t)
