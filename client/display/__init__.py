"""The game in words for people: status lines, results, boards, move listings, tables and
the history told entry by entry.

The commands of `pbem` print these (and a web page can show the same words); nothing here
talks to a server or prints. An engine is loaded only when a board or a move is put into
words; only the history in words (`narration`) needs protocol code at its top.
"""
