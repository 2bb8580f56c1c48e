"""A family's checkout paid with one card charge sends one receipt, through the real outbox to a
real SMTP server: every line with its child, class, when, where and price, the one amount the
bank shows and the checkout's reference; however many of the browser, the webhook and
reconciliation settle the charge. Its receipt page's answer, and each line's payment naming it."""

import threading
from decimal import Decimal

import pytest
from django.db import close_old_connections, connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Role
from checkout.services.family_checkout import checkout_charge_settle, checkout_pay
from checkout.tests.test_family_checkout import asked_by_the_bank, card_saved, opened, paid
from classes.models import Class, Meeting
from core.school_time import school_timezone
from notifications.models import Message
from payments import stripe_client
from payments.message_kinds import PaymentMessage
from payments.models import (
    Checkout,
    CheckoutStatus,
    CreditEntry,
    Payment,
    PaymentStatus,
    PromoCode,
)
from payments.tests import stripe_js
from settlement.services import payments_reconcile
from testing import services
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory, UserFactory
from testing.outbox import send_queued
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def children(family):
    return (
        ChildFactory(account=family, first_name="Mia"),
        ChildFactory(account=family, first_name="Leo"),
    )


@pytest.fixture
def welcome10(season):
    return PromoCode.objects.create(
        season=season, code="WELCOME10", percent=D(10), uses_limit=1000, uses_per_family=1
    )


@pytest.fixture
def classes(season):
    return (
        a_season_class(
            season, "300.00", name="Wheel Pottery", location="Clay Studio, 12 Kiln Lane"
        ),
        a_season_class(season, "200.00", name="Watercolour", week=1, location="Paint Room"),
    )


def receipts_in_the_outbox() -> dict[str, int]:
    return {
        kind: Message.objects.filter(kind=kind).count()
        for kind in (PaymentMessage.CHECKOUT_RECEIPT, PaymentMessage.PAYMENT_RECEIPT)
    }


def plain_text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def calendar_of(message) -> str:
    [part] = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
    return part.get_content()


def test_a_checkout_paid_by_card_sends_one_receipt_of_every_line_the_card_total_and_reference(
    as_family, family, children, classes, welcome10, smtp_sink
):
    mia, leo = children
    pottery, watercolour = classes
    answer = opened(as_family, (mia, pottery), (leo, watercolour), promoCode="WELCOME10").json()

    assert paid(as_family, answer, card_saved(answer, family)).status_code == 201

    checkout = Checkout.objects.get()
    assert receipts_in_the_outbox() == {"checkout_receipt": 1, "payment_receipt": 0}
    send_queued()
    [receipt] = smtp_sink.messages()
    assert receipt["X-Camp-Kind"] == "checkout_receipt"
    assert receipt["To"] == family.email
    assert receipt["Subject"] == f"Your receipt: Checkout #{checkout.pk} ($432.00)"
    text = plain_text(receipt)
    pottery_part, watercolour_part = text.split("\n1. ")[1].split("\n2. ")
    assert pottery_part.startswith(f"Wheel Pottery for {mia.name}\nWhen: Mondays, 9:00 AM to")
    assert "Where: Clay Studio, 12 Kiln Lane" in pottery_part
    assert "List price: $300.00\nCode WELCOME10: \u2212$30.00\nPaid: $270.00" in pottery_part
    assert watercolour_part.startswith(f"Watercolour for {leo.name}\nWhen: Mondays, 9:00 AM to")
    assert "Where: Paint Room" in watercolour_part
    assert "Sibling discount: \u2212$20.00\nCode WELCOME10: \u2212$18.00\nPaid: $162.00" in (
        watercolour_part
    )
    assert "Charged to your card: $432.00 (one charge, as your bank statement shows it)" in text
    assert f"Reference: Checkout #{checkout.pk}" in text
    assert "pi_" not in text
    assert f"/dashboard/receipts/checkouts/{checkout.pk}" in text
    # Both classes' meetings, each once, in the one calendar attached.
    meetings = Meeting.objects.filter(camp_class__in=classes)
    assert calendar_of(receipt).count("BEGIN:VEVENT") == meetings.count() == 2
    assert all(meeting.uid in calendar_of(receipt) for meeting in meetings)


