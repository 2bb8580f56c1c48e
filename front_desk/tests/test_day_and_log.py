"""The office's day: what the desk took by method, closed against the count; and the desk's
log, read by admins and by each family for itself, never changed."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from accounts.models import Role
from core.school_time import school_today
from front_desk.models import DayClose, DeskAction, DeskActionKind
from front_desk.services.log import desk_log
from payments.models import Checkout, CheckoutStatus, PaidWith
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def office():
    return UserFactory(role=Role.OFFICE, name="Dana Office")


def _paid(family, *, total, paid_with, by=None, reference="", at=None):
    return Checkout.objects.create(
        family=family,
        status=CheckoutStatus.PAID,
        total=Decimal(total),
        paid_at=at or timezone.now(),
        opened_by=by,
        paid_with=paid_with,
        paid_reference=reference,
    )


def test_the_day_shows_what_the_desk_took_by_method(api_client_for, office):
    family = UserFactory(name="Lopez family")
    _paid(family, total="120.00", paid_with=PaidWith.CASH, by=office)
    _paid(family, total="80.50", paid_with=PaidWith.CHEQUE, by=office, reference="1042")
    _paid(family, total="200.00", paid_with=PaidWith.CARD, by=office)
    # The family's own checkout online, and one the desk opened that the family paid from the
    # link, are not the desk's takings; nor is yesterday's cash.
    _paid(family, total="55.00", paid_with="")
    _paid(family, total="65.00", paid_with="", by=office)
    _paid(
        family,
        total="10.00",
        paid_with=PaidWith.CASH,
        by=office,
        at=timezone.now() - timedelta(days=2),
    )

    answer = api_client_for(office).get("/api/frontDesk/day")

    assert answer.status_code == 200
    body = answer.json()
    assert body["date"] == school_today().isoformat()
    assert body["takings"] == {"card": 200.0, "cash": 120.0, "cheque": 80.5, "total": 400.5}
    assert [(row["method"], row["amount"], row["reference"]) for row in body["payments"]] == [
        ("cash", 120.0, ""),
        ("cheque", 80.5, "1042"),
        ("card", 200.0, ""),
    ]
    assert body["payments"][0]["family"]["name"] == "Lopez family"
    assert body["closed"] is None


def test_closing_the_day_notes_the_difference_once(api_client_for, office):
    family = UserFactory()
    _paid(family, total="120.00", paid_with=PaidWith.CASH, by=office)
    _paid(family, total="80.00", paid_with=PaidWith.CHEQUE, by=office, reference="77")
    client = api_client_for(office)
    today = school_today().isoformat()

    unexplained = client.post(
        "/api/frontDesk/day",
        {"date": today, "countedCash": "115.00", "countedCheques": "80.00"},
        format="json",
    )
    closed = client.post(
        "/api/frontDesk/day",
        {"date": today, "countedCash": "115.00", "countedCheques": "80.00", "note": "Change"},
        format="json",
    )
    again = client.post(
        "/api/frontDesk/day",
        {"date": today, "countedCash": "120.00", "countedCheques": "80.00"},
        format="json",
    )

    assert unexplained.status_code == 400
    assert "note" in unexplained.json()["errors"]
    assert closed.status_code == 201
    assert closed.json()["closed"] | {"closedAt": None} == {
        "closedBy": "Dana Office",
        "closedAt": None,
        "countedCash": 115.0,
        "countedCheques": 80.0,
        "recordedCash": 120.0,
        "recordedCheques": 80.0,
        "difference": -5.0,
        "note": "Change",
    }
    assert again.status_code == 409
    assert again.json()["code"] == "day_closed"
    assert DayClose.objects.count() == 1
    (entry,) = DeskAction.objects.filter(kind=DeskActionKind.DAY_CLOSED)
    assert entry.actor == office
    assert client.get(f"/api/frontDesk/day?date={today}").json()["closed"]["difference"] == -5.0


def test_a_day_to_come_is_not_closed_and_a_bad_day_is_named(api_client_for, office):
    client = api_client_for(office)
    tomorrow = (school_today() + timedelta(days=1)).isoformat()

    early = client.post(
        "/api/frontDesk/day",
        {"date": tomorrow, "countedCash": "0", "countedCheques": "0"},
        format="json",
    )
    badly = client.get("/api/frontDesk/day?date=someday")
    negative = client.post(
        "/api/frontDesk/day",
        {"date": school_today().isoformat(), "countedCash": "-1", "countedCheques": "0"},
        format="json",
    )

    assert early.status_code == 400
    assert "date" in early.json()["errors"]
    assert badly.status_code == 400
    assert "date" in badly.json()["errors"]
    assert negative.status_code == 400
    assert "countedCash" in negative.json()["errors"]
    assert not DayClose.objects.exists()


def test_admins_read_the_log_and_a_family_its_own(api_client_for, office):
    lopez, kim = UserFactory(name="Lopez"), UserFactory(name="Kim")
    admin = UserFactory(role=Role.ADMIN)
    desk_log(
        actor=office,
        family=lopez,
        kind=DeskActionKind.FAMILY_REGISTERED,
        summary="Registered the family",
    )
    desk_log(actor=office, family=kim, kind=DeskActionKind.FAMILY_REGISTERED, summary="Registered")

    everything = api_client_for(admin).get("/api/frontDesk/log").json()
    one = api_client_for(admin).get(f"/api/frontDesk/log?familyId={lopez.pk}").json()
    own = api_client_for(lopez).get(f"/api/frontDesk/log?familyId={kim.pk}").json()

    assert [entry["family"]["name"] for entry in everything] == ["Kim", "Lopez"]
    assert everything[0]["actor"] == {"name": "Dana Office", "role": "office"}
    assert [entry["family"]["name"] for entry in one] == ["Lopez"]
    # A family reads only its own, and that the office did it, not who.
    assert [(entry["summary"], entry["actor"]["name"]) for entry in own] == [
        ("Registered the family", "The office")
    ]
    assert api_client_for(office).get("/api/frontDesk/log").status_code == 403


def test_the_log_is_never_edited_nor_removed(office):
    entry = desk_log(
        actor=office, family=None, kind=DeskActionKind.DAY_CLOSED, summary="Closed the day"
    )

    with pytest.raises(DatabaseError), transaction.atomic():
        DeskAction.objects.filter(pk=entry.pk).update(summary="Nothing happened")
    with pytest.raises(DatabaseError), transaction.atomic():
        DeskAction.objects.filter(pk=entry.pk).delete()

    entry.refresh_from_db()
    assert entry.summary == "Closed the day"
