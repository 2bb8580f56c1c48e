"""A family moves an enrolment to another class (localstripe, the real database, no mocks): the
difference priced by `checkout.pricing`, paid by card before the move (3-D Secure and declines
included) or from account credit, given back to the cards that paid or as credit; the refusals;
the old class's waitlist offered the freed seat; one e-mail with the new class's calendar; and
two families racing for the new class's last seat through two server processes on PostgreSQL.

Mia Silva's family pays by the family checkout (`test_family_checkout`'s helpers). The season's
classes are weeks ahead of today (`testing.seasons`), so nothing here depends on the date.
"""

import time
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import Role
from checkout.tests.test_family_checkout import card_saved, opened, paid
from checkout.tests.test_race import bearer, post_all_at_once
from classes.models import Class, ClassStatus
from core.school_time import school_timezone
from enrolments.models import Enrolment, EnrolmentStatus, SeatHold, WaitlistEntry, WaitlistStatus
from enrolments.services import seat_take
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from payments.models import (
    CreditEntry,
    Instalment,
    InstalmentKind,
    InstalmentStatus,
    PaidBy,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
    Transfer,
)
from payments.selectors import credit_balance
from payments.services import refund_retry
from payments.tests import stripe_js
from testing.factories import ChildFactory, ClassFactory, PaymentFactory, UserFactory
from testing.faults import stripe_line
from testing.outbox import send_queued
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def mia(family):
    return ChildFactory(account=family, first_name="Mia")


@pytest.fixture
def pottery(season):
    return a_season_class(season, "300.00", name="Wheel Pottery")


@pytest.fixture
def watercolour(season):
    return a_season_class(season, "200.00", name="Watercolour", week=1)


def enrolled(client, family, child, camp_class, **more) -> Payment:
    """The family pays for the child's seat through the checkout; that seat's payment."""
    answer = opened(client, (child, camp_class), **more).json()
    setup_intent_id = card_saved(answer, family) if answer["clientSecret"] else None
    response = paid(client, answer, setup_intent_id)
    assert response.status_code == 201, response.json()
    return Payment.objects.get(participant=child, camp_class=camp_class)


def preview(client, payment: Payment, camp_class: Class):
    return client.get(
        f"/api/enrolments/{payment.enrolment_id}/transfer", {"classId": camp_class.pk}
    )


def move(client, payment: Payment, camp_class: Class, total, settle_with="card", **more):
    return client.post(
        f"/api/enrolments/{payment.enrolment_id}/transfer",
        {"classId": camp_class.pk, "settleWith": settle_with, "total": total, **more},
        format="json",
    )


def first_day(camp_class: Class):
    return timezone.localdate(camp_class.starts_at, timezone=school_timezone())


def assert_moved(payment: Payment, old: Class, new: Class) -> Enrolment:
    """The payment follows the seat to the new class; the old seat is back in its class."""
    old_enrolment_id = payment.enrolment_id
    payment.refresh_from_db()
    assert (payment.camp_class_id, payment.status) == (new.pk, PaymentStatus.ENROLLED)
    assert payment.starts_at_promised == new.starts_at
    assert payment.list_price == new.price
    old_seat = Enrolment.objects.get(pk=old_enrolment_id)
    assert (old_seat.status, old_seat.end_reason) == (
        EnrolmentStatus.CANCELLED,
        f"Moved to {new.name}",
    )
    assert (payment.enrolment.camp_class_id, payment.enrolment.status) == (
        new.pk,
        EnrolmentStatus.ACTIVE,
    )
    return payment.enrolment


def assert_not_moved(payment: Payment, camp_class: Class) -> None:
    enrolment_id = payment.enrolment_id
    payment.refresh_from_db()
    assert (payment.camp_class_id, payment.enrolment_id) == (camp_class.pk, enrolment_id)
    assert payment.enrolment.status == EnrolmentStatus.ACTIVE
    assert not Transfer.objects.exists()