def test_the_webhook_the_browser_and_reconciliation_settling_one_charge_send_one_receipt(
    empty_localstripe, api_client, as_family, family, children, classes, smtp_sink
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    asked = asked_by_the_bank(as_family, family, answer)
    event = stripe_js.succeeded_event(asked["paymentIntentId"])

    for _ in range(2):
        webhook = api_client.post(
            "/api/stripe/webhook",
            event,
            content_type="application/json",
            HTTP_STRIPE_SIGNATURE=stripe_js.signature(event),
        )
        assert webhook.status_code == 200
    browser = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"paymentIntentId": asked["paymentIntentId"], "total": answer["total"]},
        format="json",
    )
    payments_reconcile()

    assert browser.status_code == 200, browser.json()
    assert receipts_in_the_outbox() == {"checkout_receipt": 1, "payment_receipt": 0}
    send_queued()
    [receipt] = smtp_sink.messages()
    assert "Charged to your card: $480.00" in plain_text(receipt)


def test_the_browser_the_webhook_and_reconciliation_at_the_same_moment_send_one_receipt(
    transactional_db, empty_localstripe, as_family, family, children, classes, smtp_sink
):
    """Each settles the same charge on its own connection, released together: the checkout's
    lock lets one put it on record, with its receipt; the others find it paid."""
    services.needs_postgresql("threads racing need a database that takes concurrent writers.")
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    asked = asked_by_the_bank(as_family, family, answer)
    charge = stripe_client.charge_retrieve(asked["paymentIntentId"])
    start = threading.Barrier(3)
    failures = []

    def at_once(settle):
        def run():
            try:
                start.wait()
                settle()
            except Exception as error:  # noqa: BLE001 - told after the race
                failures.append(error)
            finally:
                close_old_connections()

        return threading.Thread(target=run)

    racers = [
        at_once(
            lambda: checkout_pay(
                family=family,
                checkout_id=answer["id"],
                confirmed_total=D(str(answer["total"])),
                payment_intent_id=asked["paymentIntentId"],
            )
        ),
        at_once(lambda: checkout_charge_settle(charge=charge)),
        at_once(payments_reconcile),
    ]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()

    assert failures == []
    assert Checkout.objects.get().status == CheckoutStatus.PAID
    assert [p.status for p in Payment.objects.order_by("id")] == [PaymentStatus.ENROLLED] * 2
    assert receipts_in_the_outbox() == {"checkout_receipt": 1, "payment_receipt": 0}
    send_queued()
    assert [m["X-Camp-Kind"] for m in smtp_sink.messages()] == ["checkout_receipt"]


def test_a_checkout_paid_by_credit_alone_sends_one_receipt_with_nothing_charged_to_a_card(
    as_family, family, children, classes, smtp_sink
):
    CreditEntry.objects.create(family=family, amount=D("600.00"), reason="A gift from the school")
    answer = opened(
        as_family, (children[0], classes[0]), (children[1], classes[1]), applyCredit=True
    ).json()

    assert paid(as_family, answer, None).status_code == 201

    checkout = Checkout.objects.get()
    assert receipts_in_the_outbox() == {"checkout_receipt": 1, "payment_receipt": 0}
    send_queued()
    [receipt] = smtp_sink.messages()
    assert receipt["Subject"] == f"Your receipt: Checkout #{checkout.pk}"
    text = plain_text(receipt)
    assert "Paid with account credit: $480.00" in text
    assert "Charged to your card" not in text


def test_a_line_refused_its_seat_after_the_bank_is_on_the_one_receipt_as_not_enrolled(
    as_family, family, children, classes, season, smtp_sink
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    asked = asked_by_the_bank(as_family, family, answer)
    # Watercolour fills up while the family answers its bank.
    classes[1].seats = 0
    classes[1].save()

    response = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"paymentIntentId": asked["paymentIntentId"], "total": answer["total"]},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert receipts_in_the_outbox() == {"checkout_receipt": 1, "payment_receipt": 0}
    # The refund's message waits for the receipt, the first of the checkout's thread.
    send_queued()
    send_queued()
    receipt, refund = smtp_sink.messages()
    assert (receipt["X-Camp-Kind"], refund["X-Camp-Kind"]) == ("checkout_receipt", "refund_made")
    text = plain_text(receipt)
    assert "Charged to your card: $480.00" in text
    assert "2. Watercolour for" in text and "Not enrolled: " in text
    # Only the class the family is enrolled in goes to its calendar.
    assert calendar_of(receipt).count("BEGIN:VEVENT") == 1


