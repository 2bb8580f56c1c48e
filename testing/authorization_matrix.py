"""Who may call what: the one table that camp/tests/test_authorization_matrix.py checks and
docs/security.md shows (`python -m testing.authorization_matrix --write` renders it there).

Paths and bodies name rows of the test's world in braces: {student.email} is the student's
e-mail, {pending_class.id} the id of a class the instructor proposed. The owner of every row is
"student" or "instructor"; "other student" and "other instructor" have the same role and own
nothing of it, so a difference between the two columns is a check of ownership, not of role.
"office" is a member of the school's office (Role.OFFICE), owning nothing: the front desk and
reading rosters are theirs, nothing else of the staff's.
"""

import sys
from dataclasses import dataclass, field
from pathlib import Path

CALLERS = (
    "anonymous",
    "student",
    "other student",
    "instructor",
    "other instructor",
    "admin",
    "office",
)

# How a call carries its body, when it is not JSON with the caller's access token.
JSON = "json"
IMAGE_UPLOAD = "multipart image"
# A one-page PDF as a child's document (an allergy action plan), in a multipart form.
DOCUMENT_UPLOAD = "multipart PDF"
# A phone's photograph of a piece (a JPEG with its EXIF) and the body's fields, in a multipart form.
PHOTOGRAPH_UPLOAD = "multipart photograph"
# The Firebase ID token of the caller's own account (a newcomer's for anonymous).
FIREBASE_ID_TOKEN = "Firebase ID token"
# A Stripe event signed with the webhook secret; the access token, if any, changes nothing.
SIGNED_STRIPE_EVENT = "signed Stripe event"


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    # One status per caller, in the order of CALLERS.
    expected: tuple[int, int, int, int, int, int, int]
    why: str
    body: dict = field(default_factory=dict)
    sends: str = JSON
    # The limits on how much of it one caller may do (settings' names), beside who may.
    limited_by: tuple[str, ...] = ()

    def __post_init__(self):
        assert len(self.expected) == len(CALLERS), self.path

    def expected_for(self, caller: str) -> int:
        return self.expected[CALLERS.index(caller)]


CLASS_BODY = {
    "nameClass": "Clay & Glaze",
    "seats": 8,
    "price": "30.00",
    "image": "https://images.camp.test/classes/clay.jpg",
}

CHILD_BODY = {"firstName": "Mia", "lastName": "Lopez", "dateOfBirth": "2017-03-02"}

CARE_BODY = {
    "allergies": [{"name": "Peanuts", "severity": "anaphylactic", "action": "EpiPen"}],
    "medications": [],
    "conditions": "",
    "dietary": "",
    "doctor": {"name": "", "phone": ""},
    "emergencyContacts": [
        {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "415 555 0134"},
        {"name": "Luis Lopez", "relationship": "Grandfather", "phone": "415 555 0177"},
    ],
    "pickups": [],
    "mayLeaveAlone": False,
    "photoConsent": True,
}

CLASS_MESSAGE_BODY = {
    "subject": "Kiln day",
    "body": "Bring an apron on Thursday: we fire the pots.",
    "audience": "enrolled",
}

# One count per account for a family's writes: its people, waitlists, holds and cancellations
# (a view's family_throttle_scope, core.throttling).
FAMILY_WRITES = "THROTTLE_FAMILY_WRITES"
# What one family may hold at once, and the wait after holds that ran out unpaid.
HOLD_LIMITS = (
    "HOLDS_PER_FAMILY_PER_CLASS",
    "HOLDS_PER_FAMILY",
    "HOLD_LAPSES_BEFORE_COOLDOWN",
)