class TestThePreview:
    def test_a_cheaper_class_shows_the_difference_to_give_back(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, pottery)

        response = preview(as_family, payment, watercolour)

        assert response.status_code == 200, response.json()
        assert response.json() == {
            "classId": watercolour.pk,
            "className": "Watercolour",
            "participantName": mia.name,
            "currentPrice": 300.0,
            "newPrice": 200.0,
            "difference": -100.0,
            "fee": 0.0,
            "withheldDiscount": 0.0,
            "total": -100.0,
            # The earlier of the two first meetings (Wheel Pottery's) less 7 days.
            "cutoffOn": (first_day(pottery) - timedelta(days=7)).isoformat(),
            "refusals": [],
            "clientSecret": None,
            "extendedCare": [],
            "extendedCareRefund": 0.0,
        }

    def test_a_dearer_class_with_the_fee_is_paid_and_offers_a_card(
        self, as_family, family, mia, pottery, watercolour, settings
    ):
        settings.TRANSFER_FEE = D("10.00")
        payment = enrolled(as_family, family, mia, watercolour)

        body = preview(as_family, payment, pottery).json()

        assert (body["currentPrice"], body["newPrice"], body["difference"]) == (200.0, 300.0, 100.0)
        assert (body["fee"], body["total"], body["refusals"]) == (10.0, 110.0, [])
        assert body["clientSecret"].startswith("seti_")

    def test_a_seat_bought_partly_with_credit_is_compared_at_its_whole_price(
        self, as_family, family, mia, pottery, watercolour
    ):
        CreditEntry.objects.create(family=family, amount=D("100.00"), reason="A gift")
        payment = enrolled(as_family, family, mia, pottery, applyCredit=True)
        assert payment.price == D("200.00")

        body = preview(as_family, payment, watercolour).json()

        assert (body["currentPrice"], body["total"]) == (300.0, -100.0)

    def test_another_familys_enrolment_is_not_found(
        self, api_client_for, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, pottery)
        stranger = api_client_for(UserFactory(role=Role.STUDENT))

        assert preview(stranger, payment, watercolour).status_code == 404
        assert move(stranger, payment, watercolour, -100).status_code == 404
        assert_not_moved(payment, pottery)


class TestRefusals:
    def codes(self, client, payment, camp_class) -> list[str]:
        response = preview(client, payment, camp_class)
        assert response.status_code == 200, response.json()
        return [refusal["code"] for refusal in response.json()["refusals"]]

    def test_a_class_too_old_for_the_child_is_refused_with_its_reason(
        self, as_family, family, mia, pottery, season
    ):
        payment = enrolled(as_family, family, mia, pottery)
        teens = a_season_class(season, "300.00", name="Teen Wheel", week=2, age_min=14, age_max=17)

        [refusal] = preview(as_family, payment, teens).json()["refusals"]
        response = move(as_family, payment, teens, 0)

        assert refusal["code"] == "not_eligible"
        assert refusal["message"].startswith("Ages 14–17: Mia will be")
        assert (response.status_code, response.json()["code"]) == (409, "not_eligible")
        assert_not_moved(payment, pottery)

    def test_a_full_class_the_same_class_and_an_unpaid_plan_are_refused(
        self, as_family, family, mia, pottery, season
    ):
        payment = enrolled(as_family, family, mia, pottery)
        full = a_season_class(season, "300.00", name="Raku", week=2, seats=0)

        assert self.codes(as_family, payment, full) == ["class_full"]
        assert self.codes(as_family, payment, pottery) == ["same_class"]
        Instalment.objects.create(
            payment=payment,
            kind=InstalmentKind.INSTALMENT,
            due_on=first_day(pottery) - timedelta(days=14),
            amount=D("100.00"),
        )
        other = a_season_class(season, "300.00", name="Slab Building", week=3)
        [refusal] = preview(as_family, payment, other).json()["refusals"]
        assert refusal == {"code": "balance_unpaid", "message": "Pay the remaining balance first."}
        response = move(as_family, payment, other, 0)
        assert (response.status_code, response.json()["code"]) == (409, "balance_unpaid")
        assert_not_moved(payment, pottery)

    def test_moves_close_the_cutoff_days_before_the_earlier_first_meeting(
        self, as_family, family, mia, pottery, watercolour, settings
    ):
        # Watercolour is a week after Wheel Pottery: the pottery's first day counts, whichever
        # way the seat moves.
        payment = enrolled(as_family, family, mia, watercolour)
        days_left = (first_day(pottery) - timezone.localdate(timezone=school_timezone())).days

        settings.TRANSFER_CUTOFF_DAYS = days_left
        assert self.codes(as_family, payment, pottery) == []
        settings.TRANSFER_CUTOFF_DAYS = days_left + 1
        [refusal] = preview(as_family, payment, pottery).json()["refusals"]
        response = move(as_family, payment, pottery, 100)

        assert refusal["code"] == "transfer_closed"
        last_day = first_day(pottery) - timedelta(days=days_left + 1)
        assert refusal["message"] == (
            f"Moves close {days_left + 1} days before the first meeting: the last day to move "
            f"this enrolment was {last_day:%A, %B} {last_day.day}."
        )
        assert (response.status_code, response.json()["code"]) == (409, "transfer_closed")
        assert_not_moved(payment, watercolour)

    def test_a_total_other_than_the_one_confirmed_moves_nothing(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, pottery)

        response = move(as_family, payment, watercolour, -90)

        assert response.status_code == 409
        assert (response.json()["code"], response.json()["total"]) == ("total_changed", -100.0)
        assert_not_moved(payment, pottery)

    @pytest.mark.parametrize(
        ("change", "field"),
        [
            (lambda body: body.pop("classId"), "classId"),
            (lambda body: body.update(classId="watercolour"), "classId"),
            (lambda body: body.update(classId=99999999), "classId"),
            (lambda body: body.update(settleWith="cash"), "settleWith"),
            (lambda body: body.pop("total"), "total"),
        ],
        ids=["no class", "not a number", "no such class", "cash", "no total"],
    )
    def test_input_that_cannot_be_read_names_the_field(
        self, as_family, family, mia, pottery, watercolour, change, field
    ):
        payment = enrolled(as_family, family, mia, pottery)
        body = {"classId": watercolour.pk, "settleWith": "card", "total": -100}
        change(body)

        response = as_family.post(
            f"/api/enrolments/{payment.enrolment_id}/transfer", body, format="json"
        )

        assert response.status_code == 400
        assert list(response.json()["errors"]) == [field]
        assert_not_moved(payment, pottery)

    def test_a_preview_names_the_class_it_needs(self, as_family, family, mia, pottery):
        payment = enrolled(as_family, family, mia, pottery)
        url = f"/api/enrolments/{payment.enrolment_id}/transfer"

        assert as_family.get(url).json()["errors"] == {"classId": ["This field is required."]}
        assert as_family.get(url, {"classId": 99999999}).json()["errors"] == {
            "classId": ["No such class."]
        }


