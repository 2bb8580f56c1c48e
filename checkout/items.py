"""A checkout's items as the rows they book: a class bought whole is its own line; a series' item
names its weeks or days (`units`) and the extended care added to them, each a line of its own.

A week or a day is a `Class` row of its series, and a day of extended care is one too
(`classes.series`), so every line is held, priced, paid and given back as a class's seat is:
this module only says which rows an item means, and refuses an item that does not add up.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext

from accounts.access import access_participant
from accounts.models import Participant, User
from checkout.pricing import AddOnChosen
from classes.models import Booking, Class, ExtendedCare, Meeting
from core.errors import InvalidInput, NotFound
from enrolments.models import Enrolment, EnrolmentStatus
from extras.models import AddOn


@dataclass(frozen=True)
class CareAsked:
    option_id: int
    unit_ids: tuple[int, ...]


@dataclass(frozen=True)
class AddOnAsked:
    """An add-on asked with an item: its option, how many, and for a per-day add-on of a series
    which of the item's units (None: all of them)."""

    add_on_id: int
    option_id: int | None = None
    quantity: int = 1
    unit_ids: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Item:
    """What a family asks for one participant: a class, or a series' units with care."""

    class_id: int
    participant_id: int
    unit_ids: tuple[int, ...] = ()
    care: tuple[CareAsked, ...] = field(default=())
    add_ons: tuple[AddOnAsked, ...] = field(default=())
    # The school's questions answered for the participant: {question id: value}.
    answers: dict[int, object] = field(default_factory=dict, hash=False, compare=False)


def _problem(number: int, said: str) -> InvalidInput:
    return InvalidInput(
        {"items": [gettext("Item %(number)s: %(said)s") % {"number": number, "said": said}]}
    )


def items_as_lines(items: list[Item]) -> list[tuple[int, int]]:
    """The (class id, participant id) lines the items book, in order: each whole class, each
    unit, then each day of extended care added to a unit's days."""
    return [line for lines in _lines_by_item(items) for line in lines]


def items_read(
    items: list[Item],
) -> tuple[list[tuple[int, int]], list[tuple[AddOnChosen, ...]]]:
    """The items' lines (`items_as_lines`) and, parallel to them, each line's add-ons asked: a
    whole class's on its line; on a series' item a per-day add-on on each unit named, any other
    on its first unit. An add-on that does not add up is an `InvalidInput` naming `addOns`."""
    by_item = _lines_by_item(items)
    asked = _add_ons_checked(items) if any(item.add_ons for item in items) else {}
    lines, add_ons = [], []
    for number, (item, item_lines) in enumerate(zip(items, by_item, strict=True), start=1):
        units = list(item.unit_ids)
        for index, (class_id, _) in enumerate(item_lines):
            on_line = []
            for wanted in item.add_ons:
                per_day = asked[(number, wanted.add_on_id)].per_day
                named = wanted.unit_ids if wanted.unit_ids is not None else units
                here = (
                    index == 0
                    if not units or not per_day
                    else class_id in units and class_id in named
                )
                if here:
                    on_line.append(AddOnChosen(wanted.add_on_id, wanted.option_id, wanted.quantity))
            lines.append(item_lines[index])
            add_ons.append(tuple(on_line))
    return lines, add_ons


def _add_on_problem(number: int, add_on: AddOn | None, said: str) -> InvalidInput:
    named = f"{add_on.label}: " if add_on is not None else ""
    return InvalidInput(
        {
            "addOns": [
                gettext("Item %(number)s: %(named)s%(said)s")
                % {"number": number, "named": named, "said": said}
            ]
        }
    )


def _add_ons_checked(items: list[Item]) -> dict[tuple[int, int], AddOn]:
    """The add-ons the items ask, each offered by its item's class or season, with an option
    of its own where it has options, a quantity within its limit and units of the item."""
    classes = Class.objects.in_bulk({item.class_id for item in items})
    add_ons = AddOn.objects.prefetch_related("options").in_bulk(
        {wanted.add_on_id for item in items for wanted in item.add_ons}
    )
    found = {}
    for number, item in enumerate(items, start=1):
        camp_class = classes.get(item.class_id)
        if item.add_ons and item.care and not item.unit_ids:
            raise _add_on_problem(number, None, "add-ons go with a week or day booked.")
        for wanted in item.add_ons:
            add_on = add_ons.get(wanted.add_on_id)
            if (
                add_on is None
                or camp_class is None
                or not (
                    add_on.camp_class_id == camp_class.pk
                    or (add_on.season_id is not None and add_on.season_id == camp_class.season_id)
                )
            ):
                raise _add_on_problem(number, None, f"{wanted.add_on_id} is not offered here.")
            if (number, add_on.pk) in found:
                raise _add_on_problem(number, add_on, "asked once per item.")
            options = {option.pk for option in add_on.options.all()}
            if options and wanted.option_id not in options:
                raise _add_on_problem(number, add_on, "choose one of its options.")
            if not options and wanted.option_id is not None:
                raise _add_on_problem(number, add_on, "it has no options.")
            if not 1 <= wanted.quantity <= add_on.max_quantity:
                raise _add_on_problem(number, add_on, f"choose from 1 to {add_on.max_quantity}.")
            if wanted.unit_ids is not None and (
                not add_on.per_day or not set(wanted.unit_ids) <= set(item.unit_ids)
            ):
                raise _add_on_problem(number, add_on, "only per day, on the weeks or days booked.")
            found[(number, add_on.pk)] = add_on
    return found


def _lines_by_item(items: list[Item]) -> list[list[tuple[int, int]]]:
    """Each item's lines, in order."""
    series_ids = {item.class_id for item in items if item.unit_ids or item.care}
    series = Class.objects.in_bulk(series_ids)
    unit_ids = {unit for item in items for unit in item.unit_ids}
    unit_ids |= {unit for item in items for care in item.care for unit in care.unit_ids}
    units = Class.objects.in_bulk(unit_ids)
    options = ExtendedCare.objects.in_bulk({c.option_id for item in items for c in item.care})
    by_item: list[list[tuple[int, int]]] = []
    for number, item in enumerate(items, start=1):
        lines: list[tuple[int, int]] = []
        by_item.append(lines)
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
    return by_item


def lines_read(*, family: User, lines: list[tuple[int, int]]) -> list[tuple[Participant, Class]]:
    """The participants and classes the lines name, each the family's own and existing."""
    if not lines:
        raise InvalidInput({"items": [gettext("Choose at least one class.")]})
    if len(set(lines)) != len(lines):
        raise InvalidInput(
            {"items": [gettext("A participant is in each class once per checkout.")]}
        )
    classes = Class.objects.in_bulk({class_id for class_id, _ in lines})
    read = []
    for number, (class_id, participant_id) in enumerate(lines, start=1):
        camp_class = classes.get(class_id)
        if camp_class is None:
            raise InvalidInput(
                {"items": [gettext("Item %(number)s: no such class.") % {"number": number}]}
            )
        try:
            participant = access_participant(account=family, participant_id=participant_id)
        except NotFound:
            raise InvalidInput(
                {
                    "items": [
                        gettext("Item %(number)s: no such person in your family.")
                        % {"number": number}
                    ]
                }
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
