"""The seams of `client.play.Player`, one job a module: accounts, joining, looking, moving,
the games and reveals as the log says, exports and positions.

Import from `client.play`: it composes the Player and names everything its users take.
"""
