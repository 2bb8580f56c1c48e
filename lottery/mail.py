"""The lottery's messages composed when sent (`notifications.kinds.compose_with`): each reads
the family's entry then, so a message queued at the draw says what stands when it goes out."""

from django.utils import timezone

from accounts.models import Participant
from classes.models import Class
from classes.schedule import school_timezone
from lottery.models import Draw, Entry
from lottery.payment_window import unpaid_seats
from lottery.selectors import family_result
from notifications.kinds import Composed


def _about(entry: Entry) -> dict:
    season = entry.season
    return {
        "name": entry.family.name,
        "season_name": season.name,
        "season_id": season.pk,
        "code": entry.code,
    }


def _entry(facts: dict) -> Entry:
    return Entry.objects.select_related("family", "season").get(pk=facts["entry_id"])


def commitment_composed(facts: dict) -> Composed:
    entry = _entry(facts)
    season = entry.season
    draw = Draw.objects.get(season=season)
    zone = school_timezone()
    return Composed(
        {
            **_about(entry),
            "seed_hash": draw.seed_hash,
            "wishes_close_at": season.wishes_close_at.astimezone(zone),
            "draw_at": season.draw_at.astimezone(zone),
        }
    )


def result_composed(facts: dict) -> Composed:
    entry = _entry(facts)
    draw = Draw.objects.get(season=entry.season)
    result = family_result(entry, draw)
    ids = {child.participant_id for child in result.children}
    classes = {
        *(child.class_id for child in result.children),
        *(w.class_id for child in result.children for w in child.waitlisted),
    }
    names = dict(Participant.objects.filter(pk__in=ids).values_list("pk", "first_name"))
    titles = dict(Class.objects.filter(pk__in=classes).values_list("pk", "name"))
    children = [
        {
            "participant_name": names[child.participant_id],
            "class_name": titles.get(child.class_id),
            "rank": child.rank,
            "why_not_first": child.why_not_first,
            "waitlisted": [
                {"class_name": titles[w.class_id], "position": w.position} for w in child.waitlisted
            ],
        }
        for child in result.children
    ]
    return Composed(
        {
            **_about(entry),
            "place": result.place,
            "families": result.families,
            "children": children,
            "any_seat": any(child["class_name"] for child in children),
            "pay_by": draw.pay_by.astimezone(school_timezone()),
        }
    )


def payment_reminder_composed(facts: dict) -> Composed:
    entry = _entry(facts)
    draw = Draw.objects.get(season=entry.season)
    unpaid = (
        unpaid_seats(now=timezone.now())
        .filter(entry=entry)
        .order_by("participant", "camp_class")
        .values_list("participant__first_name", "camp_class__name")
    )
    return Composed(
        {
            **_about(entry),
            "seats": [
                {"participant_name": first_name, "class_name": class_name}
                for first_name, class_name in unpaid
            ],
            "pay_by": draw.pay_by.astimezone(school_timezone()),
        }
    )
