"""A family's yearly statement for one child, over the API and read back from its PDF: the
school, the child, each class paid for in the year net of what went back, and the total; who may
have it, and what a bad address answers."""

import io
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.conf import settings
from django.utils import timezone, translation
from pypdf import PdfReader

from accounts.models import Role
from books.statements import statement_for
from classes.models import Class, Meeting
from extras.models import AddOn
from payments.models import (
    AddOnPurchase,
    CreditEntry,
    Instalment,
    InstalmentStatus,
    PaidBy,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
)
from payments.selectors import CARD
from payments.services.ledger import ledger_credit_given, ledger_instalment_paid, ledger_refund
from testing.dates import summer, summer_year
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory, PaymentFactory, UserFactory, scheduled_class
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

WEEKDAYS = (0, 1, 2, 3, 4)


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT, name="Rosa Lopez", email="rosa@family.test")


@pytest.fixture
def noa(family):
    return ChildFactory(account=family, first_name="Noa", last_name="Lopez")


def two_weeks(name: str, *, start: date, price: str = "100.00") -> Class:
    """A class meeting each weekday of two weeks from `start` (a Monday): ten days of care."""
    return scheduled_class(
        name=name, start=start, end=start + timedelta(days=11), days=WEEKDAYS, price=Decimal(price)
    )


def paid(family, child, camp_class: Class, status=PaymentStatus.ENROLLED, **more) -> Payment:
    return PaymentFactory(
        student=family, participant=child, camp_class=camp_class, status=status, **more
    )


def refund(payment: Payment, amount: str, status=RefundStatus.SUCCEEDED) -> Refund:
    made = Refund.objects.create(
        payment=payment,
        amount=Decimal(amount),
        idempotency_key=f"statement-refund-{payment.pk}-{amount}-{status}",
        status=status,
        stripe_refund_id="re_statement" if status == RefundStatus.SUCCEEDED else "",
    )
    ledger_refund(made)
    return made


def day(value: date) -> str:
    return f"{value:%b} {value.day}, {value.year}"


def dates_of_care(start: date) -> str:
    """As the statement gives the dates of a class of `two_weeks`."""
    return f"{day(start)} - {day(start + timedelta(days=11))} (10 days)"


def statement_text(response) -> str:
    """The PDF's text, its lines and wrapped cells joined by single spaces."""
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def get_statement(client, year: int, participant_id) -> object:
    return client.get(f"/api/statements/{year}.pdf", {"participantId": participant_id})


def test_the_statement_names_the_school_the_child_and_each_class_net_of_refunds(
    family, noa, api_client_for
):
    year = summer(7, 5).year
    clay = two_weeks("Clay Studio", start=summer(7, 5))
    paint = two_weeks("Watercolour", start=summer(7, 19), price="80.00")
    refund(paid(family, noa, clay), "30.00")
    paid(family, noa, paint)

    response = get_statement(api_client_for(family), year, noa.pk)
    text = statement_text(response)

    assert settings.SCHOOL_NAME in text
    assert settings.SCHOOL_ADDRESS in text
    assert f"Tax ID: {settings.SCHOOL_TAX_ID}" in text
    assert f"E-mail: {settings.SCHOOL_REPLY_TO}" in text
    assert f"Statement of payments for care in {year}" in text
    assert "Paid by: Rosa Lopez (rosa@family.test)" in text
    assert "Child: Noa Lopez" in text
    assert f"Date of birth: {day(noa.date_of_birth)}" in text
    assert f"Clay Studio {dates_of_care(summer(7, 5))} $100.00 $30.00 $70.00" in text
    assert f"Watercolour {dates_of_care(summer(7, 19))} $80.00 $0.00 $80.00" in text
    assert f"Total paid for care in {year}: $150.00" in text
    assert response["Content-Disposition"] == (
        f'attachment; filename="statement-{year}-noa-lopez.pdf"'
    )
    assert "no-store" in response["Cache-Control"]


