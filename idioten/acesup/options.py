"""The names a command line offers for Aces Up, kept apart from the solver and the players so that building
the parser (every start of the window does) imports neither (tests check that these agree with them)."""

STANDARD, ACES_ONLY = "standard", "aces-only"  # the variants (rules.py); the settings read them at start too
VARIANTS = (STANDARD, ACES_ONLY)
STANDARD_RULES, STRICT_RULES = "standard", "strict"
READINGS = (STANDARD_RULES, STRICT_RULES)  # the readings of the rules the solver searches (solver/strict.py)
ROLLOUT, PIMC = "rollout", "pimc"  # the hint players: rollouts alone, or with perfect-information sampling
HINT_PLAYERS = (ROLLOUT, PIMC)
DEFAULT_HINT_PLAYER = ROLLOUT
POLICIES = ("greedy", "hint", "random")  # the simulated players (players.POLICIES)
