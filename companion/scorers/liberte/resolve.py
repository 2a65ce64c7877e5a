"""The end of a turn in rulebook order (docs/formats.md ``resolve``): battle (turns 2-4; none when the
counter-revolution already ended the game during the actions), counter-revolution check (turns 3-4),
province elections 1..27, landslide check, Government and Opposition, VPs."""
from dataclasses import dataclass, field

from companion.scorers.liberte.battle import BATTLE_TURNS, fight_battle
from companion.scorers.liberte.board import PROVINCES
from companion.scorers.liberte.cards import FACTION, FACTIONS, OF_FACTION, RED, WHITE
from companion.scorers.liberte.election import resolve_province
from companion.scorers.liberte.ranking import tie_sentence
from companion.scorers.liberte.government import form_government
from companion.scorers.liberte.sudden_death import counter_revolution, landslide
from companion.scorers.liberte.supply import supply, supply_after, waiting_for_the_battle
from companion.scorers.liberte.ties import Advancing, Pending
from companion.scorers.liberte.turn import final_scoring, play_order_groups
from companion.scorers.liberte.victory_points import Award, award_victory_points, present
from companion.scorers.sentence import join, names, plural, sentence


@dataclass
class Resolution:
    """What the end of the turn produced; fields of steps not reached stay None or empty."""

    scenario: object
    board: dict
    displays: dict = field(default_factory=dict)
    battle: object = None
    counter_revolution: dict | None = None
    provinces: list = field(default_factory=list)
    votes: dict | None = None
    votes_held: dict = field(default_factory=dict)  # player -> faction -> votes
    landslide: dict | None = None
    government: object = None
    awards: list = field(default_factory=list)
    present: list = field(default_factory=list)
    lost_battles: int = 0
    ended: dict | None = None
    final: dict | None = None
    pending: object = None
    log: list = field(default_factory=list)

    @property
    def vp(self) -> dict:
        totals = {p: self.scenario.vp.get(p, 0) for p in self.scenario.players}
        for award in self.awards:
            totals[award.player] += award.vp
        return totals

    def as_json(self) -> dict:
        government = self.government
        return {
            "turn": self.scenario.turn,
            "battle": self.battle.as_json() if self.battle else None,
            "counter_revolution": self.counter_revolution,
            "provinces": [p.as_json() for p in self.provinces],
            "votes": self.votes,
            "votes_held": self.votes_held if self.votes is not None else None,
            "landslide": self.landslide,
            "government": government.government if government else None,
            "opposition": government.opposition if government else None,
            "track": government.track if government else None,
            "government_tie": self.scenario.government_tie,
            "awards": [a.as_json() for a in self.awards],
            "present": self.present,
            "vp": self.vp,
            "ended": self.ended,
            "final": self.final,
            "next_play_order": play_order_groups(self.vp, self.scenario.players) if self.finished else None,
            "board_after": {str(n): [s.as_json() for s in stacks] for n, stacks in sorted(self.board.items())},
            "displays_after": {p: [c.as_json() for c in cards] for p, cards in self.displays.items()},
            "lost_battles": self.lost_battles,
            "supply_after": supply_after(self.board, self.scenario.turn, self.lost_battles),
            "battle_blocks_waiting": waiting_for_the_battle(self.board, self.scenario.turn, self.lost_battles),
            "pending": self.pending.as_json() if self.pending else None,
            "log": self.log,
        }

    @property
    def finished(self) -> bool:
        return self.pending is None and self.ended is None


def resolve(scenario, interactive: bool = False, preview: bool = False) -> Resolution:
    """Resolve the turn's end. Interactive: stop at the first tie decision the scenario lacks
    (``Resolution.pending``); batch: a missing decision is a pass (docs/formats.md).
    ``preview``: what a preview of the election shows, its votes, a landslide and a sudden
    death's end (those of the whole turn's end): it stops once the votes are counted and a
    landslide judged, before the Government, the Opposition and the VPs, and the provinces'
    elections are not said in the log."""
    board = {n: list(stacks) for n, stacks in scenario.board.items()}
    result = Resolution(scenario, board, lost_battles=scenario.lost_battles)
    advancing = Advancing(scenario.displays, scenario.advances, interactive)
    try:
        _end_of_turn(scenario, result, advancing, preview)
    except Pending as pending:
        result.pending = pending.question
        result.log.append(sentence("Waiting for a decision: %(question)s", question=pending.question.question))
    if result.finished and advancing.unused():
        result.log.append(sentence("Advances given but not needed (no such tie): %(rounds)s",
                                   rounds=join(", ", advancing.unused())))
    result.displays = advancing.displays
    return result


