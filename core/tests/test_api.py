"""Every API error has one JSON shape: a sentence, plus messages per field for bad input."""

import pytest
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core.api import Conflict


def answer_to(error: Exception):
    class FailingApi(APIView):
        def get(self, request):
            raise error

    return FailingApi.as_view()(APIRequestFactory().get("/api/failing"))


def test_bad_input_names_the_fields_and_their_messages():
    response = answer_to(
        exceptions.ValidationError(
            {"price": ["Enter a number."], "seats": ["Ensure this value is at least 0."]}
        )
    )

    assert response.status_code == 400
    assert response.data == {
        "message": "Please check these fields: price, seats.",
        "errors": {"price": ["Enter a number."], "seats": ["Ensure this value is at least 0."]},
    }


def test_nested_field_errors_are_sentences_naming_where_they_are():
    # Every field's errors are a list of sentences (the schema's shape), however deep DRF
    # found them: a nested object's field, or a list's item counted from one.
    response = answer_to(
        exceptions.ValidationError(
            {"payment": {"price": ["Required."]}, "days": {"1": ["Not a weekday."]}}
        )
    )

    assert response.status_code == 400
    assert response.data == {
        "message": "Please check these fields: payment, days.",
        "errors": {"payment": ["price: Required."], "days": ["Item 2: Not a weekday."]},
    }


def test_a_model_validation_error_reads_like_bad_input():
    response = answer_to(DjangoValidationError({"image": ["Enter a valid image URL."]}))

    assert response.status_code == 400
    assert response.data == {
        "message": "Please check these fields: image.",
        "errors": {"image": ["Enter a valid image URL."]},
    }


def test_an_error_about_no_field_in_particular_goes_under_non_field_errors():
    response = answer_to(DjangoValidationError("This class is full."))

    assert response.status_code == 400
    assert response.data == {
        "message": "Please check these fields: non_field_errors.",
        "errors": {"non_field_errors": ["This class is full."]},
    }


@pytest.mark.parametrize(
    "error, status_code, message",
    [
        (Http404(), 404, "Not found."),
        (PermissionDenied(), 403, "You do not have permission to perform this action."),
        (exceptions.NotAuthenticated(), 401, "Authentication credentials were not provided."),
        (Conflict(), 409, "This request conflicts with the current state."),
        (Conflict("You already selected this class."), 409, "You already selected this class."),
    ],
)
def test_other_errors_are_one_sentence(error, status_code, message):
    response = answer_to(error)

    assert response.status_code == status_code
    assert response.data == {"message": message}


def test_an_unexpected_error_is_left_to_django():
    with pytest.raises(ZeroDivisionError):
        answer_to(ZeroDivisionError())
