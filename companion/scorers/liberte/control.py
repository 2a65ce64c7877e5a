"""Who controls a province (LIB-CTRL-1)."""


def highest_stacks(stacks) -> list:
    """The stacks of the greatest height in a province, in the order given."""
    if not stacks:
        return []
    top = max(stack.blocks for stack in stacks)
    return [stack for stack in stacks if stack.blocks == top]


def controlling_stack(stacks):
    """LIB-CTRL-1: the one stack strictly higher than every other stack, whatever its colour; else None."""
    highest = highest_stacks(stacks)
    return highest[0] if len(highest) == 1 else None
