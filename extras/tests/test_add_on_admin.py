"""The back office's add-ons: set per class or per season with their options' stock, and the
purchases marked delivered (which a refund of one not refundable once delivered then keeps)."""

from decimal import Decimal

import pytest

from extras.models import AddOn, AddOnOption
from payments.models import AddOnPurchase, Kind
from testing.factories import PaymentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def shirt(season):
    add_on = AddOn.objects.create(season=season, label="T-shirt", price=Decimal("15.00"))
    AddOnOption.objects.create(add_on=add_on, label="M", stock=10, sold=3)
    return add_on


def test_an_add_on_is_edited_with_its_options_and_listed_on_its_season_and_class(
    admin_client, season, shirt
):
    page = admin_client.get(f"/admin/extras/addon/{shirt.pk}/change/")
    season_page = admin_client.get(f"/admin/classes/season/{season.pk}/change/")

    assert page.status_code == 200
    assert [inline.opts.model for inline in page.context["inline_admin_formsets"]] == [AddOnOption]
    assert season_page.status_code == 200
    assert AddOn in [inline.opts.model for inline in season_page.context["inline_admin_formsets"]]
    assert "T-shirt" in season_page.content.decode()


def test_the_class_page_lists_its_add_ons(admin_client):
    payment = PaymentFactory()
    AddOn.objects.create(
        camp_class=payment.camp_class, label="Materials fee", price=Decimal("25.00")
    )

    page = admin_client.get(f"/admin/classes/class/{payment.camp_class_id}/change/")

    assert page.status_code == 200
    assert "Materials fee" in page.content.decode()


def test_mark_delivered_marks_those_not_delivered_nor_given_back(admin_client, shirt):
    payment = PaymentFactory(
        adjustments=[
            {"kind": Kind.ADD_ON, "label": "T-shirt (M)", "amount": "15.00"},
        ]
    )
    bought = [
        AddOnPurchase.objects.create(
            payment=payment, add_on=shirt, label="T-shirt", quantity=1, amount=Decimal(15)
        )
        for _ in range(2)
    ]
    AddOnPurchase.objects.filter(pk=bought[1].pk).update(returned_at=payment.date)

    response = admin_client.post(
        "/admin/payments/addonpurchase/",
        {"action": "mark_delivered", "_selected_action": [p.pk for p in bought]},
        follow=True,
    )

    assert response.status_code == 200
    assert "1 marked delivered." in response.content.decode()
    delivered = AddOnPurchase.objects.exclude(delivered_at=None)
    assert list(delivered) == [bought[0]]
    assert admin_client.get("/admin/payments/addonpurchase/").status_code == 200