# -- The receipt page's answer -----------------------------------------------------------------


def test_the_family_reads_the_checkouts_one_receipt(
    as_family, family, children, classes, welcome10
):
    mia, leo = children
    pottery, watercolour = classes
    answer = opened(as_family, (mia, pottery), (leo, watercolour), promoCode="WELCOME10").json()
    paid(as_family, answer, card_saved(answer, family))
    checkout = Checkout.objects.get()
    mias, leos = Payment.objects.order_by("id")

    response = as_family.get(f"/api/checkouts/{checkout.pk}/receipt")

    assert response.status_code == 200
    body = response.json()

    def meetings_of(camp_class) -> list[dict]:
        zone = school_timezone()
        return [
            {
                "start": m.start.astimezone(zone).isoformat(),
                "end": m.end.astimezone(zone).isoformat(),
            }
            for m in Meeting.objects.filter(camp_class=camp_class)
        ]

    def line(payment, camp_class, adjustments, price):
        return {
            "id": payment.checkout_line.pk,
            "paymentId": payment.pk,
            "participantId": payment.participant_id,
            "participantName": payment.participant_name,
            "classId": camp_class.pk,
            "nameClass": camp_class.name,
            "instructorName": camp_class.instructor.name,
            "location": camp_class.location,
            "meetingDays": ["mon"],
            "startTime": "09:00",
            "endTime": "12:00",
            "meetings": meetings_of(camp_class),
            "listPrice": float(camp_class.price),
            "adjustments": adjustments,
            "price": price,
            "planLabel": "",
            "instalments": [],
            "status": "enrolled",
            "refundReason": "",
        }

    assert body == {
        "id": checkout.pk,
        "reference": f"Checkout #{checkout.pk}",
        "paidAt": checkout.paid_at.isoformat().replace("+00:00", "Z"),
        "total": 432.0,
        "credit": 0.0,
        "email": "ana@camp.test",
        "studentName": "Ana Silva",
        "timeZone": "America/Los_Angeles",
        "school": {"name": "Camp Art & Craft School", "replyTo": "office@camp.test"},
        "lines": [
            line(
                mias,
                pottery,
                [{"kind": "code", "label": "Code WELCOME10", "amount": -30.0}],
                270.0,
            ),
            line(
                leos,
                watercolour,
                [
                    {"kind": "sibling", "label": "Sibling discount", "amount": -20.0},
                    {"kind": "code", "label": "Code WELCOME10", "amount": -18.0},
                ],
                162.0,
            ),
        ],
        # Days of extended care are listed together, apart from the classes: none here.
        "extendedCare": [],
        "refundPolicy": body["refundPolicy"],
    }
    assert body["refundPolicy"].startswith("Cancel 14 days or more before the first meeting")
    assert len(body["lines"][0]["meetings"]) == 1


def test_each_lines_payment_names_its_checkout_in_the_history_and_on_its_receipt(
    as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0]), (children[1], classes[1])).json()
    paid_now = paid(as_family, answer, card_saved(answer, family)).json()
    checkout = Checkout.objects.get()
    reference = f"Checkout #{checkout.pk}"

    history = as_family.get(f"/api/payments/{family.email}").json()
    receipt = as_family.get(f"/api/payments/{history[0]['_id']}/receipt").json()

    assert [(row["checkoutId"], row["checkoutReference"]) for row in history] == [
        (checkout.pk, reference)
    ] * 2
    assert [(p["checkoutId"], p["checkoutReference"]) for p in paid_now["payments"]] == [
        (checkout.pk, reference)
    ] * 2
    # The line's own transaction id stays as it was, beside the reference a person reads.
    line = Payment.objects.get(pk=receipt["_id"]).checkout_line
    assert (receipt["checkoutReference"], receipt["transactionId"]) == (
        reference,
        f"{checkout.payment_intent_id}:{line.pk}",
    )


def test_a_checkouts_receipt_is_the_familys_and_the_admins_only_and_only_once_paid(
    api_client_for, as_family, family, children, classes
):
    answer = opened(as_family, (children[0], classes[0])).json()
    path = f"/api/checkouts/{answer['id']}/receipt"

    assert as_family.get(path).json() == {"message": "No such receipt."}
    assert as_family.get(path).status_code == 404
    paid(as_family, answer, card_saved(answer, family))
    assert as_family.get(path).status_code == 200
    assert api_client_for(UserFactory(role=Role.ADMIN)).get(path).status_code == 200
    for role in (Role.STUDENT, Role.INSTRUCTOR):
        stranger = api_client_for(UserFactory(role=role))
        assert stranger.get(path).status_code == 404
        assert stranger.get(path).json() == {"message": "No such receipt."}
    assert as_family.get("/api/checkouts/999999/receipt").status_code == 404


