"""A family's yearly statement for one child: what was paid for the child's care in a calendar
year, net of what went back, as a PDF the family hands to a dependent-care account or a tax
return.

Which payments a year holds: a paid class (enrolled, or cancelled by the family after it was
paid) whose first meeting that takes place falls in the year, in the school's time zone; a class
that runs over New Year is counted once, in the year it began, with all its days. The dates of
care are its first and last meeting days that take place and how many there are. Paid and
given back are the seat's ledger (`payments.services.ledger`): paid is every card charge,
account credit spent, cash and cheque; given back is every refund made (one owed, in the back
office's queue, counts once made) and the family's own money given back as account credit (the
school's bonus on it is no payment for care). A line that nets to nothing (refunded in full)
and a free enrolment are left out; payments still pending or refunded by the school are not
care paid for.

Dependent care, which families claim on a dependent-care account or the child and dependent care
credit, is listed apart: each option of extended care (before- or after-care) the child had, and
each day camp (a class sold by the week or the day, `classes.models.Booking`), one line each for
all its days in the year. A day of either refunded in full is no day of care. What a day
camp's seat paid for add-ons bought with it (lunch, a T-shirt: `payments.models.AddOnPurchase`)
is no care: it is said apart and left out of the dependent-care total.
"""

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from enum import StrEnum

from django.conf import settings
from django.db.models import Count, DecimalField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from accounts.models import Participant, User
from classes.models import Meeting
from core.pdf_text import printable
from core.school_time import school_today
from payments.models import (
    MONEY_IN,
    MONEY_OUT,
    AddOnPurchase,
    LedgerEntry,
    Payment,
    PaymentStatus,
)
from payments.selectors import MONEY_BACK_MADE

# The years a statement may be asked for: any other is a mistake in the address.
FIRST_YEAR = 2000
LAST_YEAR = 2100

ZERO = Decimal("0.00")
MONEY = DecimalField(max_digits=10, decimal_places=2)
PAID_FOR_CARE = (PaymentStatus.ENROLLED, PaymentStatus.CANCELLED)


class CareKind(StrEnum):
    """What a line of the statement paid for: the first two are dependent care."""

    DAY_CAMP = "day camp"
    EXTENDED_CARE = "extended care"
    CLASS = "class"


@dataclass(frozen=True)
class StatementLine:
    """One class paid for, as the statement lists it; a day camp's weeks or days, or an option
    of extended care's days, together."""

    class_name: str
    first_day: date
    last_day: date
    days: int
    paid: Decimal
    given_back: Decimal
    currency: str
    # The family cancelled the seat: what is left is what the school kept.
    cancelled: bool
    kind: CareKind = CareKind.CLASS
    # Of what the seats paid, the add-ons bought with them and kept (not given back).
    add_ons: Decimal = ZERO

    @property
    def net(self) -> Decimal:
        return self.paid - self.given_back

    @property
    def care(self) -> Decimal:
        """What was paid for the care itself: the net less the add-ons kept."""
        return max(self.net - self.add_ons, ZERO)

    @property
    def dependent_care(self) -> bool:
        return self.kind != CareKind.CLASS

    def joined(self, other: "StatementLine") -> "StatementLine":
        """This line and another of the same day camp or extended care, as one."""
        return replace(
            self,
            first_day=min(self.first_day, other.first_day),
            last_day=max(self.last_day, other.last_day),
            days=self.days + other.days,
            paid=self.paid + other.paid,
            given_back=self.given_back + other.given_back,
            cancelled=self.cancelled and other.cancelled,
            add_ons=self.add_ons + other.add_ons,
        )


@dataclass(frozen=True)
class Statement:
    year: int
    participant: Participant
    family: User
    lines: tuple[StatementLine, ...]
    made_on: date

    @property
    def total(self) -> Decimal:
        return sum((line.net for line in self.lines), ZERO)

    @property
    def dependent_care(self) -> tuple[StatementLine, ...]:
        return tuple(line for line in self.lines if line.dependent_care)

    @property
    def classes(self) -> tuple[StatementLine, ...]:
        return tuple(line for line in self.lines if not line.dependent_care)

    @property
    def dependent_care_total(self) -> Decimal:
        """The dependent care paid for: its lines' net, less the add-ons bought with them."""
        return sum((line.care for line in self.dependent_care), ZERO)

    @property
    def dependent_care_add_ons(self) -> Decimal:
        return sum((line.net - line.care for line in self.dependent_care), ZERO)


def _meeting_days():
    # The class's meetings that take place, first to last (meeting_class_start_idx).
    return Meeting.objects.filter(camp_class=OuterRef("camp_class"), cancelled=False)


