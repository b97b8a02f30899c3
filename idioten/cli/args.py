"""The argument types and options the commands share: one clear line for every bad value (exit status 2)."""

from __future__ import annotations

import argparse

from idioten.cards import MAX_DEAL, MIN_DEAL, CardError, check_deal_number, deal_cards, parse_deal
from idioten.acesup.rules import VARIANTS


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
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
