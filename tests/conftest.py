import os

# GUI tests run the real event loop without a screen or sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import settings

# The machines that run the suite are shared and often loaded: a per-example deadline would turn a slow
# moment into a failure that says nothing about the code.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")
