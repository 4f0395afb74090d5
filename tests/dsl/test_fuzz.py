"""Fuzzing the front end and the runtime: any text gives a clean load or a RulesError, and a game
that loads gives decisions or a GameError, never a Python traceback.

Inputs are programs generated from the grammar itself (dsl/grammar.lark) and mutations of the
small programs under tests/programs/ (spans deleted, repeated, swapped, or replaced by grammar
words, punctuation and odd characters). bench/fuzz.py runs the same properties much longer.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from fuzzing import check_program, mutate, seed_programs
from dsl.grammar import lark_parser

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(from_lark(lark_parser(), start="start"))
def test_programs_the_grammar_generates_load_or_fail_cleanly(tmp_path_factory, text):
    check_program(tmp_path_factory.mktemp("grammar"), text)


@FUZZ
@given(st.sampled_from(seed_programs()), st.integers(0, 2**32 - 1))
def test_mutated_programs_load_or_fail_cleanly(tmp_path_factory, original, seed):
    check_program(tmp_path_factory.mktemp("mutant"), mutate(original, random.Random(seed)))
