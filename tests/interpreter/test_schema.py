"""The compiled Rules model's JSON Schema: the checked-in copy matches, and real packs conform."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import interpreter
from interpreter.runtime.model import rules_schema

SCHEMA_FILE = Path(interpreter.__file__).parent / "runtime" / "rules.schema.json"


def test_checked_in_schema_matches_the_model():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == rules_schema(), (
        "the Rules model changed: run `garrison schema > interpreter/runtime/rules.schema.json`")


@pytest.mark.parametrize("pack", ["postmen", "westerplatte", "tigerleader"])
def test_compiled_packs_conform_to_the_schema(pack):
    rules = interpreter.load_rules(pack)
    document = json.loads(rules.document().model_dump_json())
    jsonschema.validate(document, json.loads(rules_schema()))
    assert document["name"] == pack
