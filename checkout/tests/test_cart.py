"""The family's cart (GET /api/cart): every selection of the family priced together, as a checkout
of them all would price them (`checkout.pricing.price_checkout`), never another family's."""

import pytest

from accounts.models import Role
from checkout.pricing import price_checkout
from testing.factories import ChildFactory, SelectionFactory, UserFactory
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db


@pytest.fixture
def children(family):
    return (
        ChildFactory(account=family, first_name="Mia"),
        ChildFactory(account=family, first_name="Leo"),
    )


@pytest.fixture
def classes(season):
    return (
        a_season_class(season, "300.00", name="Wheel Pottery"),
        a_season_class(season, "200.00", name="Watercolour", week=1),
    )


def line(selection, *, list_price, price, adjustments=()):
    return {
        "selectionId": selection.pk,
        "classId": selection.camp_class_id,
        "className": selection.camp_class.name,
        "unitOf": None,
        "unitLabel": "",
        "extendedCareId": None,
        "participantId": selection.participant_id,
        "participantName": selection.participant.name,
        "listPrice": list_price,
        "adjustments": list(adjustments),
        "price": price,
    }


def test_the_cart_is_every_selection_priced_together_with_the_sibling_discount(
    as_family, family, children, classes
):
    mia, leo = children
    pottery, watercolour = classes
    for_mia = SelectionFactory(student=family, participant=mia, camp_class=pottery)
    for_leo = SelectionFactory(student=family, participant=leo, camp_class=watercolour)

    response = as_family.get("/api/cart")

    assert response.status_code == 200
    # Mia's is the dearer class: Leo, the second child, has the season's 10% off.
    sibling = {"kind": "sibling", "label": "Sibling discount", "amount": -20.0}
    assert response.json() == {
        "count": 2,
        "total": 480.0,
        "lines": [
            line(for_mia, list_price=300.0, price=300.0),
            line(for_leo, list_price=200.0, price=180.0, adjustments=[sibling]),
        ],
    }
    checkout = price_checkout(family, [(mia, pottery), (leo, watercolour)])
    assert response.json()["total"] == float(checkout.total)


def test_a_selection_removed_leaves_the_cart_and_the_discount_with_it(
    as_family, family, children, classes
):
    mia, leo = children
    pottery, watercolour = classes
    for_mia = SelectionFactory(student=family, participant=mia, camp_class=pottery)
    for_leo = SelectionFactory(student=family, participant=leo, camp_class=watercolour)
    assert as_family.get("/api/cart").json()["total"] == 480.0

    assert as_family.delete(f"/api/selectClass/{for_mia.pk}").status_code == 200

    assert as_family.get("/api/cart").json() == {
        "count": 1,
        "total": 200.0,
        "lines": [line(for_leo, list_price=200.0, price=200.0)],
    }


def test_an_empty_cart_is_nothing_at_nothing(as_family):
    assert as_family.get("/api/cart").json() == {"count": 0, "total": 0.0, "lines": []}


def test_another_familys_selections_are_not_in_the_cart(api_client_for, family, children, classes):
    SelectionFactory(student=family, participant=children[0], camp_class=classes[0])
    other = UserFactory(role=Role.STUDENT)

    assert api_client_for(other).get("/api/cart").json() == {"count": 0, "total": 0.0, "lines": []}


@pytest.mark.parametrize("rows", [1, 6])
def test_the_cart_costs_the_same_queries_however_many_lines(
    as_family, family, season, django_assert_num_queries, rows
):
    for week in range(rows):
        child = ChildFactory(account=family)
        SelectionFactory(
            student=family,
            participant=child,
            camp_class=a_season_class(season, "100.00", week=week, name=f"Class {week}"),
        )

    # The caller; the selections with their classes and people; the classes' early-bird prices;
    # the season's price rules; what the family paid for in the season already; the add-ons
    # the classes and the season offer.
    with django_assert_num_queries(6):
        response = as_family.get("/api/cart")

    assert response.json()["count"] == rows