def test_a_refund_reduces_the_net_and_only_a_refund_made_counts(family, noa):
    clay = two_weeks("Clay Studio", start=summer(7, 5))
    payment = paid(family, noa, clay)
    before = statement_for(participant=noa, year=summer(7, 5).year)
    refund(payment, "25.00")
    # Owed, not yet given back: not taken off.
    refund(payment, "10.00", status=RefundStatus.FAILED)

    after = statement_for(participant=noa, year=summer(7, 5).year)

    assert [line.net for line in before.lines] == [Decimal("100.00")]
    assert [(line.given_back, line.net) for line in after.lines] == [
        (Decimal("25.00"), Decimal("75.00"))
    ]
    assert after.total == Decimal("75.00")


def test_a_plans_instalments_paid_count_and_those_still_due_do_not(family, noa):
    clay = two_weeks("Clay Studio", start=summer(7, 5), price="400.00")
    deposit = paid(family, noa, clay, price=Decimal("100.00"), plan_label="Deposit and two")
    for amount, status, paid_by, charge in (
        ("150.00", InstalmentStatus.PAID, PaidBy.CARD, "pi_statement_first"),
        ("150.00", InstalmentStatus.DUE, "", ""),
    ):
        instalment = Instalment.objects.create(
            payment=deposit,
            due_on=summer(6, 1),
            amount=Decimal(amount),
            status=status,
            paid_by=paid_by,
            payment_intent_id=charge,
        )
        if status == InstalmentStatus.PAID:
            ledger_instalment_paid(instalment)

    statement = statement_for(participant=noa, year=summer(7, 5).year)

    assert [(line.paid, line.net) for line in statement.lines] == [
        (Decimal("250.00"), Decimal("250.00"))
    ]


def test_credit_taken_instead_of_a_refund_counts_as_given_back_never_more_than_paid(family, noa):
    clay = two_weeks("Clay Studio", start=summer(7, 5))
    paint = two_weeks("Watercolour", start=summer(7, 19))
    kept_part = paid(family, noa, clay, status=PaymentStatus.CANCELLED)
    ledger_credit_given(kept_part, Decimal("40.00"), reason="Refund as credit", drawn=(CARD,))
    # The school's bonus on credit makes it more than the class cost: refunded in full.
    all_back = paid(family, noa, paint, status=PaymentStatus.CANCELLED)
    ledger_credit_given(
        all_back,
        Decimal("100.00"),
        bonus=Decimal("10.00"),
        reason="Refund as credit",
        drawn=(CARD,),
    )
    # Credit spent elsewhere, and credit granted for no payment, are not this payment's.
    CreditEntry.objects.create(family=family, amount=Decimal("-20.00"), reason="Spent")
    CreditEntry.objects.create(family=family, amount=Decimal("15.00"), reason="Goodwill")

    statement = statement_for(participant=noa, year=summer(7, 5).year)

    assert [(line.class_name, line.cancelled, line.net) for line in statement.lines] == [
        ("Clay Studio", True, Decimal("60.00"))
    ]
    assert statement.total == Decimal("60.00")


def test_a_cancelled_class_says_so_on_its_line(family, noa, api_client_for):
    clay = two_weeks("Clay Studio", start=summer(7, 5))
    refund(paid(family, noa, clay, status=PaymentStatus.CANCELLED), "50.00")

    text = statement_text(get_statement(api_client_for(family), summer(7, 5).year, noa.pk))

    assert f"Clay Studio (cancelled) {dates_of_care(summer(7, 5))} $100.00 $50.00 $50.00" in text


def test_only_care_paid_for_is_listed(family, noa):
    year = summer(7, 5).year
    kept = paid(family, noa, two_weeks("Clay Studio", start=summer(7, 5)))
    # Charged, the seat not yet decided; refunded by the school; free; refunded in full.
    paid(family, noa, two_weeks("Pending", start=summer(7, 5)), status=PaymentStatus.ENROLL_PENDING)
    paid(family, noa, two_weeks("Refunded", start=summer(7, 5)), status=PaymentStatus.REFUNDED)
    paid(family, noa, two_weeks("Free", start=summer(7, 5), price="0.00"))
    refund(paid(family, noa, two_weeks("All back", start=summer(7, 5))), "100.00")
    # Another child of the family, and another family's payment in the same class.
    paid(family, ChildFactory(account=family), kept.camp_class, transaction_id="pi_sibling")
    stranger = UserFactory(role=Role.STUDENT)
    paid(stranger, ChildFactory(account=stranger), kept.camp_class, transaction_id="pi_other")

    statement = statement_for(participant=noa, year=year)

    assert [line.class_name for line in statement.lines] == ["Clay Studio"]
    assert statement.total == Decimal("100.00")