class TestGivingBack:
    def test_a_cheaper_class_refunds_the_difference_to_the_card(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, pottery)
        old_enrolment_id = payment.enrolment_id

        response = move(as_family, payment, watercolour, -100)

        assert response.status_code == 201, response.json()
        new_seat = assert_moved(payment, pottery, watercolour)
        assert response.json() == {
            "enrolmentId": new_seat.pk,
            "classId": watercolour.pk,
            "message": f"{mia.name} is now in Watercolour. $100.00 is refunded to the card you "
            "paid with.",
            "difference": -100.0,
            "fee": 0.0,
            "settledWith": "card",
        }
        [refund] = stripe_js.refunds_of(payment.charge_id)
        assert refund["amount"] == 10000
        assert Refund.objects.get().status == RefundStatus.SUCCEEDED
        # The payment keeps what its charge took; the seat now costs the new class's price.
        assert payment.price == D("300.00")
        transfer = Transfer.objects.get()
        assert (transfer.from_enrolment_id, transfer.difference, transfer.settled_with) == (
            old_enrolment_id,
            D("-100.00"),
            PaidBy.CARD,
        )
        # Moved once, the old enrolment answers where it went.
        again = move(as_family, Payment(enrolment_id=old_enrolment_id), pottery, 100)
        assert (again.status_code, again.json()["code"]) == (409, "not_active")
        assert again.json()["enrolmentId"] == new_seat.pk

    def test_a_refund_stripe_refuses_waits_for_the_school_and_the_move_stands(
        self, as_family, family, mia, pottery, watercolour, localstripe, settings
    ):
        payment = enrolled(as_family, family, mia, pottery)
        with stripe_line(localstripe) as line:
            settings.STRIPE_API_BASE = line.url
            line.refuse("POST", "/v1/refunds", message="This charge is disputed.")
            response = move(as_family, payment, watercolour, -100)
        settings.STRIPE_API_BASE = localstripe

        assert response.status_code == 201, response.json()
        assert response.json()["message"].endswith(
            "A refund of $100.00 could not be made just now; the school will make it and e-mail "
            "you when it is done."
        )
        assert_moved(payment, pottery, watercolour)
        refund = Refund.objects.get()
        assert (refund.status, refund.failure_message) == (
            RefundStatus.FAILED,
            "This charge is disputed.",
        )
        # The back office's retry makes it, on the charge it names, once.
        assert refund_retry(refund_id=refund.pk).status == RefundStatus.SUCCEEDED
        assert [r["amount"] for r in stripe_js.refunds_of(payment.charge_id)] == [10000]

    def test_the_fee_is_kept_from_what_goes_back(
        self, as_family, family, mia, pottery, watercolour, settings
    ):
        settings.TRANSFER_FEE = D("10.00")
        payment = enrolled(as_family, family, mia, pottery)

        response = move(as_family, payment, watercolour, -90)

        assert response.status_code == 201, response.json()
        assert (response.json()["difference"], response.json()["fee"]) == (-100.0, 10.0)
        assert [r["amount"] for r in stripe_js.refunds_of(payment.charge_id)] == [9000]

    def test_the_difference_may_be_taken_as_account_credit(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, pottery)

        response = move(as_family, payment, watercolour, -100, settle_with="credit")

        assert response.status_code == 201, response.json()
        assert response.json()["message"] == (
            f"{mia.name} is now in Watercolour. $100.00 is added to your account credit."
        )
        assert credit_balance(family.pk) == D("100.00")
        assert CreditEntry.objects.get().reason == "Transfer from Wheel Pottery to Watercolour"
        assert stripe_js.refunds_of(payment.charge_id) == []
        assert_moved(payment, pottery, watercolour)

    def test_what_no_card_paid_goes_back_as_credit(self, as_family, family, mia, pottery, season):
        CreditEntry.objects.create(family=family, amount=D("100.00"), reason="A gift")
        payment = enrolled(as_family, family, mia, pottery, applyCredit=True)
        sketching = a_season_class(season, "50.00", name="Sketching", week=2)

        response = move(as_family, payment, sketching, -250)

        assert response.status_code == 201, response.json()
        assert [r["amount"] for r in stripe_js.refunds_of(payment.charge_id)] == [20000]
        assert credit_balance(family.pk) == D("50.00")
        assert response.json()["message"].endswith(
            "$200.00 is refunded to the card you paid with. $50.00 is added to your account credit."
        )

    def test_the_old_class_s_waitlist_is_offered_the_freed_seat(
        self, as_family, family, mia, season, watercolour
    ):
        small = a_season_class(season, "300.00", name="Small Pottery", seats=1)
        payment = enrolled(as_family, family, mia, small)
        waiting_family = UserFactory(role=Role.STUDENT)
        leo = ChildFactory(account=waiting_family, first_name="Leo")
        entry = WaitlistEntry.objects.create(
            student=waiting_family, participant=leo, camp_class=small, rank=1
        )

        assert move(as_family, payment, watercolour, -100).status_code == 201

        entry.refresh_from_db()
        assert entry.status == WaitlistStatus.OFFERED
        assert SeatHold.objects.filter(waitlist_entry=entry, camp_class=small).exists()

    def test_one_e_mail_confirms_the_move_with_the_new_class_s_calendar(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, pottery)
        send_queued()

        move(as_family, payment, watercolour, -100)

        [message] = Message.objects.filter(kind=PaymentMessage.ENROLMENT_TRANSFERRED)
        assert message.subject == f"Moved to Watercolour: {mia.name}"
        assert "METHOD:PUBLISH" in message.calendar
        assert "SUMMARY:Watercolour" in message.calendar
        assert "place in Wheel Pottery has moved to Watercolour" in message.text
        assert "Price difference: \u2212$100.00" in message.text
        assert "Refunded to the card you paid with: $100.00." in message.text
        # The move's message tells of the refund: no second one about it.
        assert not Message.objects.filter(kind=PaymentMessage.REFUND_MADE).exists()
        sent = send_queued()
        assert [mail.subject for mail in sent if "Moved to" in mail.subject] == [message.subject]


