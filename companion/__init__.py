"""companion: a phone-friendly web app that sits beside a physical board game."""
import os

from flask import Flask, render_template


def create_app(test_config=None):
    """Build the Flask app (the Flask tutorial's app factory)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY="dev",
        DATABASE=os.path.join(app.instance_path, "companion.sqlite"),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)

    @app.get("/")
    def index():
        """The start page: which games the companion knows."""
        return render_template("index.html")

    return app
