"""Taking attendance on the days of camp: a class's instructor, or an admin, checks a child in,
marks them absent, checks them out to someone who may collect them, or undoes their own last
action (`models.AttendanceAction`, never changed once written).

An action may be taken on a phone with no signal and sent later, maybe more than once: its
`client_id`, the device's id for it, makes every sending after the first answer the first's row,
with nothing checked again. Actions on one meeting are decided one at a time, under the meeting
row's lock; the child's status they are checked against is the fold of the record
(`attendance.lines.attendance_line_fold`).
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Participant, Role, User
from attendance.access import access_meeting_for_attendance
from attendance.lines import (
    ABSENT,
    LEFT,
    PRESENT,
    attendance_closes_at,
    attendance_line_fold,
    attendance_opens_at,
    collectors_for,
    may_leave_alone,
    standing_actions,
)
from attendance.models import AttendanceAction, AttendanceActionKind, AttendanceTally, CollectorKind
from care.selectors import record_of
from classes.models import CareKind, Meeting
from core.client_ids import sent_before
from core.errors import Conflict, InvalidInput, Refused
from core.language import TIME, WEEKDAY_AND_DAY, said
from core.school_time import school_timezone
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.selectors import roster_name

# How far ahead of the server's clock a device's may run: an action is not taken in the future.
AT_AHEAD_ALLOWED = timedelta(minutes=2)


def _school_time(moment: datetime) -> str:
    local = moment.astimezone(school_timezone())
    return _("%(time)s on %(day)s") % {
        "time": said(local, TIME),
        "day": said(local, WEEKDAY_AND_DAY),
    }


# How long after its day an instructor's action taken on the day may still arrive: a phone
# that was offline in the studio sends what it kept once it finds a signal.
LATE_SENDING_ALLOWED = timedelta(days=1)


def _window_checked(*, actor: User, meeting, at: datetime, now: datetime) -> None:
    """An instructor takes a meeting's attendance on its day only, judged by when each action
    was taken, so what a phone kept offline before midnight is still recorded when it is sent
    after; an admin at any time."""
    if actor.role == Role.ADMIN:
        return
    opens_at = attendance_opens_at(meeting)
    if now < opens_at or at < opens_at:
        raise Refused(
            _(
                "Attendance for this meeting opens at %(school_time)s, "
                "%(ATTENDANCE_OPENS_MINUTES_BEFORE)s minutes before it starts."
            )
            % {
                "school_time": _school_time(opens_at),
                "ATTENDANCE_OPENS_MINUTES_BEFORE": settings.ATTENDANCE_OPENS_MINUTES_BEFORE,
            },
            code="attendance_not_open",
        )
    closes_at = attendance_closes_at(meeting)
    if at >= closes_at or now >= closes_at + LATE_SENDING_ALLOWED:
        raise Refused(
            _(
                "Attendance for this meeting closed at midnight at the end of its day. "
                "Ask an admin "
                "to record it."
            ),
            code="attendance_closed",
        )


def _at_checked(*, at: datetime, now: datetime) -> None:
    if at > now + AT_AHEAD_ALLOWED:
        raise InvalidInput({"at": [_("The time an action was taken cannot be in the future.")]})


def _seat_of(*, meeting, participant_id: int) -> Enrolment:
    enrolment = (
        Enrolment.objects.filter(
            camp_class_id=meeting.camp_class_id,
            participant_id=participant_id,
            status=EnrolmentStatus.ACTIVE,
        )
        .select_related("participant__account")
        .first()
    )
    if enrolment is None:
        raise InvalidInput({"participant_id": [_("This person holds no seat in this class.")]})
    return enrolment


def _collector_fields(
    *, actor: User, participant: Participant, collected_by: dict | None, override_reason: str
) -> dict:
    """Who collected the child, as the care record names them: one of the child's collectors,
    left alone where the record allows it, or, on an admin's word with a reason, someone else."""
    child = roster_name(participant)
    if not collected_by or not collected_by.get("kind"):
        raise InvalidInput({"collected_by": [_("Say who collected %(child)s.") % {"child": child}]})
    record = record_of(participant.pk)
    collectors = collectors_for(participant, record)
    kind = collected_by.get("kind")
    given_id = str(collected_by.get("id") or "")
    given_name = " ".join(str(collected_by.get("name") or "").split())
    listed = [collector.name for collector in collectors]
    on_the_list = (
        _("%(child)s's list of people who may collect them: %(names)s")
        % {"child": child, "names": ", ".join(listed)}
        if listed
        else _("%(child)s's list of people who may collect them, which is empty") % {"child": child}
    )
    if kind in (CollectorKind.GUARDIAN, CollectorKind.PICKUP):
        for collector in collectors:
            if collector.kind == kind and collector.id == given_id:
                return {
                    "collected_by_kind": kind,
                    "collected_by_id": collector.id,
                    "collected_by_name": collector.name,
                }
        raise InvalidInput(
            {
                "collected_by": [
                    _("%(name)s is not on %(on_the_list)s.")
                    % {"name": given_name or _("This person"), "on_the_list": on_the_list}
                ]
            }
        )
    if kind == CollectorKind.ALONE:
        if not may_leave_alone(participant, record):
            raise InvalidInput(
                {
                    "collected_by": [
                        _(
                            "%(child)s may not leave alone: their care record does not allow it. "
                            "Choose someone from %(on_the_list)s."
                        )
                        % {"child": child, "on_the_list": on_the_list}
                    ]
                }
            )
        return {"collected_by_kind": kind, "collected_by_id": "", "collected_by_name": child}
    if kind == CollectorKind.HANDED_OVER:
        raise InvalidInput(
            {
                "collected_by": [
                    _(
                        "Hand %(child)s over to their class or to extended care with the "
                        "hand-over, which checks them in there."
                    )
                    % {"child": child}
                ]
            }
        )
    if kind == CollectorKind.OTHER:
        return _someone_else_fields(
            actor=actor,
            child=child,
            given_name=given_name,
            override_reason=override_reason,
            on_the_list=on_the_list,
        )
    raise InvalidInput(
        {"collected_by": [_("Who collected the child is a guardian, a pick-up, alone or other.")]}
    )


