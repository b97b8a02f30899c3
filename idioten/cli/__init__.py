"""Command line: play (default), deal, solve, simulate, poker. The contract is in DESIGN.md.

Bad input gets one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from idioten import __version__
from idioten.cards import MAX_DEAL, MIN_DEAL, CardError, check_deal_number, deal_cards, format_cards, parse_deal
from idioten.acesup.rules import VARIANTS

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print the whole usage; one clear line is kinder
        raise UsageError(f"{self.prog}: {message} (see --help)")


def deal_number(text: str) -> int:
    try:
        return check_deal_number(int(text))
    except (ValueError, CardError):
        raise argparse.ArgumentTypeError(f"a deal number is a whole number from {MIN_DEAL} to {MAX_DEAL}, not {text!r}")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def add_deal_choice(parser: argparse.ArgumentParser, required: bool) -> None:
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--deal", type=deal_number, metavar="N", help=f"deal number, {MIN_DEAL} to {MAX_DEAL}")
    group.add_argument("--cards", metavar="CARDS", help='the 52 cards in deal order, e.g. "8D TC 5D 9H ..."')


def add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", choices=VARIANTS, default="standard",
                        help="standard (any card into a gap) or aces-only")


def chosen_deal(args) -> tuple[list, int | None]:
    """The 52 cards named by --deal or --cards, and the deal number if there is one."""
    if args.cards is not None:
        return parse_deal(args.cards), None
    return deal_cards(args.deal), args.deal


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="idioten", description="Idioten (Aces Up) and Poker patience. "
                     "With no command, opens the game window.")
    parser.add_argument("--version", action="version", version=f"idioten {__version__}")
    add_deal_choice(parser, required=False)
    add_variant(parser)
    # Not given means "the variant chosen in the settings"; given, it wins for this run (ui/persist.py).
    parser.set_defaults(variant=None)
    parser.add_argument("--lang", choices=("sv", "en", "de"), help="language (default: the system's)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--smoke", action="store_true",
                        help="self-test: open the window, play a few scripted actions, close; exit 0 if all went well")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    deal = commands.add_parser("deal", help="print the 52 cards of a numbered deal, in deal order",
                               description="Print the 52 cards of deal N in deal order: the first four go to "
                               "piles 1-4, the other 48 are the stock.")
    deal.add_argument("number", type=deal_number, metavar="N")
    deal.add_argument("--json", action="store_true", help="print JSON")
    deal.set_defaults(run=run_deal)

    for register in _command_modules():
        register(commands)
    return parser


def _command_modules():
    """Each module adds its own subcommands, so the contract for each lives beside its code."""
    from idioten.cli import poker as poker_cli
    from idioten.cli import acesup as solver_cli
    return [solver_cli.register, poker_cli.register]


def run_deal(args) -> int:
    cards = deal_cards(args.number)
    if args.json:
        print(json.dumps({"deal": args.number, "cards": [str(c) for c in cards]}))
    else:
        print(format_cards(cards))
    return 0


def run_play(args) -> int:
    if args.cards is not None:
        parse_deal(args.cards)  # a bad deal is reported here, before a window opens
    if args.smoke:
        from idioten.ui.smoke import run as run_smoke
        return run_smoke(args)
    from idioten.ui.app import run
    return run(args)


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        run = getattr(args, "run", run_play)
        return run(args) or 0
    except (UsageError, CardError) as err:
        print(f"idioten: {err}" if not str(err).startswith("idioten") else str(err), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
