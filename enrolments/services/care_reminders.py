"""What the school does about care records it still lacks for enrolled children: reminders
before the first meeting (of the policies alone when `CARE_REQUIRED_AT` is `checkout`), an
admin's reminder to one family, and the end of retention for the medical part. Each e-mail is
sent once (`care.services.care_reminder_send`, keyed), and says what is missing, never what a
record holds."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from care.selectors import POLICY_PREFIX
from care.services import care_medical_erase, care_reminder_send
from core.errors import NotFound
from core.school_time import school_today
from enrolments.models import Enrolment
from enrolments.selectors import care_gaps


def care_family_remind(*, family_id: int) -> bool:
    """An admin reminds one family of everything still missing for their upcoming classes; at
    most one such e-mail a day (False when it went already)."""
    family = User.objects.filter(pk=family_id).first()
    gaps = [gap for gap in care_gaps() if gap.family.pk == family_id]
    if family is None or not gaps:
        raise NotFound(_("This family has no care record missing for an upcoming class."))
    children = {}
    for gap in gaps:
        children.setdefault(gap.participant.pk, (gap.participant.name, gap.missing))
    return care_reminder_send(
        key=f"admin:{family_id}:{school_today().isoformat()}",
        family=family,
        children=list(children.values()),
        first_class=gaps[0].camp_class.name,
    )


def care_reminders_due(*, now: datetime | None = None) -> int:
    """At `first_meeting`, each family whose child's paperwork is incomplete is reminded
    `CARE_REMINDER_DAYS` (7 and 2) days before the class's first meeting, once each. A child
    enrolled 5 days before gets the 7-day reminder at once and the 2-day one later; one enrolled
    the day before, only the 2-day one. At `checkout` a seat is paid for with the paperwork
    done, but for the policies: a seat taken at the front desk leaves them to the family to
    accept online (and a new version may come after), so those alone are reminded. Returns how
    many e-mails were queued."""
    days = sorted(settings.CARE_REMINDER_DAYS)
    if not days:
        return 0
    policies_only = settings.CARE_REQUIRED_AT != "first_meeting"
    sent = 0
    for gap in care_gaps(within_days=days[-1], now=now):
        missing = [
            item for item in gap.missing if not policies_only or item.startswith(POLICY_PREFIX)
        ]
        if not missing:
            continue
        # The nearest reminder day not yet passed.
        day = next(d for d in days if d >= gap.days_to_first_meeting)
        sent += care_reminder_send(
            key=f"first-meeting:{gap.camp_class.pk}:{gap.participant.pk}:{day}",
            family=gap.family,
            children=[(gap.participant.name, missing)],
            first_class=gap.camp_class.name,
        )
    return sent


def care_retention_pass(*, now: datetime | None = None) -> int:
    """The medical part of each record erased `CARE_RETENTION_DAYS` after the child's last
    class ended (and no class of theirs still ahead or running)."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.CARE_RETENTION_DAYS)
    past = (
        Enrolment.objects.order_by()
        .values("participant_id")
        .annotate(last_end=Max("camp_class__ends_at"))
        .filter(last_end__lt=cutoff)
        .values_list("participant_id", flat=True)
    )
    # A record saved again since (a family coming back) is theirs to keep.
    return care_medical_erase(participant_ids=list(past), unchanged_since=cutoff)
