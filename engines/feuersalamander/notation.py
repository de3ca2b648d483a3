"""Text notation for Feuersalamander moves: what a player types, one move per line.

    throw                          throw the three sticks
    keys                           one key throw in the dungeon
    discard row 3                  discard a card (deal pair, double rule); also "discard fire",
                                   "discard three-stone"
    stone water 5 three            place the stone on chamber wing / row / stone field
                                   ("stone water row 5 three-stone" and "stone water 5 3" read too)
    move sum | move diff           big steps (sum) or small steps (difference); "sum", "diff" alone too
    home | on                      turn into the home, or go on along the circuit
    ask queen wing fire            question to the player whose block you stand in; also
    ask queen row 5                "ask queen fire", "ask queen three-stone", "ask row 5"
    ask queen stone three          (the name may be left out: it is always the block's owner)
    no question | no claim         decline the question / the claim after turning home ("pass" too)
    claim king:fire queen:row5 own:three-stone
                                   lay down: for each coordinate its holder and card; "own" (or
                                   "me", or your own figure's name) for your own cards
    exchange | keep                after a failed claim that named your card: exchange it or keep it

Cards are written fire / water / earth / air, row1..row7 (or "row 5"), one-stone / two-stone /
three-stone (or "stone three", "3-stone"). Case and extra spaces do not matter.
`format` writes the first spelling of each line; parse(format(m)) == m for every legal move.
This reader is forgiving; the engine's parse (Feuersalamander.parse) then checks what it read
as apply would, from the seat's view (legal.check), so that what it returns is a listed move.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import IllegalMove, Move, View
from engines.feuersalamander import cards

NAMES = ["king", "queen", "monk", "robber"]
HELP = (
    "moves: throw | keys | discard <card> | stone <wing> <row> <field> | move sum | move diff | "
    "home | on | ask <player> <card> | no question | no claim | "
    "claim <player>:<card> ... (own:<card> for yours) | exchange | keep"
)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "1": 1, "2": 2, "3": 3}
_ROW = re.compile(r"^(?:row|r)\s*-?\s*([1-7])$")
_STONE_PREFIX = re.compile(r"^stone(?:\s+field)?\s*-?\s*(one|two|three|1|2|3)$")
_STONE_SUFFIX = re.compile(r"^(one|two|three|1|2|3)\s*-?\s*stones?(?:\s+field)?$")


def parse_card(text: str) -> str:
    """A card from its spellings; raises IllegalMove naming what was not understood."""
    s = " ".join(text.lower().replace("_", " ").split())
    if s.startswith("wing "):
        s = s[5:]
    if s in cards.WINGS:
        return s
    m = _ROW.match(s)
    if m:
        return f"row{m.group(1)}"
    m = _STONE_PREFIX.match(s) or _STONE_SUFFIX.match(s)
    if m:
        return cards.STONES[_NUMBER_WORDS[m.group(1)] - 1]
    raise IllegalMove(
        f"cannot read the card {text.strip()!r}: write a wing (air, water, earth, fire), "
        "a row (row 1 .. row 7) or a stone field (one-stone, two-stone, three-stone)"
    )


def _seat_of(word: str, view: View) -> int:
    names = [n.lower() for n in view.get("names", NAMES)]
    w = word.lower()
    if w in names:
        return names.index(w)
    if w in NAMES:
        raise IllegalMove(f"there is no {w.capitalize()} in this game ({', '.join(view.get('names', []))})")
    raise IllegalMove(f"{word!r} is not a player: name one of {', '.join(view.get('names', NAMES))}")


def _parse_chamber(words: list[str]) -> Move:
    rest = " ".join(words)
    m = re.match(
        r"^(air|water|earth|fire)\s+(?:row\s*)?([1-7])\s+(?:stone\s+)?(one|two|three|1|2|3)(?:\s*-?\s*stones?)?$",
        rest,
    )
    if not m:
        raise IllegalMove("place the stone like this: stone water 5 three (wing, row 1-7, stone field one/two/three)")
    return {"type": "stone", "wing": m.group(1), "row": int(m.group(2)), "field": _NUMBER_WORDS[m.group(3)]}


def _parse_claim(rest: str, view: View) -> Move:
    items = re.findall(r"([a-z]+)\s*:\s*([^:]+?)(?=\s+[a-z]+\s*:|\s*$)", rest)
    if not items or re.sub(r"([a-z]+)\s*:\s*([^:]+?)(?=\s+[a-z]+\s*:|\s*$)", "", rest).strip():
        raise IllegalMove("claim like this: claim queen:row5 king:fire own:three-stone")
    me = view.get("seat")
    own: list[str] = []
    named: list[dict[str, Any]] = []
    for who, card_text in items:
        card = parse_card(card_text)
        if who in ("own", "me", "mine", "my", "i"):
            own.append(card)
            continue
        seat = _seat_of(who, view)
        if seat == me:
            own.append(card)
        else:
            named.append({"seat": seat, "card": card})
    return {
        "type": "claim",
        "own": cards.sorted_cards(own),
        "named": sorted(named, key=lambda i: cards.sort_key(i["card"])),
    }


def _parse_ask(words: list[str], view: View) -> Move:
    if not words:
        raise IllegalMove("ask like this: ask queen wing fire / ask queen row 5 / ask queen stone three")
    pending = view.get("pending") or {}
    if words[0] in NAMES:
        seat = _seat_of(words[0], view)
        words = words[1:]
    elif pending.get("kind") == "question":
        seat = pending["target"]
    else:
        raise IllegalMove("name the player you ask: ask queen wing fire")
    if not words:
        raise IllegalMove("ask about a wing, a row or a stone field: ask queen row 5")
    return {"type": "ask", "seat": seat, "coord": parse_card(" ".join(words))}


def parse(text: str, view: View) -> Move:
    """Read one move; raise IllegalMove with the notation when it cannot be read."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalMove("type a move; " + HELP)
    clean = " ".join(text.lower().replace(",", " ").split())
    words = clean.split(" ")
    head, rest = words[0], words[1:]
    if clean in ("throw", "throw sticks", "throw the sticks"):
        return {"type": "throw"}
    if clean in ("keys", "key", "key throw", "keythrow"):
        return {"type": "keys"}
    if clean in ("home", "turn home", "go home"):
        return {"type": "home"}
    if clean in ("on", "go on", "onward", "continue"):
        return {"type": "on"}
    if clean in ("exchange", "swap"):
        return {"type": "exchange"}
    if clean == "keep":
        return {"type": "keep"}
    if clean in ("no question", "noquestion", "no ask"):
        return {"type": "noquestion"}
    if clean in ("no claim", "noclaim"):
        return {"type": "noclaim"}
    if clean in ("pass", "no", "none"):
        kind = (view.get("pending") or {}).get("kind")
        if kind == "question":
            return {"type": "noquestion"}
        if kind == "claim":
            return {"type": "noclaim"}
        raise IllegalMove("nothing to pass now; " + HELP)
    if clean in ("sum", "diff", "difference", "move big", "move small") or head == "move":
        how = clean.removeprefix("move ").strip()
        if how in ("sum", "big", "plus", "add"):
            return {"type": "move", "how": "sum"}
        if how in ("diff", "difference", "small", "minus"):
            return {"type": "move", "how": "diff"}
        raise IllegalMove("move sum (big steps) or move diff (small steps)")
    if head == "discard":
        if not rest:
            raise IllegalMove("discard which card? e.g. discard row 3")
        return {"type": "discard", "card": parse_card(" ".join(rest))}
    if head in ("stone", "place"):
        return _parse_chamber(rest)
    if head == "ask":
        return _parse_ask(rest, view)
    if head in ("claim", "lay"):
        return _parse_claim(" ".join(rest), view)
    raise IllegalMove(f"cannot read {text.strip()!r}; " + HELP)


