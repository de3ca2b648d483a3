"""Cavemen log events in words (`pbem log`): pure, no rules here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.cavemen import cards

NAMES = ["Red", "Blue"]
_OUTCOME = {
    "attacker": "the attacker wins",
    "defender": "the defender wins",
    "tie": "equal ranks: both go to their inactive decks",
    "dino": "Dino: both leave the game",
}


def _fight(data: Mapping[str, Any]) -> str:
    """The outcome and where the loser went: a player reads "the defender wins" and still has to
    work out that his own Gutsy left the field; this says it."""
    outcome = str(data.get("outcome"))
    said = _OUTCOME.get(outcome, "?")
    seat = data.get("seat")
    if outcome not in ("attacker", "defender") or not isinstance(seat, int) or seat not in (0, 1):
        return said
    if outcome == "attacker":
        return f"{said}: {_seat(1 - seat)}'s {_card(data.get('defender'))} goes to the inactive deck"
    return f"{said}: {_seat(seat)}'s {_card(data.get('attacker'))} leaves the field for the inactive deck"


def _seat(value: Any) -> str:
    return NAMES[value] if isinstance(value, int) and value in (0, 1) else f"seat {value}"


def _count(n: Any, noun: str) -> str:
    """"1 card", "3 cards": a count with its noun in the right number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _card(value: Any) -> str:
    return cards.label(value) if isinstance(value, str) else "?"


def _at(value: Any) -> str:
    if isinstance(value, list) and len(value) == 2:
        return f"P{value[0]} r{value[1]}"
    return "?"


def describe(event: Mapping[str, Any]) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one line per kind
    kind, data = event.get("kind"), event.get("data") or {}
    if not isinstance(data, Mapping):
        return None
    who = _seat(data.get("seat"))
    if kind == "setup":
        return f"{'open' if data.get('open') else 'closed'} game: fires and caves laid, stockpiles of 16 shuffled"
    if kind == "drew":
        if "cards" in data:
            return f"you draw {', '.join(_card(c) for c in data.get('cards') or [])}"
        return f"{who} draws {_count(data.get('count'), 'card')}; {data.get('stock')} left in the stockpile"
    if kind == "discarded":
        why = " (redraw)" if data.get("why") == "redraw" else ""
        return f"{who} discards {_card(data.get('card'))}{why}"
    if kind == "ended":
        return f"{who} ends the {data.get('phase')} phase"
    if kind == "turn":
        return f"turn {data.get('turn')}: {who}"
    if kind == "placed":
        if "card" in data:
            return f"you place {_card(data.get('card'))} on P{data.get('path')} r{data.get('row')}"
        return f"{who} places a caveman face down on P{data.get('path')} r{data.get('row')}"
    if kind == "cave":
        return f"{who} replaces {_seat(data.get('replaced'))}'s cave {data.get('cell')}"
    if kind == "moved":
        how = {"step": "steps", "jump": "jumps", "side": "moves sideways"}.get(str(data.get("how")), "moves")
        text = f"{who}'s caveman {how} from {_at(data.get('from'))} to {_at(data.get('to'))}"
        if "up" in data:
            text += f", now face {'up: ' + _card(data.get('card')) if data.get('up') else 'down'}"
        return text
    if kind == "attack":
        return (
            f"{who}'s {_card(data.get('attacker'))} on {_at(data.get('from'))} attacks "
            f"{_card(data.get('defender'))} on {_at(data.get('to'))}: {_fight(data)}"
        )
    if kind == "returned":
        top = data.get("top")
        return (
            f"{who}'s inactive deck ({_count(data.get('count'), 'card')}) goes shuffled under the stockpile (now "
            f"{data.get('stock')}); the new inactive deck starts with {_card(top) if top else 'nothing'}"
        )
    if kind == "zippy_reveal":
        target = data.get("target")
        if target is None:
            return f"{who}'s Zippy reveals nothing"
        shown = f": {_card(data.get('card'))}" if "card" in data else ""
        return f"{who}'s Zippy reveals the caveman on {_at(target)}{shown}"
    if kind == "revealed":
        return f"Zippy shows you {_card(data.get('card'))} on {_at(data.get('target'))}"
    if kind == "extinguished":
        return f"{who} puts out the fire in column {data.get('col')} from P{data.get('path')} r{data.get('row')}"
    if kind == "game_over":
        winner = data.get("winner")
        return f"game over: {'a draw' if winner is None else _seat(winner) + ' wins'} ({data.get('reason')})"
    return None
