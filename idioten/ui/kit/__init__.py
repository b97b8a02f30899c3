"""What both games' screens share: the scene every screen is and what it may ask of the window (scene.py), what a
game gives the window (game.py), panels, buttons, layout, fonts, card pictures and glides, sounds and the
celebration of a win. Nothing here knows either game's screens."""