def _ask_coord(card: str) -> str:
    k = cards.kind(card)
    if k == "wing":
        return f"wing {card}"
    if k == "row":
        return f"row {card[3:]}"
    return f"stone {cards.FIELD_WORDS[cards.value(card) - 1]}"


def format(move: Move) -> str:  # noqa: A001 - the Engine protocol names it format
    """The canonical text of a move (the first spelling of each notation line)."""
    t = move.get("type")
    if t in ("throw", "keys", "home", "on", "exchange", "keep"):
        return t
    if t == "noquestion":
        return "no question"
    if t == "noclaim":
        return "no claim"
    if t == "discard":
        return f"discard {cards.card_label(move['card'])}"
    if t == "stone":
        return f"stone {cards.chamber_label(move)}"
    if t == "move":
        return f"move {move['how']}"
    if t == "ask":
        return f"ask {NAMES[move['seat']]} {_ask_coord(move['coord'])}"
    if t == "claim":
        parts = [(c, "own") for c in move["own"]] + [(i["card"], NAMES[i["seat"]]) for i in move["named"]]
        parts.sort(key=lambda p: cards.sort_key(p[0]))
        return "claim " + " ".join(f"{who}:{card}" for card, who in parts)
    raise ValueError(f"not a Feuersalamander move: {move!r}")
