"""A move is judged as a cancellation and a new seat would be: the rules are asked as if the seat
given back were gone already (a class at the same hour is no clash with the one left), and the
family's seats after the move are priced by the one pricing function, so a discount the other
seats no longer earn is kept from what goes back, exactly as cancelling keeps it.

The season gives 10% off the second child (`testing/payment_fixtures.py`). Seats are paid as the
pricing said (`testing.pricing.paid_as_priced`); moves and cancellations settle in account
credit, so no card is asked and the family's net is what was paid less the credit given back.
"""

from decimal import Decimal

import pytest

from accounts.models import Role
from checkout.pricing import price_checkout
from payments.models import Payment, PaymentStatus, Transfer
from payments.selectors import credit_balance
from testing.factories import ChildFactory, UserFactory
from testing.pricing import paid_as_priced
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


def bought(family, child, camp_class) -> Payment:
    line = price_checkout(family, [(child, camp_class)]).lines[0]
    return paid_as_priced(family, child, camp_class, line)


def preview(client, payment: Payment, camp_class):
    response = client.get(
        f"/api/enrolments/{payment.enrolment_id}/transfer", {"classId": camp_class.pk}
    )
    assert response.status_code == 200, response.json()
    return response.json()


def moved(client, payment: Payment, camp_class, total):
    return client.post(
        f"/api/enrolments/{payment.enrolment_id}/transfer",
        {"classId": camp_class.pk, "settleWith": "credit", "total": total},
        format="json",
    )


def cancelled(client, payment: Payment, refund):
    return client.post(
        f"/api/enrolments/{payment.enrolment_id}/cancellation",
        {"refundAmount": refund, "refundTo": "credit"},
        format="json",
    )


class TestTheClassLeftIsNoClash:
    def test_a_class_at_the_same_hour_takes_the_move(self, as_family, family, season):
        mia = ChildFactory(account=family, first_name="Mia")
        pottery = a_season_class(season, "300.00", name="Wheel Pottery")
        clay = a_season_class(season, "300.00", name="Clay Studio")
        payment = bought(family, mia, pottery)

        shown = preview(as_family, payment, clay)
        response = moved(as_family, payment, clay, 0)

        assert (shown["refusals"], shown["total"]) == ([], 0.0)
        assert response.status_code == 201, response.json()
        payment.refresh_from_db()
        assert payment.camp_class == clay
        assert Transfer.objects.get().to_class == clay

    def test_another_class_of_the_child_at_that_hour_still_clashes(self, as_family, family, season):
        mia = ChildFactory(account=family, first_name="Mia")
        pottery = a_season_class(season, "300.00", name="Wheel Pottery")
        watercolour = a_season_class(season, "200.00", name="Watercolour", week=1)
        raku = a_season_class(season, "300.00", name="Raku", week=1)
        payment = bought(family, mia, pottery)
        bought(family, mia, watercolour)

        [refusal] = preview(as_family, payment, raku)["refusals"]
        response = moved(as_family, payment, raku, 0)

        assert refusal["code"] == "not_eligible"
        assert "Watercolour" in refusal["message"]
        assert (response.status_code, response.json()["code"]) == (409, "not_eligible")
        payment.refresh_from_db()
        assert payment.camp_class == pottery


@pytest.fixture
def free_class(season):
    return a_season_class(season, "0.00", name="Open Studio", week=3)


def siblings_of(family, season) -> tuple[Payment, Payment]:
    """Mia in a $300 class, paid in full; Leo in a $200 one, 10% off as the second child."""
    mia = ChildFactory(account=family, first_name="Mia")
    leo = ChildFactory(account=family, first_name="Leo")
    dear = bought(family, mia, a_season_class(season, "300.00", name="Wheel Pottery"))
    cheap = bought(family, leo, a_season_class(season, "200.00", name="Watercolour", week=1))
    assert (dear.price, cheap.price) == (D("300.00"), D("180.00"))
    return dear, cheap


def net_paid(family) -> Decimal:
    """What the family paid, less what came back to it as account credit."""
    paid = sum((p.price for p in Payment.objects.filter(student=family)), D("0.00"))
    return paid - credit_balance(family.pk)


class TestTheFamilysNet:
    def test_moving_the_dearest_child_to_a_free_class_nets_what_cancelling_nets(
        self, api_client_for, season, free_class, settings
    ):
        settings.CREDIT_REFUND_BONUS_PERCENT = D(0)
        cancelling = UserFactory(role=Role.STUDENT, name="Ana Silva")
        moving = UserFactory(role=Role.STUDENT, name="Bea Costa")
        dear_cancelled, _ = siblings_of(cancelling, season)
        dear_moved, _ = siblings_of(moving, season)

        # Cancelling Mia's seat: Leo is no longer a second child, so his $20 is kept back.
        as_cancelling = api_client_for(cancelling)
        quote = as_cancelling.get(
            f"/api/enrolments/{dear_cancelled.enrolment_id}/cancellation?refundTo=credit"
        ).json()
        assert (quote["refundAmount"], quote["withheldDiscount"]) == (280.0, 20.0)
        assert cancelled(as_cancelling, dear_cancelled, 280.0).status_code == 200
        # Moving her to a free class: Leo is the dearest child after it, the same $20 is kept.
        as_moving = api_client_for(moving)
        shown = preview(as_moving, dear_moved, free_class)
        assert (shown["newPrice"], shown["withheldDiscount"], shown["total"]) == (
            0.0,
            20.0,
            -280.0,
        )
        response = moved(as_moving, dear_moved, free_class, -280.0)
        assert response.status_code == 201, response.json()

        assert net_paid(cancelling) == net_paid(moving) == D("200.00")
        transfer = Transfer.objects.get()
        assert (transfer.difference, transfer.fee, transfer.withheld) == (
            D("-300.00"),
            D("0.00"),
            D("20.00"),
        )
        dear_cancelled.refresh_from_db()
        assert dear_cancelled.status == PaymentStatus.CANCELLED

    def test_a_move_that_leaves_every_discount_earned_keeps_nothing(
        self, as_family, family, season
    ):
        dear, _ = siblings_of(family, season)
        # Mia is still the dearest child in a $250 class: Leo's 10% stays earned.
        cheaper = a_season_class(season, "250.00", name="Slab Building", week=2)

        shown = preview(as_family, dear, cheaper)

        assert (shown["withheldDiscount"], shown["total"]) == (0.0, -50.0)

    def test_the_new_class_is_priced_without_the_seat_it_replaces(self, as_family, family, season):
        _, cheap = siblings_of(family, season)
        # Leo moving to a $400 class becomes the dearest child: he pays in full, and Mia, now
        # second, was never given her 10% (her seat is paid), so nothing more comes off.
        dearer = a_season_class(season, "400.00", name="Figure Drawing", week=2)

        shown = preview(as_family, cheap, dearer)

        assert (shown["currentPrice"], shown["newPrice"], shown["total"]) == (180.0, 370.0, 190.0)
