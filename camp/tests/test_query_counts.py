"""Every endpoint costs the same database queries in a small school as in a large one: no N+1.

Each step below is one person's call to the API. The test runs it twice, on a school with 2 rows
of everything and on one with 25 (instructors, classes, students, selections, payments), and
asserts the same number of queries both times. That number is also pinned, so a new query shows
up here and gets a reason (or a fix). Each school is built once for all the steps, in a
transaction undone after them, and each step is taken in a savepoint of its own, undone after
it: every step finds the school as built (building both schools for every step was most of this
module's time).

Public lists are cached: the cache starts empty for each step, so the call counted is the
first one, which reads the database. Sign-in talks to the Firebase Auth emulator and payments to
localstripe (scripts/with-services); only our own database's queries are counted.
"""

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from accounts.services import account_holder_of, calendar_token_get_or_make
from artwork.models import Artwork, ArtworkChild
from care.models import empty_medical
from classes.models import Category, Class, ClassStatus, Meeting, Season
from classes.selectors import POPULAR_CLASS_COUNT
from enrolments.models import Enrolment, WaitlistEntry
from enrolments.services import hold_take, waitlist_join, waitlist_offers_make
from health.models import (
    Incident,
    IncidentAddendum,
    IncidentChild,
    IncidentKind,
    MedicationAdministration,
)
from lottery.draw import seed_hash
from lottery.services import ChildWishes, draw_commit, draw_run, wishes_put
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing import identity
from testing.artwork import artwork_made
from testing.care import care_completed
from testing.dates import summer_at
from testing.factories import (
    ChildFactory,
    ClassFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
    banner_png,
)
from testing.public_writes import PublicWritesWatch
from testing.seasons import a_lottery_season, a_season_class

pytestmark = pytest.mark.django_db

SMALL, LARGE = 2, 25
APPROVED = ClassStatus.APPROVED
ENROLLED = PaymentStatus.ENROLLED
CLASS_BODY = {
    "nameClass": "Clay & Glaze",
    "seats": 8,
    "price": "30.00",
    "image": "https://images.camp.test/classes/clay.jpg",
}


class School:
    """`rows` of everything an endpoint lists or touches, around the people who call."""

    def __init__(self, rows: int):
        self.rows = rows
        self.student = UserFactory(role=Role.STUDENT)
        self.instructor = UserFactory(role=Role.INSTRUCTOR)
        self.admin = UserFactory(role=Role.ADMIN)
        UserFactory.create_batch(rows, role=Role.ADMIN)
        classmates = UserFactory.create_batch(rows, role=Role.STUDENT)
        other_instructors = UserFactory.create_batch(rows, role=Role.INSTRUCTOR)

        # The instructor's own classes: some open, some waiting for review.
        open_classes = ClassFactory.create_batch(
            rows, instructor=self.instructor, status=APPROVED, enroll=rows
        )
        self.pending_class = ClassFactory.create_batch(rows, instructor=self.instructor)[0]
        # The student selected every open class and is enrolled in one class of each other
        # instructor; every classmate selected and paid for one class too.
        for camp_class in open_classes:
            SelectionFactory(student=self.student, camp_class=camp_class)
        for other, classmate in zip(other_instructors, classmates, strict=True):
            taken = ClassFactory(instructor=other, status=APPROVED, enroll=1)
            PaymentFactory(student=self.student, camp_class=taken, status=ENROLLED)
            SelectionFactory(student=classmate, camp_class=open_classes[0])
            PaymentFactory(student=classmate, camp_class=taken, status=ENROLLED)

        self.new_class = ClassFactory(instructor=self.instructor, status=APPROVED)
        self.selection = SelectionFactory(
            student=self.student,
            camp_class=ClassFactory(instructor=self.instructor, status=APPROVED),
        )
        self.free_selection = SelectionFactory(
            student=self.student,
            camp_class=ClassFactory(
                instructor=self.instructor, status=APPROVED, price=Decimal("0")
            ),
        )

        # The student's children: each holds a seat in the first open class, whose roster then
        # grows with the school; one more child has nothing yet.
        self.children = [
            ChildFactory(account=self.student, date_of_birth=date(2015, 1, n + 1))
            for n in range(rows)
        ]
        for child in self.children:
            PaymentFactory(
                student=self.student,
                participant=child,
                camp_class=open_classes[0],
                status=ENROLLED,
            )
        self.spare_child = ChildFactory(account=self.student, first_name="Eli")
        self.open_classes = open_classes

        # Full classes: the student waits on each, every classmate on the first; one more
        # full class to join; an offer of a seat to the student, held for them.
        self.full_classes = ClassFactory.create_batch(
            rows, instructor=self.instructor, status=APPROVED, seats=0
        )
        holder = account_holder_of(self.student)
        for camp_class in self.full_classes:
            waitlist_join(student=self.student, class_id=camp_class.pk, participant_id=None)
        for classmate in classmates:
            waitlist_join(student=classmate, class_id=self.full_classes[0].pk, participant_id=None)
        self.waiting = WaitlistEntry.objects.filter(student=self.student).first()
        # Other instructors' classes, so the instructor's own list grows with the school alone.
        self.class_to_wait_for = ClassFactory(
            instructor=other_instructors[0], status=APPROVED, seats=0
        )
        offered_class = ClassFactory(instructor=other_instructors[0], status=APPROVED, seats=0)
        self.offer = waitlist_join(
            student=self.student, class_id=offered_class.pk, participant_id=None
        )
        Class.objects.filter(pk=offered_class.pk).update(seats=1)
        with transaction.atomic():
            waitlist_offers_make(camp_class=Class.objects.get(pk=offered_class.pk))
        self.held_selection = SelectionFactory(
            student=self.student,
            participant=holder,
            camp_class=ClassFactory(instructor=other_instructors[0], status=APPROVED),
        )
        hold_take(selection=self.held_selection)

        self.signed_up = False

    def new_clients(self) -> None:
        """Clients of the step's own: a client keeps the cookies its answers set."""
        self.visitor = APIClient()
        self.as_student, self.as_instructor, self.as_admin = (
            _client_for(person) for person in (self.student, self.instructor, self.admin)
        )

    @property
    def emulator(self):
        """The Firebase Auth emulator, emptied before the step signs anyone up and after it."""
        if not self.signed_up:
            identity.clear_accounts()
            self.signed_up = True
        return identity

    def saved_card(self, selection, number=stripe_js.CARD_OK) -> str:
        """The payment page saves the student's card at Stripe; the SetupIntent's id."""
        answer = self.as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )
        assert answer.status_code == 200, answer.json()
        saved = stripe_js.confirm_card_setup(answer.json()["clientSecret"], number)
        return saved["setupIntent"]["id"]


