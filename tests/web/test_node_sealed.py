"""The in-browser audit (server/web/static/pbem_audit.js, run as is in Node) on envelopes with a
ninth member, `sealed` (docs/PROTOCOL.md sections 7a and 11a): a finished blind magier 4 game
holds; a box on a step, in a magier 3 game, missing or malformed FAILs at the entry `pbem audit`
names, in the same words but for how a list of fields is written. Its copy of the versions that
seal and of a box's form is kept equal to protocol.sealing's and protocol.seat_secrets's here.
Skipped without Node 20 or later, as tests/web/test_node_audit.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from protocol.audit import audit
from protocol.sealing import SEALED_FROM
from protocol.seat_secrets import BOX_MOST
from tests.protocol.ledger import Ledger
from tests.protocol.test_sealing import V3, V4, a_box, first_step, greedy, placements, re_signed
from tests.web.test_node_audit import STATIC, audit_in_node


def _played(label: str, engine: Any) -> Ledger:
    return Ledger(label, engine=engine, game="g-sealed", options={"move_limit": 60}).play(greedy)


def cases() -> list[tuple[str, dict[str, Any]]]:
    four, three = _played("node-sealed-4", V4), _played("node-sealed-3", V3)
    step = first_step(four.entries)
    placed = placements(four.entries)[2]["seq"]
    placed3 = placements(three.entries)[0]
    seat3 = placed3["body"]["envelope"]["seat"]
    return [
        ("honest 4", four.export()),
        ("honest 3", three.export()),
        ("box on a step", re_signed(four, four.entries, step["seq"], lambda env: env.update(
            sealed=a_box(four, step["body"]["envelope"]["seat"], step["seq"])))),
        ("box missing", re_signed(four, four.entries, placed, lambda env: env.pop("sealed"))),
        ("box upper case", re_signed(four, four.entries, placed, lambda env: env.update(sealed=env["sealed"].upper()))),
        ("box too short", re_signed(four, four.entries, placed, lambda env: env.update(sealed="ab" * 20))),
        ("box too long", re_signed(four, four.entries, placed, lambda env: env.update(sealed="ab" * (40 + BOX_MOST)))),
        ("box not a string", re_signed(four, four.entries, placed, lambda env: env.update(sealed=7))),
        ("box in magier 3", re_signed(three, three.entries, placed3["seq"], lambda env: env.update(
            sealed=a_box(three, seat3, placed3["seq"])))),
    ]


def _plain(reason: str) -> str:
    """A reason with its list of fields left out (Python and JavaScript write a list otherwise)."""
    return re.sub(r"\[[^\]]*\]", "[...]", reason)


def test_the_page_checks_sealed_members_as_pbem_audit_does(tmp_path: Path) -> None:
    named = cases()
    results = audit_in_node(tmp_path, [data for _, data in named])
    for (name, data), got in zip(named, results, strict=True):
        want = audit(data)
        if name.startswith("honest"):
            assert want.word == "PASS" and got["ok"] and got["complete"], (name, got, want.to_json())
            continue
        assert want.word == "FAIL", (name, want.to_json())
        assert not got["ok"] and got["entry"] == want.entry, (name, got, want.to_json())
        assert _plain(got["reason"]) == _plain(want.reason), (name, got["reason"], want.reason)


def test_the_page_s_copy_of_the_sealing_rule_is_protocol_s() -> None:
    script = (STATIC / "pbem_audit.js").read_text(encoding="utf-8")
    wanted = ", ".join(f"{engine}: {first}" for engine, first in sorted(SEALED_FROM.items()))
    assert f"const SEALED_FROM = {{ {wanted} }};" in script
    assert f"const BOX_MOST = {BOX_MOST};" in script
