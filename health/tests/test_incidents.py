"""Incident reports: a class's instructor reports what happened to children at a meeting (maybe
from a phone's offline queue, sent more than once); each family is e-mailed once about its own
children, never the school's internal notes; admins review, edit while open, close; the school
adds to a report, internally or for the families; a report reads as the family's or the school's
view, in the app and as a PDF; staff reads are logged for the families. Who may call what is
camp/tests/test_authorization_matrix.py's (another family and another instructor: 404)."""

import io
import uuid
from datetime import datetime, timedelta

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone, translation
from pypdf import PdfReader

from accounts.models import Role
from care.models import CarePart, CareRead
from classes.models import ClassStatus, Meeting
from core.school_time import school_timezone, school_today
from enrolments.services import seat_give_back
from health.models import Incident, IncidentAddendum
from notifications.models import Message
from testing.dates import SCHOOL, noon_at_school
from testing.factories import ChildFactory, ClassFactory, PaymentFactory, UserFactory
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

INTERNAL = "Staff note: the tool tray was left open by the assistant."


@pytest.fixture(autouse=True)
def noon():
    """The clock at noon at the school today, ticking, so a report made now is on the
    meeting's day whenever the suite runs."""
    with noon_at_school():
        yield


@pytest.fixture
def pottery(people):
    return ClassFactory(
        name="Pottery",
        instructor=people["instructor"],
        status=ClassStatus.APPROVED,
        location="Clay Studio",
    )


@pytest.fixture
def meeting(pottery) -> Meeting:
    now = timezone.now()
    return Meeting.objects.create(
        camp_class=pottery,
        day=school_today(),
        start=now - timedelta(hours=2),
        end=now + timedelta(hours=1),
    )


def _seated(family, child, camp_class):
    PaymentFactory(student=family, participant=child, camp_class=camp_class, status="enrolled")
    return child


@pytest.fixture
def families(people, pottery):
    """Two families with children in the class: Ana's Mia and Leo, Ben's Sam."""
    ana = people["student"]
    ana.name, ana.email = "Ana Lopez", "ana@camp.test"
    ana.save()
    ben = people["other student"]
    ben.name, ben.email = "Ben Okafor", "ben@camp.test"
    ben.save()
    return {
        "ana": ana,
        "ben": ben,
        "mia": _seated(ana, ChildFactory(account=ana, first_name="Mia"), pottery),
        "leo": _seated(ana, ChildFactory(account=ana, first_name="Leo"), pottery),
        "sam": _seated(ben, ChildFactory(account=ben, first_name="Sam"), pottery),
    }


def _school(moment: datetime) -> str:
    return moment.astimezone(school_timezone()).isoformat()


def _report(meeting, *children, **more) -> dict:
    body = {
        "clientId": str(uuid.uuid4()),
        "meetingId": meeting.pk,
        "participantIds": [child.pk for child in children],
        "at": (timezone.now() - timedelta(minutes=20)).isoformat(),
        "kind": "injury",
        "bodyArea": "left_hand",
        "location": "The courtyard",
        "description": "Cut a finger on a trimming tool.",
        "firstAid": "Washed, a plaster put on.",
        "told": "Mother, by phone",
        "parentToldAt": (timezone.now() - timedelta(minutes=10)).isoformat(),
        "followUp": "Check the plaster at pick-up.",
        "internalNotes": INTERNAL,
    }
    return {**body, **more}


@pytest.fixture
def reported(client_as, meeting, families):
    """A report about Mia and Sam, by the class's instructor."""
    response = client_as("instructor").post(
        "/api/incidents", _report(meeting, families["mia"], families["sam"]), format="json"
    )
    assert response.status_code == 201, response.json()
    return Incident.objects.get(pk=response.json()["id"])


def _text_of(email) -> str:
    return email.get_body(preferencelist=("plain",)).get_content()


def _html_of(email) -> str:
    return email.get_body(preferencelist=("html",)).get_content()