# --- Open to everyone.


def a_visitor_lists_the_instructors(school, counted):
    with counted:
        return school.visitor.get("/api/instructors")


def a_visitor_pages_through_the_instructors(school, counted):
    with counted:
        return school.visitor.get("/api/instructors?page=1&page_size=10")


def a_visitor_lists_the_approved_classes(school, counted):
    with counted:
        return school.visitor.get("/api/classes")


def a_visitor_opens_a_page_of_all_classes(school, counted):
    with counted:
        return school.visitor.get("/api/classes?status=Approved&page=1&page_size=24")


def a_visitor_filters_and_sorts_the_classes(school, counted):
    # Every approved class is painting for ages 6 to 12 and meets on Mondays (from the second of
    # next June), so the filtered list grows with the school.
    approved = Class.objects.filter(status=APPROVED)
    _meetings(approved)
    approved.update(category=Category.objects.get(slug="painting"), age_min=6, age_max=12)
    query = "category=painting&age=8&day=mon&hasSeats=true&minPrice=1&ordering=price"
    with counted:
        return school.visitor.get(f"/api/classes?{query}")


def a_visitor_searches_a_page_of_classes(school, counted):
    # Every class the factory makes is called "Craft class N".
    with counted:
        return school.visitor.get("/api/classes?search=craft&page=1&page_size=100")


def an_admin_searches_every_class(school, counted):
    with counted:
        return school.as_admin.get("/api/classes?search=craft&hasSeats=true")


def an_admin_lists_every_class(school, counted):
    with counted:
        return school.as_admin.get("/api/classes")


def an_admin_pages_through_the_pending_classes(school, counted):
    with counted:
        return school.as_admin.get("/api/classes?status=Pending&page=1&page_size=10")


def a_visitor_sees_the_popular_classes(school, counted):
    with counted:
        return school.visitor.get("/api/popularClasses")


def a_visitor_lists_the_categories(school, counted):
    # The school's own list grows with it too.
    Category.objects.bulk_create(
        Category(slug=f"craft-{number}", name=f"Craft {number}", position=20 + number)
        for number in range(school.rows)
    )
    with counted:
        return school.visitor.get("/api/categories")


def a_visitor_opens_a_class(school, counted):
    with counted:
        return school.visitor.get(f"/api/classes/{school.new_class.pk}")


def an_instructor_opens_their_class_under_review(school, counted):
    with counted:
        return school.as_instructor.get(f"/api/classes/{school.pending_class.pk}")


def a_visitor_opens_an_instructor_s_page(school, counted):
    # The instructor teaches as many approved classes as the school has rows of everything.
    with counted:
        response = school.visitor.get(f"/api/instructors/{school.instructor.pk}")
    assert len(response.json()["classes"]) > school.rows
    return response


def a_visitor_opens_the_page_of_a_class(school, counted):
    with counted:
        response = school.visitor.get(f"/classes/{school.new_class.pk}")
    assert b"application/ld+json" in response.content
    return response


def a_visitor_opens_the_home_page(school, counted):
    with counted:
        response = school.visitor.get("/")
    assert b'id="first-screen"' in response.content
    return response


def a_visitor_opens_the_all_classes_page(school, counted):
    with counted:
        response = school.visitor.get("/all-classes")
    assert b'id="first-screen"' in response.content
    return response


def a_visitor_opens_the_page_of_an_instructor(school, counted):
    with counted:
        response = school.visitor.get(f"/instructors/{school.instructor.pk}")
    assert b"application/ld+json" in response.content
    return response


def a_crawler_reads_the_sitemap_index(school, counted):
    with counted:
        return school.visitor.get("/sitemap.xml")


def a_crawler_reads_the_classes_sitemap(school, counted):
    with counted:
        response = school.visitor.get("/sitemap-classes.xml")
    assert response.content.count(b"<url>") > school.rows
    return response


def a_crawler_reads_the_instructors_sitemap(school, counted):
    with counted:
        response = school.visitor.get("/sitemap-instructors.xml")
    assert response.content.count(b"<url>") > school.rows
    return response


def a_crawler_reads_robots_txt(school, counted):
    with counted:
        return school.visitor.get("/robots.txt")


def a_load_balancer_checks_health(school, counted):
    with counted:
        return school.visitor.get("/api/health")


def a_visitor_reads_the_privacy_policy(school, counted):
    with counted:
        return school.visitor.get("/api/pages/privacy")


def a_visitor_opens_the_page_of_the_privacy_policy(school, counted):
    with counted:
        return school.visitor.get("/privacy")


def a_visitor_writes_to_the_school(school, counted):
    body = {"name": "Ada Lopez", "email": "ada@family.test", "message": "Is there parking?"}
    with counted:
        return school.visitor.post("/api/contact", body, format="json")


def a_developer_reads_the_schema(school, counted):
    with counted:
        return school.visitor.get("/api/schema")


def a_developer_opens_the_api_docs(school, counted):
    with counted:
        return school.visitor.get("/api/docs")


# --- Sign-in and accounts.


def a_newcomer_signs_in(school, counted):
    email = UserFactory.build().email
    id_token = school.emulator.sign_up(email)["idToken"]
    with counted:
        return school.visitor.post("/api/jwt", {"email": email, "idToken": id_token}, format="json")


def a_student_signs_in_again(school, counted):
    email = school.student.email
    id_token = school.emulator.sign_up(email)["idToken"]
    # The first sign-in binds the row to the Firebase account; this one finds it by uid.
    school.visitor.post("/api/jwt", {"email": email, "idToken": id_token}, format="json")
    with counted:
        return school.visitor.post("/api/jwt", {"email": email, "idToken": id_token}, format="json")


def an_admin_lists_every_user(school, counted):
    with counted:
        return school.as_admin.get("/api/users")


def an_admin_pages_through_the_users(school, counted):
    with counted:
        return school.as_admin.get("/api/users?page=1&page_size=10")


def an_admin_searches_the_users(school, counted):
    with counted:
        return school.as_admin.get("/api/users?search=camp&page=1&page_size=10")


