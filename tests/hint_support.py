"""What the tests of the hint's players share: positions reached by a seeded random walk, whether the compiled
rollouts were built, and the two checks every player is held to (both cores give the same answer; the answer
does not change with the stock's order, which the player must not see), and one game of a player through the
command line's simulate and the benchmark."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import idioten.acesup.hint as hint_module
from idioten import cores
from idioten.acesup.hint import hint
from idioten.acesup.rules import STANDARD, Game
from idioten.cards import deal_cards

needs_compiled = pytest.mark.skipif(
    not hint_module.COMPILED_BUILT and not cores.env_flag(cores.REQUIRE_COMPILED_ENV),
    reason="the compiled rollouts were not built here (no C compiler)")


def walked_position(deal: int, variant: str, steps: int, salt: int) -> Game:
    """Deal `deal` after `steps` random useful actions; each test file walks with a salt of its own, so that
    the files do not all look at the same positions."""
    game = Game.new(deal_cards(deal), variant, deal)
    rng = random.Random(deal * salt + steps)
    for _ in range(steps):
        actions = list(game.useful_actions())
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


def positions_worth_a_hint(deals: Iterable[int], steps: int, salt: int,
                           variant: str = STANDARD) -> Iterator[tuple[int, Game]]:
    """(deal, position) for each walked position that leaves a choice and enough stock to think about."""
    for deal in deals:
        game = walked_position(deal, variant, steps, salt)
        if len(game.stock) >= 8 and len(list(game.useful_actions())) >= 2:
            yield deal, game


def both_cores_agree(monkeypatch: pytest.MonkeyPatch, game: Game, **hint_options: Any) -> bool:
    answers = set()
    for core in ("python", "compiled"):
        monkeypatch.setattr(hint_module, "CORE", core)
        answers.add(hint(game, time_budget=60.0, rng=random.Random(3), **hint_options))
    return len(answers) == 1


def blind_to_the_stock_order(deal: int, game: Game, **hint_options: Any) -> bool:
    """The same hint for `game` and for a copy whose stock alone is shuffled."""
    shuffled = game.copy()
    random.Random(deal).shuffle(shuffled.stock)
    assert shuffled.stock != game.stock
    return len({hint(g, time_budget=60.0, rng=random.Random(5), **hint_options) for g in (game, shuffled)}) == 1


def played_by_simulate_and_the_benchmark(player: str, capsys: pytest.CaptureFixture[str],
                                         folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """`player` plays one game through `idioten simulate --json` and one deal (9) through bench/hint.py's
    per-deal file: (simulate's report, the bench's line for the deal)."""
    from bench import hint as bench_hint
    from idioten.cli import main

    assert main(["simulate", "--policy", "hint", "--hint-player", player, "--games", "1", "--hint-seconds",
                 "0.005", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    per_deal = folder / "deals.jsonl"
    assert bench_hint.main(["--games", "1", "--seed", "9", "--seconds", "0.005", "--variants", "standard",
                            "--player", player, "--per-deal", str(per_deal)]) == 0
    return report, json.loads(per_deal.read_text())
