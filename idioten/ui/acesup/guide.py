"""Learn to play, on the real table: the guide's steps (play/acesup/guide.py) played on a `TableScene` whose session
is the guide's (play/acesup/guide_session.py), so clicks, drags, keys, the animations and the refusals beside a click
are the table's own, and what is legal is the rules' (through the guide) alone.

The guide's scene stands over the player's own table on the window's stack and covers it; the player's table
and session are not touched while it is open, so leaving it (Esc or "Leave" at any step, or going on after
the last) shows the player's own game again exactly as it was. The guide's games are saved nowhere and counted
nowhere: its session has no store.

What differs from the player's table: the ring and arrow are the guide's (`Guide.ring`), the status bar names
the step, a box over the foot of the table holds the step's one or two lines, the top bar has Restart, Undo,
Next and Leave, and the keys that would reach beyond the guide (N, H, S, A, T, B, F) say so instead.
"""

from __future__ import annotations

import pygame

from idioten import i18n
from idioten.acesup.rules import Action
from idioten.errors import IllegalAction
from idioten.play.acesup.guide import DEAL_STEP, NEXT, OFFER, TITLE, words
from idioten.play.acesup.guide_session import GuideRefused, GuideSession
from idioten.play.change import Change
from idioten.speech import words as words_aloud
from idioten.ui.acesup.input import DEAL_KEYS, PILE_KEYS
from idioten.ui.acesup.painter import TablePainter
from idioten.ui.acesup.table import SOUND_OF, TableScene
from idioten.ui.kit.palette import BOX, EDGE, TEXT, tint
from idioten.ui.kit.palette import TITLE as TITLE_COLOUR
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button

# the table's own keys that play the step, and those that read it aloud (I, P)
OWN_KEYS = (*PILE_KEYS, pygame.K_d, *DEAL_KEYS, pygame.K_i, pygame.K_p)
GO_ON_KEYS = (pygame.K_RIGHT,)
SMALLEST_TEXT = 11  # design points: the box's text shrinks no further in a small window
BOX_ALPHA = 235


class GuideScene(TableScene):
    """Learn to play on a table of its own over the player's: the guide's session plays on it, its buttons and
    keys are the guide's, and what would reach the player's games is refused here."""
    def __init__(self, app: Host) -> None:
        self.guide_session = GuideSession()
        super().__init__(app, self.guide_session)
        self.guide = self.guide_session.guide
        self.buttons = [
            Button("ui.button.restart", self.restart, self.guide_session.can_restart),
            Button("ui.button.undo", self.undo, self.guide_session.can_undo),
            Button("ui.button.hint", self.ask_hint, self.can_hint),
            Button(NEXT, self.go_on, self.guide_session.can_go_on),
            Button("guide.leave", self.leave),
        ]
        self.said_lines: list[str] = []  # the step's lines last said aloud: said again only once they change
        self.ringed = False  # the ring was on the table before the last change
        self.painter: GuidePainter = GuidePainter(self)
        self.painter.resize(self.layout, self.buttons)
        self.set_game(deal_in=True)

    # -- what the player's table does that the guide does not -------------------------------------------

    def changed(self, change: Change) -> None:
        """The assistant follows the guide's games for its hints only (no verdict, nothing counted), and the
        window's hook never sees them: they are not the player's."""
        self.assistant.follow(change)
        self.ringed = self.guide.ring() is not None
        self.dirty = True
        said = words_aloud.aces_change(change, self.game)
        # A new step says what it asks before its table; an action's result comes before what the step says now.
        self.app.speech.say(words_aloud.sentence(self.new_lines(), said) if change.replaced
                            else words_aloud.sentence(said, self.new_lines()))

    def new_lines(self) -> str:
        """The step's lines aloud, if they are not those said last (a new step's with its heading first)."""
        lines = self.box_texts()
        if lines == self.said_lines:
            return ""
        self.said_lines = lines
        return words_aloud.lines([f"{i18n.t(TITLE)}, {words(self.guide.step_of())}", *lines])

    def spoken(self) -> str:
        """As the guide opens: its step's lines and the table."""
        return words_aloud.sentence(self.new_lines(), words_aloud.table(self.game))

    def after_action(self, change: Change) -> None:
        self.app.sound.play("win" if self.game.is_won() else SOUND_OF.get(type(change.record), "slide"))
        self.landing.clear()  # the step's lines say how it ended
        if self.ringed and self.guide.on_own():
            # The ring goes: shown, not only gone; aloud, the step's new lines below say it once.
            self.say(words(self.guide.lines()[0]), aloud="")
        self.changed(change)

    def show_end(self) -> None:
        pass  # the guide's lines say how the deal ended; its end panel would judge the player's game

    def poll(self) -> None:
        pass  # the window polls the games' own tables; the guide takes its hints' answers in `update`

    def update(self, dt: float) -> None:
        self.assistant.poll_hints()
        super().update(dt)

    def at_start(self, dealt: bool) -> None:
        pass

    def not_here(self) -> None:
        """A key or button that belongs to the player's own games: said to be not for the guide."""
        self.say(i18n.t("guide.not_here"))

    def new_deal(self) -> None:
        self.not_here()

    def can_hint(self) -> bool:
        """Hint works in the deal step, while the guide is open."""
        return self.guide.active and self.guide.step.kind == DEAL_STEP and not self.guide.done

    def ask_hint(self) -> None:
        """In the deal step, once the guidance has ended, the table's own hint; while the ring shows the
        way, the ring's words; in the lessons, not here."""
        if self.guide.on_own():
            super().ask_hint()
        elif self.can_hint():
            self.say(words(self.guide.lines()[0]))
        else:
            self.not_here()

    def open_stats(self) -> None:
        self.not_here()

    def paste(self) -> None:
        self.not_here()  # Ctrl+V's playback is a game of the player's own

    def refusal_words(self, refusal: IllegalAction) -> str:
        """The guide's own words for a move it does not want, the rules' for one they forbid."""
        return refusal.words() if isinstance(refusal, GuideRefused) else super().refusal_words(refusal)

    # -- keys --------------------------------------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            if not self.drop_choice():
                self.leave()
            return
        super().on_key(event)

    def game_key(self, event: pygame.event.Event) -> None:
        if event.key in OWN_KEYS:
            super().game_key(event)
        elif event.key in GO_ON_KEYS:
            self.go_on()
        elif event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
            self.not_here()

    # -- the guide's own verbs ---------------------------------------------------------------------------

    def go_on(self) -> None:
        """The next step, once this one is done; after the last, back to the player's game."""
        self.finish_animations()
        if not self.guide_session.can_go_on():
            self.say(words(self.guide.lines()[0]))
            return
        change = self.guide_session.go_on()
        if change is None:  # that was the last step
            self.leave()
            return
        self.say("")
        self.show_replaced(change)

    def leave(self) -> None:
        """Back to the player's own table, as it was: the guide's scene goes and nothing of it stays."""
        self.guide.leave()
        self.close()  # a hint still being thought of is given up
        self.app.pop(self)
        self.app.close_panels()  # a panel opened over the guide belonged to it
        table = self.app.scenes[0]
        if isinstance(table, TableScene):
            table.say(i18n.t("guide.back"))

    # -- what is shown -----------------------------------------------------------------------------------

    def box_texts(self) -> list[str]:
        """The step's lines as the box shows them, in the current language."""
        return [words(line) for line in self.guide.lines()]


