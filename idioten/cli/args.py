"""The argument types and options the commands share: one clear line for every bad value (exit status 2)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from idioten import i18n
from idioten.acesup.options import VARIANTS
from idioten.cards import MAX_DEAL, MIN_DEAL, Card, check_deal_number, deal_cards, parse_deal
from idioten.cli.errors import UsageError
from idioten.play.acesup.launch import VARIANT_HELP


class TextKey(str):
    """An option's help given as a catalogue key (a game's launch option, play/launch.py): worded only when
    --help prints it, so that no catalogue is read for a command line that does not ask for help."""


class CatalogueHelp(argparse.HelpFormatter):
    """argparse's help, each `TextKey` worded by the catalogue of the command line's language: English, as all
    of its text is (the keys are in every catalogue, as every text the program shows)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if isinstance(action.help, TextKey):
            return i18n.catalogue(COMMAND_LINE_LANGUAGE).gettext(action.help).replace("%", "%%")
        return super()._get_help_string(action)


class Parser(argparse.ArgumentParser):
    """argparse, with one line for every mistake and every option taken at most once: argparse would keep
    the last of `--deal 12 --deal 13` without a word, and a script would answer for a deal it did not mean."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # argparse.ArgumentParser's own, handed on
        kwargs.setdefault("formatter_class", CatalogueHelp)
        super().__init__(*args, **kwargs)
        # Groups share this registry, so every option of the parser, in a group or not, is checked.
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        self.register("action", "store_true", _StoreTrueOnce)
        self.given: list[argparse.Action] = []  # the options the last parse met, in order

    # typeshed overloads it on the namespace's class; ours are always argparse's own Namespace.
    def parse_known_args(  # type: ignore[override]
            self, args: Sequence[str] | None = None,
            namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        self.given = []
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:  # argparse would print the whole usage; one clear line is kinder
        raise UsageError(f"{self.prog}: {message} (see --help)")


class _StoreOnce(argparse.Action):
    """argparse's "store", refused the second time."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        assert isinstance(parser, Parser)  # registered on our parsers only
        if self in parser.given:
            parser.error(f"{option_string or self.metavar or self.dest} is given twice; give each option once")
        parser.given.append(self)
        setattr(namespace, self.dest, self.const if self.nargs == 0 else values)


class _StoreTrueOnce(_StoreOnce):
    """argparse's "store_true", refused the second time."""

    def __init__(self, option_strings: Sequence[str], dest: str, default: bool = False, required: bool = False,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, const=True, default=default, required=required, help=help)


if TYPE_CHECKING:  # generic in typeshed only
    # What add_subparsers gives: each command module adds its parsers to it (cli/acesup.py, cli/poker.py).
    Commands = argparse._SubParsersAction[Parser]
COMMAND_LINE_LANGUAGE = i18n.DEFAULT_LANGUAGE
MAX_THREADS = 1024  # far beyond any desktop's cores; the compiled search takes a C int
MAX_WHOLE_DIGITS = 18  # a count on the command line fits a 64-bit integer: no number here needs more


def ascii_whole(text: str) -> int | None:
    """`text` as a whole number written in ASCII digits 0-9 (spaces around allowed), else None. Python's int()
    also takes "１２" and "١٢" and "1_000": a script or a paste that slipped in such digits should be told,
    not answered for a number it may not have meant."""
    digits = text.strip()
    if not digits or len(digits) > MAX_WHOLE_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    return int(digits)


def _only_ascii(text: str) -> str:
    """The end of a message about a number that is not one: why, when the reason is its digits."""
    return " (digits 0-9 only)" if any(c.isdigit() and not c.isascii() for c in text) else ""


def deal_number(text: str) -> int:
    value = ascii_whole(text)
    if value is None or not MIN_DEAL <= value <= MAX_DEAL:
        raise argparse.ArgumentTypeError(f"a deal number is a whole number from {MIN_DEAL} to {MAX_DEAL}, "
                                         f"not {text!r}{_only_ascii(text)}")
    return check_deal_number(value)


def positive_int(text: str) -> int:
    value = ascii_whole(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}{_only_ascii(text)}")
    return value


def thread_count(text: str) -> int:
    """--threads: a whole number from 1 to MAX_THREADS, or 0 or "auto" for every core (solver.resolve_threads)."""
    if text.strip() == "auto":
        return 0
    value = ascii_whole(text)
    if value is None or value > MAX_THREADS:
        raise argparse.ArgumentTypeError(f"expected a whole number of threads from 1 to {MAX_THREADS} (0 or "
                                         f"'auto': every core), not {text!r}{_only_ascii(text)}")
    return value


_DECIMAL = re.compile(r"([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?", re.ASCII)


def positive_float(text: str) -> float:
    value = float(text) if _DECIMAL.fullmatch(text.strip()) else -1.0
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}{_only_ascii(text)}")
    return value


def add_deal_choice(parser: argparse.ArgumentParser, required: bool) -> None:
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--deal", type=deal_number, metavar="N", help=f"deal number, {MIN_DEAL} to {MAX_DEAL}")
    group.add_argument("--cards", metavar="CARDS", help='the 52 cards in deal order, e.g. "8D TC 5D 9H ..."')


def add_variant(parser: argparse.ArgumentParser) -> None:
    """A command's --variant (the window's is Aces Up's launch option, play/acesup/launch.py, with the same
    help)."""
    parser.add_argument("--variant", choices=VARIANTS, default="standard", help=TextKey(VARIANT_HELP))


def chosen_deal(args: argparse.Namespace) -> tuple[list[Card], int | None]:
    """The 52 cards named by --deal or --cards, and the deal number if there is one."""
    if args.cards is not None:
        return parse_deal(args.cards), None
    return deal_cards(args.deal), args.deal