def an_admin_gives_a_student_back_their_role(school, counted):
    """Manage Users' Undo: made instructor a moment ago, a student again."""
    path = f"/api/users/{school.student.pk}/role"
    school.as_admin.put(path, {"role": "instructor"}, format="json")
    with counted:
        return school.as_admin.put(path, {"role": "student"}, format="json")


def a_student_saves_their_profile(school, counted):
    profile = {"email": school.student.email, "name": "Ada Student", "photo": ""}
    with counted:
        return school.as_student.post("/api/users", profile, format="json")


def a_student_asks_whether_they_are_admin(school, counted):
    with counted:
        return school.as_student.get(f"/api/users/admin/{school.student.email}")


def an_instructor_asks_whether_they_are_instructor(school, counted):
    with counted:
        return school.as_instructor.get(f"/api/users/instructor/{school.instructor.email}")


def a_student_reads_their_profile(school, counted):
    with counted:
        return school.as_student.get("/api/profile")


def an_instructor_writes_their_bio(school, counted):
    with counted:
        return school.as_instructor.patch(
            "/api/profile", {"bio": "Potter for twenty years."}, format="json"
        )


def an_admin_makes_a_student_admin(school, counted):
    with counted:
        return school.as_admin.patch(f"/api/users/admin/{school.student.pk}")


def an_admin_makes_a_student_instructor(school, counted):
    with counted:
        return school.as_admin.patch(f"/api/users/instructor/{school.student.pk}")


# --- Classes.


def an_instructor_proposes_a_class(school, counted):
    with counted:
        return school.as_instructor.post("/api/classes", CLASS_BODY, format="json")


def an_instructor_updates_their_class(school, counted):
    path = f"/api/classes/{school.pending_class.pk}"
    with counted:
        return school.as_instructor.put(path, CLASS_BODY, format="json")


def an_admin_approves_a_class(school, counted):
    with counted:
        return school.as_admin.patch(f"/api/classes/approved/{school.pending_class.pk}")


def an_admin_denies_a_class(school, counted):
    with counted:
        return school.as_admin.patch(f"/api/classes/denied/{school.pending_class.pk}")


def an_admin_sends_feedback(school, counted):
    path = f"/api/classes/feedback/{school.pending_class.pk}"
    with counted:
        return school.as_admin.patch(path, {"feedback": "A finished piece?"}, format="json")


def an_instructor_lists_their_classes(school, counted):
    with counted:
        return school.as_instructor.get(f"/api/myClasses/{school.instructor.email}")


def an_instructor_pages_through_their_classes(school, counted):
    path = f"/api/myClasses/{school.instructor.email}?page=1&page_size=10"
    with counted:
        return school.as_instructor.get(path)


def an_instructor_opens_their_class(school, counted):
    with counted:
        return school.as_instructor.get(f"/api/myClass/{school.pending_class.pk}")


def an_instructor_uploads_a_class_image(school, counted):
    with counted:
        return school.as_instructor.post("/api/images", {"image": banner_png()}, format="multipart")


# --- Selections.


def a_student_lists_their_selected_classes(school, counted):
    with counted:
        return school.as_student.get(f"/api/selectClass?email={school.student.email}")


def a_student_pages_through_their_selected_classes(school, counted):
    path = f"/api/selectClass?email={school.student.email}&page=1&page_size=10"
    with counted:
        return school.as_student.get(path)


def a_student_selects_a_class(school, counted):
    with counted:
        return school.as_student.post(
            "/api/selectClass", {"classId": school.new_class.pk}, format="json"
        )


def a_student_drops_a_selection(school, counted):
    with counted:
        return school.as_student.delete(f"/api/selectClass/{school.selection.pk}")


# --- Payments.


def a_student_starts_paying_by_card(school, counted):
    with counted:
        return school.as_student.post(
            "/api/createPaymentIntent", {"payId": school.selection.pk}, format="json"
        )


def a_student_pays_with_the_saved_card(school, counted):
    setup_intent_id = school.saved_card(school.selection)
    body = {"payId": school.selection.pk, "setupIntentId": setup_intent_id}
    with counted:
        return school.as_student.post("/api/payments", body, format="json")


def a_student_enrols_in_a_free_class(school, counted):
    with counted:
        return school.as_student.post(
            "/api/payments", {"payId": school.free_selection.pk}, format="json"
        )


def a_student_reads_their_payment_history(school, counted):
    with counted:
        return school.as_student.get(f"/api/payments/{school.student.email}")


def a_student_pages_through_their_payment_history(school, counted):
    with counted:
        return school.as_student.get(f"/api/payments/{school.student.email}?page=1&page_size=10")


def a_student_lists_their_enrolled_classes(school, counted):
    with counted:
        return school.as_student.get(f"/api/enrolledStudent/{school.student.email}")


def a_student_pages_through_their_enrolled_classes(school, counted):
    path = f"/api/enrolledStudent/{school.student.email}?page=1&page_size=10"
    with counted:
        return school.as_student.get(path)


def an_instructor_withdraws_their_class(school, counted):
    with counted:
        return school.as_instructor.post(f"/api/classes/{school.pending_class.pk}/withdraw")


# --- Families.


def a_parent_lists_their_family(school, counted):
    with counted:
        response = school.as_student.get("/api/participants")
    assert len(response.json()) > school.rows
    return response


def a_parent_adds_a_child(school, counted):
    child = {"firstName": "Mia", "lastName": "Lopez", "dateOfBirth": "2017-03-02"}
    with counted:
        return school.as_student.post("/api/participants", child, format="json")


def a_parent_edits_a_child(school, counted):
    child = {"firstName": "Eli", "lastName": "Lopez", "dateOfBirth": "2016-03-02"}
    with counted:
        return school.as_student.put(
            f"/api/participants/{school.spare_child.pk}", child, format="json"
        )


def a_parent_removes_a_child(school, counted):
    with counted:
        return school.as_student.delete(f"/api/participants/{school.spare_child.pk}")


def a_parent_selects_a_class_for_a_child(school, counted):
    body = {"classId": school.new_class.pk, "participantId": school.spare_child.pk}
    with counted:
        return school.as_student.post("/api/selectClass", body, format="json")


def a_parent_sees_who_may_take_each_class(school, counted):
    ids = ",".join(str(camp_class.pk) for camp_class in school.open_classes)
    with counted:
        response = school.as_student.get(f"/api/eligibility?classIds={ids}")
    assert len(response.json()["classes"]) == school.rows
    return response


