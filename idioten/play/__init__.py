"""Playing a game, without a window: one session per game with the same verbs (new deal, restart, act,
undo, redo, back and forward after a new deal or restart, saving through `storage/`, the end of a game and
its statistics). The window drives a session and animates the records it returns; no pygame here.

`chain.GameChain` is what both games' sessions share: the game in play and the games a new deal or a
restart keeps within reach of Ctrl+Z and Ctrl+Y; `change.Change` is what a verb did, for the window to animate.
Aces Up: `acesup` (the session), `daily` (the deal of the day's bookkeeping), `knowledge` (what the solver
said of each position), `lesson` (where a lost game was lost). Poker patience: `poker`.
"""