class TestReporting:
    def test_the_instructor_reports_and_the_answer_is_the_school_s_whole_view(
        self, client_as, meeting, families, pottery
    ):
        body = _report(meeting, families["mia"], families["sam"])

        response = client_as("instructor").post("/api/incidents", body, format="json")

        assert response.status_code == 201, response.json()
        incident = Incident.objects.get()
        at = datetime.fromisoformat(body["at"])
        assert response.json() == {
            "id": incident.pk,
            "meetingId": meeting.pk,
            "classId": pottery.pk,
            "className": "Pottery",
            "at": _school(at),
            "location": "The courtyard",
            "kind": "injury",
            "bodyArea": "left_hand",
            "description": "Cut a finger on a trimming tool.",
            "firstAid": "Washed, a plaster put on.",
            "told": "Mother, by phone",
            "parentToldAt": _school(datetime.fromisoformat(body["parentToldAt"])),
            "followUp": "Check the plaster at pick-up.",
            "internalNotes": INTERNAL,
            "reportedBy": "Maya Lindqvist",
            "recordedAt": _school(incident.recorded_at),
            "closedAt": None,
            "closedBy": "",
            "keepUntil": at.astimezone(SCHOOL).date().replace(year=at.year + 7).isoformat(),
            "children": [
                {
                    "participantId": child.pk,
                    "name": child.name,
                    "familyEmailedAt": _school(incident.recorded_at),
                }
                for child in sorted((families["mia"], families["sam"]), key=lambda c: c.pk)
            ],
            "addenda": [],
        }

    def test_each_family_is_e_mailed_once_about_its_own_children_and_never_the_notes(
        self, client_as, meeting, families, smtp_sink
    ):
        body = _report(meeting, families["mia"], families["leo"], families["sam"])
        client_as("instructor").post("/api/incidents", body, format="json")

        send_queued()

        sent = {email["To"]: email for email in smtp_sink.messages()}
        assert sorted(sent) == ["ana@camp.test", "ben@camp.test"]
        ana, ben = sent["ana@camp.test"], sent["ben@camp.test"]
        assert ana["Subject"] == "An incident report about Mia Lopez and Leo Lopez at Pottery"
        assert ben["Subject"] == "An incident report about Sam Okafor at Pottery"
        for part in (_text_of(ana), _html_of(ana)):
            for told in (
                "Cut a finger on a trimming tool.",
                "Left hand",
                "The courtyard",
                "Washed, a plaster put on.",
                "Mother, by phone",
                "Check the plaster at pick-up.",
                "/dashboard/family/",
            ):
                assert told in part
            assert "Sam" not in part
            assert "tool tray" not in part

    def test_the_same_client_id_is_the_same_report_and_nothing_is_sent_again(
        self, client_as, meeting, families, smtp_sink
    ):
        body = _report(meeting, families["mia"])
        phone = client_as("instructor")

        first = phone.post("/api/incidents", body, format="json")
        again = phone.post("/api/incidents", body, format="json")

        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json() == first.json()
        assert Incident.objects.count() == 1
        send_queued()
        assert len(smtp_sink.messages()) == 1

    def test_someone_else_s_client_id_is_refused(self, client_as, meeting, families):
        body = _report(meeting, families["mia"])
        client_as("instructor").post("/api/incidents", body, format="json")

        response = client_as("admin").post("/api/incidents", body, format="json")

        assert response.status_code == 409
        assert Incident.objects.count() == 1

    def test_a_report_with_no_client_id_is_given_one(self, client_as, meeting, families):
        body = _report(meeting, families["mia"])
        del body["clientId"]

        response = client_as("admin").post("/api/incidents", body, format="json")

        assert response.status_code == 201, response.json()
        assert Incident.objects.get().client_id

    def test_an_illness_has_no_body_area(self, client_as, meeting, families):
        body = _report(meeting, families["mia"], kind="illness", bodyArea="head")

        response = client_as("instructor").post("/api/incidents", body, format="json")

        assert response.status_code == 201
        assert response.json()["bodyArea"] == ""


