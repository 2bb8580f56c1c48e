"""The waiting room's gate: while a season's opening has its line, registration writes need an
admission (waiting_room.line).

A view takes part by declaring `waiting_room_gated = True`: every write that takes, keeps, moves
or pays for a seat (selecting a class, holding a seat to pay and keeping it longer, paying, a
checkout's writes, paying a balance, accepting a waitlist's offer, moving an enrolment to another
class). Only its writes are gated, never its reads. Joining a full class's waitlist takes no seat
and is not gated: the line tells a family which of its classes are full, and it may join their
lists while it waits. Every write view of the registration apps says whether it is gated, and why
not when it is not (`waiting_room/tests/test_gate.py` fails on one that does not).

A write without a valid `Camp-Admission` header answers 429 with `"code": "waiting_room"`: the
browser app takes the family to the line. An admission is its family's: the gate reads who calls
(the access token, as `accounts.authentication.AccessTokenAuthentication` reads it for the view)
and takes only an admission issued to that account, or to the line token that joined it
(`line.admission_check`); another family's answers the same 429 as none. A token that
does not verify is left to the view's authentication, which refuses it (401) before anything is
written. One let through is timed, for the rate of admission:
the server's own time, without its waits on Stripe (core.provider_waits), counted slow
when it passes WAITING_ROOM_LATENCY_TARGET_MS or when it found every one of its process's
WEB_THREADS busy (those after it then queue in front of the process, a wait the server's own
time does not show). It answers its admission renewed for the same account (`Camp-Admission`,
`Camp-Admission-Expires`).

While the room is off, the gate costs at most one Redis read per second per process, and none
of the database.
"""

import threading
import time

from django.conf import settings
from django.http import JsonResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import SAFE_METHODS
from rest_framework_simplejwt.settings import api_settings as jwt_settings

from accounts.authentication import AccessTokenAuthentication
from core.api import error_body
from core.provider_waits import provider_waits
from waiting_room import line

WAIT_YOUR_TURN = gettext_lazy(
    "Registration has just opened and many families are here: please wait your turn in line."
)
ADMISSION_HEADER = "Camp-Admission"
EXPIRES_HEADER = "Camp-Admission-Expires"

# Not yet known: who calls is read once the room is found to gate the write.
_UNREAD = object()


class _LeftToTheView(Exception):
    """The access token does not verify: the view's authentication answers 401 (nothing is
    written), as it would with the room off, rather than the line's 429."""


def _caller_member(request) -> str | None:
    """Who calls, as the line names an account (`line.account_member`), from the access
    token read as the views' authentication reads it; None when the request carries none.
    Raises _LeftToTheView for a token that does not verify."""
    authentication = AccessTokenAuthentication()
    header = authentication.get_header(request)
    if header is None:
        return None
    try:
        raw = authentication.get_raw_token(header)
        if raw is None:
            return None
        token = authentication.get_validated_token(raw)
    except AuthenticationFailed as refused:
        raise _LeftToTheView from refused
    user_id = token.get(jwt_settings.USER_ID_CLAIM)
    if user_id is None:
        raise _LeftToTheView
    return line.account_member(user_id)


class WaitingRoomGateMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self._busy = 0
        self._busy_lock = threading.Lock()

    def __call__(self, request):
        with self._busy_lock:
            self._busy += 1
            request.waiting_room_threads_full = self._busy >= settings.WEB_THREADS
        try:
            response = self.get_response(request)
        finally:
            with self._busy_lock:
                self._busy -= 1
        admission = getattr(request, "waiting_room_admission", None)
        if admission is not None:
            elapsed = time.perf_counter() - request.waiting_room_started
            at_provider = provider_waits() - request.waiting_room_provider_waits
            line.gated_write_record(
                milliseconds=(elapsed - at_provider.seconds) * 1000,
                threads_full=request.waiting_room_threads_full,
            )
            token, expires = line.admission_issue(
                member=admission.member, opening=request.waiting_room_opening
            )
            response[ADMISSION_HEADER] = token
            response[EXPIRES_HEADER] = expires.isoformat()
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        view = getattr(view_func, "cls", None)
        if request.method in SAFE_METHODS or not getattr(view, "waiting_room_gated", False):
            return None
        token = request.headers.get(ADMISSION_HEADER)
        caller = _UNREAD
        # The room as this process last read it, then, before refusing, as it is now: the line
        # may have emptied and the room turned off within this process's recheck time, and the
        # family been told by a poll to go straight in, with no admission to show.
        for fresh in (False, True):
            opening = line.room_opening(fresh=fresh)
            if opening is None or not opening.gating(timezone.now()):
                return None
            if caller is _UNREAD:
                try:
                    caller = _caller_member(request)
                except _LeftToTheView:
                    return None
            admission = line.admission_check(token, opening=opening, caller=caller)
            if admission is not None:
                break
        if admission is None:
            return JsonResponse(
                {**error_body(WAIT_YOUR_TURN), "code": "waiting_room"},
                status=429,
                headers={"Retry-After": str(line.RETRY_AFTER_SECONDS)},
            )
        request.waiting_room_admission = admission
        request.waiting_room_opening = opening
        request.waiting_room_started = time.perf_counter()
        request.waiting_room_provider_waits = provider_waits()
        return None
