"""A child's documents: what the family uploads is checked by its content, kept encrypted, read
by the family and admins (an instructor the action plan only, logged), reminded before it
expires, and an allergy action plan makes a record with a severe allergy complete."""

import io
from datetime import timedelta

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone
from PIL import Image

from accounts.models import Participant, Role
from accounts.services import participant_delete
from care.documents import document_storage
from care.models import (
    CareDocument,
    CareRead,
    CareRecord,
    CareReminder,
    DocumentKind,
    empty_medical,
)
from care.selectors import care_missing, care_missing_count
from care.services import (
    care_document_upload,
    care_medical_erase,
    care_record_save,
    document_reminders_send,
)
from classes.models import ClassStatus
from core.school_time import school_today
from testing.care import a_pdf, action_plan_uploaded, care_completed, png_upload
from testing.factories import ChildFactory, ClassFactory, EnrolmentFactory, UserFactory
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

WRONG_TYPE = ["Upload a PDF, PNG or JPEG file."]
PEANUTS = {"name": "Peanuts", "severity": "anaphylactic", "action": "EpiPen, then call 911"}


@pytest.fixture
def teacher():
    return UserFactory(role=Role.INSTRUCTOR, name="Pat Teacher")


@pytest.fixture
def watercolour(teacher, mia):
    """The teacher's class, where Mia holds a seat."""
    camp_class = ClassFactory(instructor=teacher, status=ClassStatus.APPROVED)
    EnrolmentFactory(student=mia.account, participant=mia, camp_class=camp_class)
    return camp_class


@pytest.fixture
def admin():
    return UserFactory(role=Role.ADMIN, name="Rosa Admin")


def upload(client, child, file, kind="action_plan", **more):
    return client.post(
        f"/api/participants/{child.pk}/documents",
        {"file": file, "kind": kind, **more},
        format="multipart",
    )


def uploaded(client, child, file, kind="action_plan", **more) -> dict:
    response = upload(client, child, file, kind, **more)
    assert response.status_code == 201, response.json()
    return response.json()


def stored_files() -> list[str]:
    storage = document_storage()
    return storage.listdir("")[1] if storage.exists("") else []


def a_jpeg() -> bytes:
    image = io.BytesIO()
    Image.new("RGB", (40, 30), "navy").save(image, format="JPEG")
    return image.getvalue()


