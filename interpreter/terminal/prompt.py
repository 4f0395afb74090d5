"""The play loop at a terminal: shows the board and what happens, reads choices and commands."""
from __future__ import annotations

import os
import shlex
import signal
import threading
from contextlib import contextmanager

from rich.console import Console, Group
from rich.rule import Rule
from rich.text import Text

from dsl import printable
from interpreter.runtime import GameError
from interpreter.saves.files import (default_save_path, file_stamp, keep_previous, load_saved, rescue_path,
                                     same_file, save_game, save_target_problem)

from . import compact, legend, render
from .choices import (NOTHING_WORDS, NUMBER_DIGITS, Numbering, group_options, labelled, matching, nothing_option,
                      number_options, number_runs, typed_number)
from .compact import lines_taken
from .option_view import more_note, options_view, summary_view
from .reader import answer_reader
from .render import words
from .rules_help import help_lines

HELP = """Type the number of an option (or its id, shown dimmed beside it). At a
terminal a number takes effect as soon as no other option's number starts with
it; otherwise press Enter. A number always means the option listed with it,
also in a list found by a word, and when the same question is asked again
straight after (a number left free is not given to a new option then).
Where nothing may be chosen, 'pass' chooses nothing. Any other word lists the
options that mention it (a name, a place, a short name from the board).
Tab completes commands, option ids and names; Up and Down recall answers.
Commands:
  board [REGION]   the whole board in full (or the regions with that word)
  legend           what the short names on the board stand for
  all (options)    list every option
  inspect NAME     all about a space or piece (by id, name or short name)
  back             step back out of a choice made in steps (not a decision)
  undo             take back the last choice
  log [N|all]      the last N events of the log (default 40), or all of it
  save [FILE]      save the game (to FILE, or to the autosave file)
  load FILE        continue a game saved in FILE
  help             this text
  help TOPIC       what the rules say about a piece, card, token or action
                   ('help game': the game in a few words)
  quit             stop; the autosave lets you resume later"""

SHORT_LIST = 20          # a decision with more options than this is summarised by action
FILTER_LIST = 40         # at most this many matching options are listed for a word
ECHOED = 60              # characters of an answer that matched nothing said back
LONGEST_NAME = 200       # characters: no name or title in a game is longer
LOG_TAIL = 40
SCREEN_EDGES = 3         # lines of a screen not for the board or the options: heading, hint, input
EVENT_ROWS = 3           # at a terminal, the latest events kept in view above the board
MIN_BOARD = 8            # the board gets at least this many lines, even on a tiny screen

EVENT_STYLES = {"phase": "bold", "roll": "yellow", "end": "bold", "choice": "cyan", "auto": "cyan",
                "resolve": "magenta", "note": "", "tally": "dim"}


