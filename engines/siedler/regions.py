"""Which regions a payment takes from and which a gain goes to (SI-4, SI-17).

At the table the player turns the region cards he likes: a payment of 3 ore may come 2 from
one mountains region and 1 from another, a resource of choice goes on any of his regions of
that type with room. A move may name them: "from" lists the regions a payment takes from, one
entry for each resource taken (a region twice when it gives two), "to" the regions a gain goes
to, likewise. Whatever it leaves out is taken as before, our fixed reading: a payment from the
fullest region of the type first, a gain to the emptiest with room (leftmost on a tie), so no
turn asks anything more than it did.

Only choices that differ in outcome are listed: two choices differ when they leave some
region with a different stock. Naming the same regions in another order changes nothing, so
a move writes its regions in alphabetical order, each resource's part at most once. Two
regions of one type holding as much are still two outcomes: they differ in die number and
neighbours (doubling buildings, Garrisons, Plague), so which one keeps its stock matters later.
And a resource's part is named only when it differs from the fixed reading: the move without
it is that choice, and one outcome has one listed move (apply takes exactly the listed moves).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product
from typing import Any

from engines.core import IllegalMove
from engines.siedler import cards
from engines.siedler import principality as pr


def _of(p: dict[str, Any], resource: str) -> list[dict[str, Any]]:
    """The seat's regions of this resource, left to right, above first (pr.pay's order)."""
    return groups(p).get(resource, [])


def _fixed_take(stocks: list[int], n: int) -> list[int]:
    """How many each region gives under the fixed reading: the fullest first, the first on a
    tie (as principality.pay)."""
    left, taken = stocks[:], [0] * len(stocks)
    for _ in range(n):
        best = -1
        for i, s in enumerate(left):
            if s > 0 and (best < 0 or s > left[best]):
                best = i
        if best < 0:
            break
        left[best] -= 1
        taken[best] += 1
    return taken


def _fixed_put(stocks: list[int], n: int) -> list[int]:
    """How many each region takes under the fixed reading: the emptiest with room first, the
    first on a tie (as principality.gain)."""
    now, put = stocks[:], [0] * len(stocks)
    for _ in range(n):
        best = -1
        for i, s in enumerate(now):
            if s < pr.CAP and (best < 0 or s < now[best]):
                best = i
        if best < 0:
            break
        now[best] += 1
        put[best] += 1
    return put


def _splits(caps: list[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every way to share n among the regions, each at most its cap."""
    if not caps:
        if n == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for k in range(min(caps[0], n), max(0, n - rest) - 1, -1):
        for tail in _splits(caps[1:], n - k):
            yield (k, *tail)


def _names(rs: list[dict[str, Any]], split: tuple[int, ...] | list[int]) -> list[str]:
    return sorted(r["card"] for r, k in zip(rs, split, strict=True) for _ in range(k))


Groups = dict[str, list[dict[str, Any]]]


def groups(p: dict[str, Any]) -> Groups:
    """The seat's regions by resource (only the resources it has regions of), each left to
    right, above first (principality.pay's order, which the fixed reading's ties follow):
    worked out once for a whole listing, which prices many moves against one principality."""
    return scan(p)[0]


def scan(p: dict[str, Any]) -> tuple[Groups, dict[str, int]]:
    """`groups` and the stored resources by type (principality.resources) in one pass: a
    listing asks both (written out flat: every listing of the action phase runs it)."""
    out: Groups = {}
    have = dict.fromkeys(cards.RESOURCES, 0)
    resource_of = cards.RESOURCE_OF
    rs = p["regions"]
    for key in sorted(rs, key=int):
        slot = rs[key]
        r = slot.get("above")
        if r is not None:
            res = resource_of[r["card"]]
            have[res] += r["stock"]  # type: ignore[index]
            got = out.get(res)  # type: ignore[arg-type]
            if got is None:
                out[res] = [r]  # type: ignore[index]
            else:
                got.append(r)
        r = slot.get("below")
        if r is not None:
            res = resource_of[r["card"]]
            have[res] += r["stock"]  # type: ignore[index]
            got = out.get(res)  # type: ignore[arg-type]
            if got is None:
                out[res] = [r]  # type: ignore[index]
            else:
                got.append(r)
    return out, have


def any_choice(g: Groups) -> bool:
    """Whether any payment can come from more than one region (else every "from" list is
    NONE, and a listing need not ask per price)."""
    for rs in g.values():
        if len(rs) > 1 and sum(1 for r in rs if r["stock"]) > 1:
            return True
    return False


NONE: list[list[str]] = [[]]  # the fixed reading alone (shared: never changed)
_MEMO: dict[tuple[Any, ...], list[list[str]]] = {}  # (gain, n, regions and stocks) -> choices
_MEMO_MOST = 20_000


