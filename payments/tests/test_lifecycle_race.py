"""A full class's whole season at once, through two server processes on one PostgreSQL database:
thirty buyers race for ten seats' holds, ten families wait, families cancel while others try to
get in, and the freed seats go round the waitlist. Whatever the interleaving, the end state
holds together: never more seats taken than the class has, each freed seat offered to one family
at a time, each charge enrolled or refunded, each e-mail queued once."""

import time
import uuid
from collections import Counter
from datetime import timedelta
from decimal import Decimal

import pytest
import requests
from django.db.models import Count
from django.utils import timezone

from accounts.models import Role
from checkout.tests.test_race import TIMEOUT, bearer, post_all_at_once
from enrolments.message_kinds import EnrolmentMessage
from enrolments.models import Enrolment, EnrolmentStatus, SeatHold, WaitlistEntry, WaitlistStatus
from enrolments.rules import Refusal
from enrolments.selectors import waitlist_list_for_class
from enrolments.services import holds_tidy
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import SelectionFactory, UserFactory, scheduled_class
from testing.seats import seats_free_now

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = 10
PRICE_CENTS = 4550


def posts_to(servers, path_and_bodies):
    """(path, body, person) spread over the servers, half to each."""
    return [
        (f"{servers[n % 2]}{path}", body, bearer(person))
        for n, (path, body, person) in enumerate(path_and_bodies)
    ]


def pay(servers, selections_and_pages):
    """Each family saves its card into the SetupIntent its payment page got, then all press
    Pay at the same moment."""
    setups = [
        stripe_js.confirm_card_setup(page.json()["clientSecret"])["setupIntent"]["id"]
        for _, page in selections_and_pages
    ]
    return post_all_at_once(
        posts_to(
            servers,
            [
                (
                    "/api/payments",
                    {"payId": selection.pk, "setupIntentId": setup},
                    selection.student,
                )
                for (selection, _), setup in zip(selections_and_pages, setups, strict=True)
            ],
        )
    )


