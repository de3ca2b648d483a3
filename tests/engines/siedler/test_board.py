"""The board as a player reads it at 80 columns: the principalities (SI-6..SI-9), one naming
of the regions across board, moves and log (SI-5, SI-6), the key to the symbols and the hand
with what each card does (SI-1: from the card data), and the final board with everything
face up (SI-50: the concealed cards are opened when the game ends)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engines.core import Rng
from engines.siedler import almanac, cards, log, naming, notation
from engines.siedler import principality as pr
from tests.engines.siedler.table import E, give_hand, opening, play, set_stock, to_action
from tests.engines.test_player_text import LITERAL

WIDTH = 80
REGION = re.compile(r"\b([a-z]+-\d) +(lumber|wool|grain|brick|ore|gold) +[*.]{3}")


def positions(games: int, variant: str, every: int = 7) -> Iterator[dict[str, Any]]:
    """States of random games, from the setup to the end: early, mid- and late-game."""
    bots = E.bots()
    for g in range(games):
        rnd = random.Random(g)
        bot = bots["builder" if g % 3 else "random"]
        state, _ = E.setup(2, E.check_options({"variant": variant}, 2), Rng(b"board %d" % g))
        for ply in range(3000):
            if ply % every == 0:
                yield state
            seat = E.to_move(state)
            if seat is None:
                break
            move = bot(E.view(state, seat), E.legal_moves(state, seat), rnd)
            state, _ = E.apply(state, seat, move, Rng(b"board %d %d" % (g, ply)))
        yield state


def boards(state: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every seat's board, the spectator's, and the final one with everything face up."""
    for seat in (0, 1, None):
        yield f"seat {seat}", E.render(E.view(state, seat))
    if state["result"] is not None:
        yield "revealed", E.render(E.revealed_view(state))


def _too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


@pytest.mark.parametrize("variant", ["tournament-new-players", "basic"])
def test_every_board_of_random_games_fits_80_columns(variant: str) -> None:
    """SI-6..SI-9: however long a principality grows, each seat's view, the spectator's and
    the revealed final board stay within 80 columns."""
    seen = 0
    longest = 0
    for state in positions(8, variant):
        for where, text in boards(state):
            assert not _too_wide(text), (where, _too_wide(text))
            seen += 1
        longest = max(longest, *(len(p["centers"]) for p in state["principalities"]))
    assert seen > 300 and longest >= 5  # late games were reached, not only openings


def _widest_principality(state: dict[str, Any], seat: int) -> None:
    """SI-8 at its limit: every settlement of the supply on one principality, each a city,
    a road between each two and at both ends, every region column filled, and the longest
    card names on every site (SI-7: a city's inner and outer site on each side)."""
    p = state["principalities"][seat]
    longest = sorted(cards.CATALOG.ids(kind="unit") + cards.CATALOG.ids(kind="building"), key=lambda c: -len(cards.name(c)))
    regions = iter(cards.CATALOG.ids(kind="region") * 2)
    for col in (4, 6, 8, 10, 12):
        pr.add_road(p, col - 1)
        pr.add_settlement(p, col)
    pr.add_road(p, -1)
    pr.add_road(p, 13)
    names = iter(longest * 4)
    for col in pr.centers(p):
        if pr.center(p, col)["card"] == "settlement":
            pr.make_city(p, col)
        for side in ("above", "below"):
            for level in (0, 1):
                pr.set_site(p, col, side, level, next(names))
    for col in range(-1, 14, 2):
        slot = p["regions"].setdefault(str(col), {})
        for side in ("above", "below"):
            slot.setdefault(side, {"card": next(regions), "stock": 3})


def test_the_longest_principality_with_the_longest_names_fits_80_columns() -> None:
    """SI-7, SI-8: seven cities, eight region columns and the longest card names on all 28
    sites (the short forms are named in full in the key); a full hand of long texts wraps."""
    s = to_action(opening())
    me = s["turn"]
    _widest_principality(s, me)
    give_hand(s, me, "fire-station", "crane", "privateer-fleet", "imelda", "spy", "merchant-guild")
    for seat in (me, 1 - me, None):
        text = E.render(E.view(s, seat))
        assert not _too_wide(text), _too_wide(text)
        assert "city 7" in text and "Imelda (Burgfraeulein Imelda): 1 tournament" in text
    assert len(E.render(E.view(s, me)).splitlines()) < 120