def test_a_class_belongs_to_the_year_of_its_first_meeting_and_counts_its_days_held(family, noa):
    year = summer_year()
    # Over New Year: one line, in the year it began, with all its days.
    winter = scheduled_class(
        name="Winter Sketching",
        start=date(year, 12, 28),
        end=date(year + 1, 1, 8),
        days=WEEKDAYS,
        price=Decimal("90.00"),
    )
    summer_class = two_weeks("Clay Studio", start=summer(7, 5))
    paid(family, noa, winter)
    paid(family, noa, summer_class)
    # A meeting called off is no day of care.
    Meeting.objects.filter(camp_class=summer_class, day=summer(7, 5)).update(cancelled=True)
    held = Meeting.objects.filter(camp_class=winter, cancelled=False).order_by("day")

    this_year = statement_for(participant=noa, year=year)
    next_year = statement_for(participant=noa, year=year + 1)

    assert [
        (line.class_name, line.first_day, line.last_day, line.days) for line in this_year.lines
    ] == [
        ("Clay Studio", summer(7, 6), summer(7, 16), 9),
        ("Winter Sketching", held.first().day, held.last().day, held.count()),
    ]
    assert held.last().day.year == year + 1
    assert next_year.lines == ()


def test_a_year_with_nothing_paid_is_a_statement_that_says_so(family, noa, api_client_for):
    paid(family, noa, two_weeks("Clay Studio", start=summer(7, 5)))
    quiet_year = summer_year() + 1

    text = statement_text(get_statement(api_client_for(family), quiet_year, noa.pk))

    assert "Child: Noa Lopez" in text
    assert f"No payments for care in {quiet_year}." in text
    assert f"Total paid for care in {quiet_year}: $0.00" in text
    assert "Clay Studio" not in text


def test_a_name_outside_latin_1_is_shown_by_its_letters(family, api_client_for):
    child = ChildFactory(account=family, first_name="Zoë", last_name="Nguyễn")

    text = statement_text(get_statement(api_client_for(family), summer_year(), child.pk))

    assert "Child: Zoë Nguyen" in text


def test_another_familys_child_or_an_unknown_one_is_not_found(family, noa, api_client_for):
    paid(family, noa, two_weeks("Clay Studio", start=summer(7, 5)))
    stranger = api_client_for(UserFactory(role=Role.STUDENT))
    year = summer(7, 5).year

    theirs = get_statement(stranger, year, noa.pk)
    unknown = get_statement(api_client_for(family), year, noa.pk + 1000)

    assert (theirs.status_code, theirs.json()) == (
        404,
        {"message": "No such person in your family."},
    )
    assert (unknown.status_code, unknown.json()) == (
        404,
        {"message": "No such person in your family."},
    )


@pytest.mark.parametrize(
    ("year", "query", "field"),
    [
        (2030, {}, "participantId"),
        (2030, {"participantId": "noa"}, "participantId"),
        (2030, {"participantId": "0"}, "participantId"),
        (2030, {"participantId": str(2**63)}, "participantId"),
        (1999, {"participantId": "1"}, "year"),
        (2101, {"participantId": "1"}, "year"),
        (10**20, {"participantId": "1"}, "year"),
    ],
)
def test_a_missing_or_bad_participant_or_year_is_a_400_naming_it(
    year, query, field, family, api_client_for
):
    response = api_client_for(family).get(f"/api/statements/{year}.pdf", query)

    assert response.status_code == 400
    assert list(response.json()["errors"]) == [field]


def test_a_year_that_is_no_number_is_not_found(family, noa, api_client_for):
    response = api_client_for(family).get(
        "/api/statements/this-year.pdf", {"participantId": noa.pk}
    )

    assert response.status_code == 404
    assert response.json()["message"]


