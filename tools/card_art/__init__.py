"""Drawing code for the card artwork; `tools/make_cards.py` is the entry point."""
