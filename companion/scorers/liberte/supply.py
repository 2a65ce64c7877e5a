"""Blocks in the box, on the board and in the supply (LIB-PLACE-4, LIB-TURN-2, LIB-TURN-3)."""
from companion.scorers.liberte.cards import BOX, FACTIONS, OF_FACTION, SET_ASIDE_IN_TURN_1, WHITE
from companion.scorers.rules import RuleError
from companion.scorers.sentence import join, plural, sentence


def blocks_on_board(board) -> dict:
    """Blocks of each colour standing in stacks on the board."""
    counts = dict.fromkeys(FACTIONS, 0)
    for stacks in board.values():
        for stack in stacks:
            counts[stack.faction] += stack.blocks
    return counts


def available(turn: int, lost_battles: int, waiting: int = 0) -> dict:
    """Blocks of each colour in play: the box, less the turn-1 set-aside (LIB-TURN-2: it returns at the
    start of turn 2) and, for white, the block on each lost battle (LIB-BAT-3) but those still
    ``waiting`` for a white block to come back to the supply."""
    counts = dict(BOX)
    if turn == 1:
        counts = {faction: n - SET_ASIDE_IN_TURN_1 for faction, n in counts.items()}
    counts[WHITE] -= lost_battles - waiting
    return counts


def supply(board, turn: int, lost_battles: int, votes_held=None, waiting: int = 0) -> dict:
    """Blocks of each colour left to place: available less the board less the votes held (LIB-PLACE-4)."""
    on_board = blocks_on_board(board)
    held = votes_held or {}
    return {faction: available(turn, lost_battles, waiting)[faction] - on_board[faction] - held.get(faction, 0)
            for faction in FACTIONS}


def waiting_for_the_battle(board, turn: int, lost_battles: int) -> int:
    """LIB-BAT-3: the white blocks owed to lost battles that no supply could give (none left even after
    the elections): each goes on its battle as soon as a white block returns to the supply. The board
    never holds more white blocks than the box, so only those blocks can make the count run short."""
    return max(0, -supply(board, turn, lost_battles)[WHITE])


def supply_after(board, turn: int, lost_battles: int) -> dict:
    """The supply after the end of a turn, never below zero: a white block owed to a lost battle that
    waits (:func:`waiting_for_the_battle`) is not in the supply either (LIB-BAT-3, LIB-PLACE-4)."""
    return {faction: max(0, n) for faction, n in supply(board, turn, lost_battles).items()}


def check_box_counts(board, turn: int, lost_battles: int, waiting: int = 0) -> None:
    """LIB-PLACE-4: no colour may have more blocks on the board than the box (and the set-aside) allow;
    a lost battle's block that ``waiting`` for the supply is not on its battle yet (LIB-BAT-3)."""
    for faction, left in supply(board, turn, lost_battles, waiting=waiting).items():
        if left < 0:
            on_board = blocks_on_board(board)[faction]
            limit = available(turn, lost_battles, waiting)[faction]
            detail = [sentence("%(n)s in the box", n=BOX[faction])]
            if turn == 1:
                detail.append(sentence("%(n)s set aside in turn 1", n=SET_ASIDE_IN_TURN_1))
            if faction == WHITE and lost_battles - waiting:
                detail.append(sentence("%(n)s on lost battles", n=lost_battles - waiting))
            raise RuleError(plural("board: %(n)s %(faction)s block, but only %(limit)s can be in play (%(detail)s)",
                                   "board: %(n)s %(faction)s blocks, but only %(limit)s can be in play (%(detail)s)",
                                   on_board, faction=OF_FACTION[faction], limit=limit,
                                   detail=join(", ", detail)), "LIB-PLACE-4")


def action_phase_over(left: dict) -> bool:
    """LIB-TURN-3: the action phase ends once one faction's supply is empty (the round is completed)."""
    return any(n <= 0 for n in left.values())
