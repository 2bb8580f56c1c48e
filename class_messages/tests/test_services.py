"""A class's instructor, or an admin, writing to its families: one e-mail each through the
outbox, from the school and never from the sender's own address, the text kept as text with its
links made clickable; enrolled, waitlisted or both; at most CLASS_MESSAGES_PER_DAY a school day;
kept for the families to read again. Read off the SMTP sink."""

from datetime import datetime, time, timedelta
from types import SimpleNamespace

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework import serializers

from accounts.models import Role
from class_messages.models import ClassMessage
from class_messages.services import body_html, class_message_send
from classes.models import ClassStatus
from core.school_time import school_timezone, school_today
from enrolments.models import Enrolment, EnrolmentStatus, WaitlistEntry, WaitlistStatus
from notifications.mailboxes import mailbox_set
from notifications.models import Mailbox, Message
from testing.factories import (
    ChildFactory,
    ClassFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
)
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

# The instructor's own address: nothing a family receives may give it away.
PRIVATE_ADDRESS = "maya.lindqvist.private@home.test"
KILN_DAY = {
    "subject": "Kiln day",
    "body": "Bring an apron on Thursday: we fire the pots.",
    "audience": "enrolled",
}


@pytest.fixture
def maya():
    return UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", email=PRIVATE_ADDRESS)


@pytest.fixture
def pottery(maya):
    return ClassFactory(name="Wheel-Thrown Pottery", status=ClassStatus.APPROVED, instructor=maya)


def family(email: str):
    return UserFactory(role=Role.STUDENT, email=email)


def enrolled(person, camp_class, **more):
    """One of the family's children holds a seat in the class."""
    return EnrolmentFactory(
        student=person, participant=ChildFactory(account=person), camp_class=camp_class, **more
    )


def waiting(person, camp_class, status=WaitlistStatus.WAITING):
    """One of the family's children has a place on the class's waitlist."""
    offered = status == WaitlistStatus.OFFERED
    return WaitlistEntry.objects.create(
        student=person,
        participant=ChildFactory(account=person),
        camp_class=camp_class,
        rank=WaitlistEntry.objects.filter(camp_class=camp_class).count() + 1,
        status=status,
        offered_at=timezone.now() if offered else None,
        offer_expires_at=timezone.now() + timedelta(days=1) if offered else None,
    )


def write(client, camp_class, **changes):
    return client.post(
        f"/api/classes/{camp_class.pk}/messages", {**KILN_DAY, **changes}, format="json"
    )


def sent_to(sink) -> list[str]:
    return sorted(email["To"] for email in sink.messages())


def plain(email) -> str:
    return email.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def html(email) -> str:
    return email.get_body(preferencelist=("html",)).get_content()


def everything_in(email) -> str:
    """Every header, and every part decoded (a quoted-printable or base64 body would hide an
    address from a look at the raw message), and the raw message besides."""
    headers = "\n".join(f"{name}: {value}" for name, value in email.items())
    parts = "\n".join(part.get_content() for part in email.walk() if not part.is_multipart())
    return "\n".join([headers, parts, email.as_string()])


# --- Writing to the enrolled families


def test_an_instructor_writes_once_to_each_enrolled_family_from_the_school(
    smtp_sink, settings, api_client_for, maya, pottery
):
    settings.SCHOOL_REPLY_TO = "office@school.test"
    ana = family("ana@camp.test")
    enrolled(ana, pottery)
    enrolled(ana, pottery)  # Her second child: the family still gets one e-mail.
    ben = family("ben@camp.test")
    EnrolmentFactory(student=ben, camp_class=pottery)  # Ben himself, "Myself".
    gone = family("gone@camp.test")
    enrolled(gone, pottery, status=EnrolmentStatus.CANCELLED, ended_at=timezone.now())
    SelectionFactory(student=family("chose@camp.test"), camp_class=pottery)  # Not paid.
    waiting(family("wait@camp.test"), pottery)

    answer = write(api_client_for(maya), pottery)
    send_queued()
    send_queued()

    message = ClassMessage.objects.get()
    assert answer.status_code == 201
    assert answer.json() == {"id": message.pk, "recipients": 2}
    assert (message.camp_class, message.sender, message.recipients) == (pottery, maya, 2)
    assert (message.subject, message.body, message.audience, message.announcement) == (
        "Kiln day",
        "Bring an apron on Thursday: we fire the pots.",
        "enrolled",
        False,
    )
    received = smtp_sink.messages()
    assert sent_to(smtp_sink) == ["ana@camp.test", "ben@camp.test"]
    for email in received:
        assert email["Subject"] == "Wheel-Thrown Pottery: Kiln day"
        assert email["Reply-To"] == "office@school.test"
        assert email["From"] == settings.DEFAULT_FROM_EMAIL
        assert "Bring an apron on Thursday: we fire the pots." in plain(email)
        assert "from Maya Lindqvist, your instructor" in plain(email)
        assert PRIVATE_ADDRESS not in everything_in(email)
        assert "maya.lindqvist.private" not in everything_in(email)


