"""Fights between cavemen and what follows them (CV-8..CV-10, CV-14, CV-16): both cards are
shown, the loser leaves, an inactive deck may return, and a Zippy shown lets its owner
have one opponent caveman revealed to him.

Readings of the rulings where they leave a choice:
- CV-10 the Zippy decision lists the opponent's cavemen on the field that the Zippy
  owner does not already see (face down and unknown to him; open game: face down).
"""

from __future__ import annotations

from engines.cavemen import cards
from engines.cavemen.decks import return_inactive, to_inactive
from engines.cavemen.field import index, path_of, position, row_of
from engines.cavemen.moves import zippy_targets
from engines.core import Event, IllegalMove, Move, Rng, State


def attack(state: State, seat: int, a: int, d: int, rng: Rng, events: list[Event]) -> None:
    """CV-8..CV-10, CV-14, CV-16: both reveal, the loser leaves, decks may return."""
    field = state["field"]
    att, dfn = field[a], field[d]
    outcome = cards.fight(att["card"], dfn["card"])
    events.append(
        Event(
            "attack",
            {
                "seat": seat,
                "from": [path_of(a), row_of(a)],
                "to": [path_of(d), row_of(d)],
                "attacker": att["card"],
                "defender": dfn["card"],
                "outcome": outcome,
            },
        )
    )
    opp = 1 - seat
    returns: list[tuple[int, str | None]] = []
    if outcome == "dino":  # CV-9: both leave the game; a Zippy or Ballsy still returns the deck
        field[a] = field[d] = None
        state["gone"][seat].append(att["card"])
        state["gone"][opp].append(dfn["card"])
        returns = [(s, None) for s, c in ((seat, att["card"]), (opp, dfn["card"])) if c in cards.RETURNERS]
    elif outcome == "tie":
        field[a] = field[d] = None
        to_inactive(state, seat, att["card"])
        to_inactive(state, opp, dfn["card"])
        if att["card"] in cards.RETURNERS:  # Zippy v Zippy, Ballsy v Ballsy: both return (CV-14)
            returns = [(seat, att["card"]), (opp, dfn["card"])]
    else:
        winner, loser = (att, dfn) if outcome == "attacker" else (dfn, att)
        loser_seat = opp if outcome == "attacker" else seat
        to_inactive(state, loser_seat, loser["card"])
        survivor = dict(winner)
        survivor["known"] = 2
        if state["options"]["open"]:
            survivor["up"] = True  # CV-16
        field[a] = None
        field[d] = survivor  # an attacker that wins takes the place; a defender stays
        own_zippy = loser["card"] == "zippy" and outcome == "defender"  # it attacked and lost
        ballsy_to_zippy = loser["card"] == "ballsy" and winner["card"] == "zippy"
        if loser["card"] in cards.RETURNERS and not own_zippy and not ballsy_to_zippy:
            returns = [(loser_seat, loser["card"])]
    for s, lost in returns:
        return_inactive(state, s, lost, rng, events)
    # CV-10: each revealed Zippy's owner may name a caveman to reveal; the attacker's first.
    state["zippy"] = [s for s, c in ((seat, att["card"]), (opp, dfn["card"])) if c == "zippy"]
    _next_zippy(state, events)


def _next_zippy(state: State, events: list[Event]) -> None:
    """The next Zippy decision owed, skipping an owner who sees every target already; then
    the turn player's move phase goes on."""
    while state["zippy"]:
        s = state["zippy"].pop(0)
        if zippy_targets(state, s):
            state["pending"] = {"kind": "zippy", "seat": s}
            return
    state["pending"] = {"kind": "move", "seat": state["turn"]}


def on_zippy(state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
    if move["type"] == "noreveal":
        events.append(Event("zippy_reveal", {"seat": seat, "target": None}))
    else:
        p, r = position(move, "path", "row")
        i = index(p, r)
        if i not in zippy_targets(state, seat):
            raise IllegalMove(f"Zippy may reveal only an opponent's caveman you do not see yet, not P{p} r{r} (CV-10)")
        piece = dict(state["field"][i])
        if state["options"]["open"]:
            piece["up"] = True  # CV-16
            piece["known"] = 2
            state["field"][i] = piece
            events.append(Event("zippy_reveal", {"seat": seat, "target": [p, r], "card": piece["card"]}))
        else:
            piece["known"] = max(piece["known"], 1)
            state["field"][i] = piece
            events.append(Event("zippy_reveal", {"seat": seat, "target": [p, r]}))
            events.append(Event("revealed", {"seat": seat, "target": [p, r], "card": piece["card"]}, to=(seat,)))
    _next_zippy(state, events)
