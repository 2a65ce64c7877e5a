"""Small validation helpers: every refusal names the place and the rule.

A message or a place (``where``) may be given as a function that makes it: a board is read on
every change, and the sentences of its refusals are made only when one is refused."""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence


def said(text):
    """``text``, or what it makes when it is a function of no argument."""
    return text() if callable(text) else text


def expect(condition: bool, message, rule: str) -> None:
    """Raise RuleError(message, rule) unless ``condition`` holds."""
    if not condition:
        raise RuleError(said(message), rule)


def whole_number(value, where, rule: str, low: int, high: int | None = None) -> int:
    """``value`` as a whole number within low..high (JSON true/false and 2.5 are refused)."""
    if type(value) is not int or value < low or (high is not None and value > high):
        where = said(where)
    if type(value) is not int:
        raise RuleError(sentence("%(where)s: expected a whole number, got %(value)r", where=where, value=value), rule)
    if value < low or (high is not None and value > high):
        bound = (sentence("%(low)s to %(high)s", low=low, high=high) if high is not None
                 else sentence("at least %(low)s", low=low))
        raise RuleError(sentence("%(where)s: %(value)s is out of range (%(bound)s)", where=where, value=value,
                                 bound=bound), rule)
    return value
