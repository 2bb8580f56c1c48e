"""The family's to-do list (GET /api/todo): each thing to do comes from its own app, shows while
it is to do and leaves once done, the soonest deadline first; another family's never shows."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of
from care.models import CareRecord
from class_messages.services import class_message_send
from core.school_time import school_timezone, school_today
from enrolments.models import WaitlistEntry, WaitlistStatus
from payments.models import Instalment, InstalmentKind, InstalmentStatus, PaidBy, PaymentStatus
from testing.care import care_completed
from testing.factories import (
    ChildFactory,
    ClassFactory,
    EnrolmentFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
)
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

# The school's policies its migration seeds, in their order: two per child, two per family.
PER_CHILD = ["Liability waiver", "Code of conduct"]
PER_FAMILY = ["Photo policy", "Refund policy"]


def todo(client) -> list[dict]:
    response = client.get("/api/todo")
    assert response.status_code == 200, response.json()
    return response.json()


def kinds(client) -> list[str]:
    return [item["kind"] for item in todo(client)]


def done_paperwork(family):
    """Every one of the family's people with their care record complete and policies accepted."""
    for person in family.participants.all():
        care_completed(person)


def item(**fields) -> dict:
    """A to-do as the API answers it: the fields its kind does not use are empty."""
    return {
        "kind": "",
        "dueAt": None,
        "participantId": None,
        "participantName": "",
        "classId": None,
        "className": "",
        "missing": [],
        "policyId": None,
        "policyTitle": "",
        "childrenNames": [],
        "amount": None,
        "enrolmentId": None,
        "waitlistEntryId": None,
        "count": None,
        "subject": "",
        "takenAt": None,
        **fields,
    }


def iso(moment) -> str:
    """A moment as the list gives it: in the school's time."""
    return moment.astimezone(school_timezone()).isoformat()


@pytest.fixture
def mia(family):
    return ChildFactory(account=family, first_name="Mia", last_name="Silva", care=False)


@pytest.fixture
def pottery(season):
    return a_season_class(season, "300.00", name="Wheel Pottery")


def test_nothing_to_do_is_an_empty_list(as_family):
    assert todo(as_family) == []


def test_a_childs_care_record_and_policies_are_due_by_their_first_class(
    as_family, family, mia, pottery
):
    SelectionFactory(student=family, participant=mia, camp_class=pottery)

    answer = todo(as_family)

    by = iso(pottery.starts_at)
    assert answer[0] == item(
        kind="careRecord",
        dueAt=by,
        participantId=mia.pk,
        participantName="Mia Silva",
        missing=["record"],
    )
    assert [(i["kind"], i["policyTitle"], i["childrenNames"], i["dueAt"]) for i in answer[1:]] == [
        ("policy", "Liability waiver", ["Mia Silva"], by),
        ("policy", "Photo policy", [], by),
        ("policy", "Refund policy", [], by),
        ("policy", "Code of conduct", ["Mia Silva"], by),
    ]

    care_completed(mia)

    assert todo(as_family) == []


def test_a_record_to_confirm_again_asks_for_its_confirmation(as_family, mia, settings):
    care_completed(
        mia, confirmed_at=timezone.now() - timedelta(days=settings.CARE_CONFIRM_DAYS + 1)
    )

    [care] = todo(as_family)

    # No class ahead: no deadline, but still to do.
    assert care == item(
        kind="careRecord",
        participantId=mia.pk,
        participantName="Mia Silva",
        missing=["confirmation"],
    )


def test_a_waitlist_offer_is_due_when_it_lapses_and_leaves_once_taken(as_family, family):
    done_paperwork(family)
    full = ClassFactory(name="Raku Firing", seats=0)
    holder = account_holder_of(family)
    lapses = timezone.now() + timedelta(hours=20)
    offer = WaitlistEntry.objects.create(
        student=family,
        participant=holder,
        camp_class=full,
        rank=1,
        status=WaitlistStatus.OFFERED,
        offered_at=timezone.now(),
        offer_expires_at=lapses,
    )

    assert todo(as_family) == [
        item(
            kind="waitlistOffer",
            dueAt=iso(lapses),
            participantId=holder.pk,
            participantName=holder.name,
            classId=full.pk,
            className="Raku Firing",
            waitlistEntryId=offer.pk,
        )
    ]

    WaitlistEntry.objects.filter(pk=offer.pk).update(status=WaitlistStatus.ACCEPTED)
    assert todo(as_family) == []


def test_an_offer_that_lapsed_is_no_longer_to_do(as_family, family):
    done_paperwork(family)
    WaitlistEntry.objects.create(
        student=family,
        participant=account_holder_of(family),
        camp_class=ClassFactory(seats=0),
        rank=1,
        status=WaitlistStatus.OFFERED,
        offered_at=timezone.now() - timedelta(days=2),
        offer_expires_at=timezone.now() - timedelta(minutes=1),
    )

    assert todo(as_family) == []


def plan_paid(family, mia, pottery):
    return PaymentFactory(
        student=family, participant=mia, camp_class=pottery, status=PaymentStatus.ENROLLED
    )


