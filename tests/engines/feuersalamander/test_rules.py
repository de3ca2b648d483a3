"""Scenario tests, one or more per ruling FS-n (engines/feuersalamander/RULES.md, `pbem rules feuersalamander`):
FS-1..FS-14 here, the questions, the claims, the end and the view in test_questions, test_claims
and test_end_and_view, which take their scripted chance and rigged states from here.

States are rigged from a real setup; chance is scripted: a ScriptedRng hands
out the stick faces a test names (number stick face i shows i+1, the 1 face
carries the key; symbol faces 0,1 salamander, 2 stone, 3 stone with key).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines import get
from engines.core import Event, IllegalMove, Rng
from engines.feuersalamander import cards

E = get("feuersalamander")
SYM = {"salamander": 0, "stone": 2, "stone-key": 3}


class ScriptedRng:
    """Hands out given randbelow results; a shuffle leaves the order as it is."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randbelow(self, n: int) -> int:
        assert self.values, "the engine asked for more chance than the test scripted"
        v = self.values.pop(0)
        assert 0 <= v < n
        return v

    def shuffle(self, items: list[Any]) -> None:
        pass


def T(a: int, b: int, symbol: str = "salamander") -> list[int]:
    """The faces of a normal throw: number sticks a and b, then the symbol."""
    return [a - 1, b - 1, SYM[symbol]]


def rig(
    n: int = 2,
    *,
    hands: list[list[str]] | None = None,
    figures: list[Any] | None = None,
    turn: int = 0,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    stones: list[Any] | None = None,
    scores: list[int] | None = None,
    target: int = 84,
) -> dict[str, Any]:
    """A state at the start of `turn`'s normal turn, with the given table."""
    st, _ = E.setup(n, {"target": target}, Rng(b"rig"))
    st["hands"] = [cards.sorted_cards(h) for h in (hands or [[] for _ in range(n)])]
    st["deck"] = list(deck) if deck is not None else cards.new_deck()
    st["discard"] = list(discard or [])
    st["figures"] = list(figures or ["home"] * n)
    st["stones"] = list(stones or [None] * n)
    st["scores"] = list(scores or [0] * n)
    st["turn"] = turn
    st["turn_no"] = 1
    st["pending"] = {
        "kind": "throw",
        "seat": turn,
        "may_claim": st["figures"][turn] == "home",
        "again": False,
        "freed": False,
    }
    return st


def play(st: dict[str, Any], seat: int, move: dict[str, Any] | str, *faces: int) -> tuple[dict[str, Any], list[Event]]:
    """Apply a move (text is parsed from the seat's view); check purity and that all chance was used."""
    if isinstance(move, str):
        move = E.parse(move, E.view(st, seat))
    before = json.dumps(st, sort_keys=True)
    rng = ScriptedRng(*faces)
    new, events = E.apply(st, seat, move, rng)
    assert json.dumps(st, sort_keys=True) == before, "apply changed the state it was given"
    assert not rng.values, f"unused scripted chance: {rng.values}"
    assert json.loads(json.dumps(new)) == new
    return new, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def pending(st: dict[str, Any]) -> tuple[int, str]:
    return st["pending"]["seat"], st["pending"]["kind"]


# ---------------------------------------------------------------- FS-1 .. FS-4: components


def test_fs1_deck_of_47_with_counts_and_values() -> None:
    deck = cards.new_deck()
    assert len(deck) == 47
    assert sum(1 for c in deck if cards.kind(c) == "wing") == 16
    assert sum(1 for c in deck if cards.kind(c) == "stone") == 15
    assert [deck.count(f"row{r}") for r in range(1, 8)] == [1, 2, 3, 4, 3, 2, 1]
    assert [cards.value(w) for w in ("air", "water", "earth", "fire")] == [1, 2, 3, 4]
    assert [cards.value(s) for s in cards.STONES] == [1, 2, 3]
    assert cards.value("row7") == 7


def test_fs1_combination_value_is_the_product() -> None:
    assert cards.combo_value(["earth", "three-stone", "row2"]) == 18
    assert cards.combo_value(["air", "one-stone", "row1"]) == 1
    assert cards.combo_value(["fire", "three-stone", "row7"]) == 84


