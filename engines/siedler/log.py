"""Log events in words, for `pbem log` (Engine.describe_event)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.siedler import cards, naming

NAMES = ["North", "South"]


def _seat(x: Any) -> str:
    return NAMES[x] if isinstance(x, int) and 0 <= x < 2 else "nobody"


def _card(c: Any) -> str:
    """A card as the board names it: a region by its id ("pasture-3"), any other by name."""
    return naming.shown(c) if cards.is_card(c) else "?"


def _game_over(d: Mapping[str, Any]) -> str:
    scores = d.get("scores")
    winner = d.get("winner")
    if isinstance(scores, list) and len(scores) == 2 and winner in (0, 1):
        return f"game over: {_seat(winner)} wins with {scores[winner]} VP to {scores[1 - winner]}"
    return f"game over: {_seat(winner)} wins"


def _cards(cs: Any) -> str:
    return ", ".join(_card(c) for c in cs or []) or "nothing"


def _numbers(xs: Any) -> str:
    """A list of numbers in words ("13, 13, 12"), never as a Python list."""
    return ", ".join(str(x) for x in xs) if isinstance(xs, list) else str(xs)


def _per_seat(xs: Any) -> str:
    """One number per seat: "North 2, South 5"."""
    if not isinstance(xs, list):
        return str(xs)
    return ", ".join(f"{_seat(i)} {x}" for i, x in enumerate(xs))


def _rolls(rounds: Any) -> str:
    """The start rolls, one round a group: "North 1, South 3; North 4, South 4"."""
    if not isinstance(rounds, list):
        return str(rounds)
    return "; ".join(_per_seat(r) for r in rounds)


FACES = {
    "brigand": "brigand attack",
    "trade": "trade advantage",
    "tournament": "knight tournament",
    "plenty": "year of plenty",
    "event": "event card",
}
WHY = {**FACES, "plenty": "year of plenty", "progress": "Progress", "brigands": "the Brigands"}


def why_words(why: Any) -> str:
    """Why a resource is taken, as the die or card that gave it ("year of plenty")."""
    return WHY.get(str(why), str(why))


def _count(n: Any, word: str) -> str:
    """"1 card", "3 cards"; "cards" when the number is missing."""
    if not isinstance(n, int):
        return f"{word}s"
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _nonzero(b: Any) -> Any:
    """A loss without its zero entries: "loses 3 wool", not "loses 0 gold, 3 wool"."""
    return {r: n for r, n in b.items() if n} if isinstance(b, dict) else b


def amounts(b: Any) -> str:
    """Resources in words ("1 brick, 2 wool"), never as a Python dict."""
    return _res(b)


def _named(names: Any, words: str) -> str:
    """The regions a player named for a payment or gain (SI-4, SI-17), when he named any."""
    if not isinstance(names, list) or not names:
        return ""
    return f" ({words} {', '.join(_card(n) for n in names)})"


def _res(b: Any) -> str:
    if isinstance(b, dict):
        return ", ".join(f"{n} {r}" for r, n in b.items()) or "nothing"
    if isinstance(b, list):
        return ", ".join(b) or "nothing"
    return str(b)


def describe(event: Mapping[str, Any]) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one line per kind
    kind = event.get("kind")
    d = event.get("data") or {}
    who = _seat(d.get("seat"))
    pile = d.get("pile")
    p = f"pile {pile + 1}" if isinstance(pile, int) else "a pile"
    simple = {
        "arranged": lambda: f"{who} keeps the arrangement of the start regions",
        "swapped_regions": lambda: f"{who} swaps the start regions {_card(d.get('a'))} and {_card(d.get('b'))}",
        "setup": lambda: f"setup ({d.get('variant')}): piles of {_numbers(d.get('piles'))} cards",
        "start_rolls": lambda: f"start rolls {_rolls(d.get('rounds'))}: {_seat(d.get('start_player'))} begins",
        "searches": lambda: f"{who} searches {p}",
        "pile_seen": lambda: f"{p} holds {_cards(d.get('cards'))}",
        "took": lambda: f"{who} takes {_count(d.get('count'), 'card')} from {p}" + (" (a search)" if d.get("how") == "search" else " (the top)" if d.get("how") == "top" else ""),
        "took_cards": lambda: f"{who} takes {_cards(d.get('cards'))} from {p}",
        "under": lambda: f"{who} puts a card under {p}",
        "under_card": lambda: f"{who} puts {_card(d.get('card'))} under {p}",
        "paid": lambda: f"{who} pays {_res(d.get('resources'))} for {d.get('for')}" + _named(d.get("regions"), "from"),
        "turn": lambda: f"turn {d.get('turn')}: {who}",
        "rolled": lambda: f"{who} rolls production {d.get('production')}, event die {FACES.get(str(d.get('event')), d.get('event'))}"
        + (" (Alchemist)" if d.get("alchemist") else ""),
        "produced": lambda: f"{who} produces on {d.get('number')}: "
        + (", ".join(f"{g.get('region', g.get('resource'))} +{g['gained']}" for g in d.get("gains", [])) or "nothing"),
        "brigand": lambda: "brigand attack: nobody in the first turns"
        if d.get("grace")
        else f"brigand attack on {who}: {d.get('counted')} counted, loses {_res(_nonzero(d.get('lost')))}",
        "trade_advantage": lambda: f"trade advantage: {who}" + (" (blocked by a Privateer Fleet)" if d.get("blocked") else ""),
        # SI-16: tournament points decide (not strength, which decides the knight token)
        "knight_tournament": lambda: f"knight tournament (tournament points {_per_seat(d.get('points'))}): "
        + (f"{who} wins" if isinstance(d.get("seat"), int) else "a tie, nobody wins"),
        "nothing_to_take": lambda: f"{who} has nothing to take ({why_words(d.get('why'))})",
        "takes": lambda: f"{who} takes 1 {d.get('resource')}"
        + (f" from {_seat(d.get('from'))}" if d.get("from") is not None else "")
        + f" ({why_words(d.get('why'))})"
        + ("" if d.get("stored") else ", no room: lost")
        + _named(d.get("stored_on"), "on"),
        "event_card": lambda: f"event card: {_card(d.get('card'))}" if d.get("card") else "no event card left",
        "event_deck_shuffled": lambda: "the event deck is shuffled",
        "plague": lambda: f"plague: {who} loses " + (f"1 on {', '.join(d['lost'])}" if d.get("lost") else "nothing")
        + (" (Aqueduct)" if d.get("protected") else ""),
        "productive_year": lambda: f"productive year: {who} gains on {_count(len(d.get('gains') or []), 'region')}",
        "conflict": lambda: f"conflict: {who} takes {_count(d.get('count'), 'card')} from the opponent",
        "conflict_cards": lambda: f"the conflict took {_cards(d.get('cards'))}",
        "civil_war": lambda: f"civil war: {who} has no unit to lose",
        "returned": lambda: f"{who} takes {_card(d.get('card'))} back to {d.get('to')}",
        "master_builder": lambda: f"master builder: {who} passes",
        "raid": lambda: "raid: nothing happens" if d.get("seat") is None else f"raid: {who} names {_count(len(d.get('sites') or []), 'building')}",
        "built": lambda: f"{who} builds " + (f"a {d['card']}" if d.get("card") in ("road", "settlement", "city") else _card(d.get("card"))),
        "region_drawn": lambda: f"{who} draws the region {_card(d.get('card'))}",
        "region": lambda: f"{who} places {_card(d.get('card'))} {d.get('side')}",
        "no_regions": lambda: f"{who} finds the region pile empty",
        "removed": lambda: f"{who} removes {_card(d.get('card'))} to the discard pile",
        "bank_trade": lambda: f"{who} trades {d.get('rate')} {d.get('give')} for 1 {d.get('get')}"
        + _named(d.get("paid_from"), "paid from")
        + _named(d.get("stored_on"), "stored on"),
        "offer": lambda: f"{who} offers {_res(d.get('give'))} for {_res(d.get('get'))}",
        "declined": lambda: f"{who} declines",
        "accepted": lambda: f"{who} accepts",
        "action_end": lambda: f"{who} ends the action phase",
        "turn_end": lambda: f"{who}'s turn ends",
        "token": lambda: f"the {d.get('token')} token goes to {who}",
        "flag": lambda: f"the victory flag goes to {who} at {d.get('vp')}",
        "game_over": lambda: _game_over(d),
        "played": lambda: f"{who} plays {_card(d.get('card'))}",
        "caravan": lambda: f"{who}'s caravan gives {_res(d.get('give'))} for {_res(d.get('get'))}",
        "merchant": lambda: f"{who}'s merchant takes {_res(d.get('take'))}, gives back {d.get('give')}",
        "region_pile_seen": lambda: f"the region pile holds {_cards(d.get('cards'))}",
        "region_pile_shuffled": lambda: "the region pile is shuffled",
        "spied": lambda: f"{who}'s spy sees {_cards(d.get('hand'))}",
        "spy_takes": lambda: f"{who}'s spy takes {'a card' if d.get('took') else 'nothing'}",
        "spy_took": lambda: f"{who}'s spy takes {_card(d.get('card'))}",
        "no_counter": lambda: f"{who} does not counter",
        "duel": lambda: f"{_seat(d.get('attacker'))}'s {_card(d.get('card'))} rolls {d.get('die')}"
        + (" against a counter" if d.get("countered") else "")
        + (": success" if d.get("success") else ": it backfires"),
        "duel_nothing": lambda: f"{who} has nothing the duel can take",
        "reclaimed": lambda: f"{who}'s Palace takes {_card(d.get('card'))} back from the discard pile",
    }
    fn = simple.get(str(kind))
    return fn() if fn is not None else None