class Session:
    """One person playing one game: the loop, the commands and the autosave."""

    def __init__(self, game, console: Console, read=None, interactive: bool = False,
                 autosave: str | None = None, resume: str = "", toolbar_rows: int = 0, loaded_from: str | None = None):
        self.game = game
        self.out = console
        self.read = read or (lambda prompt, asker=None, empty=False: input(prompt))   # read(prompt, asker, empty)
        self.interactive = interactive      # a person at a terminal: draw the board every time
        self.toolbar_rows = toolbar_rows    # rows the reader's toolbar takes below the input line
        self.numbering: Numbering | None = None     # the numbers of the options shown
        self.autosave = autosave            # the file written after every decision, or None
        self.written = {}                   # files holding this game (real path: how they stood then)
        if loaded_from:
            self.remember(loaded_from)
        self.finished = False               # the game ended (else the person stopped)
        self.interrupted = False            # the person stopped it with Ctrl-C
        self.unsaved = False                # the game as it is now could not be saved
        self.warned_unsaved = False         # `quit` said so once; said again, it stops
        self.changed = False                # decisions made since the game was last written or loaded
        self.warned_load = False            # `load` over a game never saved said so once; said again, it loads
        self.resume = resume                # how to name the game in `garrison play GAME --load`
        self.shown = recap_start(game)
        self.fresh = True                   # the decision has not been shown yet
        self.seat = None                    # the seat the last question was for (several seats: hand-overs)
        self.typed_ahead = None             # a choice typed at a hand-over instead of Enter
        self.pasted: list[str] = []         # lines pasted at once, answered one by one

    # ---- the loop
    def run(self) -> bool:
        """Play until the game ends (True) or the person stops (False)."""
        if self.autosave:
            if self.game.decisions_made:
                self.save_now()
            self.say(f"Autosaving after every decision to {self.autosave}")
        try:
            while True:
                while not self.game.over:
                    if self.fresh:
                        self.number()
                        self.show_position()
                        self.fresh = False
                    answer = self.ask()
                    if answer is None:
                        return False
                    if answer and not self.handle(answer):
                        return False
                self.show_position()
                if not self.interactive or not self.after_the_end():
                    break
        except KeyboardInterrupt:
            self.interrupted = True
            self.say("")
            self.stopped("Interrupted")
            return False
        self.finished = True
        if self.unsaved:
            rescued = self.rescue()
            if rescued:
                self.say(f"The game ended; {self.autosave} could not be written, so it is saved in {rescued}.")
            else:
                self.say(f"The game ended, but it is NOT saved: {self.autosave} could not be written.", "bold red")
        return True

    def after_the_end(self) -> bool:
        """At a terminal, a last prompt once the game is over, for the commands that look back (log,
        board, inspect, save) and for undo; True when the game goes on (undone, or another loaded)."""
        self.numbering = None           # no number is an option now, none is taken without Enter
        self.say("The game is over: 'log' shows what happened, 'undo' takes back the last decision; "
                 "Enter or 'quit' leaves.", "dim")
        while True:
            try:
                answer = self.read("> ", self, empty=True).strip()
            except (EOFError, KeyboardInterrupt):
                return False
            word, _, rest = answer.partition(" ")
            command = COMMANDS.get(word.lower())
            if not answer or command is cmd_quit:
                return False
            if command is None or command in (cmd_all, cmd_back):
                self.say("The game is over: there is nothing to choose. 'undo' takes back the last decision; "
                         "Enter leaves.")
                continue
            command(self, rest.strip())
            if not self.game.over:
                self.fresh = True
                return True

    def ask(self) -> str | None:
        """The next answer: one typed ahead, or the next line of several pasted at once, or a line read."""
        if self.typed_ahead:
            typed, self.typed_ahead = self.typed_ahead, None
            return typed
        if self.pasted:
            return self.pasted.pop(0)
        try:
            first, *more = self.read("> ", self).splitlines() or [""]
        except EOFError:
            self.stopped("(end of input: stopping)")
            return None
        self.pasted = [line.strip() for line in more if line.strip()]      # each its own answer, in turn
        return first.strip()

    def number(self) -> None:
        """Number the new decision's options; at a terminal, an option offered again by the same
        question asked again at once, in the same turn, keeps its number (a script reads every
        list afresh)."""
        turns = self.game.view.turn_variable
        self.numbering = number_options(self.game.decision, self.numbering if self.interactive else None,
                                        self.game.var(turns) if turns else None)

    # ---- what the reader asks while a question waits
    def ready(self, typed: str) -> bool:
        """Whether the text typed so far is an option number no other option number starts with."""
        return self.numbering is not None and self.numbering.ready(typed)

    def toolbar(self, typed: str) -> list[list[tuple[str, str]]]:
        """The question on one line; below it what a typed number waits for, else the status and the keys."""
        if self.game.over or self.numbering is None:
            return []
        width = self.out.size.width
        first = [("question", clipped(question(self.game.decision), width))]
        longer = self.numbering.longer(typed) if typed_number(typed) else []
        if longer and self.numbering.option(int(typed)) is not None:
            others = number_runs(sorted(longer), at_most=4)
            second = [("waiting", clipped(f"{typed}: Enter for option {typed}, or another digit for {others}", width))]
        elif typed_number(typed) and not longer and self.numbering.option(int(typed)) is None:
            second = [("waiting", clipped(f"{typed}: no option has this number; choose {self.numbering.span()}", width))]
        else:
            status = " · ".join(f"{words(name)} {render.shown_value(self.game, self.game.var(name))}"
                                for name in self.status_names())
            span = self.numbering.span()
            fits = [k for k in (f"{span} · Tab completes · legend · help", f"{span} · Tab · legend · help", span)
                    if len(status) + 3 + len(k) <= width]
            keys = fits[0] if fits else span        # the status gives way to the keys only at the last
            second = [("", clipped(status, max(0, width - len(keys) - 3))), ("dim", f"{'   ' if status else ''}{keys}")]
        return [first, second]

    def status_names(self) -> list[str]:
        return self.game.status_shown()

    def completions(self) -> list[tuple[str, str]]:
        """The options' ids, then the short names of what the board shows, then the commands."""
        decision = self.game.decision
        words_ = [(o.id, o.label) for o in decision.options if not o.id.isdecimal()] if decision else []
        names = legend.short_names(self.game)
        words_ += [(names[oid], self.game.label(oid)) for oid in legend.board_objects(self.game)]
        words_ += [(name, "command") for name in COMMANDS if len(name) > 1]
        return list(dict.fromkeys(words_))

    def handle(self, answer: str) -> bool:
        """Act on one line of input; False when the person quits."""
        word, _, rest = answer.partition(" ")
        command = COMMANDS.get(word.lower())
        if command is not cmd_quit:
            self.warned_unsaved = False         # `quit` stops unsaved only when said again at once
        if command is not cmd_load:
            self.warned_load = False            # as `load` over a game never saved
        if command is not None:
            going_on = command(self, rest.strip()) is not False
            if going_on and command in SHOWING and not self.fresh and not self.game.over:
                self.remind()
            return going_on
        option = self.option_for(answer)
        if option is not None:
            self.choose(option)
        return True

    # ---- choosing
    def option_for(self, answer: str):
        """The option a line names (a number, an id or 'pass'), or None after explaining why not,
        or after listing the options the words find."""
        numbering = self.numbering
        numbered = numbering.numbered
        if answer.isascii() and answer.isdecimal() and not typed_number(answer):
            self.say(f"There is no option {answer[:NUMBER_DIGITS]}…; choose {numbering.span()} (or type 'help').")
            return None
        if typed_number(answer):
            option = numbering.option(int(answer))
            if option is None:
                self.say(f"There is no option {int(answer)}; choose {numbering.span()} (or type 'help').")
            return option
        for _, option in numbered:
            if option.id == answer:
                return option
        nothing = nothing_option(numbered, answer)
        if nothing is not None:
            return nothing
        named = labelled(numbered, answer)
        if named is not None:
            return named
        names = legend.short_names(self.game)        # an option also answers to the short names of what it names
        matches = matching(numbered, answer, lambda o: [names[part] for part in o.id.split(":") if part in names])
        if not matches:
            self.say(self.nothing_found(answer))
            return None
        self.list_options(matches[:FILTER_LIST])
        if len(matches) > FILTER_LIST:
            self.say(f"  … and {len(matches) - FILTER_LIST} more; add a word to narrow them down")
        return None

    def nothing_found(self, answer: str) -> str:
        """Why a word found no option: it names something none of them mentions, or nothing at all."""
        if answer.lower() in NOTHING_WORDS:
            return f"This question has no option to choose nothing; choose {self.numbering.span()}."
        shown = answer if len(answer) <= ECHOED else answer[:ECHOED] + "…"     # a pasted page is not said back whole
        named = legend.find(self.game, answer)
        if named:
            what = ", ".join(dict.fromkeys(self.game.label(o) for o in named[:3]))
            return f"No option now mentions '{shown}' ({what}); 'all' lists the {len(self.numbering.numbered)} options."
        return f"'{shown}' is not a command, an option or a name in this game; type 'help'."

    def choose(self, option) -> None:
        try:
            with interrupts_deferred():
                self.game.choose(option.id)         # a failing choice leaves the game as it was
                self.changed = True
                self.save_now()
        except GameError as err:
            self.say(f"That could not be done: {err}")
            return
        self.fresh = True

    # ---- showing
    def show_position(self) -> None:
        """What has happened since the last decision, then (at a terminal) the board fitted to the
        screen, then the next decision."""
        events = self.new_events()
        for line in events:
            self.out.print(line)
        many = self.interactive and len(events) > EVENT_ROWS
        if many:        # the board will push the first of them off the screen
            self.say(f"({len(events)} events since the last question; 'log {len(events)}' shows them again)", "dim")
        self.hand_over()
        decision = [] if self.game.over else self.decision_view(rows=self.decision_rows())
        if self.interactive:
            width, height = self.out.size
            shown_events = min(lines_taken(Group(*events), width), EVENT_ROWS) + (1 if many else 0)
            room = height - self.edges() - lines_taken(Group(*decision), width) - shown_events
            board = compact.fitted_board(self.game, width, max(room, MIN_BOARD))
            over = lines_taken(board, width) - room
            if decision and over > 0:       # the board cannot be cut that short: fewer options in view
                decision = self.decision_view(rows=max(self.decision_rows() - over, 2))
            self.out.print(Rule(self.heading(), style="dim"))
            self.out.print(board)
        for part in decision:
            self.out.print(part)
        if decision and self.interactive and not self.toolbar_rows:
            back = " or 'back'" if self.game.decision.chosen else ""
            self.say(f"Choose {self.numbering.span()}{back}, or a word to find options; 'legend', 'help'.", "dim")

    def edges(self) -> int:
        """Lines of the screen not for the board or the options (the toolbar replaces the hint)."""
        return SCREEN_EDGES - 1 + self.toolbar_rows if self.toolbar_rows else SCREEN_EDGES

    def hand_over(self) -> None:
        """With several seats, when the question is for another seat than the last one: say whom to
        pass the game to, and at a terminal wait for Enter (a choice typed instead is its answer)."""
        decision = self.game.decision
        if self.game.over or self.game.seats < 2 or decision.everyone:
            return
        previous, self.seat = self.seat, decision.seat
        if previous is None or previous == decision.seat:
            return
        self.say(f"Seat {decision.seat}'s turn: pass the game to the player of seat {decision.seat}.", "bold")
        if self.interactive:
            try:
                self.typed_ahead = self.read("Press Enter to go on: ", empty=True).strip() or None
            except EOFError:                # Ctrl-D stops here as at any question
                self.typed_ahead = "quit"

    def decision_rows(self) -> int | None:
        """How many lines the options may take: at a terminal, half the screen; else no limit."""
        return (self.out.size.height - self.edges()) // 2 if self.interactive else None

    def heading(self) -> str:
        title = self.game.rules.title
        return f"{title} · decision {self.game.decisions_made + 1}" if not self.game.over else f"{title} · game over"

    def new_events(self) -> list[Text]:
        events = self.game.log
        lines = [event_text(event) for event in events[self.shown:] if event.for_players]
        self.shown = len(events)
        return lines

    def decision_view(self, everything: bool = False, rows: int | None = None) -> list:
        """The decision's prompt and its options, numbered and grouped by action. When they do not
        fit in `rows` lines (or number more than SHORT_LIST without a limit): the first ones and
        how many more if they are at most twice what fits or are not actions (a step of a staged
        choice), else how many each action has."""
        decision = self.game.decision
        numbered = list(self.numbering.numbered)
        head = Text(printable(question(decision)), style="bold")
        if not self.interactive:
            head = Text("\n").append_text(head)
        listed = [head] + options_view(numbered, headed=True)
        if everything or (rows is None and len(numbered) <= SHORT_LIST):
            return listed
        width = self.out.size.width
        if rows is not None and lines_taken(Group(*listed), width) <= rows:
            return listed
        if rows is not None and (len(numbered) <= 2 * rows or len(group_options(numbered)) == 1):
            for shown in range(len(numbered) - 1, 0, -1):
                first = [head] + options_view(numbered[:shown], headed=True) + [more_note(numbered, shown)]
                if lines_taken(Group(*first), width) <= rows:
                    return first
        return [head] + summary_view(numbered)

    def remind(self) -> None:
        """The question still waiting, in one line, after a command printed something else."""
        self.say(question(self.game.decision), "bold")
        self.say(f"Choose {self.numbering.span()}; 'all' lists the options.", "dim")

    def list_options(self, numbered) -> None:
        for part in options_view(numbered):
            self.out.print(part)

    def say(self, text: str, style: str = "") -> None:
        self.out.print(Text(printable(text), style=style))

    # ---- saving
    def save_now(self) -> bool:
        """Autosave, if on; False (and said) if the file could not be written."""
        if not self.autosave:
            return True
        try:
            self.write(self.autosave)
        except OSError as err:
            self.say(f"Could not autosave to {self.autosave}: {err.strerror or err}", "bold red")
            self.unsaved = True
            return False
        return True

    def write(self, path: str) -> None:
        """Save the game to `path`; a saved game of before found there the first time is copied
        to a .previous file (and said), so that no save is overwritten unseen."""
        if not self.holds_this_game(path):
            problem = save_target_problem(path)     # checked at the start, but the file may have changed since
            if problem:
                raise OSError(f"{problem}; it is left as it is")
            kept = keep_previous(path)
            if kept:
                self.say(f"(the game saved before in {path} is kept as {kept}; resume it with --load {kept})", "dim")
        save_game(path, self.game.to_json())
        self.remember(path)
        self.unsaved = self.warned_unsaved = self.changed = False

    def rescue(self) -> str | None:
        """Save the game in a new file of the user's data folder (see `rescue_path`), its own file
        having failed; that file's name, or None if it could not be written either."""
        try:
            path = rescue_path(self.game.rules.name)
            path.parent.mkdir(parents=True, exist_ok=True)
            self.write(str(path))
        except (OSError, RuntimeError):         # RuntimeError: no home folder to be found
            return None
        return str(path)

    def remember(self, path: str) -> None:
        """Note that the file holds this game, as it stands now."""
        self.written[os.path.realpath(path)] = file_stamp(path)

    def holds_this_game(self, path: str) -> bool:
        """Whether the file was written by this session (or the game was loaded from it), however its
        name is spelled, and nothing has written it since."""
        real = os.path.realpath(path)
        return real in self.written and self.written[real] == file_stamp(path)

    def stopped(self, why: str) -> None:
        self.say(why)
        if not self.autosave:
            return
        if not self.game.decisions_made and not self.holds_this_game(self.autosave) and os.path.exists(self.autosave):
            self.say(f"No decision was made: the game saved before in {self.autosave} is left as it was.")
        elif self.save_now():
            self.say_resume(f"The game is saved in {self.autosave}.", self.autosave)
        elif (rescued := self.rescue()) is not None:
            self.say_resume(f"It is saved in {rescued} instead.", rescued)
        else:
            self.say("The game is NOT saved.", "bold red")

    def say_resume(self, where: str, path: str) -> None:
        self.say(f"{where} To resume it:")
        self.say(f"  garrison play {self.resume or self.game.rules.name} --load {path}")


