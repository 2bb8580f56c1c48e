"""An incident report as a record the school keeps: for INCIDENT_RETENTION_YEARS after the day it
happened, then deleted by the daily sweep with everything in it; shown in the back office, where
an open report's text may be corrected and a closed one only read."""

import calendar
from datetime import date, datetime, time, timedelta

import pytest
from django.conf import settings

from accounts.services import participant_delete
from care.models import CarePart, CareRead
from classes.models import Meeting
from health import tasks
from health.models import Incident, IncidentAddendum, IncidentChild, IncidentKind
from health.services.incidents import incidents_past_retention, keep_until_for
from testing.dates import SCHOOL, database_today, summer
from testing.factories import ChildFactory, scheduled_class
from testing.health import incident_written

pytestmark = pytest.mark.django_db


@pytest.fixture
def meeting(people) -> Meeting:
    pottery = scheduled_class(
        name="Pottery",
        start=summer(6, 14),
        end=summer(6, 14),
        days=(0,),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
    )
    return pottery.meetings.get()


def _incident(meeting, reporter, child, *, keep_until: date, closed: bool = False) -> Incident:
    return incident_written(
        meeting,
        reporter,
        child,
        keep_until=keep_until,
        closed=closed,
        kind=IncidentKind.ILLNESS,
        body_area="",
        description="Felt sick after lunch.",
        internal_notes="Lunch came from home.",
    )


class TestRetention:
    def test_a_report_is_kept_for_the_years_after_the_day_it_happened_at_the_school(self):
        # Late in the evening at the school is the next day in UTC: the school's day counts.
        evening = datetime.combine(summer(6, 14), time(23, 30), SCHOOL)

        kept = keep_until_for(evening)

        years = settings.INCIDENT_RETENTION_YEARS
        assert kept == summer(6, 14).replace(year=summer(6, 14).year + years)

    def test_a_29_february_is_kept_to_the_28th(self, settings):
        settings.INCIDENT_RETENTION_YEARS = 1
        leap = next(year for year in range(date.today().year, 3000) if calendar.isleap(year))

        kept = keep_until_for(datetime.combine(date(leap, 2, 29), time(10), SCHOOL))

        assert kept == date(leap + 1, 2, 28)

    def test_the_sweep_deletes_the_reports_past_their_retention_and_keeps_the_others(
        self, meeting, people
    ):
        # The database's day (UTC), which its triggers read; the school's may be a day behind
        # it, and a moved test clock moves neither.
        today = database_today()
        child = ChildFactory()
        past = _incident(
            meeting, people["admin"], child, keep_until=today - timedelta(days=2), closed=True
        )
        last_day = _incident(meeting, people["admin"], ChildFactory(), keep_until=today)
        kept = _incident(
            meeting, people["admin"], ChildFactory(), keep_until=today + timedelta(days=400)
        )

        assert incidents_past_retention() == 1

        assert set(Incident.objects.values_list("pk", flat=True)) == {last_day.pk, kept.pk}
        assert not IncidentChild.objects.filter(incident_id=past.pk).exists()
        assert not IncidentAddendum.objects.filter(incident_id=past.pk).exists()
        # Nothing keeps the child any more.
        participant_delete(account=child.account, participant_id=child.pk)

    def test_the_daily_beat_runs_the_sweep(self, meeting, people):
        long_ago = database_today() - timedelta(days=2)
        _incident(meeting, people["admin"], ChildFactory(), keep_until=long_ago)

        assert tasks.incident_retention.apply().get() == 1

        assert not Incident.objects.exists()
        entry = next(
            entry
            for entry in settings.CELERY_BEAT_SCHEDULE.values()
            if entry["task"] == "health.tasks.incident_retention"
        )
        assert entry["schedule"].hour == {3}


class TestBackOffice:
    def test_an_open_report_s_text_is_corrected_and_each_look_is_logged(
        self, meeting, people, back_office, back_office_admin
    ):
        child = ChildFactory()
        incident = _incident(
            meeting, people["admin"], child, keep_until=database_today() + timedelta(days=9)
        )
        page = f"/admin/health/incident/{incident.pk}/change/"

        shown = back_office.get(page)
        changed = back_office.post(
            page,
            {
                "location": "The garden",
                "description": "Felt sick after lunch, and rested.",
                "first_aid": "Water, a rest in the shade.",
                "told": "",
                "follow_up": "",
                "internal_notes": "Lunch came from home.",
                **_inlines_unchanged(incident),
            },
        )

        assert shown.status_code == 200
        assert changed.status_code == 302, changed.content.decode()[:2000]
        incident.refresh_from_db()
        assert (incident.location, incident.first_aid) == (
            "The garden",
            "Water, a rest in the shade.",
        )
        assert incident.kind == IncidentKind.ILLNESS
        assert list(CareRead.objects.values_list("participant", "reader", "part")) == [
            (child.pk, back_office_admin.pk, CarePart.INCIDENT)
        ]

    def test_a_closed_report_is_only_read(self, meeting, people, back_office):
        incident = _incident(
            meeting,
            people["admin"],
            ChildFactory(),
            keep_until=database_today() + timedelta(days=9),
            closed=True,
        )
        page = f"/admin/health/incident/{incident.pk}/change/"

        listed = back_office.get("/admin/health/incident/")
        shown = back_office.get(page)
        changed = back_office.post(page, {"description": "Nothing happened."})

        assert listed.status_code == 200
        assert "Illness" in listed.content.decode()
        assert shown.status_code == 200
        assert 'name="_save"' not in shown.content.decode()
        assert changed.status_code == 403
        assert back_office.get("/admin/health/incident/add/").status_code == 403
        assert back_office.get(f"/admin/health/incident/{incident.pk}/delete/").status_code == 403
        incident.refresh_from_db()
        assert incident.description == "Felt sick after lunch."


def _inlines_unchanged(incident) -> dict:
    """The management forms of the report's read-only inlines, as the page posts them."""
    forms = {}
    for prefix, rows in (
        ("children", incident.children.all()),
        ("addenda", incident.addenda.all()),
    ):
        forms[f"{prefix}-TOTAL_FORMS"] = str(len(rows))
        forms[f"{prefix}-INITIAL_FORMS"] = str(len(rows))
        forms[f"{prefix}-MIN_NUM_FORMS"] = "0"
        forms[f"{prefix}-MAX_NUM_FORMS"] = "1000"
        for index, row in enumerate(rows):
            forms[f"{prefix}-{index}-id"] = str(row.pk)
            forms[f"{prefix}-{index}-incident"] = str(incident.pk)
    return forms
