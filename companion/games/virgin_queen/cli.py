"""``companion virgin-queen draw|turn``: the take and the checklist as the table's screens show them."""
import random

import click

from companion.scorers.sentence import sentence

from companion.cli_lang import LANG
from companion.cli_answer import reply, whole
from companion.scorers.virgin_queen import checklist, draw


@click.group("virgin-queen", short_help="The Virgin Queen: the card-or-treasure take, the turn.")
def virgin_queen():
    """The Virgin Queen: the card-or-treasure take and the turn sequence."""


def names(text: str | None) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


@virgin_queen.command("draw")
@click.option("--power", required=True, help="ottoman, spain, england, france, hapsburg or protestant.")
@click.option("--cards", required=True, help="Cards in the power's set.")
@click.option("--treasures", required=True, help="Treasures in the power's set.")
@click.option("--card-names", help="The cards' names, comma-separated (optional).")
@click.option("--treasure-names", help="The treasures' names, comma-separated (optional).")
@click.option("--seed", type=int, default=None, help="Seed of the random take (default: fresh).")
@click.option("--json", "as_json", is_flag=True, help="Answer in JSON.")
@LANG
def draw_command(power, cards, treasures, card_names, treasure_names, seed, as_json):
    """Which pile a random "card" take comes from, and the take (VQ-DRAW-1..3)."""
    reply(lambda: draw(power, whole(cards), whole(treasures), random.Random(seed), names(card_names),
                       names(treasure_names)),
          as_json, lambda r: [r["reason"]] + ([r["drawn"]] if r["drawn"] else []))


@virgin_queen.command("turn")
@click.argument("turn", default="1")
@click.option("--done", multiple=True, help="A step already ticked off (repeatable), e.g. --done characters.")
@click.option("--json", "as_json", is_flag=True, help="Answer in JSON.")
@LANG
def turn_command(turn, done, as_json):
    """The checklist of one turn: the eight phases and their steps (VQ-SEQ-1..10)."""
    reply(lambda: checklist(whole(turn), list(done)), as_json, checklist_lines)


def checklist_lines(check: dict) -> list[str]:
    lines = [sentence("Turn %(n)s of at most 7 (VQ-SEQ-1)", n=check["turn"])]
    for number, phase in enumerate(check["phases"], 1):
        section = f" {phase['section']}" if phase["section"] else ""
        lines.append(f"{number}. {phase['name']}{section} ({phase['rule']})")
        for s in phase["steps"]:
            mark = "x" if s["done"] else " "
            lines.append(f"  [{mark}] {s['section'] + ' ' if s['section'] else ''}{s['text']}")
            lines += [f"      {text}" for text in (s["detail"], s["note"]) if text]
    texts = {s["key"]: s["text"] for phase in check["phases"] for s in phase["steps"]}
    lines.append(sentence("Next: %(step)s", step=texts[check["next"]]) if check["next"]
                 else sentence("Every step is done (VQ-SEQ-2)"))
    if check["last"]:
        lines.append(sentence("Turn 7 is the last one: the game ends after its victory determination"
                              " (VQ-END-1)"))
    return lines