def test_a_balance_due_shows_what_is_due_now_until_it_is_paid(as_family, family, mia, pottery):
    care_completed(mia)
    payment = plan_paid(family, mia, pottery)
    today = school_today()
    failed = Instalment.objects.create(
        payment=payment,
        kind=InstalmentKind.INSTALMENT,
        due_on=today - timedelta(days=3),
        amount=Decimal("100.00"),
        status=InstalmentStatus.FAILED,
    )
    Instalment.objects.create(
        payment=payment, kind=InstalmentKind.INSTALMENT, due_on=today, amount=Decimal("50.00")
    )
    # Charged on its own day, later: nothing to do about it yet.
    later = Instalment.objects.create(
        payment=payment,
        kind=InstalmentKind.INSTALMENT,
        due_on=today + timedelta(days=30),
        amount=Decimal("150.00"),
    )

    [balance] = todo(as_family)

    assert balance == item(
        kind="balance",
        dueAt=balance["dueAt"],
        participantId=mia.pk,
        participantName="Mia Silva",
        classId=pottery.pk,
        className="Wheel Pottery",
        amount=150.0,
        enrolmentId=payment.enrolment_id,
    )
    # Due since the failed instalment's day, at the start of the school's day.
    assert balance["dueAt"].startswith(f"{today - timedelta(days=3)}T00:00:00")

    Instalment.objects.exclude(pk=later.pk).update(
        status=InstalmentStatus.PAID, paid_by=PaidBy.OFFLINE, paid_at=timezone.now()
    )
    assert todo(as_family) == []
    assert failed.payment_id == payment.pk


def test_a_class_message_is_to_read_until_the_family_reads_the_class_s_messages(
    as_family, family, mia, pottery
):
    care_completed(mia)
    EnrolmentFactory(student=family, participant=mia, camp_class=pottery)
    kiln = {"body": "Bring an apron.", "audience": "enrolled"}
    class_message_send(sender=pottery.instructor, class_id=pottery.pk, subject="Kiln day", **kiln)
    class_message_send(sender=pottery.instructor, class_id=pottery.pk, subject="Glazes", **kiln)

    assert todo(as_family) == [
        item(
            kind="classMessages",
            classId=pottery.pk,
            className="Wheel Pottery",
            count=2,
            subject="Glazes",
        )
    ]

    assert as_family.get(f"/api/classes/{pottery.pk}/messages").status_code == 200
    assert todo(as_family) == []

    class_message_send(sender=pottery.instructor, class_id=pottery.pk, subject="Apron", **kiln)
    assert [(i["kind"], i["count"], i["subject"]) for i in todo(as_family)] == [
        ("classMessages", 1, "Apron")
    ]


def test_a_message_to_waitlisted_families_is_not_one_an_enrolled_family_reads(
    as_family, family, mia, pottery
):
    care_completed(mia)
    EnrolmentFactory(student=family, participant=mia, camp_class=pottery)
    waiting = UserFactory(role=Role.STUDENT)
    WaitlistEntry.objects.create(
        student=waiting, participant=ChildFactory(account=waiting), camp_class=pottery, rank=1
    )
    class_message_send(
        sender=pottery.instructor,
        class_id=pottery.pk,
        subject="A seat may come",
        body="Hold on.",
        audience="waitlisted",
    )

    assert todo(as_family) == []


def test_the_soonest_deadline_comes_first_and_messages_last(as_family, family, mia, season):
    soon = a_season_class(season, "100.00", name="Soon", week=0)
    later = a_season_class(season, "100.00", name="Later", week=3)
    leo = ChildFactory(account=family, first_name="Leo", last_name="Silva")
    care_completed(mia)
    care_completed(leo)
    # Leo's record wants confirming again before his class; Mia's balance is overdue; a seat is
    # offered to Leo for a day; a message to Mia's class is unread.
    SelectionFactory(student=family, participant=leo, camp_class=later)
    CareRecord.objects.filter(participant=leo).update(confirmed_at=None)
    payment = plan_paid(family, mia, soon)
    Instalment.objects.create(
        payment=payment,
        kind=InstalmentKind.INSTALMENT,
        due_on=school_today() - timedelta(days=1),
        amount=Decimal("40.00"),
    )
    WaitlistEntry.objects.create(
        student=family,
        participant=leo,
        camp_class=ClassFactory(seats=0),
        rank=1,
        status=WaitlistStatus.OFFERED,
        offered_at=timezone.now(),
        offer_expires_at=timezone.now() + timedelta(days=1),
    )
    class_message_send(
        sender=soon.instructor, class_id=soon.pk, subject="Hi", body="Hello.", audience="enrolled"
    )

    assert [(i["kind"], i["participantName"] or i["className"]) for i in todo(as_family)] == [
        ("balance", "Mia Silva"),
        ("waitlistOffer", "Leo Silva"),
        ("careRecord", "Leo Silva"),
        ("classMessages", "Soon"),
    ]


def test_another_familys_things_to_do_are_not_in_the_list(api_client_for, family, mia, pottery):
    SelectionFactory(student=family, participant=mia, camp_class=pottery)
    other = UserFactory(role=Role.STUDENT)

    assert todo(api_client_for(other)) == []


@pytest.mark.parametrize("children", [1, 4])
def test_the_list_costs_the_same_queries_however_much_there_is_to_do(
    as_family, family, season, django_assert_num_queries, children
):
    for week in range(children):
        child = ChildFactory(account=family, care=False)
        camp_class = a_season_class(season, "100.00", week=week, name=f"Class {week}")
        SelectionFactory(student=family, participant=child, camp_class=camp_class)
        EnrolmentFactory(student=family, participant=child, camp_class=camp_class)
        class_message_send(
            sender=camp_class.instructor,
            class_id=camp_class.pk,
            subject="Hi",
            body="Hello.",
            audience="enrolled",
        )

    # The caller; offers; balances; the family's people; their first classes (seats,
    # selections); their records, the policies in force and their acceptances (care); the
    # policies' titles; unread messages.
    with django_assert_num_queries(11):
        answer = todo(as_family)

    assert [i["kind"] for i in answer].count("careRecord") == children
