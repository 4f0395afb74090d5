"""The compiled rules as a JSON document (pydantic): what `garrison schema` describes."""
from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field

from dsl import ast as A


class RulesDocument(BaseModel):
    """A whole game, checked: its identity and every declaration."""
    model_config = ConfigDict(extra="forbid", title="Rules")

    name: str = Field(description="the game's identifier, from its 'game' declaration")
    title: str
    seats_min: int = 1
    seats_max: int = 1
    source: str = Field("", description="where the pack was loaded from")
    fingerprint: str = Field("", description="hash of the rules text; a save records it")
    mods: list[str] = Field([], description="mod and scenario files applied, in order; a save records them")
    declarations: list[A.AnyDecl] = Field(description="every top-level declaration, variants included")
    warnings: list[str] = []


def rules_schema() -> str:
    return json.dumps(RulesDocument.model_json_schema(), indent=2, sort_keys=True) + "\n"