def test_an_admin_writes_to_any_class_and_is_named_as_the_schools(
    smtp_sink, api_client_for, pottery
):
    rosa = UserFactory(role=Role.ADMIN, name="Rosa Admin", email="rosa.private@home.test")
    enrolled(family("ana@camp.test"), pottery)

    answer = write(api_client_for(rosa), pottery)
    send_queued()

    assert answer.status_code == 201
    assert ClassMessage.objects.get().sender == rosa
    [email] = smtp_sink.messages()
    assert "from Rosa Admin, at " in plain(email)
    assert "rosa.private@home.test" not in everything_in(email)


# --- What the sender wrote: text, with its links made clickable


def test_a_link_becomes_a_link_and_nothing_else_the_sender_typed_is_markup(
    smtp_sink, api_client_for, maya, pottery
):
    enrolled(family("ana@camp.test"), pottery)
    body = (
        "Read <b>this</b> first. <script>alert('hi')</script>\n"
        "The kiln's days are at https://camp.test/kiln?day=thu&room=2."
    )

    write(api_client_for(maya), pottery, body=body, subject="<i>Kiln</i> day")
    send_queued()

    [email] = smtp_sink.messages()
    page = html(email)
    link = "https://camp.test/kiln?day=thu&amp;room=2"
    assert f'<a href="{link}">{link}</a>.' in page
    assert "Read &lt;b&gt;this&lt;/b&gt; first." in page
    assert "&lt;script&gt;alert(&#x27;hi&#x27;)&lt;/script&gt;" in page
    assert "<b>this</b>" not in page and "<script>" not in page
    assert "<i>Kiln</i>" not in page and "&lt;i&gt;Kiln&lt;/i&gt; day" in page
    # The text part is what they wrote, word for word.
    assert body in plain(email)
    assert email["Subject"] == "Wheel-Thrown Pottery: <i>Kiln</i> day"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "See https://camp.test/kiln.",
            '<p>See <a href="https://camp.test/kiln">https://camp.test/kiln</a>.</p>',
        ),
        (
            "Is it https://camp.test/kiln?",
            '<p>Is it <a href="https://camp.test/kiln">https://camp.test/kiln</a>?</p>',
        ),
        (
            "Two: https://a.test/x, https://b.test/y!",
            '<p>Two: <a href="https://a.test/x">https://a.test/x</a>, '
            '<a href="https://b.test/y">https://b.test/y</a>!</p>',
        ),
        (
            "(the map: http://camp.test/map)",
            '<p>(the map: <a href="http://camp.test/map">http://camp.test/map</a>)</p>',
        ),
        (
            "Glazes: https://en.wikipedia.org/wiki/Glaze_(ceramics).",
            '<p>Glazes: <a href="https://en.wikipedia.org/wiki/Glaze_(ceramics)">'
            "https://en.wikipedia.org/wiki/Glaze_(ceramics)</a>.</p>",
        ),
        (
            "<https://camp.test/kiln>",
            '<p>&lt;<a href="https://camp.test/kiln">https://camp.test/kiln</a>&gt;</p>',
        ),
        (
            'Not a link: javascript:alert(1) or <a href="https://evil.test">x</a>',
            "<p>Not a link: javascript:alert(1) or &lt;a href=&quot;"
            '<a href="https://evil.test">https://evil.test</a>&quot;&gt;x&lt;/a&gt;</p>',
        ),
        (
            "Hello,\r\n\r\nfirst line\nsecond line\n\n\n",
            "<p>Hello,</p>\n<p>first line<br>\nsecond line</p>",
        ),
    ],
)
def test_body_html_links_addresses_and_escapes_the_rest(body, expected):
    assert body_html(body) == expected


