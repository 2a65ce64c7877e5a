"""The seam a game plugs into: its name, how its events fold into a position, and its blueprint.

The rooms, the event log, QR codes, seats, languages and news are shared; a game gives only a
:class:`Game` (a page that keeps no table, a :class:`Helper`), as ``GAME`` in its package, and
its package is named once, in the registry (``companion.games.GAMES``). The shared code asks the
registered games for what they need: their SQLite tables (``init_db``), the rows a deleted table
leaves (``tables.delete``), their commands (``companion …``), their JSON routes and their scripts
and stylesheets (``base.html``). ``register(app, game)`` is all ``create_app`` does per game.
"""
import importlib
import os
from dataclasses import dataclass, field
from typing import Callable

from flask import Blueprint, current_app, request

from companion.i18n import LANGUAGES, gettext as _
from companion.scorers.rules import RuleError


def strict(event: dict, since: list[dict]) -> bool:
    """No event is independent of another: any change since the phone's version is a conflict."""
    return bool(since)


def by_scope(scopes: dict) -> Callable[[dict, list[dict]], bool]:
    """A ``conflicts`` for a game whose events each touch a *scope* (``scopes``: event kind →
    function of its data giving the part it changes, or a frozenset of such parts). Events whose
    scopes do not overlap commute, so a write made from an older version is applied on top of the
    newer one; an event of a kind without a scope may change anything and conflicts with every
    event."""
    def scope(event: dict) -> frozenset | None:
        of = scopes.get(event["kind"])
        try:
            found = of(event["data"]) if of else None
        except (KeyError, TypeError):
            return None
        return found if isinstance(found, frozenset) or found is None else frozenset([found])

    def conflicts(event: dict, since: list[dict]) -> bool:
        mine = scope(event)
        return any(mine is None or other is None or other & mine for other in map(scope, since))
    return conflicts


@dataclass(frozen=True, kw_only=True)
class Declares:
    """What a game or a helper declares for the shared code to ask (see :class:`Game`): its
    SQLite tables and those of them holding one table's rows, its commands, its JSON blueprints,
    its scripts and stylesheets; ``languages``, those its pages and sentences are translated into
    (English and any of the catalogs' others: tests/app/test_i18n.py asks a translation of the
    game's own messages in each of them, and in no other)."""

    languages: tuple[str, ...] = tuple(LANGUAGES)
    schema: dict = field(default_factory=dict)
    per_table: tuple[str, ...] = ()
    commands: tuple = ()
    api: tuple[Blueprint, ...] = ()
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game(Declares):
    """A game the companion can host.

    ``initial(setup)`` gives the position of a new table from its setup (players, options), of
    the game's own :class:`Position` type; ``apply(position, event)`` gives the position after
    one event ``{"kind", "data"}`` (a new one of that type, the one given unchanged; raises
    ``RuleError`` when the rules refuse it); ``describe(event)`` is one human sentence for the
    history; ``apply_stored(position, event)``, if the game gives it, is ``apply`` for an event of
    the table's log, which the rules judged when it was stored: the same position, made without
    judging it again (the fold of a log, ``events.fold``; ``apply`` when None);
    ``endpoint`` is the page a seated phone lands on (it takes ``code``); ``prepare(setup)``
    may complete the setup of a new table; ``options`` names the table options the game
    defines, each with its allowed values (the first is the default): no other option is stored.
    ``check(position, kind, data)`` is the game's event checker: the data of an event of ``kind``
    made on ``position``, read with the same rules and limits as the game's forms, with only the
    keys the game defines (RuleError naming the field and the rule otherwise). Every write and
    every imported event goes through it (:func:`companion.table.events.append`, ``events.replay``).
    ``alert(table)`` is what the table's shared pages (Room, History) say at their top for this
    phone, refreshed with them (a question waiting for its player, which then opens by itself).
    ``tabs`` names the template of the game's own tabs, which the shared pages show as well.
    ``benched(position, seat)`` says why the player of ``seat`` may no longer change the table
    (a RuleError, e.g. a player out of the game), or None: every write from that seat's
    phone is refused then, the shared ones (undo) too, never the host's (``live.seated``).
    ``check`` has no default: a game without one would store imported events unread.
    ``over(position)`` says whether the game has ended (cheap: every page of the table asks);
    ``results(setup, position, log)`` then says how (a :class:`companion.table.results.Results`
    from the table's setup, its position and the events in effect, each with its time; with
    an empty log, the same without the charts, which the start page does without), which
    the results page, the play sent to BG Stats and the host's list of the evening's games
    show. ``again(host)`` names the page a new game made from this one by "Play again" opens
    on, for the host's phone (True) or another (a night narrated by the host's phone,
    in captions on the others), ``endpoint`` when empty.
    What the shared code asks it as well: ``schema``, its own SQLite tables (name → columns and
    options, as :data:`companion.table.db.SCHEMA`), of which ``per_table`` hold rows of one table
    (a ``table_id`` column) removed with it; ``commands``, its ``companion …`` click commands;
    ``api``, its JSON blueprints (no CSRF token: :mod:`companion.api`); ``scripts`` and
    ``styles``, its static files, loaded on its pages and on its tables' shared pages.
    """

    name: str
    title: str
    blueprints: tuple[Blueprint, ...]
    initial: Callable[[dict], dict]
    apply: Callable[[dict, dict], dict]
    describe: Callable[[dict], str]
    endpoint: str
    check: Callable[[dict, str, dict], dict]
    min_players: int = 2
    max_players: int = 8
    prepare: Callable[[dict], dict] = lambda setup: setup
    conflicts: Callable[[dict, list[dict]], bool] = strict
    options: dict = field(default_factory=dict)
    alert: Callable[[object], str] = lambda table: ""
    tabs: str = ""  # the template of the game's tabs, shown on the shared pages too (History, Room)
    benched: Callable[[dict, str], RuleError | None] = lambda position, seat: None
    over: Callable[[dict], bool] = lambda position: False
    results: Callable[[dict, dict, list[dict]], object] = lambda setup, position, log: None
    again: Callable[[bool], str] = lambda host: ""  # a "Play again" table's first page
    apply_stored: Callable[[dict, dict], dict] | None = None

    def __post_init__(self):
        if not callable(self.check):
            raise TypeError(f"game {self.name}: check must read its events (Game.check)")


