"""The secret of a person's calendar feed: made once, kept, replaced only on reset."""

import pytest

from accounts.models import User
from accounts.services import calendar_token_get_or_make, calendar_token_reset

pytestmark = pytest.mark.django_db


def test_of_two_first_asks_at_once_the_first_token_made_is_the_one(people):
    # Two requests loaded the person before either made a token.
    first_request = User.objects.get(pk=people["student"].pk)
    second_request = User.objects.get(pk=people["student"].pk)

    made = calendar_token_get_or_make(user=first_request)
    answered = calendar_token_get_or_make(user=second_request)

    assert answered == made
    assert User.objects.get(pk=people["student"].pk).calendar_token == made


def test_tokens_are_long_random_and_each_person_s_own(people):
    tokens = {calendar_token_get_or_make(user=person) for person in people.values()}

    assert len(tokens) == len(people)
    assert all(len(token) == 43 for token in tokens)


def test_a_reset_replaces_the_token(people):
    sam = people["student"]
    old = calendar_token_get_or_make(user=sam)

    new = calendar_token_reset(user=sam)

    assert new != old
    assert User.objects.get(pk=sam.pk).calendar_token == new
    assert not User.objects.filter(calendar_token=old).exists()