def test_a_checkouts_receipt_is_read_in_the_same_queries_for_one_line_or_two(
    as_family, family, children, classes
):
    counts = []
    ivo = ChildFactory(account=family, first_name="Ivo")
    for lines in ([(children[0], classes[0])], [(children[1], classes[1]), (ivo, classes[0])]):
        answer = opened(as_family, *lines).json()
        paid(as_family, answer, card_saved(answer, family))
        as_family.get(f"/api/checkouts/{answer['id']}/receipt")
        with CaptureQueriesContext(connection) as queries:
            assert as_family.get(f"/api/checkouts/{answer['id']}/receipt").status_code == 200
        counts.append(len(queries))

    assert counts[0] == counts[1], counts


# -- Weeks of a day camp and extended care -----------------------------------------------------


def booked_weeks(client, camp, child, weeks, care=()):
    item = {"classId": camp.pk, "participantId": child.pk, "units": [w.pk for w in weeks]}
    if care:
        item["extendedCare"] = [
            {"optionId": option.pk, "units": [w.pk for w in with_weeks]}
            for option, with_weeks in care
        ]
    return client.post("/api/checkouts", {"items": [item]}, format="json")


@pytest.fixture
def day_camp(season):
    camp = a_day_camp(season, "200.00", weeks=2)
    return camp, units(camp), after_care(season, per_day="25.00", per_week="100.00")


def test_a_day_camps_receipt_names_each_week_and_groups_a_weeks_after_care_in_one_entry(
    as_family, family, children, day_camp, smtp_sink
):
    mia = children[0]
    camp, (week_1, week_2), care = day_camp
    answer = booked_weeks(as_family, camp, mia, [week_1, week_2], [(care, [week_2])]).json()

    assert paid(as_family, answer, card_saved(answer, family)).status_code == 201

    checkout = Checkout.objects.get()
    assert (checkout.total, checkout.lines.count()) == (D("500.00"), 7)
    send_queued()
    [receipt] = smtp_sink.messages()
    assert receipt["Subject"] == f"Your receipt: Checkout #{checkout.pk} ($500.00)"
    text = plain_text(receipt)
    assert f"\n1. Art Explorers — {week_1.unit_label} for {mia.name}\n" in text
    assert f"\n2. Art Explorers — {week_2.unit_label} for {mia.name}\n" in text
    week_name = week_2.unit_label.split(":")[0]
    days = ", ".join(day.unit_label for day in care_days_of(care, week_2))
    assert (
        f"\n3. After-care, {week_name}: 5 days, 3:00 PM to 6:00 PM for {mia.name}\n"
        f"Days: {days}\n"
        "Looked after by: Rosa Lind\n"
        "List price: $125.00\n"
        "Weekly rate: \u2212$25.00\n"
        "Paid: $100.00\n"
    ) in text
    # One entry for the week's care, never a line a day.
    assert text.count("After-care") == 1 and "\n4. " not in text
    assert "Charged to your card: $500.00 (one charge, as your bank statement shows it)" in text
    # The calendar holds both weeks' meetings and every day of after-care, each once.
    calendar = calendar_of(receipt)
    meetings = Meeting.objects.filter(
        camp_class__in=[line.camp_class_id for line in checkout.lines.all()]
    )
    assert calendar.count("BEGIN:VEVENT") == meetings.count() == 15
    assert all(meeting.uid in calendar for meeting in meetings)
    assert calendar.count("SUMMARY:After-care") == 5


