"""A seat's legal moves as a numbered list: `pbem move GAME N` plays number N."""

from __future__ import annotations

from typing import Any

GROUP_LIMIT = 150  # a longer run of one kind (claims with 4 players) is shown by its ends; --json lists all


def groups(moves: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Runs of consecutive moves whose notation starts with the same word ("claim", "place")."""
    runs: list[tuple[str, list[dict[str, Any]]]] = []
    for m in moves:
        kind = (str(m.get("text") or "").split() or [""])[0]
        if runs and runs[-1][0] == kind:
            runs[-1][1].append(m)
        else:
            runs.append((kind, [m]))
    return runs


def move_lines(listed: dict[str, Any]) -> list[str]:
    """The numbered lines (a long run of one kind by its ends); none when there is no move."""
    moves = listed["moves"]
    width = len(str(len(moves)))
    lines = []
    for kind, group in groups(moves):
        if len(group) > GROUP_LIMIT:
            first, last = group[0], group[-1]
            lines.append(f"{first['n']:>{width}}. {first['text']}")
            lines.append(f"{'':>{width}}  ... {len(group) - 2} more {kind} moves (all with --json; or type one) ...")
            lines.append(f"{last['n']:>{width}}. {last['text']}")
            continue
        lines.extend(f"{m['n']:>{width}}. {m['text']}" + (f"  ({m['does']})" if m.get("does") else "") for m in group)
    return lines


def no_moves_line(game: str) -> str:
    return f"no legal moves for you in game {game} right now (not your turn?)"


def how_to_play_line(game: str) -> str:
    return f"play one with: pbem move {game} NUMBER  (or its notation)"