class TestUploading:
    def test_a_pdf_is_kept_encrypted_and_given_back_as_it_was(self, as_parent, parent, mia):
        content = a_pdf("Mia Lopez: peanuts, EpiPen in the front pocket")
        expires = school_today() + timedelta(days=200)

        body = uploaded(
            as_parent,
            mia,
            SimpleUploadedFile("Mia's plan.pdf", content, content_type="text/plain"),
            expiresOn=expires.isoformat(),
        )

        document = CareDocument.objects.get()
        assert body == {
            "id": document.pk,
            "kind": "action_plan",
            "fileName": "Mia's plan.pdf",
            "contentType": "application/pdf",
            "size": len(content),
            "expiresOn": expires.isoformat(),
            "expired": False,
            "uploadedAt": body["uploadedAt"],
            "uploadedBy": "Ana Lopez",
        }
        assert document.uploaded_by == parent
        # The storage holds a Fernet token under a random name: neither the PDF nor the child.
        with document_storage().open(document.storage_name, "rb") as raw_file:
            raw = raw_file.read()
        assert raw.startswith(b"gAAAAA")
        for clear in (b"%PDF", content[:200], b"EpiPen", b"Mia"):
            assert clear not in raw
        assert "mia" not in document.storage_name.lower()

        response = as_parent.get(f"/api/documents/{document.pk}")

        assert response.status_code == 200
        assert response.content == content
        assert response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"] == 'attachment; filename="Mia\'s plan.pdf"'
        assert response["X-Content-Type-Options"] == "nosniff"
        assert "no-store" in response["Cache-Control"]
        assert "private" in response["Cache-Control"]

    def test_images_are_taken_by_their_content_and_named_for_it(self, as_parent, mia):
        # A PNG named like a PDF is a PNG: its download is named as one.
        png = uploaded(as_parent, mia, png_upload("scan.pdf"), kind="immunisation")
        jpeg = uploaded(
            as_parent,
            mia,
            SimpleUploadedFile("C:\\Users\\ana\\note.jpeg", a_jpeg()),
            kind="doctor_note",
        )

        assert (png["contentType"], png["fileName"], png["expiresOn"]) == (
            "image/png",
            "scan.png",
            None,
        )
        assert (jpeg["contentType"], jpeg["fileName"]) == ("image/jpeg", "note.jpeg")
        file = as_parent.get(f"/api/documents/{jpeg['id']}")
        assert (file["Content-Type"], file.content) == ("image/jpeg", a_jpeg())

    @pytest.mark.parametrize(
        ("name", "content"),
        [
            ("plan.pdf", b"Peanuts: EpiPen, then call 911.\n"),
            ("setup.exe", b"MZ\x90\x00\x03\x00\x00\x00" + bytes(200)),
            ("broken.pdf", b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n"),
            ("broken.png", b"\x89PNG\r\n\x1a\n" + bytes(64)),
            ("photo.gif", b"GIF89a" + bytes(64)),
            ("page.html", b"<html><script>alert(1)</script></html>"),
        ],
    )
    def test_a_file_of_another_type_is_refused_naming_file(self, as_parent, mia, name, content):
        response = upload(as_parent, mia, SimpleUploadedFile(name, content))

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: file.",
            "errors": {"file": WRONG_TYPE},
        }
        assert not CareDocument.objects.exists()
        assert stored_files() == []

    def test_a_file_too_large_is_refused_naming_file(self, settings, as_parent, mia):
        content = a_pdf()
        settings.CARE_DOCUMENT_MAX_BYTES = len(content) - 1

        response = upload(as_parent, mia, SimpleUploadedFile("plan.pdf", content))

        assert response.status_code == 400
        [message] = response.json()["errors"]["file"]
        assert message.startswith("The file is larger than")
        assert stored_files() == []

    def test_a_body_declared_too_large_is_refused_before_it_is_read(self, settings, as_parent, mia):
        settings.CARE_DOCUMENT_MAX_BYTES = 1024
        large = SimpleUploadedFile("plan.pdf", b"%PDF-" + bytes(200 * 1024))

        response = upload(as_parent, mia, large)

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["file"]

    def test_a_past_expiry_an_unknown_kind_and_no_file_are_refused_by_name(self, as_parent, mia):
        yesterday = (school_today() - timedelta(days=1)).isoformat()

        past = upload(as_parent, mia, png_upload(), expiresOn=yesterday)
        kind = upload(as_parent, mia, png_upload(), kind="passport")
        nothing = as_parent.post(
            f"/api/participants/{mia.pk}/documents", {"kind": "other"}, format="multipart"
        )

        assert (past.status_code, list(past.json()["errors"])) == (400, ["expiresOn"])
        assert (kind.status_code, list(kind.json()["errors"])) == (400, ["kind"])
        assert (nothing.status_code, list(nothing.json()["errors"])) == (400, ["file"])
        assert not CareDocument.objects.exists()

    def test_an_admin_uploads_for_any_child_an_instructor_never(
        self, api_client_for, admin, teacher, watercolour, mia
    ):
        by_admin = upload(api_client_for(admin), mia, png_upload())
        by_teacher = upload(api_client_for(teacher), mia, png_upload())

        assert by_admin.status_code == 201
        assert by_admin.json()["uploadedBy"] == "Rosa Admin"
        assert by_teacher.status_code == 403
        assert CareDocument.objects.count() == 1

    def test_a_removed_child_s_files_go_with_them(
        self, parent, mia, django_capture_on_commit_callbacks
    ):
        action_plan_uploaded(mia)
        [name] = stored_files()

        # A deletion rolled back keeps its file.
        with (
            django_capture_on_commit_callbacks(execute=True),
            pytest.raises(RuntimeError),
            transaction.atomic(),
        ):
            participant_delete(account=parent, participant_id=mia.pk)
            raise RuntimeError("the family's request failed after")
        assert stored_files() == [name]

        with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
            participant_delete(account=parent, participant_id=mia.pk)
            # Not before the deletion is kept.
            assert stored_files() == [name]

        assert not CareDocument.objects.exists()
        assert stored_files() == []


