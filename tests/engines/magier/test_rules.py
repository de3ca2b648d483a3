"""Scenario tests, one or more per ruling MH-5 .. MH-15 (board rulings: test_board.py)."""

from __future__ import annotations

import random

import pytest

import engines
from engines.core import IllegalMove
from engines.magier.diagram import picture, position
from engines.magier.state import WISDOM_VALUES

E = engines.get("magier")


def play(state, seat, text):
    """Apply a move given in notation, as the player would type it."""
    return E.apply(state, seat, E.parse(text, E.view(state, seat)), None)


def refused(state, seat, text_or_move, *fragments):
    """Assert a move is refused with a message naming the reason, and is not listed."""
    move = (
        E.parse(text_or_move, E.view(state, seat))
        if isinstance(text_or_move, str)
        else text_or_move
    )
    with pytest.raises(IllegalMove) as err:
        E.apply(state, seat, move, None)
    for f in fragments:
        assert f in err.value.message
    assert move not in E.legal_moves(state, seat)
    return err.value.message


def kinds(events):
    return [e.kind for e in events]


def fresh(**options):
    state, _ = E.setup(2, E.check_options({"blind": False, **options}, 2), None)
    return state


def place_all(state, rnd=None):
    rnd = rnd or random.Random(0)
    while state["phase"] == "placement":
        seat = E.to_move(state)
        state, _ = E.apply(state, seat, rnd.choice(E.legal_moves(state, seat)), None)
    return state


# ---------------------------------------------------------------- MH-5, MH-6: pieces, setup, placement


def test_mh5_ten_magicians_and_seven_wisdoms_each_colours_public() -> None:
    state = fresh()
    pic = picture(state["board"])
    assert sorted(pic.values()) == ["B"] * 10 + ["R"] * 10
    assert state["hands"] == [WISDOM_VALUES, WISDOM_VALUES]
    assert sorted(WISDOM_VALUES) == [-1, -1, 1, 1, 1, 2, 2]
    state = place_all(state)
    spectator = E.view(state, None)
    assert (
        sorted(picture(spectator["board"]).values())
        == ["B"] * 10 + ["R"] * 10 + ["b?"] * 7 + ["r?"] * 7
    )


def test_mh6_red_places_first_then_alternately_then_red_moves() -> None:
    state = fresh()
    assert E.to_move(state) == 0 and state["phase"] == "placement"
    assert E.legal_moves(state, 1) == []
    refused(state, 1, {"type": "place", "cell": "e4", "value": 1}, "not your turn")
    seats = []
    rnd = random.Random(3)
    while state["phase"] == "placement":
        seat = E.to_move(state)
        seats.append(seat)
        state, events = E.apply(state, seat, rnd.choice(E.legal_moves(state, seat)), None)
    assert seats == [0, 1] * 7
    assert kinds(events) == ["placed", "phase"]
    assert state["phase"] == "movement" and E.to_move(state) == 0
    assert state["hands"] == [[], []]


def test_mh6_placement_on_any_empty_non_flame_cell_with_a_held_value() -> None:
    state = fresh()
    moves = E.legal_moves(state, 0)
    cells = {m["cell"] for m in moves}
    assert len(cells) == 61 - 5 - 20
    assert not cells & {"e5", "e3", "e7", "c4", "g6"}
    assert {m["value"] for m in moves} == {2, 1, -1}
    for text, why in (("place e5 1", "a flame"), ("place a1 1", "occupied")):
        with pytest.raises(IllegalMove, match=f"{text.split()[1]} is {why}"):  # said where it is typed
            E.parse(text, E.view(state, 0))
        refused(state, 0, {**E.parse("place e4 1", E.view(state, 0)), "cell": text.split()[1]}, why)  # and by the rules
    state, events = play(state, 0, "place e4 2")
    assert events[0].data == {"seat": 0, "cell": "e4"}
    state, _ = play(state, 1, "place e6 -1")
    state, _ = play(state, 0, "place d4 2")
    state, _ = play(state, 1, "place f6 1")
    refused(state, 0, "place d5 2", "no wisdom of value 2")
    refused(state, 0, "e4-e5", "place your wisdoms first")
    assert state["hands"][0] == [1, 1, 1, -1, -1]


