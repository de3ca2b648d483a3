"""Der Feuersalamander's log events in words, for `pbem log` (a log a person reads, not JSON):
pure, no rules here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.feuersalamander import cards
from engines.feuersalamander.circuit import BLOCK, space_name

NAMES = ["King", "Queen", "Monk", "Robber"]


def _seat(value: Any) -> str:
    return NAMES[value] if isinstance(value, int) and 0 <= value < len(NAMES) else f"seat {value}"


def _card(card: Any) -> str:
    return cards.card_label(card) if cards.is_card(card) else str(card)


def _cards(items: Any) -> str:
    return ", ".join(_card(c) for c in items or []) or "no card"


def _place(place: Any) -> str:
    """A figure's place as the board names it ("Monk s2"), never the internal space number."""
    if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < len(NAMES) * BLOCK:
        return space_name(place)
    return "the dungeon" if place == "dungeon" else str(place)


def _named(items: Any, with_held: bool = False) -> str:
    out = []
    for item in items or []:
        if not isinstance(item, Mapping):
            continue
        text = f"{_seat(item.get('seat'))}'s {_card(item.get('card'))}"
        if with_held:
            text += " (held)" if item.get("held") else " (NOT held)"
        out.append(text)
    return ", ".join(out)


def describe(event: Mapping[str, Any]) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one line per kind
    """One event ({"kind", "data", "to"}) in words, or None for one not worth a line (a turn)."""
    kind, data = event.get("kind"), event.get("data") or {}
    if not isinstance(data, Mapping):
        return None
    who = _seat(data.get("seat"))
    if kind == "deal":
        return f"you are dealt {_cards(data.get('cards'))}"
    if kind == "dealt":
        return f"each player is dealt {', '.join(str(n) for n in data.get('hand_sizes') or [])} cards; {data.get('deck_size')} left in the stack"
    if kind == "start_throws":
        rounds = data.get("rounds") or []
        throws = " / ".join(
            ", ".join(f"{_seat(t.get('seat'))} {t.get('value')}" for t in r if isinstance(t, Mapping))
            for r in rounds
        )
        return f"start throw: {throws}; {_seat(data.get('start_player'))} begins"
    if kind == "threw":
        numbers = data.get("numbers") or []
        return f"{who} throws {' and '.join(str(n) for n in numbers)} and a {data.get('symbol')}" + (
            " (a pair: again)" if len(numbers) == 2 and numbers[0] == numbers[1] else ""
        )
    if kind == "drew":
        if "card" in data:
            return f"you draw {_card(data.get('card'))}"
        return f"{who} draws a card"
    if kind == "no_card":
        return f"{who} would draw, but no card is left"
    if kind == "renewed":
        return f"the discard pile is shuffled into a new stack of {data.get('deck_size')}"
    if kind == "discarded":
        why = {"deal": "a pair in the deal", "double": "the double rule", "exchange": "an exchange"}.get(
            str(data.get("why")), str(data.get("why"))
        )
        return f"{who} discards {_card(data.get('card'))} ({why})"
    if kind == "stone":
        ch = data.get("chamber")
        label = cards.chamber_label(ch) if isinstance(ch, Mapping) and cards.is_chamber(ch) else str(ch)
        return f"{who} places the playing stone on {label}"
    if kind == "stone_stays":
        return f"{who} holds no card: the stone stays"
    if kind == "steps":
        how = "the sum" if data.get("how") == "sum" else "the difference"
        steps = data.get("steps")
        return f"{who} moves {steps} {'step' if steps == 1 else 'steps'}, by {how}"
    if kind == "moved":
        return f"{who} goes {'home' if data.get('to') == 'home' else 'to ' + _place(data.get('to'))}"
    if kind == "captured":
        return f"{_seat(data.get('by'))} lands on {who} at {_place(data.get('space'))}: {who} goes to the dungeon"
    if kind == "question":
        return f"{_seat(data.get('by'))} asks {_seat(data.get('to'))} about {_card(data.get('coord'))}"
    if kind == "answer":
        said = "yes" if data.get("answer") else "no"
        return f"{_seat(data.get('to'))} answers {_seat(data.get('by'))}: {said}, {'holds' if data.get('answer') else 'does not hold'} {_card(data.get('coord'))}"
    if kind == "no_question":
        return f"{who} asks no question"
    if kind == "no_claim":
        return f"{who} lays nothing down"
    if kind == "freed":
        how = "by the key throw" if data.get("by") == "keys" else "by being asked"
        return f"{who} is freed from the dungeon {how}"
    if kind == "key_throw":
        keys = sum(1 for k in data.get("aside") or [] if k)
        return f"{who} key throw {data.get('throw')}: {keys} of 3 keys aside"
    if kind == "still_prisoner":
        return f"{who} stays in the dungeon"
    if kind == "kept":
        return f"{who} keeps {_card(data.get('card'))}"
    if kind == "claim":
        named = _named(data.get("named"))
        return f"{who} claims with {_cards(data.get('own'))}" + (f", naming {named}" if named else "")
    if kind == "laid":
        return f"{who} lays down {_cards(data.get('cards'))} for {data.get('value')} points (now {data.get('score')})"
    if kind == "claim_failed":
        return (
            f"{who}'s claim fails: shows {_cards(data.get('own'))}"
            + (f"; named {_named(data.get('held'), with_held=True)}" if data.get("held") else "")
            + f"; {who} goes to the dungeon"
        )
    if kind == "stone_home":
        return f"{who}'s playing stone goes back"
    if kind == "left":
        return f"{who} has left the game ({data.get('why')})"
    if kind == "game_over":
        winner = data.get("winner")
        return f"game over: {'nobody' if winner is None else _seat(winner)} wins ({data.get('reason')})"
    return None


_QUIET = {"turn"}  # the board's own lines say whose turn it is


def last_line(last: Any, format_move: Any) -> str | None:
    """"Last: King move sum: King moves 4 steps, by the sum; King goes to Queen s0", from the
    last step a caller attached to the view (`last`: {"seat", "move", "events"}, the public log's
    record of it); None without one. Private events (an answer, a card drawn) are commitments
    in the public log and are skipped, so the line never tells what only some seats may read."""
    if not isinstance(last, Mapping):
        return None
    seat, move = last.get("seat"), last.get("move")
    head = _seat(seat) if isinstance(seat, int) else "the server"
    if isinstance(move, Mapping) and move.get("type"):
        try:
            head += " " + format_move(move)
        except (KeyError, TypeError, ValueError):
            pass
    told = [
        text
        for event in last.get("events") or []
        if isinstance(event, Mapping) and "kind" in event and event.get("to") is None and event.get("kind") not in _QUIET
        for text in [describe(event)]
        if text
    ]
    if not told and head == "the server":
        return None
    return "Last: " + head + (": " + "; ".join(told) if told else "")