@pytest.mark.parametrize(("role", "status"), [(Role.INSTRUCTOR, 403), (Role.ADMIN, 403)])
def test_only_families_have_statements(role, status, noa, api_client, api_client_for):
    staff = api_client_for(UserFactory(role=role))

    assert get_statement(staff, summer_year(), noa.pk).status_code == status
    assert get_statement(api_client, summer_year(), noa.pk).status_code == 401


def test_the_statement_is_read_in_one_query_however_many_classes(
    family, noa, django_assert_num_queries
):
    for week in range(3):
        paid(family, noa, two_weeks(f"Class {week}", start=summer(7, 5) + timedelta(weeks=week)))

    with django_assert_num_queries(1):
        statement = statement_for(participant=noa, year=summer(7, 5).year)

    assert len(statement.lines) == 3


def test_a_class_paid_with_account_credit_is_care_paid_for(family, noa):
    credit = {"kind": "credit", "label": "Account credit", "amount": "-40.00"}
    paid(
        family,
        noa,
        two_weeks("Clay Studio", start=summer(7, 5)),
        price=Decimal("60.00"),
        adjustments=[credit],
    )
    paid(
        family,
        noa,
        two_weeks("Watercolour", start=summer(7, 19)),
        price=Decimal("0.00"),
        transaction_id="free_checkout7:1",
        adjustments=[{**credit, "amount": "-100.00"}],
    )

    statement = statement_for(participant=noa, year=summer(7, 5).year)

    # Credit is money the family paid before (a refund taken as credit, given back on that
    # class's line): spent here, it is paid for this care.
    assert [(line.class_name, line.paid, line.net) for line in statement.lines] == [
        ("Clay Studio", Decimal("100.00"), Decimal("100.00")),
        ("Watercolour", Decimal("100.00"), Decimal("100.00")),
    ]


# -- Dependent care: a day camp's weeks and extended care -------------------------------------


def test_day_camp_weeks_and_after_care_are_listed_apart_as_dependent_care(
    family, noa, api_client_for
):
    season = a_season(starts_on=summer(7, 5), days=30)
    camp = a_day_camp(season, "200.00", weeks=2)
    week_1, week_2 = units(camp)
    option = after_care(season)
    paid(family, noa, week_1)
    paid(family, noa, week_2)
    # After-care every day of week 1 at the weekly rate, one day of it cancelled and refunded in
    # full, another refunded by the school: neither is a day of care.
    care = [
        paid(family, noa, day, price=Decimal("20.00"), transaction_id=f"pi_care_{n}")
        for n, day in enumerate(care_days_of(option, week_1))
    ]
    Payment.objects.filter(pk=care[3].pk).update(status=PaymentStatus.CANCELLED)
    refund(care[3], "20.00")
    Payment.objects.filter(pk=care[4].pk).update(status=PaymentStatus.REFUNDED)
    clay = two_weeks("Clay Studio", start=summer(7, 19))
    paid(family, noa, clay)

    statement = statement_for(participant=noa, year=summer(7, 5).year)

    assert [
        (line.kind, line.class_name, line.first_day, line.last_day, line.days, line.net)
        for line in statement.lines
    ] == [
        ("day camp", "Art Explorers", week_1.start_date, week_2.end_date, 10, Decimal("400.00")),
        ("extended care", "After-care", week_1.start_date, summer(7, 7), 3, Decimal("60.00")),
        ("class", "Clay Studio", summer(7, 19), summer(7, 30), 10, Decimal("100.00")),
    ]
    assert (statement.dependent_care_total, statement.total) == (
        Decimal("460.00"),
        Decimal("560.00"),
    )
    text = statement_text(get_statement(api_client_for(family), summer(7, 5).year, noa.pk))
    assert settings.SCHOOL_ADDRESS in text and f"Tax ID: {settings.SCHOOL_TAX_ID}" in text
    assert (
        "Day camp (dependent care) Dates of care Paid Refunded Net paid Art Explorers "
        f"{day(summer(7, 5))} - {day(summer(7, 16))} (10 days) $400.00 $0.00 $400.00"
    ) in text
    assert (
        "Extended care (dependent care) Dates of care Paid Refunded Net paid After-care "
        f"{day(summer(7, 5))} - {day(summer(7, 7))} (3 days) $60.00 $0.00 $60.00"
    ) in text
    assert f"Dependent care paid in {summer(7, 5).year}: $460.00" in text
    assert f"Clay Studio {dates_of_care(summer(7, 19))} $100.00 $0.00 $100.00" in text
    assert f"Total paid for care in {summer(7, 5).year}: $560.00" in text


