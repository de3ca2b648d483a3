"""An envelope's members, as every reader checks them: eight, or nine where the rules seal.

The server refuses an envelope with a member its rules do not give it (a `sealed` box on a
move whose secret is not owner-held, or in a rules version that does not seal), and so must
the client: a log that holds one was not written by an honest server, and a box that should be
there but is not means the owner's secret was dropped. The one rule is protocol.sealing's.
"""

from __future__ import annotations

from typing import Any

from client.logcheck.errors import VerifyError
from protocol.sealing import envelope_problem, held_in_public


def check_members(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """The signed envelope of a move or a resignation has exactly the members its rules give it."""
    from client.player.engine import engine_for

    body = entry["body"]
    env = body["envelope"]
    engine = engine_for(receipt)
    resigns = entry.get("type") == "system"
    held = not resigns and held_in_public(engine, receipt.get("options"), env.get("move"))
    problem = envelope_problem(env, engine.id, engine.version, held)
    if problem is not None:
        raise VerifyError(f"entry {entry['seq']}: {problem}")
