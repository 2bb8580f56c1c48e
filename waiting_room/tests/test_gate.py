"""Every write that takes, keeps, moves or pays for a seat waits in the opening's line
(waiting_room.gate), and the next route cannot forget to.

Which views may write the registration rows (enrolments, selections and their holds, waitlist
entries, checkouts, payments) is read from the code, not kept by hand: those rows are the
registration apps' models, and a view reaches them only if its app is one of those apps or above
the lowest of them in the layers, or its module imports them (below them, no app may:
camp/tests/test_import_directions.py). Each such view under
/api with a write method says whether it waits: `waiting_room_gated = True` on the view, or an
entry in UNGATED below with the reason it need not. A new write view that says neither fails
here, as does an entry left behind.

What a staff action sets off in a registration app through an event (seats added to a class
make waitlist offers) is the school's doing, not a family's registration, and is not gated.
"""

import ast
import inspect
import sys

from django.urls import URLPattern, URLResolver, get_resolver, include, path
from django.urls.resolvers import RegexPattern
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import AccessTokenAuthentication
from camp.tests.test_import_directions import LAYERS
from enrolments.models import Enrolment, SeatHold, Selection, WaitlistEntry
from payments.models import ChargeAttempt, Checkout, CheckoutLine, Instalment, Payment, Transfer

REGISTRATION_MODELS = (
    Enrolment,
    Selection,
    SeatHold,
    WaitlistEntry,
    Checkout,
    CheckoutLine,
    Payment,
    ChargeAttempt,
    Instalment,
    Transfer,
)
REGISTRATION_APPS = frozenset(model._meta.app_label for model in REGISTRATION_MODELS)
# An app from here up may import the registration rows in any of its modules (a view's service
# may write them though the view's own module names none of them).
LOWEST_REACHING = min(LAYERS.index(app) for app in REGISTRATION_APPS)
WRITES = ("post", "put", "patch", "delete")

# The write views of the registration apps that need no admission, and why: none takes, keeps,
# moves or pays for a seat. Giving one back is never held up (the line's families need it).
UNGATED = {
    "health.apis_incidents.IncidentListApi": "an incident reported at a meeting, no seat",
    "health.apis_incidents.IncidentDetailApi": "an incident report reviewed, no seat",
    "health.apis_incidents.IncidentAddendumListApi": "an incident report added to, no seat",
    "health.apis_incidents.IncidentClosingApi": "an incident report closed, no seat",
    "health.apis_medications.MedicationAdministrationCreateApi": "a dose recorded, no seat",
    "artwork.apis_taking.ClassArtworkListApi": "a piece photographed at a class, no seat",
    "artwork.apis_taking.ArtworkDetailApi": "a piece titled, tagged or moved on, no seat",
    "artwork.apis_family.ParticipantArtworkUntagApi": "a child taken off a piece of artwork",
    "artwork.apis_gallery.ArtworkApprovalApi": "an admin's approval for the gallery, no seat",
    "enrolments.apis.SelectionDeleteApi": "a selection removed gives its seat back",
    "enrolments.apis.CalendarFeedResetApi": "a family's calendar address, no seat",
    "lottery.apis.WishesApi": "a wish for a season's draw, whose order no moment of it changes",
    "lottery.apis.FriendsApi": "asking a friend's family in a draw, whose order no moment changes",
    "lottery.apis.FriendsConfirmApi": "a yes to a friend's family, whose order no moment changes",
    "lottery.apis.FriendsDetailApi": "a pair of friends withdrawn, which no moment changes",
    "attendance.apis.MeetingAttendanceApi": "an instructor's attendance, no seat",
    "attendance.apis.MeetingHandOverApi": "an instructor's hand-over between meetings, no seat",
    "checkout.apis.CheckoutQuoteApi": "a running total priced, nothing held or written",
    "front_desk.apis_care.CareReminderCreateApi": "admins' reminders of care records, no seat",
    "extras.apis.EnrolmentAnswersApi": "a seat's answers changed, no seat taken",
    "class_messages.apis.ClassMessageListCreateApi": "a message to a class's families",
    "enrolments.apis_waitlist.WaitlistListCreateApi": "joining a full class's waitlist, no seat "
    "(refused while one is free): the line's families join from the line",
    "enrolments.apis_waitlist.WaitlistEntryApi": "leaving a waitlist gives its offer to the next",
    "enrolments.apis_waitlist.WaitlistDeclineApi": "an offer declined goes to the next family",
    "settlement.apis.StripeWebhookApi": "Stripe telling of payments made through gated writes",
    "changes.apis_cancellation.EnrolmentCancellationApi": "a seat given back, and refunded",
    "front_desk.apis_families.FamilyListCreateApi": "the office registering a family, no seat",
    "front_desk.apis_families.FamilyChildCreateApi": "the office adding a child, no seat",
    "front_desk.apis_families.ParticipantCareTakeApi": "a care record taken by phone, no seat",
    "front_desk.apis.DeskDayApi": "the office's day closed, no seat",
    "front_desk.apis_checkouts.DeskCheckoutListApi": "the office, for a family on the phone",
    "front_desk.apis_checkouts.DeskCheckoutPaymentApi": "the office, for a family on the phone",
}