# --- Who is written to


@pytest.mark.parametrize(
    ("audience", "reached"),
    [
        ("enrolled", ["both@camp.test", "enrolled@camp.test"]),
        ("waitlisted", ["both@camp.test", "offered@camp.test", "waiting@camp.test"]),
        (
            "both",
            ["both@camp.test", "enrolled@camp.test", "offered@camp.test", "waiting@camp.test"],
        ),
    ],
)
def test_each_audience_reaches_its_families_once(
    smtp_sink, api_client_for, maya, pottery, audience, reached
):
    enrolled(family("enrolled@camp.test"), pottery)
    waiting(family("waiting@camp.test"), pottery)
    waiting(family("offered@camp.test"), pottery, status=WaitlistStatus.OFFERED)
    both = family("both@camp.test")
    enrolled(both, pottery)
    waiting(both, pottery)
    waiting(family("declined@camp.test"), pottery, status=WaitlistStatus.DECLINED)
    enrolled(
        family("cancelled@camp.test"),
        pottery,
        status=EnrolmentStatus.CANCELLED,
        ended_at=timezone.now(),
    )

    answer = write(api_client_for(maya), pottery, audience=audience)
    send_queued()

    assert answer.status_code == 201
    assert answer.json()["recipients"] == len(reached)
    assert sent_to(smtp_sink) == reached
    assert ClassMessage.objects.get().audience == audience


# --- The day's limit


def at_school(day, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=school_timezone())


def test_past_the_days_limit_a_class_is_answered_429_until_the_schools_midnight(
    settings, api_client_for, maya, pottery
):
    settings.CLASS_MESSAGES_PER_DAY = 2
    enrolled(family("ana@camp.test"), pottery)
    other_class = ClassFactory(status=ClassStatus.APPROVED, instructor=maya)
    enrolled(family("ben@camp.test"), other_class)
    day = school_today() + timedelta(days=1)
    midnight = at_school(day + timedelta(days=1), 0)

    with time_machine.travel(at_school(day, 8), tick=False):
        as_maya = api_client_for(maya)
        assert write(as_maya, pottery, subject="One").status_code == 201
        assert write(as_maya, pottery, subject="Two").status_code == 201
    # Late the same school day: another day in UTC, the same one at the school.
    with time_machine.travel(at_school(day, 23), tick=False):
        as_maya = api_client_for(maya)
        refused = write(as_maya, pottery, subject="Three")
        other = write(as_maya, other_class, subject="Elsewhere")

    assert refused.status_code == 429
    assert refused.json() == {
        "message": "Wheel-Thrown Pottery has had 2 messages today, the most a class may send "
        "its families in a day. You can write to them again from midnight (school time), "
        f"{midnight:%A, %B} {midnight.day}.",
        "code": "class_messages_per_day",
        "limit": 2,
        "resetsAt": midnight.isoformat(),
    }
    assert refused["Retry-After"] == "3600"  # An hour to the school's midnight.
    assert list(
        ClassMessage.objects.filter(camp_class=pottery).values_list("subject", flat=True)
    ) == ["Two", "One"]
    assert sorted(
        Message.objects.filter(kind="class_message").values_list("subject", flat=True)
    ) == sorted(
        [
            "Wheel-Thrown Pottery: One",
            "Wheel-Thrown Pottery: Two",
            f"{other_class.name}: Elsewhere",
        ]
    )
    # Another class of hers has its own count.
    assert other.status_code == 201

    with time_machine.travel(midnight + timedelta(minutes=1), tick=False):
        assert write(api_client_for(maya), pottery, subject="Next day").status_code == 201