def _end_of_turn(s, result, advancing, preview: bool = False) -> None:
    if s.turn in BATTLE_TURNS and not _counter_revolution_before_the_battle(s, result, advancing):
        _battle(s, result, advancing)
    cr = result.counter_revolution = counter_revolution(s.turn, result.board, s.profile, result.lost_battles,
                                                        s.players, advancing.displays, s.hands, result.vp)
    if cr["active"]:
        result.log.append(_counter_revolution_sentence(cr))
    if cr["triggered"]:
        result.ended = _ended("counter-revolution", cr, result)
        return
    _elections(s, result, advancing, said=not preview)
    result.landslide = landslide(result.votes[RED], s.players, result.board, advancing.displays, s.hands,
                                 result.votes_held, result.vp)
    if result.landslide:
        winners = result.landslide["winners"]
        result.log.append(plural(
            "Radical landslide: red has %(votes)s (17 or more); red points %(points)s; %(winners)s wins "
            "and the game ends (LIB-LAND-1, LIB-LAND-2, LIB-LAND-3)",
            "Radical landslide: red has %(votes)s (17 or more); red points %(points)s; %(winners)s win "
            "and the game ends (LIB-LAND-1, LIB-LAND-2, LIB-LAND-3)", len(winners),
            votes=plural("%(n)s vote", "%(n)s votes", result.votes[RED]),
            points=_points(result.landslide["points"]), winners=names(winners)))
        result.ended = _ended("landslide", result.landslide, result)
        return
    if preview:
        return
    government = form_government(result.votes, s.players, advancing, s.government_tie)
    result.government = government
    result.log += government.sentences
    awards, sentences = award_victory_points(result.votes_held, government.government, government.opposition,
                                             s.players, advancing)
    result.awards += awards
    result.log += sentences
    result.present = present(result.votes_held, government.government, s.players)
    result.log.append(sentence("Present in the %(faction)s Government: %(players)s (LIB-VP-5). All votes return to "
                               "the supply; the blocks on the board stay (LIB-VP-6)",
                               faction=OF_FACTION[government.government],
                               players=names(result.present) or sentence("nobody")))
    if s.turn == 4:
        result.final = final_scoring(result.vp, s.players, advancing.displays)
        result.log.append(result.final.pop("sentence"))


def _ended(how: str, sudden_death: dict, result) -> dict:
    """A sudden death's end: how, the winners and every player's place (LIB-END-3); a tie for the
    first place is said with what decided it (LIB-LAND-3, LIB-CR-3)."""
    ranking = {key: sudden_death[key] for key in ("winners", "standings", "decided")}
    best = max(sudden_death["points"].values())
    tie = tie_sentence(ranking, best)
    if tie:
        result.log.append(tie)
    return {"how": how, **ranking}


def _battle(s, result, advancing) -> None:
    result.battle = fight_battle(s.turn, s.battle, s.players, advancing, s.profile.battle_vp)
    result.log.append(result.battle.sentence)
    if result.battle.winner and result.battle.vp:
        result.awards.append(Award(result.battle.winner, result.battle.vp, "battle"))
    if result.battle.lost:
        if supply(result.board, s.turn, result.lost_battles)[WHITE] <= 0:
            result.log.append(sentence("No white block is in the supply: place it on the battle after the "
                                       "elections (LIB-BAT-3)"))
        result.lost_battles += 1


def _elections(s, result, advancing, said: bool = True) -> None:
    """Province elections 1..27 in number order (LIB-ELEC-1); ``said``: each one in the log."""
    result.votes = dict.fromkeys(FACTIONS, 0)
    result.votes_held = {p: dict.fromkeys(FACTIONS, 0) for p in s.players}
    for number in PROVINCES:
        province = s.profile.provinces[number]
        outcome, left = resolve_province(province, result.board.get(number, []), s.players, advancing, s.turn,
                                         said)
        result.provinces.append(outcome)
        if said:
            result.log.append(outcome.sentence)
        if left:
            result.board[number] = left
        else:
            result.board.pop(number, None)
        if outcome.winner:
            result.votes[outcome.faction] += outcome.votes
            result.votes_held[outcome.winner][outcome.faction] += outcome.votes
        if outcome.vp:
            result.awards.append(Award(outcome.winner, outcome.vp, "province", number))
    if said:
        votes = [sentence("%(faction)s %(n)s", faction=FACTION[f], n=n) for f, n in result.votes.items()]
        result.log.append(sentence("Votes: %(votes)s", votes=join(", ", votes)))


def _counter_revolution_before_the_battle(s, result, advancing) -> bool:
    """LIB-CR-1, LIB-CR-2: a board that triggers the counter-revolution before the battle did so
    during the actions, and the game ended then: no battle is fought (it would add a lost battle,
    VPs and white blocks to a game already over)."""
    cr = counter_revolution(s.turn, result.board, s.profile, result.lost_battles, s.players,
                            advancing.displays, s.hands)
    if cr["triggered"]:
        result.log.append(sentence("The counter-revolution ended the game during the actions: no battle is "
                                   "fought (LIB-CR-1, LIB-CR-2)"))
    return cr["triggered"]


def _counter_revolution_sentence(cr):
    if cr["count"] is None:
        return sentence("Counter-revolution: cannot be judged, the board profile marks no fleur-de-lis province "
                        "(LIB-CR-1)")
    where = ", ".join(str(n) for n in cr["provinces"]) or sentence("none")
    state = sentence("no counter-revolution")
    if cr["triggered"]:
        state = plural("the Royalists' counter-revolution ends the game; white points %(points)s; %(winners)s "
                       "wins (LIB-CR-3)",
                       "the Royalists' counter-revolution ends the game; white points %(points)s; %(winners)s "
                       "win (LIB-CR-3)", len(cr["winners"]), points=_points(cr["points"]),
                       winners=names(cr["winners"]))
    return sentence("Counter-revolution: %(count)s of %(needed)s (white controls fleur-de-lis provinces %(where)s; "
                    "lost battles %(lost)s); %(state)s (LIB-CR-1)", count=cr["count"], needed=cr["needed"],
                    where=where, lost=cr["lost_battles"], state=state)


def _points(points) -> str:
    return ", ".join(f"{player} {n}" for player, n in points.items())
