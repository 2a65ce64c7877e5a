"""Small validation helpers: every refusal names the place and the rule."""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence


def expect(condition: bool, message: str, rule: str) -> None:
    """Raise RuleError(message, rule) unless ``condition`` holds."""
    if not condition:
        raise RuleError(message, rule)


def whole_number(value, where: str, rule: str, low: int, high: int | None = None) -> int:
    """``value`` as a whole number within low..high (JSON true/false and 2.5 are refused)."""
    if type(value) is not int:
        raise RuleError(sentence("%(where)s: expected a whole number, got %(value)r", where=where, value=value), rule)
    if value < low or (high is not None and value > high):
        bound = (sentence("%(low)s to %(high)s", low=low, high=high) if high is not None
                 else sentence("at least %(low)s", low=low))
        raise RuleError(sentence("%(where)s: %(value)s is out of range (%(bound)s)", where=where, value=value,
                                 bound=bound), rule)
    return value
