"""The README's Playing section shows real output of pbem games, show and log."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_playing_shows_real_output() -> None:
    """Captured from a real game: the piped `pbem games` line, the board and status line
    of `pbem show`, and `pbem log` in words, each in today's format."""
    text = README.read_text(encoding="utf-8")
    playing = text[text.index("## Playing") : text.index("## Deadlines")]
    games = re.search(r"\$ pbem games\n([0-9a-f]{16})  magier  running  ada \(red\), bo \(black\)  to move: YOU", playing)
    assert games is not None
    game = games.group(1)
    assert f"$ pbem show {game[:6]}\n" in playing
    assert f"Das magische Hexagon - game {game} | YOUR TURN | you: seat 0 red | head seq" in playing
    assert f"$ pbem log {game[:6]} --from" in playing
    assert re.search(r"  \d+  move     \S+Z  ada \(red\) moved place \w+ \(with a concealed part; yours: place \w+ -?\d\)", playing)
    assert "- black places a wisdom (face down) on" in playing
    hosting = text[text.index("## Hosting") : text.index("## Mail")]
    for needed in ("--host", "reverse_proxy", "ssl_certificate", "--control-socket", "gunicorn.ctl"):
        assert needed in hosting, needed