# ---- commands: each takes the session and the rest of the line; False ends the session

def cmd_quit(s: Session, rest: str):
    if s.warned_unsaved:           # told before that the game could not be saved: stop anyway
        return False
    if not s.autosave and s.changed and s.written:      # saved or loaded by hand once: its file is behind
        s.warned_unsaved = True
        s.say("The game is played without autosave, and the decisions made since it was last saved would be "
              "lost: 'save FILE' keeps them; 'quit' again stops anyway.")
        return None
    s.stopped("Stopping.")
    if s.unsaved:
        s.warned_unsaved = True
        s.say("Type 'save FILE' to save it elsewhere, or 'quit' again to stop without saving.")
        return None
    return False


def cmd_help(s: Session, rest: str):
    if too_long_a_name(s, rest):
        return
    for line in help_lines(s.game, rest) if rest else [HELP]:
        s.say(line)


def too_long_a_name(s: Session, rest: str) -> bool:
    """Whether the words after a command are longer than any name (a pasted page is not said back whole)."""
    if len(rest) <= LONGEST_NAME:
        return False
    s.say(f"'{clipped(rest, ECHOED)}' is longer than any name in this game.")
    return True


def cmd_board(s: Session, rest: str):
    if not rest:
        s.out.print(render.board(s.game, cell_lines=None))
        return
    regions = render.regions_titled(s.game, rest)
    if not regions:
        titles = [r.title for r in s.game.view.layout.regions] if s.game.view.layout else []
        s.say(f"No region's title has '{rest}'" + (f"; the regions are: {'; '.join(titles)}" if titles else ""))
    for region in regions:
        s.out.print(render.region_panel(s.game, region, cell_lines=None))