class TestRefusedInput:
    def _refused(self, client_as, body) -> dict:
        response = client_as("instructor").post("/api/incidents", body, format="json")
        assert response.status_code == 400, response.json()
        assert not Incident.objects.exists()
        assert not Message.objects.exists()
        return response.json()["errors"]

    def test_an_injury_says_where_on_the_body(self, client_as, meeting, families):
        errors = self._refused(client_as, _report(meeting, families["mia"], bodyArea=""))

        assert errors == {"bodyArea": ["Say where on the body the injury is."]}

    def test_each_child_is_on_the_meeting_s_roster(self, client_as, meeting, families):
        elsewhere = ChildFactory(account=families["ana"], first_name="Ava")

        errors = self._refused(client_as, _report(meeting, families["mia"], elsewhere))

        assert errors == {
            "participantIds": [
                f"Not on this meeting's roster: {elsewhere.pk}. Choose children who hold a "
                "seat in the class."
            ]
        }

    def test_a_report_names_a_child(self, client_as, meeting):
        errors = self._refused(client_as, _report(meeting))

        assert list(errors) == ["participantIds"]

    def test_it_did_not_happen_in_the_future(self, client_as, meeting, families):
        later = (timezone.now() + timedelta(hours=1)).isoformat()

        errors = self._refused(
            client_as, _report(meeting, families["mia"], at=later, parentToldAt=later)
        )

        assert errors == {
            "at": ["When it happened cannot be in the future."],
            "parentToldAt": ["When a parent was told cannot be in the future."],
        }

    def test_it_did_not_happen_before_the_meeting_s_day(self, client_as, meeting, families):
        day_before = (timezone.now() - timedelta(days=1)).isoformat()

        errors = self._refused(client_as, _report(meeting, families["mia"], at=day_before))

        assert list(errors) == ["at"]

    def test_every_problem_is_named_at_once(self, client_as, meeting, families):
        body = _report(meeting, families["mia"], kind="fall", description="", meetingId="x")

        errors = self._refused(client_as, body)

        assert sorted(errors) == ["description", "kind", "meetingId"]


class TestViews:
    def test_the_family_reads_its_own_view(self, client_as, reported, families):
        response = client_as("student").get(f"/api/incidents/{reported.pk}")

        assert response.status_code == 200
        shown = response.json()
        assert "internalNotes" not in shown
        assert [child["name"] for child in shown["children"]] == [families["mia"].name]
        assert shown["description"] == "Cut a finger on a trimming tool."

    def test_the_family_reads_no_internal_addendum(self, client_as, reported):
        staff = client_as("instructor")
        for text, internal in (("Called the director.", True), ("Healing well.", False)):
            response = staff.post(
                f"/api/incidents/{reported.pk}/addenda",
                {"text": text, "internal": internal},
                format="json",
            )
            assert response.status_code == 201

        family = client_as("student").get(f"/api/incidents/{reported.pk}").json()
        school = client_as("admin").get(f"/api/incidents/{reported.pk}").json()

        assert [addendum["text"] for addendum in family["addenda"]] == ["Healing well."]
        assert [(a["text"], a["internal"]) for a in school["addenda"]] == [
            ("Called the director.", True),
            ("Healing well.", False),
        ]

    def test_staff_reads_are_in_each_family_s_access_log_and_the_family_s_own_are_not(
        self, client_as, reported, families, people
    ):
        client_as("student").get(f"/api/incidents/{reported.pk}")
        assert not CareRead.objects.exists()

        client_as("admin").get(f"/api/incidents/{reported.pk}")
        client_as("instructor").get(f"/api/participants/{families['mia'].pk}/incidents")
        client_as("instructor").get(f"/api/incidents/{reported.pk}.pdf")

        reads = CareRead.objects.order_by("id").values_list("participant", "reader", "part")
        admin, instructor = people["admin"].pk, people["instructor"].pk
        mia, sam = families["mia"].pk, families["sam"].pk
        assert sorted(reads) == sorted(
            [
                (mia, admin, CarePart.INCIDENT),
                (sam, admin, CarePart.INCIDENT),
                (mia, instructor, CarePart.INCIDENT),
                (sam, instructor, CarePart.INCIDENT),
                (mia, instructor, CarePart.INCIDENT),
                (sam, instructor, CarePart.INCIDENT),
            ]
        )

    def test_a_child_s_reports_newest_first_and_an_instructor_only_their_classes(
        self, client_as, api_client_for, meeting, families, reported
    ):
        painter = UserFactory(role=Role.INSTRUCTOR)
        painting = ClassFactory(instructor=painter, status=ClassStatus.APPROVED)
        _seated(families["ana"], families["mia"], painting)
        now = timezone.now()
        other = Meeting.objects.create(
            camp_class=painting, day=school_today(), start=now, end=now + timedelta(hours=1)
        )
        later = api_client_for(painter).post(
            "/api/incidents",
            _report(other, families["mia"], kind="illness", at=now.isoformat()),
            format="json",
        )
        assert later.status_code == 201, later.json()
        path = f"/api/participants/{families['mia'].pk}/incidents"

        def ids(client):
            response = client.get(path)
            assert response.status_code == 200
            return [incident["id"] for incident in response.json()]

        assert ids(client_as("student")) == [later.json()["id"], reported.pk]
        assert ids(client_as("admin")) == [later.json()["id"], reported.pk]
        assert ids(client_as("instructor")) == [reported.pk]
        assert ids(api_client_for(painter)) == [later.json()["id"]]
        assert client_as("other instructor").get(path).status_code == 404
        assert client_as("other student").get(path).status_code == 404

    def test_admins_list_the_open_reports_oldest_first(self, client_as, meeting, families):
        ids = []
        for minutes in (30, 50, 40):
            at = (timezone.now() - timedelta(minutes=minutes)).isoformat()
            response = client_as("instructor").post(
                "/api/incidents", _report(meeting, families["mia"], at=at), format="json"
            )
            ids.append(response.json()["id"])
        closed = client_as("admin").post(f"/api/incidents/{ids[0]}/closing")
        assert closed.status_code == 200

        open_ones = client_as("admin").get("/api/incidents?open=true").json()
        closed_ones = client_as("admin").get("/api/incidents?open=false").json()

        assert [incident["id"] for incident in open_ones] == [ids[1], ids[2]]
        assert [incident["id"] for incident in closed_ones] == [ids[0]]
        assert client_as("admin").get("/api/incidents?open=perhaps").status_code == 400


