"""JSON as text any file or terminal takes: other scripts as they are, escaped only where UTF-8 cannot hold a text."""
from __future__ import annotations

import json


def json_text(value, **options) -> str:
    """`json.dumps(value)` keeping non-ASCII letters readable; a text that is not valid Unicode (a
    file name whose bytes are not UTF-8, as Python reads it) makes the whole of it \\u-escaped,
    which reads back exactly."""
    text = json.dumps(value, ensure_ascii=False, **options)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, **options)
    return text