class TestReading:
    @pytest.fixture
    def papers(self, mia):
        plan = action_plan_uploaded(mia)
        shots = uploaded_by_family(mia, png_upload("shots.png"), DocumentKind.IMMUNISATION)
        return plan, shots

    def test_the_family_and_admins_read_every_one_newest_first(
        self, as_parent, api_client_for, admin, mia, papers
    ):
        plan, shots = papers

        family = as_parent.get(f"/api/participants/{mia.pk}/documents")
        admins = api_client_for(admin).get(f"/api/participants/{mia.pk}/documents")

        assert [d["id"] for d in family.json()] == [shots.pk, plan.pk]
        assert admins.json() == family.json()
        assert api_client_for(admin).get(f"/api/documents/{shots.pk}").status_code == 200
        # The admin's reads are in the family's access log; the family's own are not.
        assert list(CareRead.objects.values_list("reader_name", "part")) == [
            ("Rosa Admin", "document"),
            ("Rosa Admin", "document"),
        ]

    def test_an_instructor_reads_only_the_action_plan_and_is_logged(
        self, api_client_for, teacher, watercolour, mia, papers
    ):
        plan, shots = papers
        as_teacher = api_client_for(teacher)

        listed = as_teacher.get(f"/api/participants/{mia.pk}/documents")
        file = as_teacher.get(f"/api/documents/{plan.pk}")
        other = as_teacher.get(f"/api/documents/{shots.pk}")

        assert [d["id"] for d in listed.json()] == [plan.pk]
        assert listed.json()[0]["kind"] == "action_plan"
        assert (file.status_code, file["Content-Type"]) == (200, "application/pdf")
        assert file.content.startswith(b"%PDF-")
        assert other.status_code == 404
        assert list(CareRead.objects.values_list("reader_name", "reader_role", "part")) == [
            ("Pat Teacher", "instructor", "document"),
            ("Pat Teacher", "instructor", "document"),
        ]

    def test_another_family_another_instructor_and_the_office_read_nothing(
        self, api_client_for, watercolour, mia, papers
    ):
        strangers = {
            "another family": (UserFactory(role=Role.STUDENT), 404),
            "another instructor": (UserFactory(role=Role.INSTRUCTOR), 404),
            "the office": (UserFactory(role=Role.OFFICE), 403),
        }
        for who, (person, refused) in strangers.items():
            client = api_client_for(person)
            answers = [
                client.get(f"/api/participants/{mia.pk}/documents"),
                upload(client, mia, png_upload()),
                *(client.get(f"/api/documents/{document.pk}") for document in papers),
            ]
            expected_upload = 403 if person.role != Role.STUDENT else 404
            assert [a.status_code for a in answers] == [refused, expected_upload, refused, refused]
            assert all(a.json()["message"] for a in answers), who
        assert not CareRead.objects.exists()
        assert CareDocument.objects.count() == 2

    def test_an_expired_document_says_so(self, api_client_for, parent, mia):
        document = action_plan_uploaded(mia, expires_on=school_today() + timedelta(days=3))

        with time_machine.travel(timezone.now() + timedelta(days=4)):
            as_parent = api_client_for(parent)
            [listed] = as_parent.get(f"/api/participants/{mia.pk}/documents").json()

        assert (listed["id"], listed["expired"]) == (document.pk, True)


def uploaded_by_family(child, file, kind) -> CareDocument:
    return care_document_upload(participant=child, by=child.account, upload=file, kind=kind)


