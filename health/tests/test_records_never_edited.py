"""The database holds the health records as the school's: a closed incident and its addenda are
never changed, a report is not removed before its retention ends, and the medication log is
only ever added to, whatever writes to the tables (here the ORM's own UPDATE and DELETE)."""

from datetime import time, timedelta

import pytest
import time_machine
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from care.models import empty_medical
from classes.models import Meeting
from health.models import (
    Incident,
    IncidentAddendum,
    IncidentChild,
    MedicationAdministration,
    MedicationOutcome,
)
from health.services.medications import medication_administration_record
from testing.care import care_completed
from testing.dates import database_today, summer
from testing.factories import ChildFactory, EnrolmentFactory, scheduled_class
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


def _refused(write) -> None:
    with pytest.raises(DatabaseError), transaction.atomic():
        write()


def test_a_closed_incident_its_children_and_addenda_are_never_changed(meeting, people):
    incident = incident_written(
        meeting,
        people["admin"],
        ChildFactory(),
        keep_until=database_today() + timedelta(days=1),
        closed=True,
    )
    _refused(lambda: Incident.objects.filter(pk=incident.pk).update(description="Nothing."))
    _refused(lambda: IncidentChild.objects.filter(incident=incident).update(family_emailed_at=None))
    _refused(lambda: IncidentAddendum.objects.filter(incident=incident).update(text="Changed."))
    _refused(lambda: Incident.objects.filter(pk=incident.pk).delete())
    _refused(lambda: IncidentAddendum.objects.filter(incident=incident).delete())
    incident.refresh_from_db()
    assert incident.description == "Cut a finger on a clay tool."


def test_an_open_incident_is_reviewed_but_kept_until_its_retention_ends(meeting, people):
    incident = incident_written(
        meeting, people["admin"], ChildFactory(), keep_until=database_today()
    )
    Incident.objects.filter(pk=incident.pk).update(follow_up="Called home.")
    _refused(lambda: Incident.objects.filter(pk=incident.pk).delete())
    _refused(lambda: IncidentAddendum.objects.filter(incident=incident).update(text="Changed."))


def test_a_report_past_its_retention_may_be_deleted_with_everything_in_it(meeting, people):
    incident = incident_written(
        meeting,
        people["admin"],
        ChildFactory(),
        keep_until=database_today() - timedelta(days=1),
        closed=True,
    )
    Incident.objects.filter(pk=incident.pk).delete()
    assert not IncidentChild.objects.exists()
    assert not IncidentAddendum.objects.exists()


def test_a_dose_given_is_never_changed_or_removed(meeting, people):
    dose = MedicationAdministration.objects.create(
        participant=ChildFactory(),
        meeting=meeting,
        medication="Inhaler",
        dose="2 puffs",
        outcome=MedicationOutcome.GIVEN,
        at=timezone.now(),
        client_id="dose-1",
        by=people["instructor"],
        by_name="Maya Lindqvist",
    )
    _refused(lambda: MedicationAdministration.objects.filter(pk=dose.pk).update(outcome="missed"))
    _refused(lambda: MedicationAdministration.objects.filter(pk=dose.pk).delete())


def _correction(meeting, people) -> tuple[MedicationAdministration, MedicationAdministration]:
    """A dose given and its correction, recorded as the school's pages record them."""
    child = ChildFactory(care=False)
    care_completed(
        child,
        medical={
            **empty_medical(),
            "medications": [
                {"name": "Inhaler", "dose": "2 puffs", "schedule": "12:00", "at_camp": True}
            ],
        },
    )
    EnrolmentFactory(student=child.account, participant=child, camp_class=meeting.camp_class)
    with time_machine.travel(meeting.start + timedelta(hours=1), tick=False):
        dose = {
            "actor": people["instructor"],
            "meeting_id": meeting.pk,
            "participant_id": child.pk,
            "medication": "Inhaler",
            "at": timezone.now(),
        }
        given, _ = medication_administration_record(**dose, outcome=MedicationOutcome.GIVEN)
        refused, _ = medication_administration_record(
            **dose, outcome=MedicationOutcome.REFUSED, corrects_id=given.pk, note="Spat it out."
        )
    return given, refused


def test_a_correction_and_the_entry_it_corrects_are_never_changed_or_removed(meeting, people):
    given, refused = _correction(meeting, people)
    entries = MedicationAdministration.objects.filter(pk__in=[given.pk, refused.pk])
    # Taking a correction back, or pointing it elsewhere, is a change like any other.
    _refused(lambda: MedicationAdministration.objects.filter(pk=refused.pk).update(corrects=None))
    _refused(lambda: entries.update(note="Rewritten."))
    _refused(lambda: entries.delete())
    given.outcome = MedicationOutcome.MISSED
    _refused(given.save)
    _refused(lambda: MedicationAdministration.objects.bulk_update([given], ["outcome"]))

    def by_sql():
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE health_medicationadministration SET outcome = %s WHERE id = %s",
                ["given", refused.pk],
            )

    _refused(by_sql)
    assert list(entries.order_by("id").values_list("outcome", "corrects_id", "note")) == [
        ("given", None, ""),
        ("refused", given.pk, "Spat it out."),
    ]


def test_the_child_and_the_meeting_of_a_dose_are_kept(meeting, people):
    given, _ = _correction(meeting, people)
    _refused(lambda: given.participant.delete())
    _refused(lambda: Meeting.objects.filter(pk=meeting.pk).delete())
    assert MedicationAdministration.objects.count() == 2
