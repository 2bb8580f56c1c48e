"""Every endpoint, called by everybody the permission rules tell apart, answers as the table
in testing/authorization_matrix.py (and docs/security.md) says.

The rows the cases call about are made once for the module, in a transaction undone at its end;
each case runs in a savepoint of its own within it, undone after the case, so a call that changes
data never changes the next case (making the rows for every case was most of the module's time).
Stripe calls go to localstripe, sign-in to the Firebase Auth emulator (scripts/with-services).
"""

import copy
import json
import re
from datetime import time, timedelta
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.db import transaction
from django.urls import resolve
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of, calendar_token_get_or_make
from artwork.files import ORIGINAL, copy_name, picture_key
from attendance.models import AttendanceAction, AttendanceActionKind
from care.models import DocumentKind, Policy, empty_medical
from care.services import care_document_upload
from classes.models import Booking, CareKind, ClassStatus, ExtendedCare, Meeting
from core.school_time import school_today
from enrolments.models import SeatHold, WaitlistEntry, WaitlistStatus
from health.models import Incident, IncidentChild, IncidentKind
from health.services.incidents import keep_until_for
from lottery.models import Entry
from lottery.services import ChildWishes, friends_invite, wishes_put
from notifications.mailboxes import mailbox_for
from pages.models import PageSlug
from pages.selectors import site_page_get
from payments.models import (
    AttemptStatus,
    ChargeAttempt,
    Checkout,
    CheckoutLine,
    CheckoutStatus,
    PaymentStatus,
)
from payments.tests.stripe_js import signature
from testing import authorization_matrix as table
from testing.artwork import artwork_photographed, photo_upload
from testing.authorization_matrix import CALLERS, MATRIX
from testing.care import action_plan_uploaded, care_completed, pdf_upload, png_upload
from testing.factories import (
    ChildFactory,
    ClassFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
    banner_png,
)
from testing.public_writes import PublicWritesWatch
from testing.seasons import a_lottery_season, a_season, a_season_class

pytestmark = pytest.mark.django_db

SECURITY_DOC = settings.BASE_DIR / "docs" / "security.md"


