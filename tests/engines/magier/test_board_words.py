"""What a listed move would do, and the final board with what the game revealed.

- MH-8 (a step pushes the line in front) and MH-10 (a wisdom pushed onto a flame burns): the
  preview beside a listed step says what it pushes and burns, and names a value only where the
  seat's view shows it.
- MH-9 (jumps): a jump's preview says what it passes over, and that it pushes nothing.
- MH-15 (what each side sees) and the blind game (RULES.md): the revealed view of a finished
  game opens every value of a game the server held; a blind game's unburnt wisdoms are never
  revealed, so the revealed view invents none and says so. Its board says "Game over", never
  "You are watching".
"""

from __future__ import annotations

import copy

import engines
from engines.magier.diagram import position

E = engines.get("magier")


def _listed(state: dict, seat: int = 0) -> dict[str, str | None]:
    view = E.view(state, seat)
    return {E.format(m): E.describe_move(view, m) for m in E.moves_from_view(view)}


def test_mh10_a_step_that_burns_says_whose_wisdom_and_what_it_scores() -> None:
    # e3 is a flame: R e1 pushes black's 2 from e2 onto it.
    state = position({"e1": "R", "e2": "b2", "a5": "B"}, options={"open_placement": True})
    listed = _listed(state)
    assert listed["e1-e2"] == "burns black's wisdom on e3: +2 points for red"
    # With concealed placements red's view does not show black's value, nor does the preview.
    hidden = position({"e1": "R", "e2": "b2", "a5": "B"}, options={"blind": False, "open_placement": False})
    view = E.view(hidden, 0)
    assert view["board"]["e2"]["value"] is None
    assert E.describe_move(view, {"type": "step", "from": "e1", "to": "e2"}) == (
        "burns black's wisdom on e3 (its value scores for you)"
    )


def test_mh10_the_last_line_says_what_the_last_step_burnt() -> None:
    state = position({"e1": "R", "e2": "b2", "a5": "B", "i9": "B"}, options={"open_placement": True})
    after, _ = E.apply(state, 0, {"type": "step", "from": "e1", "to": "e2"})
    assert "Last: red e1-e2: burnt black's wisdom of value 2 on e3" in E.render(E.view(after, 1))
    later, _ = E.apply(after, 1, E.legal_moves(after, 1)[0])
    assert "burnt black's wisdom" not in next(x for x in E.render(E.view(later, 0)).splitlines() if x.startswith("Last:"))


def test_mh8_a_push_names_each_piece_moved_and_where_to() -> None:
    state = position({"a1": "R", "a2": "r1", "a3": "b2", "i9": "B"}, options={"blind": False})
    listed = _listed(state)
    assert listed["a1-a2"] == "pushes r1 from a2 to a3, b? from a3 to a4"
    assert listed["a1-b1"] == "pushes nothing"


def test_mh9_a_jump_chain_says_what_it_passes_over_and_that_it_pushes_nothing() -> None:
    state = position({"a1": "R", "a2": "b1", "a4": "b2", "i9": "B"}, options={"blind": False})
    listed = _listed(state)
    assert listed["a1xa3xa5"] == "jumps over a2 and a4; pushes and burns nothing"
    assert listed["a1xa3"] == "jumps over a2; pushes and burns nothing"
    assert E.describe_move(E.view(state, 0), {"type": "pass"}) is None
    assert E.describe_move(E.view(state, None), {"type": "jump", "path": ["a1", "a3"]}) is None


def test_mh15_the_revealed_view_of_an_open_values_game_shows_every_value() -> None:
    state = position({"a1": "R", "a2": "b1", "c4": "r2", "i9": "B"}, options={"blind": False}, hands=((1,), (-1, 2)))
    kept = copy.deepcopy(state)
    views = [E.view(state, s) for s in (0, 1, None)]
    revealed = E.revealed_view(state)
    assert state == kept and [E.view(state, s) for s in (0, 1, None)] == views, "pure, views unchanged"
    assert revealed["board"]["a2"]["value"] == 1 and revealed["board"]["c4"]["value"] == 2
    text = E.render(revealed)
    assert " b1 " in text and "r2" in text and "b?" not in text.split("Seen from")[0]
    assert "To place:" not in text  # a finished game places nothing more
    assert "Every wisdom's value is revealed" in text
    assert "Game over" in text and "You are" not in text and "to move" not in text


def test_blind_the_revealed_view_invents_no_unburnt_value() -> None:
    state = position({"a1": "R", "a2": "b1", "i9": "B"}, commit=lambda cell, value: f"c-{cell}")
    revealed = E.revealed_view(state)
    assert revealed["board"]["a2"]["value"] is None and "everything_revealed" not in revealed
    text = E.render(revealed)
    assert "b?" in text and "wisdoms that never burnt, which a blind game never reveals" in text
    assert "Game over: a resignation, a forfeit or an abort ended the game" in text
    over = dict(state, phase="over", turn=None, result={"winner": 0, "scores": [5, 0], "reason": "red burned 5 points"})
    final = E.render(E.view(over, None))
    assert "Game over: red wins (red burned 5 points)" in final and "You are watching" not in final
