"""The VOTE! moderator engine: the night script, the set-up and the rounds, derived from events.

Pure Python (standard library only); randomness arrives as a ``random.Random``.
"""
from companion.scorers.vote.engine import apply_event, legal_actions, new_game, play  # noqa: F401
from companion.scorers.vote.night_script import NightSettings, night_script, timed_script  # noqa: F401
from companion.scorers.vote.replay import game_from_scenario, replay, result  # noqa: F401
