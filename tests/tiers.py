"""The suite's two tiers (README, "Run the tests"). The fast tier, the default run, gives each property test
a part of its examples; the slow tier (`python -m pytest -m slow`) gives it the full count written at the
test. tests/conftest.py says which tier this run is before any test module is imported."""

full_strength = False

# Examples a property test gets in the fast tier: a tenth of its full count, never fewer than FAST_FLOOR.
FAST_SHARE = 10
FAST_FLOOR = 10


def examples(full: int) -> int:
    """The number of examples a property test written for `full` examples gets in this run's tier."""
    return full if full_strength else max(min(full, FAST_FLOOR), full // FAST_SHARE)
