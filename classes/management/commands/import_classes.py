import csv
from dataclasses import dataclass
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.models import Role, User
from classes.apis import ClassInputSerializer
from classes.models import Class, ClassStatus
from classes.services import class_approve, class_create, class_deny

COLUMNS = ("nameClass", "instructorEmail", "seats", "price", "image", "status")
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


def _problems(fields: dict) -> list[str]:
    """Why a row cannot be a class: the API's rules, then the instructor and the status."""
    problems = []
    data = ClassInputSerializer(data={key: fields.get(key) or "" for key in COLUMNS})
    if not data.is_valid():
        for field, messages in data.errors.items():
            problems += [f"{field}: {message}" for message in messages]
    email = (fields.get("instructorEmail") or "").strip().lower()
    instructor = User.objects.filter(email=email).first() if email else None
    if instructor is None:
        problems.append(f"instructorEmail: no account has the e-mail {email!r}.")
    elif instructor.role != Role.INSTRUCTOR:
        problems.append(f"instructorEmail: {email} is not an instructor.")
    if fields.get("status") not in ClassStatus.values:
        problems.append(f"status: must be one of {', '.join(ClassStatus.values)}.")
    return problems


class Command(BaseCommand):
    help = (
        "Import classes from a CSV file with the columns "
        f"{', '.join(COLUMNS)}. Every row is checked as the API checks a class; nothing is "
        "written unless all rows are valid (or, with --skip-invalid, only the valid ones). "
        "A class already there (same name and instructor) is left unchanged."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--skip-invalid",
            action="store_true",
            help="Import the valid rows and report the others, instead of importing nothing.",
        )

    def handle(self, *args, file: str, skip_invalid: bool, **options):
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
                    problems = _problems(fields)
                    if problems:
                        invalid += 1
                        self.stderr.write(f"Line {line}: {' '.join(problems)}")
                        continue
                    rows.append(self._row(line, fields))
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

    def _row(self, line: int, fields: dict) -> Row:
        data = ClassInputSerializer(data={key: fields[key] for key in COLUMNS})
        data.is_valid(raise_exception=True)
        return Row(
            line=line,
            name=data.validated_data["nameClass"],
            instructor=User.objects.get(email=fields["instructorEmail"].strip().lower()),
            seats=data.validated_data["seats"],
            price=data.validated_data["price"],
            image=data.validated_data["image"],
            status=fields["status"],
        )

    @transaction.atomic
    def _import(self, rows: list[Row]) -> tuple[int, int]:
        created = unchanged = 0
        for row in rows:
            if Class.objects.filter(name=row.name, instructor=row.instructor).exists():
                unchanged += 1
                continue
            camp_class = class_create(
                instructor=row.instructor,
                name=row.name,
                image=row.image,
                price=row.price,
                seats=row.seats,
            )
            # The same review an admin would give, so a class is created Pending first.
            review = REVIEWS.get(row.status)
            if review is not None:
                review(class_id=camp_class.pk)
            created += 1
        return created, unchanged
