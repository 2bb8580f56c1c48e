"""One realistic context for every kind of message the apps send, for looking at them all
(`make screenshots` draws each at a phone's width, light and dark) and for checking that a new
kind comes with one (notifications/tests/test_mail_samples.py)."""

from datetime import datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from care.models import DocumentKind
from care.services import missing_in_words
from class_messages.services import body_html
from classes.changes import changes_in_words
from payments.refund_policy import RefundTerms, RefundTier

_ZONE = ZoneInfo(settings.SCHOOL_TIMEZONE)
_FIRST = datetime(2027, 7, 5, 9, 0, tzinfo=_ZONE)


def _meeting(days: int) -> SimpleNamespace:
    start = _FIRST + timedelta(days=days)
    return SimpleNamespace(start=start, end=start + timedelta(hours=3))


CLASS = {
    "class_id": 7,
    "class_name": "Wheel-Thrown Pottery",
    "class_url": "http://localhost:8000/classes/7",
    "instructor_name": "Maya Lindqvist",
    "location": "Clay Studio, 12 Kiln Lane, Sonoma, CA",
    "what_to_bring": "An apron, a towel and a packed lunch",
    "days": "Mondays and Wednesdays",
    "first_meeting": _meeting(0),
    "last_meeting": _meeting(9),
    "meeting_count": 4,
}
FAMILY = {
    "name": "Ana Silva",
    "participant_name": "Mia Silva",
    "for_child": True,
}
_LOTTERY = {
    "name": "Ana Silva",
    "season_name": "Summer 2027",
    "season_id": 4,
    "code": "7F3A90C2",
}
PRICE_LINES = [
    {"label": gettext_lazy("List price"), "amount": "$300.00"},
    {"label": "Sibling discount", "amount": "\u2212$30.00"},
    {"label": "Code WELCOME10", "amount": "\u2212$27.00"},
]


def _said(words) -> str:
    """Words of ours the apps build in Python, said in the language of whoever reads them, as
    the apps' own are."""
    return lazy(words, str)()


# The school's default refund terms.
TERMS = RefundTerms()
# Its terms in one sentence, in the reader's language.
POLICY = _said(lambda: TERMS.text)
# What an instructor writes to a class's families: paragraphs, and a link that ends a sentence.
CLASS_MESSAGE = (
    "Hello families,\n\nWe fire the pots on Thursday: bring an apron and a towel.\n"
    "The kiln's schedule is at https://camp.test/kiln.\n\nSee you there!"
)
PAYMENT = {
    **CLASS,
    **FAMILY,
    "amount": "$243.00",
    "transaction_id": "pi_3QYt8c2eZvKYlo2C0x9Jd1Qm:12",
    "paid_at": _FIRST - timedelta(days=40),
    "free": False,
    "price_lines": PRICE_LINES,
    "refund_policy": POLICY,
}

INCIDENT = {
    "name": FAMILY["name"],
    "children": FAMILY["participant_name"],
    "class_name": CLASS["class_name"],
    "at": _FIRST + timedelta(minutes=70),
    "location": "The courtyard",
    "kind": "Injury",
    "body_area": "Left hand",
    "description": "Mia cut her finger on a trimming tool while cleaning her pot.",
    "first_aid": "Washed with water, a plaster put on.",
    "told": "Her mother, by phone",
    "parent_told_at": _FIRST + timedelta(minutes=85),
    "follow_up": "Check the plaster at pick-up.",
    "reported_by": CLASS["instructor_name"],
    "addendum": "",
    "addendum_by": "",
    "report_url": "http://localhost:8000/dashboard/family/12/care#incident-3",
    "school_phone": "+1 707 555 0100",
}


