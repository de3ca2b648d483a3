"""The house rules of the code, read from the source tree: import circles, module sizes, and
references to an issue tracker a reader of the code does not have.

Run it as `python -m tests.house [folder ...]` to see what breaks them; `tests/test_house.py`
fails while anything does. Imports are read with `ast`, not run, so an import deferred into a
function, or kept under `if TYPE_CHECKING:`, counts as much as one at the top: two modules that
each need the other are one module in two files, whenever the need bites.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The packages the project ships or runs (the test tree is held to the issue-number rule only).
PACKAGES = ("engines", "protocol", "client", "server", "bench")

LIMIT = 500

# module path -> why it may be longer than LIMIT lines.
LONG_MODULES: dict[str, str] = {}

# "issue 9", "issues 7 and 8", "(issue #12)", a test file named after one.
ISSUE_NUMBER = re.compile(r"\bissues?\s*#?\d+|\bissue_?\d+", re.IGNORECASE)


def python_files(folders: Iterable[str]) -> Iterator[Path]:
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST, package: str) -> Iterator[tuple[str, list[str]]]:
    """(module, names imported from it) for every import statement, wherever it stands."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base, [alias.name for alias in node.names]
        stack.extend(ast.iter_child_nodes(node))


def import_graph(folders: Iterable[str] = PACKAGES) -> dict[str, set[str]]:
    """module -> the project modules it imports (`from a import b` counts a.b if b is a module)."""
    paths = {module_name(p): p for p in python_files(folders)}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for module, names in _imports(ast.parse(path.read_text(), str(path)), package):
            subs = [f"{module}.{n}" for n in names if f"{module}.{n}" in paths]
            if subs:
                edges.update(subs)
                if len(subs) < len(names) and module in paths:
                    edges.add(module)
            elif module in paths:
                edges.add(module)
        edges.discard(name)
        graph[name] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def long_modules(folders: Iterable[str] = PACKAGES) -> list[tuple[str, int]]:
    """(path, lines) of every module over LIMIT lines that LONG_MODULES does not excuse."""
    out = []
    for path in python_files(folders):
        rel = str(path.relative_to(ROOT))
        lines = len(path.read_text().splitlines())
        if lines > LIMIT and rel not in LONG_MODULES:
            out.append((rel, lines))
    return out


def issue_numbers(folders: Iterable[str] = (*PACKAGES, "tests")) -> list[str]:
    """`path:line: text` of every line (or file name) that cites an issue by its number."""
    out = []
    for path in python_files(folders):
        rel = str(path.relative_to(ROOT))
        if path == Path(__file__).resolve():
            continue
        if ISSUE_NUMBER.search(path.name):
            out.append(f"{rel}: the file's name")
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if ISSUE_NUMBER.search(line):
                out.append(f"{rel}:{number}: {line.strip()}")
    return out


def main(argv: list[str]) -> int:
    folders = argv or list(PACKAGES)
    problems = 0
    for group in circles(import_graph(folders)):
        print("import circle: " + " <-> ".join(group))
        problems += 1
    for rel, lines in long_modules(folders):
        print(f"{rel}: {lines} lines (limit {LIMIT})")
        problems += 1
    for line in issue_numbers(argv or (*PACKAGES, "tests")):
        print("cites an issue number: " + line)
        problems += 1
    print(f"{problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
