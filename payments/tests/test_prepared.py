"""payments.prepared: what each statement reads (a family's payment history, a selection as paying
for it reads it, a season's price rules) is what the ORM answers for the same data, on the
database the suite runs on."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from classes.models import Class
from enrolments.models import Selection
from payments.models import (
    EarlyBirdPrice,
    MultiClassDiscount,
    Payment,
    Refund,
    RefundPolicy,
    RefundStatus,
    Scholarship,
    SiblingDiscount,
    StripeCustomer,
)
from payments.prepared import season_rules, selection_to_pay
from payments.services.ledger import ledger_refund
from testing.factories import (
    ChildFactory,
    ClassFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
)
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


def columns(instance) -> dict:
    """Every column's value as the model holds it; a decimal by its digits too (12.50, not 12.5)."""
    values = {
        field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields
    }
    return {
        name: str(value) if isinstance(value, Decimal) else value for name, value in values.items()
    }


def refund(payment, amount: str, status: str) -> Refund:
    made = Refund.objects.create(
        payment=payment,
        amount=Decimal(amount),
        idempotency_key=f"refund-{payment.pk}-{amount}-{status}",
        status=status,
        stripe_refund_id="re_test" if status == RefundStatus.SUCCEEDED else "",
    )
    ledger_refund(made)
    return made


def test_a_selection_to_pay_is_what_the_orm_reads_of_it():
    student = UserFactory()
    child = ChildFactory(account=student)
    season = a_season()
    camp_class = ClassFactory(season=season, price=Decimal("80.10"))
    selection = SelectionFactory(student=student, participant=child, camp_class=camp_class)
    early = EarlyBirdPrice.objects.create(
        camp_class=camp_class, price=Decimal("70.00"), until=timezone.now() + timedelta(days=3)
    )
    RefundPolicy.objects.create(full_refund_days=20, created_at=timezone.now() - timedelta(days=9))
    newest = RefundPolicy.objects.create(admin_fee=Decimal("5.25"), full_refund_days=10)
    StripeCustomer.objects.create(student=student, customer_id="cus_test_family")
    paid = PaymentFactory(student=student, setup_intent_id="seti_family", transaction_id="pi_a")
    PaymentFactory(student=student, setup_intent_id="seti_family", transaction_id="pi_b")
    PaymentFactory(setup_intent_id="seti_other")

    with CaptureQueriesContext(connection) as queries:
        read = selection_to_pay(
            student=student, selection_id=selection.pk, setup_intent_id="seti_family"
        )
        camp = read.selection.camp_class
        read.selection.student, read.selection.participant, camp.instructor, camp.season  # noqa: B018

    assert len(queries) == 1
    ordinary = Selection.objects.select_related(
        "participant", "camp_class__instructor", "camp_class__season"
    ).get(pk=selection.pk)
    assert columns(read.selection) == columns(ordinary)
    assert read.selection.student is student
    assert columns(read.selection.participant) == columns(ordinary.participant)
    assert columns(camp) == columns(ordinary.camp_class)
    assert columns(camp.instructor) == columns(ordinary.camp_class.instructor)
    assert columns(camp.season) == columns(season)
    assert columns(read.early_bird) == columns(early)
    assert columns(read.refund_policy) == columns(
        RefundPolicy.objects.order_by("-created_at", "-id").first()
    )
    assert read.refund_policy.pk == newest.pk
    # The first payment made with the saved card; by a charge's id, that charge's.
    assert (read.earlier_payment_id, read.customer_id) == (paid.pk, "cus_test_family")
    by_charge = selection_to_pay(student=student, selection_id=selection.pk, transaction_id="pi_b")
    assert by_charge.earlier_payment_id == Payment.objects.get(transaction_id="pi_b").pk

    # Nothing of the kind: no early-bird price, no policy, no earlier payment, no customer.
    other = SelectionFactory(camp_class=ClassFactory())
    EarlyBirdPrice.objects.all().delete()
    RefundPolicy.objects.all().delete()
    bare = selection_to_pay(student=other.student, selection_id=other.pk, setup_intent_id="seti_x")
    assert (bare.early_bird, bare.refund_policy, bare.earlier_payment_id, bare.customer_id) == (
        None,
        None,
        None,
        "",
    )
    assert bare.selection.camp_class.season is None
    # Another family's selection is no selection of theirs.
    assert selection_to_pay(student=student, selection_id=other.pk) is None
    assert selection_to_pay(student=student, selection_id=2**63) is None


