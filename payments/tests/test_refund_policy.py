"""The school's refund policy: its terms, what they give back, its words, the newest in force,
and the rules the database and the back office hold it to."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from accounts.models import Role
from payments.models import RefundPolicy
from payments.refund_policy import RefundTerms, RefundTier
from payments.selectors import refund_policy_in_force
from testing.factories import UserFactory

DEFAULT_WORDS = (
    "Cancel 14 days or more before the first meeting for a full refund; 13 to 7 days before, "
    "50% is refunded; fewer than 7 days before, or once the class has started, nothing is "
    "refunded."
)


class TestTheTerms:
    @pytest.mark.parametrize(
        ("days_before", "started", "tier"),
        [
            (None, False, RefundTier.FULL),
            (30, False, RefundTier.FULL),
            (14, False, RefundTier.FULL),
            (13, False, RefundTier.PARTIAL),
            (7, False, RefundTier.PARTIAL),
            (6, False, RefundTier.NONE),
            (0, False, RefundTier.NONE),
            (None, True, RefundTier.NONE),
            (30, True, RefundTier.NONE),
        ],
    )
    def test_the_tier_by_the_days_left(self, days_before, started, tier):
        assert RefundTerms().tier(days_before=days_before, started=started) == tier

    @pytest.mark.parametrize(
        ("terms", "paid", "tier", "refund"),
        [
            (RefundTerms(), "45.50", RefundTier.FULL, "45.50"),
            (RefundTerms(admin_fee=Decimal("5")), "45.50", RefundTier.FULL, "40.50"),
            # The fee is kept from a full refund only.
            (RefundTerms(admin_fee=Decimal("5")), "45.50", RefundTier.PARTIAL, "22.75"),
            # Never negative.
            (RefundTerms(admin_fee=Decimal("50")), "45.50", RefundTier.FULL, "0.00"),
            (RefundTerms(), "0.00", RefundTier.FULL, "0.00"),
            # Rounded to the cent, half up: 50% of $45.55 is $22.775.
            (RefundTerms(), "45.55", RefundTier.PARTIAL, "22.78"),
            (RefundTerms(), "45.50", RefundTier.NONE, "0.00"),
            # Never more than was paid, whatever a snapshot says.
            (RefundTerms(partial_refund_percent=150), "45.50", RefundTier.PARTIAL, "45.50"),
            (RefundTerms(admin_fee=Decimal("-5")), "45.50", RefundTier.FULL, "45.50"),
        ],
    )
    def test_what_goes_back(self, terms, paid, tier, refund):
        assert terms.refund_for(paid=Decimal(paid), tier=tier) == Decimal(refund)

    def test_a_snapshot_reads_back_the_same_terms(self):
        terms = RefundTerms(
            admin_fee=Decimal("7.50"),
            full_refund_days=21,
            partial_refund_days=3,
            partial_refund_percent=25,
        )

        assert terms.as_snapshot() == {
            "admin_fee": "7.50",
            "full_refund_days": 21,
            "partial_refund_days": 3,
            "partial_refund_percent": 25,
        }
        assert RefundTerms.from_snapshot(terms.as_snapshot()) == terms
        assert RefundTerms.from_snapshot(None) == RefundTerms()
        assert RefundTerms.from_snapshot({}) == RefundTerms()

    @pytest.mark.parametrize(
        ("terms", "words"),
        [
            (RefundTerms(), DEFAULT_WORDS),
            (
                RefundTerms(admin_fee=Decimal("5")),
                "Cancel 14 days or more before the first meeting for a full refund less a $5.00 "
                "administration fee; 13 to 7 days before, 50% is refunded; fewer than 7 days "
                "before, or once the class has started, nothing is refunded.",
            ),
            (
                RefundTerms(full_refund_days=8, partial_refund_days=7),
                "Cancel 8 days or more before the first meeting for a full refund; 7 days "
                "before, 50% is refunded; fewer than 7 days before, or once the class has "
                "started, nothing is refunded.",
            ),
            (
                RefundTerms(full_refund_days=7, partial_refund_days=7),
                "Cancel 7 days or more before the first meeting for a full refund; fewer than "
                "7 days before, or once the class has started, nothing is refunded.",
            ),
            (
                RefundTerms(partial_refund_percent=0),
                "Cancel 14 days or more before the first meeting for a full refund; fewer than "
                "14 days before, or once the class has started, nothing is refunded.",
            ),
            (
                RefundTerms(full_refund_days=1, partial_refund_days=0),
                "Cancel 1 day or more before the first meeting for a full refund; on the first "
                "day itself, 50% is refunded; once the class has started, nothing is refunded.",
            ),
            (
                RefundTerms(full_refund_days=3, partial_refund_days=0),
                "Cancel 3 days or more before the first meeting for a full refund; from 2 days "
                "before to the first day itself, 50% is refunded; once the class has started, "
                "nothing is refunded.",
            ),
            (
                RefundTerms(full_refund_days=0, partial_refund_days=0),
                "Cancel any time before the class starts for a full refund; once it has "
                "started, nothing is refunded.",
            ),
        ],
    )
    def test_the_words_families_read(self, terms, words):
        assert terms.text == words

    def test_tier_labels(self):
        terms = RefundTerms(admin_fee=Decimal("2.5"), partial_refund_percent=40)

        assert [terms.tier_label(tier) for tier in RefundTier] == [
            "Full refund less the $2.50 administration fee",
            "40% refund",
            "No refund",
        ]
        assert RefundTerms().tier_label(RefundTier.FULL) == "Full refund"


@pytest.mark.django_db
class TestThePolicyInForce:
    def test_the_defaults_when_the_school_set_none(self):
        assert refund_policy_in_force() == RefundTerms()
        assert refund_policy_in_force().text == DEFAULT_WORDS

    def test_the_newest_row_is_in_force(self):
        RefundPolicy.objects.create(full_refund_days=30)
        RefundPolicy.objects.create(admin_fee=Decimal("3.00"), partial_refund_percent=20)

        assert refund_policy_in_force() == RefundTerms(
            admin_fee=Decimal("3.00"), partial_refund_percent=20
        )

    @pytest.mark.parametrize(
        ("fields", "constraint"),
        [
            ({"admin_fee": Decimal("-0.01")}, "refund_policy_fee_gte_0"),
            ({"partial_refund_percent": 101}, "refund_policy_percent_0_to_100"),
            (
                {"full_refund_days": 6, "partial_refund_days": 7},
                "refund_policy_partial_within_full",
            ),
        ],
    )
    def test_the_database_holds_its_rules(self, fields, constraint):
        with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
            RefundPolicy.objects.create(**fields)


@pytest.mark.django_db
class TestTheBackOffice:
    @pytest.fixture
    def back_office(self) -> Client:
        client = Client()
        client.force_login(UserFactory(role=Role.ADMIN))
        return client

    def test_a_new_policy_is_added_and_shown_in_the_words_families_read(self, back_office):
        added = back_office.post(
            "/admin/payments/refundpolicy/add/",
            {
                "admin_fee": "5.00",
                "full_refund_days": "21",
                "partial_refund_days": "10",
                "partial_refund_percent": "40",
            },
        )
        listed = back_office.get("/admin/payments/refundpolicy/")

        assert added.status_code == 302
        assert refund_policy_in_force() == RefundTerms(
            admin_fee=Decimal("5.00"),
            full_refund_days=21,
            partial_refund_days=10,
            partial_refund_percent=40,
        )
        assert "Cancel 21 days or more before the first meeting" in listed.content.decode()

    def test_terms_that_do_not_hold_together_are_refused_with_the_form(self, back_office):
        refused = back_office.post(
            "/admin/payments/refundpolicy/add/",
            {
                "admin_fee": "0",
                "full_refund_days": "5",
                "partial_refund_days": "7",
                "partial_refund_percent": "50",
            },
        )

        assert refused.status_code == 200
        assert refused.context["adminform"].form.errors
        assert not RefundPolicy.objects.exists()

    def test_a_policy_once_in_force_is_not_rewritten_or_deleted(self, back_office):
        policy = RefundPolicy.objects.create()

        forged = back_office.post(
            f"/admin/payments/refundpolicy/{policy.pk}/change/",
            {
                "admin_fee": "9",
                "full_refund_days": "14",
                "partial_refund_days": "7",
                "partial_refund_percent": "50",
            },
        )
        deleted = back_office.post(
            f"/admin/payments/refundpolicy/{policy.pk}/delete/", {"post": "yes"}
        )

        assert forged.status_code == 403
        assert deleted.status_code == 403
        policy.refresh_from_db()
        assert policy.admin_fee == Decimal("0.00")
