"""Scenario tests of laying down (FS-18..FS-22) and of the dungeon a failed claim leads to
(FS-23): the scripted chance and rigged states are test_rules's."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, Rng
from tests.engines.feuersalamander.test_rules import E, T, kinds, pending, play, rig

# ---------------------------------------------------------------- FS-18 .. FS-22: laying down


def test_fs18_claim_at_the_start_of_the_turn_ends_the_turn() -> None:
    st = rig(hands=[["fire", "row5"], ["three-stone"]])
    assert {"type": "claim", "own": ["fire", "row5"], "named": [{"seat": 1, "card": "three-stone"}]} in E.legal_moves(st, 0)
    st, ev = play(st, 0, "claim own:fire own:row5 queen:three-stone")
    assert st["scores"][0] == 60
    assert pending(st) == (1, "throw")
    assert "threw" not in kinds(ev)


def test_fs18_no_claim_away_from_home() -> None:
    st = rig(hands=[["fire", "row5"], ["three-stone"]], figures=[4, "home"])
    assert E.legal_moves(st, 0) == [{"type": "throw"}]
    with pytest.raises(IllegalMove, match="throw"):
        play(st, 0, "claim own:fire own:row5 queen:three-stone")


def test_fs18_claim_right_after_turning_home_then_the_pair_throw() -> None:
    st = rig(hands=[["fire", "row5"], ["three-stone"]], figures=[0, "home"])
    st, _ = play(st, 0, "throw", *T(2, 2, "stone"))
    st, _ = play(st, 0, "stone fire 5 one")
    st, _ = play(st, 0, "move sum")
    st, _ = play(st, 0, "home")
    assert pending(st) == (0, "claim")
    assert E.legal_moves(st, 0)[0] == {"type": "noclaim"}
    st, _ = play(st, 0, "claim king:fire own:row5 queen:three-stone")
    assert st["scores"][0] == 60 and st["stones"][0] is None
    assert pending(st) == (0, "throw") and st["pending"]["again"] is True
    assert E.legal_moves(st, 0) == [{"type": "throw"}], "a pair re-throw is not the start of a turn"


def test_fs18_no_claim_after_turning_home_ends_the_turn_without_pair() -> None:
    st = rig(hands=[[], []], figures=[1, "home"])
    st, _ = play(st, 0, "throw", *T(3, 1, "stone"))
    st, _ = play(st, 0, "move sum")
    st, _ = play(st, 0, "home")
    st, ev = play(st, 0, "no claim")
    assert pending(st) == (1, "throw")


def test_fs19_claim_form_one_of_each_kind_own_cards_held_others_named() -> None:
    st = rig(3, hands=[["fire", "row5"], ["three-stone"], []])
    bad = [
        ({"type": "claim", "own": ["fire"], "named": [{"seat": 1, "card": "water"}, {"seat": 1, "card": "row5"}]}, "one wing"),
        ({"type": "claim", "own": ["earth"], "named": [{"seat": 1, "card": "row5"}, {"seat": 1, "card": "one-stone"}]}, "no earth"),
        ({"type": "claim", "own": ["fire", "row5"], "named": [{"seat": 0, "card": "one-stone"}]}, "own"),
        ({"type": "claim", "own": ["fire", "row5"], "named": [{"seat": 5, "card": "one-stone"}]}, "no seat"),
        ({"type": "claim", "own": ["fire", "row5"], "named": [{"seat": 1}]}, "seat, card"),
        ({"type": "claim", "own": "fire", "named": []}, "list"),
        ({"type": "claim", "own": ["fire", "row5"]}, "named"),
        ({"type": "claim", "own": ["fire", "row5"], "named": [{"seat": True, "card": "one-stone"}]}, "no seat"),
    ]
    for move, why in bad:
        with pytest.raises(IllegalMove, match=why):
            E.apply(st, 0, move, Rng(b"x"))


def test_fs19_listed_claims_cover_every_player_and_card() -> None:
    st = rig(4, hands=[["fire", "row5"], [], [], []])
    claims = [m for m in E.legal_moves(st, 0) if m["type"] == "claim"]
    assert len(claims) == 9 + 7 * 3 * 9 + 4 * 3 * 9 + 4 * 7 * 3 * 27
    st = rig(2, hands=[[], []])
    assert len([m for m in E.legal_moves(st, 0) if m["type"] == "claim"]) == 84


def test_fs19_claim_out_of_card_order_is_refused_not_normalised() -> None:
    """apply accepts exactly the listed moves (DESIGN: legal moves are a function of what the seat
    knows): a claim's cards are written in card order, and another order is refused, not reordered."""
    st = rig(hands=[["fire"], ["three-stone", "row5"]])
    move = {"type": "claim", "own": ["fire"], "named": [{"seat": 1, "card": "three-stone"}, {"seat": 1, "card": "row5"}]}
    with pytest.raises(IllegalMove, match="card order"):
        play(st, 0, move)
    move["named"].reverse()
    st, ev = play(st, 0, move)
    claim = [e for e in ev if e.kind == "claim"][0]
    assert claim.data["named"] == [{"seat": 1, "card": "row5"}, {"seat": 1, "card": "three-stone"}]