@dataclass(frozen=True)
class Helper(Declares):
    """A page beside the games that keeps no table (no log, nothing shared between phones): the
    start page links to ``endpoint`` under ``title``, with ``blurb`` below it. The other fields
    are those of :class:`Declares`."""

    name: str
    title: str
    blueprints: tuple[Blueprint, ...]
    endpoint: str
    blurb: str = ""


def registered() -> list:
    """The games and helpers of the registry (``companion.games.GAMES``), in its order; each package
    gives its ``GAME``. Known without an app: ``init_db`` and the ``companion`` command ask too."""
    from companion.games import GAMES
    return [importlib.import_module(f"companion.games.{name}").GAME for name in GAMES]


def folders(kind: str) -> list[str]:
    """The games' own folders of ``kind`` (``templates``, ``static``), in the registry's order:
    the app looks there after its own (create_app's template loader, assets.static_asset)."""
    from companion.games import GAMES
    found = [os.path.join(os.path.dirname(importlib.import_module(f"companion.games.{name}").__file__),
                          kind) for name in GAMES]
    return [folder for folder in found if os.path.isdir(folder)]


def schema() -> dict:
    """The SQLite tables the registered games define (``init_db`` creates them)."""
    return {name: spec for game in registered() for name, spec in game.schema.items()}


def per_table() -> list[str]:
    """The games' SQLite tables holding rows of one table, removed with it (``tables.delete``)."""
    return [name for game in registered() for name in game.per_table]


def check_options(game: Game, options) -> dict:
    """The table options of a new table (a form's ``option-*`` fields, a table file's setup):
    the ones ``game`` defines, each one of its allowed values; others are not stored."""
    found = {}
    for name, value in (options or {}).items():
        allowed = game.options.get(name)
        if allowed is None:
            continue  # the other game's option on the shared form
        if value not in allowed:
            raise RuleError(_("option %(o)s: %(v)r is not one of %(allowed)s", o=name,
                              v=str(value)[:40], allowed=", ".join(allowed)), "TABLE-OPTIONS")
        found[name] = value
    return found