def _choices_of(rs: list[dict[str, Any]] | None, n: int, gain: bool) -> list[list[str]]:
    """One resource's choices: [] (the fixed reading) first, then the name lists of every other
    outcome. Kept by regions and stocks: listings meet the same few again and again."""
    if rs is None or len(rs) < 2 or n == 0:
        return NONE
    stocks = [r["stock"] for r in rs]
    key = (gain, n, *stocks, *[r["card"] for r in rs])
    got = _MEMO.get(key)
    if got is not None:
        return got
    if gain:
        caps = [pr.CAP - s for s in stocks]
        fixed = tuple(_fixed_put(stocks, n))
        n = min(n, sum(caps))
    else:
        caps = stocks
        fixed = tuple(_fixed_take(stocks, n))
    got = [[], *(_names(rs, s) for s in _splits(caps, n) if s != fixed)]
    if len(got) == 1:
        got = NONE
    if len(_MEMO) >= _MEMO_MOST:
        _MEMO.clear()
    _MEMO[key] = got
    return got


# The groups of the listing under way and its resources' choices by (resource, amount, gain):
# one listing prices the same few again and again (every search's price, every trade's gain).
# Kept by the very groups object, which `scan` makes anew for each listing.
_listing: tuple[Any, dict[tuple[str, int, bool], list[list[str]]]] = (None, {})


def _combined(g: Groups, amounts: dict[str, int], gain: bool) -> list[list[str]]:
    """The choices of a payment or gain of several resources: each resource's, in every
    combination (the cost's own order: the listing's order, fixed by the card data)."""
    global _listing  # noqa: PLW0603 - the listing under way, swapped whole (thread-safe)
    local = _listing
    if local[0] is not g:  # a new listing: its own table
        local = _listing = (g, {})
    known = local[1]
    parts = None
    for r, n in amounts.items():
        rs = g.get(r)
        if rs is None or len(rs) < 2:
            continue  # one region or none: one outcome
        c = known.get((r, n, gain))
        if c is None:
            c = known[(r, n, gain)] = _choices_of(rs, n, gain)
        if c is not NONE:
            if parts is None:
                parts = [c]
            else:
                parts.append(c)
    if parts is None:
        return NONE
    if len(parts) == 1:
        return parts[0]
    return [sorted(x for part in combo for x in part) for combo in product(*parts)]


def payment_choices(p: dict[str, Any], cost: dict[str, int], g: Groups | None = None) -> list[list[str]]:
    """Every "from" that differs in outcome, [] (nothing named: the fixed reading) first. The
    caller has checked that the seat can pay. `g`: the seat's `groups`, when the caller has them."""
    return _combined(groups(p) if g is None else g, cost, gain=False)


def gain_choices(p: dict[str, Any], gains: dict[str, int], g: Groups | None = None) -> list[list[str]]:
    """Every "to" that differs in outcome, [] first; [[]] alone when the gain has one way to go
    (or none: no room, the gain is lost)."""
    return _combined(groups(p) if g is None else g, gains, gain=True)


Extras = list[dict[str, list[str]]]
PLAIN: Extras = [{}]  # the fixed reading alone (shared: never changed)


def extras(froms: list[list[str]], tos: list[list[str]] | None = None) -> Extras:
    """What each choice adds to a move: {} for the fixed reading (first), else "from"/"to".
    Worked out once for a price and shared by the moves of one listing (lists of their own,
    not the kept ones: a caller may change what it was given)."""
    if len(froms) == 1 and (tos is None or len(tos) == 1):
        return PLAIN
    out: Extras = []
    for f in froms:
        for t in tos or NONE:
            e = {}
            if f:
                e["from"] = f[:]
            if t:
                e["to"] = t[:]
            out.append(e)
    return out


def with_choices(move: dict[str, Any], extra: Extras) -> list[dict[str, Any]]:
    """The move once per choice: as it is for the fixed reading, with "from"/"to" otherwise."""
    if extra is PLAIN:
        return [move]
    return [{**move, **e} if e else move for e in extra]


# ---------------------------------------------------------------- applying a named choice


def named(move: dict[str, Any], field: str) -> Any:
    """The move's "from" or "to" for `pay`/`gain`: None when the move has no such field (the
    fixed reading); a field present but empty or null is refused there, not read as absent
    (a move has one spelling)."""
    if field not in move:
        return None
    return move[field] if move[field] is not None else []


def _grouped(p: dict[str, Any], named: Any, field: str, amounts: dict[str, int], what: str) -> dict[str, list[str]]:
    """The named regions by resource, each checked to be a region of the seat's of a type the
    payment or gain has."""
    verb = "takes from" if field == "from" else "goes to"
    if not isinstance(named, list) or not named or not all(isinstance(x, str) for x in named):
        raise IllegalMove(f"'{field}' names the regions {what} {verb}: {field} mountains-2 mountains-4")
    if named != sorted(named):
        raise IllegalMove(f"name the regions in alphabetical order: {field} {' '.join(sorted(named))}")
    mine = {r["card"] for _, _, r in pr.regions(p)}
    out: dict[str, list[str]] = {}
    for rid in named:
        if not cards.is_card(rid) or cards.kind(rid) != "region":
            raise IllegalMove(f"there is no region called {rid!r}")
        if rid not in mine:
            raise IllegalMove(f"{rid} is not one of your regions")
        res = cards.RESOURCE_OF[rid]
        if res not in amounts:
            doing = "is paid with" if field == "from" else "gains"
            have = ", ".join(sorted(amounts, key=cards.RESOURCES.index)) or "nothing"
            raise IllegalMove(f"{rid} holds {res}, but {what} {doing} {have}: name regions of those types")
        out.setdefault(res, []).append(rid)
    return out


