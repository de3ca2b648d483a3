"""The vectors the in-browser audit runs are the Python reference's values (docs/PROTOCOL.md
section 18 and more): the shipped file must be what tests/web/make_vectors.py computes now."""

from __future__ import annotations

from tests.web.make_vectors import FILE, text


def test_the_shipped_vectors_are_the_references() -> None:
    assert FILE.read_text(encoding="ascii") == text(), "run: .venv/bin/python -m tests.web.make_vectors"
