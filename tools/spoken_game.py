"""Write docs/spoken-game.md: what the game says aloud while it is played from the keys alone, taken from the
real window loop (SDL's dummy drivers) through the recording speech backend, never written by hand.

    python tools/spoken_game.py [--out docs/spoken-game.md] [--lang en]

Two games: "Learn to play" from the menu to its end, whose last step is the guide's beginner deal played to a
win along the guide's own winning line (each step's moves are the ones it waits for), and a whole Poker
patience grid (deal 7), each card placed where the simple computer player (the "greedy" policy, which takes no
time limit, so the transcript is the same on every machine) would put it, the cursor walked there with the
arrows. tests/ui/test_ui_speech_transcript.py checks that the committed file is what this makes."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from idioten import i18n
from idioten.acesup.rules import DEAL, DISCARD, Action
from idioten.play.acesup.guide import DEAL_STEP, LESSON
from idioten.poker.game import PokerGame
from idioten.poker.player import make_policy, suggest
from idioten.speech.backends import Recording
from idioten.speech.speaker import Speaker
from idioten.storage.settings import Settings
from idioten.ui.app import App

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "spoken-game.md"
SIZE = (1280, 800)
NAMES = {pygame.K_SPACE: "Space", pygame.K_RETURN: "Enter", pygame.K_ESCAPE: "Esc", pygame.K_DOWN: "↓",
         pygame.K_UP: "↑", pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_g: "G"}
PILE_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Player:
    """Keys into the real loop, and what each press made the window say."""

    def __init__(self, app: App, spoken: Recording, clock: Clock):
        self.app, self.spoken, self.clock = app, spoken, clock
        self.rows: list[tuple[str, str]] = []

    def press(self, *keys: int) -> None:
        before = len(self.spoken.spoken)
        for key in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            self.app.settle()
            self.clock.now += 1.0  # a second between presses: messages that wait their turn come up
        self.app.settle()
        said = " / ".join(self.spoken.spoken[before:])
        self.rows.append((" ".join(NAMES.get(key, pygame.key.name(key).upper()) for key in keys), said))

    def started(self) -> None:
        self.rows.append(("(the window opens)", " / ".join(self.spoken.spoken)))


def action_keys(action: Action) -> tuple[int, ...]:
    if action.kind == DEAL:
        return (pygame.K_SPACE,)
    if action.kind == DISCARD:
        return PILE_KEYS[action.pile], pygame.K_d
    return PILE_KEYS[action.source], PILE_KEYS[action.destination]


def open_app(game: PokerGame | None = None) -> Player:
    spoken, clock = Recording(), Clock()
    app = App(game, clock=clock, rng=random.Random(5), size=SIZE, speech=Speaker(backend=spoken),
              settings=Settings(animation="off", guide_offered=True))
    app.step(dt=0)
    player = Player(app, spoken, clock)
    player.started()
    return player


def play_the_guide() -> list[tuple[str, str]]:
    player = open_app()
    player.press(pygame.K_ESCAPE)  # the menu; Learn to play is its last entry
    menu = player.app.scenes[-1]
    downs = [b.text_key for b in menu.buttons if b.enabled()].index("guide.title")
    player.press(*([pygame.K_DOWN] * downs))
    player.press(pygame.K_RETURN)
    guide = player.app.scenes[-1].guide
    while guide.active:
        step = guide.step
        while not guide.done:
            made = [action for action, _ in guide.game.history]
            if step.kind == LESSON:
                action = step.waits_for[len(made)]
            elif step.kind == DEAL_STEP:
                action = step.ring_line[len(made)]
                if len(made) == 10:  # once, in the middle of the deal: the table and a pile on request
                    player.press(pygame.K_i)
                    player.press(action_keys(action)[0], pygame.K_p)
                    player.press(pygame.K_ESCAPE)
            else:
                break
            player.press(*action_keys(action))
        player.press(pygame.K_RIGHT)
    player.app.close()
    return player.rows


def play_a_poker_grid(deal: int = 7) -> list[tuple[str, str]]:
    player = open_app(PokerGame.new(deal))
    player.press(pygame.K_g)
    scene = player.app.playing.on_screen
    policy, rng = make_policy("greedy", scene.game.table), random.Random(1)
    while not scene.game.is_over():
        cell, _ = suggest(scene.game, policy, rng) or (0, None)
        here = scene.cursor
        keys = [pygame.K_DOWN] * ((cell // 5 - here // 5) % 5) + (
            [pygame.K_RIGHT] * ((cell % 5 - here % 5) % 5))
        player.press(*keys, pygame.K_SPACE)
    player.app.close()
    return player.rows


def markdown(guide: list[tuple[str, str]], poker: list[tuple[str, str]], language: str) -> str:
    def table(rows: list[tuple[str, str]]) -> list[str]:
        lines = ["| Keys | Spoken |", "|---|---|"]
        lines += [f"| {keys} | {said.replace('|', '/')} |" for keys, said in rows]
        return lines

    parts = [
        "# A game played with the screen off: what Idioten says",
        "",
        "Made by `python tools/spoken_game.py` from the real window loop (SDL's dummy drivers) with the recording",
        "speech backend: each row is one or more keys pressed and what the game said meanwhile (`/` between two",
        "utterances; each new one cuts off the last). Not written by hand: tests/ui/test_ui_speech_transcript.py",
        f"checks it is what the tool makes. Language: {language}; animations off.",
        "",
        "## Learn to play, to its end: the beginner's deal won",
        "",
        "The guide's three lessons, its picture of a won game, then its beginner deal (deal 252) played to a win",
        "along the guide's winning line. Halfway through, I reads the table and P the chosen pile.",
        "",
        *table(guide),
        "",
        "## A whole Poker patience grid (deal 7)",
        "",
        "G switches to Poker patience; the arrows walk the cursor to the cell the simple computer player chooses",
        "and Space places the card there.",
        "",
        *table(poker),
        "",
    ]
    return "\n".join(parts)


def transcript(language: str = "en") -> str:
    before = i18n.language()
    i18n.set_language(language)
    try:
        pygame.init()
        return markdown(play_the_guide(), play_a_poker_grid(), language)
    finally:
        i18n.set_language(before)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    args = parser.parse_args(argv)
    args.out.write_text(transcript(args.lang), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
