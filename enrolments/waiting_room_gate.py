"""The waiting room's gate: while a season's opening has its line, registration writes need an
admission (enrolments.waiting_room).

A view takes part by declaring `waiting_room_gated = True` (selecting a class, holding a seat to
pay, paying, a checkout's writes, joining a waitlist); only its writes are gated, never its reads.
A write without a valid `Camp-Admission` header answers 429 with `"code": "waiting_room"`: the
browser app takes the family to the line. One let through is timed, for the rate of admission,
and answers its admission renewed (`Camp-Admission`, `Camp-Admission-Expires`).

While the room is off, the gate costs at most one Redis read per second per process, and none
of the database.
"""

import time

from django.http import JsonResponse
from django.utils import timezone

from core.api import error_body
from enrolments import waiting_room

WAIT_YOUR_TURN = (
    "Registration has just opened and many families are here: please wait your turn in line."
)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
ADMISSION_HEADER = "Camp-Admission"
EXPIRES_HEADER = "Camp-Admission-Expires"


class WaitingRoomGateMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        admission = getattr(request, "waiting_room_admission", None)
        if admission is not None:
            elapsed = time.monotonic() - request.waiting_room_started
            waiting_room.gated_write_record(milliseconds=elapsed * 1000)
            token, expires = waiting_room.admission_issue(
                member=admission.member, opening=request.waiting_room_opening
            )
            response[ADMISSION_HEADER] = token
            response[EXPIRES_HEADER] = expires.isoformat()
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        view = getattr(view_func, "cls", None)
        if request.method in SAFE_METHODS or not getattr(view, "waiting_room_gated", False):
            return None
        opening = waiting_room.room_opening()
        if opening is None or not opening.gating(timezone.now()):
            return None
        admission = waiting_room.admission_check(
            request.headers.get(ADMISSION_HEADER), opening=opening
        )
        if admission is None:
            return JsonResponse(
                {**error_body(WAIT_YOUR_TURN), "code": "waiting_room"},
                status=429,
                headers={"Retry-After": str(waiting_room.RETRY_AFTER_SECONDS)},
            )
        request.waiting_room_admission = admission
        request.waiting_room_opening = opening
        request.waiting_room_started = time.monotonic()
        return None
