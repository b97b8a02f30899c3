"""The errors both games' rules raise, so that each game's window and players read them the same way."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid. `code` and `params` let the window show the reason in any language.

    >>> refusal = IllegalAction("stock_empty", "the stock is empty")
    >>> refusal.code, str(refusal)
    ('stock_empty', 'the stock is empty')
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