def saved_with_allergy(child, *, severity="anaphylactic") -> CareRecord:
    return care_record_save(
        participant=child,
        by=child.account,
        allergies=[{**PEANUTS, "severity": severity}],
        medications=[],
        conditions="",
        dietary="",
        doctor={"name": "", "phone": ""},
        emergency_contacts=[
            {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"},
            {"name": "Luis Lopez", "relationship": "Grandfather", "phone": "+14155550177"},
        ],
        pickups=[],
        may_leave_alone=False,
        photo_consent=True,
    )


def wanting(child) -> int:
    return care_missing_count(Participant.objects.filter(pk=child.pk))


class TestCompleteness:
    @pytest.fixture
    def leo(self, parent):
        # Every policy accepted: only the record's own items can be missing.
        return ChildFactory(account=parent, first_name="Leo")

    def test_a_severe_allergy_asks_for_a_current_action_plan(self, api_client_for, parent, leo):
        as_parent = api_client_for(parent)
        record = saved_with_allergy(leo)

        assert record.action_plan_needed is True
        assert care_missing(leo) == ["actionPlan"]
        assert wanting(leo) == 1
        answer = as_parent.get(f"/api/participants/{leo.pk}/care").json()
        assert (answer["complete"], answer["missing"]) == (False, ["actionPlan"])
        [todo] = [t for t in as_parent.get("/api/todo").json() if t["participantId"] == leo.pk]
        assert todo["missing"] == ["actionPlan"]

        uploaded(as_parent, leo, png_upload(), expiresOn=(school_today() + timedelta(days=10)))

        assert care_missing(leo) == []
        assert wanting(leo) == 0
        # Its last day still counts; the day after, the plan has expired.
        with time_machine.travel(timezone.now() + timedelta(days=10)):
            assert care_missing(leo) == []
        with time_machine.travel(timezone.now() + timedelta(days=12)):
            assert care_missing(leo) == ["actionPlan"]
            assert wanting(leo) == 1
            care = api_client_for(parent).get(f"/api/participants/{leo.pk}/care").json()
            assert care["missing"] == ["actionPlan"]

    def test_a_mild_allergy_or_another_kind_of_document_asks_nothing_more(self, as_parent, leo):
        record = saved_with_allergy(leo, severity="mild")
        assert (record.action_plan_needed, care_missing(leo)) == (False, [])

        saved_with_allergy(leo, severity="severe")
        uploaded(as_parent, leo, png_upload(), kind="doctor_note")

        assert care_missing(leo) == ["actionPlan"]

    def test_the_allergy_gone_the_plan_is_no_longer_asked(self, leo):
        saved_with_allergy(leo)
        record = saved_with_allergy(leo, severity="mild")

        assert (record.action_plan_needed, care_missing(leo)) == (False, [])

    def test_a_school_that_asks_for_no_plan(self, settings, leo):
        settings.CARE_ACTION_PLAN_FOR = ()

        record = saved_with_allergy(leo)

        assert (record.action_plan_needed, care_missing(leo), wanting(leo)) == (False, [], 0)

    def test_the_roster_flags_a_plan_on_file(self, api_client_for, teacher, watercolour, mia):
        # A complete record with an anaphylactic allergy: its plan uploaded with it.
        care_completed(mia, medical={**empty_medical(), "allergies": [PEANUTS]})
        as_teacher = api_client_for(teacher)

        [line] = as_teacher.get(f"/api/classes/{watercolour.pk}/roster").json()
        assert line["careFlags"]["actionPlanOnFile"] is True
        assert line["careFlags"]["complete"] is True

        CareDocument.objects.all().delete()
        [line] = as_teacher.get(f"/api/classes/{watercolour.pk}/roster").json()
        flags = line["careFlags"]
        assert (flags["actionPlanOnFile"], flags["complete"], flags["missing"]) == (
            False,
            False,
            ["actionPlan"],
        )


class TestReminders:
    def test_the_family_is_told_once_before_expiry_then_again_nearer(
        self, settings, mia, smtp_sink
    ):
        settings.CARE_DOCUMENT_REMINDER_DAYS = (30, 7)
        # An older plan, replaced already by one lasting longer: not reminded.
        replaced = action_plan_uploaded(mia, expires_on=school_today() + timedelta(days=20))
        CareDocument.objects.filter(pk=replaced.pk).update(
            uploaded_at=timezone.now() - timedelta(days=100)
        )
        document = action_plan_uploaded(mia, expires_on=school_today() + timedelta(days=29))
        uploaded_by_family(mia, png_upload(), DocumentKind.IMMUNISATION)

        assert document_reminders_send() == 1
        assert document_reminders_send() == 0
        send_queued()
        [received] = smtp_sink.messages()
        assert received["To"] == "ana@camp.test"
        assert received["Subject"].startswith("Mia Lopez's allergy action plan expires on")
        body = received.get_body(preferencelist=("plain",)).get_content()
        assert "action-plan.pdf" in body
        assert "/dashboard/family" in body

        with time_machine.travel(timezone.now() + timedelta(days=23)):
            assert document_reminders_send() == 1
            assert document_reminders_send() == 0
        assert sorted(CareReminder.objects.values_list("key", flat=True)) == [
            f"care-document:{document.pk}:30",
            f"care-document:{document.pk}:7",
        ]

    def test_a_document_found_late_is_reminded_once_not_for_each_day_passed(self, settings, mia):
        settings.CARE_DOCUMENT_REMINDER_DAYS = (30, 7)
        document = action_plan_uploaded(mia, expires_on=school_today() + timedelta(days=3))

        assert document_reminders_send() == 1
        assert document_reminders_send() == 0
        [reminder] = CareReminder.objects.all()
        assert (reminder.key, reminder.account) == (f"care-document:{document.pk}:7", mia.account)

    def test_a_document_replaced_by_one_that_does_not_expire_is_not_reminded(self, mia):
        action_plan_uploaded(mia, expires_on=school_today() + timedelta(days=3))
        action_plan_uploaded(mia, expires_on=None)

        assert document_reminders_send() == 0


class TestRetention:
    def test_the_documents_go_with_the_medical_part_at_the_end_of_retention(
        self, mia, django_capture_on_commit_callbacks
    ):
        care_completed(mia, medical={**empty_medical(), "allergies": [PEANUTS]})
        other = ChildFactory(first_name="Noa")
        action_plan_uploaded(other)
        [kept] = CareDocument.objects.filter(participant=other)

        with django_capture_on_commit_callbacks(execute=True):
            erased = care_medical_erase(
                participant_ids=[mia.pk], unchanged_since=timezone.now() + timedelta(seconds=1)
            )

        assert erased == 1
        record = CareRecord.objects.get(participant=mia)
        assert (record.medical, record.action_plan_needed) == (empty_medical(), False)
        assert list(CareDocument.objects.all()) == [kept]
        assert stored_files() == [kept.storage_name]