def _routes(resolver: URLResolver, prefix: str = ""):
    """(route, view) for every pattern under `resolver`, however deep its includes."""
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            callback = pattern.callback
            yield prefix + str(pattern.pattern), getattr(callback, "cls", callback)


def _imported_apps(module) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
    return names


def _reaches_registration(view) -> bool:
    module = sys.modules[view.__module__]
    app = view.__module__.split(".")[0]
    above = app in LAYERS and LAYERS.index(app) >= LOWEST_REACHING
    return above or bool(_imported_apps(module) & REGISTRATION_APPS)


def _writes(view) -> bool:
    # A function view (not a class) cannot say it is gated: it counts as a write to be judged.
    return not isinstance(view, type) or any(hasattr(view, method) for method in WRITES)


def _name(view) -> str:
    return f"{view.__module__}.{view.__qualname__}"


def registration_writes(resolver: URLResolver | None = None) -> dict[str, object]:
    """Each /api route whose view has a write method and may write the registration rows."""
    resolver = resolver or get_resolver()
    return {
        route: view
        for route, view in _routes(resolver)
        if route.startswith("api/") and _writes(view) and _reaches_registration(view)
    }


def gated(view) -> bool:
    return getattr(view, "waiting_room_gated", None) is True


def undeclared(resolver: URLResolver | None = None) -> list[str]:
    """The registration writes that neither wait in line nor say why they need not."""
    return sorted(
        f"{route} ({_name(view)})"
        for route, view in registration_writes(resolver).items()
        if not gated(view) and _name(view) not in UNGATED
    )


def test_every_registration_write_waits_in_line_or_says_why_not():
    assert undeclared() == [], (
        "Each write view of the registration apps says whether it waits in the opening's line: "
        "`waiting_room_gated = True`, or an entry in UNGATED with the reason it need not."
    )


def test_the_routes_that_take_keep_move_or_pay_for_a_seat_are_gated():
    routes = {route: view for route, view in registration_writes().items() if gated(view)}

    assert sorted(routes) == [
        "api/checkouts",
        "api/checkouts/<id:checkout_id>/lines/<id:line_id>",
        "api/checkouts/<id:checkout_id>/payment",
        "api/createPaymentIntent",
        "api/enrolments/<id:enrolment_id>/balance/payment",
        "api/enrolments/<id:enrolment_id>/transfer",
        "api/holds/<id:selection_id>/extend",
        "api/payments",
        "api/selectClass",
        "api/waitlist/<id:entry_id>/accept",
    ]
    # The gate reads who calls as these views' authentication does: a token it cannot verify is
    # refused by the view (401) before anything is written.
    for view in routes.values():
        assert AccessTokenAuthentication in view.authentication_classes, _name(view)


def test_every_reason_not_to_gate_is_for_a_write_that_is_there_and_not_gated():
    found = {_name(view): view for view in registration_writes().values()}

    assert sorted(set(UNGATED) - set(found)) == []
    assert sorted(name for name in UNGATED if gated(found[name])) == []
    assert all(reason.strip() for reason in UNGATED.values())


class NewSeatApi(APIView):
    """A write a newcomer adds beside a registration app's rows (this test module imports them)."""

    def post(self, request):
        return Response(status=201)


class NewGatedSeatApi(NewSeatApi):
    waiting_room_gated = True


class NewReadApi(APIView):
    def get(self, request):
        return Response()


def new_seat_write(request):
    return Response(status=201)


def test_a_new_write_route_that_says_nothing_is_found():
    resolver = URLResolver(
        RegexPattern(r"^/"),
        [
            path(
                "api/",
                include(
                    [
                        path("seats", NewSeatApi.as_view()),
                        path("seats/gated", NewGatedSeatApi.as_view()),
                        path("seats/read", NewReadApi.as_view()),
                        path("seats/function", new_seat_write),
                    ]
                ),
            ),
            path("elsewhere", NewSeatApi.as_view()),
        ],
    )

    assert undeclared(resolver) == [
        f"api/seats ({__name__}.NewSeatApi)",
        f"api/seats/function ({__name__}.new_seat_write)",
    ]