def test_the_principality_reads_from_the_left_end_down_with_its_sites_beside_the_axis() -> None:
    """SI-6, SI-7: left end at the top, right end at the bottom; regions above the road on the
    left of the axis, below it on the right; a city's outer site 2 outside its inner site 1."""
    s = to_action(opening())
    me = s["turn"]
    p = s["principalities"][me]
    pr.make_city(p, 2)
    pr.set_site(p, 2, "above", 0, "abbey")
    pr.set_site(p, 2, "above", 1, "library")
    pr.set_site(p, 2, "below", 1, "harbor")
    lines = E.render(E.view(s, me)).splitlines()
    mine = lines[next(i for i, line in enumerate(lines) if "(yours)" in line) :]
    first_above = pr.region_at(p, -1, "above")["card"]
    assert mine.index(next(x for x in mine if "left end" in x)) < mine.index(next(x for x in mine if first_above in x))
    city = next(line for line in mine if "city 2" in line)
    assert city.index("Library") < city.index("Abbey") < city.index("city 2") < city.index("-") < city.index("Harbor")
    middle, below = pr.region_at(p, 1, "above")["card"], pr.region_at(p, 1, "below")["card"]
    row = next(line for line in mine if middle in line)
    assert row.index(middle) < row.index("road") < row.index(below)
    assert mine[1].split() == ["above", "below"] and any("right end" in x for x in mine)


def test_every_region_the_board_shows_reads_back_in_a_move() -> None:
    """SI-5, SI-6: the board names each region as the moves want it; typing what the board
    shows names that very card (the resource beside it is the card's)."""
    shown: set[tuple[str, str]] = set()
    for state in positions(4, "tournament-new-players", every=11):
        for _, text in boards(state):
            shown |= set(REGION.findall(text))
    assert len(shown) >= 20
    view = E.view(opening(), 0)
    for name, resource in sorted(shown):
        move = notation.parse(f"regions {name} none", view)
        assert cards.kind(move["above"]) == "region" and cards.card(move["above"])["resource"] == resource, name


def test_arrange_with_the_names_the_board_shows_is_a_listed_move() -> None:
    """SI-6: at setup a player swaps two start regions by the names his board shows."""
    s = E.setup(2, {}, Rng(b"arrange"))[0]
    seat = s["pending"]["seat"]
    text = E.render(E.view(s, seat))
    mine = text[text.index("(yours)") :]
    names = [n for n, _ in REGION.findall(mine)]
    assert len(names) == 6
    legal = E.legal_moves(s, seat)
    for a in names:
        for b in names:
            if a != b:
                assert notation.parse(f"arrange {a} {b}", E.view(s, seat)) in legal
    assert notation.parse(f"arrange {cards.name(names[0])} {cards.name(names[1])}", E.view(s, seat)) in legal


def test_the_scout_chooses_by_the_names_the_board_shows() -> None:
    """SI-23, SI-50: the Scout's player alone sees the region pile on his board, named as the
    regions move wants them."""
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "scout")
    set_stock(s, me, lumber=2, brick=3, grain=1, wool=1)
    s, _ = play(s, me, {"type": "build", "what": "road", "end": "left"})
    s, _ = play(s, me, {"type": "play", "card": "scout", "end": "left"})
    text = E.render(E.view(s, me))
    status = text.split("\n\n")[-1]
    line = " ".join(status.split())
    assert "The region pile holds:" in line
    names = re.findall(r"\b([a-z]+-\d) (?:lumber|wool|grain|brick|ore|gold)\b", line)  # never split
    assert sorted(names) == sorted(s["region_pile"])
    assert notation.parse(f"regions {names[0]} {names[1]}", E.view(s, me)) in E.legal_moves(s, me)
    assert "The region pile holds" not in E.render(E.view(s, 1 - me))


def test_the_log_names_regions_as_the_board_does() -> None:
    """SI-6, SI-8: production, placing and swapping regions are told with the board's names,
    never "Pasture 3" beside a board that says pasture-3."""
    said: list[str] = []
    state, events = E.setup(2, {}, Rng(b"names"))
    rnd = random.Random(5)
    bot = E.bots()["builder"]
    while E.to_move(state) is not None and len(said) < 3000:
        said += [t for e in events if (t := log.describe(e.to_json()))]
        seat = E.to_move(state)
        state, events = E.apply(state, seat, bot(E.view(state, seat), E.legal_moves(state, seat), rnd), Rng(b"n %d" % len(said)))
    text = "\n".join(said)
    regions = cards.CATALOG.ids(kind="region")
    assert not [cards.name(r) for r in regions if cards.name(r) in text]
    assert sum(r in text for r in regions) >= 10
    assert re.search(r"places [a-z]+-\d (above|below)", text)


