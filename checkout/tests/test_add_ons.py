"""Add-ons (a materials fee, a T-shirt with sizes, lunch) bought with a seat, against the real
parts (localstripe, the database): priced by the one pricing function after the discounts and
before a code, the required ones always charged, their stock held with the seat and taken with
it, bought with the payment, shown on the receipt, and given back with the seat but for one
delivered that is not refundable once delivered."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from checkout.pricing import price_checkout, price_for
from classes.models import Booking, Class
from enrolments.availability import add_on_options_held
from enrolments.models import SeatHold, SeatHoldAddOn, Selection
from enrolments.services import hold_take, holds_tidy
from extras.models import AddOn, AddOnOption
from payments.models import AddOnPurchase, Checkout, Kind, Payment, PaymentStatus, PromoCode
from payments.tests import stripe_js
from testing.day_camp import a_day_camp, units
from testing.factories import ChildFactory
from testing.outbox import send_queued
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def children(family):
    return (
        ChildFactory(account=family, first_name="Mia"),
        ChildFactory(account=family, first_name="Leo"),
    )


@pytest.fixture
def pottery(season):
    return a_season_class(season, "300.00", name="Wheel Pottery")


@pytest.fixture
def materials(pottery):
    return AddOn.objects.create(
        camp_class=pottery, label="Materials fee", price=D("25.00"), required=True
    )


@pytest.fixture
def tshirt(season):
    shirt = AddOn.objects.create(
        season=season,
        label="T-shirt",
        price=D("15.00"),
        max_quantity=2,
        non_refundable_once_delivered=True,
    )
    sizes = {
        size: AddOnOption.objects.create(add_on=shirt, label=size, stock=stock, position=n)
        for n, (size, stock) in enumerate((("S", None), ("M", 1), ("L", 5)))
    }
    return shirt, sizes


def opened(client, *items, **more):
    return client.post("/api/checkouts", {"items": list(items), **more}, format="json")


def item(child, camp_class, *add_ons):
    return {"classId": camp_class.pk, "participantId": child.pk, "addOns": list(add_ons)}


def paid_by_card(client, family, answer):
    saved = stripe_js.confirm_card_setup(
        answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )
    return client.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )


def test_the_single_payment_and_a_checkout_charge_a_required_add_on_asked_or_not(
    family, children, pottery, materials
):
    single = price_for(children[0], pottery)
    together = price_checkout(family, [(children[0], pottery)])

    for quote in (single, together.lines[0]):
        assert quote.amount_due == D("325.00")
        [fee] = quote.adjustments
        assert (fee.kind, fee.label, fee.amount) == (Kind.ADD_ON, "Materials fee", D("25.00"))
        assert fee.as_record()["addOnId"] == materials.pk


def test_no_discount_reduces_an_add_on_but_a_code_that_includes_them(
    family, children, pottery, materials, season
):
    watercolour = a_season_class(season, "200.00", name="Watercolour", week=1)
    AddOn.objects.create(camp_class=watercolour, label="Paper", price=D("10.00"), required=True)
    code = PromoCode.objects.create(season=season, code="HALF", percent=D(50))
    pairs = [(children[0], pottery), (children[1], watercolour)]

    quote = price_checkout(family, pairs, promo_code="HALF")

    # Leo's sibling discount (10%) and the code are off the class; the paper is paid whole.
    assert [(a.kind, a.amount) for a in quote.lines[1].adjustments] == [
        (Kind.SIBLING, D("-20.00")),
        (Kind.ADD_ON, D("10.00")),
        (Kind.CODE, D("-90.00")),
    ]
    assert quote.lines[0].amount_due == D("175.00")

    code.includes_add_ons = True
    code.save()
    quote = price_checkout(family, pairs, promo_code="HALF")

    assert quote.lines[0].amount_due == D("162.50")
    assert quote.lines[1].of_kind(Kind.CODE) == D("-95.00")


def test_a_season_add_on_is_priced_with_its_option_and_quantity_in_the_quote(
    as_family, children, pottery, materials, tshirt
):
    shirt, sizes = tshirt

    response = as_family.post(
        "/api/checkouts/quote",
        {
            "items": [
                item(
                    children[0], pottery, {"id": shirt.pk, "optionId": sizes["L"].pk, "quantity": 2}
                )
            ]
        },
        format="json",
    )

    assert response.status_code == 200, response.json()
    [line] = response.json()["lines"]
    assert line["adjustments"] == [
        {
            "kind": "add_on",
            "label": "Materials fee",
            "amount": 25.0,
            "addOnId": materials.pk,
            "optionId": None,
            "quantity": 1,
        },
        {
            "kind": "add_on",
            "label": "T-shirt (L) ×2",
            "amount": 30.0,
            "addOnId": shirt.pk,
            "optionId": sizes["L"].pk,
            "quantity": 2,
        },
    ]
    assert (line["price"], response.json()["total"]) == (355.0, 355.0)


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        (lambda shirt, sizes: {"id": shirt.pk}, "T-shirt: choose one of its options."),
        (
            lambda shirt, sizes: {"id": shirt.pk, "optionId": sizes["M"].pk, "quantity": 3},
            "T-shirt: choose from 1 to 2.",
        ),
        (lambda shirt, sizes: {"id": 999999}, "999999 is not offered here."),
    ],
    ids=["no size", "too many", "not offered"],
)
def test_a_bad_add_on_is_refused_naming_the_item_and_the_add_on(
    as_family, children, pottery, tshirt, asked, said
):
    shirt, sizes = tshirt

    response = opened(as_family, item(children[0], pottery, asked(shirt, sizes)))

    assert response.status_code == 400
    assert response.json()["errors"]["addOns"] == [f"Item 1: {said}"]
    assert not SeatHold.objects.exists() and not Checkout.objects.exists()


def test_an_add_on_is_held_with_the_seat_bought_with_the_payment_and_on_the_receipt(
    as_family, family, children, pottery, materials, tshirt, smtp_sink
):
    shirt, sizes = tshirt
    medium = {"id": shirt.pk, "optionId": sizes["M"].pk}

    answer = opened(as_family, item(children[0], pottery, medium)).json()

    assert answer["total"] == 340.0
    line = Checkout.objects.get().lines.get()
    assert line.add_ons == [
        {"addOnId": materials.pk, "optionId": None, "quantity": 1},
        {"addOnId": shirt.pk, "optionId": sizes["M"].pk, "quantity": 1},
    ]
    [held] = SeatHoldAddOn.objects.all()
    assert (held.option, held.quantity) == (sizes["M"], 1)
    page = as_family.get(f"/api/classes/{pottery.pk}").json()
    assert [(a["label"], a["required"]) for a in page["addOns"]] == [
        ("Materials fee", True),
        ("T-shirt", False),
    ]
    assert [(o["label"], o["left"]) for o in page["addOns"][1]["options"]] == [
        ("S", None),
        ("M", 0),
        ("L", 5),
    ]

    response = paid_by_card(as_family, family, answer)

    assert response.status_code == 201, response.json()
    [line] = as_family.get(f"/api/checkouts/{answer['id']}").json()["lines"]
    assert [(a["label"], a.get("optionId")) for a in line["adjustments"]] == [
        ("Materials fee", None),
        ("T-shirt (M)", sizes["M"].pk),
    ]
    payment = Payment.objects.get()
    assert (payment.status, payment.price) == (PaymentStatus.ENROLLED, D("340.00"))
    assert [(p.label, p.quantity, p.amount, p.option_id) for p in payment.add_ons.all()] == [
        ("Materials fee", 1, D("25.00"), None),
        ("T-shirt (M)", 1, D("15.00"), sizes["M"].pk),
    ]
    sizes["M"].refresh_from_db()
    assert sizes["M"].sold == 1
    # Sold, no longer held: the hold's row counts for nothing once its hold is gone, and the
    # minute's tidy removes it.
    assert add_on_options_held(option_ids=[sizes["M"].pk], now=timezone.now()) == {}
    holds_tidy()
    assert not SeatHoldAddOn.objects.exists()
    send_queued()
    [receipt] = smtp_sink.messages()
    text = receipt.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert "Materials fee: +$25.00\nT-shirt (M): +$15.00\nPaid: $340.00" in text


def test_the_last_medium_held_by_one_family_is_sold_out_to_another(
    as_family, api_client_for, children, pottery, tshirt
):
    shirt, sizes = tshirt
    medium = {"id": shirt.pk, "optionId": sizes["M"].pk}
    assert opened(as_family, item(children[0], pottery, medium)).status_code == 201
    other = ChildFactory(first_name="Ada")

    response = opened(api_client_for(other.account), item(other, pottery, medium))

    assert response.status_code == 409
    assert (response.json()["code"], response.json()["participantId"]) == (
        "add_on_sold_out",
        other.pk,
    )
    assert "T-shirt (M) is sold out." in response.json()["message"]
    # Once the first family's hold runs out, the medium is the other's to hold.
    SeatHold.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert opened(api_client_for(other.account), item(other, pottery, medium)).status_code == 201


def cancelled(client, payment):
    return client.post(f"/api/enrolments/{payment.enrolment_id}/cancellation", {}, format="json")


def test_a_cancelled_seat_gives_back_its_add_ons_but_one_delivered_and_not_refundable(
    as_family, family, children, pottery, materials, tshirt
):
    shirt, sizes = tshirt
    medium = {"id": shirt.pk, "optionId": sizes["M"].pk}
    large = {"id": shirt.pk, "optionId": sizes["L"].pk}
    answer = opened(
        as_family, item(children[0], pottery, medium), item(children[1], pottery, large)
    ).json()
    assert paid_by_card(as_family, family, answer).status_code == 201
    mias, leos = Payment.objects.order_by("id")
    AddOnPurchase.objects.filter(payment=leos, option=sizes["L"]).update(
        delivered_at=timezone.now()
    )

    preview = as_family.get(f"/api/enrolments/{leos.enrolment_id}/cancellation").json()
    # The season's policy refunds in full this early: all but the T-shirt Leo wears.
    assert preview["refundAmount"] == float(leos.price - D("15.00"))
    assert cancelled(as_family, leos).status_code == 200
    assert cancelled(as_family, mias).status_code == 200

    refunded = sum(r["amount"] for r in stripe_js.refunds_of(mias.charge_id))
    assert refunded == int((mias.price + leos.price) * 100) - 1500
    for size in sizes.values():
        size.refresh_from_db()
    assert (sizes["M"].sold, sizes["L"].sold) == (0, 1)
    kept = AddOnPurchase.objects.get(payment=leos, option=sizes["L"])
    assert kept.returned_at is None
    assert all(p.returned_at is not None for p in AddOnPurchase.objects.exclude(pk=kept.pk))


def test_lunch_per_day_on_the_days_named_and_a_kit_once_per_item_of_a_days_camp(
    as_family, family, children, season
):
    days_camp = a_day_camp(season, "40.00", booking=Booking.DAYS, weeks=1)
    monday, tuesday, wednesday, *_ = units(days_camp)
    lunch = AddOn.objects.create(
        camp_class=days_camp, label="Lunch", price=D("9.50"), per_day=True, max_quantity=2
    )
    AddOn.objects.create(camp_class=days_camp, label="Kit", price=D("12.00"), required=True)
    item = {
        "classId": days_camp.pk,
        "participantId": children[0].pk,
        "units": [monday.pk, tuesday.pk, wednesday.pk],
        "addOns": [{"id": lunch.pk, "units": [monday.pk, wednesday.pk]}],
    }

    response = as_family.post("/api/checkouts/quote", {"items": [item]}, format="json")

    assert response.status_code == 200, response.json()
    assert [
        (line["classId"], [(a["label"], a["amount"]) for a in line["adjustments"]])
        for line in response.json()["lines"]
    ] == [
        (monday.pk, [("Lunch", 9.5), ("Kit", 12.0)]),
        (tuesday.pk, []),
        (wednesday.pk, [("Lunch", 9.5)]),
    ]
    assert response.json()["total"] == 151.0

    item["addOns"][0]["units"] = [monday.pk, days_camp.pk]
    refused = as_family.post("/api/checkouts/quote", {"items": [item]}, format="json")

    assert refused.status_code == 400
    assert refused.json()["errors"]["addOns"] == [
        "Item 1: Lunch: only per day, on the weeks or days booked."
    ]


def test_a_season_s_required_add_on_is_charged_once_per_child_per_season(
    as_family, family, children, pottery, season
):
    AddOn.objects.create(season=season, label="Registration kit", price=D("20.00"), required=True)
    watercolour = a_season_class(season, "200.00", name="Watercolour", week=1)
    mia = children[0]

    quote = price_checkout(family, [(mia, pottery), (mia, watercolour)])

    assert [line.of_kind(Kind.ADD_ON) for line in quote.lines] == [D("20.00"), D("0.00")]

    answer = opened(as_family, item(mia, pottery)).json()
    assert paid_by_card(as_family, family, answer).status_code == 201

    # Bought with Pottery: Watercolour, later, is not charged it again; Leo is.
    assert price_for(mia, watercolour).of_kind(Kind.ADD_ON) == D("0.00")
    assert price_for(children[1], watercolour).of_kind(Kind.ADD_ON) == D("20.00")


def test_a_class_s_required_add_on_is_charged_whatever_its_id_shares_with_its_season(family):
    # A class and its season may have the same id: each is counted as what it is.
    first = a_season()
    clay = a_season_class(first, "100.00", name="Clay")
    pottery = a_season_class(first, "100.00", name="Pottery", week=1)
    season = first if first.pk == pottery.pk else a_season("Autumn", pk=pottery.pk)
    Class.objects.filter(pk__in=[clay.pk, pottery.pk]).update(season=season)
    clay.refresh_from_db()
    pottery.refresh_from_db()
    AddOn.objects.create(camp_class=pottery, label="Materials fee", price=D("25.00"), required=True)
    mia = ChildFactory(account=family, first_name="Mia")

    quote = price_checkout(family, [(mia, clay), (mia, pottery)])

    assert pottery.season_id == pottery.pk
    assert [line.of_kind(Kind.ADD_ON) for line in quote.lines] == [D("0.00"), D("25.00")]


def test_a_hold_renewed_after_it_ran_out_keeps_no_stock_it_kept_before(
    as_family, api_client_for, family, children, pottery, tshirt
):
    shirt, sizes = tshirt
    medium = {"id": shirt.pk, "optionId": sizes["M"].pk}
    assert opened(as_family, item(children[0], pottery, medium)).status_code == 201
    SeatHold.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    # The same seat held again without a T-shirt (the payment page of the one class).
    selection = Selection.objects.get(participant=children[0], camp_class=pottery)
    hold_take(selection=selection)

    assert not SeatHoldAddOn.objects.exists()
    other = ChildFactory(first_name="Ada")
    assert opened(api_client_for(other.account), item(other, pottery, medium)).status_code == 201
