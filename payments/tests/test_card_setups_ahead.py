"""The worker makes a family's next SetupIntent ahead, so that a hold asks Stripe nothing: the hold
takes it for its selection (`CardSetupClaim`), and the card saved into it pays for that selection
alone. Against localstripe; the holds and payments go through the API."""

import logging

import pytest
import requests
from django.core.management import call_command

from accounts.models import Role
from core.provider_waits import provider_waits
from payments.models import CardSetupClaim, Payment, PaymentStatus, StripeCustomer
from payments.prepared import ready_setup_claim
from payments.services.customers import card_setups_made_ahead, customer_made_ahead
from payments.tasks import stripe_customer_make
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory, UserFactory
from testing.faults import stripe_gives_up_after, stripe_line

pytestmark = pytest.mark.django_db


def hold(client, selection) -> str:
    """Open the payment page of `selection`: the client secret it gave."""
    answer = client.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
    assert answer.status_code == 200, answer.content
    return answer.json()["clientSecret"]


def card_saved(client_secret: str, family) -> str:
    saved = stripe_js.confirm_card_setup(client_secret, email=family.email, name=family.name)
    assert "setupIntent" in saved, saved
    return saved["setupIntent"]["id"]


def pay(client, selection, setup_intent_id: str):
    return client.post(
        "/api/payments",
        {"payId": selection.pk, "setupIntentId": setup_intent_id},
        format="json",
    )


def ready_of(family) -> tuple[str, str]:
    return StripeCustomer.objects.values_list("ready_setup_intent_id", "ready_client_secret").get(
        student=family
    )


def test_registering_makes_the_customer_and_a_setup_intent_under_it_once(localstripe, student):
    stripe_customer_make.apply(args=[student.pk])
    made = ready_of(student)
    stripe_customer_make.apply(args=[student.pk])

    assert ready_of(student) == made
    setup_intent_id, client_secret = made
    assert client_secret.startswith(f"{setup_intent_id}_secret_")
    at_stripe = stripe_js.stripe_get(f"/v1/setup_intents/{setup_intent_id}")
    assert at_stripe["customer"] == StripeCustomer.objects.get(student=student).customer_id
    # The family's, for no selection yet.
    assert at_stripe["metadata"] == {
        "app": "camp",
        "student_id": str(student.pk),
        "student_email": student.email,
    }


def test_a_hold_takes_the_setup_intent_made_ahead_and_asks_stripe_nothing(
    localstripe, student, as_student, selection
):
    customer_made_ahead(student_id=student.pk)
    setup_intent_id, client_secret = ready_of(student)
    before = provider_waits()

    given = hold(as_student, selection)

    assert (provider_waits() - before).calls == 0
    assert given == client_secret
    assert ready_of(student) == ("", "")
    [claim] = CardSetupClaim.objects.all()
    assert (claim.setup_intent_id, claim.selection_id, claim.camp_class_id) == (
        setup_intent_id,
        selection.pk,
        selection.camp_class_id,
    )


def test_the_card_saved_into_it_pays_for_the_selection_that_took_it(
    localstripe, student, as_student, selection
):
    customer_made_ahead(student_id=student.pk)
    setup_intent_id = card_saved(hold(as_student, selection), student)

    paid = pay(as_student, selection, setup_intent_id)
    again = pay(as_student, selection, setup_intent_id)

    assert paid.status_code == 201, paid.json()
    payment = Payment.objects.get()
    assert payment.status == PaymentStatus.ENROLLED
    assert payment.setup_intent_id == setup_intent_id
    assert stripe_js.payment_intent(payment.transaction_id)["amount"] == 4550
    # A retry is the same payment, charged once.
    assert again.status_code in (200, 201), again.json()
    assert again.json()["_id"] == paid.json()["_id"]
    assert Payment.objects.count() == 1


def test_a_second_hold_makes_its_own_and_neither_card_pays_for_the_other_selection(
    localstripe, student, as_student, selection, pottery
):
    customer_made_ahead(student_id=student.pk)
    brother = SelectionFactory(
        student=student, participant=ChildFactory(account=student), camp_class=pottery
    )
    taken = card_saved(hold(as_student, selection), student)
    before = provider_waits()
    made_now = card_saved(hold(as_student, brother), student)

    # None was ready for the second: it asked Stripe for one, made for its own selection.
    assert (provider_waits() - before).calls == 1
    assert stripe_js.stripe_get(f"/v1/setup_intents/{made_now}")["metadata"]["selection_id"] == (
        str(brother.pk)
    )
    crossed = [pay(as_student, brother, taken), pay(as_student, selection, made_now)]
    assert [answer.status_code for answer in crossed] == [400, 400]
    assert crossed[0].json()["errors"]["setupIntentId"] == [
        "This card was not saved for this selected class."
    ]
    assert not Payment.objects.exists()
    assert pay(as_student, selection, taken).status_code == 201
    assert pay(as_student, brother, made_now).status_code == 201