def test_the_limit_is_the_classs_whoever_writes(settings, api_client_for, maya, pottery):
    settings.CLASS_MESSAGES_PER_DAY = 1
    enrolled(family("ana@camp.test"), pottery)
    admin = UserFactory(role=Role.ADMIN)

    assert write(api_client_for(maya), pottery).status_code == 201
    refused = write(api_client_for(admin), pottery)

    assert refused.status_code == 429
    assert refused.json()["message"].startswith(
        "Wheel-Thrown Pottery has had 1 message today, the most a class may send"
    )
    assert int(refused["Retry-After"]) >= 1
    assert ClassMessage.objects.count() == 1


# --- Refusals


def test_nobody_in_the_audience_is_a_conflict_and_nothing_is_kept(
    smtp_sink, api_client_for, maya, pottery
):
    enrolled(family("ana@camp.test"), pottery)

    answer = write(api_client_for(maya), pottery, audience="waitlisted")

    assert answer.status_code == 409
    assert answer.json() == {
        "message": "Nobody is waiting for a seat in this class yet.",
        "code": "nobody_in_audience",
    }
    assert not ClassMessage.objects.exists()
    assert not Message.objects.filter(kind="class_message").exists()


@pytest.mark.parametrize(
    ("changes", "field", "problem"),
    [
        ({"subject": ""}, "subject", "Please write a subject."),
        ({"subject": None}, "subject", "Please write a subject."),
        ({"body": "   "}, "body", "Please write your message."),
        ({"subject": "x" * 151}, "subject", "The subject must be at most 150 characters."),
        ({"body": "x" * 5001}, "body", "The message must be at most 5000 characters."),
        ({"audience": "everyone"}, "audience", "Choose enrolled, waitlisted or both."),
    ],
)
def test_bad_input_is_answered_400_naming_the_field(
    api_client_for, maya, pottery, changes, field, problem
):
    enrolled(family("ana@camp.test"), pottery)

    answer = write(api_client_for(maya), pottery, **changes)

    assert answer.status_code == 400
    assert answer.json() == {
        "message": f"Please check these fields: {field}.",
        "errors": {field: [problem]},
    }
    assert not ClassMessage.objects.exists()


def test_a_missing_field_is_named_too(api_client_for, maya, pottery):
    answer = api_client_for(maya).post(
        f"/api/classes/{pottery.pk}/messages", {"body": "Hello"}, format="json"
    )

    assert answer.status_code == 400
    assert answer.json()["errors"] == {
        "subject": ["Please write a subject."],
        "audience": ["Choose enrolled, waitlisted or both."],
    }


def test_another_instructors_class_is_as_good_as_absent(api_client_for, pottery):
    enrolled(family("ana@camp.test"), pottery)
    joshua = UserFactory(role=Role.INSTRUCTOR)

    answer = write(api_client_for(joshua), pottery)

    assert answer.status_code == 404
    assert answer.json() == {"message": "No such class."}
    assert write(api_client_for(joshua), SimpleNamespace(pk=999_999)).status_code == 404
    assert not ClassMessage.objects.exists()


def test_a_family_may_not_write_to_its_class(api_client, api_client_for, pottery):
    ana = family("ana@camp.test")
    enrolled(ana, pottery)

    answer = write(api_client_for(ana), pottery)

    assert answer.status_code == 403
    assert answer.json() == {"message": "Only instructors and admins may do this."}
    assert write(api_client, pottery).status_code == 401
    assert not ClassMessage.objects.exists()


# --- Reading them again


def shown(message: ClassMessage, *, staff: bool) -> dict:
    answer = {
        "id": message.pk,
        "subject": message.subject,
        "body": message.body,
        "audience": message.audience,
        "announcement": message.announcement,
        "sentAt": serializers.DateTimeField().to_representation(message.sent_at),
        "senderName": message.sender.name,
    }
    if staff:
        answer["recipients"] = message.recipients
    return answer


