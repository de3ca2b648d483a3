"""`pbem-server outbox | head`: the operator reads the first lines and sees no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_outbox_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_SMTP_", "DATABASE_URL"))}
    env["PBEM_DATA_DIR"] = str(tmp_path)
    script = (
        "import sys; from server.cli import main; "
        f"sys.exit(main(['outbox', '--data-dir', {str(tmp_path)!r}]))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the listing's first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err, err