def an_instructor_reads_a_class_roster(school, counted):
    with counted:
        response = school.as_instructor.get(f"/api/classes/{school.open_classes[0].pk}/roster")
    assert len(response.json()) >= school.rows
    return response


def an_instructor_reads_the_doses_due_at_a_meeting(school, counted):
    # Every child of the class's roster takes two medications at camp, one dose given already.
    camp_class = school.open_classes[0]
    first = summer_at(6, 14, 9)
    meeting = Meeting.objects.create(
        camp_class=camp_class, day=first.date(), start=first, end=first + timedelta(hours=3)
    )
    medications = [
        {"name": "Inhaler", "dose": "2 puffs", "schedule": "12:00 with lunch", "at_camp": True},
        {"name": "Ritalin", "dose": "5 mg", "schedule": "10 am", "at_camp": True},
    ]
    for child in school.children:
        care_completed(child, medical={**empty_medical(), "medications": medications})
        MedicationAdministration.objects.create(
            participant=child,
            meeting=meeting,
            medication="Ritalin",
            dose="5 mg",
            outcome="given",
            at=first + timedelta(hours=1),
            client_id=f"dose-{child.pk}",
            by=school.instructor,
            by_name=school.instructor.name,
        )
    with counted:
        response = school.as_instructor.get(f"/api/meetings/{meeting.pk}/medications")
    assert len(response.json()) == 2 * school.rows
    return response


def an_instructor_downloads_a_class_roster(school, counted):
    with counted:
        return school.as_instructor.get(f"/api/classes/{school.open_classes[0].pk}/roster.csv")


def an_instructor_lists_a_class_s_pieces(school, counted):
    """A piece for each child of the first open class, each with that child and the first
    tagged: the list grows with the school, and so do its pieces' children."""
    camp_class = school.open_classes[0]
    for number, child in enumerate(school.children):
        artwork = Artwork.objects.create(
            camp_class=camp_class,
            client_id=f"query-counts-artwork-{number}",
            image_stem=f"query-counts-{number}",
            widths=[320, 480],
            width=640,
            height=480,
            stored_bytes=1000,
            taken_by=school.instructor,
            taken_on=summer_at(6, 14, 9).date(),
        )
        ArtworkChild.objects.bulk_create(
            ArtworkChild(artwork=artwork, participant=each) for each in {school.children[0], child}
        )
    with counted:
        response = school.as_instructor.get(f"/api/classes/{camp_class.pk}/artworks")
    assert len(response.json()) == school.rows
    return response


def _incidents_about(school) -> None:
    """A report for each child at a meeting of the first open class, each about the first
    child and that one, with an addendum: the first child's list grows with the school."""
    first = summer_at(6, 14, 9)
    meeting = Meeting.objects.create(
        camp_class=school.open_classes[0],
        day=first.date(),
        start=first,
        end=first + timedelta(hours=3),
    )
    for number, child in enumerate(school.children):
        incident = Incident.objects.create(
            meeting=meeting,
            at=first + timedelta(minutes=number),
            kind=IncidentKind.OTHER,
            description="Lost a shoe.",
            client_id=f"query-counts-{number}",
            reported_by=school.instructor,
            reported_by_name=school.instructor.name,
            keep_until=first.date(),
        )
        IncidentChild.objects.bulk_create(
            IncidentChild(incident=incident, participant=each)
            for each in {school.children[0], child}
        )
        IncidentAddendum.objects.create(
            incident=incident, text="Found.", by=school.instructor, by_name="Maya"
        )


def an_instructor_reads_a_child_s_incidents(school, counted):
    _incidents_about(school)
    with counted:
        response = school.as_instructor.get(f"/api/participants/{school.children[0].pk}/incidents")
    assert len(response.json()) == school.rows
    return response


def a_parent_reads_a_child_s_incidents(school, counted):
    _incidents_about(school)
    with counted:
        return school.as_student.get(f"/api/participants/{school.children[0].pk}/incidents")


def _artwork_of(school, *, approved_by=None) -> list:
    """A piece of the first open class for each child, each with the first child on it: the
    first child's pieces, and the gallery (pieces `approved_by` an admin), grow with the
    school."""
    return [
        artwork_made(
            school.open_classes[0], list({school.children[0], child}), approved_by=approved_by
        )
        for child in school.children
    ]


def a_parent_reads_a_child_s_artwork(school, counted):
    _artwork_of(school)
    with counted:
        response = school.as_student.get(f"/api/participants/{school.children[0].pk}/artworks")
    assert len(response.json()) == school.rows
    return response


def an_instructor_reads_a_child_s_artwork(school, counted):
    _artwork_of(school)
    with counted:
        response = school.as_instructor.get(f"/api/participants/{school.children[0].pk}/artworks")
    assert len(response.json()) == school.rows
    return response


def a_visitor_opens_the_gallery(school, counted):
    _artwork_of(school, approved_by=school.admin)
    with counted:
        response = school.visitor.get("/api/gallery?page_size=100")
    assert len(response.json()) == school.rows
    return response


def a_visitor_opens_a_class_s_strip_of_pieces(school, counted):
    _artwork_of(school, approved_by=school.admin)
    with counted:
        return school.visitor.get(f"/api/gallery?classId={school.open_classes[0].pk}")


def a_crawler_reads_the_pages_sitemap(school, counted):
    _artwork_of(school, approved_by=school.admin)
    with counted:
        response = school.visitor.get("/sitemap-pages.xml")
    assert response.content.count(b"<image:loc>") == school.rows
    return response


def an_admin_reviews_the_pieces(school, counted):
    _artwork_of(school)
    with counted:
        return school.as_admin.get("/api/artworks?approved=false")


def an_admin_approves_a_piece(school, counted):
    piece = _artwork_of(school)[-1]
    with counted:
        return school.as_admin.post(
            f"/api/artworks/{piece.pk}/approval", {"approved": True}, format="json"
        )


def a_student_asks_to_hold_their_seat_longer(school, counted):
    with counted:
        return school.as_student.post(f"/api/holds/{school.held_selection.pk}/extend")


def a_student_lists_their_waitlist(school, counted):
    with counted:
        response = school.as_student.get("/api/waitlist")
    assert len(response.json()) >= school.rows
    return response


def a_student_joins_a_waitlist(school, counted):
    body = {"classId": school.class_to_wait_for.pk}
    with counted:
        return school.as_student.post("/api/waitlist", body, format="json")


