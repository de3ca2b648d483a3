"""The circuit, the blocks and the homes (FS-4, FS-6, FS-7, FS-8).

Spaces are numbered 0..5n-1 clockwise; block i (seat i's figure) is spaces
5i..5i+4, its s0..s4, so the blocks of absent figures simply do not exist.
A figure's place is an int (a circuit space), "home" or "dungeon".
"""

from __future__ import annotations

from typing import Any

# FS-4: the homes clockwise; the seats take the figures in this order.
NAMES = ["King", "Queen", "Monk", "Robber"]
BLOCK = 5
LINK = 2  # s2: the only space that links a block to its home


def space_name(space: int) -> str:
    """A space as the board names it: its block's owner and its number there, "Monk s2"
    (space 12), so the board, the log and the prompts call one space by one name."""
    return f"{NAMES[block_of(space)]} s{index_in_block(space)}"


def length(seats: int) -> int:
    return BLOCK * seats


def block_of(space: int) -> int:
    """The seat whose block holds this space."""
    return space // BLOCK


def link_space(seat: int) -> int:
    """The seat's own s2."""
    return BLOCK * seat + LINK


def index_in_block(space: int) -> int:
    return space % BLOCK


def path(place: Any, seat: int, steps: int, seats: int) -> list[int]:
    """The spaces stepped on, in order, by a move of `steps` from `place`.

    From home the first step is onto the own s2 (FS-6), then clockwise.
    """
    if steps <= 0:
        return []
    if place == "home":
        start = link_space(seat)
        return [(start + k) % length(seats) for k in range(steps)]
    return [(place + k) % length(seats) for k in range(1, steps + 1)]


def home_turn_step(place: Any, seat: int, steps: int, seats: int) -> int | None:
    """After how many steps the figure stands on its own s2 with steps left (FS-8), or None.

    0 means it starts the move there. A figure leaving home passes s2 on its
    first step, but turning straight back in is not a move along the circuit,
    so that does not count. With 5 spaces per seat and at most 8 steps the
    own s2 comes up at most once per move.
    """
    if place == "home" or place == "dungeon" or steps <= 0:
        return None
    target = link_space(seat)
    if place == target:
        return 0
    for k, space in enumerate(path(place, seat, steps, seats), start=1):
        if space == target and k < steps:
            return k
    return None


def destination(place: Any, seat: int, steps: int, seats: int) -> Any:
    """Where the figure ends when it goes on (not home): a space, or "home" for a 0-step move from home."""
    spaces = path(place, seat, steps, seats)
    return spaces[-1] if spaces else place


def visited_block(place: Any, seat: int) -> int | None:
    """The other player whose block the figure stands in (FS-16), if any."""
    if isinstance(place, int) and not isinstance(place, bool):
        owner = block_of(place)
        if owner != seat:
            return owner
    return None