def test_the_key_explains_every_symbol_of_the_board() -> None:
    """The stock marks (SI-4), the sites (SI-7), the cost letters (SI-1), the tokens (SI-19)
    and the flag (SI-46) are explained under the board; the basic game has no flag."""
    s = to_action(opening())
    text = E.render(E.view(s, s["turn"]))
    key = text[text.index("\nKey:") :]
    assert "**." in key and "at most 3" in key and "- a free building site" in key
    for resource, letter in almanac.LETTERS.items():
        assert f"{letter} {resource}" in key
    assert "Knight token" in key and "Windmill token" in key and "Victory flag" in key
    basic = to_action(opening("basic"))
    assert "Victory flag" not in E.render(E.view(basic, basic["turn"]))


def test_the_key_says_what_each_built_card_does_on_either_side() -> None:
    """SI-1, ST-4, ST-13: a card on a site, the opponent's too, is explained under the board
    from its data (points and effect), its full name beside a short form."""
    s = to_action(opening())
    me = s["turn"]
    pr.set_site(s["principalities"][1 - me], 0, "above", 0, "tower")
    pr.set_site(s["principalities"][1 - me], 2, "below", 0, "imelda")
    pr.set_site(s["principalities"][me], 0, "below", 0, "knight-otto")
    key = " ".join(E.render(E.view(s, me)).split("\nKey:")[1].split())
    assert "Tower: a Spy may look but takes nothing" in key
    assert "Imelda (Burgfraeulein Imelda): 1 tournament, opposing knights 1 strength less" in key
    assert "Knight Otto: 3 strength, 2 tournament" in key


def test_each_hand_card_says_what_it_does_from_the_card_data() -> None:
    """SI-1: the hand lists each card with its kind, site, cost, points and effect, as the card
    file has them: a player needs no other list to know what he holds."""
    s = to_action(opening())
    me = s["turn"]
    give_hand(s, me, "aqueduct", "knight-conrad", "merchant", "crane")
    text = " ".join(E.render(E.view(s, me)).split())
    for card in s["hands"][me]:
        c = cards.card(card)
        assert f"{cards.name(card)} ({card}): {almanac.in_short(card)}" in text
        assert almanac.cost_text(c) in almanac.in_short(card) or not c["cost"]
    assert "1 VP: own regions immune to the Plague" in text
    assert "unit, any site, cost G O, 2 strength, 1 tournament" in text
    assert "needs University: cities and red expansions cost one resource less" in text


def _finished(seed: int) -> dict[str, Any]:
    state = E.setup(2, {}, Rng(b"end %d" % seed))[0]
    rnd = random.Random(seed)
    bot = E.bots()["builder"]
    for ply in range(5000):
        seat = E.to_move(state)
        if seat is None:
            return state
        state, _ = E.apply(state, seat, bot(E.view(state, seat), E.legal_moves(state, seat), rnd), Rng(b"e %d" % ply))
    raise AssertionError("the game did not end")


def test_the_revealed_final_board_shows_every_hand_and_pile_and_the_result_in_words() -> None:
    """SI-50: when the game is over nothing stays concealed: the final board shows both hands
    and every pile, the region pile and the event deck in order, and the result in words."""
    state = _finished(1)
    view = E.revealed_view(state)
    spectator = E.view(state, None)
    assert {k: v for k, v in view.items() if k in spectator} == spectator
    text = E.render(view)
    flat = " ".join(text.split())
    for s, hand in enumerate(state["hands"]):
        assert f"{E.seat_names(2)[s]}'s hand" in text
        for card in hand:
            assert f"{cards.name(card)} ({card})" in flat
    for i, pile in enumerate(state["piles"]):
        assert f"Pile {i + 1}: " + (", ".join(naming.shown(c) for c in pile) or "empty") + "." in flat
    assert "Region pile: " + (", ".join(naming.region_words(c) for c in state["region_pile"]) or "empty") in flat
    assert "Event deck: " + ", ".join(naming.shown(c) for c in state["event_deck"]) in flat
    r = state["result"]
    winner = E.seat_names(2)[r["winner"]]
    assert f"Game over: {winner} wins with {r['scores'][r['winner']]} VP to {r['scores'][1 - r['winner']]}" in flat
    for word in ("Waiting", "spectator", "Turn ", "Your hand"):
        assert word not in text, word
    assert not [line for line in text.splitlines() if LITERAL.search(line)]
    assert "'s hand" not in E.render(spectator)


