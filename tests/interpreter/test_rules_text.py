"""Rules text: declared with `text "..."`, read through the rules view, shown by the terminal's
`inspect` and `help TOPIC`, and given by `garrison info --json`."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter
from interpreter.terminal.rules_help import help_lines
from interpreter.terminal.render import inspect_lines

GAME = '''game keep "The Keep" { seats 1..2 home yard text "Hold the keep" "until dawn." }
space yard "Yard"
space gate "Gate": post { text "The only way in." }
kind post: space { }
token alarm "alarm" supply 3 text "A sentry raised it; three end the night."
kind soldier: piece {
    text "A soldier of the keep."
    combat: int
}
kind archer: soldier { }
piece tom "Tom": soldier { combat 1 }
piece ann "Ann": archer x2 { combat 2 text "Ann shoots twice." }
piece bob "Bob": archer { combat 2 }
action shout(s: soldier)
    label "{s} shouts"
    text "Raise the alarm."
{
    add alarm to gate
}
play { perform shout "Shout?" pass "Quiet" }
'''


@pytest.fixture
def rules(tmp_path):
    (tmp_path / "keep.rules").write_text(GAME, encoding="utf-8")
    return interpreter.load_rules(tmp_path)


def test_texts_are_read_from_the_view_and_objects_inherit_their_kinds(rules):
    view = rules.view()
    assert view.game_text == "Hold the keep until dawn."
    assert view.rules_text("alarm") == "A sentry raised it; three end the night."
    assert view.rules_text("shout") == "Raise the alarm."
    assert view.rules_text("ann#2") == "Ann shoots twice."              # its own
    assert view.rules_text("bob") == "A soldier of the keep."           # archer has none: soldier's
    assert view.rules_text("gate") == "The only way in."
    assert view.rules_text("yard") is None


def test_topics_are_plain_data(rules):
    topics = {t["name"]: t for t in rules.view().rules_topics()}
    assert topics["alarm"] == {"name": "alarm", "what": "token", "title": "alarm",
                               "text": "A sentry raised it; three end the night."}
    assert topics["shout"]["what"] == "action" and topics["soldier"]["what"] == "kind"
    assert topics["ann"]["what"] == "piece" and topics["ann"]["title"] == "Ann"
    json.dumps(topics)


def test_a_mod_changes_a_card_text(tmp_path):
    pack = tmp_path / "keep"
    pack.mkdir()
    (pack / "keep.rules").write_text(GAME, encoding="utf-8")
    mod = tmp_path / "mod.rules"
    mod.write_text('mod "Loud" for keep\nchange piece bob { text "Bob never shuts up." }\n', encoding="utf-8")
    rules = interpreter.load_rules(pack, mods=[mod])
    assert rules.view().rules_text("bob") == "Bob never shuts up."


def test_inspect_and_help_show_the_text(rules):
    game = rules.new_game()
    assert "  A soldier of the keep." in inspect_lines(game, "bob")
    assert help_lines(game, "alarm") == ["alarm (token):", "  A sentry raised it; three end the night."]
    assert help_lines(game, "game") == ["The Keep:", "  Hold the keep until dawn."]
    assert help_lines(game, "Tom") == ["Tom:", "  A soldier of the keep."]
    missing = help_lines(game, "alarn")[0]
    assert "No rules text is about 'alarn' (did you mean 'alarm'?)" in missing and "Topics: game," in missing


def test_every_pack_explains_every_card_kind_piece_kind_token_and_action():
    for pack in ("postmen", "westerplatte", "tigerleader"):
        rules = interpreter.load_rules(pack)
        view = rules.view()
        assert view.game_text and len(view.game_text) > 200, pack
        decls = [d for d in rules.declarations if getattr(d, "decl", "") in ("kind", "token", "action")]
        spaces = {d.name for d in decls if d.decl == "kind" and rules.compiled().kinds.ancestors(d.name)[-1] == "space"}
        silent = [d.name for d in decls if not d.text and d.name not in spaces]
        assert silent == [], (pack, silent)
        for oid in view.pieces:
            assert view.rules_text(oid), (pack, oid)


def test_info_json_gives_the_overview_and_every_topic():
    out = subprocess.run([sys.executable, "-m", "interpreter", "info", "postmen", "--json"],
                         capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2]).stdout
    info = json.loads(out)
    assert info["overview"].startswith("Hold the Polish Post Office")
    names = {t["name"] for t in info["rules_text"]}
    assert {"suppression", "attack", "assault_card", "defender"} <= names