def a_student_accepts_an_offer(school, counted):
    with counted:
        return school.as_student.post(f"/api/waitlist/{school.offer.pk}/accept")


def a_student_declines_an_offer(school, counted):
    with counted:
        return school.as_student.post(f"/api/waitlist/{school.offer.pk}/decline")


def a_student_leaves_a_waitlist(school, counted):
    with counted:
        return school.as_student.delete(f"/api/waitlist/{school.waiting.pk}")


def an_instructor_reads_a_class_waitlist(school, counted):
    with counted:
        response = school.as_instructor.get(f"/api/classes/{school.full_classes[0].pk}/waitlist")
    assert len(response.json()) >= school.rows
    return response


def _watching(school) -> dict:
    # The class pages a browser keeps as looked at: ten at most.
    return {"watching": ",".join(str(camp_class.pk) for camp_class in school.full_classes[:10])}


def a_family_in_line_asks_which_of_its_classes_are_full(school, counted):
    with counted:
        return school.as_student.get("/api/waitingRoom/fullClasses", _watching(school))


def a_family_in_line_asks_again_within_seconds(school, counted):
    school.as_student.get("/api/waitingRoom/fullClasses", _watching(school))
    with counted:
        return school.as_student.get("/api/waitingRoom/fullClasses", _watching(school))


def a_visitor_in_line_asks_which_of_its_classes_are_full(school, counted):
    with counted:
        return school.visitor.get("/api/waitingRoom/fullClasses", _watching(school))


def a_family_downloads_their_data(school, counted):
    with counted:
        return school.as_student.get("/api/account/export")


# --- Calendars.


def _meetings(classes, each: int = 2) -> None:
    """Meetings for these classes, a morning each day from the second Monday of next June."""
    first = summer_at(6, 14, 9)
    Meeting.objects.bulk_create(
        Meeting(
            camp_class=camp_class,
            day=first.date() + timedelta(days=number),
            start=first + timedelta(days=number),
            end=first + timedelta(days=number, hours=3),
            cancelled=number == 1,
        )
        for camp_class in classes
        for number in range(each)
    )


def a_visitor_downloads_a_class_calendar(school, counted):
    # As many meetings as the school has rows of everything.
    _meetings([school.new_class], each=Enrolment.objects.filter(student=school.student).count())
    with counted:
        response = school.visitor.get(f"/api/classes/{school.new_class.pk}/calendar.ics")
    assert response.content.count(b"BEGIN:VEVENT") >= 2
    return response


def a_student_asks_for_their_calendar_feed_the_first_time(school, counted):
    with counted:
        return school.as_student.get("/api/calendarFeed")


def a_student_resets_their_calendar_feed(school, counted):
    with counted:
        return school.as_student.post("/api/calendarFeed/reset")


def a_calendar_app_reads_a_student_s_feed(school, counted):
    # The family's classes, once each (siblings may share one).
    held = list(
        {
            enrolment.camp_class_id: enrolment.camp_class
            for enrolment in Enrolment.objects.filter(student=school.student)
        }.values()
    )
    _meetings(held)
    token = calendar_token_get_or_make(user=school.student)
    with counted:
        response = school.visitor.get(f"/api/calendar/{token}.ics")
    # Every meeting of every class held, so a flat count means something.
    assert response.content.count(b"BEGIN:VEVENT") == 2 * len(held) > 2
    return response


def a_visitor_reads_the_refund_policy(school, counted):
    with counted:
        return school.visitor.get("/api/refundPolicy")


def a_family_previews_cancelling_a_seat(school, counted):
    payment = Payment.objects.filter(student=school.student, status=ENROLLED).first()
    with counted:
        return school.as_student.get(f"/api/enrolments/{payment.enrolment_id}/cancellation")


def a_family_cancels_a_seat_paid_by_card(school, counted):
    setup_intent_id = school.saved_card(school.selection)
    paid = school.as_student.post(
        "/api/payments",
        {"payId": school.selection.pk, "setupIntentId": setup_intent_id},
        format="json",
    )
    assert paid.status_code == 201, paid.json()
    payment = Payment.objects.get(transaction_id=paid.json()["transactionId"])
    with counted:
        response = school.as_student.post(f"/api/enrolments/{payment.enrolment_id}/cancellation")
    # A class with no dates yet: refunded in full, by localstripe.
    assert response.json()["refundStatus"] == "succeeded", response.json()
    return response


def stripe_reports_a_payment_the_browser_left(school, counted):
    # The student passes 3-D Secure, then closes the tab before the page posts the payment.
    setup_intent_id = school.saved_card(school.selection, stripe_js.CARD_3DS)
    asked = school.as_student.post(
        "/api/payments",
        {"payId": school.selection.pk, "setupIntentId": setup_intent_id},
        format="json",
    )
    assert asked.status_code == 402, asked.json()
    stripe_js.confirm_card_payment(asked.json()["clientSecret"])
    event = stripe_js.succeeded_event(asked.json()["paymentIntentId"])
    with counted:
        return school.visitor.post(
            "/api/stripe/webhook",
            event,
            content_type="application/json",
            HTTP_STRIPE_SIGNATURE=stripe_js.signature(event),
        )


# --- A lottery season's draw: every child of the student's family and `rows` other families
# wish, the draw is made, then its page and the family's result are read.


def _a_draw_made(school) -> int:
    season = a_lottery_season("Counted lottery")
    first, second = (a_season_class(season, "30.00", week=n, seats=1) for n in range(2))
    families = [(school.student, school.children)]
    others = UserFactory.create_batch(school.rows)
    families += [(family, [ChildFactory(account=family)]) for family in others]
    for family, children in families:
        wished = [ChildWishes(child.pk, [first.pk, second.pk]) for child in children]
        wishes_put(family=family, season_id=season.pk, children=wished, together=[])
    draw_commit(season_id=season.pk, seed_hash=seed_hash("counted"))
    moved = timezone.now() - timedelta(seconds=1)
    Season.objects.filter(pk=season.pk).update(wishes_close_at=moved, draw_at=moved)
    draw_run(season_id=season.pk, seed="counted")
    return season.pk


def a_visitor_checks_a_season_s_draw(school, counted):
    season_id = _a_draw_made(school)
    with counted:
        return school.visitor.get(f"/api/seasons/{season_id}/draw")


def a_family_reads_what_the_draw_gave_it(school, counted):
    season_id = _a_draw_made(school)
    with counted:
        return school.as_student.get(f"/api/seasons/{season_id}/wishes")