def test_thirty_buyers_ten_waiting_cancellations_and_offers_end_consistent(holding_servers):
    servers = holding_servers
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    # A month away: a family's cancellation is refunded in full (the default policy).
    first_day = timezone.localdate() + timedelta(days=30)
    camp_class = scheduled_class(
        start=first_day, days=(first_day.weekday(),), seats=SEATS, price=Decimal("45.50")
    )
    selections = [
        SelectionFactory(
            student=UserFactory(role=Role.STUDENT, email=f"family{n}-{run}@camp.test"),
            camp_class=camp_class,
        )
        for n in range(30)
    ]

    # 1. Thirty families open the payment page at the same moment: ten seats are held.
    pages = post_all_at_once(
        posts_to(
            servers,
            [
                ("/api/createPaymentIntent", {"payId": selection.pk}, selection.student)
                for selection in selections
            ],
        )
    )
    assert Counter(page.status_code for page in pages) == {200: SEATS, 409: 30 - SEATS}
    assert {page.json()["message"] for page in pages if page.status_code == 409} == {
        Refusal.FULL.before_paying
    }
    holders = [(s, page) for s, page in zip(selections, pages, strict=True) if page.ok]
    turned_away = [s for s, page in zip(selections, pages, strict=True) if not page.ok]
    assert SeatHold.objects.filter(camp_class=camp_class).count() == SEATS

    # 2. Ten of those turned away join the waitlist at the same moment: ten distinct places.
    waiting, latecomers = turned_away[:10], turned_away[10:]
    joined = post_all_at_once(
        posts_to(
            servers,
            [("/api/waitlist", {"classId": camp_class.pk}, s.student) for s in waiting],
        )
    )
    assert [answer.status_code for answer in joined] == [201] * 10, [a.text for a in joined]
    places = [entry.position for entry in waitlist_list_for_class(class_id=camp_class.pk)]
    assert places == list(range(1, 11))

    # 3. The ten holding a seat pay at once: all enrolled.
    paid = pay(servers, holders)
    assert [answer.status_code for answer in paid] == [201] * SEATS, [a.text for a in paid]

    # 4. Four families cancel while the ten latecomers open the payment page again, all at the
    # same moment: each freed seat is offered to the waitlist in the cancellation's own
    # transaction, so no latecomer finds one.
    cancelling = [selection for selection, _ in holders[:4]]
    enrolment_of = {
        selection.pk: Enrolment.objects.get(participant=selection.participant, status="active")
        for selection in cancelling
    }
    answers = post_all_at_once(
        posts_to(
            servers,
            [
                (f"/api/enrolments/{enrolment_of[s.pk].pk}/cancellation", {}, s.student)
                for s in cancelling
            ]
            + [("/api/createPaymentIntent", {"payId": s.pk}, s.student) for s in latecomers],
        )
    )
    cancellations, late_pages = answers[:4], answers[4:]
    assert [answer.status_code for answer in cancellations] == [200] * 4, [
        answer.text for answer in cancellations
    ]
    assert [answer.status_code for answer in late_pages] == [409] * len(latecomers)
    queue = list(WaitlistEntry.objects.filter(camp_class=camp_class).order_by("rank"))
    assert [entry.status for entry in queue] == [WaitlistStatus.OFFERED] * 4 + [
        WaitlistStatus.WAITING
    ] * 6

    # 5. Two offered families accept and pay at once; one declines; one lets the offer run out.
    accepting, declining, lapsing = queue[:2], queue[2], queue[3]
    accepted = post_all_at_once(
        posts_to(
            servers,
            [(f"/api/waitlist/{entry.pk}/accept", {}, entry.student) for entry in accepting],
        )
    )
    assert [answer.status_code for answer in accepted] == [200, 200]
    offer_pages = []
    for entry, answer in zip(accepting, accepted, strict=True):
        selection = entry.participant.selections.get(pk=answer.json()["selectionId"])
        page = requests.post(
            f"{servers[0]}/api/createPaymentIntent",
            json={"payId": selection.pk},
            headers=bearer(entry.student),
            timeout=TIMEOUT,
        )
        assert page.status_code == 200, page.text
        offer_pages.append((selection, page))
    declined = requests.post(
        f"{servers[1]}/api/waitlist/{declining.pk}/decline",
        headers=bearer(declining.student),
        timeout=TIMEOUT,
    )
    assert declined.status_code == 200
    assert [answer.status_code for answer in pay(servers, offer_pages)] == [201, 201]
    # The lapsing offer's time has come (the other offers, made moments later, still stand):
    # its expiry set to a second ago, then the minute's round.
    gone = timezone.now() - timedelta(seconds=1)
    SeatHold.objects.filter(waitlist_entry=lapsing).update(expires_at=gone)
    WaitlistEntry.objects.filter(pk=lapsing.pk).update(offer_expires_at=gone)
    holds_tidy()

    # The end state.
    queue = list(WaitlistEntry.objects.filter(camp_class=camp_class).order_by("rank"))
    assert [entry.status for entry in queue] == [
        WaitlistStatus.ACCEPTED,
        WaitlistStatus.ACCEPTED,
        WaitlistStatus.DECLINED,
        WaitlistStatus.EXPIRED,
        WaitlistStatus.OFFERED,
        WaitlistStatus.OFFERED,
        *[WaitlistStatus.WAITING] * 4,
    ]
    enrolled = Enrolment.objects.filter(camp_class=camp_class, status=EnrolmentStatus.ACTIVE)
    open_offers = SeatHold.objects.filter(
        camp_class=camp_class, expires_at__gt=timezone.now()
    ).count()
    # Never more seats taken than the class has: eight seats and two offers standing.
    assert (enrolled.count(), open_offers) == (SEATS - 4 + 2, 2)
    camp_class.refresh_from_db()
    assert camp_class.seats + camp_class.enroll == SEATS
    assert seats_free_now(camp_class) == 0
    # Each freed seat went to one family at a time: six offers, each e-mailed once.
    offers = Message.objects.filter(kind=EnrolmentMessage.WAITLIST_OFFER)
    assert sorted(offers.values_list("about", flat=True)) == sorted(
        f"waitlist-offer:{entry.pk}" for entry in queue[:6]
    )
    # Each e-mail queued once.
    assert not (
        Message.objects.values("kind", "about", "recipient")
        .annotate(times=Count("id"))
        .filter(times__gt=1)
        .exists()
    )
    assert Message.objects.filter(kind=PaymentMessage.PAYMENT_RECEIPT).count() == SEATS + 2
    assert Message.objects.filter(kind=PaymentMessage.REFUND_MADE).count() == 4

    # Stripe's side: every charge for this class is a seat, or was refunded in full.
    families = {selection.student.email for selection in selections}
    charges = [
        charge
        for charge in stripe_js.payment_intents(since=started, class_id=str(camp_class.pk))
        if charge["metadata"]["student_email"] in families
    ]
    assert len(charges) == SEATS + 2
    recorded = {payment.transaction_id: payment for payment in Payment.objects.all()}
    cancelled_ids = {enrolment.pk for enrolment in enrolment_of.values()}
    for charge in charges:
        payment = recorded[charge["id"]]
        refunds = [
            refund["amount"]
            for refund in stripe_js.refunds_of(charge["id"])
            if refund["status"] == "succeeded"
        ]
        if payment.enrolment_id in cancelled_ids:
            assert payment.status != PaymentStatus.ENROLLED
            assert refunds == [PRICE_CENTS]
        else:
            assert payment.status == PaymentStatus.ENROLLED
            assert refunds == []