def register(app, game: Game | Helper) -> None:
    """Make ``game`` available to ``app``: its blueprints, its JSON routes and its entry in the
    registry (a :class:`Helper` among the helpers)."""
    kind = "companion.table.games" if isinstance(game, Game) else "companion.helpers"
    app.extensions.setdefault(kind, {})[game.name] = game
    for blueprint in game.api:
        app.register_blueprint(blueprint)
        app.extensions["csrf"].exempt(blueprint)
    mapping = "companion.%s_of_blueprint" % ("game" if isinstance(game, Game) else "helper")
    for blueprint in game.blueprints:
        app.register_blueprint(blueprint)
        app.extensions.setdefault(mapping, {})[blueprint.name] = game.name


def of_request() -> str | None:
    """The game whose pages this request is for (None for the shared pages: rooms, history)."""
    return current_app.extensions.get("companion.game_of_blueprint", {}).get(request.blueprint)


def of_page(table=None) -> Game | Helper | None:
    """The game whose scripts and stylesheets this page loads: the one whose pages these are,
    else the game of ``table`` (its shared pages: Room, History), else none."""
    helper = current_app.extensions.get("companion.helper_of_blueprint", {}).get(request.blueprint)
    if helper is not None:
        return current_app.extensions["companion.helpers"][helper]
    name = of_request() or (table.game if table else None)
    return current_app.extensions.get("companion.table.games", {}).get(name)


def helpers() -> list[Helper]:
    """The registered helper pages, in registration order."""
    return list(current_app.extensions.get("companion.helpers", {}).values())


def get(name: str) -> Game:
    """The game called ``name`` (KeyError when no such game is registered)."""
    return current_app.extensions["companion.table.games"][name]


def all_games() -> list[Game]:
    """The registered games, in registration order."""
    return list(current_app.extensions.get("companion.table.games", {}).values())


class Position(dict):
    """A game's position: each game's ``position.py`` defines a subclass of its own, which its
    ``initial`` and ``apply`` return, so the table core's fold (events.fold) builds positions of
    the game's type without naming it.

    A ``dict`` because a position is what docs/formats.md stores and exports: a JSON object whose
    keys the templates (``p.board``), the exports and every ``position["board"]`` read as they
    are. What a game derives from it (a check, a preview) are its subclass's methods marked
    :func:`companion.table.caches.fact`: computed at most once per instance and kept in the
    instance's attributes, never in its keys, so a position holds the game's data and nothing
    else (nothing rendered: a page renders what it shows).

    Never changed once built: the handlers of an event change a plain copy (:func:`fold_event`)
    and the next version is a new instance; changing one in place raises TypeError, since the
    facts kept on it and every phone reading it from the position cache would no longer match
    it. A copy (``dict(p)``, ``copy.deepcopy``) is a plain value without the facts."""

    __slots__ = ("_facts", "_lock")

    def __reduce__(self):
        return type(self), (dict(self),)

    def _frozen(self, *args, **kwargs):
        raise TypeError(f"a {type(self).__name__} never changes once built: make a new one")

    __setitem__ = __delitem__ = __ior__ = _frozen
    clear = pop = popitem = setdefault = update = _frozen


def fold_event(handlers: dict, position: dict, event: dict, title: str, kind: type = dict) -> dict:
    """What every game's ``apply`` starts with: the handler of the event's kind changes a plain
    copy of ``position`` (a shallow one: handlers replace what they change rather than edit it),
    and the result is made a position of ``kind``, the game's :class:`Position` type; an unknown
    or malformed event is a RuleError."""
    handler = handlers.get(event["kind"])
    if handler is None:
        raise RuleError(_("unknown %(g)s event %(k)r", g=title, k=event["kind"]), "docs/formats.md")
    new = dict(position)
    try:
        handler(new, event["data"])
    except RuleError:
        raise
    except KeyError as err:
        raise RuleError(_("malformed %(k)s event: its data lacks %(key)r", k=event["kind"],
                          key=err.args[0]), "docs/formats.md") from None
    except (TypeError, ValueError, AttributeError):
        raise RuleError(_("malformed %(k)s event: a value in its data is of the wrong kind",
                          k=event["kind"]), "docs/formats.md") from None
    return kind(new)