def test_the_receipt_page_lists_the_weeks_and_the_weeks_care_together(
    as_family, family, children, day_camp
):
    mia = children[0]
    camp, (week_1, week_2), care = day_camp
    answer = booked_weeks(as_family, camp, mia, [week_1, week_2], [(care, [week_2])]).json()
    paid(as_family, answer, card_saved(answer, family))
    checkout = Checkout.objects.get()
    care_lines = list(
        checkout.lines.filter(camp_class__extended_care=care).order_by("camp_class__start_date")
    )

    body = as_family.get(f"/api/checkouts/{checkout.pk}/receipt").json()

    assert body["total"] == 500.0
    assert [(line["nameClass"], line["price"]) for line in body["lines"]] == [
        (f"Art Explorers — {week_1.unit_label}", 200.0),
        (f"Art Explorers — {week_2.unit_label}", 200.0),
    ]
    assert body["extendedCare"] == [
        {
            "participantId": mia.pk,
            "participantName": mia.name,
            "optionId": care.pk,
            "label": "After-care",
            "week": week_2.unit_label.split(":")[0],
            "days": [line.camp_class.start_date.isoformat() for line in care_lines],
            "startTime": "15:00",
            "endTime": "18:00",
            "ledBy": "Rosa Lind",
            "lineIds": [line.pk for line in care_lines],
            "paymentIds": [line.payment_id for line in care_lines],
            "listPrice": 125.0,
            "adjustments": [{"kind": "weekly_care", "label": "Weekly rate", "amount": -25.0}],
            "price": 100.0,
            "status": "enrolled",
            "refundReason": "",
        }
    ]
    # Each day's own payment still names the day, in the history.
    history = as_family.get(f"/api/payments/{family.email}").json()
    assert {
        row["nameClass"] for row in history if row["classId"] == care_lines[0].camp_class_id
    } == {f"After-care — {care_lines[0].camp_class.unit_label}"}


def test_a_day_of_care_refused_its_seat_after_the_bank_is_an_entry_of_its_own(
    as_family, family, children, day_camp
):
    mia = children[0]
    camp, (week_1, _), care = day_camp
    answer = booked_weeks(as_family, camp, mia, [week_1], [(care, [week_1])]).json()
    asked = asked_by_the_bank(as_family, family, answer)
    # The Wednesday's after-care fills up while the family answers its bank.
    wednesday = care_days_of(care, week_1)[2]
    Class.objects.filter(pk=wednesday.pk).update(seats=0)

    response = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"paymentIntentId": asked["paymentIntentId"], "total": answer["total"]},
        format="json",
    )

    assert response.status_code == 201, response.json()
    checkout = Checkout.objects.get()
    body = as_family.get(f"/api/checkouts/{checkout.pk}/receipt").json()
    taken, refused = body["extendedCare"]
    assert (taken["status"], len(taken["days"]), taken["week"]) == (
        "enrolled",
        4,
        week_1.unit_label.split(":")[0],
    )
    assert (refused["status"], refused["days"]) == ("refunded", [wednesday.start_date.isoformat()])
    assert refused["refundReason"]
    assert taken["price"] + refused["price"] == 100.0


def test_a_spanish_reading_family_reads_its_receipt_in_spanish(
    as_family, family, children, classes, welcome10, smtp_sink
):
    family.language = "es"
    family.save(update_fields=["language"])
    mia, leo = children
    pottery, watercolour = classes
    answer = opened(as_family, (mia, pottery), (leo, watercolour), promoCode="WELCOME10").json()

    assert paid(as_family, answer, card_saved(answer, family)).status_code == 201

    checkout = Checkout.objects.get()
    send_queued()
    [receipt] = smtp_sink.messages()
    assert receipt["Content-Language"] == "es"
    assert receipt["Subject"] == f"Su recibo: Checkout #{checkout.pk} ($432.00)"
    text = plain_text(receipt)
    assert text.startswith(f"Hola, {family.name}:\n\nGracias por su pago.")
    pottery_part = text.split("\n1. ")[1].split("\n2. ")[0]
    assert pottery_part.startswith(f"Wheel Pottery para {mia.name}\nCuándo: los lunes, de 9:00 a")
    assert "Dónde: Clay Studio, 12 Kiln Lane" in pottery_part
    assert "Precio de lista: $300.00\nCode WELCOME10: \u2212$30.00\nPagado: $270.00" in (
        pottery_part
    )
    assert "Cobrado a su tarjeta: $432.00 (un solo cargo" in text
    assert f"Referencia: Checkout #{checkout.pk}" in text
    assert "Política de reembolsos:" in text
    for words in ("Hello", "Thank you", "When:", "List price", "Paid:", "Charged to your card"):
        assert words not in text
    html = receipt.get_body(preferencelist=("html",)).get_content()
    assert '<html lang="es">' in html
    assert "Gracias, aquí está su recibo" in html
    assert "Clases de verano de arte y manualidades desde 2003" in html
