"""A plain terminal loop: shows what happened, lists numbered options, reads a choice."""
from __future__ import annotations

from dsl.errors import GameError

HELP = """Type the number of an option (or its id). Other words filter the options, e.g. 'konrad'.
Commands:
  board  show where everything is
  all    list every option again
  undo   go back to the previous decision
  log    show the whole game log
  save FILE   save the game to FILE
  help   this text
  quit   stop playing"""

LONG_LIST = 30


def play_at_terminal(game, read=input, write=print) -> bool:
    """Play until the game ends (True) or the person quits (False)."""
    shown = 0
    listed_for = None
    while not game.over:
        events = game.log
        for event in events[shown:]:
            write(f"  {event.text}")
        shown = len(events)
        decision = game.decision
        if listed_for != decision:
            show_options(decision, write)
            listed_for = decision
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
        if word == "all":
            show_options(decision, write, everything=True)
            continue
        if word == "log":
            for event in game.log:
                write(f"  {event.text}")
            continue
        if word == "undo":
            try:
                game.undo()
                shown, listed_for = 0, None
                write("(undone)")
            except GameError as err:
                write(f"cannot undo: {err}")
            continue
        if word == "save":
            write(save_game(game, rest.strip() or "game.garrison-save.json"))
            continue
        ids = [o.id for o in decision.options]
        if answer.isdigit():
            n = int(answer)
            if not 1 <= n <= len(decision.options):
                write(f"there is no option {n}; choose 1 to {len(decision.options)}")
                continue
            answer = ids[n - 1]
        if answer not in ids:
            matches = [(i, o) for i, o in enumerate(decision.options, 1) if answer.lower() in o.label.lower()]
            if not matches:
                write(f"'{answer}' is neither an option nor a command; type 'help'")
            for i, option in matches:
                write(f"  {i:>3}. {option.label}")
            continue
        try:
            game.choose(answer)
        except GameError as err:
            write(str(err))
    for event in game.log[shown:]:
        write(f"  {event.text}")
    return True


def show_options(decision, write, everything: bool = False) -> None:
    """Number every option; a long list of actions is summarised by kind of action."""
    write(f"\n[seat {decision.seat}] {decision.prompt}")
    options = decision.options
    if everything or len(options) <= LONG_LIST:
        for i, option in enumerate(options, 1):
            write(f"  {i:>3}. {option.label}")
        return
    groups: dict[str, list[int]] = {}
    for i, option in enumerate(options, 1):
        groups.setdefault(option.id.split(":", 1)[0], []).append(i)
    write(f"  {len(options)} options; type a word to see the matching ones (a name, a place), or 'all':")
    for name, numbers in groups.items():
        if len(numbers) <= 3:
            for i in numbers:
                write(f"  {i:>3}. {options[i - 1].label}")
        else:
            write(f"       {name.replace('_', ' ')}: {len(numbers)} options ({numbers[0]}-{numbers[-1]})")


def save_game(game, path: str) -> str:
    from .saves import write_atomically
    try:
        write_atomically(path, game.to_json())
    except OSError as err:
        return f"could not save to {path}: {err.strerror}"
    return f"saved to {path}"
