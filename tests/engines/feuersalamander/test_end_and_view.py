"""Scenario tests of the end of the game (FS-24) and of what a seat may see (FS-25): the
scripted chance and rigged states are test_rules's."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import IllegalMove, Rng
from tests.engines.feuersalamander.test_rules import E, kinds, play, rig

# ---------------------------------------------------------------- FS-24: the end


def test_fs24_game_ends_at_the_target_with_shared_ranks() -> None:
    st = rig(4, hands=[["fire", "row7"], ["three-stone"], [], []], scores=[0, 10, 10, 0])
    st, ev = play(st, 0, "claim own:fire own:row7 queen:three-stone")
    result = E.result(st)
    assert result is not None
    assert result["winner"] == 0 and result["scores"] == [84, 10, 10, 0] and result["ranks"] == [1, 2, 2, 4]
    assert "reached" in result["reason"]
    assert E.to_move(st) is None and E.legal_moves(st, 1) == []
    assert "game_over" in kinds(ev)
    with pytest.raises(IllegalMove, match="over"):
        E.apply(st, 1, {"type": "throw"}, Rng(b"x"))


def test_fs24_target_option_and_below_target_play_goes_on() -> None:
    st = rig(2, hands=[["fire", "row7"], ["three-stone"]], target=85)
    st, _ = play(st, 0, "claim own:fire own:row7 queen:three-stone")
    assert E.result(st) is None and st["scores"][0] == 84
    st = rig(2, hands=[["air", "row1"], ["one-stone"]], target=1)
    st, _ = play(st, 0, "claim own:air own:row1 queen:one-stone")
    assert E.result(st)["winner"] == 0


def test_fs24_options() -> None:
    from engines.core import BadOptions

    assert E.options() == {"target": 84}
    assert E.check_options({}, 3) == {"target": 84}
    assert E.check_options({"target": 49}, 2) == {"target": 49}
    for bad in ({"target": 0}, {"target": -5}, {"target": "84"}, {"target": 8.5}, {"target": True}, {"colour": 1}):
        with pytest.raises(BadOptions):
            E.check_options(bad, 2)
    for seats in (1, 5, 0):
        with pytest.raises(BadOptions):
            E.check_options({}, seats)
    assert (E.id, E.version, E.title, E.min_seats, E.max_seats) == ("feuersalamander", "5", "Der Feuersalamander", 2, 4)


def test_fs24_game_ends_when_no_combination_can_be_formed_any_more() -> None:
    """Reading of FS-24: cards leave play only in combinations; with a kind gone the game cannot end otherwise."""
    st = rig(2, hands=[["air", "row1"], ["one-stone"]], deck=["row1", "air", "two-stone"], scores=[0, 1])
    st, _ = play(st, 0, "claim own:air own:row1 queen:one-stone")
    assert E.result(st) is None, "a wing, a row and a stone field are still in play"
    st = rig(2, hands=[["air", "row1"], ["one-stone"]], deck=["row1", "air"], scores=[0, 1])
    st, _ = play(st, 0, "claim own:air own:row1 queen:one-stone")
    assert E.result(st) == {
        "winner": None,
        "scores": [1, 1],
        "ranks": [1, 1],
        "reason": "no complete combination can be formed from the cards left in play",
    }


# ---------------------------------------------------------------- FS-25: what a seat may see


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def test_fs25_view_shows_own_hand_public_facts_and_nothing_concealed() -> None:
    st = rig(3, hands=[["fire", "row5"], ["air"], ["two-stone"]], deck=["row1", "row2", "row3"])
    view = E.view(st, 0)
    assert view["seat"] == 0 and view["hand"] == ["fire", "row5"]
    assert view["hand_sizes"] == [2, 1, 1] and view["deck_size"] == 3
    shown = set(_strings(view))
    assert not shown & {"air", "two-stone", "row1", "row2", "row3"}
    spectator = E.view(st, None)
    assert spectator["hand"] is None and spectator["seat"] is None
    for key in ("figures", "stones", "dungeon", "discard", "laid", "scores", "last_throw", "turn", "pending", "revealed"):
        assert key in view
    for key in ("questions", "claims"):  # version 4: the past is the log's (recall), not the view's
        assert key not in view and key not in spectator and key not in st


def test_fs25_wrong_seat_and_malformed_moves_are_refused_with_messages() -> None:
    st = rig(2, hands=[[], []])
    for seat, move in [
        (1, {"type": "throw"}),
        (0, {"type": "fly"}),
        (0, {"kind": "throw"}),
        (0, "throw"),
        (0, {"type": "throw", "extra": 1}),
        (7, {"type": "throw"}),
        (None, {"type": "throw"}),
    ]:
        with pytest.raises(IllegalMove) as err:
            E.apply(st, seat, move, Rng(b"x"))  # type: ignore[arg-type]
        assert err.value.message