def cmd_legend(s: Session, rest: str):
    lines = legend.legend_lines(s.game, s.out.size.width)
    s.say("Short names on the board:" if lines else "The board uses no short names.", "bold")
    for line in lines:
        s.say(line)


def cmd_all(s: Session, rest: str):
    for part in s.decision_view(everything=True):
        s.out.print(part)


def cmd_undo(s: Session, rest: str):
    if rewound(s, s.game.undo, "cannot undo"):
        s.shown = len(s.game.log)
        s.say("(undone)")


def cmd_back(s: Session, rest: str):
    decision = s.game.decision
    if decision is not None and decision.picked:
        s.say("'back' steps out of a choice made in steps; here 'undo' takes back the last value taken.")
        return
    rewound(s, s.game.back, "cannot step back")


def rewound(s: Session, go_back, refusal: str) -> bool:
    """Go back (undo, or out of a step) and save; False, with the reason, if it cannot be done."""
    try:
        with interrupts_deferred():
            go_back()
            s.save_now()
    except GameError as err:
        s.say(f"{refusal}: {err}")
        return False
    s.fresh = True
    return True


def recap_start(game) -> int:
    """Where the log is first shown from: a new game's start, a resumed one's last few events for
    the players (what led to the question it stopped at)."""
    if not game.decisions_made:
        return 0
    told = [i for i, event in enumerate(game.log) if event.for_players]
    return told[-EVENT_ROWS] if len(told) >= EVENT_ROWS else (told[0] if told else len(game.log))


