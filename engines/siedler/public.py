"""What everyone knows of a Siedler decision, for the answers given in advance and their checks.

Two questions about a seat's view, both answered from what the public log shows:

- `forced_public(view)`: may `forced` answer this decision? Only when the seat's list of legal
  moves is computed without its hand or a pile it searches: the same decision code runs on the
  view with every card concealed (known.py's stand-ins, which raise ConcealedRead when read).
  The roll (an Alchemist in hand adds a move), the counter question (SI-24: a Bishop or a Herb
  Woman adds one), a pick from a searched pile, a Spy's take, the hand step: the number of
  options there tells what the hand holds, so `forced` leaves them to the seat's other answers
  or to the seat. A trade answer (the regions' stores are public), a Civil War's or a duel
  winner's choice among public units are public.
- `mismatch(view, step)`: what in a seat's committed view contradicts the public content of the
  log entry that produced the position (`step`: its public move and events, the seat to move,
  the result). A client checks every view it relies on with it (the board it shows, the
  position a standing answer was played from): a server that commits a false view for one seat
  (a trade offer that was never made, another duel card, other dice) is caught at once, not
  only by the audit after the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.siedler import known

DUELS = ("arsonist", "black-knight", "brigands")  # SI-24: the cards whose play asks the counter question


def publicized(view: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's view with what only the seat sees concealed: its hand (its size stays), the
    pile it searches, the pending decision's secret part (as a spectator's view has it)."""
    pending = view.get("pending")
    hand = view.get("hand") or []
    return {
        **view,
        "hand": known.Concealed(len(hand), "the seat's own hand"),
        "searching": None,
        "pending": None if pending is None else {k: v for k, v in pending.items() if k not in ("secret", "then")},
    }


def forced_public(view: Mapping[str, Any], listed: Any) -> bool:
    """Whether the seat's number of legal moves follows from what everyone sees; `listed` is the
    engine's one listing of legal moves (state, seat) -> moves."""
    seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or view.get("pending") is None:
        return False
    try:
        public = listed(known.state_of(publicized(view)), seat)
    except (known.ConcealedRead, TypeError, KeyError):  # the list reads what only the seat sees
        return False
    return len(public) == len(listed(known.state_of(dict(view)), seat))


def mismatch(view: Mapping[str, Any], step: Mapping[str, Any]) -> str | None:
    """The first public fact of `step` that `view` contradicts, in words; None when none does."""
    if not isinstance(view, Mapping):
        return "the view is not an object"
    result, pending = view.get("result"), view.get("pending")
    if result != step.get("result"):
        return f"the view says the result is {result!r}, the log says {step.get('result')!r}"
    deciding = None if result is not None or not isinstance(pending, Mapping) else pending.get("seat")
    if deciding != step.get("to_move"):
        return f"the view has seat {deciding!r} decide, the log names seat {step.get('to_move')!r} to move"
    events = [e for e in step.get("events") or [] if isinstance(e, Mapping) and isinstance(e.get("data"), Mapping)]
    return _offer(pending, events) or _counter(pending, events) or _dice(view, events)


def _last(events: list[Mapping[str, Any]], kind: str) -> Mapping[str, Any] | None:
    found = [e["data"] for e in events if e.get("kind") == kind]
    return found[-1] if found else None


def _kind(pending: Any) -> Any:
    return pending.get("kind") if isinstance(pending, Mapping) else None


def _offer(pending: Any, events: list[Mapping[str, Any]]) -> str | None:
    """SI-22: a trade offer in the log is the offer the other seat answers, exactly; an offer to
    answer in the view was made in the log, exactly."""
    offer = _last(events, "offer")
    if offer is None and _kind(pending) != "answer":
        return None
    if offer is None:
        return "the view asks for an answer to a trade offer that the log does not show"
    if _kind(pending) != "answer":
        return "the log shows a trade offer, but the view asks no answer to it"
    said = {"seat": 1 - offer.get("seat", 0), "give": offer.get("give"), "get": offer.get("get")}
    shown = {"seat": pending.get("seat"), "give": pending.get("give"), "get": pending.get("get")}
    if said != shown:
        return f"the view shows the trade offer {_bundle(shown)}, the log shows {_bundle(said)}"
    return None


def _bundle(offer: Mapping[str, Any]) -> str:
    def words(b: Any) -> str:
        return " and ".join(f"{n} {r}" for r, n in b.items()) if isinstance(b, Mapping) else repr(b)

    return f"'{words(offer.get('give'))} for {words(offer.get('get'))}'"


def _counter(pending: Any, events: list[Mapping[str, Any]]) -> str | None:
    """SI-24: the counter question is about the duel card the log shows played, by its player."""
    if _kind(pending) != "counter":
        return None
    played = [e for e in (_last_all(events, "played")) if e.get("card") in DUELS]
    if not played:
        return "the view asks the counter question after no duel card the log shows"
    duel = played[-1]
    if (pending.get("card"), pending.get("attacker")) != (duel.get("card"), duel.get("seat")):
        return (
            f"the view asks the counter question against {pending.get('card')!r} of seat "
            f"{pending.get('attacker')!r}, the log shows {duel.get('card')!r} played by seat {duel.get('seat')!r}"
        )
    return None


def _last_all(events: list[Mapping[str, Any]], kind: str) -> list[Mapping[str, Any]]:
    return [e["data"] for e in events if e.get("kind") == kind]


def _dice(view: Mapping[str, Any], events: list[Mapping[str, Any]]) -> str | None:
    """SI-10: the dice the log shows thrown in this step are the view's dice (unless a new turn
    began after them, which clears them)."""
    kinds = [e.get("kind") for e in events]
    if "rolled" not in kinds or "turn" in kinds[len(kinds) - kinds[::-1].index("rolled"):]:
        return None
    rolled = _last(events, "rolled") or {}
    thrown = {"production": rolled.get("production"), "event": rolled.get("event")}
    if view.get("dice") != thrown:
        return f"the view shows the dice {view.get('dice')!r}, the log shows {thrown!r} thrown"
    return None
