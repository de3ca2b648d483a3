"""The checks of the server's signed log, one kind of entry or claim per module.

`client.verify` walks the chain and fetches; the modules here say what each entry must hold
and what it pins in the receipt, so a reader finds the rule for a timeout, an email move or
a seat leaving without reading the others.
"""