def test_a_game_ended_by_leaving_shows_game_over_not_whose_turn() -> None:
    """SI-50 and the end of a game by resignation, timeout or abort (no winner by the rules):
    the revealed board says the game is over, never whose decision it is."""
    s = to_action(opening())
    text = E.render(E.revealed_view(s))
    assert "Game over" in text and "Turn " not in text and "Waiting" not in text
    assert "Turn " in E.render(E.view(s, None))


@pytest.mark.parametrize(
    ("kind", "data", "said"),
    [
        ("took", {"seat": 0, "pile": 2, "count": 1, "how": "top"}, "North takes 1 card from pile 3 (the top)"),
        ("took", {"seat": 1, "pile": 0, "count": 3, "how": "search"}, "South takes 3 cards from pile 1 (a search)"),
        ("rolled", {"seat": 0, "production": 4, "event": "tournament"}, "North rolls production 4, event die knight tournament"),
        ("brigand", {"seat": 1, "counted": 6, "lost": {"gold": 0, "wool": 0}}, "brigand attack on South: 6 counted, loses nothing"),
        ("brigand", {"seat": 1, "counted": 9, "lost": {"gold": 0, "wool": 3}}, "brigand attack on South: 9 counted, loses 3 wool"),
        ("plague", {"seat": 0, "lost": []}, "plague: North loses nothing"),
        ("takes", {"seat": 0, "resource": "ore", "from": None, "why": "plenty", "stored": True}, "North takes 1 ore (year of plenty)"),
        ("built", {"seat": 0, "card": "settlement"}, "North builds a settlement"),
        ("region", {"seat": 1, "card": "fields-3", "side": "above"}, "South places fields-3 above"),
        ("game_over", {"winner": 1, "scores": [9, 12]}, "game over: South wins with 12 VP to 9"),
    ],
)
def test_the_log_tells_the_dice_counts_and_losses_in_words(kind: str, data: dict[str, Any], said: str) -> None:
    """SI-10, SI-12, SI-15..SI-17, SI-20: the log says what a player would say: one card, the
    event die's face by its name, a brigand attack that took nothing, the final score."""
    assert log.describe({"kind": kind, "data": data, "to": None}) == said


def test_the_decision_line_says_its_particulars_and_its_secret_to_the_decider_alone() -> None:
    """SI-24, SI-42, SI-50: a duel's defender reads which card attacks; a Spy's player reads what
    he may take, his opponent and the spectator do not."""
    kinds: set[str] = set()
    for state in positions(10, "tournament-new-players", every=1):
        pend = state["pending"]
        if pend is None or pend["kind"] not in ("counter", "spy"):
            continue
        seat = pend["seat"]
        status = " ".join(E.render(E.view(state, seat)).split("\n\n")[-1].split())
        others = [E.render(E.view(state, s)) for s in (1 - seat, None)]
        if pend["kind"] == "counter":
            assert f"{cards.name(pend['card'])} attacks" in status
            kinds.add("counter")
        if pend["kind"] == "spy":
            assert "You may take:" in status and not any("You may take" in t for t in others)
            kinds.add("spy")
    assert kinds == {"counter", "spy"}


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("arrange wool3 gold6", {"type": "arrange", "a": "goldfield-6", "b": "pasture-3"}),
        ("arrange Pasture 3 Gold Field 6", {"type": "arrange", "a": "goldfield-6", "b": "pasture-3"}),
        ("arrange Weide 3 Goldfluss 6", {"type": "arrange", "a": "goldfield-6", "b": "pasture-3"}),
        ("regions ore-4 none", {"type": "regions", "above": "mountains-4", "below": None}),
        ("regions none Fields 3", {"type": "regions", "above": None, "below": "fields-3"}),
        ("expand Siegfried on 1 above", {"type": "expand", "card": "knight-siegfried", "at": 1, "side": "above"}),
        ("expand Imelda on 2 below", {"type": "expand", "card": "imelda", "at": 2, "side": "below"}),
    ],
)
def test_the_spellings_a_player_has_seen_all_read(text: str, move: dict[str, Any]) -> None:
    """SI-6, SI-23: a region typed as the old board showed it ("wool3"), by its English or
    German name, and a card by its short form on the board, read as the same move."""
    assert notation.parse(text, E.view(opening(), 0)) == move