# Each step, the status it answers, and its queries. A signed-in call's first query loads the
# caller named by the access token; a page adds the count of the whole list. A transaction
# shows here as a savepoint and its release, since the test itself runs in one.
# A class's answer names the payment plans it offers (plans.schedule): every plan is read in
# one query per answer, whatever the number of classes (two when the school has plans).
STEPS = [
    (a_visitor_lists_the_instructors, 200, 1),
    (a_visitor_pages_through_the_instructors, 200, 2),
    # A class list built afresh also reads the seats held, which its cached answer writes in at
    # each serving (enrolments.holds_shown): read once, then again only after a hold changes.
    (a_visitor_lists_the_approved_classes, 200, 3),
    (a_visitor_opens_a_page_of_all_classes, 200, 4),
    # The category named by its slug, then the list (the weekday is an EXISTS in the same query).
    (a_visitor_filters_and_sorts_the_classes, 200, 4),
    (a_visitor_searches_a_page_of_classes, 200, 4),
    (an_admin_searches_every_class, 200, 3),
    (an_admin_lists_every_class, 200, 3),
    (an_admin_pages_through_the_pending_classes, 200, 4),
    (a_visitor_sees_the_popular_classes, 200, 3),
    (a_visitor_lists_the_categories, 200, 1),
    # The season; its draw; the order; the outcomes; the seats shared.
    (a_visitor_checks_a_season_s_draw, 200, 5),
    # The caller; the season; the family's entry with its place; its wishes; its groups; the
    # draw; its outcomes with their waitlist entries; the seats paid; the number of families
    # drawn; its pair of friends (none here).
    (a_family_reads_what_the_draw_gave_it, 200, 10),
    # The class with its instructor and category; the add-ons it offers (extras.selectors.
    # add_ons_shown; their options, and the stock held, only for a class that has some); the
    # school's questions it asks (its own and its season's, in one query).
    (a_visitor_opens_a_class, 200, 4),
    (an_instructor_opens_their_class_under_review, 200, 5),
    # The instructor; their approved classes with instructor and category; the seats held.
    (a_visitor_opens_an_instructor_s_page, 200, 4),
    # The page's head: the class with its instructor and category; the instructor. Then its
    # first screen, the API's answer above (camp/first_screen.py), here with nothing cached.
    (a_visitor_opens_the_page_of_a_class, 200, 5),
    (a_visitor_opens_the_page_of_an_instructor, 200, 5),
    # The popular classes; the count and the page of those starting soon; the instructors.
    (a_visitor_opens_the_home_page, 200, 6),
    # The count and the first page; the categories.
    (a_visitor_opens_the_all_classes_page, 200, 5),
    # Each section's count (its pages), and the classes' latest change.
    (a_crawler_reads_the_sitemap_index, 200, 3),
    # The count for the page, then the page.
    (a_crawler_reads_the_classes_sitemap, 200, 2),
    (a_crawler_reads_the_instructors_sitemap, 200, 2),
    (a_crawler_reads_robots_txt, 200, 0),
    (a_load_balancer_checks_health, 200, 1),
    # The page's row.
    (a_visitor_reads_the_privacy_policy, 200, 1),
    # The page's row for its head, and the API's answer its first screen is drawn from.
    (a_visitor_opens_the_page_of_the_privacy_policy, 200, 2),
    # In its savepoint: the message kept; queued before?; the e-mail in its own savepoint.
    # Each e-mail queued reads its reader's language (notifications.rendering.reader_language).
    (a_visitor_writes_to_the_school, 201, 8),
    (a_developer_reads_the_schema, 200, 0),
    (a_developer_opens_the_api_docs, 200, 0),
    # Look up by uid, then by e-mail (a row made before the first sign-in), then create, with
    # the account holder ("Myself").
    (a_newcomer_signs_in, 200, 8),
    (a_student_signs_in_again, 200, 3),
    (an_admin_lists_every_user, 200, 2),
    (an_admin_pages_through_the_users, 200, 3),
    # The caller, the matches counted, their page.
    (an_admin_searches_the_users, 200, 3),
    # The first save names "Myself" too.
    (a_student_saves_their_profile, 201, 11),
    (a_student_asks_whether_they_are_admin, 200, 2),
    (a_student_reads_their_profile, 200, 1),
    # The caller; the bio written.
    # The caller; in its transaction (a savepoint here) the person locked, then written.
    (an_instructor_writes_their_bio, 200, 5),
    (an_instructor_asks_whether_they_are_instructor, 200, 2),
    # Lock every admin (the last one keeps the role); lock the user, who must exist.
    (an_admin_makes_a_student_admin, 200, 11),
    (an_admin_makes_a_student_instructor, 200, 11),
    # The caller; in its transaction the admins and the user locked, the role written (no
    # message: going back to student tells nobody).
    (an_admin_gives_a_student_back_their_role, 200, 6),
    # The season it joins: the open one, as the class has no dates (classes.services.season_for).
    (an_instructor_proposes_a_class, 201, 5),
    # The class's meetings are read to keep them in step with its schedule.
    # The seats held now, which the seats may not go below. Whether anyone holds a seat or
    # waits for one: only then is the class pictured before the edit, to tell them what changed.
    (an_instructor_updates_their_class, 200, 9),
    (an_admin_approves_a_class, 200, 10),
    (an_admin_denies_a_class, 200, 10),
    (an_admin_sends_feedback, 200, 6),
    # The caller; the class withdrawn by one conditional UPDATE, inside its savepoint.
    (an_instructor_withdraws_their_class, 200, 4),
    (an_instructor_lists_their_classes, 200, 3),
    (an_instructor_pages_through_their_classes, 200, 4),
    (an_instructor_opens_their_class, 200, 3),
    (an_instructor_uploads_a_class_image, 200, 1),
    (a_student_lists_their_selected_classes, 200, 2),
    (a_student_pages_through_their_selected_classes, 200, 3),
    # "Myself", locked; the class and its season with all the rules ask of the database
    # (enrolled or selected already, the age override, the seats held for others, a clash:
    # enrolments.facts.standing_read); the selection, inserted unless a twin request's is
    # there already (core.prepared.insert_unless_present: no savepoint).
    (a_student_selects_a_class, 201, 6),
    # A seat held for paying for it, given back; Django's delete: the holds that named the
    # selection no longer do.
    (a_student_drops_a_selection, 200, 7),
    # The selection with its class, participant, the class's early-bird price and season, and
    # the student's Stripe customer (payments.prepared.selection_to_pay). The seat held
    # (enrolments.services.hold_take, in its savepoint): the class and then the account locked
    # in one statement (enrolments.locks.class_and_family_lock); the class, the
    # participant's hold, the seats held for others, what the family holds and let run out, and
    # what the rules ask, in two queries (enrolments.facts.hold_read); the hold made
    # (renewed when one ran out). The Stripe customer, saved the first time in one
    # statement (core.prepared.insert_unless_present). The add-ons the price adds
    # (checkout.pricing).
    (a_student_starts_paying_by_card, 200, 10),
    # The selection as the payment page reads it, with the payment made before with the card
    # and the refund policy in force; the rules' one query; in its savepoint, the participant
    # locked, whether another charge of the seat is open, in one query (one seat, one charge:
    # checkout.services.seat_charges; two statements, since what the lock guards is read after
    # it), and the charge attempt. Then the seat and the payment in one savepoint
    # (checkout.services.fulfilment.payment_record_enrolled): the seat taken, which locks the
    # class; the rules again under the lock; the enrolment; the hold and the selection settled;
    # the payment, enrolled; the receipt, composed by the worker that sends it; the attempt
    # charged. The answer is the payment as written. The add-ons the price adds
    # (checkout.pricing).
    (a_student_pays_with_the_saved_card, 201, 20),
    # The selection and the rules, as paying by card; the free enrolment recorded, then its
    # seat taken (in savepoints); the receipt queued (composed when sent); the answer read back.
    # The add-ons the price adds (checkout.pricing).
    (a_student_enrols_in_a_free_class, 201, 17),
    (a_student_reads_their_payment_history, 200, 2),
    (a_student_pages_through_their_payment_history, 200, 3),
    # The caller; the seats; their classes' meeting ids (classes.selectors.meeting_ids_read);
    # their children's attendance actions with their meetings.
    (a_student_lists_their_enrolled_classes, 200, 5),
    # The caller; "Myself"; the family.
    (a_parent_lists_their_family, 200, 3),
    # "Myself"; the account locked and its people counted (FAMILY_MAX_PARTICIPANTS), in one
    # query; the same child already there?; the child, in a savepoint.
    (a_parent_adds_a_child, 201, 9),
    (a_parent_edits_a_child, 200, 8),
    # The child, locked; their selections and seats; then Django's delete: what PROTECT
    # guards, the past seats, payments and charge attempts set to nobody, the overrides, the
    # child.
    # (and their holds and waitlist places). Their care record, its versions, the reads of it
    # and the policies accepted for them go with them, at once.
    # A seat refunded with the child: its class's meetings, for the calendar that takes them off.
    # Their attendance: any on record (which keeps the child), what PROTECT guards of it, and the
    # attendance e-mails sent about them. Their answers to the school's questions.
    # Their health records: any incident report naming them and any medication given on record
    # (each keeps the child), then what PROTECT guards of them (the reports' children, the
    # medication given) and their documents, read for their files to go once the deletion is
    # kept (care.apps). The pieces of artwork they were tagged on lose their tag. Any wish in a
    # draw made (which keeps the child); their wishes for a draw to come, their groups, their
    # places with a friend's family and what PROTECT guards of the draws' outcomes.
    (a_parent_removes_a_child, 200, 34),
    (a_parent_selects_a_class_for_a_child, 201, 6),
    # "Myself"; the family; the classes; every child's standing in every class, each fact a
    # column of one query (enrolments.facts.family_standings).
    (a_parent_sees_who_may_take_each_class, 200, 5),
    # The caller; the class; its enrolments with their families and payments. Their care flags:
    # the records, the policies' current versions, the acceptances (care.selectors). The read
    # of those flags logged for every child's family, in one INSERT (care.services.
    # care_reads_logged), however long the roster. The children's answers to the school's
    # questions, with their questions, in one query (extras.selectors.roster_answers).
    (an_instructor_reads_a_class_roster, 200, 8),
    (an_instructor_downloads_a_class_roster, 200, 8),
    # The caller; the class; its pieces with their class and season; their children with
    # their first names.
    (an_instructor_lists_a_class_s_pieces, 200, 4),
    # The caller; the child; the reports at the instructor's classes (as an instructor
    # teaching the child: their seats); the reports' children with their families, their
    # addenda; the read logged for every child shown, in one INSERT.
    (an_instructor_reads_a_child_s_incidents, 200, 7),
    # The caller; the child; the reports; their children with their families; their addenda.
    (a_parent_reads_a_child_s_incidents, 200, 5),
    # The caller; the meeting with its class; the class (the instructor's own?); the roster with
    # its families; the care records (each decrypted for its medications); the meeting's doses
    # recorded; the read logged for every child listed, in one INSERT.
    (an_instructor_reads_the_doses_due_at_a_meeting, 200, 7),
    # The caller; the child; the pieces with their classes and seasons; the children on them.
    (a_parent_reads_a_child_s_artwork, 200, 4),
    # As the parent, and whether the instructor teaches the child (care.selectors.read_scope).
    (an_instructor_reads_a_child_s_artwork, 200, 5),
    # The count; the page of public pieces (approved, tagged, every child consenting: one
    # query); their children with their first names.
    (a_visitor_opens_the_gallery, 200, 3),
    (a_visitor_opens_a_class_s_strip_of_pieces, 200, 3),
    # The public pieces' pictures, for the gallery's entry.
    (a_crawler_reads_the_pages_sitemap, 200, 1),
    # The caller; the pieces with their class, season and whether the gallery shows each; their
    # children.
    (an_admin_reviews_the_pieces, 200, 3),
    # The caller; in its savepoint the piece locked and approved; then read back as the list
    # shows it, with its children.
    (an_admin_approves_a_piece, 200, 7),
    # The selection; the class locked; the hold; its new time.
    (a_student_asks_to_hold_their_seat_longer, 200, 7),
    # The caller; the entries with their places, counted in the query.
    (a_student_lists_their_waitlist, 200, 2),
    # "Myself", locked; the class locked; the rules in one query (enrolled, seats held, clash);
    # the back of the list and how many wait there (the entry's place), in one query; the entry,
    # inserted unless a twin request's is there already.
    (a_student_joins_a_waitlist, 201, 8),
    # The entry; its class locked; the entry locked; the selection found or made; the hold
    # pointed at it; the entry; read back with its place.
    (a_student_accepts_an_offer, 200, 13),
    # As accepting, then the hold gone and the seat offered on (nobody else waits here).
    # The price of the offer, in the message, with its add-ons.
    (a_student_declines_an_offer, 200, 12),
    (a_student_leaves_a_waitlist, 200, 9),
    # The caller; the class; the entries with their places and families.
    (an_instructor_reads_a_class_waitlist, 200, 3),
    # Asked from the opening's line every few seconds: the caller; the family's selections; the
    # seats free of the classes wanted, in one query, kept a few seconds in the shared cache
    # (wanted_classes.selectors.wanted_classes_full), so the next family asking reads none.
    (a_family_in_line_asks_which_of_its_classes_are_full, 200, 3),
    (a_family_in_line_asks_again_within_seconds, 200, 2),
    (a_visitor_in_line_asks_which_of_its_classes_are_full, 200, 1),
    # The caller; "Myself"; the family; selections; every seat; payments. The care records,
    # the policies' current versions, acceptances, versions and reads; the policies accepted.
    # The answers to the school's questions, with their questions. The front desk's log.
    (a_family_downloads_their_data, 200, 14),
    # The caller; the count; the page; its classes' meeting ids; its attendance actions.
    (a_student_pages_through_their_enrolled_classes, 200, 6),
    # The class with its instructor; its meetings with theirs.
    (a_visitor_downloads_a_class_calendar, 200, 2),
    # The token set where none was, then read back (the first of two asks may lose the race).
    (a_student_asks_for_their_calendar_feed_the_first_time, 200, 3),
    (a_student_resets_their_calendar_feed, 200, 2),
    # The person by token; the meetings of the classes they hold a seat in, in one query.
    (a_calendar_app_reads_a_student_s_feed, 200, 2),
    # The policy in force: its newest row.
    (a_visitor_reads_the_refund_policy, 200, 1),
    # The caller; the payment with its seat, class and participant; what was paid for it (its
    # charge, a plan's instalments paid, less refunds: plans.services).
    # The add-ons delivered that the refund keeps (payments.services.add_ons.kept_on_refund).
    (a_family_previews_cancelling_a_seat, 200, 4),
    # Under the payment's lock (the caller; the payment with its seat, class and participant):
    # the seat given back and offered to the waitlist (enrolments.services.seat_give_back); the
    # payment cancelled, with a plan's instalments still to pay; what was paid; each charge's
    # refunds so far and the instalments paid by card; the refund put on record; the cancellation
    # message. Then, Stripe's refund made: the refund read; under the payment's lock, the
    # refund and the payment marked; the refund message. The class's meetings, for the calendar
    # the cancellation message carries to take them off.
    # The add-ons: those delivered kept, the others given back with the seat.
    (a_family_cancels_a_seat_paid_by_card, 200, 43),
    # Recorded before; its student and class; its participant; the attempt whose list price and
    # adjustments the payment keeps; recorded, with the refund policy in force. Then under the
    # payment's lock: the amounts its attempts confirmed; the seat, as a card payment's; the
    # payment enrolled; the receipt to its student (composed when sent).
    # The add-ons the price adds (checkout.pricing).
    (stripe_reports_a_payment_the_browser_left, 200, 24),
]