def test_a_season_s_price_rules_are_its_rows():
    family = UserFactory()
    summer, autumn, winter = a_season("Summer"), a_season("Autumn"), a_season("Winter")
    sibling = SiblingDiscount.objects.create(
        season=summer, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    grant = Scholarship.objects.create(season=summer, family=family, percent=Decimal(50))
    Scholarship.objects.create(season=summer, family=UserFactory(), amount=Decimal(30))
    tiers = [
        MultiClassDiscount.objects.create(season=autumn, nth=nth, percent=Decimal(nth))
        for nth in (3, 2)
    ]

    # As the database keeps them (a percent by its digits: 10.00).
    for row in (sibling, grant, *tiers):
        row.refresh_from_db()

    with CaptureQueriesContext(connection) as queries:
        rules = season_rules(season_ids=[summer.pk, autumn.pk, winter.pk], family_id=family.pk)

    assert len(queries) == 1
    assert {season: columns(rule) for season, rule in rules.siblings.items()} == {
        summer.pk: columns(sibling)
    }
    assert {season: columns(rule) for season, rule in rules.scholarships.items()} == {
        summer.pk: columns(grant)
    }
    assert {season: [columns(t) for t in ts] for season, ts in rules.tiers.items()} == {
        autumn.pk: [columns(tiers[1]), columns(tiers[0])]
    }
    assert season_rules(season_ids=[], family_id=family.pk) == ({}, {}, {})


def rules_columns(rules) -> tuple:
    return (
        {season: columns(rule) for season, rule in rules.siblings.items()},
        {season: columns(rule) for season, rule in rules.scholarships.items()},
        {season: [columns(tier) for tier in tiers] for season, tiers in rules.tiers.items()},
    )


def test_a_selection_to_pay_brings_its_season_s_price_rules_for_the_family():
    family = UserFactory()
    season = a_season()
    camp_class = ClassFactory(season=season, price=Decimal("80.10"))
    selection = SelectionFactory(student=family, camp_class=camp_class)
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    Scholarship.objects.create(season=season, family=family, percent=Decimal(50))
    Scholarship.objects.create(season=season, family=UserFactory(), amount=Decimal(30))
    for nth in (4, 2, 3):
        MultiClassDiscount.objects.create(season=season, nth=nth, percent=Decimal(nth))
    other_season = a_season("Autumn")
    MultiClassDiscount.objects.create(season=other_season, nth=2, percent=Decimal(5))

    with CaptureQueriesContext(connection) as queries:
        read = selection_to_pay(student=family, selection_id=selection.pk)

    assert len(queries) == 1
    expected = season_rules(season_ids=[season.pk], family_id=family.pk)
    assert rules_columns(read.season_rules) == rules_columns(expected)
    assert [tier.nth for tier in read.season_rules.tiers[season.pk]] == [2, 3, 4]
    # One row per tier: the selection is read from the first, whole.
    assert columns(read.selection) == columns(Selection.objects.get(pk=selection.pk))
    assert columns(read.selection.camp_class) == columns(Class.objects.get(pk=camp_class.pk))
    # A class of no season has no rules.
    bare = SelectionFactory(student=family, camp_class=ClassFactory())
    assert selection_to_pay(student=family, selection_id=bare.pk).season_rules == ({}, {}, {})
