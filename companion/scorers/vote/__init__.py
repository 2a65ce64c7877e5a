"""The VOTE! moderator engine: the night script, the set-up and the rounds, derived from events.

Pure Python (standard library only); randomness arrives as a ``random.Random``.
"""
