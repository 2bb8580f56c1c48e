"""A checkout's items as the rows they book: a class bought whole is its own line; a series' item
names its weeks or days (`units`) and the extended care added to them, each a line of its own.

A week or a day is a `Class` row of its series, and a day of extended care is one too
(`classes.series`), so every line is held, priced, paid and given back as a class's seat is:
this module only says which rows an item means, and refuses an item that does not add up.
"""

from dataclasses import dataclass, field

from accounts.access import access_participant
from accounts.models import Participant, User
from classes.models import Booking, Class, ExtendedCare, Meeting
from core.errors import InvalidInput, NotFound
from enrolments.models import Enrolment, EnrolmentStatus


@dataclass(frozen=True)
class CareAsked:
    option_id: int
    unit_ids: tuple[int, ...]


@dataclass(frozen=True)
class Item:
    """What a family asks for one participant: a class, or a series' units with care."""

    class_id: int
    participant_id: int
    unit_ids: tuple[int, ...] = ()
    care: tuple[CareAsked, ...] = field(default=())
    # The school's questions answered for the participant: {question id: value}.
    answers: dict[int, object] = field(default_factory=dict, hash=False, compare=False)


def _problem(number: int, said: str) -> InvalidInput:
    return InvalidInput({"items": [f"Item {number}: {said}"]})


def items_as_lines(items: list[Item]) -> list[tuple[int, int]]:
    """The (class id, participant id) lines the items book, in order: each whole class, each
    unit, then each day of extended care added to a unit's days."""
    series_ids = {item.class_id for item in items if item.unit_ids or item.care}
    series = Class.objects.in_bulk(series_ids)
    unit_ids = {unit for item in items for unit in item.unit_ids}
    unit_ids |= {unit for item in items for care in item.care for unit in care.unit_ids}
    units = Class.objects.in_bulk(unit_ids)
    options = ExtendedCare.objects.in_bulk({c.option_id for item in items for c in item.care})
    lines: list[tuple[int, int]] = []
    for number, item in enumerate(items, start=1):
        camp_class = series.get(item.class_id)
        if not item.unit_ids and not item.care:
            lines.append((item.class_id, item.participant_id))
            continue
        if camp_class is None or camp_class.booking == Booking.WHOLE:
            raise _problem(number, "only a class booked by the week or the day has units.")
        for unit_id in item.unit_ids:
            unit = units.get(unit_id)
            if unit is None or unit.unit_of_id != camp_class.pk:
                raise _problem(number, f"{unit_id} is not a week or day of this class.")
            lines.append((unit_id, item.participant_id))
        lines += _care_lines(number, item, camp_class, units, options)
    return lines


def lines_read(*, family: User, lines: list[tuple[int, int]]) -> list[tuple[Participant, Class]]:
    """The participants and classes the lines name, each the family's own and existing."""
    if not lines:
        raise InvalidInput({"items": ["Choose at least one class."]})
    if len(set(lines)) != len(lines):
        raise InvalidInput({"items": ["A participant is in each class once per checkout."]})
    classes = Class.objects.in_bulk({class_id for class_id, _ in lines})
    read = []
    for number, (class_id, participant_id) in enumerate(lines, start=1):
        camp_class = classes.get(class_id)
        if camp_class is None:
            raise InvalidInput({"items": [f"Item {number}: no such class."]})
        try:
            participant = access_participant(account=family, participant_id=participant_id)
        except NotFound:
            raise InvalidInput(
                {"items": [f"Item {number}: no such person in your family."]}
            ) from None
        read.append((participant, camp_class))
    return read


def _care_lines(number, item: Item, series: Class, units, options) -> list[tuple[int, int]]:
    """A line for each day of care asked: the option's day on each day of the units named,
    which the participant books here or holds a seat in already."""
    booked = set(item.unit_ids)
    already = {unit for care in item.care for unit in care.unit_ids} - booked
    if already:
        booked |= set(
            Enrolment.objects.filter(
                participant_id=item.participant_id,
                camp_class_id__in=already,
                status=EnrolmentStatus.ACTIVE,
            ).values_list("camp_class_id", flat=True)
        )
    lines = []
    for care in item.care:
        option = options.get(care.option_id)
        if option is None or option.season_id != series.season_id:
            raise _problem(number, "no such extended care in this class's season.")
        for unit_id in care.unit_ids:
            unit = units.get(unit_id)
            if unit is None or unit.unit_of_id != series.pk or unit_id not in booked:
                raise _problem(number, f"{option.label} goes with a week or day booked.")
        days = set(
            Meeting.objects.filter(camp_class_id__in=care.unit_ids, cancelled=False).values_list(
                "day", flat=True
            )
        )
        care_days = dict(option.days.filter(start_date__in=days).values_list("start_date", "id"))
        missing = sorted(days - care_days.keys())
        if missing:
            raise _problem(
                number, f"{option.label} is not offered on {missing[0]:%a %b} {missing[0].day}."
            )
        lines += [(care_days[day], item.participant_id) for day in sorted(days)]
    return lines