def cmd_log(s: Session, rest: str):
    events = [event for event in s.game.log if event.for_players]
    if rest == "all":
        tail = events
    elif (rest.isascii() and rest.isdecimal()) or not rest:
        count = min(int(rest or LOG_TAIL), len(events))
        tail = events[-count:] if count else []
    else:
        s.say("log takes a number or 'all', e.g. 'log 20'")
        return
    for event in tail:
        s.out.print(event_text(event))
    if len(tail) < len(events):
        s.say(f"(the last {len(tail)} of {len(events)} events; 'log all' shows every one)", "dim")


def cmd_save(s: Session, rest: str):
    path = file_named(s, rest, "save") if rest else s.autosave or default_save_path(s.game.rules.name)
    if path is None:
        return
    problem = save_target_problem(path)
    if problem:
        s.say(f"could not save to {path}: {problem}")
        return
    failing = s.unsaved
    try:
        s.write(path)
    except OSError as err:
        s.say(f"could not save to {path}: {err.strerror or err}")
        return
    s.say(f"saved to {path}")
    if failing and not same_file(s.autosave, path):          # the autosave file could not be written: this one can
        s.autosave = path
        s.say(f"Autosaving to {path} from now on")


def cmd_load(s: Session, rest: str):
    if s.unsaved:
        s.say("The game now is NOT saved (the autosave failed): 'save FILE' it first, then load another.")
        return
    if not s.autosave and s.changed and not s.warned_load and rest:
        s.warned_load = True
        s.say("The game now is not saved (autosave is off): 'save FILE' it first, or 'load' again to leave it.")
        return
    path = file_named(s, rest, "load") if rest else None
    if path is None:
        if not rest:
            s.say(f"load needs a file name, e.g. 'load {default_save_path(s.game.rules.name)}'")
        return
    try:
        game = load_saved(s.game.rules, path)
    except GameError as err:
        s.say(str(err))
        return
    s.game, s.shown, s.fresh, s.changed = game, recap_start(game), True, False
    s.say(f"loaded {path} ({game.decisions_made} decisions made)")
    if s.autosave and not same_file(s.autosave, path):      # the game left stays as last saved; this one saves where it came from
        before = f"The game before stays in {s.autosave}; a" if s.holds_this_game(s.autosave) else "A"
        s.say(f"{before}utosaving to {path} now")
        s.autosave = path
    s.remember(path)


