"""A family's place in the line is read and answered without serializer instances
(waiting_room.apis): the answers stay the serializers', which the schema describes."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from django.http import QueryDict
from rest_framework.exceptions import ValidationError

from waiting_room.apis import (
    LineSerializer,
    StandingOutputSerializer,
    line_sent,
    standing_answer,
)
from waiting_room.line import Opening, Standing, line_token_new

OPENS_AT = datetime(2026, 3, 2, 17, 0, tzinfo=UTC)
OPENING = Opening(
    id="7-1772470800",
    season_id=7,
    season_name="Spring",
    opens_at=OPENS_AT,
    starts_at=OPENS_AT - timedelta(minutes=15),
    closed=False,
)
LET_IN = Standing(
    active=False,
    opening=None,
    paused=False,
    line=None,
    position=None,
    admitted=True,
    admission=None,
    admission_expires_at=None,
    estimated_wait_seconds=None,
    poll_seconds=30,
)
WAITING = replace(LET_IN, active=True, opening=OPENING, line="a:b", admitted=False)
STANDINGS = {
    "no room": LET_IN,
    "before the line forms": replace(LET_IN, opening=OPENING, line="a:b"),
    "waiting before the opening": replace(WAITING, estimated_wait_seconds=600),
    "waiting, numbered": replace(WAITING, position=31, estimated_wait_seconds=62, poll_seconds=31),
    "paused": replace(WAITING, paused=True, line=None, position=4, poll_seconds=10),
    "let in": replace(
        WAITING,
        admitted=True,
        admission="admission-token",
        admission_expires_at=OPENS_AT + timedelta(minutes=20, microseconds=5),
    ),
}


@pytest.mark.parametrize("standing", STANDINGS.values(), ids=STANDINGS.keys())
def test_the_answer_is_the_output_serializers(standing):
    answer = standing_answer(standing)

    expected = StandingOutputSerializer(standing).data
    assert answer == expected
    assert list(answer) == list(expected)
    assert [type(value) for value in answer.values()] == [
        type(value) for value in expected.values()
    ]


def _as_the_serializer_reads(data):
    checked = LineSerializer(data=data)
    if not checked.is_valid():
        return ("refused", checked.errors)
    return checked.validated_data.get("line") or None


def _as_read(data):
    try:
        return line_sent(data)
    except ValidationError as error:
        return ("refused", error.detail)


TOKEN = line_token_new()
BODIES = {
    "none": {},
    "a token": {"line": TOKEN},
    "null": {"line": None},
    "blank": {"line": ""},
    "spaces around": {"line": f"  {TOKEN} "},
    "only spaces": {"line": "   "},
    "a number": {"line": 42},
    "true": {"line": True},
    "a list": {"line": [TOKEN]},
    "too long": {"line": "a" * 201},
    "longest": {"line": "a" * 200},
    "a null character": {"line": "ab\x00cd"},
    "not an object": [TOKEN],
    "a string": TOKEN,
}
QUERIES = {
    "none": "",
    "a token": f"line={TOKEN}",
    "blank": "line=",
    "twice": f"line=other&line={TOKEN}",
    "spaces around": f"line=%20{TOKEN}%20",
    "too long": f"line={'a' * 201}",
}


@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_a_body_is_read_as_the_serializer_reads_it(body):
    assert _as_read(body) == _as_the_serializer_reads(body)


@pytest.mark.parametrize("query", QUERIES.values(), ids=QUERIES.keys())
def test_a_query_is_read_as_the_serializer_reads_it(query):
    assert _as_read(QueryDict(query)) == _as_the_serializer_reads(QueryDict(query))