def _someone_else_fields(
    *, actor: User, child: str, given_name: str, override_reason: str, on_the_list: str
) -> dict:
    """Someone not on the child's list: only on an admin's word, named, with a reason."""
    if actor.role != Role.ADMIN:
        raise InvalidInput(
            {
                "collected_by": [
                    _(
                        "%(name)s is not on %(on_the_list)s. Only an admin may let someone "
                        "else collect them, with a reason."
                    )
                    % {"name": given_name or _("This person"), "on_the_list": on_the_list}
                ]
            }
        )
    if not given_name:
        raise InvalidInput(
            {"collected_by": [_("Give the name of who collected %(child)s.") % {"child": child}]}
        )
    if not override_reason.strip():
        raise InvalidInput(
            {
                "override_reason": [
                    _("Say why %(given_name)s, who is not on %(child)s's list, collected them.")
                    % {"given_name": given_name, "child": child}
                ]
            }
        )
    return {
        "collected_by_kind": CollectorKind.OTHER,
        "collected_by_id": "",
        "collected_by_name": given_name,
        "override_reason": override_reason.strip(),
    }


def _undone_checked(*, actor: User, actions: list, at: datetime, child: str) -> AttendanceAction:
    """The action an undo takes back: the newest that stands for this child at this meeting,
    taken by the same person within `ATTENDANCE_UNDO_MINUTES` of the undo."""
    standing = standing_actions(actions)
    if not standing:
        raise Conflict(_("There is nothing to undo for %(child)s.") % {"child": child})
    last = standing[-1]
    if last.by_id != actor.pk:
        raise Conflict(
            _(
                "%(child)s's last action was taken by %(by_name)s: only they may undo "
                "it. Record what is right instead."
            )
            % {"child": child, "by_name": last.by_name}
        )
    if at - last.at > timedelta(minutes=settings.ATTENDANCE_UNDO_MINUTES):
        raise Conflict(
            _(
                "An action can be undone within %(ATTENDANCE_UNDO_MINUTES)s minutes of "
                "being taken. Record what is right for %(child)s instead."
            )
            % {"ATTENDANCE_UNDO_MINUTES": settings.ATTENDANCE_UNDO_MINUTES, "child": child}
        )
    return last


