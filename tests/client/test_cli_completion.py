"""Shell completion (issue 8): `pbem --install-completion` / `--show-completion`, and it completes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from client.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_help_offers_shell_completion() -> None:
    """issue 8: --install-completion and --show-completion are in `pbem --help`, and
    --show-completion prints a script for the shell named."""
    runner = CliRunner()
    helped = runner.invoke(app, ["--help"])
    assert helped.exit_code == 0
    assert "--install-completion" in helped.stdout and "--show-completion" in helped.stdout
    shown = runner.invoke(app, ["--show-completion", "bash"])
    assert shown.exit_code == 0 and "complete -o default -F _pbem_completion pbem" in shown.stdout


def test_completion_completes_commands_and_engines() -> None:
    """issue 8: what the installed script asks (bash's protocol) is answered: commands, engines."""
    env = {**os.environ, "_PBEM_COMPLETE": "complete_bash", "PBEM_HOME": "/nonexistent"}
    code = "import sys; sys.argv[0] = 'pbem'; from client.cli import main; main()"

    def complete(words: str, cword: int) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", code], env={**env, "COMP_WORDS": words, "COMP_CWORD": str(cword)},
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )
        return done.stdout.split()

    assert complete("pbem rep", 1) == ["replay"]
    assert "wait" in complete("pbem wa", 1)
    assert complete("pbem rules m", 2) == ["magier"]
