"""The names a command line offers for Aces Up, kept apart from the solver and the players so that building
the parser (every start of the window does) imports neither (tests check that these agree with them)."""

STANDARD, ACES_ONLY = "standard", "aces-only"  # the variants (rules.py); the settings read them at start too
VARIANTS = (STANDARD, ACES_ONLY)
STANDARD_RULES, STRICT_RULES = "standard", "strict"
READINGS = (STANDARD_RULES, STRICT_RULES)  # the readings of the rules the solver searches (solver/strict.py)
# The hint players: rollouts alone, with perfect-information sampling, with nested rollouts for close calls, or
# rollouts whose turns a learned evaluation ranks.
ROLLOUT, PIMC, NESTED_PLAYER, LEARNED_PLAYER = "rollout", "pimc", "nested", "learned"
HINT_PLAYERS = (ROLLOUT, PIMC, NESTED_PLAYER, LEARNED_PLAYER)
DEFAULT_HINT_PLAYER = ROLLOUT
# The players built for the game's own reading only (the strict reading's rollouts play the simple rule).
OWN_READING_ONLY = (PIMC, NESTED_PLAYER, LEARNED_PLAYER)
POLICIES = ("greedy", "hint", "random")  # the simulated players (players.POLICIES)