def attendance_record(
    *,
    actor: User,
    meeting_id: int,
    client_id: str,
    participant_id: int,
    action: str,
    at: datetime,
    collected_by: dict | None = None,
    override_reason: str = "",
) -> tuple[AttendanceAction, bool]:
    """Record one attendance action, and whether it is new: an action whose `client_id` is on
    record already is answered with that row, nothing checked or written again (a device sends
    again what it is not sure arrived).

    Refused: a meeting not the actor's to take (NotFound), outside an instructor's day
    (Refused), a cancelled meeting, checking out a child not present, and an undo with nothing
    of the actor's to undo or too late (Conflict); an `at` in the future or off the meeting's
    day, a participant with no seat in the class, or a collector not allowed (InvalidInput).
    """
    with transaction.atomic():
        sent_before = _sent_before(actor=actor, meeting_id=meeting_id, client_id=client_id)
        if sent_before is not None:
            return sent_before, False
        now = timezone.now()
        meeting = access_meeting_for_attendance(user=actor, meeting_id=meeting_id, lock=True)
        _at_checked(at=at, now=now)
        _window_checked(actor=actor, meeting=meeting, at=at, now=now)
        if meeting.cancelled:
            raise Conflict(_("This meeting is cancelled: there is no attendance to take."))
        if action not in AttendanceActionKind.values:
            raise InvalidInput({"action": [_("Choose check in, check out, absent or undo.")]})
        participant = _seat_of(meeting=meeting, participant_id=participant_id).participant
        child = roster_name(participant)
        actions = list(
            AttendanceAction.objects.filter(meeting=meeting, participant=participant).order_by(
                "at", "id"
            )
        )
        fields = _action_fields(
            actor=actor,
            meeting=meeting,
            participant=participant,
            child=child,
            action=action,
            actions=actions,
            at=at,
            collected_by=collected_by,
            override_reason=override_reason,
        )
        row = AttendanceAction(
            meeting=meeting,
            participant=participant,
            action=action,
            at=at,
            recorded_at=now,
            client_id=client_id,
            by=actor,
            by_name=actor.name or actor.email,
            **fields,
        )
        sent_before = _written_or_sent_before(row, actor=actor, child=child)
        if sent_before is not None:
            return sent_before, False
        _tally_moved(
            meeting,
            was=attendance_line_fold(meeting, actions).status,
            now=attendance_line_fold(meeting, [*actions, row]).status,
        )
    return row, True


# The hand-over's check-in is recorded under the check-out's client id and this.
HAND_OVER_CHECK_IN = "~in"


def _hand_over_checked(*, meeting, to_meeting) -> None:
    """A child is handed from before-care to a class that day, or from a class to after-care."""
    from_care, to_care = meeting.camp_class.extended_care, to_meeting.camp_class.extended_care
    if (
        to_meeting.day == meeting.day
        and (from_care is None) != (to_care is None)
        and (from_care is None or from_care.kind == CareKind.BEFORE)
        and (to_care is None or to_care.kind == CareKind.AFTER)
    ):
        return
    raise InvalidInput(
        {
            "to_meeting_id": [
                _(
                    "A child is handed over from before-care to their class, or from their class "
                    "to after-care, on the same day."
                )
            ]
        }
    )


def _meetings_locked(*, actor: User, meeting_id: int, to_meeting_id: int):
    """The meeting the child leaves, whose attendance the actor takes, and the one they go to,
    both locked, the lower id first, as every hand-over takes them: two hand-overs at once
    between the same meetings wait for one another rather than each hold one."""
    to_meetings = Meeting.objects.select_related("camp_class__extended_care").select_for_update(
        of=("self",)
    )
    if to_meeting_id < meeting_id:
        to_meeting = to_meetings.filter(pk=to_meeting_id).first()
    meeting = access_meeting_for_attendance(user=actor, meeting_id=meeting_id, lock=True)
    if to_meeting_id >= meeting_id:
        to_meeting = to_meetings.filter(pk=to_meeting_id).first()
    if to_meeting is None or to_meeting.pk == meeting.pk:
        raise InvalidInput({"to_meeting_id": [_("No such meeting to hand the child over to.")]})
    return meeting, to_meeting


