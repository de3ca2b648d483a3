"""What a seat may do now, and the check of one move, from what that seat knows (FS-5..FS-23).

DESIGN: legal moves are a function of what the seat knows. Both functions here read only the
pending decision, the result, the seat count, the seat and that seat's own hand, which the seat's
view carries just as the state does (view "pending", "result", "seats", "seat", "hand"). So
`legal_moves(state, seat)` and `moves_from_view(view)` are one call of `listed`, and `apply` and
`parse` one call of `check`: the same rules code on the server, in the audit and in the client.
Nothing concealed (other hands, the stack's order, answers to others) is read, so nothing
concealed can show in a list or in a refusal.

`check` accepts exactly the moves `listed` lists, as canonical JSON: no key missing or extra, no
1.0 or true for 1, no other spelling of a card, a claim's cards in the listed order. Every other
move is refused with the reason a player reads (tests/engines/feuersalamander/test_view_moves.py).
Versions 1 to 3 were released before this check (a71a38b): their apply read a claim's lists in
any order and a missing 'own' as none, and played it in card order; `check(any_order=True)` keeps
that reading for their games, so their honest logs replay as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from typing import Any

from engines.core import IllegalMove, Move
from engines.feuersalamander import cards
from engines.feuersalamander.circuit import NAMES

ONLY_TYPE = {"type"}

# Per pending kind, the move types that answer it (a claim also at a throw that may claim).
ALLOWED: dict[str, set[str]] = {
    "deal": {"discard"},
    "discard": {"discard"},
    "throw": {"throw"},
    "keys": {"keys"},
    "stone": {"stone"},
    "move": {"move"},
    "home": {"home", "on"},
    "claim": {"claim", "noclaim"},
    "question": {"ask", "noquestion"},
    "exchange": {"exchange", "keep"},
}

DOING: dict[str, str] = {
    "deal": "discard one card of the dealt pair",
    "discard": "discard a card (double rule)",
    "throw": "throw the sticks",
    "keys": "make the key throw",
    "stone": "place the playing stone",
    "move": "move by the sum or the difference",
    "home": "turn home or go on",
    "claim": "lay down a combination or not",
    "question": "ask a question or not",
    "exchange": "exchange the named card or keep it",
}

# The moves that never change: made once and shared by every list (moves are values).
_THROW: Move = {"type": "throw"}
_KEYS: tuple[Move, ...] = ({"type": "keys"},)
_MOVES: tuple[Move, ...] = ({"type": "move", "how": "sum"}, {"type": "move", "how": "diff"})
_HOME: tuple[Move, ...] = ({"type": "home"}, {"type": "on"})
_NOCLAIM: Move = {"type": "noclaim"}
_EXCHANGE: tuple[Move, ...] = ({"type": "exchange"}, {"type": "keep"})


def is_int(x: Any) -> bool:
    """A whole number as JSON writes it: true and 1.0 are not 1."""
    return type(x) is int


def fields(move: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(move) - allowed
    if extra:
        raise IllegalMove(f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {move['type']} move")


# ---------------------------------------------------------------- the list


def listed(pending: Mapping[str, Any] | None, result: Any, seat: Any, seats: int, hand: list[str] | None) -> list[Move]:
    """The moves `seat` may make now, [] when the decision is not its own (or the game is over).

    `hand` is the deciding seat's hand (None when nobody decides); it is read only once the
    decision is known to be `seat`'s. A new list each call; its moves are shared between calls
    (made once, see enumerate_claims): moves are values, never change one."""
    if result is not None or pending is None or type(seat) is not int or pending["seat"] != seat:
        return []  # true equals 1 but is no seat
    kind = pending["kind"]  # the commonest decisions first
    if kind == "keys":
        return list(_KEYS)
    if kind == "move":
        return list(_MOVES)
    if kind == "throw":
        if pending["may_claim"]:
            return [_THROW, *enumerate_claims(hand, seat, seats)]  # type: ignore[arg-type]
        return [_THROW]
    if kind == "question":
        return list(_question_moves(pending["target"]))
    if kind == "stone":
        return list(_stone_moves(tuple(hand)))  # type: ignore[arg-type]
    if kind in ("deal", "discard"):
        return [{"type": "discard", "card": c} for c in cards.discard_options(hand)]  # type: ignore[arg-type]
    if kind == "home":
        return list(_HOME)
    if kind == "claim":
        return [_NOCLAIM, *enumerate_claims(hand, seat, seats)]  # type: ignore[arg-type]
    if kind == "exchange":
        return list(_EXCHANGE)
    raise AssertionError(f"unknown pending kind {kind}")


def max_claims(seats: int) -> tuple[int, list[str]]:
    """The most claims any hand allows (FS-19), and such a hand: what legal_moves can list at most,
    plus one (the throw or "no claim"). Counted from enumerate_claims over every hand the double
    rule allows (no card, one card, two cards of different kinds)."""
    hands: list[list[str]] = [[]] + [[c] for c in cards.ALL_CARDS]
    hands += [[a, b] for a, b in combinations(cards.ALL_CARDS, 2) if cards.hand_ok([a, b])]
    return max((len(enumerate_claims(h, 0, seats)), h) for h in hands)


def enumerate_claims(hand: list[str], seat: int, seats: int) -> list[Move]:
    """Every claim of the FS-19 form that the hand allows, in a fixed order (most own cards first).

    The list is new, its moves are not: they are made once per (own cards, seat, seats) and
    shared by every call, so a list of up to 2,730 claims costs one new list, not 2,730 new
    moves, each time it is asked for. Treat moves as values: copy one before changing it."""
    out: list[Move] = []
    hand = cards.sorted_cards(hand)
    for size in range(len(hand), -1, -1):
        for own in combinations(hand, size):
            out += _claims_with(own, seat, seats)
    return out


@lru_cache(maxsize=1024)  # 76 own-card sets (a hand obeying FS-10) x 9 (seat, seats) fit
def _claims_with(own: tuple[str, ...], seat: int, seats: int) -> tuple[Move, ...]:
    """The claims revealing exactly `own`, naming other seats' cards for the missing kinds."""
    others = [s for s in range(seats) if s != seat]
    missing = [k for k in cards.KINDS if k not in {cards.kind(c) for c in own}]
    options = {"wing": cards.WINGS, "row": cards.ROWS, "stone": cards.STONES}
    partial: list[list[dict[str, Any]]] = [[]]
    for k in missing:
        partial = [p + [{"seat": s, "card": c}] for p in partial for c in options[k] for s in others]
    return tuple({"type": "claim", "own": list(own), "named": named} for named in partial)


