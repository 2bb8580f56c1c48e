import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from payments.models import PaymentStatus
from testing.factories import PaymentFactory

pytestmark = pytest.mark.django_db


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_list_loads_and_searches_by_transaction_student_and_class(admin_client):
    first = PaymentFactory(transaction_id="pi_first", student__email="sam@camp.test")
    second = PaymentFactory(transaction_id="pi_second", camp_class__name="Origami Animals")

    everyone = admin_client.get("/admin/payments/payment/")
    by_transaction = admin_client.get("/admin/payments/payment/", {"q": "pi_first"})
    by_student = admin_client.get("/admin/payments/payment/", {"q": "sam@camp"})
    by_class = admin_client.get("/admin/payments/payment/", {"q": "origami"})

    assert everyone.status_code == 200
    assert set(everyone.context["cl"].result_list) == {first, second}
    assert list(by_transaction.context["cl"].result_list) == [first]
    assert list(by_student.context["cl"].result_list) == [first]
    assert list(by_class.context["cl"].result_list) == [second]


def test_the_list_filters_by_status(admin_client):
    PaymentFactory(status=PaymentStatus.ENROLL_PENDING)
    enrolled = PaymentFactory(status=PaymentStatus.ENROLLED)

    response = admin_client.get("/admin/payments/payment/", {"status__exact": "enrolled"})

    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [enrolled]


def test_the_list_costs_the_same_queries_for_2_or_30_payments(admin_client):
    PaymentFactory.create_batch(2)
    few = queries_for(admin_client, "/admin/payments/payment/")
    PaymentFactory.create_batch(28)

    assert queries_for(admin_client, "/admin/payments/payment/") == few


def test_the_payment_page_shows_every_field_read_only(admin_client):
    # A refund, the one change an admin makes, is an action that also returns the seat.
    payment = PaymentFactory()

    response = admin_client.get(f"/admin/payments/payment/{payment.pk}/change/")

    assert response.status_code == 200
    readonly = set(response.context["adminform"].readonly_fields)
    assert {"price", "transaction_id", "student", "camp_class", "date", "status"} <= readonly
    assert not response.context["adminform"].form.fields


def test_payments_are_neither_added_nor_deleted_by_hand(admin_client):
    payment = PaymentFactory()

    add = admin_client.get("/admin/payments/payment/add/")
    delete = admin_client.get(f"/admin/payments/payment/{payment.pk}/delete/")

    assert add.status_code == 403
    assert delete.status_code == 403
