"""The Markdown that ships renders as written: every code fence closes, and every heading a
reader scrolls to is a heading (a stray fence once turned half the README into one code block).

Parsed with markdown-it-py (CommonMark, the parser rich itself uses), so what is checked is
what a Markdown preview shows, not a count of backticks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted(
    [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "engines").glob("*/RULES.md")]
)
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def _tokens(path: Path) -> tuple[list[str], list]:
    text = path.read_text(encoding="utf-8")
    return text.splitlines(), MarkdownIt("commonmark").parse(text)


@pytest.mark.parametrize("path", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_every_code_fence_closes(path: Path) -> None:
    """A fence left open runs to the end of the file: its last line must be a closing fence."""
    lines, tokens = _tokens(path)
    for token in tokens:
        if token.type == "fence":
            first, end = token.map
            closing = lines[end - 1] if end - 1 > first else ""
            assert FENCE.match(closing), f"{path.name}: the fence opened at line {first + 1} never closes"


@pytest.mark.parametrize("path", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_no_section_heading_is_swallowed_by_a_code_block(path: Path) -> None:
    """A `##` (to `######`) line is a section heading, never code: one inside a code block means
    a stray fence paired the wrong fences (a shell comment's single `#` is code, as it should be)."""
    lines, tokens = _tokens(path)
    code = set()
    for token in tokens:
        if token.type in ("fence", "code_block"):
            code.update(range(*token.map))
    headings = {token.map[0] for token in tokens if token.type == "heading_open"}
    written = {i for i, line in enumerate(lines) if re.match(r"^#{2,6} \S", line)}
    swallowed = [lines[i] for i in sorted(written - headings) if i in code]
    assert not swallowed, f"{path.name}: section headings inside a code block: {swallowed[:5]}"


def test_the_readme_s_sections_are_headings() -> None:
    """The sections a newcomer looks for render as second-level headings, in order."""
    _, tokens = _tokens(ROOT / "README.md")
    titles = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"]
    wanted = ["Layout", "Rules", "Playing", "Hosting", "Mail", "What the audit proves, and what it does not"]
    assert [t for t in titles if t in wanted] == wanted, titles
