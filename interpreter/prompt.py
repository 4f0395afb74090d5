"""A plain terminal loop: shows what happened, lists numbered options, reads a choice."""
from __future__ import annotations

import sys

from dsl.errors import GameError

HELP = """Type the number of an option (or its id). Commands:
  board  show where everything is
  undo   go back to the previous decision
  log    show the whole game log
  save FILE   save the game to FILE
  help   this text
  quit   stop playing"""


def play_at_terminal(game, read=input, write=print) -> bool:
    """Play until the game ends (True) or the person quits (False)."""
    shown = 0
    while not game.over:
        events = game.log
        for event in events[shown:]:
            write(f"  {event.text}")
        shown = len(events)
        decision = game.decision
        write(f"\n[seat {decision.seat}] {decision.prompt}")
        for i, option in enumerate(decision.options, 1):
            write(f"  {i:>2}. {option.label}")
        try:
            answer = read("> ").strip()
        except EOFError:
            write("(end of input: stopping)")
            return False
        if not answer:
            continue
        word, _, rest = answer.partition(" ")
        if word in ("quit", "q", "exit"):
            return False
        if word in ("help", "?"):
            write(HELP)
            continue
        if word in ("board", "b"):
            for line in game.board_text():
                write(line)
            continue
        if word == "log":
            for event in game.log:
                write(f"  {event.text}")
            continue
        if word == "undo":
            try:
                game.undo()
                shown = 0
                write("(undone)")
            except GameError as err:
                write(f"cannot undo: {err}")
            continue
        if word == "save":
            write(save_game(game, rest.strip() or "game.garrison-save.json"))
            continue
        option_id = answer
        if answer.isdigit():
            n = int(answer)
            if not 1 <= n <= len(decision.options):
                write(f"there is no option {n}; choose 1 to {len(decision.options)}")
                continue
            option_id = decision.options[n - 1].id
        try:
            game.choose(option_id)
        except GameError as err:
            write(str(err))
    for event in game.log[shown:]:
        write(f"  {event.text}")
    return True


def save_game(game, path: str) -> str:
    from .saves import write_atomically
    try:
        write_atomically(path, game.to_json())
    except OSError as err:
        return f"could not save to {path}: {err.strerror}"
    return f"saved to {path}"


