"""The game window: the only package that imports pygame. Start it with `idioten.ui.launch.run(Launch(...))`."""

import os

# Before pygame starts. SDL would otherwise back the window surface with an OpenGL framebuffer: about 100 MB
# more resident memory for a 2D game that gains nothing from it (docs/figures.md, the window). A user may still override it.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