def test_mh6_open_placement_makes_every_value_public() -> None:
    state = fresh(open_placement=True)
    move = E.legal_moves(state, 0)[0]
    assert move["open"] is True
    assert E.split_move(move) == (move, None)
    refused(state, 0, {"type": "place", "cell": "e4", "value": 1}, "openly")
    state, events = play(state, 0, "place e4 2")
    assert events[0].data == {"seat": 0, "cell": "e4", "value": 2}
    assert E.view(state, 1)["board"]["e4"]["value"] == 2
    assert E.view(state, None)["board"]["e4"]["value"] == 2
    assert E.view(state, None)["hands"][0] == [2, 1, 1, 1, -1, -1]


def test_mh6_concealed_placement_refuses_the_open_flag() -> None:
    state = fresh()
    refused(state, 0, {"type": "place", "cell": "e4", "value": 1, "open": True}, "concealed")


def test_mh6_placing_after_placement_is_refused() -> None:
    state = position({"a1": "R", "i9": "B"})
    refused(state, 0, {"type": "place", "cell": "e4", "value": 1}, "all wisdoms are placed")


# ---------------------------------------------------------------- MH-7, MH-15: what is seen


def test_mh7_own_values_visible_opponent_values_hidden_until_burnt() -> None:
    state = position({"e1": "R", "e2": "b2", "d2": "b1", "a5": "r-1", "i9": "B"})
    red, black = E.view(state, 0), E.view(state, 1)
    assert red["board"]["e2"]["value"] is None and red["board"]["a5"]["value"] == -1
    assert black["board"]["e2"]["value"] == 2 and black["board"]["a5"]["value"] is None
    state, events = play(state, 0, "e1-e2")
    assert {"cell": "e3", "owner": 1, "value": 2, "by": 0} in [e.data for e in events]
    for seat in (0, 1, None):
        assert E.view(state, seat)["burned"][0]["value"] == 2
    assert E.view(state, 0)["board"]["d2"]["value"] is None


def test_mh15_spectator_sees_no_unburnt_value() -> None:
    state = place_all(fresh())
    spectator = E.view(state, None)
    assert spectator["seat"] is None
    assert all(p.get("value") is None for p in spectator["board"].values())
    state = fresh()
    assert E.view(state, None)["hands"] == [[None] * 7, [None] * 7]
    assert E.view(state, 0)["hands"] == [WISDOM_VALUES, [None] * 7]


def test_mh15_placement_value_is_the_secret_part_of_the_move() -> None:
    move = {"type": "place", "cell": "e4", "value": -1}
    public, secret = E.split_move(move)
    assert public == {"type": "place", "cell": "e4"} and secret == {"value": -1}
    assert E.merge_move(public, secret) == move
    state, events = E.apply(fresh(), 0, move, None)
    assert all("value" not in e.data for e in events)
    assert state["last_move"] == public
    step = {"type": "step", "from": "b1", "to": "c1"}
    assert E.split_move(step) == (step, None)


# ---------------------------------------------------------------- MH-8: steps and pushes


def test_mh8_step_to_an_empty_neighbour() -> None:
    state = position({"c2": "R", "i9": "B"})
    state, events = play(state, 0, "c2-c3")
    assert picture(state["board"]) == {"c3": "R", "i9": "B"}
    assert events[0].data == {"seat": 0, "from": "c2", "to": "c3", "pushed": []}
    assert E.to_move(state) == 1


def test_mh8_push_moves_the_whole_unbroken_line_of_any_pieces() -> None:
    state = position({"d1": "R", "d2": "B", "d3": "b1", "d4": "r1", "d6": "B"})
    state, events = play(state, 0, "d1 e")
    assert picture(state["board"]) == {"d2": "R", "d3": "B", "d4": "b1", "d5": "r1", "d6": "B"}
    assert events[0].data["pushed"] == [["d2", "d3"], ["d3", "d4"], ["d4", "d5"]]


def test_mh8_push_stops_at_the_first_gap() -> None:
    state = position({"d1": "R", "d2": "B", "d4": "b1"})
    state, _ = play(state, 0, "d1-d2")
    assert picture(state["board"]) == {"d2": "R", "d3": "B", "d4": "b1"}


def test_mh8_push_needs_empty_cell_at_line_end_full_ring_cannot_be_pushed() -> None:
    state = position({"a1": "R", "a2": "B", "a3": "b1", "a4": "R", "a5": "b2", "i9": "B"})
    refused(state, 0, "a1 e", "ring")
    refused(state, 0, "a1 w", "ring")
    refused(state, 0, "a4 w", "ring")


