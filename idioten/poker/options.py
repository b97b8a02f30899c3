"""The names a command line offers, kept apart from the tables themselves so that building the parser
imports nothing heavy (tests check that these agree with scoring.TABLES and player.POLICIES)."""

TABLES = ("classic", "simple", "american", "british")
DEFAULT_TABLE = "classic"
POLICIES = ("hint", "greedy", "random")
