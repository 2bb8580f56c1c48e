import csv
import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Role, User
from classes.apis import ClassInputSerializer
from classes.models import Category, Class, ClassStatus
from classes.services import (
    DETAIL_FIELDS,
    class_approve,
    class_create,
    class_deny,
    class_details_check,
)
from core.errors import InvalidInput

COLUMNS = ("nameClass", "instructorEmail", "seats", "price", "image", "status")
# Optional, named as the API names them; an empty cell is a value not given.
DETAIL_COLUMNS = (
    "description",
    "category",
    "level",
    "location",
    "ageMin",
    "ageMax",
    "startDate",
    "endDate",
    "meetingDays",
    "startTime",
    "endTime",
    "noMeetingDates",
    "registrationClosesAt",
)
# Lists in one cell, as a spreadsheet writes them: "mon wed fri", "mon,wed,fri" or "mon; fri".
LIST_COLUMNS = ("meetingDays", "noMeetingDates")
LIST_SEPARATORS = re.compile(r"[\s,;]+")
REVIEWS = {ClassStatus.APPROVED: class_approve, ClassStatus.DENIED: class_deny}


@dataclass(frozen=True)
class Row:
    line: int
    name: str
    instructor: User
    seats: int
    price: Decimal
    image: str
    status: str
    # The class's details by the model's names, as classes.services takes them.
    details: dict = field(default_factory=dict)


def _as_input(fields: dict, categories: dict[str, str]) -> dict:
    """A CSV row as the API's input: the spec's columns always, the others when filled in."""
    data = {key: fields.get(key) or "" for key in COLUMNS}
    for column in DETAIL_COLUMNS:
        value = (fields.get(column) or "").strip()
        if not value:
            continue
        if column in LIST_COLUMNS:
            value = [item.lower() for item in LIST_SEPARATORS.split(value) if item]
        elif column == "category":
            # The school's slug, or the name people see ("Pottery & ceramics").
            value = categories.get(value.lower(), value)
        elif column == "level":
            # "All levels" as people write it, "all-levels" as the API does.
            value = "-".join(value.lower().split())
        data[column] = value
    return data


def _details(validated: dict) -> dict:
    return {name: validated[name] for name in DETAIL_FIELDS if name in validated}


def _problems(fields: dict, categories: dict[str, str]) -> list[str]:
    """Why a row cannot be a class: the API's rules and the schedule's, then the instructor and
    the status. Each problem names its column."""
    problems = []
    data = ClassInputSerializer(data=_as_input(fields, categories))
    if not data.is_valid():
        for column, messages in data.errors.items():
            problems += [f"{column}: {message}" for message in _flat(messages)]
    else:
        try:
            class_details_check(**_details(data.validated_data))
        except InvalidInput as invalid:
            for column, messages in data.api_names(invalid.problems).items():
                problems += [f"{column}: {message}" for message in messages]
    email = (fields.get("instructorEmail") or "").strip().lower()
    instructor = User.objects.filter(email=email).first() if email else None
    if instructor is None:
        problems.append(
            gettext("instructorEmail: no account has the e-mail %(email)s.")
            % {"email": f"{email!r}"}
        )
    elif instructor.role != Role.INSTRUCTOR:
        problems.append(
            gettext("instructorEmail: %(email)s is not an instructor.") % {"email": email}
        )
    if fields.get("status") not in ClassStatus.values:
        problems.append(
            gettext("status: must be one of %(names)s.") % {"names": ", ".join(ClassStatus.values)}
        )
    return problems


def _flat(messages) -> list[str]:
    """A field's messages; a list's are by item ({0: [...]}), said once each."""
    if isinstance(messages, dict):
        return [message for item in messages.values() for message in _flat(item)]
    return [str(message) for message in messages]


class Command(BaseCommand):
    help = (
        "Import classes from a CSV file with the columns "
        f"{', '.join(COLUMNS)}, and optionally {', '.join(DETAIL_COLUMNS)} (lists such as "
        'meetingDays as "mon wed fri" or "mon,wed,fri"; category by slug or name). Every '
        "row is checked as the API checks a class, schedule included; nothing is written "
        "unless all rows are valid (or, with --skip-invalid, only the valid ones). A class "
        "already there (same name and instructor) is left unchanged."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--skip-invalid",
            action="store_true",
            help="Import the valid rows and report the others, instead of importing nothing.",
        )

    def handle(self, *args, file: str, skip_invalid: bool, **options):
        # One read of the school's short list, so each row's category is found by its name too.
        categories = {category.name.lower(): category.slug for category in Category.objects.all()}
        try:
            with open(file, newline="", encoding="utf-8-sig") as source:
                reader = csv.DictReader(source)
                missing = [column for column in COLUMNS if column not in (reader.fieldnames or [])]
                if missing:
                    raise CommandError(f"{file} lacks the columns: {', '.join(missing)}.")
                rows, invalid = [], 0
                for fields in reader:
                    # The header is line 1; a quoted newline makes a row span several lines.
                    line = reader.line_num
                    problems = _problems(fields, categories)
                    if problems:
                        invalid += 1
                        self.stderr.write(f"Line {line}: {' '.join(problems)}")
                        continue
                    rows.append(self._row(line, fields, categories))
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        if invalid and not skip_invalid:
            raise CommandError(
                f"{invalid} invalid row(s); nothing was imported. Fix them, or pass "
                "--skip-invalid to import only the valid rows."
            )
        created, unchanged = self._import(rows)
        summary = f"{created} created, {unchanged} unchanged"
        if invalid:
            summary += f", {invalid} skipped as invalid"
        self.stdout.write(self.style.SUCCESS(f"{summary}."))

    def _row(self, line: int, fields: dict, categories: dict[str, str]) -> Row:
        data = ClassInputSerializer(data=_as_input(fields, categories))
        data.is_valid(raise_exception=True)
        return Row(
            line=line,
            name=data.validated_data["nameClass"],
            instructor=User.objects.get(email=fields["instructorEmail"].strip().lower()),
            seats=data.validated_data["seats"],
            price=data.validated_data["price"],
            image=data.validated_data["image"],
            status=fields["status"],
            details=_details(data.validated_data),
        )

    @transaction.atomic
    def _import(self, rows: list[Row]) -> tuple[int, int]:
        created = unchanged = 0
        for row in rows:
            if Class.objects.filter(name=row.name, instructor=row.instructor).exists():
                unchanged += 1
                continue
            try:
                camp_class = class_create(
                    instructor=row.instructor,
                    name=row.name,
                    image=row.image,
                    price=row.price,
                    seats=row.seats,
                    **row.details,
                )
            except InvalidInput as invalid:
                # Every row was checked before any was written; should the service still
                # refuse one, the transaction undoes the rows written before it.
                said = " ".join(
                    f"{field}: {' '.join(messages)}" for field, messages in invalid.problems.items()
                )
                raise CommandError(f"Line {row.line}: {said} Nothing was imported.") from invalid
            # The same review an admin would give, so a class is created Pending first.
            review = REVIEWS.get(row.status)
            if review is not None:
                review(class_id=camp_class.pk)
            created += 1
        return created, unchanged