def attendance_hand_over(
    *,
    actor: User,
    meeting_id: int,
    to_meeting_id: int,
    client_id: str,
    participant_id: int,
    at: datetime,
) -> tuple[AttendanceAction, AttendanceAction, bool]:
    """A child handed from before-care to their class, or from their class to after-care: the
    check-out of the meeting they leave, to the meeting they go to (`CollectorKind.HANDED_OVER`),
    and their check-in there, recorded together at `at` by whoever takes the first meeting's
    attendance (an admin at any time); and whether it is new. A `client_id` on record already
    answers the hand-over it made, nothing checked or written again.

    Refused as `attendance_record` refuses a check-out and a check-in, and: a meeting to go to
    that is not the class or after-care of the same day, a child with no seat there, or already
    checked in there (InvalidInput, Conflict)."""
    with transaction.atomic():
        sent_before = _hand_over_sent_before(
            actor=actor, meeting_id=meeting_id, client_id=client_id
        )
        if sent_before is not None:
            return *sent_before, False
        now = timezone.now()
        meeting, to_meeting = _meetings_locked(
            actor=actor, meeting_id=meeting_id, to_meeting_id=to_meeting_id
        )
        # A twin sending that took the locks first has written it: read again under them.
        sent_before = _hand_over_sent_before(
            actor=actor, meeting_id=meeting_id, client_id=client_id
        )
        if sent_before is not None:
            return *sent_before, False
        participant = _hand_over_allowed(
            actor=actor,
            meeting=meeting,
            to_meeting=to_meeting,
            participant_id=participant_id,
            at=at,
            now=now,
        )
        went_to = to_meeting.camp_class.name
        if to_meeting.camp_class.extended_care is not None:
            went_to = to_meeting.camp_class.extended_care.label
        written = {"at": at, "recorded_at": now, "by": actor, "by_name": actor.name or actor.email}
        check_out = _hand_over_write(
            AttendanceAction(
                meeting=meeting,
                participant=participant,
                action=AttendanceActionKind.CHECK_OUT,
                client_id=client_id,
                collected_by_kind=CollectorKind.HANDED_OVER,
                collected_by_id=str(to_meeting.pk),
                collected_by_name=went_to,
                **written,
            ),
            refused_if=lambda status: status != PRESENT,
            refusal=_("%(roster_name)s is not checked in, so cannot be handed over.")
            % {"roster_name": roster_name(participant)},
        )
        check_in = _hand_over_write(
            AttendanceAction(
                meeting=to_meeting,
                participant=participant,
                action=AttendanceActionKind.CHECK_IN,
                client_id=client_id + HAND_OVER_CHECK_IN,
                **written,
            ),
            refused_if=lambda status: status == PRESENT,
            refusal=_("%(roster_name)s is checked in to %(went_to)s already.")
            % {"roster_name": roster_name(participant), "went_to": went_to},
        )
    return check_out, check_in, True


def _hand_over_allowed(
    *, actor: User, meeting, to_meeting, participant_id: int, at: datetime, now: datetime
) -> Participant:
    """The child handed over, once the hand-over is one the actor may take at `at`: from
    before-care to a class or a class to after-care, both meetings open to them and on, and a
    seat in each."""
    _hand_over_checked(meeting=meeting, to_meeting=to_meeting)
    _at_checked(at=at, now=now)
    for either in (meeting, to_meeting):
        _window_checked(actor=actor, meeting=either, at=at, now=now)
        if either.cancelled:
            raise Conflict(_("This meeting is cancelled: there is no attendance to take."))
    _seat_of(meeting=to_meeting, participant_id=participant_id)
    return _seat_of(meeting=meeting, participant_id=participant_id).participant


def _hand_over_write(row: AttendanceAction, *, refused_if, refusal: str) -> AttendanceAction:
    """One of a hand-over's two actions, under its meeting's lock: refused when the child's
    status there at its time is `refused_if`, else written and counted in the meeting's tally."""
    actions = list(
        AttendanceAction.objects.filter(meeting=row.meeting, participant=row.participant)
    )
    before = [earlier for earlier in actions if earlier.at <= row.at]
    if refused_if(attendance_line_fold(row.meeting, before).status):
        raise Conflict(refusal)
    row.save(force_insert=True)
    _tally_moved(
        row.meeting,
        was=attendance_line_fold(row.meeting, actions).status,
        now=attendance_line_fold(row.meeting, [*actions, row]).status,
    )
    return row


def _hand_over_sent_before(
    *, actor: User, meeting_id: int, client_id: str
) -> tuple[AttendanceAction, AttendanceAction] | None:
    check_out = _sent_before(actor=actor, meeting_id=meeting_id, client_id=client_id)
    if check_out is None:
        return None
    check_in = AttendanceAction.objects.filter(client_id=client_id + HAND_OVER_CHECK_IN).first()
    if check_in is None:
        raise Conflict(_("This action's id is already used by another action."))
    return check_out, check_in