def _ledger_sum(kinds, *made) -> Coalesce:
    """The payment's ledger entries of these kinds added up; 0 for none."""
    total = (
        LedgerEntry.objects.filter(payment=OuterRef("pk"), kind__in=kinds)
        .filter(*made)
        .values("payment")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return Coalesce(Subquery(total, output_field=MONEY), Value(ZERO), output_field=MONEY)


def _add_ons_kept() -> Coalesce:
    """The payment's add-ons not given back, added up; 0 for none."""
    total = (
        AddOnPurchase.objects.filter(payment=OuterRef("pk"), returned_at__isnull=True)
        .values("payment")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return Coalesce(Subquery(total, output_field=MONEY), Value(ZERO), output_field=MONEY)


def statement_for(*, participant: Participant, year: int) -> Statement:
    """The participant's statement for the calendar year, read in one query; who may have it is
    the caller's check (`accounts.access.access_participant`)."""
    payments = (
        Payment.objects.filter(
            student_id=participant.account_id,
            participant_id=participant.pk,
            status__in=PAID_FOR_CARE,
        )
        .select_related("camp_class__extended_care")
        .annotate(
            first_day=Subquery(_meeting_days().order_by("start").values("day")[:1]),
            last_day=Subquery(_meeting_days().order_by("-start").values("day")[:1]),
            days=Subquery(_meeting_days().values("camp_class").annotate(n=Count("pk")).values("n")),
            paid=_ledger_sum(MONEY_IN),
            given_back=_ledger_sum(MONEY_OUT, MONEY_BACK_MADE),
            add_ons_kept=_add_ons_kept(),
        )
        .filter(first_day__gte=date(year, 1, 1), first_day__lte=date(year, 12, 31))
        .order_by("first_day", "camp_class__name", "id")
    )
    # A day camp's weeks or days, and an option of extended care's days, each one line: keyed by
    # the series or the option; every other class is a line of its own.
    lines: dict[tuple, StatementLine] = {}
    for payment in payments:
        camp_class = payment.camp_class
        if camp_class.extended_care_id is not None:
            key, kind = ("care", camp_class.extended_care_id), CareKind.EXTENDED_CARE
            name = camp_class.extended_care.label
        elif camp_class.unit_of_id is not None:
            key, kind = ("series", camp_class.unit_of_id), CareKind.DAY_CAMP
            name = camp_class.name
        else:
            key, kind, name = ("payment", payment.pk), CareKind.CLASS, camp_class.name
        line = StatementLine(
            class_name=name,
            first_day=payment.first_day,
            last_day=payment.last_day,
            days=payment.days,
            paid=payment.paid,
            given_back=payment.given_back,
            currency=payment.currency,
            cancelled=payment.status == PaymentStatus.CANCELLED,
            kind=kind,
            add_ons=payment.add_ons_kept,
        )
        if line.net <= ZERO:
            continue
        lines[key] = lines[key].joined(line) if key in lines else line
    return Statement(
        year=year,
        participant=participant,
        family=participant.account,
        # Dependent care first, as the statement shows it; each kind by its first day.
        lines=tuple(
            sorted(
                lines.values(),
                key=lambda line: (list(CareKind).index(line.kind), line.first_day),
            )
        ),
        made_on=school_today(),
    )


# --- The PDF.


def _money(amount: Decimal, currency: str = "usd") -> str:
    if currency.lower() == "usd":
        return f"${amount:,.2f}"
    return f"{amount:,.2f} {currency.upper()}"


def _day(day: date) -> str:
    # A short month's name, in the reader's language and its order of day, month and year.
    return date_format(day, gettext("M j, Y"))


def _dates_of_care(line: StatementLine) -> str:
    days = ngettext("%(days)d day", "%(days)d days", line.days) % {"days": line.days}
    if line.first_day == line.last_day:
        return f"{_day(line.first_day)} ({days})"
    return f"{_day(line.first_day)} - {_day(line.last_day)} ({days})"


class _StatementPdf(FPDF):
    def footer(self):
        self.set_y(-15)
        self.set_font("Helvetica", size=8)
        page = gettext("Page %(page)s/%(pages)s") % {"page": self.page_no(), "pages": "{nb}"}
        self.cell(0, 10, printable(page), align="C")

    def text_line(self, text: str = "", *, size: int = 10, style: str = "", height: float = 5):
        self.set_font("Helvetica", style=style, size=size)
        self.multi_cell(0, height, printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def lines_table(self, lines: tuple[StatementLine, ...], first_heading: str) -> None:
        """The lines as a table: each one's name, dates of care, paid, refunded and net."""
        self.set_font("Helvetica", size=9)
        with self.table(
            col_widths=(58, 58, 25, 25, 25),
            text_align=("LEFT", "LEFT", "RIGHT", "RIGHT", "RIGHT"),
            line_height=5,
        ) as rows:
            header = rows.row()
            for title in (
                first_heading,
                gettext("Dates of care"),
                gettext("Paid"),
                gettext("Refunded"),
                gettext("Net paid"),
            ):
                header.cell(printable(title))
            for item in lines:
                row = rows.row()
                name = item.class_name
                if item.cancelled:
                    name = gettext("%(class_name)s (cancelled)") % {"class_name": name}
                row.cell(printable(name))
                row.cell(printable(_dates_of_care(item)))
                row.cell(_money(item.paid, item.currency))
                row.cell(_money(item.given_back, item.currency))
                row.cell(_money(item.net, item.currency))
        self.ln(3)


def _payments_pdf(pdf: _StatementPdf, statement: Statement, currency: str) -> None:
    """The year's payments: dependent care first (the day camp, then extended care) with its own
    total, then the other classes."""
    if statement.dependent_care:
        pdf.text_line(gettext("Dependent care"), size=12, style="B", height=7)
        for kind, heading in (
            (CareKind.DAY_CAMP, gettext("Day camp (dependent care)")),
            (CareKind.EXTENDED_CARE, gettext("Extended care (dependent care)")),
        ):
            lines = tuple(item for item in statement.dependent_care if item.kind == kind)
            if lines:
                pdf.lines_table(lines, heading)
        if statement.dependent_care_add_ons > ZERO:
            pdf.text_line(
                gettext(
                    "Of these, add-ons bought with the care (lunch, a T-shirt), which are not "
                    "dependent care: %(amount)s"
                )
                % {"amount": _money(statement.dependent_care_add_ons, currency)}
            )
        pdf.text_line(
            gettext("Dependent care paid in %(year)s: %(amount)s")
            % {
                "year": statement.year,
                "amount": _money(statement.dependent_care_total, currency),
            },
            style="B",
        )
        pdf.ln(4)
    if statement.classes:
        if statement.dependent_care:
            pdf.text_line(gettext("Classes"), size=12, style="B", height=7)
        pdf.lines_table(statement.classes, gettext("Class"))
    if not statement.lines:
        pdf.text_line(gettext("No payments for care in %(year)s.") % {"year": statement.year})
        pdf.ln(2)


def statement_pdf(statement: Statement) -> bytes:
    """The statement as a PDF of US Letter pages, in the active language (the reader's)."""
    pdf = _StatementPdf(format="letter")
    pdf.set_title(
        printable(
            gettext("%(school)s: statement %(year)s")
            % {"school": settings.SCHOOL_NAME, "year": statement.year}
        )
    )
    pdf.set_author(printable(settings.SCHOOL_NAME))
    pdf.set_auto_page_break(auto=True, margin=20)
    pdf.add_page()

    line = pdf.text_line
    line(settings.SCHOOL_NAME, size=16, style="B", height=8)
    line(settings.SCHOOL_ADDRESS)
    line(gettext("Tax ID: %(tax_id)s") % {"tax_id": settings.SCHOOL_TAX_ID})
    reach = [gettext("E-mail: %(address)s") % {"address": settings.SCHOOL_REPLY_TO}]
    if settings.SCHOOL_PHONE:
        reach.insert(0, gettext("Phone: %(phone)s") % {"phone": settings.SCHOOL_PHONE})
    line("   ".join(reach))
    pdf.ln(6)

    line(
        gettext("Statement of payments for care in %(year)s") % {"year": statement.year},
        size=14,
        style="B",
        height=7,
    )
    line(gettext("Statement date: %(day)s") % {"day": _day(statement.made_on)})
    pdf.ln(3)
    family = statement.family
    line(
        gettext("Paid by: %(name)s (%(email)s)")
        % {"name": family.name or family.email, "email": family.email}
    )
    participant = statement.participant
    who = participant.name or family.name or family.email
    if participant.is_account_holder:
        line(gettext("Participant: %(name)s") % {"name": who})
    else:
        line(gettext("Child: %(name)s") % {"name": who})
    if participant.date_of_birth:
        line(gettext("Date of birth: %(day)s") % {"day": _day(participant.date_of_birth)})
    pdf.ln(4)

    currency = statement.lines[0].currency if statement.lines else "usd"

    _payments_pdf(pdf, statement, currency)
    line(
        gettext("Total paid for care in %(year)s: %(amount)s")
        % {"year": statement.year, "amount": _money(statement.total, currency)},
        size=12,
        style="B",
        height=7,
    )
    pdf.ln(4)
    line(
        gettext(
            "Paid is what was charged for the class; refunded is what was given back, to the "
            "card or as account credit. Classes are listed in the year of their first meeting. "
            "Free enrolments and classes refunded in full are not listed. Dependent care is the "
            "day camp (booked by the week or the day) and the before- and after-care paid for "
            "the child, each with all its days in the year; a day refunded in full is not "
            "counted."
        ),
        size=8,
        height=4,
    )
    return bytes(pdf.output())
