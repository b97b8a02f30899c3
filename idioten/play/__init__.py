"""Playing a game, without a window: one session per game with the same verbs (new deal, restart, act,
undo, redo, back and forward after a new deal or restart, saving through `storage/`, the end of a game and
its statistics). The window drives a session and animates the records it returns; no pygame here.

What both games' sessions share is here: `session` (the contract every session keeps), `chain.GameChain`
(the game in play and the games a new deal or a restart keeps within reach of Ctrl+Z and Ctrl+Y) and
`change.Change` (what a verb did, for the window to animate). Each game has its own folder: `acesup/` (its
session, the deal of the day, the solver's knowledge, the lesson, the guide, and the advisor) and `poker/`
(its session and the computer opponent).
"""