def test_mh8_push_wraps_through_the_edge() -> None:
    state = position({"a4": "R", "a5": "B", "a1": "b1", "i9": "B"})
    state, events = play(state, 0, "a4-a5")
    assert picture(state["board"]) == {"a1": "B", "a2": "b1", "a5": "R", "i9": "B"}
    assert events[0].data["pushed"] == [["a5", "a1"], ["a1", "a2"]]



def test_mh8_a_push_through_the_edge_is_marked_in_the_log() -> None:
    """MH-4, MH-8, so a log reader sees why a piece landed far away: `pbem log` marks each
    pushed piece that crossed the edge "(wraps)", as it marks a step that does; pieces pushed
    along the board are not marked."""
    state = position({"a4": "R", "a5": "B", "a1": "b1", "i9": "B"})
    _, events = play(state, 0, "a4-a5")
    told = E.describe_event(events[0].to_json())
    assert told == "red steps from a4 to a5, pushing a5 to a1 (wraps), a1 to a2"


def test_mh8_only_own_magicians_move() -> None:
    state = position({"a4": "R", "a5": "B", "a1": "r1", "i9": "B"})
    refused(state, 0, "a5-a1", "no magician of yours on a5")
    refused(state, 0, "a1-a2", "no magician of yours on a1")
    refused(state, 0, "c3-c2", "no magician of yours on c3")
    refused(state, 0, {"type": "step", "from": "a4", "to": "c4"}, "not next to")


# ---------------------------------------------------------------- MH-9: jumps

JUMPS = {"d2": "R", "d3": "B", "e4": "b1", "e2": "r1", "f3": "B", "i9": "B"}


def test_mh9_single_jump_over_any_piece_to_the_empty_cell_beyond() -> None:
    state = position(JUMPS)
    state, events = play(state, 0, "d2xd4")
    pic = picture(state["board"])
    assert pic["d4"] == "R" and "d2" not in pic
    assert pic["d3"] == "B"  # jumped pieces stay
    assert kinds(events) == ["jumped"] and events[0].data == {"seat": 0, "path": ["d2", "d4"]}


def test_mh9_jump_continues_and_changes_direction() -> None:
    state = position(JUMPS)
    state, _ = play(state, 0, "d2xd4xf4")
    assert picture(state["board"])["f4"] == "R"
    assert picture(state["board"]) == {**{k: v for k, v in JUMPS.items() if k != "d2"}, "f4": "R"}


def test_mh9_legal_moves_list_one_canonical_path_per_destination_apply_takes_only_it() -> None:
    """Apply accepts exactly the listed moves (DESIGN: legal moves are a function of what the
    seat knows): another valid path to a listed destination is refused, saying which path is
    listed; parse reads the other path as the listed one (both leave the same position)."""
    state = position(JUMPS)
    jumps = [m["path"] for m in E.legal_moves(state, 0) if m["type"] == "jump"]
    assert ["d2", "d4", "f4"] in jumps and ["d2", "f2", "f4"] not in jumps
    assert len({tuple(p[-1:]) for p in jumps}) == len(jumps)
    refused(state, 0, {"type": "jump", "path": ["d2", "f2", "f4"]}, "write d2xd4xf4")
    assert E.parse("d2xf2xf4", E.view(state, 0)) == {"type": "jump", "path": ["d2", "d4", "f4"]}
    a, _ = play(state, 0, "d2xd4xf4")
    b, _ = play(state, 0, "d2xf2xf4")
    assert a["board"] == b["board"]


def test_mh9_never_onto_a_visited_cell() -> None:
    state = position(JUMPS)
    refused(state, 0, "d2xd4xd2", "already visited")
    refused(state, 0, "d2xd4xf4xd4", "already visited")


def test_mh9_jump_needs_a_piece_between_and_an_empty_landing_cell() -> None:
    state = position({**JUMPS, "d4": "b2"})
    refused(state, 0, "d2xd4", "occupied")
    refused(state, 0, "d2xb2", "empty")
    refused(state, 0, "d2xc5", "one adjacent piece")
    refused(state, 0, {"type": "jump", "path": ["d2"]}, "at least one")


