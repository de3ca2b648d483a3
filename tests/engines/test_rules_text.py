"""The players' rules summaries: shipped as package data, every ruling cited, the house rule marked."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engines
from tests.protocol.toy import TOY

ROOT = Path(__file__).resolve().parents[2]
RULINGS = {"magier": ("MH", 15), "feuersalamander": ("FS", 25), "cavemen": ("CV", 18)}


@pytest.mark.parametrize("engine_id", sorted(RULINGS))
def test_every_ruling_is_in_the_summary_with_its_id(engine_id: str) -> None:
    text = engines.rules_text(engine_id)
    prefix, count = RULINGS[engine_id]
    cited = {int(n) for n in re.findall(rf"\b{prefix}-(\d+)\b", text)}
    assert cited == set(range(1, count + 1))
    assert engines.get(engine_id).title in text.splitlines()[0]
    assert "rulings are ours, not the publisher's" in " ".join(text.split())
    assert "../shared" not in text and "shared/" not in text, "a clone has no ../shared: point nowhere outside the package"


def test_the_house_rule_is_marked_as_one() -> None:
    text = " ".join(engines.rules_text("feuersalamander").split())
    assert "**House rule** (not in the rulebook)" in text
    assert "lack a wing, a row or a stone field" in text
    assert "house rule" not in engines.rules_text("magier").lower()


def test_unknown_engines_and_engines_without_a_summary() -> None:
    with pytest.raises(engines.UnknownEngine):
        engines.rules_text("chess")
    engines.register(TOY)
    with pytest.raises(LookupError, match="no rules summary"):
        engines.rules_text(TOY.id)


def test_the_summaries_are_package_data(tmp_path: Path) -> None:
    """setuptools copies RULES.md into the built package (as into a wheel), for every engine."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(ROOT / "engines", tmp_path / "engines", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "lib"
    subprocess.run(
        [sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py", "--build-lib", str(out)],
        cwd=tmp_path, check=True, capture_output=True,
    )
    for engine_id in RULINGS:
        built = out / "engines" / engine_id / "RULES.md"
        assert built.read_text(encoding="utf-8") == engines.rules_text(engine_id)
