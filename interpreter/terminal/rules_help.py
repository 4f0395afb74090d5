"""`help TOPIC` at the terminal: the pack's own rules text about a kind, token, action or piece."""
from __future__ import annotations

import textwrap

from dsl import suggest

from .render import WIDTH, find_objects

GAME_WORDS = {"game", "rules", "overview"}


def indented(text: str) -> str:
    """Rules text as a paragraph indented under its heading."""
    return textwrap.fill(text, width=WIDTH, initial_indent="  ", subsequent_indent="  ")


def help_lines(game, topic: str) -> list[str]:
    """What the rules text says about `topic` (a name or title, any case); several matching topics
    are each shown, a piece or space without a topic of its own shows its kind's text."""
    view = game.view
    query = topic.strip().lower()
    if query in GAME_WORDS:
        return [f"{game.rules.title}:", indented(view.game_text)] if view.game_text else [
            f"The pack gives no overview of {game.rules.title}."]
    topics = view.rules_topics()
    found = [t for t in topics if query in (t["name"].lower(), t["title"].lower())] or [
        t for t in topics if query in t["title"].lower() or query in t["name"].lower()]
    if found:
        return [line for t in found for line in (f"{t['title']} ({t['what']}):", indented(t["text"]))]
    objects = find_objects(game, topic)
    if objects:
        oid = objects[0]
        text = view.rules_text(oid)
        if text:
            return [f"{game.label(oid)}:", indented(text)]
        return [f"The rules text says nothing about {game.label(oid)}; 'inspect {topic}' shows all about it."]
    names = [t["title"].lower() for t in topics] + [t["name"] for t in topics]
    listing = ", ".join(sorted({t["title"] for t in topics if t["what"] != "card"}))
    return [f"No rules text is about '{topic}'{suggest(query, names)}."
            + (f" Topics: game, {listing}." if listing else "")]
