"""Small validation helpers: every refusal names the place and the rule."""
from companion.scorers.rules import RuleError


def expect(condition: bool, message: str, rule: str) -> None:
    """Raise RuleError(message, rule) unless ``condition`` holds."""
    if not condition:
        raise RuleError(message, rule)


def whole_number(value, where: str, rule: str, low: int, high: int | None = None) -> int:
    """``value`` as a whole number within low..high (JSON true/false and 2.5 are refused)."""
    if type(value) is not int:
        raise RuleError(f"{where}: expected a whole number, got {value!r}", rule)
    if value < low or (high is not None and value > high):
        bound = f"{low} to {high}" if high is not None else f"at least {low}"
        raise RuleError(f"{where}: {value} is out of range ({bound})", rule)
    return value
