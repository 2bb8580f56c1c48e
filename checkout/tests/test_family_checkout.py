"""One checkout for the family (localstripe, no mocks): every line held at once or none, priced
together, paid with one charge of the total the family confirmed, each line its own payment and
seat; a line taken out before paying; the code's use and the credit set aside under their locks
and given back when the card fails."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import Role
from changes.services import class_cancel
from checkout.pricing import price_checkout
from enrolments.models import Enrolment, SeatHold, Selection
from payments import stripe_client
from payments.models import (
    Checkout,
    CheckoutLine,
    CheckoutStatus,
    CreditEntry,
    Payment,
    PaymentStatus,
    PromoCode,
    PromoCodeUse,
)
from payments.services import payment_refund
from payments.tests import stripe_js
from settlement.services import payments_reconcile
from testing.factories import ChildFactory, UserFactory
from testing.outbox import send_queued
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


def summer_class(season, price: str, *, seats: int = 10, week: int = 0, name: str = "Clay"):
    return a_season_class(season, price, week=week, seats=seats, name=name)


@pytest.fixture
def children(family):
    return (
        ChildFactory(account=family, first_name="Mia"),
        ChildFactory(account=family, first_name="Leo"),
    )


@pytest.fixture
def classes(season):
    return (
        summer_class(season, "300.00", name="Wheel Pottery"),
        summer_class(season, "200.00", name="Watercolour", week=1),
    )


@pytest.fixture
def welcome10(season):
    return PromoCode.objects.create(
        season=season, code="WELCOME10", percent=D(10), uses_limit=1000, uses_per_family=1
    )


def items(*pairs):
    return [{"classId": c.pk, "participantId": p.pk} for p, c in pairs]


def opened(client, *pairs, **more):
    return client.post("/api/checkouts", {"items": items(*pairs), **more}, format="json")


def card_saved(answer: dict, family, number=stripe_js.CARD_OK) -> str:
    saved = stripe_js.confirm_card_setup(
        answer["clientSecret"], number, email=family.email, name=family.name
    )
    assert "setupIntent" in saved, saved
    return saved["setupIntent"]["id"]


def paid(client, answer: dict, setup_intent_id: str | None, total=None):
    body = {"total": answer["total"] if total is None else total}
    if setup_intent_id:
        body["setupIntentId"] = setup_intent_id
    return client.post(f"/api/checkouts/{answer['id']}/payment", body, format="json")


def test_two_children_in_one_checkout_are_held_priced_and_paid_with_one_charge(
    as_family, family, children, classes, welcome10
):
    mia, leo = children
    pottery, watercolour = classes

    response = opened(as_family, (mia, pottery), (leo, watercolour), promoCode="welcome10")

    assert response.status_code == 201, response.json()
    answer = response.json()
    assert [
        (line["participantName"].split()[0], line["listPrice"], line["price"])
        for line in answer["lines"]
    ] == [("Mia", 300.0, 270.0), ("Leo", 200.0, 162.0)]
    assert [a["kind"] for a in answer["lines"][1]["adjustments"]] == ["sibling", "code"]
    assert [a["label"] for a in answer["lines"][0]["adjustments"]] == ["Code WELCOME10"]
    assert (answer["total"], answer["credit"], answer["promoCode"]) == (432.0, 0.0, "WELCOME10")
    assert answer["clientSecret"] and answer["holdExpiresAt"]
    assert SeatHold.objects.filter(student=family).count() == 2

    response = paid(as_family, answer, card_saved(answer, family))

    assert response.status_code == 201, response.json()
    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    charge = stripe_js.payment_intent(checkout.payment_intent_id)
    assert (charge["amount"], charge["status"]) == (43200, "succeeded")
    payments = Payment.objects.order_by("id")
    assert [(p.participant_id, p.price, p.status) for p in payments] == [
        (mia.pk, D("270.00"), PaymentStatus.ENROLLED),
        (leo.pk, D("162.00"), PaymentStatus.ENROLLED),
    ]
    assert {p.charge_id for p in payments} == {checkout.payment_intent_id}
    assert [p["price"] for p in response.json()["payments"]] == [270.0, 162.0]
    assert Enrolment.objects.filter(student=family).count() == 2
    assert not SeatHold.objects.exists() and not Selection.objects.exists()
    assert PromoCodeUse.objects.filter(checkout=checkout, family=family).count() == 1
    # One receipt for the one charge, not one per child (checkout/tests/test_checkout_receipt.py).
    [receipt] = send_queued()
    assert receipt.subject == f"Your receipt: Checkout #{checkout.pk} ($432.00)"


def test_a_line_that_cannot_be_held_is_named_and_no_other_is_held(
    as_family, family, children, classes, season
):
    mia, leo = children
    pottery, _ = classes
    full = summer_class(season, "150.00", seats=0, week=2, name="Printmaking")

    response = opened(as_family, (mia, pottery), (leo, full))

    assert response.status_code == 409
    body = response.json()
    assert (body["line"], body["classId"], body["participantId"]) == (1, full.pk, leo.pk)
    assert body["message"].startswith(f"{leo.name}, Printmaking: ")
    assert not SeatHold.objects.exists()
    assert not Selection.objects.exists()
    assert not Checkout.objects.exists()


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        (lambda body, other: body.update(items=[]), "items", "may not be empty"),
        (lambda body, other: body["items"].append(dict(body["items"][0])), "items", "once"),
        (lambda body, other: body["items"][0].update(classId=999999), "items", "no such class"),
        (
            lambda body, other: body["items"][0].update(participantId=other.pk),
            "items",
            "no such person",
        ),
        (lambda body, other: body.update(promoCode="NOPE"), "promoCode", "No such code"),
    ],
    ids=["no items", "a line twice", "unknown class", "another family's child", "unknown code"],
)
def test_a_checkout_that_cannot_be_read_names_the_field(
    as_family, children, classes, change, field, said
):
    other = ChildFactory(account=UserFactory(role=Role.STUDENT))
    body = {"items": items((children[0], classes[0]))}
    change(body, other)

    response = as_family.post("/api/checkouts", body, format="json")

    assert response.status_code == 400
    assert said in " ".join(response.json()["errors"][field])
    assert not SeatHold.objects.exists() and not Checkout.objects.exists()


def test_a_code_past_its_use_limit_is_refused_at_opening(as_family, children, classes, welcome10):
    welcome10.uses_limit = 1
    welcome10.save()
    PromoCodeUse.objects.create(promo_code=welcome10, family=UserFactory(role=Role.STUDENT))

    response = opened(as_family, (children[0], classes[0]), promoCode="WELCOME10")

    assert response.status_code == 400
    assert response.json()["errors"]["promoCode"] == [
        "This code has been used as many times as it may be."
    ]


def test_removing_a_line_gives_its_seat_back_and_prices_the_rest_again(
    as_family, family, children, classes
):
    mia, leo = children
    pottery, watercolour = classes
    answer = opened(as_family, (mia, pottery), (leo, watercolour)).json()
    assert answer["total"] == 480.0

    response = as_family.delete(f"/api/checkouts/{answer['id']}/lines/{answer['lines'][0]['id']}")

    assert response.status_code == 200, response.json()
    [line] = response.json()["lines"]
    # Leo is the only child now: no longer a second child, so he pays in full.
    assert (line["participantId"], line["price"], line["adjustments"]) == (leo.pk, 200.0, [])
    assert response.json()["total"] == 200.0
    assert list(SeatHold.objects.values_list("participant_id", flat=True)) == [leo.pk]


def test_another_familys_checkout_is_not_found(api_client_for, as_family, children, classes):
    answer = opened(as_family, (children[0], classes[0])).json()
    stranger = api_client_for(UserFactory(role=Role.STUDENT))

    assert stranger.get(f"/api/checkouts/{answer['id']}").status_code == 404
    assert (
        stranger.delete(
            f"/api/checkouts/{answer['id']}/lines/{answer['lines'][0]['id']}"
        ).status_code
        == 404
    )
    assert paid(stranger, answer, None).status_code == 404


def test_a_total_that_changed_is_answered_with_the_new_one_and_nothing_is_charged(
    as_family, family, children, classes, welcome10
):
    answer = opened(as_family, (children[0], classes[0]), promoCode="WELCOME10").json()
    setup_intent_id = card_saved(answer, family)
    classes[0].price = D("320.00")
    classes[0].save()

    response = paid(as_family, answer, setup_intent_id)

    assert response.status_code == 409
    assert (response.json()["code"], response.json()["total"]) == ("total_changed", 288.0)
    assert not PromoCodeUse.objects.exists()
    assert Checkout.objects.get().status == CheckoutStatus.OPEN
    assert stripe_js.payment_intents(since=0, setup_intent_id=setup_intent_id) == []

    assert paid(as_family, answer, setup_intent_id, total=288.0).status_code == 201
    assert Payment.objects.get().price == D("288.00")


def test_a_declined_card_gives_the_codes_use_and_the_credit_back(
    as_family, family, children, classes, welcome10
):
    CreditEntry.objects.create(family=family, amount=D("50.00"), reason="A gift from the school")
    answer = opened(
        as_family, (children[0], classes[0]), promoCode="WELCOME10", applyCredit=True
    ).json()
    assert (answer["credit"], answer["total"]) == (50.0, 220.0)

    response = paid(
        as_family, answer, card_saved(answer, family, stripe_js.CARD_DECLINED_WHEN_CHARGED)
    )

    assert response.status_code == 402
    assert not PromoCodeUse.objects.exists()
    assert sum(CreditEntry.objects.values_list("amount", flat=True)) == D("50.00")
    assert Checkout.objects.get().status == CheckoutStatus.OPEN
    assert not Payment.objects.exists()
    # Another card, on a new SetupIntent, pays it.
    again = as_family.get(f"/api/checkouts/{answer['id']}").json()
    assert again["clientSecret"] != answer["clientSecret"]
    assert paid(as_family, again, card_saved(again, family)).status_code == 201
    assert sum(CreditEntry.objects.values_list("amount", flat=True)) == D("0.00")


def test_a_checkout_paid_by_discounts_and_credit_alone_enrols_without_stripe(
    as_family, family, children, classes
):
    CreditEntry.objects.create(family=family, amount=D("600.00"), reason="A gift from the school")
    answer = opened(
        as_family, (children[0], classes[0]), (children[1], classes[1]), applyCredit=True
    ).json()
    assert (answer["credit"], answer["total"], answer["clientSecret"]) == (480.0, 0.0, None)

    response = paid(as_family, answer, None)

    assert response.status_code == 201, response.json()
    assert Enrolment.objects.filter(student=family).count() == 2
    assert [p.price for p in Payment.objects.order_by("id")] == [D("0.00"), D("0.00")]
    assert CreditEntry.objects.get(checkout__isnull=False).amount == D("-480.00")
    assert sum(CreditEntry.objects.values_list("amount", flat=True)) == D("120.00")
    assert Checkout.objects.get().status == CheckoutStatus.PAID


def test_paying_twice_answers_the_first_payment_and_charges_once(
    as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    setup_intent_id = card_saved(answer, family)

    first = paid(as_family, answer, setup_intent_id)
    second = paid(as_family, answer, setup_intent_id)

    assert (first.status_code, second.status_code) == (201, 200)
    assert [p["_id"] for p in first.json()["payments"]] == [
        p["_id"] for p in second.json()["payments"]
    ]
    assert len(stripe_js.payment_intents(since=0, setup_intent_id=setup_intent_id)) == 1


def test_a_card_saved_for_another_checkout_is_refused(as_family, family, children, classes):
    first = opened(as_family, (children[0], classes[0])).json()
    second = opened(as_family, (children[1], classes[1])).json()

    response = paid(as_family, second, card_saved(first, family), total=second["total"])

    assert response.status_code == 400
    assert "setupIntentId" in response.json()["errors"]


def test_the_sibling_discount_is_the_same_in_one_checkout_or_two(
    as_family, family, children, classes
):
    mia, leo = children
    pottery, watercolour = classes
    together = price_checkout(family, [(mia, pottery), (leo, watercolour)])
    answer = opened(as_family, (mia, pottery)).json()
    paid(as_family, answer, card_saved(answer, family))

    later = opened(as_family, (leo, watercolour)).json()

    assert later["lines"][0]["price"] == float(together.lines[1].amount_due) == 180.0


def test_a_refund_of_one_line_gives_back_only_that_lines_share_of_the_charge(
    as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    paid(as_family, answer, card_saved(answer, family))
    mias, leos = Payment.objects.order_by("id")

    payment_refund(payment_id=leos.pk, reason="The school moved the class.")

    [refund] = stripe_js.refunds_of(leos.charge_id)
    assert refund["amount"] == 18000
    mias.refresh_from_db()
    assert mias.status == PaymentStatus.ENROLLED


def test_a_line_that_may_no_longer_be_paid_for_is_named_and_nothing_is_charged(
    as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    setup_intent_id = card_saved(answer, family)
    # The school closes Leo's class while the family types its card.
    watercolour = classes[1]
    watercolour.seats = 0
    watercolour.save()

    response = paid(as_family, answer, setup_intent_id)

    assert response.status_code == 409
    assert (response.json()["line"], response.json()["classId"]) == (1, watercolour.pk)
    assert stripe_js.payment_intents(since=0, setup_intent_id=setup_intent_id) == []
    assert Checkout.objects.get().status == CheckoutStatus.OPEN


def test_cancelling_a_line_paid_partly_with_credit_gives_the_credit_back_as_credit(
    as_family, family, children, classes
):
    CreditEntry.objects.create(family=family, amount=D("100.00"), reason="A gift from the school")
    answer = opened(as_family, (children[0], classes[0]), applyCredit=True).json()
    assert (answer["credit"], answer["total"]) == (100.0, 200.0)
    paid(as_family, answer, card_saved(answer, family))
    payment = Payment.objects.get()
    assert payment.price == D("200.00")

    preview = as_family.get(f"/api/enrolments/{payment.enrolment_id}/cancellation").json()
    assert (preview["refundAmount"], preview["creditReturned"]) == (200.0, 100.0)
    cancelled = as_family.post(
        f"/api/enrolments/{payment.enrolment_id}/cancellation", {}, format="json"
    )

    assert cancelled.status_code == 200, cancelled.json()
    assert "$100.00 of account credit spent on it is given back." in cancelled.json()["message"]
    assert sum(CreditEntry.objects.values_list("amount", flat=True)) == D("100.00")
    [refund] = stripe_js.refunds_of(payment.charge_id)
    assert refund["amount"] == 20000


def test_a_child_whose_paperwork_is_missing_is_named_and_nothing_is_held(
    as_family, family, children, classes
):
    newcomer = ChildFactory(account=family, first_name="Ivo", care=False)

    response = opened(as_family, (children[0], classes[0]), (newcomer, classes[1]))

    assert response.status_code == 409
    body = response.json()
    assert (body["code"], body["line"], body["participantId"]) == (
        "care_incomplete",
        1,
        newcomer.pk,
    )
    assert "record" in body["missing"]
    assert not SeatHold.objects.exists() and not Checkout.objects.exists()


def asked_by_the_bank(client, family, answer) -> dict:
    """The family pays with a card whose bank asks for 3-D Secure, and passes it."""
    setup_intent_id = card_saved(answer, family, stripe_js.CARD_3DS)
    asked = paid(client, answer, setup_intent_id)
    assert asked.status_code == 402, asked.json()
    assert asked.json()["requiresAction"] is True
    assert "paymentIntent" in stripe_js.confirm_card_payment(asked.json()["clientSecret"])
    return asked.json()


def test_after_3d_secure_the_page_posts_the_payment_intent_and_every_line_enrols(
    as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    asked = asked_by_the_bank(as_family, family, answer)

    response = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"paymentIntentId": asked["paymentIntentId"], "total": answer["total"]},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert Enrolment.objects.filter(student=family).count() == 2
    assert Checkout.objects.get().payment_intent_id == asked["paymentIntentId"]


def test_the_webhook_enrols_a_checkout_whose_tab_closed_after_3d_secure(
    empty_localstripe, api_client, as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    asked = asked_by_the_bank(as_family, family, answer)
    event = stripe_js.succeeded_event(asked["paymentIntentId"])

    response = api_client.post(
        "/api/stripe/webhook",
        event,
        content_type="application/json",
        HTTP_STRIPE_SIGNATURE=stripe_js.signature(event),
    )

    assert response.status_code == 200
    assert Checkout.objects.get().status == CheckoutStatus.PAID
    assert [p.status for p in Payment.objects.order_by("id")] == [PaymentStatus.ENROLLED] * 2
    # A repeat of the event, or reconciliation after it, changes nothing.
    api_client.post(
        "/api/stripe/webhook",
        event,
        content_type="application/json",
        HTTP_STRIPE_SIGNATURE=stripe_js.signature(event),
    )
    payments_reconcile()
    assert Payment.objects.count() == 2


def test_reconciliation_gives_back_what_a_charge_that_never_reached_stripe_set_aside(
    empty_localstripe, as_family, family, children, classes, welcome10
):
    CreditEntry.objects.create(family=family, amount=D("20.00"), reason="A gift from the school")
    answer = opened(
        as_family, (children[0], classes[0]), promoCode="WELCOME10", applyCredit=True
    ).json()
    # As the server leaves a checkout whose charge it asked for and heard nothing back of.
    checkout = Checkout.objects.get()
    PromoCodeUse.objects.create(promo_code=welcome10, family=family, checkout=checkout)
    CreditEntry.objects.create(
        family=family, amount=D("-20.00"), reason="Paid at checkout", checkout=checkout
    )
    Checkout.objects.filter(pk=checkout.pk).update(
        status=CheckoutStatus.CHARGING,
        total=D(str(answer["total"])),
        credit=D("20.00"),
        charging_since=timezone.now() - timedelta(minutes=10),
    )

    payments_reconcile()

    checkout.refresh_from_db()
    assert checkout.status == CheckoutStatus.OPEN
    assert not PromoCodeUse.objects.exists()
    assert sum(CreditEntry.objects.values_list("amount", flat=True)) == D("20.00")


def test_reconciliation_enrols_a_checkout_whose_charge_was_made_but_never_answered(
    empty_localstripe, as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    setup_intent_id = card_saved(answer, family)
    # As the server leaves a checkout whose charge Stripe made while the answer was lost.
    checkout = Checkout.objects.get()
    for line in answer["lines"]:
        CheckoutLine.objects.filter(pk=line["id"]).update(
            list_price=D(str(line["listPrice"])), price=D(str(line["price"]))
        )
    Checkout.objects.filter(pk=checkout.pk).update(
        status=CheckoutStatus.CHARGING,
        total=D("480.00"),
        setup_intent_id=setup_intent_id,
        charging_since=timezone.now() - timedelta(minutes=10),
    )
    setup = stripe_client.card_setup_retrieve(setup_intent_id)
    charge = stripe_client.charge_create(
        amount=48000,
        currency="usd",
        customer_id=setup.customer_id,
        payment_method_id=setup.payment_method_id,
        metadata={**setup.metadata, "setup_intent_id": setup_intent_id},
        idempotency_key=f"lost-answer-{setup_intent_id}",
    )

    payments_reconcile()

    checkout.refresh_from_db()
    assert (checkout.status, checkout.payment_intent_id) == (CheckoutStatus.PAID, charge.id)
    assert [p.status for p in Payment.objects.order_by("id")] == [PaymentStatus.ENROLLED] * 2
    # Once settled, the charge is not settled again.
    assert charge.id not in str(payments_reconcile().settled)


def test_a_line_refused_its_seat_after_the_bank_gives_back_the_card_and_the_credit(
    as_family, family, children, classes
):
    CreditEntry.objects.create(family=family, amount=D("100.00"), reason="A gift from the school")
    answer = opened(as_family, (children[0], classes[0]), applyCredit=True).json()
    asked = asked_by_the_bank(as_family, family, answer)
    # The school calls the class off while the family answers their bank.
    class_cancel(class_id=classes[0].pk)

    response = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"paymentIntentId": asked["paymentIntentId"], "total": answer["total"]},
        format="json",
    )

    # The charge is put on record, but its seat is gone: the card gets its $200 back, and the
    # $100 of credit spent on the line goes back to the account, where it came from.
    assert response.status_code == 201, response.json()
    [payment] = response.json()["payments"]
    assert payment["status"] == "refunded"
    assert payment["refundParts"] == [
        {"way": "card", "amount": 200.0, "instalmentId": None},
        {"way": "credit", "amount": 100.0, "instalmentId": None},
    ]
    [refund] = stripe_js.refunds_of(asked["paymentIntentId"])
    assert refund["amount"] == 20000
    assert sum(CreditEntry.objects.values_list("amount", flat=True)) == D("100.00")
