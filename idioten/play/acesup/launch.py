"""Aces Up's part of the window's command line (play/launch.py): a deal named by --deal or --cards is an Aces Up
deal, which opens the window in Aces Up, and --variant fixes the variant of its new deals for this run. Plain
data, read by the command line's parser before the window's first picture: it imports no rules."""

from __future__ import annotations

from idioten.play.acesup.settings import GAME, VARIANT
from idioten.play.launch import GameLaunch, LaunchOption

VARIANT_HELP = "cli.help.variant"  # its line in --help, also the commands' --variant's (cli/args.py)
LAUNCH = GameLaunch(GAME, (LaunchOption("--variant", VARIANT, VARIANT_HELP),), takes_deal=True)
