"""Text notation for siedler moves: what a player types, one move per line.

    arrange pasture-3 goldfield-6      at setup: swap two of your start regions; keep: done
    roll                               roll both dice
    play alchemist 4                   before the roll: the production die shows 4
    build road right | build settlement left | build city 2 [omit ore]
    expand abbey on 3 above [omit ore] an expansion on settlement/city 3 (from the left)
    remove 3 below [2]                 an own expansion to the discard pile (2 = outer city site)
    trade bank 3 ore for wool          bank 3:1, fleet 2:1, Mint 1:1 (a rate you have)
    offer 1 wool for 1 ore             to the opponent, who answers: accept | decline (one for one)
    play spy | play arsonist | play black-knight | play brigands
    play caravan give ore ore get wool grain | play merchant take ore wool give grain
    play scout right                   a settlement whose two regions you choose
    regions fields-3 pasture-5         the Scout's choice: above, then below ("none" for no card)
    place above | place below          the side of a new settlement's first region
    choose ore | reclaim garrison      a resource of choice; the Palace takes a discarded card
    counter bishop | nocounter         the defender's answer to a duel
    target 2 above [2]                 the card a duel, Civil War or Raid sends back
    name 1 above, 2 below              a Raid: up to three of the opponent's buildings
    search pile 4 [pay ore wool | pay none]   look through a pile (starting hand, hand step)
    take spy abbey | take nothing      the cards taken from a searched pile or by a Spy
    take pile 2 | return spy pile 3 | exchange spy pile 3 | done      the hand step
                                       (take pile N: its top card, free; "draw pile N" too)
    under pile 5                       a card taken in a Conflict goes under a pile
    ... from mountains-2 mountains-4   a build, Scout, bank trade or search: the regions it pays from
    ... to pasture-5                   a bank trade or "choose" names the region its gain goes to
                                       (SI-4, SI-17: a region once per resource; none named: the
                                       fullest pay, the emptiest with room gains, as the board shows)
    swap spy pile 2 | pass             Master Builder
    end                                end the action phase

Cards are written by id ("black-knight", "knight-karl") or by English or German name
("Black Knight", "Schwarzer Ritter"); regions by the id the board shows ("pasture-3"), or
as "Pasture 3" or "wool3" (naming.py). Piles and settlements are numbered from 1.
`format` writes the first spelling; parse(format(m)) == m for every legal move. Resources,
cards and sites may be typed in any order: parse writes them in the order the legal moves do
(apply takes exactly the listed moves, exact.py).
"""

from __future__ import annotations

from typing import Any

from engines.core import IllegalMove, Move, View
from engines.siedler import cards, naming
from protocol.numbers import NotANumber, shown, whole

SIDES = ("above", "below")
ENDS = ("left", "right")
HELP = "moves: roll | build ... | expand CARD on N above|below | trade bank N R for R | offer ... | play CARD ... | end | (see `pbem rules siedler`)"


def _norm(text: str) -> str:
    return "-".join(text.lower().replace("_", " ").replace("'", "").split())