def test_fs2_hiding_place_has_84_chambers() -> None:
    chambers = cards.all_chambers()
    assert len(chambers) == 84
    assert len({json.dumps(c, sort_keys=True) for c in chambers}) == 84
    assert len(cards.consistent_chambers(["fire"])) == 21
    assert len(cards.consistent_chambers(["water", "three-stone"])) == 7
    assert len(cards.consistent_chambers(["water", "row3"])) == 3
    assert len(cards.consistent_chambers(["row3", "two-stone"])) == 4


def test_fs4_seats_take_king_queen_monk_robber() -> None:
    assert E.seat_names(2) == ["King", "Queen"]
    assert E.seat_names(3) == ["King", "Queen", "Monk"]
    assert E.seat_names(4) == ["King", "Queen", "Monk", "Robber"]
    for n in (2, 3, 4):
        st, _ = E.setup(n, {}, Rng(b"fs4"))
        view = E.view(st, None)
        assert view["names"] == E.seat_names(n)
        assert view["figures"] == ["home"] * n
        assert view["stones"] == [None] * n


def test_fs4_circuit_has_five_spaces_per_seat_and_s2_links_home() -> None:
    from engines.feuersalamander import circuit

    assert [circuit.length(n) for n in (2, 3, 4)] == [10, 15, 20]
    assert [circuit.link_space(s) for s in range(4)] == [2, 7, 12, 17]
    assert [circuit.block_of(x) for x in (0, 4, 5, 9, 14)] == [0, 0, 1, 1, 2]
    # with two players the Queen's block is followed by the King's: blocks of absent figures are gone
    assert circuit.path(8, 1, 4, 2) == [9, 0, 1, 2]


# ---------------------------------------------------------------- FS-5: order of a turn


def test_fs5_turn_order_throw_symbol_move_question_then_pair_throws_again() -> None:
    st = rig(hands=[["fire"], ["row5"]], deck=["row3", "air"])
    st, ev = play(st, 0, "throw", *T(2, 2, "salamander"))
    assert kinds(ev)[:2] == ["threw", "drew"]
    assert st["hands"][0] == ["fire", "row3"]
    assert pending(st) == (0, "move")
    st, ev = play(st, 0, "move sum")  # 4 steps from home: 2, 3, 4, 5
    assert st["figures"][0] == 5
    assert pending(st) == (0, "question")
    st, ev = play(st, 0, "ask queen row 5")
    assert pending(st) == (0, "throw") and st["pending"]["again"] is True
    st, ev = play(st, 0, "throw", *T(1, 3, "stone"))
    assert pending(st) == (0, "stone")
    st, _ = play(st, 0, "stone fire 3 two")
    st, _ = play(st, 0, "move diff")  # 2 steps: 6, 7
    assert st["figures"][0] == 7
    st, ev = play(st, 0, "no question")
    assert pending(st) == (1, "throw"), "no pair: the turn passes"
    assert "turn" in kinds(ev)


def test_fs5_pair_allows_a_second_throw_even_without_question() -> None:
    st = rig(hands=[[], []], figures=[0, "home"], deck=["row3"])
    st, _ = play(st, 0, "throw", *T(3, 3, "stone"))
    assert pending(st) == (0, "move"), "no card: the stone stays (FS-13), straight to the move"
    st, _ = play(st, 0, "move diff")  # 0 steps on own s0: no question
    assert pending(st) == (0, "throw") and st["pending"]["again"]
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, _ = play(st, 0, "move diff")
    assert pending(st) == (1, "throw")


def test_fs5_both_step_counts_are_offered() -> None:
    st = rig(hands=[[], []], deck=["row3"])
    st, _ = play(st, 0, "throw", *T(4, 1, "stone"))
    assert E.legal_moves(st, 0) == [{"type": "move", "how": "sum"}, {"type": "move", "how": "diff"}]
    sum_state, _ = play(st, 0, {"type": "move", "how": "sum"})
    diff_state, _ = play(st, 0, {"type": "move", "how": "diff"})
    assert sum_state["figures"][0] == 6  # 5 steps from home: 2..6
    assert diff_state["figures"][0] == 4  # 3 steps: 2..4


# ---------------------------------------------------------------- FS-6 / FS-7: moving, capturing


def test_fs6_first_step_from_home_is_own_s2_and_figures_pass_freely() -> None:
    st = rig(3, hands=[[], [], []], figures=["home", 3, "home"], turn=0)
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    one, _ = play(st, 0, "move diff")  # 1 step from home
    assert one["figures"][0] == 2
    st, _ = play(st, 0, "move sum")  # 3 steps: 2, 3, 4 - passes the Queen on 3
    assert st["figures"] == [4, 3, "home"]


