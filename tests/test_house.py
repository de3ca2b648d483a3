"""The house rules of the code hold (tests/house.py reads them from the source): no import
circle in the packages, no module over the limit without a reason listed, and no docstring or
comment citing an issue number from a tracker that a reader of the code does not have."""

from __future__ import annotations

from tests import house


def test_no_import_circle_in_the_packages() -> None:
    assert house.circles(house.import_graph()) == []


def test_the_circle_finder_finds_a_circle_deferred_into_a_function() -> None:
    graph = {"a.x": {"a.y"}, "a.y": {"a.z"}, "a.z": {"a.x"}, "a.w": {"a.x"}}
    assert house.circles(graph) == [["a.x", "a.y", "a.z"]]


def test_no_module_over_the_limit_without_a_listed_reason() -> None:
    assert house.long_modules() == []
    assert all(reason.strip() for reason in house.LONG_MODULES.values())


def test_no_issue_number_cited_in_code_or_tests() -> None:
    assert house.issue_numbers() == []


def test_the_import_reader_sees_imports_in_functions_and_type_checking_blocks(tmp_path, monkeypatch) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import f\n")
    monkeypatch.setattr(house, "ROOT", tmp_path)
    graph = house.import_graph(["pkg"])
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.a"}
    assert house.circles(graph) == [["pkg.a", "pkg.b"]]
