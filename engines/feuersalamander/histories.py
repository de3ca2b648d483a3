"""Version 3's histories: the questions and claims its state and views carried (docs/PROTOCOL.md section 19).
Versions 1 and 2 carried them alike (from the first engine, c116416, to c220aa7).

Versions 3 and 4 play the same game. Version 3 kept every question asked (with its answer)
and every claim made in the state, and showed them in every view, so state and views grew
with the game; version 4 keeps them in the log only (engines.feuersalamander.record) and
the public "question" event names the turn and the asked seat's losses instead. Logs of
version 3 commit to those states and views, so a version-3 game is still played with them:
today's rules run, and this module adds version 3's members on top, exactly as its code
wrote them (tests/engines/versions pins it against that code):

    state["questions"]: [{"by", "to", "coord", "answer", "turn", "losses"}]
    state["claims"]:    [{"seat", "own", "named": [{"seat", "card", "held"}], "ok", "value" (when ok)}]
    view["questions"]:  the state's, each with "seen" (the viewer asked or was asked) and
                        "answer" None unless seen; view["claims"]: the state's

and the public "question" event back to {"by", "to", "coord"}. Nothing here changes what a
move does; the lists are only ever replaced, never changed in place (states are values).
"""

from __future__ import annotations

from engines.core import Event, Seat, State, View

_KINDS = frozenset({"question", "answer", "claim", "laid", "claim_failed"})


def with_histories(state: State) -> State:
    """A new game's state with version 3's empty lists, where version 3 put them (after the
    scores)."""
    out: State = {}
    for key, value in state.items():
        if key == "start_throws":
            out["questions"], out["claims"] = [], []
        out[key] = value
    return out


def record(state: State, events: list[Event]) -> list[Event]:
    """After a move: the questions and claims of `events` appended to the state's lists (new
    lists: the old state shares the old ones), and the events as version 3 wrote them (its
    question event names no turn and no losses)."""
    if not any(e.kind in _KINDS for e in events):
        return events
    questions, claims = list(state["questions"]), list(state["claims"])
    out: list[Event] = []
    for event in events:
        data = event.data
        if event.kind == "question":
            questions.append(
                {"by": data["by"], "to": data["to"], "coord": data["coord"], "answer": None,
                 "turn": data["turn"], "losses": data["losses"]}
            )
            event = Event("question", {"by": data["by"], "to": data["to"], "coord": data["coord"]}, event.to)
        elif event.kind == "answer":
            questions[-1] = {**questions[-1], "answer": data["answer"]}
        elif event.kind == "claim":
            named = [{"seat": i["seat"], "card": i["card"]} for i in data["named"]]
            claims.append({"seat": data["seat"], "own": list(data["own"]), "named": named})
        elif event.kind == "laid":
            last = claims[-1]
            claims[-1] = {**last, "named": [{**i, "held": True} for i in last["named"]], "ok": True, "value": data["value"]}
        elif event.kind == "claim_failed":
            held = [{"seat": i["seat"], "card": i["card"], "held": i["held"]} for i in data["held"]]
            claims[-1] = {**claims[-1], "named": held, "ok": False}
        out.append(event)
    state["questions"], state["claims"] = questions, claims
    return out


def view_members(state: State, seat: Seat | None, view: View, everything: bool = False) -> View:
    """`view` (today's, of `state`) with version 3's "questions" and "claims" before its
    "start_throws", where version 3 put them. An answer shows only to the two seats of its
    question, or to everyone when `everything` (a finished game's revealed view)."""
    questions = []
    for q in state["questions"]:
        seen = everything or (seat is not None and seat in (q["by"], q["to"]))
        questions.append({**q, "answer": q["answer"] if seen else None, "seen": seen})
    claims = [{**c, "own": list(c["own"]), "named": [dict(i) for i in c["named"]]} for c in state["claims"]]
    out: View = {}
    for key, value in view.items():
        if key == "start_throws":
            out["questions"], out["claims"] = questions, claims
        out[key] = value
    return out
