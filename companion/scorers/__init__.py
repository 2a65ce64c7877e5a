"""The rules engines: pure Python, plain data in and out.

Nothing under ``companion.scorers`` imports Flask, Jinja, sqlite-utils or does I/O;
randomness arrives as a ``random.Random`` parameter. ``tests/scorers/test_purity.py`` checks it.
"""