_NAMES: dict[str, str] = {}
for _id, _c in cards.CATALOG.cards.items():
    for _n in (_id, _c["name_en"], _c["name_de"]):
        _NAMES[_norm(_n)] = _id
        _NAMES[_norm(_n.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss"))] = _id
for _alias, _id in naming.aliases().items():  # "wool3" as the old board wrote it, "siegfried"
    _NAMES.setdefault(_alias, _id)


def card_id(word: str) -> str:
    cid = _NAMES.get(_norm(word))
    if cid is None:
        raise IllegalMove(f"no card called {word!r}")
    return cid


def _resource(word: str) -> str:
    w = word.lower()
    if w not in cards.RESOURCES:
        raise IllegalMove(f"{word!r} is no resource (lumber, wool, grain, brick, ore, gold)")
    return w


def _int(word: str, what: str) -> int:
    """ASCII digits only (protocol.numbers): "٣" is not 3, and 5,000 digits are no number."""
    try:
        return whole(word, what, 0, 10**6)
    except NotANumber:
        raise IllegalMove(f"{what} is a number (digits 0-9), not {shown(word)}") from None


def _pile(words: list[str]) -> int:
    """'pile N' (or just N): the 0-based index."""
    if words and words[0] == "pile":
        words = words[1:]
    if len(words) != 1:
        raise IllegalMove("name a pile: pile N")
    return _int(words[0], "a pile") - 1


def _site(words: list[str]) -> dict[str, Any]:
    """'N above|below [2]' -> {"at", "side", "level"}."""
    if words and words[0] == "on":
        words = words[1:]
    if len(words) not in (2, 3) or words[1] not in SIDES:
        raise IllegalMove("name a site: N above|below, with 2 for a city's outer site")
    level = 0
    if len(words) == 3:
        if words[2] not in ("1", "2"):
            raise IllegalMove("a city has sites 1 (inner) and 2 (outer) on each side")
        level = int(words[2]) - 1
    return {"at": _int(words[0], "a settlement or city"), "side": words[1], "level": level}


def _fmt_site(m: Move) -> str:
    return f"{m['at']} {m['side']}" + (" 2" if m.get("level", 0) == 1 else "")


def _split_cards(words: list[str], none: bool = False) -> list[Any]:
    """Card words: ids or names; multi-word names joined greedily ("Gold Field 6" as well as
    goldfield-6); with `none`, the word "none" stands for no card (None)."""
    out: list[Any] = []
    i = 0
    while i < len(words):
        if none and words[i] == "none":
            out.append(None)
            i += 1
            continue
        for j in range(len(words), i, -1):
            if _norm(" ".join(words[i:j])) in _NAMES:
                out.append(_NAMES[_norm(" ".join(words[i:j]))])
                i = j
                break
        else:
            raise IllegalMove(f"no card called {words[i]!r}")
    return out


def _bundle(words: list[str]) -> dict[str, int]:
    if not words or len(words) % 2:
        raise IllegalMove("name amounts and resources: 1 wool 2 ore")
    out: dict[str, int] = {}
    for n, r in zip(words[::2], words[1::2], strict=True):
        res = _resource(r)
        out[res] = out.get(res, 0) + _int(n, "an amount")
    return dict(sorted(out.items()))


def _fmt_bundle(b: dict[str, int]) -> str:
    return " ".join(f"{n} {r}" for r, n in sorted(b.items()))


def _ordered(resources: list[str]) -> list[str]:
    """Resources in the order the legal moves write them (cards.RESOURCES order): a player may
    type them in any order, the move has one spelling (apply takes no other)."""
    return sorted(resources, key=cards.RESOURCES.index)


def _omit(words: list[str]) -> tuple[list[str], dict[str, str]]:
    if len(words) >= 2 and words[-2] == "omit":
        return words[:-2], {"omit": _resource(words[-1])}
    return words, {}


_REGION_WORDS = ("from", "to")


def _region_parts(words: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The words before any "from"/"to", and the regions each names (SI-4, SI-17)."""
    starts = [i for i, w in enumerate(words) if w in _REGION_WORDS]
    if not starts:
        return words, {}
    parts: dict[str, list[str]] = {}
    for k, i in enumerate(starts):
        field = words[i]
        end = starts[k + 1] if k + 1 < len(starts) else len(words)
        names = [w for w in words[i + 1 : end] if w != ","]
        if field in parts or not names:
            raise IllegalMove(f"name the regions once after '{field}': {field} mountains-2 mountains-4")
        ids = _split_cards(names)
        for rid in ids:
            if cards.kind(rid) != "region":
                raise IllegalMove(f"{cards.name(rid)} is no region: '{field}' names regions (pasture-3)")
        parts[field] = sorted(ids)
    return words[: starts[0]], parts


def parse(text: str, view: View) -> Move:
    words = text.replace(",", " , ").lower().split()
    if not words:
        raise IllegalMove("type a move; " + HELP)
    words, parts = _region_parts(words)
    if not words:
        raise IllegalMove("name the move before its regions; " + HELP)
    move = _parse_words(words, text, view)
    if parts:
        from engines.siedler import amounts

        move.update(parts)
        amounts.tidy(move, view)
    return move


def _parse_words(words: list[str], text: str, view: View) -> Move:  # noqa: C901 - one branch per move word
    head, rest = words[0], words[1:]
    if head in ("roll", "end", "accept", "decline", "done", "nocounter", "pass", "keep") and not rest:
        return {"type": head}
    if head == "no" and rest == ["counter"]:
        return {"type": "nocounter"}
    if head == "build":
        rest, omit = _omit(rest)
        if len(rest) == 2 and rest[0] in ("road", "settlement") and rest[1] in ENDS and not omit:
            return {"type": "build", "what": rest[0], "end": rest[1]}
        if len(rest) == 2 and rest[0] == "city":
            return {"type": "build", "what": "city", "at": _int(rest[1], "a settlement"), **omit}
        raise IllegalMove("build road left|right, build settlement left|right, or build city N")
    if head == "expand":
        rest, omit = _omit(rest)
        if "on" not in rest:
            raise IllegalMove("expand CARD on N above|below")
        k = rest.index("on")
        site = _site(rest[k + 1 :])
        if site["level"]:
            raise IllegalMove("an expansion takes the first free site on that side: leave out the 2")
        return {"type": "expand", "card": card_id(" ".join(rest[:k])), "at": site["at"], "side": site["side"], **omit}
    if head in ("remove", "target"):
        return {"type": head, **_site(rest)}
    if head == "trade":
        if rest and rest[0] == "bank":
            rest = rest[1:]
        if len(rest) != 4 or rest[2] != "for":
            raise IllegalMove("trade bank 3 ore for wool")
        return {"type": "trade", "give": _resource(rest[1]), "rate": _int(rest[0], "the rate"), "get": _resource(rest[3])}
    if head == "offer":
        if "for" not in rest:
            raise IllegalMove("offer 1 wool for 1 ore")
        k = rest.index("for")
        return {"type": "offer", "give": _bundle(rest[:k]), "get": _bundle(rest[k + 1 :])}
    if head == "play":
        return _parse_play(rest)
    if head in ("place",) and len(rest) == 1 and rest[0] in SIDES:
        return {"type": "place", "side": rest[0]}
    if head == "arrange" and rest:
        two = _split_cards(rest)
        if len(two) != 2:
            raise IllegalMove("arrange names two of your start regions: arrange pasture-3 goldfield-6")
        a, b = sorted(two)  # listed in alphabetical order
        return {"type": "arrange", "a": a, "b": b}
    if head == "regions" and rest:
        pick = _split_cards(rest, none=True)
        if len(pick) != 2:
            raise IllegalMove("regions names two regions, above then below (none for no card): regions fields-3 pasture-5")
        return {"type": "regions", "above": pick[0], "below": pick[1]}
    if head == "choose" and len(rest) == 1:
        return {"type": "choose", "resource": _resource(rest[0])}
    if head in ("reclaim", "counter") and rest:
        return {"type": head, "card": card_id(" ".join(rest))}
    if head == "name":
        groups = " ".join(rest).split(",")
        sites = [_site(g.split()) for g in groups if g.strip()]
        sites.sort(key=lambda t: (t["at"], SIDES.index(t["side"]), t["level"]))  # as they stand
        return {"type": "name", "sites": sites}
    if head == "search":
        if "pay" in rest:
            k = rest.index("pay")
            pay = [] if rest[k + 1 :] == ["none"] else _ordered([_resource(w) for w in rest[k + 1 :]])
            return {"type": "search", "pile": _pile(rest[:k]), "pay": pay}
        if (view.get("pending") or {}).get("kind") == "hand":
            # the hand step's search always names its price; none named: free (a Parliament),
            # or the engine says what it costs
            return {"type": "search", "pile": _pile(rest), "pay": []}
        return {"type": "search", "pile": _pile(rest)}
    if head == "take" and rest[:1] == ["pile"]:
        return {"type": "draw", "pile": _pile(rest)}
    if head == "take":
        return {"type": "take", "cards": [] if rest == ["nothing"] else sorted(_split_cards(rest))}
    if head in ("draw", "under"):
        return {"type": head, "pile": _pile(rest)}
    if head in ("return", "exchange", "swap"):
        if "pile" not in rest:
            raise IllegalMove(f"{head} CARD pile N")
        k = rest.index("pile")
        return {"type": head, "card": card_id(" ".join(rest[:k])), "pile": _pile(rest[k:])}
    raise IllegalMove(f"cannot read {text.strip()!r}; " + HELP)


def _parse_play(rest: list[str]) -> Move:
    if not rest:
        raise IllegalMove("play CARD ...")
    for j in range(len(rest), 0, -1):
        if _norm(" ".join(rest[:j])) in _NAMES:
            card, args = _NAMES[_norm(" ".join(rest[:j]))], rest[j:]
            break
    else:
        raise IllegalMove(f"no card called {rest[0]!r}")
    if card == "alchemist":
        if len(args) != 1:
            raise IllegalMove("play alchemist N (the production number)")
        return {"type": "play", "card": card, "number": _int(args[0], "the production number")}
    if card == "scout":
        if len(args) != 1 or args[0] not in ENDS:
            raise IllegalMove("play scout left|right")
        return {"type": "play", "card": card, "end": args[0]}
    if card == "caravan":
        if "give" not in args or "get" not in args or args.index("give") != 0:
            raise IllegalMove("play caravan give R [R] get R [R]")
        k = args.index("get")
        give, get = [_resource(w) for w in args[1:k]], [_resource(w) for w in args[k + 1 :]]
        return {"type": "play", "card": card, "give": _ordered(give), "get": _ordered(get)}
    if card == "merchant":
        if "take" not in args or "give" not in args or args.index("take") != 0 or args.index("give") != len(args) - 2:
            raise IllegalMove("play merchant take R [R] give R")
        k = args.index("give")
        return {"type": "play", "card": card, "take": _ordered([_resource(w) for w in args[1:k]]), "give": _resource(args[k + 1])}
    if args:
        raise IllegalMove(f"play {card} takes nothing more")
    return {"type": "play", "card": card}


def format(move: Move) -> str:  # noqa: A001 - the engine interface names it format
    text = _format(move)
    for field in _REGION_WORDS:
        if move.get(field):
            text += f" {field} " + " ".join(move[field])
    return text


def _format(move: Move) -> str:  # noqa: C901 - one branch per move type
    t = move["type"]
    omit = f" omit {move['omit']}" if "omit" in move else ""
    if t in ("roll", "end", "accept", "decline", "done", "nocounter", "pass", "keep"):
        return t
    if t == "arrange":
        return f"arrange {move['a']} {move['b']}"
    if t == "build":
        if move["what"] == "city":
            return f"build city {move['at']}{omit}"
        return f"build {move['what']} {move['end']}"
    if t == "expand":
        return f"expand {move['card']} on {move['at']} {move['side']}{omit}"
    if t in ("remove", "target"):
        return f"{t} {_fmt_site(move)}"
    if t == "trade":
        return f"trade bank {move['rate']} {move['give']} for {move['get']}"
    if t == "offer":
        return f"offer {_fmt_bundle(move['give'])} for {_fmt_bundle(move['get'])}"
    if t == "play":
        card = move["card"]
        if card == "alchemist":
            return f"play alchemist {move['number']}"
        if card == "scout":
            return f"play scout {move['end']}"
        if card == "caravan":
            return f"play caravan give {' '.join(move['give'])} get {' '.join(move['get'])}"
        if card == "merchant":
            return f"play merchant take {' '.join(move['take'])} give {move['give']}"
        return f"play {card}"
    if t == "place":
        return f"place {move['side']}"
    if t == "regions":
        return f"regions {move['above'] or 'none'} {move['below'] or 'none'}"
    if t == "choose":
        return f"choose {move['resource']}"
    if t in ("reclaim", "counter"):
        return f"{t} {move['card']}"
    if t == "name":
        return "name " + ", ".join(_fmt_site(s) for s in move["sites"])
    if t == "search":
        if "pay" in move:
            return f"search pile {move['pile'] + 1} pay {' '.join(move['pay']) or 'none'}"
        return f"search pile {move['pile'] + 1}"
    if t == "take":
        return "take " + (" ".join(move["cards"]) or "nothing")
    if t == "draw":
        return f"take pile {move['pile'] + 1}"
    if t == "under":
        return f"under pile {move['pile'] + 1}"
    if t in ("return", "exchange", "swap"):
        return f"{t} {move['card']} pile {move['pile'] + 1}"
    return repr(move)
