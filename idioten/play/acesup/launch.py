"""Aces Up's part of the window's command line (play/launch.py): a deal named by --deal or --cards is an Aces Up
deal, which opens the window in Aces Up, and --variant fixes the variant of its new deals for this run. Plain
data, read by the command line's parser before the window's first picture: it imports no rules."""

from __future__ import annotations

from idioten.acesup.options import VARIANTS
from idioten.play.launch import GameLaunch, LaunchOption

GAME = "idioten"  # its name in files (play/acesup/settings.py's section)
VARIANT_HELP = "cli.help.variant"  # its line in --help, also the commands' --variant's (cli/args.py)
# Its settings' module is not loaded here (nor the saved settings', which it reads): every command builds the
# parser. The option's values are the variant setting's (play/acesup/settings.py's VARIANT; tests check).
LAUNCH = GameLaunch(GAME, (LaunchOption("--variant", "variant", VARIANTS, VARIANT_HELP),), takes_deal=True)