def file_named(s: Session, rest: str, command: str) -> str | None:
    """The file name typed after a command, or None (and said): as typed, or in quotes as in a shell
    (for a name with spaces at its ends, or an empty one); a backslash outside quotes stays itself,
    and a leading `~` is the home folder."""
    if any(ch < " " or ch == "\x7f" for ch in rest):
        s.say("a file name cannot hold a control character (a new line, a tab, NUL…)")
        return None
    if rest[:1] not in ("'", '"'):
        return os.path.expanduser(rest.strip()) or None
    try:
        words = shlex.split(rest)
    except ValueError:
        words = []
    if len(words) != 1 or not words[0]:
        s.say(f"{command} takes one file name (in quotes if it has spaces), e.g. '{command} \"my game.json\"'")
        return None
    return os.path.expanduser(words[0])


def cmd_inspect(s: Session, rest: str):
    if too_long_a_name(s, rest):
        return
    if not rest:
        s.say("inspect needs a space or piece, e.g. 'inspect " + s.game.label(s.game.view.spaces[0]) + "'")
        return
    for line in legend.inspect_text(s.game, rest):
        s.say(line)


# commands that print something other than the question: the question is recalled after them
SHOWING = {cmd_board, cmd_log, cmd_inspect, cmd_help, cmd_save, cmd_legend}

