"""The narrated night (VOTE-SETUP-3): one phone speaks the night script, the others show captions.

The narrator's page carries the engine's timed script (``timed_script``, with the settings from
the page's query and a seeded ``random.Random`` for the padding) as a JSON data block, which the
CSP allows because it is never executed; ``companion/static/narrator.js`` speaks it line by line
with ``speechSynthesis``, keeps the silences and shows the eyes-open countdown. The same script is
``script.json`` for anything else that wants it.

How the captions follow: at each step the narrator posts a small report (line index, what is
happening, seconds left on a countdown) to ``progress``; the server keeps the latest one per table
(:mod:`companion.games.vote.night_progress`, shared by every server process), not in the event log,
since the night changes nothing in the game. A caption phone is told the number of the latest
report on its table's news stream (:mod:`companion.server.push`, ``event: night``) and, when it is not
the one it shows, asks ``captions`` with the number it shows: 204 if that is already the latest,
otherwise the whole script in the phone's own language with the current line marked. Nothing
about loyalty is asked for, sent or kept.
"""
import random

from flask import Blueprint, abort, jsonify, request, url_for
from flask_babel import get_locale

from companion import jsonin
from companion.table import live
from companion.forms import address_number
from companion.scorers.rules import RuleError
from companion.scorers.vote.night_script import night_script, timed_script
from companion.games.vote import night_form, night_progress
from companion.i18n import LANGUAGES as LANGUAGE_NAMES, gettext as _

bp = Blueprint("vote_night", __name__, url_prefix="/vote/<code>/night")


def load(code: str):
    """The VOTE! table for ``code`` (404 for another game's table)."""
    table = live.load(code)
    if table.game != "vote":
        abort(404)
    return table


def script(table, args) -> dict:
    """The timed night script for the settings in ``args`` (SettingError when one is refused)."""
    settings = night_form.settings(args)
    seed = night_form.seed(args)
    lang = night_form.language(args, str(get_locale()))
    steps = timed_script(len(table.players), lang, settings, random.Random(seed))
    return {"lang": lang, "players": len(table.players), "seed": seed,
            "settings": {name: getattr(settings, name) for name in night_form.LIMITS},
            "steps": steps}


def words(lang: str) -> dict:
    """What narrator.js writes on the page, translated here (it has no catalogue of its own)."""
    return {"language": LANGUAGE_NAMES[lang], "voice": _("Voice: %(name)s"),
            "novoice": _("No voice for %(language)s on this phone: each line is shown big and a soft"
                         " tone marks it."),
            "nowake": _("This browser cannot keep the screen awake: keep it on by hand."),
            "line": _("Line %(n)s of %(total)s"), "stopped": _("Stopped."),
            "done": _("The night is over.")}


@bp.get("/")
def night(code):
    """The narrator's page: Start, Stop, Repeat, Skip, the settings and the captions."""
    table = load(code)
    data, error, status = None, None, 200
    try:
        data = script(table, request.args)
    except night_form.SettingError as err:
        error, status = {"field": err.field, "message": err.message, "rule": err.rule}, 422
    values = {name: request.args.get(name, "") for name in night_form.LIMITS}
    return live.render("vote/night.html", "vote/_night.html", status, table=table, data=data,
                       error=error, values=values, limits=night_form.LIMITS,
                       labels=night_form.labels(), words=words(data["lang"] if data else str(get_locale())),
                       live_url=request.full_path.rstrip("?"))


@bp.get("/script.json")
def script_json(code):
    """The timed script as JSON; 422 with ``{"error", "rule", "field"}`` for a refused setting."""
    table = load(code)
    try:
        return jsonify(script(table, request.args))
    except night_form.SettingError as err:
        return jsonify(err.as_json()), 422


@bp.post("/progress")
def progress(code):
    """The narrator's report of where it is; the caption phones follow it."""
    table = load(code)
    try:
        live.seated(table)  # a stranger with the code does not move the captions
        body = jsonin.loads(request.get_data(), night_form.RULE)
    except live.NotSeated as err:
        return jsonify(err.as_json()), 403
    except RuleError as err:
        return jsonify(err.as_json()), 400
    body = body if isinstance(body, dict) else {}
    run, line, phase = body.get("run"), body.get("line"), body.get("phase")
    seconds = body.get("seconds")
    last = len(night_script(len(table.players))) - 1
    if not (isinstance(run, str) and 0 < len(run) <= 40 and isinstance(line, int)
            and not isinstance(line, bool) and 0 <= line <= last
            and phase in night_progress.PHASES
            and (seconds is None or (isinstance(seconds, (int, float)) and 0 <= seconds <= 3600))):
        return jsonify(error=f"a report is run (text), line (0 to {last}), phase "
                             f"({', '.join(night_progress.PHASES)}) and seconds (0 to 3600)",
                       rule=night_form.RULE), 400
    night_progress.board().report(table.id, run, line, phase, seconds)
    return "", 204


@bp.get("/captions")
def captions(code):
    """Caption mode: the night as the narrating phone reads it, asked for again when the table's
    news says the narrator moved on."""
    table = load(code)
    board = night_progress.board()
    seq = board.seq(table.id)
    if live.is_fragment() and address_number(request.args, "seq", 0, seq) == seq:
        return "", 204
    lang = str(get_locale())
    lines = [step.text[lang] for step in night_script(len(table.players))]
    return live.render("vote/night_captions.html", "vote/_night_captions.html", table=table,
                       lines=lines, now=board.get(table.id), seq=seq,
                       ask_url=url_for("vote_night.captions", code=table.code, seq=seq),
                       live_url=url_for("vote_night.captions", code=table.code))