class TestPayingMore:
    def test_a_dearer_class_is_charged_to_the_card_on_file_before_the_move(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, watercolour)

        response = move(as_family, payment, pottery, 100)

        assert response.status_code == 201, response.json()
        assert response.json()["message"] == (
            f"{mia.name} is now in Wheel Pottery. $100.00 was charged to your card."
        )
        [instalment] = Instalment.objects.filter(kind=InstalmentKind.TRANSFER)
        assert (instalment.status, instalment.paid_by, instalment.amount) == (
            InstalmentStatus.PAID,
            PaidBy.CARD,
            D("100.00"),
        )
        charge = stripe_js.payment_intent(instalment.payment_intent_id)
        assert (charge["amount"], charge["status"]) == (10000, "succeeded")
        assert_moved(payment, watercolour, pottery)
        assert "Charged to your card: $100.00." in (
            Message.objects.get(kind=PaymentMessage.ENROLMENT_TRANSFERRED).text
        )

    def test_a_free_seat_with_no_card_on_file_pays_with_a_new_card(
        self, as_family, family, mia, season, watercolour
    ):
        free = a_season_class(season, "0.00", name="Open Studio", week=2)
        payment = enrolled(as_family, family, mia, free)
        answer = preview(as_family, payment, watercolour).json()
        assert answer["total"] == 200.0

        refused = move(as_family, payment, watercolour, 200)
        assert (refused.status_code, refused.json()["code"]) == (409, "no_card")
        assert Instalment.objects.get().status == InstalmentStatus.CANCELLED
        response = move(
            as_family, payment, watercolour, 200, setupIntentId=card_saved(answer, family)
        )

        assert response.status_code == 201, response.json()
        paid_now = Instalment.objects.get(status=InstalmentStatus.PAID)
        assert stripe_js.payment_intent(paid_now.payment_intent_id)["amount"] == 20000
        assert_moved(payment, free, watercolour)

    def test_a_new_card_declined_moves_nothing(self, as_family, family, mia, pottery, watercolour):
        payment = enrolled(as_family, family, mia, watercolour)
        answer = preview(as_family, payment, pottery).json()
        setup_intent_id = card_saved(answer, family, stripe_js.CARD_DECLINED_WHEN_CHARGED)

        response = move(as_family, payment, pottery, 100, setupIntentId=setup_intent_id)

        assert response.status_code == 402, response.json()
        assert_not_moved(payment, watercolour)
        assert Instalment.objects.get().status == InstalmentStatus.CANCELLED
        pottery.refresh_from_db()
        assert pottery.enroll == 0

    def test_a_card_saved_for_something_else_is_refused(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, watercolour)
        other = opened(as_family, (ChildFactory(account=family), pottery)).json()

        response = move(as_family, payment, pottery, 100, setupIntentId=card_saved(other, family))

        assert response.status_code == 400
        assert "setupIntentId" in response.json()["errors"]
        assert_not_moved(payment, watercolour)

    def test_after_3d_secure_the_second_request_completes_the_move(
        self, as_family, family, mia, pottery, watercolour
    ):
        payment = enrolled(as_family, family, mia, watercolour)
        answer = preview(as_family, payment, pottery).json()
        setup_intent_id = card_saved(answer, family, stripe_js.CARD_3DS)

        asked = move(as_family, payment, pottery, 100, setupIntentId=setup_intent_id)

        assert asked.status_code == 402, asked.json()
        assert asked.json()["requiresAction"] is True
        assert_not_moved(payment, watercolour)
        assert "paymentIntent" in stripe_js.confirm_card_payment(asked.json()["clientSecret"])
        response = move(
            as_family, payment, pottery, 100, paymentIntentId=asked.json()["paymentIntentId"]
        )
        assert response.status_code == 201, response.json()
        assert_moved(payment, watercolour, pottery)
        assert Instalment.objects.get().payment_intent_id == asked.json()["paymentIntentId"]

    def test_a_seat_gone_while_the_bank_asked_refunds_the_charge(
        self, as_family, family, mia, season, watercolour
    ):
        last_seat = a_season_class(season, "300.00", name="Small Pottery", seats=1)
        payment = enrolled(as_family, family, mia, watercolour)
        answer = preview(as_family, payment, last_seat).json()
        asked = move(
            as_family,
            payment,
            last_seat,
            100,
            setupIntentId=card_saved(answer, family, stripe_js.CARD_3DS),
        ).json()
        # Another family takes the last seat while Mia's parent answers the bank.
        rival = ChildFactory(account=UserFactory(role=Role.STUDENT))
        seat_take(student_id=rival.account_id, participant=rival, camp_class_id=last_seat.pk)
        stripe_js.confirm_card_payment(asked["clientSecret"])

        response = move(
            as_family, payment, last_seat, 100, paymentIntentId=asked["paymentIntentId"]
        )

        assert response.status_code == 409
        assert response.json()["code"] == "class_full"
        assert response.json()["message"].endswith("The $100.00 charged is refunded to your card.")
        assert_not_moved(payment, watercolour)
        refund = Refund.objects.get()
        assert (refund.instalment.payment_intent_id, refund.status) == (
            asked["paymentIntentId"],
            RefundStatus.SUCCEEDED,
        )
        assert [r["amount"] for r in stripe_js.refunds_of(asked["paymentIntentId"])] == [10000]

    def test_account_credit_pays_the_difference(self, as_family, family, mia, pottery, watercolour):
        payment = enrolled(as_family, family, mia, watercolour)
        CreditEntry.objects.create(family=family, amount=D("150.00"), reason="A gift")
        started = int(time.time())
        # localstripe keeps earlier tests' charges, whose payment ids this database reuses.
        before = charges_for(payment, since=started)

        response = move(as_family, payment, pottery, 100, settle_with="credit")

        assert response.status_code == 201, response.json()
        assert credit_balance(family.pk) == D("50.00")
        instalment = Instalment.objects.get()
        assert (instalment.kind, instalment.paid_by, instalment.status) == (
            InstalmentKind.TRANSFER,
            PaidBy.CREDIT,
            InstalmentStatus.PAID,
        )
        assert_moved(payment, watercolour, pottery)
        assert charges_for(payment, since=started) == before

    def test_too_little_credit_moves_nothing(self, as_family, family, mia, pottery, watercolour):
        payment = enrolled(as_family, family, mia, watercolour)
        CreditEntry.objects.create(family=family, amount=D("50.00"), reason="A gift")

        response = move(as_family, payment, pottery, 100, settle_with="credit")

        assert (response.status_code, response.json()["code"]) == (409, "credit_short")
        assert credit_balance(family.pk) == D("50.00")
        assert_not_moved(payment, watercolour)
        pottery.refresh_from_db()
        assert pottery.enroll == 0


