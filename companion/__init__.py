"""companion: a phone-friendly web app that sits beside a physical board game."""
import os

from flask import Flask
from flask_babel import get_locale
from htmx_flask import Htmx
from jinja2 import ChoiceLoader, FileSystemLoader


def create_app(test_config=None, settings=None):
    """Build the Flask app (the Flask tutorial's app factory): shared parts, then each game.

    ``test_config`` replaces the instance folder's ``config.py`` and the ``COMPANION_*`` environment
    variables (``COMPANION_CODE_PREFIX=A`` sets ``CODE_PREFIX``); ``settings`` (``companion serve
    --db``) win over them. The instance folder is made only when the database is kept there; the
    key that signs cookies is kept beside the database."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "companion.sqlite"),
        MAX_CONTENT_LENGTH=4 * 1024 * 1024,
        SYNCHRONOUS="FULL",  # SQLite's durability: FULL syncs every commit (docs/hosting.md)
        POSITION_CACHE=1000,  # tables whose position each server process keeps folded
        # the limits of a host open to strangers (docs/hosting.md)
        JOIN_GUESSES=(30, 6),  # join codes that lead nowhere, per address: at once, a minute
        TABLES_PER_ADDRESS=(30, 30),  # tables created or imported per address: at once, an hour
        WRITES_PER_ADDRESS=(300, 120),  # other writes that grow the database: at once, a minute
        DATABASE_MAX_BYTES=4 * 1024 ** 3,  # no table, and no change, is stored past this size
        DISK_RESERVE_BYTES=256 * 1024 ** 2,  # nor when the disk has less than this free
        TAPS_PER_ADDRESS=(600, 3600),  # changes at a table per address, per server process:
        # at once, a minute (docs/hosting.md)
        STREAMS_PER_ADDRESS=200,  # news streams open per address, in each server process
        HEARTBEAT=2,  # seconds between two beats on a quiet news stream: a phone says the host is
        # lost after 2.5 of them, and 5 s at the least (docs/hosting.md)
        BEATS_PER_SECOND=500,  # the most beats a server process sends a second: with more phones
        # than that every HEARTBEAT, each is beaten further apart (docs/hosting.md)
        PROXY_HOPS=0,  # trusted proxies in front (their X-Forwarded-For and -Proto are believed)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_envvar("COMPANION_SETTINGS", silent=True)  # companion serve --settings
        app.config.from_prefixed_env("COMPANION")  # COMPANION_CODE_PREFIX=A: docs/hosting.md
    else:
        app.config.from_mapping(test_config)
    app.config.update(settings or {})
    if isinstance(app.config.get("SECRET_KEY"), int):  # COMPANION_SECRET_KEY of digits only
        app.config["SECRET_KEY"] = str(app.config["SECRET_KEY"])
    folder = os.path.dirname(os.path.abspath(app.config["DATABASE"]))
    if folder == os.path.abspath(app.instance_path):
        os.makedirs(folder, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        from companion.security import secret_key
        app.config["SECRET_KEY"] = secret_key(folder)

    from companion import assets, errors, i18n, install, security
    from companion.table import db, ending, logbook, rooms, tables
    tables.check_code_prefix(app)
    db.init_app(app)
    Htmx(app)
    app.before_request(logbook.out_of_ration)  # before the CSRF check reads the body
    security.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)
    assets.init_app(app)
    install.init_app(app)
    app.register_blueprint(rooms.bp)
    app.register_blueprint(logbook.bp)
    app.register_blueprint(ending.bp)
    app.jinja_env.globals.update(ending_of=ending.state, evening=ending.evening)
    app.jinja_env.globals["get_locale"] = get_locale
    from companion.table.live import table_url
    from companion.table.names import bdi
    app.jinja_env.globals["table_url"] = table_url
    app.jinja_env.filters["bdi"] = bdi  # a player's name, isolated from the text around it

    from companion.table import games
    app.jinja_loader = ChoiceLoader([app.jinja_loader, *map(FileSystemLoader,
                                                             games.folders("templates"))])
    for game in games.registered():
        games.register(app, game)
    app.jinja_env.globals.update(helpers=games.helpers, game_of_page=games.of_page)
    return app