def test_lunch_bought_with_day_camp_days_is_said_apart_and_is_no_dependent_care(
    family, noa, api_client_for
):
    season = a_season(starts_on=summer(7, 5), days=30)
    camp = a_day_camp(season, "200.00", weeks=2)
    week_1, week_2 = units(camp)
    lunch = AddOn.objects.create(
        camp_class=camp, label="Lunch", price=Decimal("9.50"), per_day=True
    )
    for week in (week_1, week_2):
        payment = paid(family, noa, week, price=Decimal("247.50"))
        AddOnPurchase.objects.create(
            payment=payment, add_on=lunch, label="Lunch ×5", quantity=5, amount=Decimal("47.50")
        )
    # Week 2's lunches were given back with a refund of them (the seat kept).
    AddOnPurchase.objects.filter(payment__camp_class=week_2).update(returned_at=timezone.now())
    refund(Payment.objects.get(camp_class=week_2), "47.50")

    statement = statement_for(participant=noa, year=summer(7, 5).year)

    [line] = statement.lines
    assert (line.net, line.add_ons, line.care) == (
        Decimal("447.50"),
        Decimal("47.50"),
        Decimal("400.00"),
    )
    assert (statement.dependent_care_total, statement.total) == (
        Decimal("400.00"),
        Decimal("447.50"),
    )
    text = statement_text(get_statement(api_client_for(family), summer(7, 5).year, noa.pk))
    assert (
        "Of these, add-ons bought with the care (lunch, a T-shirt), which are not dependent "
        "care: $47.50"
    ) in text
    assert f"Dependent care paid in {summer(7, 5).year}: $400.00" in text


def test_a_spanish_reading_family_reads_its_statement_in_spanish_whatever_the_request_asks(
    family, noa, api_client_for
):
    family.language = "es"
    family.save(update_fields=["language"])
    year = summer(7, 5).year
    clay = two_weeks("Clay Studio", start=summer(7, 5))
    refund(paid(family, noa, clay, status=PaymentStatus.CANCELLED), "30.00")
    start, end = summer(7, 5), summer(7, 5) + timedelta(days=11)

    # The request's own language (a browser set to English) does not choose the statement's.
    with translation.override("en"):
        text = statement_text(get_statement(api_client_for(family), year, noa.pk))

    assert f"Estado de cuenta de pagos por cuidado en {year}" in text
    assert "Pagado por: Rosa Lopez (rosa@family.test)" in text
    assert "Niño: Noa Lopez" in text
    assert "Fechas de cuidado Pagado Reembolsado Pagado neto" in text
    # Day, month and year in Spanish order, the month's short name in Spanish.
    spanish_month = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct")
    spanish_day = f"{start.day} {spanish_month[start.month - 1]} {start.year}"
    assert f"Clay Studio (cancelada) {spanish_day} - " in text
    assert f"{end.year} (10 días) $100.00 $30.00 $70.00" in text
    assert f"Total pagado por cuidado en {year}: $70.00" in text
    assert "Página 1/1" in text
    for english in ("Statement of payments", "Paid by", "Dates of care", "Child:", "(cancelled)"):
        assert english not in text


def test_an_english_reading_family_reads_its_statement_in_english_from_a_spanish_browser(
    family, noa, api_client_for
):
    year = summer(7, 5).year
    paid(family, noa, two_weeks("Clay Studio", start=summer(7, 5)))

    with translation.override("es"):
        text = statement_text(get_statement(api_client_for(family), year, noa.pk))

    assert f"Statement of payments for care in {year}" in text
    assert f"Clay Studio {dates_of_care(summer(7, 5))} $100.00 $0.00 $100.00" in text
    assert "Estado de cuenta" not in text
