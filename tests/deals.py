"""Positions and deals that several test folders share: lost games whose analysis, best line and end panel
are tested in the rules' tests (acesup/) and the window's (ui/)."""

# Never winnable (best 47), and moving the A♠ into the gap first puts even 47 out of reach.
SHORT_OF_BEST = ("standard | - / 2H / AC JH AS / 8C AD KH KS 5D AH | - | 6C QD JC 7H QH JD 8D 3S 4H TD 9C 7S 7D "
                 "JS 8H 5S 2D 2S 4D KC 2C 3C 9H TC 6S 6H TS TH 3H 5H 9S 4C 3D 4S 6D 9D 8S QC KD QS 7C 5C")
# Aces-only (cards move only into gaps as aces): never winnable (best 39); the greedy player of these tests
# loses it at move 47, where the hint would have dealt.
ACES_ONLY_SHORT = 22