def charges_for(payment, *, since: int) -> set[str]:
    return {
        intent["id"]
        for intent in stripe_js.payment_intents(since=since, payment_id=str(payment.pk))
    }


@pytest.mark.django_db(transaction=True)
def test_two_families_racing_for_the_last_seat_one_moves_and_neither_loses_a_seat(servers):
    """Each family's child holds a seat of its own class; both move to the one seat left of
    another, paying the difference from credit, at the same moment through two servers."""
    last_seat = ClassFactory(
        name="Last Seat", price=D("60.00"), seats=1, status=ClassStatus.APPROVED
    )
    families, payments = [], []
    for n in range(2):
        family = UserFactory(role=Role.STUDENT, email=f"racer{n}-{time.time_ns()}@camp.test")
        child = ChildFactory(account=family)
        own = ClassFactory(name=f"Own class {n}", price=D("45.50"), status=ClassStatus.APPROVED)
        payments.append(
            PaymentFactory(
                student=family, participant=child, camp_class=own, status=PaymentStatus.ENROLLED
            )
        )
        CreditEntry.objects.create(family=family, amount=D("50.00"), reason="A gift")
        families.append(family)
    body = {"classId": last_seat.pk, "settleWith": "credit", "total": "14.50"}

    responses = post_all_at_once(
        [
            (
                f"{servers[n]}/api/enrolments/{payment.enrolment_id}/transfer",
                body,
                bearer(payment.student),
            )
            for n, payment in enumerate(payments)
        ]
    )

    assert sorted(response.status_code for response in responses) == [201, 409], [
        response.text for response in responses
    ]
    [lost] = [response for response in responses if response.status_code == 409]
    assert lost.json()["code"] == "class_full"
    last_seat.refresh_from_db()
    assert (last_seat.seats, last_seat.enroll) == (0, 1)
    for payment, response in zip(payments, responses, strict=True):
        payment.refresh_from_db()
        family = payment.student
        # Everyone holds exactly one seat: the winner the new one, the other their own.
        [seat] = Enrolment.objects.filter(student=family, status=EnrolmentStatus.ACTIVE)
        assert payment.enrolment_id == seat.pk
        if response.status_code == 201:
            assert seat.camp_class_id == last_seat.pk
            assert credit_balance(family.pk) == D("35.50")
        else:
            assert seat.camp_class_id != last_seat.pk
            assert credit_balance(family.pk) == D("50.00")
    assert Transfer.objects.count() == 1
