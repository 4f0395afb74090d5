"""Questions for all the players (`for all seats`) and the hand-over between seats at the terminal."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

import interpreter
from interpreter.terminal.prompt import Session, question

GAME = '''game council "Council" { seats 1..3 home hall }
space hall "Hall"
play {
    as seat seats() {
        choose x from [1, 2, 3] "How many guards do the players post?" for all seats { log "{x} posted by seat {seat}" }
        choose y from [4, 5] "The last seat alone: which?" { log "seat {seat} took {y}" }
    }
    as seat 1 {
        choose 1..2 zs from [6, 7, 8] "Which gates do the players bar?" for all seats { log "{zs}" }
        choose w from [9, 10] "Seat 1 alone: which?" { log "{w}" }
    }
}
'''


@pytest.fixture
def rules(tmp_path):
    (tmp_path / "council.rules").write_text(GAME, encoding="utf-8")
    return interpreter.load_rules(tmp_path)


def test_a_question_for_all_seats_is_marked_and_logged_so(rules):
    game = rules.new_game(seats=2)
    first = game.decision
    assert first.everyone and first.seat == 2
    assert question(first) == "[all players] How many guards do the players post?"
    game.choose("2")
    assert [e.text for e in game.log][-2:] == ["All players: How many guards do the players post? → 2",
                                               "2 posted by seat 2"]
    assert not game.decision.everyone and question(game.decision) == "[seat 2] The last seat alone: which?"
    game.choose("4")
    assert game.decision.everyone                                   # choose N..M: every step
    game.choose("6")
    assert game.decision.everyone
    again = rules.load_game(game.to_json())                         # saved and replayed alike
    assert again.decision.everyone and again.decision.prompt == "Which gates do the players bar?"


def session_output(rules, seats: int, answers: list[str], interactive: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=False, color_system=None)
    lines = iter(answers)
    asked = []

    def read(prompt, asker=None, empty=False):
        asked.append(prompt)
        line = next(lines, None)
        if line is None:
            raise EOFError
        return line
    Session(rules.new_game(seats=seats), console, read=read, interactive=interactive).run()
    return out.getvalue() + "\n".join(f"ASKED {p}" for p in asked)


def test_the_terminal_hands_over_between_seats_but_not_for_questions_to_all(rules):
    text = session_output(rules, 2, ["1", "4", "6", "3", "9"], interactive=False)    # whole numbers by value
    assert "Seat 1 alone: which? → 9" in text
    assert text.count("pass the game") == 1
    handover = text.index("Seat 1's turn: pass the game to the player of seat 1.")
    assert text.index("[seat 2] The last seat alone") < handover < text.index("[seat 1] Seat 1 alone")
    assert "[all players] Which gates do the players bar?" in text


def test_at_a_terminal_the_hand_over_waits_and_a_choice_typed_there_counts(rules):
    text = session_output(rules, 2, ["1", "4", "6", "9", "10"], interactive=True)    # done keeps number 9
    assert "ASKED Press Enter to go on: " in text
    assert "Seat 1 alone: which? → 10" in text                     # typed at the pause: the answer


def test_one_seat_never_hands_over(rules):
    text = session_output(rules, 1, ["1", "1", "1", "3", "1"], interactive=False)
    assert "pass the game" not in text