def test_staff_read_every_message_and_a_family_those_that_reach_it(
    api_client, api_client_for, maya, pottery
):
    ana = family("ana@camp.test")
    enrolled(ana, pottery)
    wes = family("wes@camp.test")
    waiting(wes, pottery)
    left = family("left@camp.test")
    enrolled(left, pottery)
    admin = UserFactory(role=Role.ADMIN, name="Rosa Admin")

    def send(audience, subject, sender=maya):
        return class_message_send(
            sender=sender, class_id=pottery.pk, subject=subject, body="…", audience=audience
        )

    to_enrolled = send("enrolled", "Aprons")
    to_waiting = send("waitlisted", "A seat may free up")
    to_both = send("both", "Kiln day", sender=admin)
    # Left the class since: its messages are no longer theirs to read.
    Enrolment.objects.filter(student=left).update(
        status=EnrolmentStatus.CANCELLED, ended_at=timezone.now()
    )
    newest_first = [to_both, to_waiting, to_enrolled]
    url = f"/api/classes/{pottery.pk}/messages"

    for staff in (maya, admin):
        answer = api_client_for(staff).get(url)
        assert answer.status_code == 200
        assert answer.json() == [shown(message, staff=True) for message in newest_first]
    assert [item["recipients"] for item in api_client_for(maya).get(url).json()] == [3, 1, 2]
    assert api_client_for(ana).get(url).json() == [
        shown(to_both, staff=False),
        shown(to_enrolled, staff=False),
    ]
    assert api_client_for(wes).get(url).json() == [
        shown(to_both, staff=False),
        shown(to_waiting, staff=False),
    ]
    for stranger in (left, family("who@camp.test"), UserFactory(role=Role.INSTRUCTOR)):
        answer = api_client_for(stranger).get(url)
        assert (answer.status_code, answer.json()) == (404, {"message": "No such class."})
    assert api_client.get(url).status_code == 401


# --- Announcements


def test_an_announcement_skips_families_who_turned_them_off_and_says_how_to(
    smtp_sink, settings, api_client_for, maya, pottery
):
    enrolled(family("ana@camp.test"), pottery)
    enrolled(family("quiet@camp.test"), pottery)
    mailbox_set(address="quiet@camp.test", announcements=False)
    as_maya = api_client_for(maya)

    news = write(as_maya, pottery, subject="Open studio", announcement=True)
    send_queued()

    assert news.status_code == 201 and news.json()["recipients"] == 1
    assert ClassMessage.objects.get(subject="Open studio").announcement is True
    [email] = smtp_sink.messages()
    assert email["To"] == "ana@camp.test"
    token = Mailbox.objects.get(address="ana@camp.test").token
    site = settings.SITE_URL.rstrip("/")
    assert email["List-Unsubscribe"].strip() == f"<{site}/api/unsubscribe/{token}>"
    assert email["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"{site}/unsubscribe/{token}" in plain(email)

    # About their enrolment, not news: it reaches them whatever they chose.
    about_the_class = write(as_maya, pottery, subject="Room change")
    send_queued()

    assert about_the_class.json()["recipients"] == 2
    later = [email for email in smtp_sink.messages() if "Room change" in email["Subject"]]
    assert sorted(email["To"] for email in later) == ["ana@camp.test", "quiet@camp.test"]
    assert all(email["List-Unsubscribe"] is None for email in later)


def test_a_familys_list_of_messages_costs_the_same_queries_however_many_there_are(
    api_client_for, maya, pottery, django_assert_max_num_queries
):
    sam = family("sam@camp.test")
    enrolled(sam, pottery)
    as_sam = api_client_for(sam)
    admin = UserFactory(role=Role.ADMIN)
    class_message_send(sender=maya, class_id=pottery.pk, **KILN_DAY)
    with CaptureQueriesContext(connection) as one_message:
        assert len(as_sam.get(f"/api/classes/{pottery.pk}/messages").json()) == 1
    # Each sender is read with the message, not one query each.
    for sender in (admin, maya, admin, maya):
        class_message_send(sender=sender, class_id=pottery.pk, **KILN_DAY)

    with django_assert_max_num_queries(len(one_message)):
        assert len(as_sam.get(f"/api/classes/{pottery.pk}/messages").json()) == 5
