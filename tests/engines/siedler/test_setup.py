"""Setup and what each seat sees (SI-2, SI-6, SI-7, SI-14, SI-30, SI-46, SI-50)."""

from __future__ import annotations

import pytest

from engines.core import BadOptions, IllegalMove, Rng
from engines.siedler import cards
from engines.siedler import principality as pr
from tests.engines.siedler.table import E, new_game, opening, play


def test_si2_basic_setup_five_piles_and_the_centre() -> None:
    s = new_game("basic")
    assert [len(p) for p in s["piles"]] == [13, 13, 12, 12, 12]
    assert sorted(c for p in s["piles"] for c in p) == sorted(cards.draw_pile_cards("basic"))
    assert len(s["event_deck"]) == 10 and "raid" not in s["event_deck"]
    assert sorted(s["region_pile"]) == sorted(cards.region_pile())
    assert s["supply"] == {"road": 7, "settlement": 5, "city": 7}
    assert s["display"] == [] and s["flag"] is None


def test_si30_tournament_setup_eight_piles_display_raid_flag() -> None:
    s = new_game()
    assert [len(p) for p in s["piles"]][5:] == [6, 6, 5]
    assert s["display"] == ["university", "university"]
    assert len(s["event_deck"]) == 11 and s["event_deck"].count("raid") == 1
    assert s["flag"] == {"seat": None, "vp": 2}


def test_si6_si7_the_start_principality() -> None:
    s = new_game()
    for seat in (0, 1):
        p = s["principalities"][seat]
        assert pr.axis(p) == [(0, "settlement"), (1, "road"), (2, "settlement")]
        regions = list(pr.regions(p))
        assert len(regions) == 6 and all(r["stock"] == 1 for *_, r in regions)
        assert {cards.card(r["card"])["resource"] for *_, r in regions} == set(cards.RESOURCES)
        # the region over the road is shared by both settlements
        assert pr.site_regions(p, 0, "above")[1] is pr.site_regions(p, 2, "above")[0]
        assert pr.free_sites(p, "any") == [(0, "above", 0), (0, "below", 0), (2, "above", 0), (2, "below", 0)]
        assert pr.free_sites(p, "city") == []
    assert pr.region_at(s["principalities"][0], -1, "above")["card"] == "pasture-3"


def test_si6_each_player_may_rearrange_his_start_regions_start_player_first() -> None:
    s = new_game(arranged=False)
    first = s["start_player"]
    assert s["pending"] == {"kind": "arrange", "seat": first}
    assert len(E.legal_moves(s, first)) == 16  # keep, or one of 15 swaps
    mine = "pasture-3" if first == 0 else "pasture-4"
    gold = "goldfield-6" if first == 0 else "goldfield-1"
    with pytest.raises(IllegalMove, match="alphabetical order: arrange goldfield"):
        play(s, first, {"type": "arrange", "a": mine, "b": gold})  # listed the other way round
    s, events = play(s, first, {"type": "arrange", "a": gold, "b": mine})
    p = s["principalities"][first]
    assert pr.region_at(p, -1, "above")["card"] == gold and pr.region_at(p, 1, "above")["card"] == mine
    with pytest.raises(Exception, match="start regions of yours"):
        play(s, first, {"type": "arrange", "a": mine, "b": "forest-2"})
    s, _ = play(s, first, {"type": "keep"})
    assert s["pending"] == {"kind": "arrange", "seat": 1 - first}
    s, _ = play(s, 1 - first, {"type": "keep"})
    assert s["pending"]["kind"] == "start" and s["pending"]["seat"] == first


def test_si14_start_player_by_rolls_ties_reroll() -> None:
    s = new_game()
    rounds = s["start_rolls"]
    assert all(a == b for a, b in rounds[:-1]) and rounds[-1][0] != rounds[-1][1]
    assert s["start_player"] == (0 if rounds[-1][0] > rounds[-1][1] else 1)
    assert E.to_move(s) == s["start_player"]


