"""The command line's parser, and what `idioten` with options or a command does (cli/__init__.py starts it).

Bad input gets one line on stderr and exit status 2, never a traceback; with --json that line is a JSON
object, {"error": "..."}, so a script reads every answer, good or bad, the same way.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from idioten import __version__, i18n
from idioten.cards import CardError, deal_cards, format_cards
from idioten.cli import acesup as acesup_commands
from idioten.cli import poker as poker_commands
from idioten.cli.args import Parser, TextKey, add_deal_choice, chosen_deal, deal_number
from idioten.cli.errors import EXIT_USAGE, CommandError, UsageError, report_error
from idioten.ui import games as registry  # each game's launch options: plain data (tests/ui/test_start_imports.py)

if TYPE_CHECKING:  # the window's modules load only when it opens
    from idioten.play.launch import GameLaunch
    from idioten.ui.opening import Launch


def build_parser() -> Parser:
    parser = Parser(prog="idioten", description="Idioten (Aces Up) and Poker patience. "
                    "With no command, opens the game window; a deal given replaces the saved game, which "
                    "Ctrl+Z brings back.",
                    epilog="Each option is given once; a command's options go after its name. A mistake gets "
                    'one line on stderr and exit status 2 ({"error": "..."} with --json).')
    parser.add_argument("--version", action=VersionAction,
                        help="print the version and which cores run (compiled or Python), and exit")
    add_launch_options(parser, registry.launches())
    parser.add_argument("--lang", choices=i18n.LANGUAGES, help="language (default: the system's)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--smoke", action="store_true",
                        help="self-test: open the window, play a few scripted actions, close; exit 0 if all went well")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    deal = commands.add_parser("deal", help="print the 52 cards of a numbered deal, in deal order",
                               description="Print the 52 cards of deal N in deal order: the first four go to "
                               "piles 1-4, the other 48 are the stock. With --daily, the deal of that day "
                               "(played in the standard variant; the same for every player).")
    deal.add_argument("number", type=deal_number, metavar="N", nargs="?")
    deal.add_argument("--daily", type=day, metavar="YYYY-MM-DD", help="the deal of the day of that date")
    deal.add_argument("--json", action="store_true", help="print JSON")
    deal.set_defaults(run=run_deal)

    # Each module adds its own subcommands, so the contract for each lives beside its code.
    acesup_commands.register(commands)
    poker_commands.register(commands)
    return parser


def add_launch_options(parser: Parser, games: Sequence[GameLaunch]) -> None:
    """The games' options for the window, in the registry's order: the deal of the game that takes one, then
    each game's own. Not given, a game's setting is as saved; given, it wins for this run only."""
    takes_deal = [launch.game for launch in games if launch.takes_deal]
    if len(takes_deal) > 1:
        raise ValueError(f"--deal can name a deal of one game only, not of {' and '.join(takes_deal)}")
    for launch in games:
        if launch.takes_deal:
            add_deal_choice(parser, required=False)
        for option in launch.options:
            parser.add_argument(option.flag, dest=option.dest, choices=option.words, default=None,
                                help=TextKey(option.help_key))


class VersionAction(argparse._VersionAction):
    """`idioten --version`: the version, and on a second line whether the compiled cores run. Worked out only
    when asked, since loading the cores costs every other command time for nothing."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        from idioten import cores
        print(f"idioten {__version__}\n{cores.describe()}")
        parser.exit()


def day(text: str) -> dt.date:
    from idioten.acesup.daily import parse_day
    try:
        return parse_day(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def run_deal(args: argparse.Namespace) -> int:
    if (args.number is None) == (args.daily is None):
        raise UsageError("idioten deal: give a deal number N or --daily YYYY-MM-DD (see --help)")
    if args.daily is not None:
        from idioten.acesup.daily import daily_deal
        args.number = daily_deal(args.daily)
    cards = deal_cards(args.number)
    if args.json:
        print(json.dumps({"deal": args.number, "cards": [str(c) for c in cards]}))
    else:
        print(format_cards(cards))
    return 0


def run_play(args: argparse.Namespace) -> int:
    from idioten.cli.start import play
    # A bad deal is told here, before the lock is taken and a window opens.
    return play(launch_options(args), smoke=args.smoke)


def launch_options(args: argparse.Namespace) -> Launch:
    """What the window is asked to do; a bad deal is reported here, before a window opens. A named deal opens
    the game it is a deal of; each game's options given fix its settings for this run (`Launch.fixed`)."""
    from idioten.ui.opening import Launch

    games = registry.launches()
    named = getattr(args, "deal", None) is not None or getattr(args, "cards", None) is not None
    cards, number = chosen_deal(args) if named else (None, None)
    game = next((launch.game for launch in games if launch.takes_deal), None) if named else None
    fixed = tuple((launch.game, option.setting, option.value(given)) for launch in games
                  for option in launch.options if (given := getattr(args, option.dest, None)) is not None)
    return Launch(cards=tuple(cards) if cards is not None else None, deal_number=number, game=game, fixed=fixed,
                  language=args.lang, fullscreen=args.fullscreen)


def run_command_line(argv: list[str]) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is not None and parser.given:
            # `idioten --deal 3 solve --deal 4`: the command's own --deal would win without a word.
            option = parser.given[0].option_strings[0]
            raise UsageError(f"idioten: {option} before '{args.command}' is an option of the window; a command "
                             f"takes its options after its name (see idioten {args.command} --help)")
        run = getattr(args, "run", run_play)
        return run(args) or 0
    except (CommandError, CardError) as err:
        report_error(err, asks_for_json(argv))
        return getattr(err, "status", EXIT_USAGE)


def asks_for_json(argv: list[str]) -> bool:
    """--json among the arguments, also when they could not be parsed (argparse takes "--js" for it too)."""
    return any(len(word) > 2 and "--json".startswith(word) for word in argv)