def test_fs20_success_hands_cards_over_without_replacement_and_scores() -> None:
    st = rig(3, hands=[["earth"], ["row2", "fire"], ["three-stone"]], deck=["row1"])
    st, ev = play(st, 0, "claim own:earth queen:row2 monk:three-stone")
    assert st["hands"] == [[], ["fire"], []]
    assert st["laid"][0] == [{"cards": ["earth", "row2", "three-stone"], "value": 18}]
    assert st["scores"][0] == 18 and st["deck"] == ["row1"]
    laid = [e for e in ev if e.kind == "laid"][0]
    assert laid.public and laid.data["value"] == 18
    assert E.view(st, 2)["laid"][0][0]["cards"] == ["earth", "row2", "three-stone"]


def test_fs21_failed_claim_dungeon_revealed_cards_and_holders_exchange() -> None:
    st = rig(4, hands=[["fire", "row5"], [], ["one-stone"], []], deck=["air", "row6"])
    st, ev = play(st, 0, "claim own:fire own:row5 queen:three-stone")
    assert st["figures"][0] == "dungeon"
    assert st["hands"][0] == ["fire", "row5"], "the claimant takes his cards back"
    for viewer in (None, 1, 2, 3):
        assert E.view(st, viewer)["revealed"][0] == ["fire", "row5"]
    assert pending(st) == (1, "throw"), "the Queen held nothing: no exchange, next turn"
    failed = [e for e in ev if e.kind == "claim_failed"][0]
    assert failed.public and failed.data["held"] == [{"seat": 1, "card": "three-stone", "held": False}]

    # a holder who did hold his named card may exchange it; the claimant may not
    st = rig(4, hands=[["fire"], ["row5"], ["one-stone"], ["air"]], deck=["row6", "water"], turn=3, figures=["home", 4, 9, "home"])
    st, ev = play(st, 3, "claim king:fire queen:row5 monk:two-stone")
    assert [e.data for e in ev if e.kind == "claim_failed"][0]["held"] == [
        {"seat": 0, "card": "fire", "held": True},
        {"seat": 1, "card": "row5", "held": True},
        {"seat": 2, "card": "two-stone", "held": False},
    ]
    assert E.view(st, 2)["revealed"] == [["fire"], ["row5"], [], []]
    # clockwise from the claimant (the Robber): the King first, then the Queen
    assert st["pending"] == {"kind": "exchange", "seat": 0, "card": "fire"}
    assert E.legal_moves(st, 0) == [{"type": "exchange"}, {"type": "keep"}]
    assert E.legal_moves(st, 3) == []
    st, ev = play(st, 0, "exchange")
    assert st["hands"][0] == ["row6"] and st["discard"] == ["fire"]
    assert st["revealed"][0] == [], "the revealed card left the hand"
    assert pending(st) == (1, "exchange")
    st, ev = play(st, 1, "keep")
    assert st["revealed"][1] == ["row5"], "kept: still public knowledge"
    assert pending(st) == (0, "throw"), "after the exchanges the next seat after the claimant plays"


def test_fs21_exchange_draw_obeys_the_double_rule() -> None:
    st = rig(2, hands=[["fire", "row2"], ["row5", "air"]], deck=["water"], turn=0)
    st, _ = play(st, 0, "claim own:fire queen:row5 queen:one-stone")
    assert st["pending"] == {"kind": "exchange", "seat": 1, "card": "row5"}
    st, _ = play(st, 1, "exchange")
    assert pending(st) == (1, "discard")
    assert [m["card"] for m in E.legal_moves(st, 1)] == ["air", "water"]
    st, _ = play(st, 1, "discard air")
    assert st["hands"][1] == ["water"] and pending(st) == (1, "throw")


def test_fs21_revealed_cards_stay_public_until_they_leave_the_hand() -> None:
    st = rig(2, hands=[["fire", "row2"], []], deck=["earth"], figures=["home", 6], turn=0)
    st, _ = play(st, 0, "claim own:fire own:row2 queen:one-stone")
    assert st["revealed"][0] == ["fire", "row2"]
    st, _ = play(st, 1, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 1, "move diff")
    st, _ = play(st, 0, "keys", 1, 1, 1)  # no key this time
    for _ in range(4):
        st, _ = play(st, 0, "keys", 1, 1, 1)
    assert pending(st) == (1, "throw")
    st["figures"][0] = "home"  # freed meanwhile, say by a question
    st["pending"] = {"kind": "throw", "seat": 0, "may_claim": True, "again": False, "freed": False}
    st["turn"] = 0
    st, _ = play(st, 0, "throw", *T(2, 1, "salamander"))
    st, _ = play(st, 0, "discard fire")
    assert st["hands"][0] == ["earth", "row2"]
    assert E.view(st, 1)["revealed"][0] == ["row2"]