def test_mh9_jumps_do_not_wrap() -> None:
    state = position({"e8": "R", "e9": "B", "i5": "B"})
    assert [m for m in E.legal_moves(state, 0) if m["type"] == "jump"] == []
    refused(state, 0, "e8xe1", "never across the edge")


# ---------------------------------------------------------------- MH-10: flames


def test_mh10_magicians_stand_on_and_jump_onto_flames() -> None:
    state = position({"e4": "R", "e1": "R", "e2": "B", "i9": "B"})
    assert {"type": "step", "from": "e4", "to": "e5"} in E.legal_moves(state, 0)
    assert {"type": "jump", "path": ["e1", "e3"]} in E.legal_moves(state, 0)
    state, _ = play(state, 0, "e4-e5")
    assert picture(state["board"])["e5"] == "R"
    state, _ = play(state, 1, "i9-i8")
    state, _ = play(state, 0, "e5-e6")  # and leave them again
    assert "e5" not in state["board"]


def test_mh10_a_magician_on_a_flame_is_pushed_like_any_piece() -> None:
    state = position({"e4": "R", "e5": "B", "i9": "B"})
    state, _ = play(state, 0, "e4 e")
    assert picture(state["board"]) == {"e5": "R", "e6": "B", "i9": "B"}


def test_mh10_pushing_own_wisdom_onto_a_flame_is_illegal() -> None:
    state = position({"e1": "R", "e2": "r1", "i9": "B"})
    refused(state, 0, "e1-e2", "would burn your own wisdom", "e3")


def test_mh10_opponent_wisdom_on_a_flame_burns_and_scores() -> None:
    state = position({"e1": "R", "e2": "b2", "i9": "B"})
    state, events = play(state, 0, "e1-e2")
    assert kinds(events) == ["stepped", "burned"]
    assert events[1].data == {"cell": "e3", "owner": 1, "value": 2, "by": 0}
    assert state["scores"] == [2, 0]
    assert picture(state["board"]) == {"e2": "R", "i9": "B"}


def test_mh10_several_burns_in_one_push_all_count() -> None:
    state = position({"e2": "R", "e3": "B", "e4": "b1", "e5": "B", "e6": "b2", "i9": "B"})
    state, events = play(state, 0, "e2-e3")
    assert [e.data["cell"] for e in events if e.kind == "burned"] == ["e5", "e7"]
    assert state["scores"] == [3, 0]
    assert picture(state["board"]) == {"e3": "R", "e4": "B", "e6": "B", "i9": "B"}


def test_mh10_negative_values_count() -> None:
    state = position({"e1": "R", "e2": "b-1", "i9": "B"}, scores=(2, 0))
    state, _ = play(state, 0, "e1-e2")
    assert state["scores"] == [1, 0]


def test_mh10_one_own_burn_spoils_the_whole_push() -> None:
    state = position({"e2": "R", "e3": "B", "e4": "b2", "e5": "B", "e6": "r1", "i9": "B"})
    refused(state, 0, "e2-e3", "your own wisdom")


def test_mh10_black_burns_red_wisdoms() -> None:
    state = position({"c2": "B", "c3": "r1", "a1": "R"}, turn=1)
    state, events = play(state, 1, "c2 w")  # black's board is turned round: its w is red's e
    assert state["scores"] == [0, 1] and events[-1].data["by"] == 1


# ---------------------------------------------------------------- MH-11: position must change, no ping-pong


def test_mh11_no_move_may_bring_back_the_position_before_the_opponents_last_move() -> None:
    state = position({"a1": "R", "a2": "B", "e9": "R", "i9": "B"}, turn=1)
    before = picture(state["board"])
    state, _ = play(state, 1, "a2-a1")  # pushes red's a1 through the edge to a5
    assert picture(state["board"]) == {"a1": "B", "a5": "R", "e9": "R", "i9": "B"}
    message = refused(state, 0, "a5-a1", "MH-11")
    assert "position before" in message
    # the same step is fine once that position is no longer the one to avoid
    state, _ = play(state, 0, "e9-e8")
    state, _ = play(state, 1, "i9-i8")
    after, _ = play(state, 0, "a5-a1")
    assert picture(after["board"])["a1"] == "R" and picture(after["board"])["a2"] == "B"
    assert picture(after["board"]) != before  # e9 and i9 moved meanwhile


