"""The families' daily e-mail about their children's artwork, sent by the beat each evening
(artwork.tasks): to each family with something untold, one e-mail a school day at most, listing
each child's new pieces (`told_new_at` empty) and the pieces newly ready for pick-up (`ready`,
`told_ready_at` empty) with when to collect them: after the class's next meeting, or from the
office when the class meets no more.

What a family is told is marked told in the transaction that queues its e-mail, so an e-mail is
queued for a thing once. The outbox's key (kind, about, recipient), about the school day, makes
a second e-mail the same day impossible: a family told already today keeps what came since for
the next day's e-mail, untold.
"""

from dataclasses import dataclass
from datetime import date, datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from accounts.models import User
from artwork.message_kinds import ArtworkMessage
from artwork.models import ArtworkChild, Stage
from classes.models import Meeting
from core.school_time import school_timezone
from notifications.models import Message
from notifications.services import message_queue

# Said in the reader's language when the news is rendered.
UNTITLED = gettext_lazy("Untitled")
# A child tagged on a piece its family has not yet been told of, or not yet told is ready.
UNTOLD = Q(told_new_at__isnull=True) | Q(told_ready_at__isnull=True, artwork__stage=Stage.READY)


@dataclass(frozen=True)
class _Told:
    """What one family's e-mail tells, and the rows it tells of."""

    context: dict
    new: list[int]
    ready: list[int]


def _joined(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    # Said in the reader's language when the news is rendered.
    return format_lazy(
        gettext_lazy("{names} and {last}"), names=", ".join(names[:-1]), last=names[-1]
    )


def collect_times(*, class_ids: set[int], now: datetime) -> dict[int, datetime]:
    """When a piece of each class may be collected: the end of the class's next meeting not
    yet over (none for a class that meets no more), in one query."""
    meetings = Meeting.objects.filter(
        camp_class_id__in=class_ids, cancelled=False, end__gt=now
    ).order_by("camp_class_id", "start")
    times = {}
    for meeting in meetings.only("camp_class_id", "end"):
        times.setdefault(meeting.camp_class_id, meeting.end)
    return times


def _piece(row: ArtworkChild) -> dict:
    artwork = row.artwork
    return {
        "title": artwork.title or UNTITLED,
        "class_name": artwork.camp_class.name,
        "taken_on": artwork.taken_on,
    }


def _news_of(rows: list[ArtworkChild], *, family: User, now: datetime) -> _Told:
    """The e-mail's context: each child with news, their new pieces and those ready."""
    ready = {
        row.pk for row in rows if row.artwork.stage == Stage.READY and row.told_ready_at is None
    }
    collect = collect_times(
        class_ids={row.artwork.camp_class_id for row in rows if row.pk in ready}, now=now
    )
    children: dict[int, dict] = {}
    for row in rows:
        child = children.setdefault(
            row.participant_id,
            {
                "first_name": row.participant.first_name or row.participant.name,
                "new": [],
                "ready": [],
            },
        )
        if row.pk in ready:
            child["ready"].append(
                {**_piece(row), "collect_at": collect.get(row.artwork.camp_class_id)}
            )
        else:
            child["new"].append(_piece(row))
    shown = list(children.values())
    context = {
        "name": family.name,
        "children": shown,
        "names": _joined([child["first_name"] for child in shown]),
        "any_new": any(child["new"] for child in shown),
        "any_ready": bool(ready),
    }
    return _Told(
        context=context,
        new=[row.pk for row in rows if row.told_new_at is None],
        ready=sorted(ready),
    )


def _told_today(*, about: str, family: User) -> bool:
    return Message.objects.filter(
        kind=ArtworkMessage.NEWS, about=about, recipient=family.email, resend_of__isnull=True
    ).exists()


@transaction.atomic
def family_artwork_news_send(*, family_id: int, day: date, now: datetime) -> bool:
    """One family's e-mail of the day, unless it had it already; whether it was queued. The
    family's untold rows are locked, so two passes at once tell each thing once."""
    rows = list(
        ArtworkChild.objects.select_for_update(of=("self",))
        .filter(UNTOLD, participant__account_id=family_id)
        .select_related("artwork__camp_class", "participant__account")
        .order_by("participant__first_name", "participant_id", "artwork__created_at", "pk")
    )
    if not rows:
        return False
    family = rows[0].participant.account
    about = f"artwork-news:{day.isoformat()}"
    if _told_today(about=about, family=family):
        return False
    told = _news_of(rows, family=family, now=now)
    message_queue(
        kind=ArtworkMessage.NEWS,
        about=about,
        recipient=family.email,
        context=told.context,
    )
    ArtworkChild.objects.filter(pk__in=told.new).update(told_new_at=now)
    ArtworkChild.objects.filter(pk__in=told.ready).update(told_ready_at=now)
    return True


def artwork_news_send(*, now: datetime | None = None) -> int:
    """Each family with something untold e-mailed, once a school day at most; how many were."""
    now = now or timezone.now()
    day = timezone.localdate(now, timezone=school_timezone())
    families = (
        ArtworkChild.objects.filter(UNTOLD)
        .values_list("participant__account_id", flat=True)
        .distinct()
        .order_by("participant__account_id")
    )
    return sum(
        family_artwork_news_send(family_id=family_id, day=day, now=now)
        for family_id in list(families)
    )