def test_si14_starting_hands_searched_from_different_piles() -> None:
    s = new_game()
    first = s["start_player"]
    pile_before = list(s["piles"][2])
    s, events = play(s, first, {"type": "search", "pile": 2})
    seen = [e for e in events if e.kind == "pile_seen"]
    assert seen and seen[0].to == (first,) and seen[0].data["cards"] == pile_before
    assert E.view(s, first)["searching"] == {"pile": 2, "cards": pile_before}
    assert E.view(s, 1 - first)["searching"] is None and E.view(s, None)["searching"] is None
    pick = sorted([pile_before[4], pile_before[0], pile_before[7]])  # as the list writes it
    s, events = play(s, first, {"type": "take", "cards": pick})
    rest = list(pile_before)
    for c in pick:
        rest.remove(c)
    assert s["piles"][2] == rest  # order otherwise unchanged
    assert sorted(s["hands"][first]) == sorted(pick)
    took = [e for e in events if e.kind == "took_cards"]
    assert took[0].to == (first,)
    assert all(e.to is not None for e in events if "cards" in e.data)
    assert E.to_move(s) == 1 - first
    assert {"type": "search", "pile": 2} not in E.legal_moves(s, 1 - first)
    with pytest.raises(Exception, match="another pile"):
        play(s, 1 - first, {"type": "search", "pile": 2})


def test_si50_view_hides_hands_piles_and_decks() -> None:
    s = opening()
    for seat in (0, 1):
        v = E.view(s, seat)
        assert v["hand"] == sorted(s["hands"][seat])
        assert v["hand_sizes"] == [3, 3]
        text = repr(v)
        assert "event_deck'" not in text and "region_pile'" not in text and "'piles'" not in text
        other = s["hands"][1 - seat]
        t = [(c, sum(1 for x in s["hands"][seat] if x == c)) for c in set(other)]
        # the opponent's cards appear nowhere unless the seat holds such a card itself
        for c, mine in t:
            assert text.count(f"'{c}'") <= mine + s["discard"].count(c) + s["display"].count(c)
    assert E.view(s, None)["hand"] is None


def test_si50_view_does_not_depend_on_concealed_cards() -> None:
    s = opening()
    seat = 0
    before = E.view(s, seat)
    t = E.view({**s, "hands": [s["hands"][0], list(reversed(s["hands"][1]))[:2] + ["spy"]],
                "piles": [list(reversed(p)) for p in s["piles"]],
                "event_deck": list(reversed(s["event_deck"])),
                "region_pile": list(reversed(s["region_pile"]))}, seat)
    assert t == before


def test_options_are_checked() -> None:
    with pytest.raises(BadOptions, match="2 players"):
        E.setup(3, {}, Rng(b"x"))
    with pytest.raises(BadOptions, match="variant"):
        E.setup(2, {"variant": "full"}, Rng(b"x"))
    with pytest.raises(BadOptions, match="unknown option"):
        E.setup(2, {"colour": "red"}, Rng(b"x"))
    with pytest.raises(BadOptions, match="brigand_loses"):
        E.check_options({"brigand_loses": "all"}, 2)
    assert E.check_options({}, 2)["variant"] == "tournament-new-players"


def test_si50_secret_parts_of_moves_and_no_pending_leak() -> None:
    """Cards taken from a searched pile and hand cards put under piles are the mover's secret
    in the log (split_move); the steps queued after a pick are never shown."""
    take = {"type": "take", "cards": ["spy", "abbey"]}
    public, secret = E.split_move(take)
    assert public == {"type": "take"} and secret == {"cards": ["spy", "abbey"]}
    assert E.merge_move(public, secret) == take
    for move in ({"type": "return", "card": "spy", "pile": 2}, {"type": "exchange", "card": "spy", "pile": 2},
                 {"type": "swap", "card": "spy", "pile": 2}):
        public, secret = E.split_move(move)
        assert public == {"type": move["type"], "pile": 2} and secret == {"card": "spy"}
        assert E.merge_move(public, secret) == move
    assert E.split_move({"type": "roll"}) == ({"type": "roll"}, None)
    s = new_game()
    s, _ = play(s, s["start_player"], {"type": "search", "pile": 0})
    for seat in (0, 1, None):
        assert "then" not in E.view(s, seat)["pending"]