class World:
    """The rows the table's paths name, and who is calling."""

    def __init__(self):
        self.student = UserFactory(role=Role.STUDENT)
        self.instructor = UserFactory(role=Role.INSTRUCTOR)
        self.people = {
            "student": self.student,
            "other student": UserFactory(role=Role.STUDENT),
            "instructor": self.instructor,
            "other instructor": UserFactory(role=Role.INSTRUCTOR),
            "admin": UserFactory(role=Role.ADMIN),
            "office": UserFactory(role=Role.OFFICE),
        }
        # The address of the student's calendar feed, as GET /api/calendarFeed makes it.
        calendar_token_get_or_make(user=self.student)
        self.pending_class = ClassFactory(instructor=self.instructor)
        approved = ClassFactory(instructor=self.instructor, status=ClassStatus.APPROVED)
        self.open_class = ClassFactory(instructor=self.instructor, status=ClassStatus.APPROVED)
        self.season = a_season("Matrix summer")
        # A season whose seats go by a draw, its wishes open now.
        self.lottery_season = a_lottery_season("Matrix lottery")
        self.lottery_class = a_season_class(self.lottery_season, "30.00")
        self.report = SimpleNamespace(table="classes")
        free = ClassFactory(
            instructor=self.instructor, status=ClassStatus.APPROVED, price=Decimal("0")
        )
        self.selection = SelectionFactory(student=self.student, camp_class=approved)
        self.free_selection = SelectionFactory(student=self.student, camp_class=free)
        # Settled already (declined), so reading it asks Stripe nothing.
        self.attempt = ChargeAttempt.objects.create(
            student=self.student,
            camp_class=approved,
            setup_intent_id="seti_matrix",
            amount_cents=4550,
            idempotency_key="camp-charge-seti_matrix-4550",
            status=AttemptStatus.DECLINED,
        )
        # The student's family: a child enrolled in the open class, another with nothing yet.
        self.child = ChildFactory(account=self.student, first_name="Noa")
        # The year a family's statement is asked for (GET /api/statements/{year}.pdf).
        self.statement = SimpleNamespace(year=school_today().year)
        # The day the front desk closes (POST /api/frontDesk/day).
        self.today = SimpleNamespace(iso=school_today().isoformat())
        self.spare_child = ChildFactory(account=self.student, first_name="Eli")
        PaymentFactory(
            student=self.student,
            participant=self.child,
            camp_class=self.open_class,
            status=PaymentStatus.ENROLLED,
        )
        # A seat the family may cancel: free, so cancelling it asks Stripe for nothing.
        self.cancellable = PaymentFactory(
            student=self.student,
            participant=self.child,
            camp_class=free,
            transaction_id="free_matrix",
            price=Decimal("0"),
            status=PaymentStatus.ENROLLED,
        )
        # Seats held and the waitlist: the student's hold on their selection, their place on
        # one full class's list and an offer of another's seat; a third full class to join.
        SeatHold.objects.create(
            student=self.student,
            participant=self.selection.participant,
            camp_class=approved,
            selection=self.selection,
            expires_at=timezone.now() + timedelta(minutes=10),
        )
        self.full_class = ClassFactory(
            instructor=self.instructor, status=ClassStatus.APPROVED, seats=0
        )
        holder = account_holder_of(self.student)
        self.waiting = WaitlistEntry.objects.create(
            student=self.student,
            participant=holder,
            camp_class=ClassFactory(status=ClassStatus.APPROVED, seats=0),
            rank=1,
        )
        offered_class = ClassFactory(status=ClassStatus.APPROVED, seats=1)
        offer_ends = timezone.now() + timedelta(hours=24)
        self.offer = WaitlistEntry.objects.create(
            student=self.student,
            participant=holder,
            camp_class=offered_class,
            rank=1,
            status=WaitlistStatus.OFFERED,
            offer_expires_at=offer_ends,
        )
        SeatHold.objects.create(
            student=self.student,
            participant=holder,
            camp_class=offered_class,
            waitlist_entry=self.offer,
            expires_at=offer_ends,
        )
        # A meeting of the open class today at the school, whose attendance is open: it starts
        # within the hour. `now` is when an action about it is taken.
        now = timezone.now()
        self.meeting = Meeting.objects.create(
            camp_class=self.open_class,
            day=school_today(),
            start=now + timedelta(minutes=30),
            end=now + timedelta(hours=2),
        )
        self.now = now.isoformat()
        # A class sold by the week, with a week; and before-care this morning, led by the
        # instructor, where the child was checked in and is handed over to the open class.
        self.weekly_class = ClassFactory(
            instructor=self.instructor, status=ClassStatus.APPROVED, booking=Booking.WEEKS
        )
        self.week = ClassFactory(
            instructor=self.instructor,
            status=ClassStatus.APPROVED,
            unit_of=self.weekly_class,
            unit_label="Week 1",
        )
        before_care = ClassFactory(
            instructor=self.instructor,
            status=ClassStatus.APPROVED,
            extended_care=ExtendedCare.objects.create(
                season=self.season,
                kind=CareKind.BEFORE,
                label="Before-care",
                start_time=time(7, 30),
                end_time=time(9),
                price_per_day=Decimal("12"),
                seats=10,
                led_by=self.instructor,
            ),
        )
        self.before_care = Meeting.objects.create(
            camp_class=before_care,
            day=school_today(),
            start=now - timedelta(minutes=50),
            end=now + timedelta(minutes=30),
        )
        PaymentFactory(
            student=self.student,
            participant=self.child,
            camp_class=before_care,
            status=PaymentStatus.ENROLLED,
        )
        AttendanceAction.objects.create(
            meeting=self.before_care,
            participant=self.child,
            action=AttendanceActionKind.CHECK_IN,
            at=now - timedelta(minutes=40),
            client_id="matrix-before-care-check-in",
            by=self.instructor,
            by_name=self.instructor.name,
        )
        # An open incident report about the child at the open class's meeting, by its
        # instructor.
        self.incident = Incident.objects.create(
            meeting=self.meeting,
            at=now,
            kind=IncidentKind.ILLNESS,
            description="Felt sick after lunch.",
            internal_notes="Lunch came from home.",
            client_id="matrix-incident",
            reported_by=self.instructor,
            reported_by_name=self.instructor.name,
            keep_until=keep_until_for(now),
        )
        IncidentChild.objects.create(incident=self.incident, participant=self.child)
        # A piece of the open class the child made, photographed there today; its pictures'
        # names and the key that opens them.
        self.artwork = artwork_photographed(self.open_class, children=[self.child])
        self.artwork_files = SimpleNamespace(
            original=ORIGINAL,
            copy=copy_name(self.artwork.widths[0]),
            key=picture_key(self.artwork.pk),
        )
        # The child takes an inhaler at camp: the medication log's doses due at the meeting.
        care_completed(
            self.child,
            medical={
                **empty_medical(),
                "medications": [
                    {"name": "Inhaler", "dose": "2 puffs", "schedule": "12:00", "at_camp": True}
                ],
            },
        )
        # The student's address as a place to write to: its unsubscribe link's token.
        self.mailbox = mailbox_for(self.student.email)
        # A checkout of the family's: the account holder in a free class, so paying it asks
        # Stripe for nothing; and a class to open another with.
        self.checkout = Checkout.objects.create(family=self.student)
        self.checkout_line = CheckoutLine.objects.create(
            checkout=self.checkout,
            participant=holder,
            camp_class=ClassFactory(status=ClassStatus.APPROVED, price=Decimal("0")),
        )
        self.checkout_class = ClassFactory(instructor=self.instructor, status=ClassStatus.APPROVED)
        # A checkout the front desk opened for the family: the account holder in a free class.
        self.desk_checkout = Checkout.objects.create(
            family=self.student, opened_by=self.people["admin"]
        )
        CheckoutLine.objects.create(
            checkout=self.desk_checkout,
            participant=holder,
            camp_class=ClassFactory(status=ClassStatus.APPROVED, price=Decimal("0")),
        )
        # A checkout the family paid, with its one receipt.
        paid_class = ClassFactory(status=ClassStatus.APPROVED, price=Decimal("0"))
        self.paid_checkout = Checkout.objects.create(
            family=self.student,
            status=CheckoutStatus.PAID,
            total=Decimal("0"),
            paid_at=timezone.now(),
        )
        CheckoutLine.objects.create(
            checkout=self.paid_checkout,
            participant=self.child,
            camp_class=paid_class,
            payment=PaymentFactory(
                student=self.student,
                participant=self.child,
                camp_class=paid_class,
                price=Decimal("0"),
                status=PaymentStatus.ENROLLED,
            ),
        )
        # A policy accepted per child (the family accepted it for both children already).
        self.waiver = Policy.objects.get(slug="liability-waiver")
        # One of the school's pages, as the footer links to it.
        self.page = site_page_get(slug=PageSlug.PRIVACY)
        # The child's documents: an allergy action plan and an immunisation record.
        self.action_plan = action_plan_uploaded(self.child)
        self.immunisation = care_document_upload(
            participant=self.child,
            by=self.student,
            upload=png_upload("shots.png"),
            kind=DocumentKind.IMMUNISATION,
        )
        self._lottery_friends()

    def _lottery_friends(self) -> None:
        """The student's family in the lottery's draw (its spare child wishing), and another
        family of the draw that asked to have a child placed with the student's."""
        wished = [ChildWishes(self.spare_child.pk, [self.lottery_class.pk])]
        wishes_put(
            family=self.student, season_id=self.lottery_season.pk, children=wished, together=[]
        )
        friend = UserFactory(role=Role.STUDENT)
        friend_child = ChildFactory(account=friend)
        self.lottery_friend = wishes_put(
            family=friend,
            season_id=self.lottery_season.pk,
            children=[ChildWishes(friend_child.pk, [self.lottery_class.pk])],
            together=[],
        )
        self.lottery_friends = friends_invite(
            family=friend,
            season_id=self.lottery_season.pk,
            code=Entry.objects.get(family=self.student).code,
            child_ids=[friend_child.pk],
        )

    def called_by(self, caller: str) -> "World":
        """The world as one case sees it: its caller, and `now` as the case is run."""
        world = copy.copy(self)
        world.caller = self.people.get(caller)
        world.caller_email = world.caller.email if world.caller else "newcomer@camp.test"
        world.now = timezone.now().isoformat()
        return world

    def fill(self, template):
        """A path or body value with its {row.field} names replaced; a lone name keeps its type,
        so {selection.id} in a body is a JSON number. Lists and objects are filled within."""
        if isinstance(template, list):
            return [self.fill(item) for item in template]
        if isinstance(template, dict):
            return {key: self.fill(item) for key, item in template.items()}
        if not isinstance(template, str):
            return template

        def value(match):
            thing = self
            for name in match.group(1).split("."):
                thing = getattr(thing, name)
            return thing

        whole = re.fullmatch(r"\{([\w.]+)\}", template)
        if whole:
            return value(whole)
        return re.sub(r"\{([\w.]+)\}", lambda match: str(value(match)), template)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The rows of `World`, made once for the module's cases in a transaction that each case's
    own (a savepoint) runs within, and undone when the module is done."""
    with django_db_blocker.unblock(), transaction.atomic():
        # Made under the watch on public writes, as a test's own rows are (conftest.py).
        with PublicWritesWatch().watching() as watch:
            made = World()
        assert watch.pending is None, f"The world's rows left {watch.pending} untold"
        yield made
        transaction.set_rollback(True)


def stripe_event() -> bytes:
    # An event our handler has nothing to do for: the signature alone decides the answer.
    return json.dumps(
        {
            "id": "evt_matrix",
            "object": "event",
            "type": "customer.created",
            "data": {"object": {"id": "cus_matrix", "object": "customer"}},
        }
    ).encode()


def call_as(world: World, client, call: table.Call, request):
    if call.sends == table.FIREBASE_ID_TOKEN:
        emulator = request.getfixturevalue("emulator")
        world.id_token = emulator.sign_up(world.caller_email)["idToken"]
    path = world.fill(call.path)
    body = {key: world.fill(value) for key, value in call.body.items()}
    method = getattr(client, call.method.lower())
    if call.sends == table.IMAGE_UPLOAD:
        return method(path, {"image": banner_png()}, format="multipart")
    if call.sends == table.PHOTOGRAPH_UPLOAD:
        return method(path, {"file": photo_upload(), **body}, format="multipart")
    if call.sends == table.DOCUMENT_UPLOAD:
        return method(path, {"file": pdf_upload(), "kind": "action_plan"}, format="multipart")
    if call.sends == table.SIGNED_STRIPE_EVENT:
        payload = stripe_event()
        return method(
            path,
            payload,
            content_type="application/json",
            HTTP_STRIPE_SIGNATURE=signature(payload),
        )
    if call.method in ("GET", "DELETE"):
        return method(path)
    return method(path, body, format="json")


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize(
    "call", MATRIX, ids=[f"{call.method} {call.path} ({call.why})" for call in MATRIX]
)
def test_every_endpoint_answers_every_caller_as_the_table_says(
    call, caller, world, api_client, api_client_for, request
):
    world = world.called_by(caller)
    client = api_client_for(world.caller) if world.caller else api_client

    response = call_as(world, client, call, request)

    assert response.status_code == call.expected_for(caller), response.content[:300]
    if response.status_code >= 400 and call.path != "/api/docs":
        assert response.json()["message"]


def test_the_table_covers_every_endpoint_and_method(api_client):
    schema = api_client.get("/api/schema", {"format": "json"}).json()
    documented = {
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    in_table = {
        (call.method, re.sub(r"\{(\w+)\.\w+\}", "{x}", call.path.split("?")[0])) for call in MATRIX
    }
    documented = {(method, re.sub(r"\{\w+\}", "{x}", path)) for method, path in documented}

    assert documented - in_table == set()


def _throttles_of(call) -> set[str]:
    """The rate settings that count this call, as its view names them (core.throttling)."""
    view = resolve(re.sub(r"\{\w+\.\w+\}", "1", call.path.split("?")[0])).func.view_class
    if call.method in ("GET", "HEAD", "OPTIONS"):
        return set()
    scopes = {
        getattr(view, attribute, None)
        for attribute in ("throttle_scope", "family_throttle_scope", "address_throttle_scope")
    }
    return {f"THROTTLE_{scope.upper()}" for scope in scopes if scope}


@pytest.mark.parametrize(
    "call", MATRIX, ids=[f"{call.method} {call.path} ({call.why})" for call in MATRIX]
)
def test_the_table_names_every_throttle_that_counts_a_call(call):
    named = {limit for limit in call.limited_by if limit.startswith("THROTTLE_")}

    assert named == _throttles_of(call)
    for limit in call.limited_by:
        assert hasattr(settings, limit) or limit in named, f"{limit} is no setting"


def test_docs_security_md_shows_the_table_as_it_is():
    rendered = table.markdown_table()

    with open(SECURITY_DOC, encoding="utf-8") as doc:
        assert rendered in doc.read(), (
            "docs/security.md is out of date: run `python -m testing.authorization_matrix --write`"
        )


def test_every_test_docs_security_md_names_exists():
    with open(SECURITY_DOC, encoding="utf-8") as doc:
        named = re.findall(r"`([\w/]+\.py)::(\w+)`", doc.read())

    assert len(named) >= 7
    for path, test in named:
        with open(settings.BASE_DIR / path, encoding="utf-8") as source:
            assert re.search(rf"def {test}\(", source.read()), f"{path}::{test} is gone"