class TestReview:
    def test_an_admin_edits_an_open_report(self, client_as, reported):
        response = client_as("admin").patch(
            f"/api/incidents/{reported.pk}",
            {"followUp": "Seen by the nurse.", "internalNotes": "Tray fixed."},
            format="json",
        )

        assert response.status_code == 200, response.json()
        assert response.json()["followUp"] == "Seen by the nurse."
        assert response.json()["description"] == "Cut a finger on a trimming tool."
        reported.refresh_from_db()
        assert reported.internal_notes == "Tray fixed."

    def test_an_edit_keeps_an_injury_s_body_area(self, client_as, reported):
        response = client_as("admin").patch(
            f"/api/incidents/{reported.pk}", {"bodyArea": ""}, format="json"
        )

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["bodyArea"]

    def test_a_closed_report_is_never_edited_nor_closed_again(self, client_as, reported, people):
        admin = client_as("admin")
        closed = admin.post(f"/api/incidents/{reported.pk}/closing")
        assert closed.status_code == 200
        assert closed.json()["closedBy"] == people["admin"].name
        assert closed.json()["closedAt"]

        edit = admin.patch(f"/api/incidents/{reported.pk}", {"followUp": "Changed."}, format="json")
        again = admin.post(f"/api/incidents/{reported.pk}/closing")

        assert (edit.status_code, edit.json()["code"]) == (409, "incident_closed")
        assert (again.status_code, again.json()["code"]) == (409, "incident_closed")
        # Whatever writes to it, the database refuses too.
        with pytest.raises(DatabaseError), transaction.atomic():
            Incident.objects.filter(pk=reported.pk).update(follow_up="Changed.")
        reported.refresh_from_db()
        assert reported.follow_up == "Check the plaster at pick-up."

    def test_a_closed_report_is_still_added_to_and_the_families_are_told(
        self, client_as, reported, smtp_sink, people
    ):
        client_as("admin").post(f"/api/incidents/{reported.pk}/closing")
        send_queued()
        smtp_sink.messages()

        internal = client_as("instructor").post(
            f"/api/incidents/{reported.pk}/addenda",
            {"text": "The assistant was spoken to.", "internal": True},
            format="json",
        )
        for_families = client_as("admin").post(
            f"/api/incidents/{reported.pk}/addenda",
            {"text": "The finger has healed."},
            format="json",
        )

        assert (internal.status_code, for_families.status_code) == (201, 201)
        assert for_families.json() == {
            "id": IncidentAddendum.objects.get(text="The finger has healed.").pk,
            "text": "The finger has healed.",
            "internal": False,
            "by": people["admin"].name,
            "at": _school(IncidentAddendum.objects.get(text="The finger has healed.").at),
        }
        send_queued()
        added = [m for m in smtp_sink.messages() if m["Subject"].startswith("More about")]
        assert sorted(email["To"] for email in added) == ["ana@camp.test", "ben@camp.test"]
        for email in added:
            assert "The finger has healed." in _text_of(email)
            assert "spoken to" not in _text_of(email) + _html_of(email)
            assert "tool tray" not in _text_of(email) + _html_of(email)

    def test_an_addendum_says_something(self, client_as, reported):
        response = client_as("instructor").post(
            f"/api/incidents/{reported.pk}/addenda", {"text": ""}, format="json"
        )

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["text"]