def test_fs6_queen_leaves_home_onto_her_own_s2() -> None:
    st = rig(3, hands=[[], [], []], turn=1)
    st, _ = play(st, 1, "throw", *T(1, 2, "stone"))
    st, _ = play(st, 1, "move diff")
    assert st["figures"][1] == 7


def test_fs7_ending_on_an_occupied_space_sends_that_figure_to_the_dungeon_before_the_question() -> None:
    st = rig(3, hands=[[], ["row5"], []], figures=["home", "home", 5], turn=0)
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, ev = play(st, 0, "move sum")  # 4 steps: 2, 3, 4, 5 -> the Monk on the Queen's s0
    assert st["figures"] == [5, "home", "dungeon"]
    captured = [e for e in ev if e.kind == "captured"][0]
    assert captured.public and captured.data == {"seat": 2, "by": 0, "space": 5}
    assert pending(st) == (0, "question") and st["pending"]["target"] == 1


def test_fs7_capture_comes_before_the_question_so_the_captured_owner_can_be_freed_by_it() -> None:
    st = rig(2, hands=[[], []], figures=["home", 5])
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, ev = play(st, 0, "move sum")
    assert st["figures"] == [5, "dungeon"] and pending(st) == (0, "question")
    st, ev = play(st, 0, "ask queen fire")
    assert st["figures"] == [5, "home"]


def test_fs7_homes_are_never_occupied_and_passing_captures_nobody() -> None:
    st = rig(2, hands=[[], []], figures=[4, 6], turn=0)
    st, _ = play(st, 0, "throw", *T(4, 4, "stone"))
    st, _ = play(st, 0, "move sum")  # 8 steps: 5, 6 (the Queen), 7 (her link), ..., 1, 2
    assert st["figures"] == [2, 6]


# ---------------------------------------------------------------- FS-8: going home


def test_fs8_passing_own_s2_with_steps_left_offers_home_and_forfeits_surplus() -> None:
    st = rig(hands=[["fire"], []], figures=[0, "home"], deck=["row3"])
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, _ = play(st, 0, "stone fire 1 one")
    st, _ = play(st, 0, "move sum")  # 4 steps from s0: 1, 2 (s2 with 2 left), 3, 4
    assert pending(st) == (0, "home")
    assert st["figures"][0] == 0, "the figure waits on its space until the choice"
    assert E.legal_moves(st, 0) == [{"type": "home"}, {"type": "on"}]
    home, _ = play(st, 0, "home")
    assert home["figures"][0] == "home"
    assert pending(home) == (0, "claim")
    on, _ = play(st, 0, "on")
    assert on["figures"][0] == 4


def test_fs8_turning_in_is_offered_when_starting_on_own_s2() -> None:
    st = rig(hands=[[], []], figures=[2, "home"])
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "move diff")
    assert pending(st) == (0, "home")


def test_fs8_reaching_s2_with_the_last_step_leaves_no_step_to_turn_in() -> None:
    st = rig(hands=[[], []], figures=[0, "home"])
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, _ = play(st, 0, "move diff")  # 2 steps: 1, 2
    assert st["figures"][0] == 2
    assert pending(st) == (1, "throw"), "own block: no question, turn over"


def test_fs8_from_s3_the_figure_must_go_round() -> None:
    st = rig(hands=[[], []], figures=[3, "home"])
    st, _ = play(st, 0, "throw", *T(4, 4, "stone"))
    st, _ = play(st, 0, "move sum")  # 8 steps: 4, 5, ..., 9, 0, 1
    assert st["figures"][0] == 1
    assert pending(st) == (0, "throw"), "pair owed; no home decision was offered"


def test_fs8_leaving_home_cannot_turn_straight_back_in() -> None:
    st = rig(hands=[[], []])
    st, _ = play(st, 0, "throw", *T(4, 1, "stone"))
    st, _ = play(st, 0, "move sum")
    assert st["figures"][0] == 6 and pending(st) == (0, "question")


# ---------------------------------------------------------------- FS-9 / FS-11: setup