def _picture(location: str, hours: dict[int, tuple[int, int]]) -> dict:
    """A class as `classes.changes.class_picture` keeps it: its location and its meetings, by
    days after the first and the hours they run."""

    def meeting(days: int, start: int, end: int) -> list[str]:
        day = _FIRST + timedelta(days=days)
        return [day.replace(hour=start).isoformat(), day.replace(hour=end).isoformat()]

    return {
        "location": location,
        "instructor": CLASS["instructor_name"],
        "meetings": {
            (_FIRST + timedelta(days=days)).date().isoformat(): meeting(days, *times)
            for days, times in hours.items()
        },
    }


SAMPLES: dict[str, dict] = {
    "welcome": {"name": "Ana Silva"},
    "role_changed": {"name": "Maya Lindqvist", "role": "instructor"},
    "sign_in_link": {"link": "https://camp.example/login/link?ticket=sample", "minutes": 30},
    "desk_family_registered": {
        "name": "Ana Silva",
        "link": "https://camp.example/__/auth/action?mode=resetPassword&oobCode=sample",
    },
    "class_approved": {"name": "Maya Lindqvist", "class_name": "Wheel-Thrown Pottery"},
    "class_denied": {
        "name": "Maya Lindqvist",
        "class_name": "Wheel-Thrown Pottery",
        "feedback": "Please add the ages the class is for, and a photo of a finished piece.",
    },
    "review_digest": {
        "name": "Rosa Admin",
        "classes": [
            SimpleNamespace(
                name="Wheel-Thrown Pottery",
                instructor_name="Maya Lindqvist",
                created_at=_FIRST - timedelta(days=60),
            ),
            SimpleNamespace(
                name="Loom Weaving",
                instructor_name="Joshua Tapia",
                created_at=_FIRST - timedelta(days=59),
            ),
        ],
    },
    "schedule_changed": {
        **CLASS,
        "name": "Ana Silva",
        "changes": changes_in_words(
            _picture("Clay Studio", {0: (9, 12), 2: (9, 12)}),
            _picture("Clay Studio 2, 12 Kiln Lane, Sonoma, CA", {0: (10, 13)}),
        ),
        "full_refund_until": _FIRST - timedelta(days=20),
    },
    "desk_pay_later_link": {
        "name": "Ana Silva",
        "checkout_id": 1234,
        "lines": [
            {
                "class_name": "Wheel-Thrown Pottery",
                "participant_name": "Mia Silva",
                "price": "$270.00",
            }
        ],
        "total": "$270.00",
        "held_until": _FIRST - timedelta(days=30),
    },
    "care_reminder": {
        "name": "Ana Silva",
        "first_class": "Wheel-Thrown Pottery",
        "children": [
            {
                "name": "Mia Silva",
                "missing": [
                    missing_in_words("emergencyContacts"),
                    missing_in_words("policy:liability-waiver"),
                ],
            }
        ],
    },
    "care_document_reminder": {
        "name": "Ana Silva",
        "child": "Mia Silva",
        "document": DocumentKind.ACTION_PLAN.label,
        "file_name": "mia-action-plan.pdf",
        "expires_on": (_FIRST + timedelta(days=7)).date(),
    },
    "waitlist_offer": {
        **CLASS,
        **FAMILY,
        "entry_id": 3,
        "offer_expires_at": _FIRST - timedelta(days=4, hours=16),
        "price_lines": [*PRICE_LINES, {"label": "Total due", "amount": "$243.00"}],
    },
    "lottery_commitment": {
        **_LOTTERY,
        "seed_hash": "9f2c6a1e0b7d4e3f8a5c2b1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f",
        "wishes_close_at": _FIRST - timedelta(days=60),
        "draw_at": _FIRST - timedelta(days=59),
    },
    "lottery_result": {
        **_LOTTERY,
        "place": 37,
        "families": 412,
        "children": [
            {
                "participant_name": "Mia",
                "class_name": "Wheel-Thrown Pottery",
                "rank": 1,
                "why_not_first": "",
                "waitlisted": [],
            },
            {
                "participant_name": "Leo",
                "class_name": "Watercolor Landscapes",
                "rank": 2,
                "why_not_first": "full",
                "waitlisted": [{"class_name": "Printmaking", "position": 4}],
            },
        ],
        "any_seat": True,
        "pay_by": _FIRST - timedelta(days=56),
    },
    "lottery_payment_reminder": {
        **_LOTTERY,
        "seats": [
            {"participant_name": "Mia", "class_name": "Wheel-Thrown Pottery"},
            {"participant_name": "Leo", "class_name": "Watercolor Landscapes"},
        ],
        "pay_by": _FIRST - timedelta(days=56),
    },
    "waitlist_closed": {
        **FAMILY,
        "class_name": "Wheel-Thrown Pottery",
        "reason": "The school cancelled Wheel-Thrown Pottery.",
    },
    "class_reminder": {
        **CLASS,
        **FAMILY,
        "school_phone": "+1 707 555 0100",
        "missing": [missing_in_words("confirmation")],
    },
    "still_checked_in": {
        "name": "Rosa Admin",
        "participant_name": "Mia Silva",
        "class_name": CLASS["class_name"],
        "checked_in_at": _FIRST,
        "checked_in_by": CLASS["instructor_name"],
        "meeting_end": _FIRST + timedelta(hours=3),
        "contacts": [
            {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"},
            {"name": "Luis Lopez", "relationship": "Grandfather", "phone": "+14155550177"},
        ],
        "family_name": FAMILY["name"],
        "family_email": "ana@family.test",
    },
    "medication_missed": {
        "name": "Rosa Admin",
        "participant_name": "Mia Silva",
        "class_name": CLASS["class_name"],
        "meeting_day": _FIRST,
        "medication": "Salbutamol inhaler",
        "dose": "2 puffs",
        "schedule": "12:00 with lunch, or when wheezy",
        "at": _FIRST + timedelta(hours=3),
        "by": CLASS["instructor_name"],
        "note": "She was on the field trip bus at lunch.",
        "family_name": FAMILY["name"],
        "family_email": "ana@family.test",
    },
    "not_checked_in": {
        **FAMILY,
        "class_name": CLASS["class_name"],
        "meeting_start": _FIRST,
        "location": CLASS["location"],
        "school_phone": "+1 707 555 0100",
    },
    "artwork_news": {
        "name": FAMILY["name"],
        "names": format_lazy(gettext_lazy("{names} and {last}"), names="Mia", last="Leo"),
        "children": [
            {
                "first_name": "Mia",
                "new": [
                    {"title": "Blue Heron", "class_name": CLASS["class_name"], "taken_on": _FIRST}
                ],
                "ready": [
                    {
                        "title": "Coil Pot",
                        "class_name": CLASS["class_name"],
                        "taken_on": _FIRST,
                        "collect_at": _FIRST + timedelta(days=1, hours=3),
                    }
                ],
            },
            {
                "first_name": "Leo",
                "new": [],
                "ready": [
                    {
                        "title": "Untitled piece",
                        "class_name": CLASS["class_name"],
                        "taken_on": _FIRST,
                        "collect_at": None,
                    }
                ],
            },
        ],
        "any_new": True,
        "any_ready": True,
    },
    "incident_reported": INCIDENT,
    "incident_addendum": {
        **INCIDENT,
        "addendum": "Mia's hand was checked again at lunch: the cut is clean and healing.",
        "addendum_by": "Rosa Admin",
    },
    "class_message": {
        "class_id": CLASS["class_id"],
        "class_name": CLASS["class_name"],
        "name": FAMILY["name"],
        "subject": "Kiln day on Thursday",
        "body": CLASS_MESSAGE,
        "body_html": body_html(CLASS_MESSAGE),
        "sender_name": CLASS["instructor_name"],
        "from_instructor": True,
    },
    "contact_message": {
        "name": "Ada Lopez",
        "email": "ada@family.test",
        "message": "Is there parking near the studio on Saturdays?",
    },
    "payment_receipt": {
        **PAYMENT,
        "calendar_method": "PUBLISH",
        "plan_label": "Deposit and two instalments",
        "plan_parts": [
            {"due_on": (_FIRST - timedelta(days=51)).date(), "amount": "$364.50"},
            {"due_on": (_FIRST - timedelta(days=35)).date(), "amount": "$364.50"},
        ],
    },
    "checkout_receipt": {
        "name": FAMILY["name"],
        "reference": "Checkout #1234",
        "lines": [
            {
                **CLASS,
                "participant_name": "Mia Silva",
                "price_lines": [PRICE_LINES[0], PRICE_LINES[2]],
                "amount": "$120.00",
                "plan_label": "Deposit and two instalments",
                "plan_parts": [
                    {"due_on": (_FIRST - timedelta(days=51)).date(), "amount": "$76.50"},
                    {"due_on": (_FIRST - timedelta(days=35)).date(), "amount": "$76.50"},
                ],
                "refunded": False,
                "refund_reason": "",
            },
            {
                **CLASS,
                "class_id": 8,
                "class_name": "Loom Weaving",
                "class_url": "http://localhost:8000/classes/8",
                "instructor_name": "Joshua Tapia",
                "location": "Fibre Room, 12 Kiln Lane, Sonoma, CA",
                "what_to_bring": "",
                "participant_name": "Leo Silva",
                "price_lines": [
                    {"label": "List price", "amount": "$80.00"},
                    {"label": "Sibling discount", "amount": "\u2212$8.00"},
                ],
                "amount": "$72.00",
                "plan_label": "",
                "plan_parts": [],
                "refunded": False,
                "refund_reason": "",
            },
        ],
        "care_weeks": [
            {
                "heading": "After-care, Week 2: 5 days, 3:00 PM to 6:00 PM",
                "participant_name": "Mia Silva",
                "days": "Mon Jun 28, Tue Jun 29, Wed Jun 30, Thu Jul 1, Fri Jul 2",
                "led_by": "Rosa Lind",
                "price_lines": [
                    {"label": "List price", "amount": "$125.00"},
                    {"label": "Weekly rate", "amount": "\u2212$25.00"},
                ],
                "amount": "$100.00",
                "refunded": False,
                "refund_reason": "",
            }
        ],
        "charged": "$292.00",
        "card_charged": True,
        "credit": "",
        "paid_at": _FIRST - timedelta(days=40),
        "refund_policy": POLICY,
        "checkout_id": 1234,
    },
    "refund_made": {
        **PAYMENT,
        "reason": "The school cancelled Wheel-Thrown Pottery.",
        "calendar_method": "CANCEL",
    },
    "class_cancelled": {
        **FAMILY,
        "class_name": "Wheel-Thrown Pottery",
        "message": "Our kiln is being repaired; we are sorry.",
    },
    "enrolment_cancelled": {
        **PAYMENT,
        "refund": "$121.50",
        "refund_due": True,
        "to_credit": False,
        "withheld": "$20.00",
        "tier_label": _said(lambda: TERMS.tier_label(RefundTier.PARTIAL)),
        "why": "you cancelled 10 days before the first meeting",
        "calendar_method": "CANCEL",
    },
    "instalment_failed": {
        **PAYMENT,
        "instalment_amount": "$97.50",
        "due_on": (_FIRST - timedelta(days=51)).date(),
        "card_message": "Your card has insufficient funds.",
        "enrolment_id": 42,
        "overdue": False,
        "release_on": None,
        "next_try_on": (_FIRST - timedelta(days=50)).date(),
    },
    "seat_released": {
        **PAYMENT,
        "release_on": (_FIRST - timedelta(days=33)).date(),
        "refund": "$0.00",
        "refund_due": False,
        "calendar_method": "CANCEL",
    },
    "enrolment_transferred": {
        **PAYMENT,
        "from_class_name": "Watercolour Landscapes",
        "difference": "\u2212$40.00",
        "fee": "$10.00",
        "charged": False,
        "given_back": True,
        "card_amount": "$30.00",
        "credit_amount": "",
        "calendar_method": "PUBLISH",
    },
}