class TestPdf:
    def _pdf_text(self, response) -> str:
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"] == (
            f'attachment; filename="incident-{response.incident_id}.pdf"'
        )
        reader = PdfReader(io.BytesIO(response.content))
        return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)

    def _get(self, client, incident):
        response = client.get(f"/api/incidents/{incident.pk}.pdf")
        response.incident_id = incident.pk
        return response

    def test_the_family_s_pdf_holds_no_internal_notes_and_the_school_s_marks_them(
        self, client_as, reported
    ):
        client_as("admin").post(
            f"/api/incidents/{reported.pk}/addenda",
            {"text": "Director informed.", "internal": True},
            format="json",
        )

        family = self._pdf_text(self._get(client_as("student"), reported))
        school = self._pdf_text(self._get(client_as("instructor"), reported))

        for both in (family, school):
            assert f"Incident report {reported.pk}" in both
            assert "Cut a finger on a trimming tool." in both
            assert "Left hand" in both
        assert "tool tray" not in family
        assert "Director informed." not in family
        assert "Sam" not in family
        assert "Internal" not in family
        assert "tool tray" in school
        assert "Director informed." in school
        assert "(Internal)" in school
        assert "Sam" in school


class TestKept:
    def test_a_child_in_a_report_is_kept_in_the_family(self, client_as, reported, families):
        for child in (families["mia"], families["leo"]):
            seat_give_back(enrolment_id=child.enrolments.get().pk, reason="Moved away.")

        kept = client_as("student").delete(f"/api/participants/{families['mia'].pk}")
        removed = client_as("student").delete(f"/api/participants/{families['leo'].pk}")

        assert kept.status_code == 409
        assert kept.json()["message"] == (
            "Mia is named in an incident report the school keeps, so their record is kept with it."
        )
        assert removed.status_code == 200


class TestInTheFamilysLanguage:
    def test_a_spanish_reading_family_is_told_and_reads_the_pdf_in_spanish(
        self, client_as, meeting, families, smtp_sink
    ):
        families["ana"].language = "es"
        families["ana"].save(update_fields=["language"])
        body = _report(meeting, families["mia"], families["sam"])
        client_as("instructor").post("/api/incidents", body, format="json")
        incident = Incident.objects.get()

        send_queued()
        # The request's own language (a browser set to English) does not choose the PDF's.
        with translation.override("en"):
            pdf = TestPdf()._pdf_text(TestPdf()._get(client_as("student"), incident))

        sent = {email["To"]: email for email in smtp_sink.messages()}
        spanish, english = sent["ana@camp.test"], sent["ben@camp.test"]
        assert spanish["Content-Language"] == "es"
        assert spanish["Subject"] == "Informe de un incidente de Mia Lopez en Pottery"
        text = _text_of(spanish)
        assert "Le escribimos para informarle de algo que le ocurrió a Mia Lopez" in text
        assert "Qué ocurrió:\nCut a finger on a trimming tool." in text.replace("\r\n", "\n")
        assert "Primeros auxilios dados:" in text
        assert "What happened" not in text and "First aid" not in text
        assert "Qué ocurrió" in _html_of(spanish)
        assert english["Subject"] == "An incident report about Sam Okafor at Pottery"
        assert "What happened:" in _text_of(english)
        assert f"Informe de incidente {incident.pk}" in pdf
        assert "Qué ocurrió Cut a finger on a trimming tool." in pdf
        assert "Primeros auxilios dados" in pdf
        assert "Incident report" not in pdf and "What happened" not in pdf