def test_fs21_identical_card_drawn_later_is_not_revealed() -> None:
    st = rig(2, hands=[["fire"], []], deck=["fire"], figures=["dungeon", 3], turn=0)
    st["revealed"][0] = ["fire"]
    st["pending"] = {"kind": "throw", "seat": 0, "may_claim": False, "again": False, "freed": False}
    st["figures"][0] = 4
    st, _ = play(st, 0, "throw", *T(2, 1, "salamander"))
    st, _ = play(st, 0, "discard fire")
    assert st["hands"][0] == ["fire"] and st["revealed"][0] == []


def test_fs22_cards_from_others_may_be_two_or_all_three() -> None:
    st = rig(3, hands=[["row1"], ["fire", "row7"], ["three-stone"]])
    st, _ = play(st, 0, "claim queen:fire queen:row7 monk:three-stone")
    assert st["scores"][0] == 84 and st["hands"][0] == ["row1"]
    st = rig(3, hands=[["row1", "air"], ["fire"], ["three-stone"]])
    st, _ = play(st, 0, "claim queen:fire own:row1 monk:three-stone")
    assert st["scores"][0] == 12 and st["hands"][0] == ["air"]


# ---------------------------------------------------------------- FS-23: the dungeon


def test_fs23_key_throw_sets_keys_aside_and_frees_with_claim_then_normal_throw() -> None:
    st = rig(2, hands=[["fire", "row5"], ["three-stone"]], figures=["dungeon", 3])
    st["pending"] = {"kind": "keys", "seat": 0, "aside": [False] * 3, "throws": 0}
    assert E.legal_moves(st, 0) == [{"type": "keys"}]
    st, ev = play(st, 0, "keys", 0, 1, 0)  # A shows its key (the 1), B a 2, symbol a salamander
    assert st["pending"]["aside"] == [True, False, False] and st["pending"]["throws"] == 1
    st, ev = play(st, 0, "keys", 1, 2)  # only B and the symbol are thrown: B a 2, symbol plain stone
    assert st["pending"]["aside"] == [True, False, False]
    st, ev = play(st, 0, "keys", 0, 3)  # B key, symbol key: free
    assert st["figures"][0] == "home"
    assert [e.data for e in ev if e.kind == "freed"] == [{"seat": 0, "by": "keys"}]
    assert pending(st) == (0, "throw") and st["pending"]["freed"]
    st, _ = play(st, 0, "claim own:fire own:row5 queen:three-stone")
    assert st["scores"][0] == 60
    assert pending(st) == (0, "throw") and not st["pending"]["may_claim"], "then one full normal throw"
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 0, "move diff")
    assert pending(st) == (1, "throw")


def test_fs23_freed_player_may_throw_without_claiming() -> None:
    st = rig(2, hands=[[], []], figures=["dungeon", 3])
    st["pending"] = {"kind": "keys", "seat": 0, "aside": [True, True, False], "throws": 4}
    st, _ = play(st, 0, "keys", 3)
    st, _ = play(st, 0, "throw", *T(2, 1, "stone"))
    assert pending(st) == (0, "move")


def test_fs23_not_free_after_five_throws_the_turn_ends() -> None:
    st = rig(2, hands=[[], []], figures=["dungeon", 6])
    st["pending"] = {"kind": "keys", "seat": 0, "aside": [False] * 3, "throws": 0}
    for _ in range(5):
        assert pending(st) == (0, "keys")
        st, ev = play(st, 0, "keys", 1, 1, 2)
    assert "still_prisoner" in kinds(ev)
    assert st["figures"][0] == "dungeon" and pending(st) == (1, "throw")
    # his next turn starts a fresh key throw with all three sticks
    st, _ = play(st, 1, "throw", *T(2, 1, "stone"))
    st, _ = play(st, 1, "move diff")
    assert st["pending"] == {"kind": "keys", "seat": 0, "aside": [False] * 3, "throws": 0}


def test_fs23_failed_claim_after_freedom_ends_the_turn() -> None:
    st = rig(2, hands=[["fire"], []], figures=["dungeon", 3])
    st["pending"] = {"kind": "throw", "seat": 0, "may_claim": True, "again": False, "freed": True}
    st["figures"][0] = "home"
    st, _ = play(st, 0, "claim own:fire queen:row1 queen:one-stone")
    assert st["figures"][0] == "dungeon" and pending(st) == (1, "throw")


