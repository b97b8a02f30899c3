"""The game spoken: the words for what happens (words.py, no pygame), the speaker that says them once a frame,
each cutting off the last (speaker.py), and the ways to the player's ears (backends.py: the screen reader or the
system's speech, through prismatoid on Windows and macOS and speech-dispatcher's own protocol on Linux,
ssip.py). Nothing here is loaded that speaks before the window's first picture is on screen."""
