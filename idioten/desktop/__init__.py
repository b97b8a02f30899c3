"""The program on the player's desktop, apart from its saved data and its window: one running copy per data
folder (`lock`: the folder's lock, and the channel a second start asks through), the window's side of that
second start (`handover`: come forward, or say the game is already open), and crash reports (`crash`).
The command line's start (cli/desktop.py) takes them up; the window (ui/) answers the handover."""