class GuidePainter(TablePainter):
    """The guide's table, painted as the player's is but for three things: the ring and arrow are the guide's
    (`Guide.ring`), the status bar names the step, and a box over the foot of the table holds the step's one or
    two lines."""

    def __init__(self, scene: GuideScene) -> None:
        super().__init__(scene)
        self.guide_scene = scene
        self.box_lines: list[tuple[str, int, tuple[int, int, int]]] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.box_pad = 0

    def hint_arrow(self) -> Action | None:
        """The guide's ring while it shows the way; once the player is on their own, the coach's hint."""
        scene = self.guide_scene
        if scene.input.drag is not None:
            return None
        return scene.guide.ring() or (super().hint_arrow() if scene.guide.on_own() else None)

    def status_parts(self) -> list[str]:
        """The guide and its step, the score and the stock (no deal, no variant: the guide's are its own)."""
        scene = self.guide_scene
        game = scene.game
        return [i18n.t(TITLE), words(scene.guide.step_of()), i18n.t("ui.status.score", score=game.score),
                i18n.t("ui.status.stock", count=len(game.stock))]

    def draw_over_table(self, surface: pygame.Surface) -> None:
        """The step's lines in a box over the foot of the table, under the buttons and messages."""
        self.place_box()
        panel = pygame.Surface(self.box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*tint(BOX), BOX_ALPHA), panel.get_rect(), border_radius=10)
        pygame.draw.rect(panel, tint(EDGE), panel.get_rect(), width=2, border_radius=10)
        surface.blit(panel, self.box.topleft)
        y = self.box.y + self.box_pad
        for text, size, colour in self.box_lines:
            line = self.texts.render(text, size, colour)
            surface.blit(line, line.get_rect(midtop=(self.box.centerx, y)))
            y += round(size * 1.15)

    def place_box(self) -> None:
        """The lines at the largest text size whose box stays below the first card of every pile; in a small
        window the heading and the line of keys go first, then the text shrinks (down to SMALLEST_TEXT)."""
        layout, texts = self.layout, self.texts
        width = min(layout.width - 20, max(360, round(layout.width * 0.8)))
        bottom = layout.table_bottom
        room = bottom - (layout.piles[0].bottom + 6)
        guide = self.guide_scene.guide
        step = self.guide_scene.box_texts()
        heading = f"{i18n.t(TITLE)} · {words(guide.step_of())}"
        largest = layout.font_size
        smallest = min(largest, round(SMALLEST_TEXT * layout.scale))  # at any text size: a floor to read
        lines: list[tuple[str, int, tuple[int, int, int]]] = []
        for size in range(largest, smallest - 1, -1):
            for full in (True, False):
                small = max(smallest, round(size * 0.8))
                inner = width - 2 * size
                lines = [(heading, small, TITLE_COLOUR)] if full else []
                for text in step:
                    lines += [(part, size, TEXT) for part in texts.wrap(text, size, inner)]
                if full:
                    lines += [(part, small, EDGE) for part in texts.wrap(words(guide.keys()), small, inner)]
                pad = max(4, size // 3)
                height = sum(round(s * 1.15) for _, s, _ in lines) + 2 * pad
                if height <= room:
                    break
            if height <= room:
                break
        self.box_lines, self.box_pad = lines, pad
        self.box = pygame.Rect(0, 0, width, height)
        self.box.midbottom = (layout.width // 2, bottom)


def open_guide(app: Host) -> None:
    """Learn to play: the guide over the player's table (panels above it close first)."""
    app.close_panels()
    app.push(GuideScene(app))


def offer_guide(app: Host) -> None:
    """At the very first start: the guide offered once, remembered at once as offered (skipped with Esc or
    not, it is never offered again; the menu keeps it)."""
    from idioten.ui.kit.panels import OfferPanel
    from idioten.ui.persist import persistence

    persistence(app).change_setting("guide_offered", True)
    app.push(OfferPanel(app, TITLE, OFFER, "guide.start", "guide.skip", lambda: open_guide(app)))