@lru_cache(maxsize=256)  # the 106 hands obeying FS-10 fit
def _stone_moves(hand: tuple[str, ...]) -> tuple[Move, ...]:
    """FS-13: a stone move per chamber truthful to the hand (shared moves, as enumerate_claims)."""
    return tuple({"type": "stone", **ch} for ch in cards.consistent_chambers(hand))


@lru_cache(maxsize=8)  # one per seat
def _question_moves(target: int) -> tuple[Move, ...]:
    """FS-15/16: no question, or a question about any card to the block's owner."""
    return ({"type": "noquestion"},) + tuple({"type": "ask", "seat": target, "coord": c} for c in cards.ALL_CARDS)


# ---------------------------------------------------------------- the check


def check(
    pending: Mapping[str, Any] | None,
    result: Any,
    seat: Any,
    seats: int,
    hand: list[str] | None,
    move: Any,
    any_order: bool = False,
) -> Move:
    """Refuse with IllegalMove any move `listed` does not list, with the reason; else return the
    move to play (for a claim a fresh copy, sharing no list with the listed move).

    The same arguments as `listed`, read in the same way: apply passes the state's, parse the view's.
    `any_order` reads a claim as the versions released before this check did (1 to 3): 'own'
    and 'named' in any order, 'own' left out for none, played as the claim in card order
    (normalise_claim); every other move is read alike by every version."""
    if result is not None:
        raise IllegalMove("the game is over")
    if not is_int(seat) or not 0 <= seat < seats:
        raise IllegalMove(f"no seat {seat!r} in this game")
    assert pending is not None  # no result: somebody decides
    if pending["seat"] != seat:
        raise IllegalMove(f"it is not your decision: {NAMES[pending['seat']]} must {DOING[pending['kind']]}")
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        raise IllegalMove("a move is an object with a 'type' field")
    kind = pending["kind"]
    allowed = ALLOWED[kind]
    if kind == "throw" and pending["may_claim"]:
        allowed = allowed | {"claim"}
    if move["type"] not in allowed:
        raise IllegalMove(f"now you must {DOING[kind]} ({' or '.join(sorted(allowed))}), not {move['type']!r}")
    assert hand is not None  # the deciding seat has a hand
    if move["type"] == "claim":
        return (normalise_claim if any_order else exact_claim)(move, hand, seat, seats)
    _CHECKS.get(move["type"], _only_type)(pending, hand, move)
    return move  # type: ignore[no-any-return]


def _only_type(pending: Mapping[str, Any], hand: list[str], move: Mapping[str, Any]) -> None:
    fields(move, ONLY_TYPE)


