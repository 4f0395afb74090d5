"""Shell completion for `garrison` (argcomplete): `garrison completion bash|zsh|fish` prints the
script that a shell sources; GAME arguments complete to the bundled packs and directories."""
from __future__ import annotations

import os

SHELLS = ("bash", "zsh", "fish")


def add_completion_parser(sub) -> None:
    completion = sub.add_parser("completion", help="print the shell code that completes garrison's commands",
                                description="Print a completion script. bash: "
                                            "eval \"$(garrison completion bash)\" in ~/.bashrc; zsh: the same in "
                                            "~/.zshrc; fish: garrison completion fish > "
                                            "~/.config/fish/completions/garrison.fish")
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help="bash, zsh or fish")


def cmd_completion(args) -> int:
    import argcomplete
    print(argcomplete.shellcode(["garrison"], shell=args.shell))
    return 0


def game_names(prefix: str, **_) -> list[str]:
    """The bundled games, then the directories, that start with what is typed."""
    from interpreter.runtime import bundled_names
    names = [n for n in bundled_names() if n.startswith(prefix)]
    folder, _, start = prefix.rpartition("/")
    try:
        entries = os.scandir(folder or ".")
    except OSError:
        return names
    with entries:
        names += [f"{folder}/{e.name}/" if folder else f"{e.name}/" for e in entries
                  if e.is_dir() and e.name.startswith(start) and not e.name.startswith(".")]
    return names


def complete_games(parser) -> None:
    """Give every GAME argument of the subcommands the game-name completer."""
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        for sub in action.choices.values():
            for argument in sub._actions:
                if argument.metavar == "GAME":
                    argument.completer = game_names


def autocomplete(parser) -> None:
    """When a shell asks for completions (argcomplete's environment), answer and exit; else nothing."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete
    complete_games(parser)
    argcomplete.autocomplete(parser)
