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


def fast_first(cases, fast: int = 1) -> list:
    """Parametrize cases of an exhaustive run: the first `fast` run in the fast tier, the others in the slow
    tier only (a tuple is one case of several arguments, as pytest takes them)."""
    import pytest

    return [*cases[:fast], *(pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=pytest.mark.slow)
                             for case in cases[fast:])]


# A window test parametrized by language runs in these in the fast tier: the three every visible text must have
# first, and French, whose texts are the longest. The slow tier runs it in the other languages.
FAST_LANGUAGES = ("sv", "en", "de", "fr")


def by_language(languages) -> list:
    """Parametrize cases for `languages`: FAST_LANGUAGES in the fast tier, the others in the slow tier."""
    ordered = sorted(languages, key=lambda language: language not in FAST_LANGUAGES)
    return fast_first(ordered, sum(language in FAST_LANGUAGES for language in languages))


def each_once(firsts, seconds) -> list:
    """Parametrize cases for every pair of `firsts` and `seconds`: in the fast tier as few pairs as take each
    of both once, the other pairs in the slow tier."""
    firsts, seconds = list(firsts), list(seconds)
    count = max(len(firsts), len(seconds))
    once = [(firsts[i % len(firsts)], seconds[i % len(seconds)]) for i in range(count)]
    return fast_first(once + [(a, b) for a in firsts for b in seconds if (a, b) not in once], count)
