"""``companion conquest roll|cede|surrender|resources``: the helper page's four tools."""
import random

import click

from companion.scorers.sentence import join, sentence

from companion.cli_lang import LANG
from companion.cli_answer import reply, whole
from companion.scorers.conquest import cede, conquest, resources, surrender
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence

JSON = click.option("--json", "as_json", is_flag=True, help="Answer in JSON.")
SEED = click.option("--seed", type=int, default=None, help="Seed of a die rolled here (default: fresh).")


@click.group("conquest", short_help="Conquest, ceded provinces, surrender, resources (rules 15-16).")
def conquest_group():
    """The 18th-century great-power game, rules 15-16: conquest, ceded provinces, surrender, resources."""


@conquest_group.command("roll")
@click.option("--nation", required=True, help="denmark, sweden, prussia, austria, britain, russia, france, "
                                              "spain, turkey or other.")
@click.option("--key-areas", required=True, help="Key areas at the start (or at the last conquest/surrender).")
@click.option("--lost", default="0", show_default=True, help="How many of them are lost.")
@click.option("--capitals", default="0", show_default=True, help="Its capitals the enemy controls (Russia: 0-2).")
@click.option("--die", default=None, help="The conquest die (default: rolled here).")
@click.option("--by", "controller", default=None, help="The nation controlling the capital.")
@click.option("--minor", is_flag=True, help="A minor (replaceable) country.")
@SEED
@JSON
@LANG
def roll(nation, key_areas, lost, capitals, die, controller, minor, seed, as_json):
    """Is the nation conquered, and what follows? (CONQ-ROLL-1..5, CONQ-JOINT-1, CONQ-AFTER-1..6)"""
    reply(lambda: conquest(nation, whole(key_areas), whole(lost), whole(capitals), whole(die),
                           random.Random(seed), controller, minor),
          as_json, lambda r: [sentence("Conquered") if r["conquered"] else sentence("Not conquered"),
                              *r["log"], *checklist(r)])


def checklist(answer: dict) -> list[str]:
    """What happens next, one box per step, as the page's checklist."""
    return ([sentence("What happens next:"), *(join("", ["[ ] ", step]) for step in answer["next"])]
            if answer["next"] else [])


def verdict(answer: dict) -> str:
    """The surrender answer's first line, as the page's headline."""
    if answer["neutral"]:
        return sentence("No surrender: unaligned and neutral")
    return sentence("It may surrender") if answer["may"] else sentence("It may not surrender")


@conquest_group.command("cede")
@click.option("--die", default=None, help="The die (default: rolled here).")
@click.option("--provinces", default=None, help="The victim's home provinces besides its capital (optional).")
@SEED
@JSON
@LANG
def cede_command(die, provinces, seed, as_json):
    """How many provinces pass, and who chooses each (CONQ-CEDE-1..3)."""
    reply(lambda: cede(whole(die), random.Random(seed), whole(provinces)), as_json,
          lambda r: [f"Provinces that pass: {r['ceded']}", *r["log"]])


def pairs(given: tuple, rule: str) -> dict:
    """``nation=number`` options as a dict; anything else is refused under ``rule``."""
    found = {}
    for item in given:
        nation, equals, count = item.partition("=")
        if not equals:
            raise RuleError(sentence("%(item)r: write nation=number", item=item), rule)
        found[nation.strip()] = whole(count.strip())
    return found


@conquest_group.command("surrender")
@click.option("--units", required=True, help="The power's units and generals in play (not regrouping, "
                                             "not overseas).")
@click.option("--aggressor", multiple=True, help="nation=troops on the territory (repeatable).")
@click.option("--minor", is_flag=True, help="A minor (replaceable) country.")
@JSON
@LANG
def surrender_command(units, aggressor, minor, as_json):
    """May the power surrender, to whom, and what follows? (CONQ-SURR-1..4, CONQ-OFFER-1..2)"""
    reply(lambda: surrender(whole(units), pairs(aggressor, "CONQ-SURR-1"), minor), as_json,
          lambda r: [verdict(r), *r["log"], *checklist(r)])


@conquest_group.command("resources")
@click.argument("action")
@click.option("--track", multiple=True, help="nation=resources before (repeatable; others hold 0).")
@click.option("--marker", multiple=True, help="A nation holding the +1 key-area marker (repeatable).")
@click.option("--winner", default=None, help="The conqueror, the accepting nation, or the one spending.")
@click.option("--victim", default=None, help="The conquered or surrendering nation (other: a minor country).")
@JSON
@LANG
def resources_command(action, track, marker, winner, victim, as_json):
    """ACTION is conquest, surrender, spend or score (CONQ-RES-1..8)."""
    def run():
        lines = {nation: {"resources": n} for nation, n in pairs(track, "CONQ-RES-1").items()}
        for nation in marker:
            lines[nation] = dict(lines.get(nation, {}), marker=True)
        return resources(lines, action, winner, victim)
    reply(run, as_json, lambda r: r["log"])
