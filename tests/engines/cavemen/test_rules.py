"""Scenario tests, one or more per ruling CV-1..CV-18, in the closed and the open game.

Each builds a position directly (tests/engines/cavemen/scenario.py) and plays the
moves a player would type, through the real engine.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.cavemen import ENGINE as E
from engines.cavemen import cards
from engines.cavemen.field import index
from engines.core import BadOptions, IllegalMove, Rng
from tests.engines.cavemen.scenario import BLUE, RED, at, board, do, first, kinds, moves, put

BOTH = pytest.mark.parametrize("open_game", [False, True], ids=["closed", "open"])


# ---------------------------------------------------------------- CV-1 cards and ranks


def test_cv1_a_deck_is_25_cards_3_fires_12_caves_10_cavemen() -> None:
    pile = Counter(cards.stockpile())
    assert sum(pile.values()) + cards.FIRES_PER_PLAYER + cards.CAVES_LAID == 25
    assert pile["cave"] + cards.CAVES_LAID == 12
    assert {k: v for k, v in pile.items() if k != "cave"} == {
        "ballsy": 1, "snappy": 1, "gritty": 2, "plucky": 1, "gutsy": 3, "dino": 1, "zippy": 1,
    }
    assert [cards.RANKS[c] for c in ("ballsy", "snappy", "gritty", "plucky", "gutsy", "zippy")] == [1, 2, 3, 4, 5, 7]


@BOTH
def test_cv1_lower_rank_wins_whoever_attacks(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 3)
    put(s, BLUE, "snappy", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "defender"
    assert at(s, 1, 3) is None and at(s, 1, 4)["card"] == "snappy"
    assert s["inactive"][RED] == ["gutsy"]


@BOTH
def test_cv1_equal_ranks_remove_both_to_their_inactive_decks(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gritty", 1, 3)
    put(s, BLUE, "gritty", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "tie"
    assert at(s, 1, 3) is None and at(s, 1, 4) is None
    assert s["inactive"] == [["gritty"], ["gritty"]] and "returned" not in kinds(ev)


# ---------------------------------------------------------------- CV-2, CV-3 field


def test_cv2_only_caves_of_rows_3_and_4_can_be_replaced() -> None:
    s = board(phase="place")
    s["hands"][RED] = ["cave", "cave"]
    with pytest.raises(IllegalMove, match="CV-2"):
        do(s, "cave A5")
    with pytest.raises(IllegalMove, match="yours already"):
        do(s, "cave A3")
    assert [m for m in moves(s) if m.startswith("cave")] == ["cave A4", "cave B4", "cave C4"]
    s, ev = do(s, "cave B4")
    assert s["caves"]["B4"] == RED and s["inactive"][BLUE] == ["cave"]
    assert first(ev, "cave").data == {"seat": RED, "cell": "B4", "replaced": BLUE}


def test_cv3_positions_border_their_columns_and_a_middle_path_needs_one_own_card() -> None:
    s = board(phase="place")
    s["hands"][RED] = ["cave", "gritty"]
    spots = {m for m in moves(s) if m.startswith("place")}
    assert "place gritty P0 r3" in spots and "place gritty P3 r1" in spots
    assert "place gritty P0 r4" not in spots and "place gritty P1 r4" not in spots
    s, _ = do(s, "cave A4")  # CV-12: a cave first can make a caveman's position legal
    spots = {m for m in moves(s) if m.startswith("place")}
    assert {"place gritty P0 r4", "place gritty P1 r4"} <= spots  # P1 r4: A4 is Red's, B4 Blue's
    assert "place gritty P2 r4" not in spots


# ---------------------------------------------------------------- CV-4 setup


def test_cv4_setup_deals_five_red_redraws_first_then_blue_then_red_begins() -> None:
    s, ev = E.setup(2, {}, Rng(b"setup"))
    assert [len(h) for h in s["hands"]] == [5, 5] and [len(x) for x in s["stock"]] == [11, 11]
    assert [e.to for e in ev if e.kind == "drew" and e.to] == [(RED,), (BLUE,)]
    assert s["pending"] == {"kind": "redraw", "seat": RED}
    card = s["hands"][RED][0]
    s, ev = E.apply(s, RED, {"type": "discard", "card": card}, Rng(b"a"))
    assert first(ev, "discarded").data == {"seat": RED, "card": card, "why": "redraw"} and first(ev, "discarded").to is None
    assert s["inactive"][RED] == [card] and len(s["hands"][RED]) == 4
    s, ev = E.apply(s, RED, {"type": "end"}, Rng(b"b"))
    assert len(s["hands"][RED]) == 5 and len(s["stock"][RED]) == 10
    assert s["pending"] == {"kind": "redraw", "seat": BLUE}
    s, ev = E.apply(s, BLUE, {"type": "end"}, Rng(b"c"))
    assert s["turn"] == RED and s["turn_no"] == 1
    assert s["pending"] == {"kind": "place", "seat": RED}, "nothing to move in the first turn (CV-5)"


def test_cv4_the_redraw_is_once_only_and_shuffles_differ_by_seed() -> None:
    a, _ = E.setup(2, {}, Rng(b"one"))
    b, _ = E.setup(2, {}, Rng(b"two"))
    assert a["stock"] != b["stock"] and Counter(a["stock"][0] + a["hands"][0]) == Counter(cards.stockpile())
    a, _ = E.apply(a, RED, {"type": "end"}, Rng(b"e"))
    a, _ = E.apply(a, BLUE, {"type": "end"}, Rng(b"e"))
    assert a["pending"]["kind"] == "place"  # no redraw any more


def test_cv4_cv14_discarding_zippy_in_the_redraw_returns_nothing() -> None:
    s, _ = E.setup(2, {}, Rng(b"setup"))
    s["hands"][RED] = ["zippy", "cave", "cave", "cave", "cave"]
    s, ev = E.apply(s, RED, {"type": "discard", "card": "zippy"}, Rng(b"a"))
    assert s["inactive"][RED] == ["zippy"] and "returned" not in kinds(ev)


# ---------------------------------------------------------------- CV-5 one move per path


@BOTH
def test_cv5_one_move_per_path_is_shared_by_the_cavemen_in_it(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gritty", 1, 2)
    put(s, RED, "snappy", 1, 4)
    s, _ = do(s, "move P1 r4 up")
    assert moves(s) == ["end phase"], "the path's move is used; nothing else can move in P1"
    with pytest.raises(IllegalMove, match="cannot move any more"):
        do(s, "move P1 r2 up")


@BOTH
def test_cv5_sideways_uses_the_leaving_paths_move_and_crosses_the_field(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gritty", 0, 2)
    s, _ = do(s, "side P0 r2 right")
    s, _ = do(s, "side P1 r2 right")
    s, _ = do(s, "side P2 r2 right")
    assert at(s, 3, 2)["card"] == "gritty" and s["tm"]["used"] == [1, 1, 1, None]
    s, _ = do(s, "move P3 r2 up")  # the last unused path's move, for a step
    assert at(s, 3, 3)["card"] == "gritty" and moves(s) == ["end phase"]


@BOTH
def test_cv5_no_diagonal_moves_and_sideways_into_a_used_path_ends_there(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "snappy", 1, 2)
    assert set(moves(s)) == {"move P1 r2 up", "move P1 r2 down", "side P1 r2 left", "side P1 r2 right", "end phase"}
    s = board(open_game)
    put(s, RED, "gritty", 0, 2)
    put(s, RED, "snappy", 1, 5)
    s, _ = do(s, "move P1 r5 down")  # P1's move is used
    s, _ = do(s, "side P0 r2 right")  # arrives in P1: no move left there
    assert moves(s) == ["end phase"]


def test_cv5_a_step_onto_an_own_caveman_is_refused_with_a_message() -> None:
    s = board()
    put(s, RED, "gritty", 1, 2)
    put(s, RED, "snappy", 1, 3)
    with pytest.raises(IllegalMove, match="cannot do that"):
        do(s, "move P1 r2 up")


# ---------------------------------------------------------------- CV-6 Plucky and Gutsy


@BOTH
@pytest.mark.parametrize("double", ["gutsy", "plucky"])
def test_cv6_plucky_and_gutsy_make_two_steps_in_their_starting_path_even_back(open_game: bool, double: str) -> None:
    s = board(open_game)
    put(s, RED, double, 2, 2)
    s, _ = do(s, "move P2 r2 up")
    s, _ = do(s, "move P2 r3 down")
    assert at(s, 2, 2)["card"] == double and moves(s) == ["end phase"]


@BOTH
def test_cv6_an_ordinary_caveman_has_one_step(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gritty", 2, 2)
    s, _ = do(s, "move P2 r2 up")
    assert moves(s) == ["end phase"]


@BOTH
def test_cv6_gutsy_uses_two_moves_only_in_the_path_where_it_began(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 2)
    s, _ = do(s, "side P1 r2 right")
    s, _ = do(s, "move P2 r2 up")  # the new path's single move
    assert moves(s) == ["end phase"]


@BOTH
def test_cv6_the_second_move_may_be_sideways_then_only_the_new_paths_move(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 2)
    s, _ = do(s, "move P1 r2 up")
    s, _ = do(s, "side P1 r3 left")
    s, _ = do(s, "move P0 r3 up")
    assert at(s, 0, 4)["card"] == "gutsy" and moves(s) == ["end phase"]


@BOTH
def test_cv6_gutsy_may_not_pass_over_a_caveman(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 2)
    put(s, RED, "gritty", 1, 3)
    assert not any(m.startswith("move P1 r2 up") or m.startswith("jump") for m in moves(s))


@BOTH
def test_cv6_a_first_attack_that_wins_leaves_the_second_move_but_no_second_attack(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "plucky", 1, 3)
    put(s, BLUE, "gutsy", 1, 4)
    put(s, BLUE, "zippy", 1, 5)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "attacker" and at(s, 1, 4)["card"] == "plucky"
    left = moves(s)
    assert "attack P1 r5 from P1 r4" not in left, "at most one attack a turn (L142)"
    assert "move P1 r4 down" in left and "side P1 r4 left" in left


@BOTH
def test_cv6_after_a_first_attack_and_a_sideways_second_move_the_new_paths_move_remains(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "plucky", 1, 3)
    put(s, BLUE, "gutsy", 1, 4)
    put(s, BLUE, "gritty", 2, 5)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    s, _ = do(s, "side P1 r4 right")
    left = moves(s)
    assert "move P2 r4 down" in left and "attack P2 r5 from P2 r4" not in left, "one attack a turn"
    s, _ = do(s, "move P2 r4 down")
    assert moves(s) == ["end phase"]


@BOTH
def test_cv6_cv8_a_first_attack_across_into_the_next_path_leaves_that_paths_move(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 3)
    put(s, BLUE, "zippy", 2, 3)
    s, _ = do(s, "attack P2 r3 from P1 r3")
    assert at(s, 2, 3)["card"] == "gutsy"
    assert "move P2 r3 up" in moves(s) and not any(m.startswith("attack") for m in moves(s))
    s = board(open_game)
    put(s, RED, "gritty", 1, 3)
    put(s, BLUE, "zippy", 2, 3)
    s, _ = do(s, "attack P2 r3 from P1 r3")
    assert moves(s) == ["end phase"], "an ordinary caveman's attack ends its movement (CV-8)"


@BOTH
def test_cv6_an_attack_as_the_second_move_ends_the_movement(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 2)
    put(s, BLUE, "zippy", 1, 4)
    s, _ = do(s, "move P1 r2 up")
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "attacker"
    assert moves(s) == ["end phase"]


@BOTH
def test_cv6_a_lost_first_attack_leaves_nothing(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gutsy", 1, 3)
    put(s, BLUE, "ballsy", 1, 4)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    assert at(s, 1, 3) is None and moves(s) == ["end phase"]


# ---------------------------------------------------------------- CV-7 Zippy


@BOTH
def test_cv7_zippy_jumps_over_any_caveman_onto_an_empty_position(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "zippy", 2, 2)
    put(s, BLUE, "snappy", 2, 3)
    assert "jump P2 r2 up" in moves(s)
    s, ev = do(s, "jump P2 r2 up")
    assert at(s, 2, 4)["card"] == "zippy" and first(ev, "moved").data["how"] == "jump"
    assert moves(s) == ["end phase"], "Zippy has no second move (L148)"


@BOTH
def test_cv7_zippy_jump_onto_an_opponent_is_an_attack_and_wins_only_against_ballsy(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "zippy", 2, 2)
    put(s, BLUE, "ballsy", 2, 4)
    s, ev = do(s, "attack P2 r4 from P2 r2")
    assert first(ev, "attack").data["outcome"] == "attacker" and at(s, 2, 4)["card"] == "zippy"


@BOTH
def test_cv7_zippy_jumps_only_in_the_path_where_it_began(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "zippy", 1, 2)
    s, _ = do(s, "side P1 r2 right")
    assert not any(m.startswith("jump") for m in moves(s))
    assert "move P2 r2 up" in moves(s)


def test_cv7_an_ordinary_caveman_cannot_jump() -> None:
    s = board()
    put(s, RED, "snappy", 1, 2)
    with pytest.raises(IllegalMove):
        do(s, "jump P1 r2 up")


# ---------------------------------------------------------------- CV-8 attacks


@BOTH
def test_cv8_attacks_ahead_behind_and_level_across_a_card_but_not_diagonal(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "snappy", 1, 4)
    put(s, BLUE, "gutsy", 1, 5)
    put(s, BLUE, "gutsy", 1, 3)
    put(s, BLUE, "gutsy", 2, 4)
    put(s, BLUE, "gritty", 2, 5)
    attacks = {m for m in moves(s) if m.startswith("attack")}
    assert attacks == {"attack P1 r5 from P1 r4", "attack P1 r3 from P1 r4", "attack P2 r4 from P1 r4"}


def test_cv8_closed_game_the_winner_lies_face_down_but_is_known_to_both() -> None:
    s = board(False)
    put(s, RED, "snappy", 1, 3)
    put(s, BLUE, "gutsy", 2, 3)
    s, ev = do(s, "attack P2 r3 from P1 r3")
    winner = at(s, 2, 3)
    assert winner["card"] == "snappy" and winner["up"] is False and winner["known"] == 2
    assert E.view(s, BLUE)["field"][index(2, 3)]["card"] == "snappy"
    assert E.view(s, None)["field"][index(2, 3)]["card"] == "snappy"
    assert first(ev, "attack").to is None and first(ev, "attack").data["defender"] == "gutsy"  # a public reveal
    assert moves(s) == ["end phase"], "an attack ends the caveman's movement"


def test_cv8_a_defender_that_wins_stays_and_is_known() -> None:
    s = board(False)
    put(s, RED, "gritty", 1, 3)
    put(s, BLUE, "ballsy", 1, 4)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    assert at(s, 1, 4)["card"] == "ballsy" and at(s, 1, 4)["known"] == 2
    assert E.view(s, RED)["field"][index(1, 4)]["card"] == "ballsy"


def test_cv8_a_known_caveman_stays_known_after_moving_on() -> None:
    s = board(False)
    put(s, RED, "snappy", 1, 3)
    put(s, BLUE, "gutsy", 1, 4)
    s["hands"][BLUE] = ["cave"]
    s, _ = do(s, "attack P1 r4 from P1 r3")
    s, _ = do(s, "end phase")  # Red has no cards: the turn passes to Blue
    assert s["turn"] == BLUE
    assert E.view(s, BLUE)["field"][index(1, 4)]["card"] == "snappy"


# ---------------------------------------------------------------- CV-9 Dino


@BOTH
@pytest.mark.parametrize("dino_attacks", [True, False])
def test_cv9_dino_and_the_caveman_it_meets_leave_the_game_whoever_attacks(open_game: bool, dino_attacks: bool) -> None:
    s = board(open_game)
    put(s, RED, "dino" if dino_attacks else "ballsy", 1, 3)
    put(s, BLUE, "snappy" if dino_attacks else "dino", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "dino"
    assert at(s, 1, 3) is None and at(s, 1, 4) is None
    assert s["inactive"] == [[], []]
    assert sorted(s["gone"][RED] + s["gone"][BLUE]) == sorted(["dino", "snappy" if dino_attacks else "ballsy"])


def test_cv9_dino_against_dino_both_leave() -> None:
    s = board()
    put(s, RED, "dino", 1, 3)
    put(s, BLUE, "dino", 1, 4)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    assert s["gone"] == [["dino"], ["dino"]] and s["inactive"] == [[], []]


# ---------------------------------------------------------------- CV-10 Zippy fights and reveals


def test_cv10_zippy_attacking_ballsy_wins() -> None:
    s = board()
    put(s, RED, "zippy", 1, 3)
    put(s, BLUE, "ballsy", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "attacker" and at(s, 1, 4)["card"] == "zippy"


def test_cv10_ballsy_attacking_zippy_wins() -> None:
    s = board()
    put(s, RED, "ballsy", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "attacker" and at(s, 1, 4)["card"] == "ballsy"


@pytest.mark.parametrize("other", ["snappy", "gritty", "plucky", "gutsy"])
def test_cv10_zippy_loses_attacking_or_attacked_by_any_other(other: str) -> None:
    s = board()
    put(s, RED, "zippy", 1, 3)
    put(s, BLUE, other, 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "defender"
    s = board()
    put(s, RED, other, 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "attacker"


def test_cv10_zippy_against_zippy_is_a_tie() -> None:
    s = board()
    put(s, RED, "zippy", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert first(ev, "attack").data["outcome"] == "tie" and at(s, 1, 4) is None


def test_cv10_closed_game_the_defending_zippys_owner_names_a_caveman_revealed_only_to_him() -> None:
    s = board(False)
    put(s, RED, "snappy", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    put(s, RED, "gutsy", 3, 5)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert s["pending"] == {"kind": "zippy", "seat": BLUE}, "chosen after the fight is decided"
    assert set(moves(s)) == {"reveal P3 r5", "no reveal"}, "the snappy is known already"
    s, ev = do(s, "reveal P3 r5")
    assert first(ev, "zippy_reveal").data == {"seat": BLUE, "target": [3, 5]}
    private = first(ev, "revealed")
    assert private.to == (BLUE,) and private.data["card"] == "gutsy"
    assert at(s, 3, 5)["up"] is False and at(s, 3, 5)["known"] == 1
    assert E.view(s, BLUE)["field"][index(3, 5)]["card"] == "gutsy"
    assert E.view(s, None)["field"][index(3, 5)]["card"] is None, "not public"
    assert s["pending"] == {"kind": "move", "seat": RED}, "back to the turn player"


def test_cv10_cv16_open_game_zippys_target_turns_face_up() -> None:
    s = board(True)
    put(s, RED, "zippy", 1, 3)
    put(s, BLUE, "gritty", 1, 4)
    put(s, BLUE, "ballsy", 3, 6)
    s, _ = do(s, "attack P1 r4 from P1 r3")  # Zippy attacked and lost; its owner still reveals
    assert s["pending"] == {"kind": "zippy", "seat": RED}
    s, ev = do(s, "reveal P3 r6")
    assert first(ev, "zippy_reveal").data["card"] == "ballsy" and first(ev, "zippy_reveal").to is None
    assert at(s, 3, 6)["up"] is True
    assert E.view(s, None)["field"][index(3, 6)]["card"] == "ballsy"


def test_cv10_two_zippies_the_attackers_owner_names_first() -> None:
    s = board(False)
    put(s, RED, "zippy", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    put(s, RED, "gritty", 0, 2)
    put(s, BLUE, "gritty", 0, 5)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    assert s["pending"] == {"kind": "zippy", "seat": RED}
    s, _ = do(s, "no reveal")
    assert s["pending"] == {"kind": "zippy", "seat": BLUE}
    s, _ = do(s, "reveal P0 r2")
    assert s["pending"] == {"kind": "move", "seat": RED}


def test_cv10_no_decision_when_there_is_nothing_to_reveal() -> None:
    s = board(False)
    put(s, RED, "gritty", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    assert s["pending"] == {"kind": "move", "seat": RED}


# ---------------------------------------------------------------- CV-11 fires


@BOTH
def test_cv11_stepping_onto_an_opponents_fire_wins(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gritty", 1, 6)
    assert {"extinguish A from P1 r6", "extinguish B from P1 r6"} <= set(moves(s))
    s, ev = do(s, "extinguish B")
    assert s["result"] == {"winner": RED, "scores": None, "reason": "Red put out a fire in column B (CV-11)"}
    assert s["fires"][BLUE] == [True, False, True] and kinds(ev)[-1] == "game_over"
    assert E.to_move(s) is None and E.legal_moves(s, RED) == [] and E.legal_moves(s, BLUE) == []


@BOTH
def test_cv11_a_fire_is_put_out_only_by_stepping_onto_it_not_by_crossing(open_game: bool) -> None:
    s = board(open_game)
    put(s, RED, "gritty", 0, 6)
    s, _ = do(s, "side P0 r6 right")
    assert s["result"] is None and s["fires"][BLUE] == [True, True, True]


def test_cv11_a_fire_is_next_to_its_own_row_only_and_own_fires_cannot_be_put_out() -> None:
    s = board()
    put(s, RED, "gritty", 1, 5)
    put(s, RED, "snappy", 2, 1)
    assert not any(m.startswith("extinguish") for m in moves(s))


@BOTH
def test_cv11_gutsy_puts_out_a_fire_with_its_second_move(open_game: bool) -> None:
    s = board(open_game)
    put(s, BLUE, "gutsy", 3, 2)
    s["turn"], s["pending"] = BLUE, {"kind": "move", "seat": BLUE}
    s, _ = do(s, "move P3 r2 down")
    s, _ = do(s, "extinguish C")
    assert s["result"]["winner"] == BLUE


def test_cv11_zippy_puts_out_a_fire_with_a_step_never_at_the_end_of_a_jump() -> None:
    s = board()
    put(s, RED, "zippy", 1, 4)
    s, _ = do(s, "jump P1 r4 up")
    assert at(s, 1, 6)["card"] == "zippy" and moves(s) == ["end phase"]
    s = board()
    put(s, RED, "zippy", 1, 6)
    s, _ = do(s, "extinguish A")
    assert s["result"]["winner"] == RED


# ---------------------------------------------------------------- CV-12 placing


def test_cv12_up_to_three_cards_then_the_phase_ends() -> None:
    s = board(phase="place")
    s["hands"][RED] = ["gritty", "gutsy", "gutsy", "zippy", "cave"]
    s, ev = do(s, "place gritty P0 r2")
    assert first(ev, "placed").data == {"seat": RED, "path": 0, "row": 2}
    priv = [e for e in ev if e.kind == "placed" and e.to == (RED,)]
    assert priv and priv[0].data["card"] == "gritty"
    s, _ = do(s, "place gutsy P1 r1")
    s, _ = do(s, "cave A4")
    assert s["tm"]["placed"] == 3 and s["pending"] == {"kind": "discard", "seat": RED}


def test_cv12_a_caveman_must_go_beside_an_own_card_on_an_empty_position() -> None:
    s = board(phase="place")
    s["hands"][RED] = ["gritty"]
    put(s, RED, "snappy", 0, 2)
    with pytest.raises(IllegalMove, match="taken"):
        do(s, "place gritty P0 r2")
    with pytest.raises(IllegalMove, match="CV-12"):
        do(s, "place gritty P2 r5")
    with pytest.raises(IllegalMove, match="hold no"):
        do(s, "place gutsy P0 r1")


@BOTH
def test_cv12_placed_cavemen_lie_face_down_in_both_games(open_game: bool) -> None:
    s = board(open_game, phase="place")
    s["hands"][RED] = ["ballsy", "cave"]
    s, _ = do(s, "place ballsy P2 r3")
    assert at(s, 2, 3)["up"] is False
    assert E.view(s, BLUE)["field"][index(2, 3)]["card"] is None


def test_cv12_cards_placed_this_turn_move_next_turn() -> None:
    s = board(phase="place")
    s["hands"] = [["gritty"], ["cave"]]
    assert "move P0 r2 up" not in moves(s)
    s, _ = do(s, "place gritty P0 r2")  # the hand is empty: no discard phase, Blue's turn
    assert s["turn"] == BLUE
    s, _ = do(s, "end phase")  # Blue places nothing
    s, _ = do(s, "end phase")  # and discards nothing
    assert s["turn"] == RED and "move P0 r2 up" in moves(s)


# ---------------------------------------------------------------- CV-13 discard and draw


def test_cv13_discards_one_by_one_face_up_then_draw_to_five() -> None:
    s = board(phase="discard")
    s["hands"][RED] = ["cave", "gritty", "snappy"]
    s["stock"][RED] = ["gutsy", "zippy", "cave", "dino", "plucky", "ballsy"]
    s["hands"][BLUE] = ["cave"]
    s, ev = do(s, "discard cave")
    assert first(ev, "discarded").to is None and s["inactive"][RED] == ["cave"]
    s, ev = do(s, "end phase")
    assert sorted(s["hands"][RED]) == sorted(["gritty", "snappy", "gutsy", "zippy", "cave"])
    drew = [e for e in ev if e.kind == "drew"]
    assert drew[0].to is None and drew[0].data["count"] == 3 and "cards" not in drew[0].data
    assert drew[1].to == (RED,) and drew[1].data["cards"] == ["gutsy", "zippy", "cave"]
    assert s["stock"][RED] == ["dino", "plucky", "ballsy"] and s["turn"] == BLUE


def test_cv13_draw_stops_when_the_stockpile_is_empty() -> None:
    s = board(phase="discard")
    s["hands"][RED] = ["cave"]
    s["stock"][RED] = ["gutsy"]
    s["hands"][BLUE] = ["cave"]
    s, _ = do(s, "end phase")
    assert s["hands"][RED] == ["gutsy", "cave"] and s["stock"][RED] == []


# ---------------------------------------------------------------- CV-14 the inactive deck returns


def _fight(red: str, blue: str, open_game: bool = False) -> tuple[dict, list]:
    s = board(open_game)
    s["inactive"] = [["cave", "gritty"], ["cave", "snappy", "cave"]]
    s["stock"] = [["plucky"], ["gutsy"]]
    put(s, RED, red, 1, 3)
    put(s, BLUE, blue, 1, 4)
    return do(s, "attack P1 r4 from P1 r3", seed=b"fight")


@BOTH
def test_cv14_zippy_lost_to_an_opponents_attack_returns_the_deck(open_game: bool) -> None:
    s = board(open_game)
    s["inactive"] = [["cave"], ["cave", "snappy", "cave"]]
    s["stock"] = [["plucky"], ["gutsy"]]
    put(s, RED, "gritty", 1, 3)
    put(s, BLUE, "zippy", 1, 4)
    s, ev = do(s, "attack P1 r4 from P1 r3")
    assert s["inactive"][BLUE] == ["zippy"]
    assert s["stock"][BLUE][0] == "gutsy" and sorted(s["stock"][BLUE][1:]) == ["cave", "cave", "snappy"]
    assert first(ev, "returned").data == {"seat": BLUE, "count": 3, "stock": 4, "top": "zippy"}
    assert s["inactive"][RED] == ["cave"]


@BOTH
def test_cv14_losing_zippy_to_ones_own_attack_returns_nothing(open_game: bool) -> None:
    s, ev = _fight("zippy", "gritty", open_game)
    assert "returned" not in kinds(ev)
    assert s["inactive"][RED] == ["cave", "gritty", "zippy"] and s["stock"][RED] == ["plucky"]


@BOTH
def test_cv14_ballsy_lost_to_an_attacking_zippy_returns_nothing(open_game: bool) -> None:
    s, ev = _fight("zippy", "ballsy", open_game)
    assert "returned" not in kinds(ev) and s["inactive"][BLUE] == ["cave", "snappy", "cave", "ballsy"]


@BOTH
def test_cv14_zippy_against_zippy_returns_both_decks(open_game: bool) -> None:
    s, ev = _fight("zippy", "zippy", open_game)
    assert [e.data["seat"] for e in ev if e.kind == "returned"] == [RED, BLUE]
    assert s["inactive"] == [["zippy"], ["zippy"]]
    assert sorted(s["stock"][RED]) == ["cave", "gritty", "plucky"] and s["stock"][RED][0] == "plucky"
    assert sorted(s["stock"][BLUE]) == ["cave", "cave", "gutsy", "snappy"] and s["stock"][BLUE][0] == "gutsy"


@BOTH
def test_cv14_ballsy_against_ballsy_returns_both_decks(open_game: bool) -> None:
    s, ev = _fight("ballsy", "ballsy", open_game)
    assert [e.data["seat"] for e in ev if e.kind == "returned"] == [RED, BLUE]
    assert s["inactive"] == [["ballsy"], ["ballsy"]]


@BOTH
@pytest.mark.parametrize("who", ["zippy", "ballsy"])
def test_cv14_zippy_or_ballsy_meeting_dino_leave_the_deck_returns_and_starts_empty(open_game: bool, who: str) -> None:
    for red, blue, loser in ((who, "dino", RED), ("dino", who, BLUE)):
        s, ev = _fight(red, blue, open_game)
        assert [e.data["seat"] for e in ev if e.kind == "returned"] == [loser]
        assert s["inactive"][loser] == [] and who in s["gone"][loser]
        assert first(ev, "returned").data["top"] is None


@BOTH
def test_cv14_ballsy_beating_an_attacker_or_other_losses_return_nothing(open_game: bool) -> None:
    s, ev = _fight("snappy", "ballsy", open_game)
    assert "returned" not in kinds(ev)
    s, ev = _fight("gritty", "gutsy", open_game)
    assert "returned" not in kinds(ev)


def test_cv14_discarding_zippy_or_ballsy_from_the_hand_returns_nothing() -> None:
    s = board(phase="discard")
    s["hands"][RED] = ["zippy", "ballsy"]
    s["inactive"][RED] = ["cave"]
    s, ev = do(s, "discard zippy")
    s, ev2 = do(s, "discard ballsy")
    assert "returned" not in kinds(ev + ev2) and s["inactive"][RED] == ["cave", "zippy", "ballsy"]


# ---------------------------------------------------------------- CV-15 what is public about decks


def test_cv15_the_opponent_sees_only_the_top_and_the_sizes() -> None:
    s = board()
    s["inactive"] = [["cave", "gritty"], ["snappy", "cave"]]
    s["hands"] = [["zippy"], ["ballsy", "cave"]]
    s["stock"] = [["gutsy"] * 3, ["plucky"]]
    v = E.view(s, RED)
    assert v["inactive"] == ["cave", "gritty"] and v["inactive_tops"] == ["gritty", "cave"]
    assert v["inactive_sizes"] == [2, 2] and v["hand_sizes"] == [1, 2] and v["stock_sizes"] == [3, 1]
    assert v["hand"] == ["zippy"] and "snappy" not in str(v) and "ballsy" not in str(v) and "plucky" not in str(v)
    spectator = E.view(s, None)
    assert spectator["hand"] is None and spectator["inactive"] is None


# ---------------------------------------------------------------- CV-16 the open game


def test_cv16_a_sideways_move_flips_face_up_and_back_down() -> None:
    s = board(True)
    put(s, RED, "gritty", 0, 2)
    s, ev = do(s, "side P0 r2 right")
    assert at(s, 1, 2)["up"] is True and first(ev, "moved").data["card"] == "gritty"
    assert E.view(s, BLUE)["field"][index(1, 2)]["card"] == "gritty"
    s, ev = do(s, "side P1 r2 right")
    assert at(s, 2, 2)["up"] is False and "card" not in first(ev, "moved").data


def test_cv16_closed_game_sideways_moves_do_not_flip() -> None:
    s = board(False)
    put(s, RED, "gritty", 0, 2)
    s, ev = do(s, "side P0 r2 right")
    assert at(s, 1, 2)["up"] is False and "card" not in first(ev, "moved").data
    assert E.view(s, BLUE)["field"][index(1, 2)]["card"] is None


@pytest.mark.parametrize("attacker_wins", [True, False])
def test_cv16_the_survivor_of_an_attack_lies_face_up(attacker_wins: bool) -> None:
    s = board(True)
    put(s, RED, "snappy" if attacker_wins else "gutsy", 1, 3)
    put(s, BLUE, "gritty", 1, 4)
    s, _ = do(s, "attack P1 r4 from P1 r3")
    assert at(s, 1, 4)["up"] is True and at(s, 1, 4)["card"] == ("snappy" if attacker_wins else "gritty")


# ---------------------------------------------------------------- CV-17 end


def test_cv17_draw_after_the_round_limit() -> None:
    s, _ = E.setup(2, {"round_limit": 1}, Rng(b"limit"))
    s, _ = E.apply(s, RED, {"type": "end"}, Rng(b"1"))
    s, _ = E.apply(s, BLUE, {"type": "end"}, Rng(b"2"))
    s, _ = E.apply(s, RED, {"type": "end"}, Rng(b"3"))  # Red ends placing
    s, _ = E.apply(s, RED, {"type": "end"}, Rng(b"4"))  # and discarding
    assert s["turn"] == BLUE
    s, _ = E.apply(s, BLUE, {"type": "end"}, Rng(b"5"))
    s, ev = E.apply(s, BLUE, {"type": "end"}, Rng(b"6"))
    assert s["result"] == {"winner": None, "scores": None, "reason": "draw: 1 rounds played (CV-17)"}
    assert E.to_move(s) is None


def test_cv17_draw_when_neither_player_can_bring_a_caveman_into_play() -> None:
    s = board(phase="discard")
    s["hands"] = [["cave"], ["cave", "cave"]]
    s, ev = do(s, "end phase")
    assert s["result"]["winner"] is None and "neither player" in s["result"]["reason"]


def test_cv17_one_stuck_player_the_game_goes_on_and_his_turns_pass() -> None:
    s = board(phase="discard")
    s["hands"] = [["cave"], []]
    put(s, RED, "gritty", 1, 2)
    s, ev = do(s, "end phase")
    assert s["result"] is None
    assert s["turn"] == RED and s["pending"] == {"kind": "move", "seat": RED}, "Blue's empty turn passed by itself"
    assert [e.data["seat"] for e in ev if e.kind == "turn"] == [BLUE, RED]


def test_cv17_options_are_checked() -> None:
    assert E.check_options({}, 2) == {"open": False, "round_limit": 150}
    for bad in ({"open": "yes"}, {"round_limit": 0}, {"round_limit": True}, {"colour": 1}):
        with pytest.raises(BadOptions):
            E.check_options(bad, 2)
    with pytest.raises(BadOptions):
        E.check_options({}, 3)


# ---------------------------------------------------------------- CV-18 concealment


def test_cv18_a_placements_card_is_the_moves_secret_part() -> None:
    move = {"type": "place", "card": "ballsy", "path": 1, "row": 2}
    public, secret = E.split_move(move)
    assert public == {"type": "place", "path": 1, "row": 2} and secret == {"card": "ballsy"}
    assert E.merge_move(public, secret) == move
    assert E.split_move({"type": "end"}) == ({"type": "end"}, None)


def test_cv18_the_opponent_and_spectator_see_backs_the_owner_sees_names() -> None:
    s = board()
    put(s, BLUE, "ballsy", 2, 5)
    assert E.view(s, BLUE)["field"][index(2, 5)]["card"] == "ballsy"
    assert E.view(s, RED)["field"][index(2, 5)] == {"owner": BLUE, "card": None, "up": False, "known": 0, "id": 1}
    assert E.view(s, None)["field"][index(2, 5)]["card"] is None


# ---------------------------------------------------------------- refusals


def test_refusals_carry_a_message() -> None:
    s = board()
    put(s, RED, "gritty", 1, 2)
    cases = [
        (BLUE, {"type": "end"}, "not your decision"),
        (RED, {"type": "place", "card": "gritty", "path": 0, "row": 1}, "now you must"),
        (RED, {"type": "step", "path": 1, "row": 2, "dir": "up", "x": 1}, "unexpected"),
        (RED, {"type": "step", "path": True, "row": 2, "dir": "up"}, "whole number"),
        (RED, {"type": "step", "path": 1, "row": 9, "dir": "up"}, "no position"),
        (RED, {"type": "step", "path": 2, "row": 2, "dir": "up"}, "no caveman"),
        (RED, "end", "an object"),
        (7, {"type": "end"}, "no seat"),
    ]
    for seat, move, text in cases:
        with pytest.raises(IllegalMove, match=text):
            E.apply(s, seat, move, Rng(b"r"))