def _check_discard(pending: Mapping[str, Any], hand: list[str], move: Mapping[str, Any]) -> None:
    fields(move, {"type", "card"})
    card = move.get("card")
    options = cards.discard_options(hand)
    if card not in options:
        if not cards.is_card(card):
            raise IllegalMove(f"{card!r} is not a Salamander card")
        if card not in hand:
            raise IllegalMove(f"you hold no {cards.card_label(card)} to discard")
        labels = ", ".join(cards.card_label(c) for c in options)
        raise IllegalMove(f"discarding {cards.card_label(card)} breaks the double rule; discard one of: {labels}")


def _check_stone(pending: Mapping[str, Any], hand: list[str], move: Mapping[str, Any]) -> None:
    fields(move, {"type", "wing", "row", "field"})
    ch = {k: move.get(k) for k in ("wing", "row", "field")}
    if not cards.is_chamber(ch):
        raise IllegalMove("a chamber is a wing (air, water, earth, fire), a row 1-7 and a stone field 1-3")
    wrong = [c for c in hand if not cards.chamber_matches(ch, c)]
    if wrong:
        raise IllegalMove(
            f"the stone must tell the truth: {cards.chamber_label(ch)} does not match your "
            + ", ".join(cards.card_label(c) for c in wrong)
        )


def _check_move(pending: Mapping[str, Any], hand: list[str], move: Mapping[str, Any]) -> None:
    fields(move, {"type", "how"})
    if move.get("how") not in ("sum", "diff"):
        raise IllegalMove("move 'sum' (big steps) or 'diff' (small steps)")


def _check_ask(pending: Mapping[str, Any], hand: list[str], move: Mapping[str, Any]) -> None:
    fields(move, {"type", "seat", "coord"})
    target = pending["target"]
    asked, coord = move.get("seat"), move.get("coord")
    if not is_int(asked) or asked != target:
        raise IllegalMove(f"you stand in {NAMES[target]}'s block: you may ask only {NAMES[target]}")
    if not cards.is_card(coord):
        raise IllegalMove("ask about one wing, one row or one stone field (e.g. fire, row5, three-stone)")


_CHECKS = {"discard": _check_discard, "stone": _check_stone, "move": _check_move, "ask": _check_ask}


def normalise_claim(move: Mapping[str, Any], hand: list[str], seat: int, seats: int) -> Move:
    """Check a claim's form (FS-19) against the claimant's hand; return it in canonical order
    (a fresh copy). `exact_claim` then refuses a claim not already written so."""
    fields(move, {"type", "own", "named"})
    own = move.get("own", [])
    named = move.get("named")
    if not isinstance(own, list) or not all(cards.is_card(c) for c in own):
        raise IllegalMove("a claim's 'own' must be a list of cards from your hand")
    if not isinstance(named, list):
        raise IllegalMove("a claim's 'named' must be a list of {seat, card}")
    left = list(hand)
    for c in own:
        if c not in left:
            raise IllegalMove(f"you hold no {cards.card_label(c)} to reveal")
        left.remove(c)
    clean = []
    for item in named:
        if not isinstance(item, dict) or set(item) != {"seat", "card"}:
            raise IllegalMove("each named card is {seat, card}")
        s, c = item["seat"], item["card"]
        if not is_int(s) or not 0 <= s < seats:
            raise IllegalMove(f"no seat {s!r} in this game")
        if s == seat:
            raise IllegalMove("reveal your own cards as own; name only other players")
        if not cards.is_card(c):
            raise IllegalMove(f"{c!r} is not a Salamander card")
        clean.append({"seat": s, "card": c})
    all_cards = list(own) + [i["card"] for i in clean]
    if not cards.is_combination(all_cards):
        raise IllegalMove("a combination is exactly one wing, one row and one stone field")
    return {
        "type": "claim",
        "own": cards.sorted_cards(own),
        "named": sorted(clean, key=lambda i: cards.sort_key(i["card"])),
    }


def exact_claim(move: Mapping[str, Any], hand: list[str], seat: int, seats: int) -> Move:
    """A claim of the FS-19 form, written exactly as listed: 'own' present (an empty list when no
    own card is shown) and both lists in card order (wing, row, stone field). The order carries no
    meaning, so a second spelling would only let one claim be signed as different texts."""
    clean = normalise_claim(move, hand, seat, seats)
    if "own" not in move:
        raise IllegalMove("a claim lists the cards you show from your hand as 'own' ([] when you show none)")
    if move["own"] != clean["own"] or move["named"] != clean["named"]:
        raise IllegalMove(
            "a claim lists its cards in card order, wing, row, stone field (as in "
            "claim king:fire queen:row5 own:three-stone): 'own' must be "
            f"{clean['own']!r} and 'named' {clean['named']!r}"
        )
    return clean