def test_fs9_start_player_by_number_stick_ties_rethrow_and_fs11_pair_discards_first() -> None:
    # the scripted shuffle keeps the deck in order: air x4, water x4, ... so everyone gets two wings
    rng = ScriptedRng(1, 3, 3, 0, 2)  # throws 2, 4, 4; the Queen and the Monk re-throw 1, 3
    st, ev = E.setup(3, {}, rng)
    assert st["start_player"] == 2
    assert st["start_throws"] == [
        [{"seat": 0, "value": 2}, {"seat": 1, "value": 4}, {"seat": 2, "value": 4}],
        [{"seat": 1, "value": 1}, {"seat": 2, "value": 3}],
    ]
    deals = [e for e in ev if e.kind == "deal"]
    assert [(e.to, e.data["cards"]) for e in deals] == [
        ((0,), ["air", "air"]),
        ((1,), ["air", "water"]),
        ((2,), ["air", "water"]),
    ]
    assert [e.kind for e in ev if e.public] == ["dealt", "start_throws"]
    # FS-11: pairs of one kind are discarded in seat order, before the first throw
    assert pending(st) == (0, "deal")
    assert E.legal_moves(st, 0) == [{"type": "discard", "card": "air"}]
    st, ev = play(st, 0, "discard air")
    assert st["hands"][0] == ["air"] and st["discard"] == ["air"]
    assert ev[0].public and ev[0].data == {"seat": 0, "card": "air", "why": "deal"}
    assert pending(st) == (1, "deal")
    assert E.legal_moves(st, 1) == [{"type": "discard", "card": "air"}, {"type": "discard", "card": "water"}]
    st, _ = play(st, 1, "discard water")
    st, _ = play(st, 2, "discard air")
    assert [len(h) for h in st["hands"]] == [1, 1, 1], "no replacement"
    assert pending(st) == (2, "throw") and st["turn_no"] == 1


def test_fs9_every_seat_can_start() -> None:
    starters = {E.setup(3, {}, Rng(b"start %d" % k))[0]["start_player"] for k in range(60)}
    assert starters == {0, 1, 2}


# ---------------------------------------------------------------- FS-10: the double rule


def test_fs10_third_card_forces_a_discard_choice_including_the_drawn_card() -> None:
    st = rig(hands=[["fire", "row3"], []], deck=["two-stone"])
    st, ev = play(st, 0, "throw", *T(2, 1, "salamander"))
    private = [e for e in ev if e.kind == "drew" and not e.public]
    public = [e for e in ev if e.kind == "drew" and e.public]
    assert private == [Event("drew", {"card": "two-stone"}, to=(0,))]
    assert public == [Event("drew", {"seat": 0})]
    assert pending(st) == (0, "discard")
    assert [m["card"] for m in E.legal_moves(st, 0)] == ["fire", "row3", "two-stone"]
    assert "two-stone" not in json.dumps(E.view(st, 1)), "nobody else sees the drawn card"
    st, ev = play(st, 0, "discard two-stone")
    assert st["hands"][0] == ["fire", "row3"] and st["discard"] == ["two-stone"]
    assert ev[0].public
    assert pending(st) == (0, "move")


def test_fs10_two_of_one_kind_only_that_kind_may_go() -> None:
    st = rig(hands=[["fire", "row3"], []], deck=["water"])
    st, _ = play(st, 0, "throw", *T(2, 1, "salamander"))
    assert [m["card"] for m in E.legal_moves(st, 0)] == ["water", "fire"]
    with pytest.raises(IllegalMove, match="double rule"):
        play(st, 0, "discard row 3")
    with pytest.raises(IllegalMove, match="no row 5"):
        play(st, 0, "discard row 5")


def test_fs10_a_card_of_a_new_kind_is_kept_without_a_decision() -> None:
    st = rig(hands=[["fire"], []], deck=["row3"])
    st, _ = play(st, 0, "throw", *T(2, 1, "salamander"))
    assert st["hands"][0] == ["fire", "row3"] and pending(st) == (0, "move")


def test_fs10_single_card_of_the_same_kind_choice_between_both() -> None:
    st = rig(hands=[["fire"], []], deck=["water"])
    st, _ = play(st, 0, "throw", *T(2, 1, "salamander"))
    assert [m["card"] for m in E.legal_moves(st, 0)] == ["water", "fire"]
    st, _ = play(st, 0, "discard fire")
    assert st["hands"][0] == ["water"]


