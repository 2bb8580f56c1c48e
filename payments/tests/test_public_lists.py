"""An enrolment and a refund change seats and enrolments: the cached public lists follow."""

import pytest

from payments.models import Payment
from payments.services import payment_refund

pytestmark = pytest.mark.django_db(transaction=True)


def seats_and_enrolments(client, path: str) -> list[tuple[int, int]]:
    return [(item["seats"], item["enroll"]) for item in client.get(path).json()]


def test_a_paid_seat_and_its_refund_show_in_the_public_lists(
    api_client, as_student, selection, pay
):
    assert seats_and_enrolments(api_client, "/api/classes") == [(10, 2)]
    assert seats_and_enrolments(api_client, "/api/popularClasses") == [(10, 2)]

    paid = pay(as_student, selection)
    assert paid.status_code == 201, paid.json()

    assert seats_and_enrolments(api_client, "/api/classes") == [(9, 3)]
    assert seats_and_enrolments(api_client, "/api/popularClasses") == [(9, 3)]

    assert payment_refund(payment_id=Payment.objects.get().pk, reason="Moved away.")

    assert seats_and_enrolments(api_client, "/api/classes") == [(10, 2)]
    assert seats_and_enrolments(api_client, "/api/popularClasses") == [(10, 2)]
