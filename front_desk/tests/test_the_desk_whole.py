"""The issue's whole path at the front desk, through the API and the real services (the Firebase
Auth emulator, localstripe's absence of a charge, the SMTP sink): a family registered by phone,
its children's care taken by phone, its checkout paid in cash; the children are enrolled, the
receipt says cash, the day's takings and the journal have it balanced, and the family's
statement counts it."""

import csv
import io
from collections import defaultdict
from datetime import timedelta
from decimal import Decimal

import pytest

from accounts.models import Role, User
from core.school_time import school_today
from enrolments.models import Enrolment
from front_desk.tests.test_checkouts import statement_text
from front_desk.tests.test_families import CARE
from testing.factories import UserFactory
from testing.outbox import send_queued
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


def _child(desk, family_id: int, first_name: str) -> int:
    nine_years_ago = school_today() - timedelta(days=9 * 365)
    answer = desk.post(
        f"/api/frontDesk/families/{family_id}/participants",
        {
            "firstName": first_name,
            "lastName": "Moreno",
            "dateOfBirth": nine_years_ago.isoformat(),
            "care": CARE,
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    return answer.json()["id"]


def _journal(admin_client) -> list[dict]:
    today = school_today().isoformat()
    answer = admin_client.get(f"/api/reports/journal.csv?from={today}&to={today}")
    assert answer.status_code == 200
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    for row in rows:
        row["Debit"] = D(row["Debit"] or "0")
        row["Credit"] = D(row["Credit"] or "0")
    return rows


def test_a_family_registered_by_phone_and_paid_in_cash_is_enrolled_and_in_the_books(
    emulator, api_client_for, season, smtp_sink
):
    office = UserFactory(role=Role.OFFICE, name="Dana Desk")
    admin = UserFactory(role=Role.ADMIN)
    desk = api_client_for(office)
    pottery = a_season_class(season, "300.00", name="Wheel Pottery")
    weaving = a_season_class(season, "200.00", name="Loom Weaving", week=1)

    registered = desk.post(
        "/api/frontDesk/families",
        {"email": "rosa@family.test", "name": "Rosa Moreno", "phone": "415 555 0101"},
        format="json",
    )
    assert registered.status_code == 201, registered.json()
    family_id = registered.json()["id"]
    ines, tomas = _child(desk, family_id, "Ines"), _child(desk, family_id, "Tomas")
    opened = desk.post(
        "/api/frontDesk/checkouts",
        {
            "familyId": family_id,
            "items": [
                {"classId": pottery.pk, "participantId": ines},
                {"classId": weaving.pk, "participantId": tomas},
            ],
        },
        format="json",
    )
    assert opened.status_code == 201, opened.json()
    # The second child's sibling discount, as online: 300 + 180.
    assert opened.json()["total"] == 480.0
    paid = desk.post(
        f"/api/frontDesk/checkouts/{opened.json()['id']}/payment",
        {"method": "cash", "reference": "Receipt 88", "total": "480.00"},
        format="json",
    )

    assert paid.status_code == 201, paid.json()
    family = User.objects.get(pk=family_id)
    assert sorted(
        Enrolment.objects.filter(student=family).values_list("participant_id", flat=True)
    ) == sorted([ines, tomas])
    send_queued()
    receipts = [m for m in smtp_sink.messages() if m["Subject"].startswith("Your receipt")]
    assert len(receipts) == 1
    assert "Paid in cash: $480.00" in receipts[0].get_body(("plain",)).get_content()
    day = desk.get("/api/frontDesk/day").json()
    assert day["takings"] == {"card": 0.0, "cash": 480.0, "cheque": 0.0, "total": 480.0}

    journal = _journal(api_client_for(admin))
    entries = defaultdict(lambda: [D(0), D(0)])
    by_account = defaultdict(D)
    for row in journal:
        entries[row["Entry"]][0] += row["Debit"]
        entries[row["Entry"]][1] += row["Credit"]
        by_account[row["Account"]] += row["Debit"] - row["Credit"]
    assert entries and all(debit == credit for debit, credit in entries.values())
    cash_on_hand = [name for name in by_account if "Undeposited" in name]
    assert [by_account[name] for name in cash_on_hand] == [D("480.00")]
    assert sum(by_account.values()) == 0
    assert all(row["Family"] == "Rosa Moreno" for row in journal)

    year = pottery.start_date.year
    statement = api_client_for(family).get(f"/api/statements/{year}.pdf", {"participantId": tomas})
    assert f"Total paid for care in {year}: $180.00" in statement_text(statement)
