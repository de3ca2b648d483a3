"""Die Siedler von Catan - Das Kartenspiel (two players; rulings SI-n in RULES.md).

Work in progress (issue 11): not yet registered in engines/__init__.py.
"""