def listed(response) -> int | None:
    """How many items a list answers; None for any other answer."""
    if response.get("Content-Type") != "application/json":
        return None
    body = response.json()
    return len(body) if isinstance(body, list) else None


def _client_for(user) -> APIClient:
    """A client that sends `user`'s bearer token, as the browser app does."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(user)}")
    return client


def _taken(school: School, step):
    """Take `step` in `school`, then undo it: its queries, its answer, and the public write it
    left untold (testing/public_writes.py, which watches every test's own body); or its error."""
    school.new_clients()
    cache.clear()
    counted = CaptureQueriesContext(connection)
    try:
        with PublicWritesWatch().watching() as watch, transaction.atomic():
            response = step(school, counted)
            transaction.set_rollback(True)
    except Exception as error:
        # Raised again by the step's own test, which fails as if it had taken the step itself.
        return error
    finally:
        if school.signed_up:
            identity.clear_accounts()
            school.signed_up = False
    return len(counted), response, watch.pending


@pytest.fixture(scope="module")
def taken(request, django_db_setup, django_db_blocker) -> dict:
    """Every step this run takes, taken in a school of SMALL rows, then in one of LARGE: by step
    and rows, what `_taken` answers. Each school is built once, in a transaction undone after."""
    steps = [
        item.callspec.params["step"]
        for item in request.session.items
        if item.module is request.module and hasattr(item, "callspec")
    ]
    answers = {}
    # The large school's student lists more children than a family may: the rows are there to
    # find an N+1, not to be a family.
    with django_db_blocker.unblock(), override_settings(FAMILY_MAX_PARTICIPANTS=LARGE + 10):
        for rows in (SMALL, LARGE):
            with transaction.atomic():
                with PublicWritesWatch().watching() as watch:
                    school = School(rows)
                assert watch.pending is None, f"The school's rows left {watch.pending} untold"
                for step in steps:
                    answers[step, rows] = _taken(school, step)
                transaction.set_rollback(True)
    return answers


def in_a_school_of(rows: int, step, expected_status: int, taken: dict):
    """The step's queries in the school of `rows`, and how many items it listed."""
    answer = taken[step, rows]
    if isinstance(answer, Exception):
        raise answer
    queries, response, untold = answer
    assert response.status_code == expected_status, response.content[:300]
    assert untold is None, f"Public data was written and the public lists not told: {untold}"
    return queries, listed(response)


@pytest.mark.parametrize(
    ("step", "status", "queries"),
    STEPS,
    ids=[step.__name__.replace("_", " ") for step, _, _ in STEPS],
)
def test_every_call_costs_the_same_queries_in_a_small_and_a_large_school(
    step, status, queries, taken
):
    small, small_items = in_a_school_of(SMALL, step, status, taken)
    large, large_items = in_a_school_of(LARGE, step, status, taken)

    assert small == large, f"{small} queries with {SMALL} rows, {large} with {LARGE}: an N+1"
    assert small == queries, f"{small} queries, {queries} pinned"
    if small_items is not None:
        # A count that stays flat only means something if the list grew; the popular classes
        # are always the top six.
        assert large_items > small_items or large_items == small_items == POPULAR_CLASS_COUNT
