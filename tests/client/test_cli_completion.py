"""Shell completion: `pbem --install-completion` / `--show-completion`, and it completes."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_help_offers_shell_completion() -> None:
    """--install-completion and --show-completion are in `pbem --help`, and
    --show-completion prints a script for the shell named."""
    runner = CliRunner()
    helped = runner.invoke(app, ["--help"])
    assert helped.exit_code == 0
    assert "--install-completion" in helped.stdout and "--show-completion" in helped.stdout
    shown = runner.invoke(app, ["--show-completion", "bash"])
    assert shown.exit_code == 0 and "complete -o default -F _pbem_completion pbem" in shown.stdout


def test_completion_completes_commands_and_engines() -> None:
    """What the installed script asks (bash's protocol) is answered: commands, engines."""
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


@pytest.mark.parametrize("parent", ["sh", "bash"])
@pytest.mark.parametrize("login_shell", [None, "/bin/zsh"])
def test_the_shell_named_wins_over_the_parent_shell(parent: str, login_shell: str | None) -> None:
    """`pbem --show-completion bash` prints bash's script whatever shell started pbem (sh,
    bash) and whatever $SHELL says: typer alone asks the parent process, and from sh said
    "Shell sh not supported."."""
    shell = shutil.which(parent)
    if shell is None:
        pytest.skip(f"no {parent} on this machine")
    env = {k: v for k, v in os.environ.items() if k != "SHELL"}
    if login_shell is not None:
        env["SHELL"] = login_shell
    code = "import sys; sys.argv[0] = 'pbem'; from client.cli import main; main()"
    line = f"{shlex.quote(sys.executable)} -c {shlex.quote(code)} --show-completion bash"
    done = subprocess.run([shell, "-c", line], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "complete -o default -F _pbem_completion pbem" in done.stdout
    zsh = subprocess.run([shell, "-c", line.replace(" bash", " zsh")], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert zsh.returncode == 0 and zsh.stdout.startswith("#compdef pbem"), zsh.stderr