def test_another_family_cannot_pay_with_a_setup_intent_taken_by_a_hold_of_yours(
    localstripe, api_client_for, student, as_student, selection, pottery
):
    customer_made_ahead(student_id=student.pk)
    taken = card_saved(hold(as_student, selection), student)
    other = UserFactory(role=Role.STUDENT)
    theirs = SelectionFactory(student=other, camp_class=pottery)
    as_other = api_client_for(other)
    hold(as_other, theirs)

    answer = pay(as_other, theirs, taken)

    assert answer.status_code == 400, answer.json()
    assert not Payment.objects.exists()


def test_of_two_holds_at_once_one_takes_the_setup_intent(localstripe, student, selection, pottery):
    customer_made_ahead(student_id=student.pk)
    setup_intent_id, _ = ready_of(student)
    brother = SelectionFactory(
        student=student, participant=ChildFactory(account=student), camp_class=pottery
    )

    taken = [
        ready_setup_claim(
            student_id=student.pk,
            setup_intent_id=setup_intent_id,
            selection_id=chosen.pk,
            camp_class_id=pottery.pk,
        )
        for chosen in (selection, brother)
    ]

    assert taken == [True, False]
    assert list(CardSetupClaim.objects.values_list("selection_id", flat=True)) == [selection.pk]


def test_beat_makes_the_next_one_for_families_who_took_theirs_and_still_have_a_class_selected(
    localstripe, student, as_student, selection
):
    customer_made_ahead(student_id=student.pk)
    taken, _ = ready_of(student)
    hold(as_student, selection)
    # A family with nothing selected has no payment page to open.
    idle = UserFactory(role=Role.STUDENT)
    customer_made_ahead(student_id=idle.pk)
    StripeCustomer.objects.filter(student=idle).update(
        ready_setup_intent_id="", ready_client_secret=""
    )

    assert card_setups_made_ahead() == 1
    assert card_setups_made_ahead() == 0

    setup_intent_id, client_secret = ready_of(student)
    assert setup_intent_id and setup_intent_id != taken
    assert client_secret.startswith(f"{setup_intent_id}_secret_")
    assert ready_of(idle) == ("", "")


def test_beat_makes_at_most_its_share_at_each_run(localstripe, pottery):
    families = [UserFactory(role=Role.STUDENT) for _ in range(3)]
    for family in families:
        customer_made_ahead(student_id=family.pk)
        SelectionFactory(student=family, camp_class=pottery)
    StripeCustomer.objects.update(ready_setup_intent_id="", ready_client_secret="")

    assert card_setups_made_ahead(limit=2) == 2
    assert StripeCustomer.objects.filter(ready_setup_intent_id="").count() == 1
    assert card_setups_made_ahead(limit=2) == 1


def test_a_customer_stripe_lost_is_made_again_with_the_setup_intent(
    localstripe, student, as_student, selection
):
    customer_made_ahead(student_id=student.pk)
    # A fresh localstripe, or another Stripe account: the Customer on record is unknown there.
    StripeCustomer.objects.filter(student=student).update(
        customer_id="cus_lost", ready_setup_intent_id="", ready_client_secret=""
    )

    assert card_setups_made_ahead() == 1

    customer = StripeCustomer.objects.get(student=student)
    assert customer.customer_id != "cus_lost"
    at_stripe = stripe_js.stripe_get(f"/v1/setup_intents/{customer.ready_setup_intent_id}")
    assert at_stripe["customer"] == customer.customer_id


def test_stripe_unreachable_leaves_the_setup_intent_to_the_hold_with_one_warning(
    localstripe, settings, caplog, student, as_student, selection
):
    customer_made_ahead(student_id=student.pk)
    StripeCustomer.objects.filter(student=student).update(
        ready_setup_intent_id="", ready_client_secret=""
    )
    with stripe_line(localstripe) as line:
        settings.STRIPE_API_BASE = line.url
        line.stop_now()
        with stripe_gives_up_after(settings, 1.0), caplog.at_level(logging.WARNING):
            card_setups_made_ahead()
    settings.STRIPE_API_BASE = localstripe

    assert ready_of(student) == ("", "")
    [said] = [record for record in caplog.records if record.name == "payments.services.customers"]
    assert said.levelno == logging.WARNING and said.exc_info is None
    assert f"No SetupIntent made ahead for student {student.pk}" in said.getMessage()
    # The hold makes one for its selection, as before.
    card_saved(hold(as_student, selection), student)
    assert not CardSetupClaim.objects.exists()


def test_pointing_a_new_localstripe_at_the_site_forgets_what_an_earlier_one_made_ahead(
    localstripe, student
):
    customer_made_ahead(student_id=student.pk)

    call_command("stripe_local_webhook", url="http://127.0.0.1:9/unused", name="camp-tests-ahead")
    # The hook posts no event to anyone after this test.
    requests.post(
        f"{localstripe}/_config/webhooks/camp-tests-ahead",
        json={"url": "http://127.0.0.1:9/unused", "secret": "unused", "events": []},
        timeout=10,
    ).raise_for_status()

    assert ready_of(student) == ("", "")
