"""The issue's four figures against their goals, one line per figure and engine/mode.

Built from `make bench`'s JSON document (pure: the same lines go into the document and onto
the screen), so the table and the document can never disagree. A figure whose measurement
failed is listed with the failure, as not met.
"""

from __future__ import annotations

from typing import Any

AUDIT_GOAL = 0.7
LEGAL_GOAL = 20_000


def _line(figure: str, who: str, goal: str, measured: str, met: bool) -> dict[str, Any]:
    return {"figure": figure, "who": who, "goal": goal, "measured": measured, "met": met}


def _flatness(doc: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for f in doc.get("flatness", []):
        who = f.get("label", f["engine"])
        if "error" in f:
            out.append(_line("append at move N / at move 10", who, "<= 1.1", f"failed: {f['error']}", False))
            continue
        out.append(_line("append at move N / at move 10", who, f"<= {f['goal']}",
                         f"{f['late_over_early']:.2f} (N = {f['n']})", bool(f["met"])))
    return out


def _audits(doc: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for a in doc.get("audits", []):
        ratio = a["audit_rate_vs_ed25519"]
        out.append(_line("audit rate / Ed25519 rate", a.get("label", a["engine"]), f">= {AUDIT_GOAL}",
                         f"{ratio:.2f} ({a['entries']} entries, {a['verdict']})",
                         ratio >= AUDIT_GOAL and a["verdict"] == "PASS"))
    return out


def _http(doc: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    h = doc.get("http", {})
    for r in h.get("results", []):
        who = f"{r.get('label', r.get('engine', '?'))}, {r['database']}"
        errors = " (errors)" if "errors" in r["moves"] else ""
        out.append(_line(f"HTTP appends / ceiling, {h.get('players', '?')} players", who, f">= {r['goal']}",
                         f"{r['moves_over_ceiling']:.2f}{errors}", bool(r["met"])))
        if "p99_goal_ms" in r:
            out.append(_line("HTTP append p99", who, f"< {r['p99_goal_ms']:.0f} ms",
                             f"{r['moves']['p99_ms']:.1f} ms{errors}", bool(r["p99_met"])))
    return out


def _legal(doc: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for p in doc.get("playouts", []):
        if p["engine"] != "magier" or p.get("label") != "now":
            continue
        who = "magier " + ",".join(f"{k}={v}" for k, v in p["options"].items() if k == "wrap")
        if "error" in p:
            out.append(_line("legal_moves() a second", who, f">= {LEGAL_GOAL:,}", f"failed: {p['error']}", False))
            continue
        rate = p["legal_moves_per_s"]
        out.append(_line("legal_moves() a second", who, f">= {LEGAL_GOAL:,}", f"{rate:,}", rate >= LEGAL_GOAL))
    return out


def goals(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every goal line the document's figures give: flatness, audits, HTTP, magier's legal_moves."""
    return _flatness(doc) + _audits(doc) + _http(doc) + _legal(doc)


def table(lines: list[dict[str, Any]], quick: bool = False) -> None:
    print("goals: figure, engine/mode, goal, measured, met" + (" (--quick: smaller sizes)" if quick else ""))
    for g in lines:
        print(f"  {g['figure']:<35} {g['who']:<28} {g['goal']:<9} {g['measured']:<28}"
              f" {'met' if g['met'] else 'NOT met'}")