def test_mh11_every_legal_move_changes_the_position() -> None:
    rnd = random.Random(11)
    state = place_all(fresh())
    for _ in range(30):
        seat = E.to_move(state)
        for move in E.legal_moves(state, seat):
            after, _ = E.apply(state, seat, move, None)
            assert after["board"] != state["board"]
        state, _ = E.apply(state, seat, rnd.choice(E.legal_moves(state, seat)), None)


# ---------------------------------------------------------------- MH-12: passes

STUCK = {  # red's only magician on a1: all three of its lines are full or end in a red burn
    "a1": "R", "a2": "b1", "a3": "b1", "a4": "b1", "a5": "b2",
    "b1": "b2", "c1": "b-1", "d1": "b-1", "e1": "r1",
    "b2": "r1", "c3": "r1", "d4": "r2", "f6": "r2", "g7": "r-1", "h8": "r-1", "i9": "B",
}  # fmt: skip


def test_mh12_no_legal_move_the_only_move_is_pass() -> None:
    state = position(STUCK)
    assert E.legal_moves(state, 0) == [{"type": "pass"}]
    state, events = play(state, 0, "pass")
    assert kinds(events) == ["passed"] and state["passes"] == 1 and E.to_move(state) == 1
    assert state["moves"] == [1, 0]


def test_mh12_passing_with_a_legal_move_is_refused() -> None:
    state = position({"a1": "R", "i9": "B"})
    refused(state, 0, "pass", "only when you have no legal move")


def test_mh12_a_move_resets_the_pass_count() -> None:
    state, _ = play(position(STUCK), 0, "pass")
    state, _ = play(state, 1, "i9-i8")
    assert state["passes"] == 0


def test_mh12_two_passes_in_a_row_end_the_game() -> None:
    state = position(STUCK, passes=1, scores=(1, 0))
    state, events = play(state, 0, "pass")
    assert kinds(events) == ["passed", "game_over"]
    assert E.result(state) == {
        "winner": 0,
        "scores": [1, 0],
        "reason": "both players passed in a row",
    }
    assert E.to_move(state) is None
    draw, _ = play(position(STUCK, passes=1, scores=(2, 2)), 0, "pass")
    assert E.result(draw)["winner"] is None


# ---------------------------------------------------------------- MH-13, MH-14: the end


@pytest.mark.parametrize("before, value, after", [(4, 1, 5), (3, 2, 5), (4, 2, 6)])
def test_mh13_reaching_five_points_wins_at_once(before: int, value: int, after: int) -> None:
    state = position({"e1": "R", "e2": f"b{value}", "i9": "B"}, scores=(before, 4))
    state, events = play(state, 0, "e1-e2")
    assert kinds(events) == ["stepped", "burned", "game_over"]
    assert E.result(state) == {
        "winner": 0,
        "scores": [after, 4],
        "reason": f"red burned {after} points",
    }
    assert E.to_move(state) is None and state["phase"] == "over"
    assert E.legal_moves(state, 0) == [] and E.legal_moves(state, 1) == []
    refused(state, 1, "i9-i8", "game is over")


def test_mh13_below_five_the_game_goes_on() -> None:
    state = position({"e1": "R", "e2": "b2", "i9": "B"}, scores=(2, 0))
    state, _ = play(state, 0, "e1-e2")
    assert E.result(state) is None and E.to_move(state) == 1


def test_mh14_move_limit_per_side_higher_score_wins() -> None:
    state = position({"a1": "R", "i9": "B"}, options={"move_limit": 2}, scores=(0, 1))
    for seat, text in [(0, "a1-a2"), (1, "i9-i8"), (0, "a2-a3")]:
        state, events = play(state, seat, text)
        assert E.result(state) is None
    state, events = play(state, 1, "i8-i7")
    assert events[-1].kind == "game_over"
    assert E.result(state) == {
        "winner": 1,
        "scores": [0, 1],
        "reason": "the move limit of 2 moves per side was reached",
    }


def test_mh14_equal_scores_at_the_limit_draw_and_passes_count() -> None:
    state = position(STUCK, options={"move_limit": 1})
    state, _ = play(state, 0, "pass")
    state, _ = play(state, 1, "i9-i8")
    assert E.result(state)["winner"] is None and "move limit" in E.result(state)["reason"]


def test_mh14_default_limit_is_200_per_side_placements_do_not_count() -> None:
    assert E.options()["move_limit"] == 200
    state = place_all(fresh(move_limit=1))
    assert state["moves"] == [0, 0] and E.result(state) is None
