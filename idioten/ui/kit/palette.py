"""The colours both games' tables and every panel share, each named once by what it is for, so the screens
look alike and a colour changes in one place. A colour only one painter uses stays beside it, and the cards'
own inks are the card art's (kit/fonts.py, kit/sprites.py)."""

# the table: the bars along the top and bottom, the texts on the felt
BAR = (12, 40, 26)
BAR_LINE = (60, 110, 78)
LABEL = (210, 228, 214)
TEXT = (236, 240, 230)  # the status line and a panel's text
MESSAGE = (255, 226, 120)

# marks: what can be played, the choice made, and where the player is (a chosen card, the keyboard focus)
GLOW = (255, 224, 110)
SELECT = (130, 200, 255)
GOLD = (255, 214, 90)  # points scored, a won game's bar, the scoring table in use

# panels
BOX = (18, 48, 32)
EDGE = (120, 170, 135)  # a panel's edge, a button's edge, a chart's axis
TITLE = (255, 236, 160)
CAPTION = (190, 214, 196)  # the name beside a value (statistics, settings)
CHART_BAR = (120, 190, 140)