# ---------------------------------------------------------------- FS-12: renewal


def test_fs12_empty_stack_is_renewed_from_the_discard_pile() -> None:
    st = rig(hands=[[], []], deck=[], discard=["row3", "fire", "one-stone"])
    st, ev = play(st, 0, "throw", *T(2, 1, "salamander"))
    assert "renewed" in kinds(ev)
    assert st["discard"] == [] and len(st["deck"]) == 2 and len(st["hands"][0]) == 1


def test_fs12_renewal_shuffle_uses_the_move_rng() -> None:
    base = rig(hands=[[], []], deck=[], discard=cards.new_deck()[:20])
    outcomes = set()
    for k in range(8):
        st, _ = E.apply(base, 0, {"type": "throw"}, Rng(b"renew %d" % k))
        outcomes.add(json.dumps([st["hands"][0], st["deck"]]))
    assert len(outcomes) > 1


def test_fs12_nothing_to_draw_the_salamander_does_nothing() -> None:
    st = rig(hands=[["fire"], []], deck=[], discard=[])
    st, ev = play(st, 0, "throw", *T(2, 1, "salamander"))
    assert "no_card" in kinds(ev) and st["hands"][0] == ["fire"] and pending(st) == (0, "move")


# ---------------------------------------------------------------- FS-13 / FS-14: the stone


def test_fs13_stone_must_match_the_hand_at_the_moment_of_placing() -> None:
    st = rig(hands=[["water", "three-stone"], []])
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    assert pending(st) == (0, "stone")
    legal = E.legal_moves(st, 0)
    assert len(legal) == 7 and all(m["wing"] == "water" and m["field"] == 3 for m in legal)
    with pytest.raises(IllegalMove, match="truth"):
        play(st, 0, "stone fire 3 three")
    with pytest.raises(IllegalMove, match="truth"):
        play(st, 0, "stone water 3 two")
    st, ev = play(st, 0, "stone water 6 three")
    assert st["stones"][0] == {"wing": "water", "row": 6, "field": 3}
    assert ev[0].public and ev[0].data == {"seat": 0, "chamber": {"wing": "water", "row": 6, "field": 3}}


def test_fs13_a_placed_stone_stays_when_it_becomes_wrong() -> None:
    st = rig(hands=[["water"], []], deck=["fire"])
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "stone water 1 one")
    st, _ = play(st, 0, "move sum")  # 3 steps: 2, 3, 4 - own block, the turn passes
    st, _ = play(st, 1, "throw", *T(2, 1, "stone"))  # Queen: no card, stone stays home
    st, _ = play(st, 1, "move diff")
    st, _ = play(st, 0, "throw", *T(2, 1, "salamander"))
    st, _ = play(st, 0, "discard water")
    assert st["hands"][0] == ["fire"]
    assert st["stones"][0] == {"wing": "water", "row": 1, "field": 1}, "wrong now, but it stays"


def test_fs13_no_card_no_placing_and_stones_may_share_a_chamber() -> None:
    st = rig(hands=[[], ["air"]], stones=[None, {"wing": "air", "row": 2, "field": 2}])
    st, ev = play(st, 0, "throw", *T(2, 1, "stone"))
    assert "stone_stays" in kinds(ev) and pending(st) == (0, "move") and st["stones"][0] is None
    st = rig(hands=[["air"], ["air"]], stones=[None, {"wing": "air", "row": 2, "field": 2}])
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "stone air 2 two")
    assert st["stones"][0] == st["stones"][1]


def test_fs14_stone_goes_home_when_both_own_cards_are_used() -> None:
    stone = {"wing": "fire", "row": 5, "field": 1}
    st = rig(hands=[["fire", "row5"], ["three-stone"]], stones=[stone, None])
    st, ev = play(st, 0, "claim own:fire own:row5 queen:three-stone")
    assert st["stones"][0] is None and "stone_home" in kinds(ev)


def test_fs14_stone_stays_when_only_one_own_card_is_used() -> None:
    stone = {"wing": "fire", "row": 5, "field": 1}
    st = rig(hands=[["fire", "row5"], ["three-stone", "row4"]], stones=[stone, None])
    st, ev = play(st, 0, "claim own:fire queen:row4 queen:three-stone")
    assert st["scores"][0] == 4 * 4 * 3
    assert st["stones"][0] == stone and st["hands"][0] == ["row5"]
