"""The in-browser audit's code (server/web/static/pbem_crypto.js and pbem_audit.js) run as is in
Node's V8 with its WebCrypto (Ed25519, SHA-256, HMAC), where no Chromium is installed to run the
page itself (tests/web/test_browser_audit.py runs the same cases there): on exports with answers
given in advance it says what `pbem audit` says, at the same entry, in the same words, except
where only the rules replay can see the fault (then the page passes, and lists that check among
those it does not make). Skipped without Node 20 or later.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.web.standing_cases import RULES_ONLY, cases, run

STATIC = Path(__file__).resolve().parents[2] / "server" / "web" / "static"
# Loads the two scripts into one context (as the page's <script> tags do) and audits each file.
HARNESS = """
const fs = require("fs");
const vm = require("vm");
const [dir, ...files] = process.argv.slice(2);
const ctx = vm.createContext({ crypto: globalThis.crypto, TextEncoder, TextDecoder, performance, console });
for (const name of ["pbem_crypto.js", "pbem_audit.js"]) {
  vm.runInContext(fs.readFileSync(`${dir}/${name}`, "utf8"), ctx, { filename: name });
}
(async () => {
  const out = [];
  for (const file of files) {
    ctx.bytes = new Uint8Array(fs.readFileSync(file));
    const v = await vm.runInContext("PbemAudit.audit(bytes)", ctx);
    out.push({ ok: v.ok, complete: v.complete, entry: v.entry ?? null, reason: v.reason, counts: v.counts,
               checks: vm.runInContext("PbemAudit.CHECKS.concat(PbemAudit.NOT_CHECKED)", ctx) });
  }
  process.stdout.write(JSON.stringify(out));
})();
"""


# The known-answer vectors (vectors.json), run as audit_page.js runs them (its `run`, minus the
# page): the kinds that exercise what the audit uses.
VECTORS = """
const fs = require("fs");
const vm = require("vm");
const [dir] = process.argv.slice(2);
const ctx = vm.createContext({ crypto: globalThis.crypto, TextEncoder, TextDecoder, performance, console });
vm.runInContext(fs.readFileSync(`${dir}/pbem_crypto.js`, "utf8"), ctx, { filename: "pbem_crypto.js" });
const C = vm.runInContext("PbemCrypto", ctx);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
async function run(v) {
  switch (v.kind) {
    case "commit": return (await C.commit(C.TAG[v.tag], v.value, v.salt)) === v.want;
    case "seeded": {
      const seed = C.unhex(v.seed);
      const got = v.fn === "seed_commit" ? await C.seedCommit(seed) : await C.seeded[v.fn](seed, ...v.args);
      return (typeof got === "string" ? got : C.hex(got)) === v.want;
    }
    case "rng": {
      const rng = new C.Rng(C.unhex(v.key));
      const got = [];
      for (const [fn, arg] of v.calls) {
        if (fn === "randbytes") got.push(C.hex(await rng.randbytes(arg)));
        else if (fn === "shuffle") { const items = [...arg]; await rng.shuffle(items); got.push(items); }
        else got.push(await rng[fn](arg));
      }
      return same(got, v.want);
    }
    case "signature": return (await C.verify(v.key, v.tag ? C.TAG[v.tag] : "", C.unhex(v.message), v.sig)) === v.want;
    default: return null;
  }
}
(async () => {
  const data = JSON.parse(fs.readFileSync(`${dir}/vectors.json`, "utf8"));
  const out = {};
  for (const v of data.vectors) { let ok; try { ok = await run(v); } catch (e) { ok = false; } if (ok !== null) out[v.name] = ok; }
  process.stdout.write(JSON.stringify(out));
})();
"""


def _node() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node is not installed (the same cases run in Chromium in test_browser_audit.py)")
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout
    found = re.match(r"v(\d+)", version)
    if not found or int(found.group(1)) < 20:
        pytest.skip(f"Node {version.strip()} has no WebCrypto Ed25519 (20 or later needed)")
    return node


def audit_in_node(tmp_path: Path, exports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = _node()
    script = tmp_path / "harness.js"
    script.write_text(HARNESS, encoding="utf-8")
    paths = []
    for i, data in enumerate(exports):
        path = tmp_path / f"export-{i}.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        paths.append(str(path))
    done = subprocess.run([node, str(script), str(STATIC), *paths], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def _word(got: dict[str, Any]) -> str:
    """`pbem audit`'s word for the level the page reached (the page itself never says PASS or
    INCOMPLETE: tests/web/test_browser_audit.py checks its words)."""
    return "FAIL" if not got["ok"] else "PASS" if got["complete"] else "INCOMPLETE"


def test_the_page_audits_answers_and_standing_entries_as_pbem_audit_does(tmp_path: Path) -> None:
    """Statements signed by their seat's key for this game at their head, while the game runs;
    each standing entry naming the statement in force, its concealed part salted from the seed;
    each fault named at the entry `pbem audit` names, in its words."""
    named = cases()
    results = audit_in_node(tmp_path, [data for _, data in named])
    for (name, data), got in zip(named, results, strict=True):
        want = run(data)
        if name in RULES_ONLY:
            assert want.word == "FAIL" and _word(got) == "PASS", (name, got, want.to_json())
            continue
        assert _word(got) == want.word, (name, got, want.to_json())
        if want.word == "FAIL":
            assert (got["entry"], got["reason"]) == (want.entry, want.reason), name


def test_a_pass_counts_the_moves_played_by_standing_answers_as_server_attested(tmp_path: Path) -> None:
    name, honest = cases()[0]
    (got,) = audit_in_node(tmp_path, [honest])
    played = sum(1 for e in honest["entries"] if e["type"] == "standing")
    assert name == "answers honest" and played and got["counts"]["standing"] == played
    assert f"{played} move(s) were played by standing answers: server-attested" in got["reason"]
    assert any("server-attested" in c and "standing answer" in c for c in got["checks"])
    assert any("what its rule prescribes" in c for c in got["checks"])  # the replay's check, named


def test_the_vectors_of_answers_and_standing_pass_in_node(tmp_path: Path) -> None:
    """The statement of answers' signature (tag pbem/v1/answers), the standing step's RNG key and
    its draws, beside every other commitment, key, Rng and signature vector of vectors.json."""
    node = _node()
    script = tmp_path / "vectors.js"
    script.write_text(VECTORS, encoding="utf-8")
    done = subprocess.run([node, str(script), str(STATIC)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    results: dict[str, bool] = json.loads(done.stdout)
    assert not [name for name, ok in results.items() if not ok]
    for name in ("signature: statement of answers", "signature: statement of answers, a flipped byte",
                 "standingKey(4,)", "8 x randbelow(6) of the standing Rng"):
        assert results.get(name) is True, name
