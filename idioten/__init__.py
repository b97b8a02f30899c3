"""Idioten (Aces Up) and Poker patience."""

__version__ = "0.1.0"
# The program's own name, the same in every language wherever the system shows it (the window's title, the
# launcher, the .exe and .app, the "already open" box): a name, not a text to translate. The rules may call
# the game Aces Up ("game_name" in the catalogues).
PROGRAM_NAME = "Idioten"
