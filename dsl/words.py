"""English for messages and logs: `a` or `an` before a word, and the plural of a noun."""
from __future__ import annotations

# words whose first letter's sound is not what its spelling says
A_BEFORE = ("uni", "use", "usu", "uti", "ura", "eu", "one", "once")
AN_BEFORE = ("hour", "honest", "honour", "honor", "heir")


def with_article(noun: str) -> str:
    """`a unit`, `an alarm`, `an hour`: the noun after the article that sounds right."""
    word = noun.lower()
    vowel = word[:1] in "aeiou"
    if word.startswith(A_BEFORE):
        vowel = False
    elif word.startswith(AN_BEFORE):
        vowel = True
    return ("an " if vowel else "a ") + noun


def plural(noun: str) -> str:
    """The plural of a noun (its last word) by the common rules of English."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"