def _written_or_sent_before(
    row: AttendanceAction, *, actor: User, child: str
) -> AttendanceAction | None:
    """The action written; or, when a twin request wrote the same client id first, that
    twin's row."""
    try:
        # A savepoint: a twin request that wrote the same client id first leaves this
        # transaction usable, to read its row.
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError:
        sent_before = _sent_before(actor=actor, meeting_id=row.meeting_id, client_id=row.client_id)
        if sent_before is None:
            # The other unique rule: each action is undone once.
            raise Conflict(
                _("That action for %(child)s was undone already.") % {"child": child}
            ) from None
        return sent_before
    return None


def _action_fields(
    *,
    actor: User,
    meeting,
    participant: Participant,
    child: str,
    action: str,
    actions: list[AttendanceAction],
    at: datetime,
    collected_by: dict | None,
    override_reason: str,
) -> dict:
    """What an undo or a check-out writes beside the action, once checked against the child's
    record so far: the action an undo takes back; for a check-out (of a child present at its
    time), who collected them."""
    if action == AttendanceActionKind.UNDO:
        return {"undoes": _undone_checked(actor=actor, actions=actions, at=at, child=child)}
    if action == AttendanceActionKind.CHECK_OUT:
        before = [earlier for earlier in actions if earlier.at <= at]
        if attendance_line_fold(meeting, before).status != PRESENT:
            raise Conflict(
                _("%(child)s is not checked in, so cannot be checked out.") % {"child": child}
            )
        return _collector_fields(
            actor=actor,
            participant=participant,
            collected_by=collected_by,
            override_reason=override_reason,
        )
    return {}


def _counted_as(status: str) -> str | None:
    if status in (PRESENT, LEFT):
        return "attended"
    return "absent" if status == ABSENT else None


def _tally_moved(meeting, *, was: str, now: str) -> None:
    """Under the meeting's lock: its tally follows one child from one status to another."""
    was, now = _counted_as(was), _counted_as(now)
    if was == now:
        return
    AttendanceTally.objects.get_or_create(meeting=meeting)
    moved = {}
    if was is not None:
        moved[was] = F(was) - 1
    if now is not None:
        moved[now] = F(now) + 1
    AttendanceTally.objects.filter(meeting=meeting).update(**moved)


# Each child's standing action at each meeting, the last by time taken (`standing_actions`), as
# one statement both databases run; ROW_NUMBER picks the last.
_TALLIES_COUNTED = """
    SELECT meeting_id,
           SUM(CASE WHEN action IN ('check_in', 'check_out') THEN 1 ELSE 0 END),
           SUM(CASE WHEN action = 'absent' THEN 1 ELSE 0 END)
    FROM (
        SELECT standing.meeting_id, standing.action,
               ROW_NUMBER() OVER (
                   PARTITION BY standing.meeting_id, standing.participant_id
                   ORDER BY standing.at DESC, standing.id DESC
               ) AS latest
        FROM enrolments_attendanceaction standing
        WHERE standing.action <> 'undo'
          AND NOT EXISTS (
              SELECT 1 FROM enrolments_attendanceaction undo WHERE undo.undoes_id = standing.id
          )
    ) lines
    WHERE latest = 1
    GROUP BY meeting_id
"""


def attendance_tallies_rebuild() -> int:
    """Count every meeting's tally again from its actions, in one transaction; how many
    meetings have one. For a tally that went astray, and the data made before tallies."""
    with transaction.atomic():
        AttendanceTally.objects.all().delete()
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO enrolments_attendancetally (meeting_id, attended, absent) "
                + _TALLIES_COUNTED
            )
        return AttendanceTally.objects.count()


def _sent_before(*, actor: User, meeting_id: int, client_id: str) -> AttendanceAction | None:
    return sent_before(
        AttendanceAction.objects,
        client_id=client_id,
        same={"by_id": actor.pk, "meeting_id": meeting_id},
        what="action",
    )


def participant_leaving_checked(*, participant: Participant) -> None:
    """A child's record is never removed once they have attendance on record: who came to the
    school and who collected them is kept (`core.events.PARTICIPANT_LEAVING`, from
    accounts.services.participant_delete, asked after enrolments' own check)."""
    if AttendanceAction.objects.filter(participant=participant).exists():
        raise Conflict(
            _(
                "%(first_name)s has attendance on record at the school, so their "
                "record is kept: it says when they came and who collected them."
            )
            % {"first_name": participant.first_name}
        )
