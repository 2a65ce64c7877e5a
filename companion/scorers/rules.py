"""What both engines share: the error a rule raises when it refuses an input."""


class RuleError(ValueError):
    """An input the rules refuse.

    ``message`` names what is wrong and where ("province 8: two stacks of Joshua"),
    ``rule`` is the rule id that refuses it ("LIB-PLACE-3"). ``str(err)`` is the
    one-line form the CLI prints after ``error:``. The engines give ``message`` as a
    :class:`~companion.scorers.sentence.Sentence`: English, which a page may translate.
    """

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} ({rule})")
        self.message = message
        self.rule = rule

    def as_json(self) -> dict:
        """The body the JSON API answers with status 400."""
        return {"error": self.message, "rule": self.rule}
