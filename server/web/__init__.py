"""Read-only web pages: a page for every public game, its replay, and the audit in the browser.

Playing stays in the terminal (no key ever enters a browser); the pages serve the people around
a game: a friend following a link, a player reading a mail on a phone, someone handed an export.
"""
