"""Poker patience (Poker Squares): everything but the window. No pygame in this package.

For a window:

* `game.PokerGame.new(deal_number, table=..., diagonals=..., joker=..., open_deck=...)` is the state.
  `drawn` is the card to place, `choices()` the cards that may be placed (all remaining ones in the open
  deck), `can_place(cell, card=None)` / `verify_place` (raises `errors.IllegalAction` with a `code`, worded
  by `i18n.reason`) / `place(cell, card=None)` returns a `Placed` record: the cell, the card, its number
  and the scored lines through the cell, ready to animate and highlight. `undo()` / `redo()` return the
  record to play backwards / forwards. `score()` gives every line's hand so far and the running total.
  `to_text()` / `from_text()` save and load a game with its history.
* `player.suggest(game, policy, rng)` returns (cell, card) for a hint or the computer's move; build the
  policy once with `player.make_policy("hint", table, diagonals, move_seconds)` and call it from a worker
  thread (it thinks for about `move_seconds`).
* `texts` registers hand, line, table and reason names in Swedish, English and German.
"""
