"""Playing a game, without a window: one session per game with the same verbs (new deal, restart, act,
undo, redo, back and forward after a new deal or restart, saving through `storage/`, the end of a game and
its statistics). The window drives a session and animates the records it returns; no pygame here.

`chain.GameChain` is what both games' sessions share: the game in play and the games a new deal or a
restart keeps within reach of Ctrl+Z and Ctrl+Y.
"""
