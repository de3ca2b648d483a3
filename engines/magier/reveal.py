"""The blind game's reveal (MH-10, MH-13): the owner opens the wisdoms a push burnt.

In a blind game the engine never holds a concealed value, so a push that burns one only
leaves it pending (movement.apply_movement); the owner's next decision opens it, and only
then are the points scored and the end decided, exactly as they would have been at the push.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.core import Event, IllegalMove, Move, Seat, State
from engines.magier.ending import check_end
from engines.magier.state import WISDOM_VALUES, values_text


def apply_reveal(state: State, seat: Seat, move: Move) -> tuple[State, list[Event]]:
    """MH-10, MH-13 in a blind game: the owner opens the wisdoms the last push burnt.

    protocol.steps has checked every opening against its commitment; here each item must
    name the pending commitments in order, and each value must be one the owner still
    has unburnt (MH-5). Then the points are scored and the end is decided exactly as it
    would have been at the push (MH-12, MH-13, MH-14 for the seat that pushed).
    """
    pending = state.get("pending") or []
    if not pending:
        raise IllegalMove("there is nothing to reveal: no wisdom of yours is waiting to be opened")
    items = move.get("secrets")
    if not isinstance(items, list) or len(items) != len(pending):
        raise IllegalMove(f"reveal all {len(pending)} burnt wisdom(s) of yours, in order")
    pool = list(WISDOM_VALUES)
    for b in state["burned"]:
        if b["owner"] == seat and b["value"] in pool:
            pool.remove(b["value"])
    scores = list(state["scores"])
    burned = list(state["burned"])
    events: list[Event] = []
    for item, wait in zip(items, pending, strict=True):
        if not isinstance(item, Mapping) or set(item) != {"commit", "secret", "salt"}:
            raise IllegalMove('each revealed wisdom is {"commit", "secret", "salt"}')
        if item["commit"] != wait["commit"]:
            raise IllegalMove(f"the wisdom burnt on {wait['cell']} was committed as {wait['commit']}")
        secret = item["secret"]
        value = secret.get("value") if isinstance(secret, Mapping) and set(secret) == {"value"} else None
        if isinstance(value, bool) or not isinstance(value, int) or value not in pool:
            raise IllegalMove(
                f"the wisdom burnt on {wait['cell']} cannot be worth {value!r}: your unburnt "
                f"wisdoms are worth {values_text(sorted(pool, reverse=True))} (MH-5)"
            )
        pool.remove(value)
        by = wait["by"]
        scores[by] += value
        record = {"cell": wait["cell"], "owner": seat, "value": value, "by": by}
        burned.append({**record, "ply": wait["ply"]})
        events.append(Event("burned", record))
    new = dict(state)
    new["scores"] = scores
    new["burned"] = burned
    new["pending"] = []
    return new, events + check_end(new, pending[0]["by"])