MATRIX = (
    # --- Open to everyone; an access token changes nothing but what an admin sees.
    Call("GET", "/api/instructors", (200, 200, 200, 200, 200, 200, 200), "public"),
    Call("GET", "/api/classes", (200, 200, 200, 200, 200, 200, 200), "public; admins see all"),
    Call("GET", "/api/popularClasses", (200, 200, 200, 200, 200, 200, 200), "public"),
    Call("GET", "/api/categories", (200, 200, 200, 200, 200, 200, 200), "public"),
    Call(
        "GET",
        "/api/credit",
        (401, 200, 200, 403, 403, 403, 403),
        "students: their own family's credit",
    ),
    Call(
        "GET",
        "/api/statements/{statement.year}.pdf?participantId={child.id}",
        (401, 200, 404, 403, 403, 403, 403),
        "students, for someone of their own family; anyone else's is as good as absent",
    ),
    Call(
        "GET",
        "/api/seasons",
        (200, 200, 200, 200, 200, 200, 200),
        "public: each caller's own early access",
    ),
    Call(
        "GET",
        "/api/seasons/{lottery_season.id}/draw",
        (200, 200, 200, 200, 200, 200, 200),
        "public: anyone checks a season's draw",
    ),
    Call(
        "GET",
        "/api/seasons/{lottery_season.id}/wishes",
        (401, 200, 200, 403, 403, 403, 403),
        "students, their own family's wishes",
    ),
    Call(
        "PUT",
        "/api/seasons/{lottery_season.id}/wishes",
        (401, 200, 404, 403, 403, 403, 403),
        "students, for someone of their own family",
        body={
            "children": [{"participantId": "{spare_child.id}", "choices": ["{lottery_class.id}"]}]
        },
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/seasons/{lottery_season.id}/friends",
        (401, 409, 409, 403, 403, 403, 403),
        "students whose family wished, asking another family by its code (the student's is "
        "asked already; the other student has no wishes)",
        body={"code": "{lottery_friend.code}", "childIds": ["{spare_child.id}"]},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/seasons/{lottery_season.id}/friends/{lottery_friends.id}/confirm",
        (401, 200, 409, 403, 403, 403, 403),
        "students, an invitation to their own family",
        body={"childIds": ["{spare_child.id}"]},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "DELETE",
        "/api/seasons/{lottery_season.id}/friends/{lottery_friends.id}",
        (401, 200, 409, 403, 403, 403, 403),
        "students, a pair their own family is in",
        limited_by=(FAMILY_WRITES,),
    ),
    # The opening-morning line: a family's place is its line token (or its account), never a
    # read of the database.
    Call("GET", "/api/waitingRoom", (200, 200, 200, 200, 200, 200, 200), "public: one's own place"),
    Call(
        "POST",
        "/api/waitingRoom",
        (200, 200, 200, 200, 200, 200, 200),
        "public: takes a place; a signed-in family holds one on every device; new places "
        "without signing in limited per address",
        limited_by=("WAITING_ROOM_JOINS_PER_MINUTE",),
    ),
    Call(
        "GET",
        "/api/waitingRoom/fullClasses?watching={full_class.id}",
        (200, 200, 200, 200, 200, 200, 200),
        "public: the classes one looked at that are full; a family's own selections beside them",
    ),
    Call("GET", "/api/waitingRoom/live", (401, 403, 403, 403, 403, 200, 403), "admins"),
    Call(
        "POST",
        "/api/waitingRoom/pause",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
        body={"paused": False},
    ),
    Call(
        "GET",
        "/api/instructors/{instructor.id}",
        (200, 200, 200, 200, 200, 200, 200),
        "an instructor's page: public",
    ),
    Call(
        "GET",
        "/api/instructors/{student.id}",
        (404, 404, 404, 404, 404, 404, 404),
        "anyone not an instructor has no page",
    ),
    Call("GET", "/api/health", (200, 200, 200, 200, 200, 200, 200), "public"),
    Call(
        "GET",
        "/api/pages/{page.slug}",
        (200, 200, 200, 200, 200, 200, 200),
        "the school's pages: public",
    ),
    Call(
        "GET",
        "/api/pages/not-a-page",
        (404, 404, 404, 404, 404, 404, 404),
        "no such page, for anyone",
    ),
    Call(
        "POST",
        "/api/contact",
        (201, 201, 201, 201, 201, 201, 201),
        "anyone may write to the school",
        body={"name": "Ada Lopez", "email": "ada@family.test", "message": "Is there parking?"},
        limited_by=("THROTTLE_CONTACT", "THROTTLE_CONTACT_ADDRESS"),
    ),
    Call("GET", "/api/schema", (200, 200, 200, 200, 200, 200, 200), "public"),
    Call("GET", "/api/docs", (200, 200, 200, 200, 200, 200, 200), "public"),
    # --- Sign-in: only a verified Firebase ID token counts, never an access token.
    Call(
        "POST",
        "/api/jwt",
        (200, 200, 200, 200, 200, 200, 200),
        "a verified ID token for the e-mail",
        body={"email": "{caller_email}", "idToken": "{id_token}"},
        sends=FIREBASE_ID_TOKEN,
        limited_by=("THROTTLE_SIGN_IN",),
    ),
    Call(
        "POST",
        "/api/jwt",
        (401, 401, 401, 401, 401, 401, 401),
        "no ID token: an access token is no way in",
        body={"email": "{caller_email}"},
        limited_by=("THROTTLE_SIGN_IN",),
    ),
    Call(
        "POST",
        "/api/sign-in-links",
        (202, 202, 202, 202, 202, 202, 202),
        "anyone: the same answer whether an account uses the address or not",
        body={"email": "{caller_email}"},
        limited_by=(
            "THROTTLE_SIGN_IN",
            "THROTTLE_SIGN_IN_LINKS",
            "SIGN_IN_LINKS_PER_EMAIL_PER_HOUR",
        ),
    ),
    Call(
        "POST",
        "/api/sign-in-links/redeem",
        (409, 409, 409, 409, 409, 409, 409),
        "only the ticket of an e-mailed link, once and before it expires",
        body={"ticket": "not-a-ticket", "email": "{caller_email}"},
        limited_by=("THROTTLE_SIGN_IN",),
    ),
    Call("POST", "/api/logout", (401, 200, 200, 200, 200, 200, 200), "the caller's own token"),
    # --- Accounts.
    Call("GET", "/api/users", (401, 403, 403, 403, 403, 200, 403), "admins"),
    Call(
        "POST",
        "/api/users",
        (401, 201, 403, 403, 403, 403, 403),
        "only one's own profile",
        body={"email": "{student.email}", "name": "Ada Student", "photo": ""},
    ),
    Call(
        "GET",
        "/api/users/admin/{student.email}",
        (401, 200, 403, 403, 403, 200, 403),
        "oneself, or admins",
    ),
    Call(
        "GET",
        "/api/users/instructor/{instructor.email}",
        (401, 403, 403, 200, 403, 200, 403),
        "oneself, or admins",
    ),
    Call("GET", "/api/profile", (401, 200, 200, 200, 200, 200, 200), "one's own, signed in"),
    Call(
        "PATCH",
        "/api/profile",
        (401, 403, 403, 200, 200, 403, 403),
        "instructors, their own bio",
        body={"bio": "Potter for twenty years."},
    ),
    Call(
        "PATCH",
        "/api/profile",
        (401, 200, 200, 200, 200, 200, 200),
        "one's own name and photo, signed in",
        body={"name": "Ada Lovelace", "photo": "/media/classes/ada.jpg"},
    ),
    Call("PATCH", "/api/users/admin/{student.id}", (401, 403, 403, 403, 403, 200, 403), "admins"),
    Call(
        "PATCH", "/api/users/instructor/{student.id}", (401, 403, 403, 403, 403, 200, 403), "admins"
    ),
    Call(
        "PUT",
        "/api/users/{student.id}/role",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
        body={"role": "instructor"},
    ),
    # --- Classes.
    Call(
        "POST", "/api/classes", (401, 403, 403, 201, 201, 403, 403), "instructors", body=CLASS_BODY
    ),
    Call(
        "PUT",
        "/api/classes/{pending_class.id}",
        (401, 403, 403, 200, 403, 200, 403),
        "the class's own instructor, and admins (who may move its meetings at short notice)",
        body=CLASS_BODY,
    ),
    Call(
        "PATCH",
        "/api/classes/approved/{pending_class.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    Call(
        "PATCH",
        "/api/classes/denied/{pending_class.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    Call(
        "PATCH",
        "/api/classes/feedback/{pending_class.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
        body={"feedback": "A photo of a finished piece, please."},
    ),
    Call(
        "POST",
        "/api/classes/{pending_class.id}/withdraw",
        (401, 403, 403, 200, 403, 403, 403),
        "the class's instructor, while it waits for review",
    ),
    Call(
        "GET",
        "/api/myClasses/{instructor.email}",
        (401, 403, 403, 200, 403, 200, 403),
        "that instructor, or admins",
    ),
    Call(
        "GET",
        "/api/myClass/{pending_class.id}",
        (401, 403, 403, 200, 403, 200, 403),
        "the class's instructor, or admins",
    ),
    Call(
        "GET",
        "/api/classes/{open_class.id}",
        (200, 200, 200, 200, 200, 200, 200),
        "an approved class: public",
    ),
    Call(
        "GET",
        "/api/classes/{pending_class.id}",
        (404, 404, 404, 200, 404, 200, 404),
        "a class under review: its instructor, or admins; as good as absent to anyone else",
    ),
    Call(
        "GET",
        "/api/classes/{open_class.id}/calendar.ics",
        (200, 200, 200, 200, 200, 200, 200),
        "an approved class: public",
    ),
    Call(
        "GET",
        "/api/classes/{pending_class.id}/calendar.ics",
        (404, 404, 404, 200, 404, 200, 404),
        "a class under review: its instructor, or admins; as good as absent to anyone else",
    ),
    Call(
        "POST",
        "/api/images",
        (401, 200, 200, 200, 200, 200, 200),
        "anyone signed in: class banners and profile photos",
        sends=IMAGE_UPLOAD,
        limited_by=("THROTTLE_UPLOADS",),
    ),
    # --- Families: one's own participants; a child's details go nowhere else.
    Call("GET", "/api/participants", (401, 200, 200, 200, 200, 200, 200), "one's own family"),
    Call(
        "POST",
        "/api/participants",
        (401, 201, 201, 201, 201, 201, 201),
        "to one's own family",
        body=CHILD_BODY,
        limited_by=(FAMILY_WRITES, "FAMILY_MAX_PARTICIPANTS"),
    ),
    Call(
        "GET",
        "/api/participants/{child.id}",
        (401, 200, 404, 404, 404, 404, 404),
        "only one's own family; anyone else's is as good as absent",
    ),
    Call(
        "PUT",
        "/api/participants/{child.id}",
        (401, 200, 404, 404, 404, 404, 404),
        "only one's own family; anyone else's is as good as absent",
        body=CHILD_BODY,
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "DELETE",
        "/api/participants/{spare_child.id}",
        (401, 200, 404, 404, 404, 404, 404),
        "only one's own family; anyone else's is as good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "GET",
        "/api/classes/{open_class.id}/roster",
        (401, 403, 403, 200, 403, 200, 200),
        "the class's instructor, the office (reading), or admins: children's details go nowhere "
        "else",
    ),
    Call(
        "GET",
        "/api/classes/{open_class.id}/roster.csv",
        (401, 403, 403, 200, 403, 200, 200),
        "the class's instructor, the office (reading), or admins: children's details go nowhere "
        "else",
    ),
    Call(
        "GET",
        "/api/classes/{open_class.id}/roster.xlsx",
        (401, 403, 403, 200, 403, 200, 200),
        "the class's instructor, the office (reading), or admins: children's details go nowhere "
        "else",
    ),
    Call(
        "GET",
        "/api/classes/{weekly_class.id}/units/{week.id}/roster",
        (401, 403, 403, 200, 403, 200, 200),
        "the class's instructor, the office (reading), or admins: children's details go nowhere "
        "else",
    ),
    # --- The front desk: the office and admins register families by phone or in person.
    Call(
        "GET",
        "/api/frontDesk/families?q={student.name}",
        (401, 403, 403, 403, 403, 200, 200),
        "the office and admins",
    ),
    Call(
        "POST",
        "/api/frontDesk/families",
        (401, 403, 403, 403, 403, 201, 201),
        "the office and admins (a new family's account, made in the Firebase emulator)",
        body={"email": "walk.in@family.test", "name": "Walk In", "phone": "415 555 0188"},
    ),
    Call(
        "POST",
        "/api/frontDesk/families/{student.id}/participants",
        (401, 403, 403, 403, 403, 201, 201),
        "the office and admins, for any family",
        body={**CHILD_BODY, "care": CARE_BODY},
    ),
    Call(
        "PUT",
        "/api/frontDesk/participants/{child.id}/care",
        (401, 403, 403, 403, 403, 200, 200),
        "the office and admins, a record taken by phone for the family to confirm",
        body=CARE_BODY,
    ),
    # --- A class's messages to its families (the student's child holds a seat in the class).
    Call(
        "GET",
        "/api/classes/{open_class.id}/messages",
        (401, 200, 404, 200, 404, 200, 404),
        "the class's instructor and admins, all; its families, those that reached them; as good "
        "as absent to anyone else",
    ),
    Call(
        "POST",
        "/api/classes/{open_class.id}/messages",
        (401, 403, 403, 201, 404, 201, 403),
        "the class's instructor, or admins; another instructor's class is as good as absent",
        body=CLASS_MESSAGE_BODY,
        limited_by=("CLASS_MESSAGES_PER_DAY",),
    ),
    # --- Care records: the family; an instructor of the child's class, in part; admins. Every
    # staff read is logged for the family.
    Call(
        "GET",
        "/api/participants/{child.id}/care",
        (401, 200, 404, 200, 404, 200, 404),
        "the family; the instructor of a class the child holds a seat in (no conditions, diet "
        "or doctor); admins",
    ),
    Call(
        "PUT",
        "/api/participants/{child.id}/care",
        (401, 200, 404, 404, 404, 404, 404),
        "the family only",
        body=CARE_BODY,
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "PATCH",
        "/api/participants/{child.id}/care",
        (401, 200, 404, 404, 404, 404, 404),
        "the family only, one section of the record",
        body={"photoConsent": True},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/participants/{child.id}/care/confirmation",
        (401, 200, 404, 404, 404, 404, 404),
        "the family only",
    ),
    Call(
        "GET",
        "/api/participants/{child.id}/care/history",
        (401, 200, 404, 404, 404, 200, 404),
        "the family and admins",
    ),
    Call(
        "GET",
        "/api/participants/{child.id}/care/access-log",
        (401, 200, 404, 404, 404, 200, 404),
        "the family and admins",
    ),
    # A child's documents: the family and admins; the child's instructor the action plans only
    # (logged); never the office.
    Call(
        "GET",
        "/api/participants/{child.id}/documents",
        (401, 200, 404, 200, 404, 200, 403),
        "the family and admins every document; the instructor of a class the child holds a seat "
        "in, the action plans only; never the office",
    ),
    Call(
        "POST",
        "/api/participants/{child.id}/documents",
        (401, 201, 404, 403, 403, 201, 403),
        "the family, for its own child, and admins",
        sends=DOCUMENT_UPLOAD,
        limited_by=("THROTTLE_UPLOADS", "CARE_DOCUMENT_MAX_BYTES"),
    ),
    Call(
        "GET",
        "/api/documents/{action_plan.id}",
        (401, 200, 404, 200, 404, 200, 403),
        "an action plan: the family, the child's instructor and admins",
    ),
    Call(
        "GET",
        "/api/documents/{immunisation.id}",
        (401, 200, 404, 404, 404, 200, 403),
        "any other document: the family and admins only",
    ),
    Call(
        "GET",
        "/api/care/missing",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    Call(
        "POST",
        "/api/care/reminders",
        (401, 403, 403, 403, 403, 404, 403),
        "admins (the family here has nothing missing: 404)",
        body={"accountId": "{student.id}"},
    ),
    # --- Attendance on the days of camp: a meeting of the open class today, where the student's
    # child holds a seat; an instructor takes their own classes' attendance on the meeting's day.
    Call(
        "GET",
        "/api/meetings/{meeting.id}/attendance",
        (401, 403, 403, 200, 404, 200, 403),
        "the class's instructor, or admins; another instructor's meeting is as good as absent",
    ),
    Call(
        "POST",
        "/api/meetings/{meeting.id}/attendance",
        (401, 403, 403, 201, 404, 201, 403),
        "the class's instructor on the meeting's day, or admins at any time; another "
        "instructor's meeting is as good as absent",
        body={
            "clientId": "matrix-check-in-0001",
            "participantId": "{child.id}",
            "action": "check_in",
            "at": "{now}",
        },
        limited_by=("ATTENDANCE_OPENS_MINUTES_BEFORE",),
    ),
    Call(
        "POST",
        "/api/meetings/{before_care.id}/handOver",
        (401, 403, 403, 201, 404, 201, 403),
        "the instructor or care leader of the meeting the child leaves, on its day, or admins; "
        "another instructor's meeting is as good as absent",
        body={
            "clientId": "matrix-hand-over-0001",
            "participantId": "{child.id}",
            "toMeetingId": "{meeting.id}",
            "at": "{now}",
        },
        limited_by=("ATTENDANCE_OPENS_MINUTES_BEFORE",),
    ),
    Call(
        "GET",
        "/api/attendance/today",
        (401, 403, 403, 200, 200, 200, 403),
        "instructors, their own classes meeting today; admins, every class's",
    ),
    # --- The medication log: the student's child takes an inhaler at camp (their care record);
    # the class's instructor and admins record each dose at the meeting of the open class today.
    # Every staff read is logged for the family.
    Call(
        "GET",
        "/api/meetings/{meeting.id}/medications",
        (401, 403, 403, 200, 404, 200, 403),
        "the class's instructor, or admins; another instructor's meeting is as good as absent",
    ),
    Call(
        "POST",
        "/api/medications/administrations",
        (401, 403, 403, 201, 404, 201, 403),
        "the class's instructor, or admins; another instructor's meeting is as good as absent",
        body={
            "clientId": "matrix-dose-0001",
            "participantId": "{child.id}",
            "meetingId": "{meeting.id}",
            "medication": "Inhaler",
            "outcome": "given",
            "at": "{now}",
        },
    ),
    Call(
        "GET",
        "/api/participants/{child.id}/medications",
        (401, 200, 404, 403, 403, 200, 403),
        "the family and admins; another family's child is as good as absent",
    ),
    # --- Attendance, the school's view: children's details, admins and the office, who read it (an
    # instructor takes their own meetings' attendance on the meeting's roster).
    Call(
        "GET",
        "/api/attendance?classId={open_class.id}",
        (401, 403, 403, 403, 403, 200, 200),
        "admins and the office, reading",
    ),
    Call(
        "GET",
        "/api/attendance/still-here",
        (401, 403, 403, 403, 403, 200, 200),
        "admins and the office, reading",
    ),
    Call(
        "GET",
        "/api/attendance.csv?classId={open_class.id}",
        (401, 403, 403, 403, 403, 200, 200),
        "admins and the office, reading",
    ),
    # --- Incident reports: an open one about the student's child at the open class's meeting
    # today. The family reads its own view; the class's instructor and admins the school's.
    Call(
        "POST",
        "/api/incidents",
        (401, 403, 403, 201, 404, 201, 403),
        "the meeting's class's instructor, or admins; another instructor's meeting is as good "
        "as absent",
        body={
            "clientId": "matrix-incident-0001",
            "meetingId": "{meeting.id}",
            "participantIds": ["{child.id}"],
            "at": "{now}",
            "kind": "illness",
            "description": "Felt dizzy in the sun.",
        },
    ),
    Call("GET", "/api/incidents?open=true", (401, 403, 403, 403, 403, 200, 403), "admins"),
    Call(
        "GET",
        "/api/incidents/{incident.id}",
        (401, 200, 404, 200, 404, 200, 403),
        "the family of a child in it (its own view), the class's instructor and admins; "
        "anyone else's is as good as absent",
    ),
    Call(
        "PATCH",
        "/api/incidents/{incident.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins, while it is open",
        body={"followUp": "Called home."},
    ),
    Call(
        "GET",
        "/api/incidents/{incident.id}.pdf",
        (401, 200, 404, 200, 404, 200, 403),
        "as the report: the family's view for the family",
    ),
    Call(
        "POST",
        "/api/incidents/{incident.id}/closing",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    Call(
        "POST",
        "/api/incidents/{incident.id}/addenda",
        (401, 403, 403, 201, 404, 201, 403),
        "the class's instructor, or admins; another instructor's report is as good as absent",
        body={"text": "Went home early.", "internal": True},
    ),
    Call(
        "GET",
        "/api/participants/{child.id}/incidents",
        (401, 200, 404, 200, 404, 200, 403),
        "the family; admins; an instructor of the child, the reports at their own classes",
    ),
    # --- Children's artwork: a piece of the open class, with the child tagged, not approved for
    # the public gallery. Its pictures open with the key handed out with it, to whoever has it.
    Call(
        "POST",
        "/api/classes/{open_class.id}/artworks",
        (401, 403, 403, 201, 404, 201, 403),
        "the class's instructor, or admins; another instructor's class is as good as absent",
        body={"clientId": "matrix-artwork-0001", "participantIds": "{child.id}", "title": "Pot"},
        sends=PHOTOGRAPH_UPLOAD,
        limited_by=("ARTWORK_MAX_BYTES", "ARTWORK_DAILY_COUNT", "ARTWORK_DAILY_BYTES"),
    ),
    Call(
        "GET",
        "/api/classes/{open_class.id}/artworks",
        (401, 403, 403, 200, 404, 200, 403),
        "the class's instructor, or admins; another instructor's class is as good as absent",
    ),
    Call(
        "PATCH",
        "/api/artworks/{artwork.id}",
        (401, 403, 403, 200, 404, 200, 403),
        "its class's instructor, or admins; another instructor's piece is as good as absent",
        body={"title": "Coil pot", "stage": "ready", "participantIds": ["{child.id}"]},
    ),
    Call(
        "GET",
        "/api/artworks/{artwork.id}/images/{artwork_files.copy}?key={artwork_files.key}",
        (200, 200, 200, 200, 200, 200, 200),
        "whoever holds the key handed out with the piece (an <img> sends no access token)",
    ),
    Call(
        "GET",
        "/api/artworks/{artwork.id}/images/{artwork_files.original}",
        (404, 404, 404, 404, 404, 404, 404),
        "no key, and not in the public gallery: as good as absent to anyone",
    ),
    # A child's pieces: the family keeps them or lets them go; the instructor of the child and
    # admins read them too.
    Call(
        "GET",
        "/api/participants/{child.id}/artworks",
        (401, 200, 404, 200, 404, 200, 403),
        "the family; admins; an instructor of the child, the pieces of their own classes",
    ),
    Call(
        "DELETE",
        "/api/participants/{child.id}/artworks/{artwork.id}",
        (401, 200, 404, 403, 403, 200, 403),
        "the family, and admins: the child taken off the piece; another family's child is as "
        "good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "GET",
        "/api/participants/{child.id}/portfolio.pdf",
        (401, 200, 404, 403, 403, 200, 403),
        "the family, and admins; another family's child is as good as absent",
    ),
    # The public gallery, and the admins' approval of a piece for it.
    Call(
        "GET",
        "/api/gallery?classId={open_class.id}",
        (200, 200, 200, 200, 200, 200, 200),
        "public: approved pieces whose every child has photo consent, first names only",
    ),
    Call("GET", "/api/artworks?approved=false", (401, 403, 403, 403, 403, 200, 403), "admins"),
    Call(
        "POST",
        "/api/artworks/{artwork.id}/approval",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
        body={"approved": True},
    ),
    Call("GET", "/api/policies", (200, 200, 200, 200, 200, 200, 200), "public texts"),
    Call(
        "POST",
        "/api/policies/{waiver.id}/acceptances",
        (401, 200, 404, 403, 403, 403, 403),
        "a parent, for their own family (accepted already here: 200)",
        body={"participantId": "{child.id}", "signedName": "{student.name}"},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/policies/acceptances",
        (401, 200, 404, 403, 403, 403, 403),
        "a parent, for their own family, several policies at once (accepted already here: 200; "
        "another family's child: 404)",
        body={
            "acceptances": [{"policyId": "{waiver.id}", "participantId": "{child.id}"}],
            "signedName": "{student.name}",
        },
        limited_by=(FAMILY_WRITES,),
    ),
    Call("GET", "/api/account/export", (401, 200, 200, 200, 200, 200, 200), "one's own data only"),
    # --- The school's season report.
    Call(
        "GET",
        "/api/reports/season?season={season.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    Call(
        "GET",
        "/api/reports/{report.table}.csv?season={season.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    Call(
        "GET",
        "/api/reports/{report.table}.xlsx?season={season.id}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    # --- The school's books: the journal's exports and Stripe's payouts.
    *(
        Call(
            "GET",
            f"/api/reports/journal.{extension}?from={{meeting.day}}&to={{meeting.day}}",
            (401, 403, 403, 403, 403, 200, 403),
            "admins",
        )
        for extension in ("csv", "xlsx", "iif", "qbo.csv", "xero.csv")
    ),
    Call(
        "GET",
        "/api/reports/payouts?from={meeting.day}&to={meeting.day}",
        (401, 403, 403, 403, 403, 200, 403),
        "admins",
    ),
    # --- Selections.
    Call(
        "GET",
        "/api/selectClass?email={student.email}",
        (401, 200, 403, 403, 403, 403, 403),
        "only one's own",
    ),
    Call(
        "POST",
        "/api/selectClass",
        (401, 201, 201, 403, 403, 403, 403),
        "students",
        body={"classId": "{open_class.id}"},
        limited_by=("THROTTLE_SELECTIONS",),
    ),
    Call(
        "POST",
        "/api/selectClass",
        (401, 201, 404, 403, 403, 403, 403),
        "students, for someone of their own family",
        body={"classId": "{open_class.id}", "participantId": "{spare_child.id}"},
        limited_by=("THROTTLE_SELECTIONS",),
    ),
    Call(
        "GET",
        "/api/eligibility?classIds={open_class.id}",
        (401, 200, 200, 403, 403, 403, 403),
        "students, for their own family",
    ),
    Call(
        "DELETE",
        "/api/selectClass/{selection.id}",
        (401, 200, 404, 404, 404, 404, 404),
        "only one's own; anyone else's is as good as absent",
    ),
    # --- Seats held while paying, and the waitlist.
    Call(
        "POST",
        "/api/holds/{selection.id}/extend",
        (401, 200, 404, 403, 403, 403, 403),
        "students, for their own selection's hold; anyone else's is as good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "GET", "/api/waitlist", (401, 200, 200, 403, 403, 403, 403), "students, their own family's"
    ),
    Call(
        "POST",
        "/api/waitlist",
        (401, 201, 201, 403, 403, 403, 403),
        "students",
        body={"classId": "{full_class.id}"},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/waitlist",
        (401, 201, 404, 403, 403, 403, 403),
        "students, for someone of their own family",
        body={"classId": "{full_class.id}", "participantId": "{spare_child.id}"},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/waitlist/{offer.id}/accept",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own offer; anyone else's is as good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/waitlist/{offer.id}/decline",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own offer; anyone else's is as good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "DELETE",
        "/api/waitlist/{waiting.id}",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own entry; anyone else's is as good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "GET",
        "/api/classes/{full_class.id}/waitlist",
        (401, 403, 403, 200, 403, 200, 403),
        "the class's instructor, or admins",
    ),
    # --- Payments.
    Call(
        "POST",
        "/api/createPaymentIntent",
        (401, 200, 404, 403, 403, 403, 403),
        "students, for their own selection",
        body={"payId": "{selection.id}"},
        limited_by=("THROTTLE_PAYMENTS", FAMILY_WRITES, *HOLD_LIMITS),
    ),
    Call(
        "POST",
        "/api/payments",
        (401, 201, 404, 403, 403, 403, 403),
        "students, for their own selection (a free class: no card)",
        body={"payId": "{free_selection.id}"},
        limited_by=("THROTTLE_PAYMENTS",),
    ),
    Call(
        "GET",
        "/api/unsubscribe/{mailbox.token}",
        (200, 200, 200, 200, 200, 200, 200),
        "anyone with the link, which only its address was sent",
    ),
    Call(
        "POST",
        "/api/unsubscribe/{mailbox.token}",
        (200, 200, 200, 200, 200, 200, 200),
        "anyone with the link (a mail program's one click): announcements off, nothing else",
        limited_by=("THROTTLE_UNSUBSCRIBE",),
    ),
    Call(
        "GET",
        "/api/profile/mail",
        (401, 200, 200, 200, 200, 200, 200),
        "anyone signed in: their own address's settings",
    ),
    Call(
        "PATCH",
        "/api/profile/mail",
        (401, 200, 200, 200, 200, 200, 200),
        "anyone signed in: their own address's settings",
        body={"announcements": False},
    ),
    Call("GET", "/api/cart", (401, 200, 200, 403, 403, 403, 403), "students, their own family's"),
    Call("GET", "/api/todo", (401, 200, 200, 403, 403, 403, 403), "students, their own family's"),
    Call(
        "POST",
        "/api/checkouts",
        (401, 201, 400, 403, 403, 403, 403),
        "students, for people of their own family (another family's child is no such person)",
        body={"items": [{"classId": "{checkout_class.id}", "participantId": "{spare_child.id}"}]},
        limited_by=("THROTTLE_PAYMENTS", FAMILY_WRITES, *HOLD_LIMITS),
    ),
    Call(
        "POST",
        "/api/checkouts/quote",
        (401, 200, 400, 403, 403, 403, 403),
        "students, for people of their own family (another family's child is no such person)",
        body={"items": [{"classId": "{checkout_class.id}", "participantId": "{spare_child.id}"}]},
    ),
    Call(
        "GET",
        "/api/checkouts/{checkout.id}",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own; anyone else's is as good as absent",
    ),
    Call(
        "PATCH",
        "/api/checkouts/{checkout.id}/lines/{checkout_line.id}",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own; anyone else's is as good as absent",
        body={"planId": None},
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "DELETE",
        "/api/checkouts/{checkout.id}/lines/{checkout_line.id}",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own; anyone else's is as good as absent",
        limited_by=(FAMILY_WRITES,),
    ),
    Call(
        "POST",
        "/api/checkouts/{checkout.id}/payment",
        (401, 201, 404, 403, 403, 403, 403),
        "only one's own (here nothing is due: no card)",
        body={"total": 0},
        limited_by=("THROTTLE_PAYMENTS",),
    ),
    Call(
        "GET",
        "/api/payments/attempts/{attempt.id}",
        (401, 200, 404, 403, 403, 403, 403),
        "only one's own; anyone else's is as good as absent",
    ),
    Call(
        "GET",
        "/api/payments/{student.email}",
        (401, 200, 403, 403, 403, 403, 403),
        "only one's own",
    ),
    Call(
        "GET",
        "/api/payments/{cancellable.id}/receipt",
        (401, 200, 404, 404, 404, 200, 404),
        "the account that paid it, or admins; anyone else's is as good as absent",
    ),
    Call(
        "GET",
        "/api/checkouts/{paid_checkout.id}/receipt",
        (401, 200, 404, 404, 404, 200, 404),
        "the family that paid it, or admins; anyone else's is as good as absent",
    ),
    Call(
        "GET",
        "/api/enrolledStudent/{student.email}",
        (401, 200, 403, 403, 403, 403, 403),
        "only one's own",
    ),
    # --- A family's cancellation, and the refund policy it follows.
    Call("GET", "/api/refundPolicy", (200, 200, 200, 200, 200, 200, 200), "public"),
    Call(
        "GET",
        "/api/enrolments/{cancellable.enrolment_id}/cancellation",
        (401, 200, 404, 403, 403, 403, 403),
        "the family that paid for it; anyone else's is as good as absent",
    ),
    Call(
        "POST",
        "/api/enrolments/{cancellable.enrolment_id}/cancellation",
        (401, 200, 404, 403, 403, 403, 403),
        "the family that paid for it; anyone else's is as good as absent",
        limited_by=("THROTTLE_PAYMENTS", FAMILY_WRITES),
    ),
    Call(
        "GET",
        "/api/enrolments/99999999999999999999/cancellation",
        (401, 404, 404, 403, 403, 403, 403),
        "an id past the database's range names no enrolment",
    ),
    Call(
        "POST",
        "/api/enrolments/99999999999999999999/cancellation",
        (401, 404, 404, 403, 403, 403, 403),
        "an id past the database's range names no enrolment",
        limited_by=("THROTTLE_PAYMENTS", FAMILY_WRITES),
    ),
    # --- A family's answers to the school's questions for a seat.
    Call(
        "GET",
        "/api/enrolments/{cancellable.enrolment_id}/answers",
        (401, 200, 404, 403, 403, 403, 403),
        "the family whose seat it is; anyone else's is as good as absent",
    ),
    Call(
        "PUT",
        "/api/enrolments/{cancellable.enrolment_id}/answers",
        (401, 200, 404, 403, 403, 403, 403),
        "the family whose seat it is, until the class's first day; anyone else's is as good as "
        "absent",
        body={"answers": {}},
        limited_by=(FAMILY_WRITES,),
    ),
    # --- A family's balance on a seat paid by a plan (here paid in full: nothing is due).
    Call(
        "GET",
        "/api/enrolments/{cancellable.enrolment_id}/balance",
        (401, 200, 404, 403, 403, 403, 403),
        "the family that paid for it; anyone else's is as good as absent",
    ),
    Call(
        "POST",
        "/api/enrolments/{cancellable.enrolment_id}/balance/payment",
        (401, 409, 404, 403, 403, 403, 403),
        "the family that paid for it (409: nothing is due); anyone else's is as good as absent",
        body={"scope": "all", "amount": 0},
        limited_by=("THROTTLE_PAYMENTS",),
    ),
    # --- A family moves an enrolment to another class (here a free one: nothing is paid).
    Call(
        "GET",
        "/api/enrolments/{cancellable.enrolment_id}/transfer?classId={checkout_line.camp_class_id}",
        (401, 200, 404, 403, 403, 403, 403),
        "the family that paid for it; anyone else's is as good as absent",
    ),
    Call(
        "POST",
        "/api/enrolments/{cancellable.enrolment_id}/transfer",
        (401, 201, 404, 403, 403, 403, 403),
        "the family that paid for it; anyone else's is as good as absent",
        body={"classId": "{checkout_line.camp_class_id}", "settleWith": "credit", "total": 0},
        limited_by=("THROTTLE_PAYMENTS", FAMILY_WRITES),
    ),
    # --- The front desk: the office and admins; its log, admins and each family its own.
    Call(
        "GET",
        "/api/frontDesk/log",
        (401, 200, 200, 403, 403, 200, 403),
        "admins all of it; a family only its own entries",
    ),
    Call("GET", "/api/frontDesk/day", (401, 403, 403, 403, 403, 200, 200), "the office and admins"),
    Call(
        "POST",
        "/api/frontDesk/day",
        (401, 403, 403, 403, 403, 201, 201),
        "the office and admins",
        body={"date": "{today.iso}", "countedCash": "0.00", "countedCheques": "0.00"},
    ),
    Call(
        "POST",
        "/api/frontDesk/checkouts",
        (401, 403, 403, 403, 403, 201, 201),
        "the office and admins, for a family",
        body={
            "familyId": "{student.id}",
            "items": [{"classId": "{checkout_class.id}", "participantId": "{spare_child.id}"}],
        },
        # The family's holds count as theirs; the wait after holds ran out online does not.
        limited_by=("THROTTLE_PAYMENTS", "HOLDS_PER_FAMILY_PER_CLASS", "HOLDS_PER_FAMILY"),
    ),
    Call(
        "GET",
        "/api/frontDesk/checkouts/{desk_checkout.id}",
        (401, 403, 403, 403, 403, 200, 200),
        "the office and admins",
    ),
    Call(
        "POST",
        "/api/frontDesk/checkouts/{desk_checkout.id}/payment",
        (401, 403, 403, 403, 403, 201, 201),
        "the office and admins (here nothing is due: taken as cash)",
        body={"method": "cash", "total": 0},
        limited_by=("THROTTLE_PAYMENTS",),
    ),
    # --- Calendar feeds.
    Call("GET", "/api/calendarFeed", (401, 200, 200, 200, 200, 200, 200), "one's own, signed in"),
    Call(
        "POST",
        "/api/calendarFeed/reset",
        (401, 200, 200, 200, 200, 200, 200),
        "one's own, signed in",
    ),
    Call(
        "GET",
        "/api/calendar/{student.calendar_token}.ics",
        (200, 200, 200, 200, 200, 200, 200),
        "the token in the address is the key; an access token changes nothing",
    ),
    Call(
        "GET",
        "/api/calendar/not-anyones-token.ics",
        (404, 404, 404, 404, 404, 404, 404),
        "an unknown token: as good as absent",
    ),
    Call(
        "POST",
        "/api/stripe/webhook",
        (200, 200, 200, 200, 200, 200, 200),
        "Stripe's signature, whoever sends it",
        sends=SIGNED_STRIPE_EVENT,
    ),
    Call(
        "POST",
        "/api/stripe/webhook",
        (400, 400, 400, 400, 400, 400, 400),
        "no signature: refused, access token or not",
        body={"type": "payment_intent.succeeded"},
    ),
)


def markdown_table() -> str:
    """MATRIX as a Markdown table, for docs/security.md."""
    header = ["Method", "Path", *CALLERS, "Who"]
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
    ]
    for call in MATRIX:
        how = "" if call.sends == JSON else f" ({call.sends})"
        limits = f"; limited by {', '.join(f'`{name}`' for name in call.limited_by)}"
        why = call.why + how + (limits if call.limited_by else "")
        cells = [call.method, f"`{call.path}`", *map(str, call.expected), why]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


SECURITY_DOC = Path(__file__).resolve().parent.parent / "docs" / "security.md"
START = "<!-- authorization-matrix:start (python -m testing.authorization_matrix --write) -->\n"
END = "<!-- authorization-matrix:end -->"


def write_into_security_doc(doc: Path = SECURITY_DOC) -> None:
    """Replace the table between the markers of docs/security.md."""
    text = doc.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{doc} has no authorization matrix markers.")
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    doc.write_text(before + START + markdown_table() + END + after, encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write_into_security_doc()
        print(f"Wrote the authorization matrix into {SECURITY_DOC}.")
    elif sys.argv[1:] == ["--markdown"]:
        print(markdown_table(), end="")
    else:
        raise SystemExit("usage: python -m testing.authorization_matrix --markdown | --write")