COMMANDS = {"quit": cmd_quit, "q": cmd_quit, "exit": cmd_quit, "help": cmd_help, "?": cmd_help,
            "board": cmd_board, "b": cmd_board, "legend": cmd_legend, "all": cmd_all, "options": cmd_all, "undo": cmd_undo, "u": cmd_undo,
            "back": cmd_back,
            "log": cmd_log, "save": cmd_save, "load": cmd_load, "inspect": cmd_inspect, "i": cmd_inspect}


# ---- helpers

def question(decision) -> str:
    """The seat, the steps chosen so far in a choice made in steps, and the question (with the
    values taken so far, in one that takes several)."""
    steps = "".join(f"{step} › " for step in decision.chosen)
    who = "all players" if decision.everyone else f"seat {decision.seat}"
    taken = f" (taken: {', '.join(decision.picked)})" if decision.picked else ""
    return f"[{who}] {steps}{decision.prompt}{taken}"


def event_text(event) -> Text:
    return Text("  " + printable(event.text), style=EVENT_STYLES.get(event.kind, ""))


def clipped(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


@contextmanager
def interrupts_deferred():
    """Let a choice and its save finish before Ctrl-C takes effect, so no state is half-written."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def play_in_terminal(game, autosave: str | None = None, resume: str = "", instant: bool = True,
                     loaded_from: str | None = None) -> Session:
    """Play on stdin and stdout; the board is drawn after every decision when stdout is a terminal,
    and there an unambiguous option number takes effect without Enter (unless not `instant`).
    The session says whether the game ended and which game it ended on (`load` may change it)."""
    console = render.make_console()
    reader = answer_reader(instant)
    session = Session(game, console, read=reader, interactive=console.is_terminal, autosave=autosave,
                      resume=resume, toolbar_rows=reader.toolbar_rows if console.is_terminal else 0,
                      loaded_from=loaded_from)
    session.run()
    return session
