"""Siedler's own answers given in advance: the small decisions a player is asked while the
opponent is on turn, answered the same way every time.

A two-player game by mail stalls on the opponent's questions: a trade offer (SI-22), the
duel's counter question (SI-24, asked even of a player without a counter card), the choice of
a Year of plenty (SI-16/SI-17), the Master Builder's swap. Each of these kinds answers one of
them from the seat's own view (engines.answers: the server plays it, the seat's client and the
audit recompute it):

    decline-trades            every trade offer is declined
    accept-trade GIVE for GET an offer of exactly this swap is accepted when the seat can pay
    never-counter             the counter question is answered no
    plenty-least-held         the Year of plenty takes the resource the seat holds least of
    never-swap                the Master Builder's swap is passed
    always-roll               the turn's roll is made, never an Alchemist played before it

`forced` answers none of the roll, the counter question or a pick: how many options they have
depends on the hand (public.py), so a standing entry there would tell what the hand holds;
`never-counter` and `always-roll` answer them for every hand alike.

The other off-turn decisions have no answer that stays the same from game to game: which
unit a Civil War sends back, which named building a Raid takes, which cards go under which
pile (Conflict, a hand above its limit), what a duel's winner takes; they are left to the
player.

A rule is stored exactly as `check` returns it (engines.answers compares the signed text), so
an `accept-trade` bundle names each resource once, with a whole number from 1 to MOST.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.answers import BadRule
from engines.siedler import cards
from engines.siedler import principality as pr
from protocol.numbers import is_whole, shown

Rule = dict[str, Any]
View = dict[str, Any]
Move = dict[str, Any]

DECLINE = "decline-trades"
ACCEPT = "accept-trade"
NO_COUNTER = "never-counter"
PLENTY = "plenty-least-held"
NO_SWAP = "never-swap"
ROLL = "always-roll"
MOST = 20  # the largest amount of one resource an accept-trade names: more than any seat can store

KINDS: list[dict[str, str]] = [
    {
        "kind": DECLINE,
        "text": "every trade offer the opponent makes you is declined (SI-22)",
        "usage": DECLINE,
    },
    {
        "kind": ACCEPT,
        "text": (
            "an offer of exactly this swap (you give GIVE, you get GET, e.g. accept-trade 1 wool for "
            "1 lumber) is accepted when you can pay it; any other offer is left to your next answer "
            "or to you (SI-22)"
        ),
        "usage": f"{ACCEPT} GIVE for GET",
    },
    {
        "kind": NO_COUNTER,
        "text": "when a duel is played against you, you play no Bishop or Herb Woman (SI-24)",
        "usage": NO_COUNTER,
    },
    {
        "kind": PLENTY,
        "text": (
            "in a Year of plenty you take the resource your regions store least of, among those "
            "with room for one more (ties: lumber, wool, grain, brick, ore, gold in this order); "
            "a Palace's card is never taken instead (SI-16, SI-17)"
        ),
        "usage": PLENTY,
    },
    {
        "kind": NO_SWAP,
        "text": "when the Master Builder event comes, you swap no card (pass)",
        "usage": NO_SWAP,
    },
    {
        "kind": ROLL,
        "text": "your turn's dice are rolled for you; you play no Alchemist before the roll (SI-10)",
        "usage": ROLL,
    },
]
NAMES = [k["kind"] for k in KINDS]
_BARE = {DECLINE, NO_COUNTER, PLENTY, NO_SWAP, ROLL}  # the kinds without parameters
_EXAMPLE = f"{ACCEPT} 1 wool for 1 lumber"
_RESOURCE_LIST = ", ".join(cards.RESOURCES)


def kinds(roll: bool = True) -> list[dict[str, str]]:
    """`roll` False: the kinds of versions 2 and 3, before always-roll (rules.Siedler)."""
    return [dict(k) for k in KINDS if roll or k["kind"] != ROLL]


def _names(roll: bool) -> str:
    return ", ".join(n for n in NAMES if roll or n != ROLL)


# ---------------------------------------------------------------- the stored shape


def check(rule: Mapping[str, Any], roll: bool = True) -> Rule:
    """The rule exactly as it is signed; BadRule, in the player's words, for anything else.
    `roll` False: always-roll is unknown (versions 2 and 3)."""
    kind = rule.get("kind")
    if kind in _BARE and (roll or kind != ROLL):
        if set(rule) != {"kind"}:
            raise BadRule(f"the answer {kind} takes no parameters")
        return {"kind": kind}
    if kind != ACCEPT:
        raise BadRule(f"Siedler answers no decision of the kind {kind!r} in advance; it knows: {_names(roll)}")
    if set(rule) != {"kind", "give", "get"}:
        extra = sorted(str(k) for k in set(rule) - {"kind", "give", "get"})
        if extra:
            raise BadRule(f"the answer {ACCEPT} takes only what you give and what you get, not {', '.join(extra)}")
        raise BadRule(f"the answer {ACCEPT} names what you give and what you get: {_EXAMPLE}")
    give, get = _bundle(rule["give"], "give"), _bundle(rule["get"], "get")
    both = sorted(set(give) & set(get), key=cards.RESOURCES.index)
    if both:
        raise BadRule(f"an offer never gives and gets the same resource ({', '.join(both)})")
    return {"kind": ACCEPT, "give": give, "get": get}


def _bundle(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, Mapping) or not value:
        raise BadRule(f"name what you {what} as amounts and resources: {_EXAMPLE}")
    out: dict[str, int] = {}
    for resource, n in value.items():
        if resource not in cards.RESOURCES:
            raise BadRule(f"{resource!s} is no resource ({_RESOURCE_LIST})")
        if type(n) is not int or not 1 <= n <= MOST:
            raise BadRule(f"the amount of {resource} is a whole number from 1 to {MOST}")
        out[resource] = n
    return {r: out[r] for r in cards.RESOURCES if r in out}


# ---------------------------------------------------------------- what a player types


def parse(words: list[str], roll: bool = True) -> Rule:
    """`decline-trades`, `accept-trade 1 wool for 1 lumber` (several resources: `2 wool 1 brick`);
    `roll` as for `check`."""
    kind, rest = words[0], [w.lower() for w in words[1:]]
    if kind in _BARE and (roll or kind != ROLL):
        if rest:
            raise BadRule(f"the answer {kind} takes nothing after its name")
        return {"kind": kind}
    if kind != ACCEPT:
        raise BadRule(f"Siedler answers nothing called {kind!r} in advance; it knows: {_names(roll)}")
    if rest.count("for") != 1:
        raise BadRule(f"say what you give for what you get: {_EXAMPLE}")
    k = rest.index("for")
    return check({"kind": ACCEPT, "give": _typed(rest[:k], "give"), "get": _typed(rest[k + 1 :], "get")})


def _typed(words: list[str], what: str) -> dict[str, int]:
    if not words or len(words) % 2:
        raise BadRule(f"name what you {what} as amounts and resources: {_EXAMPLE}")
    out: dict[str, int] = {}
    for n, resource in zip(words[::2], words[1::2], strict=True):
        if not is_whole(n, 0, 10**6):  # protocol.numbers: digits 0-9, not 5,000 of them
            raise BadRule(f"an amount is a whole number, not {shown(n)}")
        if resource not in cards.RESOURCES:
            raise BadRule(f"{resource!r} is no resource ({_RESOURCE_LIST})")
        if resource in out:
            raise BadRule(f"name {resource} once in what you {what}")
        out[resource] = int(n)
    return out


def words(rule: Rule) -> str:
    """What a player types for this rule (`parse` reads it back to the same rule)."""
    if rule["kind"] == ACCEPT:
        return f"{ACCEPT} {_spelled(rule['give'], ' ')} for {_spelled(rule['get'], ' ')}"
    return str(rule["kind"])


def describe(rule: Rule) -> str:
    kind = rule.get("kind")
    if kind == DECLINE:
        return "decline every trade offer"
    if kind == ACCEPT:
        return f"accept {_spelled(rule['give'], ' and ')} for {_spelled(rule['get'], ' and ')}"
    if kind == NO_COUNTER:
        return "never counter a duel (no Bishop, no Herb Woman)"
    if kind == PLENTY:
        return "in a Year of plenty take the resource you hold least of"
    if kind == NO_SWAP:
        return "never swap a card in a Master Builder event"
    if kind == ROLL:
        return "roll the dice at once (no Alchemist before the roll)"
    return str(kind)


def _spelled(bundle: Mapping[str, int], joint: str) -> str:
    return joint.join(f"{n} {r}" for r, n in bundle.items())


# ---------------------------------------------------------------- what a rule prescribes


def move(view: View, rule: Rule, moves: list[Move]) -> Move | None:
    """The move among `moves` (the seat's legal moves, from its view) that the rule prescribes
    at this decision, or None when the decision is not the rule's (or it cannot be followed)."""
    pending = view.get("pending") or {}
    decision, kind = pending.get("kind"), rule.get("kind")
    if decision == "answer" and kind == DECLINE:
        return _listed(moves, {"type": "decline"})
    if decision == "answer" and kind == ACCEPT:
        # the offer is written from the offering seat's side: what it gives, the seat gets
        if dict(pending.get("give", {})) == rule["get"] and dict(pending.get("get", {})) == rule["give"]:
            return _listed(moves, {"type": "accept"})  # not listed: the seat cannot pay it
        return None
    if decision == "counter" and kind == NO_COUNTER:
        return _listed(moves, {"type": "nocounter"})
    if decision == "choose" and pending.get("why") == "plenty" and kind == PLENTY:
        return _least_held(view, moves)
    if decision == "master_builder" and kind == NO_SWAP:
        return _listed(moves, {"type": "pass"})
    if decision == "roll" and kind == ROLL:
        return _listed(moves, {"type": "roll"})
    return None


def _listed(moves: list[Move], wanted: Move) -> Move | None:
    return next((m for m in moves if m == wanted), None)


def _least_held(view: View, moves: list[Move]) -> Move | None:
    """SI-17: a resource taken is stored on a region of its type with room, else lost; so the
    least held among those with room, and only when every one is full the least held of all.
    "Held" is what the seat's regions store (SI-4), the regions beside a Garrison too."""
    mine = view["principalities"][view["seat"]]
    held, room = pr.resources(mine), pr.rooms(mine)
    offered: list[Move] = []
    for m in moves:  # one move per resource: the first listed, which names no region (the
        # game's own reading, the emptiest region first): the rule chooses a resource, not a region
        if m.get("type") == "choose" and all(m["resource"] != o["resource"] for o in offered):
            offered.append(m)
    if not offered:
        return None
    order = cards.RESOURCES.index
    fits = [m for m in offered if room[m["resource"]] > 0] or offered
    return min(fits, key=lambda m: (held[m["resource"]], order(m["resource"])))