def pay(p: dict[str, Any], cost: dict[str, int], named: Any, what: str) -> None:
    """SI-4: take the cost from the named regions, the resources not named from the fullest.
    The caller has checked the seat has the cost."""
    if named is None:  # the fixed reading: the common case, at its old speed
        for r, n in cost.items():
            pr.pay(p, r, n)
        return
    by_res = _grouped(p, named, "from", cost, what)
    g = groups(p)
    for r in sorted(cost, key=cards.RESOURCES.index):
        n = cost[r]
        ids = by_res.get(r)
        if ids is None:
            pr.pay(p, r, n)
            continue
        if len(ids) != n:
            raise IllegalMove(
                f"{what} takes {n} {r}: name a region once for each {r} it gives ({n} in all), or no {r} region for the usual choice"
            )
        rs = g.get(r, [])
        want = Counter(ids)
        split = [want.get(x["card"], 0) for x in rs]
        for x, k in zip(rs, split, strict=True):
            if k > x["stock"]:
                held = f"holds {x['stock']} {r}" if x["stock"] else f"holds no {r}"
                raise IllegalMove(f"{x['card']} {held}: it cannot give {k}")
        if split == _fixed_take([x["stock"] for x in rs], n):
            raise IllegalMove(f"taking the {r} from {' '.join(ids)} is the usual choice: leave those regions out of the move")
        for x, k in zip(rs, split, strict=True):
            x["stock"] -= k


def gain(p: dict[str, Any], gains: dict[str, int], named: Any, what: str) -> int:
    """SI-17: the gains on the named regions, the resources not named on the emptiest with
    room; what finds no room is lost. Returns how many were stored."""
    if named is None:  # the fixed reading: the common case, at its old speed
        return sum(pr.gain(p, r, n) for r, n in gains.items())
    by_res = _grouped(p, named, "to", gains, what)
    g = groups(p)
    stored = 0
    for r in sorted(gains, key=cards.RESOURCES.index):
        n = gains[r]
        ids = by_res.get(r)
        if ids is None:
            stored += pr.gain(p, r, n)
            continue
        rs = g.get(r, [])
        room = sum(pr.CAP - x["stock"] for x in rs)
        if room == 0:
            raise IllegalMove(f"your {r} regions are full (3 each): the {r} is lost (SI-17), so name no region for it")
        fits = min(n, room)
        if len(ids) != fits:
            raise IllegalMove(f"{what} stores {fits} {r}: name a region once for each {r} it takes ({fits} in all)")
        want = Counter(ids)
        split = [want.get(x["card"], 0) for x in rs]
        for x, k in zip(rs, split, strict=True):
            if x["stock"] + k > pr.CAP:
                free = pr.CAP - x["stock"]
                why = "is full (3 of 3)" if free == 0 else f"has room for {free} more"
                raise IllegalMove(f"{x['card']} {why}: a region holds at most 3 (SI-4)")
        if split == _fixed_put([x["stock"] for x in rs], fits):
            raise IllegalMove(f"storing the {r} on {' '.join(ids)} is the usual choice: leave those regions out of the move")
        for x, k in zip(rs, split, strict=True):
            x["stock"] += k
        stored += fits
    return stored


# ---------------------------------------------------------------- what a player types


def tidy(p: dict[str, Any], move: dict[str, Any], field: str, amounts: dict[str, int]) -> None:
    """For the notation: the named regions in the listed order, and each resource's part left
    out where it is the fixed reading, so a player who names the usual regions is not refused.
    Only a part of the right size on the seat's own regions is judged; anything else stays
    for apply to refuse with its reason."""
    named = move.get(field)
    if not isinstance(named, list) or not all(isinstance(x, str) for x in named):
        return
    mine = {r["card"] for _, _, r in pr.regions(p)}
    keep: list[str] = []
    by_res: dict[str, list[str]] = {}
    for rid in named:
        if rid in mine:
            by_res.setdefault(cards.RESOURCE_OF[rid], []).append(rid)
        else:
            keep.append(rid)
    for r, ids in by_res.items():
        rs = _of(p, r)
        stocks = [x["stock"] for x in rs]
        if field == "from":
            fixed = _fixed_take(stocks, len(ids))
            size_ok = amounts.get(r) == len(ids)
        else:
            fixed = _fixed_put(stocks, len(ids))
            size_ok = r in amounts and min(amounts[r], sum(pr.CAP - s for s in stocks)) == len(ids)
        want = Counter(ids)
        if not (size_ok and [want.get(x["card"], 0) for x in rs] == fixed):
            keep += ids
    if keep:
        move[field] = sorted(keep)
    else:
        del move[field]
