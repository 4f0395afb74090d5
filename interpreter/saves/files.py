"""Save files on disk: written atomically, read back with clear errors, older ones kept aside, leftovers cleared."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import stat
import tempfile
import time
from pathlib import Path

from interpreter.runtime import (SAVE_FORMAT, GameError, bundled_change, check_trail, parse_save, printable_path,
                                 short_line, whole)


def write_atomically(path, text: str, newline: str = "\n") -> None:
    """Write the whole text or nothing: to a temporary file beside the target, then renamed over it.
    A symbolic link stays one (the file it names is written), and the file keeps its permissions
    (a new one gets those the user's umask gives). A file with other hard links comes out of it a
    file of its own: writing it in place could leave it cut short, which renaming never does."""
    target = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def file_stamp(path) -> tuple | None:
    """What tells one state of a file from another (which file, when written, how long), or None if there is none."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino, found.st_mtime_ns, found.st_size


def _mode_for(target: Path) -> int:
    """The permission bits a written file gets: the file's own, else the umask's for a new file."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def temporary_name(target_name: str) -> re.Pattern:
    """The names `write_atomically` gives its temporary files for a target: a dot, the target's
    name, a dot and the eight characters (a-z, 0-9, _) mkstemp draws."""
    return re.compile(rf"\.{re.escape(target_name)}\.[a-z0-9_]{{8}}")


def remove_stale_temporaries(path) -> None:
    """Remove temporary files left beside a save by a write that never finished (a process
    killed mid-save): only those of this save's own name, never the save itself."""
    target = Path(path)
    pattern = temporary_name(target.name)
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def save_game(path, text: str) -> None:
    """Write a save, first clearing what an interrupted earlier save of it left behind."""
    remove_stale_temporaries(path)
    write_atomically(path, text)


SAVE_KEYS = ("game", "seed", "variant", "seats", "trail", "state")


def default_save_path(game_name: str) -> str:
    """Where a game is saved when no file is named: in the current folder, after the game."""
    return f"{game_name}.{SAVE_FORMAT}.json"


def data_folder(name: str) -> Path:
    """A folder of the user's data folder: $XDG_DATA_HOME/garrison/NAME, else ~/.local/share/garrison/NAME."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "garrison" / name


def rescue_path(game_name: str) -> Path:
    """A new file for a game whose own save file could not be written: in the user's data folder
    (see `data_folder`, in rescued/), named after the game and the time, never an existing file's name."""
    stem = f"{game_name}-{time.strftime('%Y%m%d-%H%M%S')}"
    folder = data_folder("rescued")
    path, number = folder / f"{stem}.{SAVE_FORMAT}.json", 1
    while os.path.lexists(path):
        number += 1
        path = folder / f"{stem}-{number}.{SAVE_FORMAT}.json"
    return path


def read_save(path) -> tuple[str, dict]:
    """The text and data of a save file; GameError in one line if it cannot be a saved game."""
    if not str(path).strip():
        raise GameError("cannot load a file without a name: name a saved game")
    try:
        if Path(path).exists() and not Path(path).is_file():
            raise GameError(f"cannot load {path}: it is not a plain file (a folder, a device or a pipe)")
        text = Path(path).read_text(encoding="utf-8-sig")      # a byte order mark an editor wrote is no part of it
    except FileNotFoundError:
        raise GameError(f"cannot load {path}: there is no such file") from None
    except OSError as err:
        raise GameError(f"cannot load {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise GameError(f"cannot load {path}: this is not a saved game (not text)") from None
    except ValueError as err:           # a NUL in the name
        raise GameError(f"cannot load {path!r}: {err}") from None
    if not text.strip():
        raise GameError(f"cannot load {path}: the file is empty")
    try:
        data = parse_save(text)
    except GameError as err:
        raise GameError(f"cannot load {path}: {err}") from None
    missing = [k for k in SAVE_KEYS if k not in data]
    if missing:
        raise GameError(f"cannot load {path}: the saved game is incomplete (missing {', '.join(missing)})")
    if not (short_line(data["game"]) and whole(data["seed"]) and whole(data["seats"])):     # the variant: parse_save
        raise GameError(f"cannot load {path}: the saved game is damaged (its game, seed, variant or seats)")
    try:
        data["trail"] = check_trail(data["trail"])
    except GameError as err:
        raise GameError(f"cannot load {path}: {err}") from None
    mods = data.get("mods") or []
    if not (isinstance(mods, list) and len(mods) <= MOST_MODS
            and all(printable_path(m) and len(m) <= MOST_PATH for m in mods)):
        raise GameError(f"cannot load {path}: the saved game is damaged (its mods must be the paths of files or folders)")
    return text, data


MOST_MODS, MOST_PATH = 1000, 4096     # mods a save may record, and characters in one's path


def mod_options(mods) -> str:
    """`--mod PATH` for each mod, as a shell reads them (`--mod=PATH` where the path starts with a dash)."""
    return " ".join(f"--mod={shlex.quote(m)}" if m.startswith("-") else f"--mod {shlex.quote(m)}" for m in mods)


def mods_to_apply(path, data: dict, given) -> list[str]:
    """The mods (and scenario) to load a save with: those the player names, else the save's own
    if each is a bundled mod or scenario. A save never chooses a file to be read."""
    if given:
        return list(given)
    recorded = data.get("mods") or []
    found = [bundled_change(m) for m in recorded]
    if len(set(found)) < len(found) and None not in found:
        raise GameError(f"cannot load {path}: the saved game is damaged (its mods name one bundled mod twice)")
    if any(f is not None and f.parent.parent.name != data.get("game") for f in found):
        raise GameError(f"cannot load {path}: the saved game is damaged (its mods are another game's)")
    missing = [m for m, f in zip(recorded, found) if f is None]
    if missing:
        which = f"the mod {missing[0]}, which is" if len(missing) == 1 else f"the mods {', '.join(missing)}, which are"
        again = mod_options(recorded)
        raise GameError(f"cannot load {path}: it was played with {which} not bundled; "
                        f"to load it, pass its mods again: {again}")
    return [str(f) for f in found]


def load_saved(rules, path: str, replay_under_new_rules: bool = False):
    """A game of `rules` saved in a file, or GameError with one clear line saying what is wrong
    (RulesChanged if the save was made under other rules and is not to be replayed under these)."""
    text, data = read_save(path)
    if data.get("game") != rules.name:
        raise GameError(f"cannot load {path}: it is a game of '{data.get('game')}', not '{rules.name}'")
    remove_stale_temporaries(path)
    try:
        return rules.load_game(text, replay_under_new_rules)
    except GameError as err:
        raise type(err)(f"cannot load {path}: {err}") from None


def save_target_problem(path) -> str | None:
    """Why a game cannot be saved to `path`, in words (an empty name, a folder, a folder that does
    not exist, a file that is not a saved game, which saving would destroy, a read-only file), or
    None if it can."""
    if not str(path).strip():
        return "the file name is empty"
    if "\0" in str(path):
        return "a file name cannot hold a NUL character"
    target = Path(path)
    try:
        if target.is_dir():
            return "it is a folder"
        if not target.parent.is_dir():
            return f"there is no folder {target.parent}"
        if target.exists() and not target.is_file():
            return "it is not a plain file (a device or a pipe)"
    except OSError as err:              # a name the system refuses, e.g. one too long
        return (err.strerror or str(err)).lower()
    if target.exists() and not _is_save(target):
        return "that file exists and is not a saved game (name another file)"
    if target.exists() and not os.access(target, os.W_OK):     # saving renames over it, which would be allowed
        return "that file is read-only (name another file, or make it writable)"
    return None


def _is_save(path: Path) -> bool:
    """Whether a plain file holds a saved game (or nothing), so that writing a save over it loses no other work."""
    try:
        text = path.read_text(encoding="utf-8")
        return not text.strip() or json.loads(text).get("format") == SAVE_FORMAT
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, AttributeError):
        return False


def keep_previous(path) -> str | None:
    """Keep a copy of an existing save as `<path>.previous` (so a new game never overwrites an old
    one unseen); the copy's name, or None if there was nothing to keep. A copy, not a move: the
    file itself stays, with its permissions, and a link to it stays a link."""
    target = Path(path)
    if not target.is_file():
        return None
    kept = target.with_name(target.name + ".previous")
    number = 1
    while os.path.lexists(kept):            # never over anything: an older .previous is a save too
        number += 1
        kept = target.with_name(f"{target.name}.previous-{number}")
    shutil.copy2(os.path.realpath(target), kept)
    return str(kept)


def same_file(a, b) -> bool:
    """Whether two names given for saves are the one file (`wp.json`, `./wp.json`, its full path, a link to it)."""
    return a is not None and b is not None and os.path.realpath(a) == os.path.realpath(b)
