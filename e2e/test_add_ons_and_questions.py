"""On a phone, a parent checks out two children together: answers the school's questions for
each (a follow-up appears for one answer only), picks a T-shirt size, reads the total with the
materials fee the school requires, and pays once; the answers, the T-shirt and the fee are
kept with the seats."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from e2e.class_steps import check_accessible, sign_in
from e2e.payment_steps import CARD_OK, card_field, fill_card, student_member, summer_class
from extras.models import AddOn, AddOnOption, Answer, Question, QuestionKind
from payments.models import AddOnPurchase, Checkout, CheckoutStatus, Payment
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

SENSORY = "Any sensory needs we should plan for?"


def test_a_parent_answers_for_two_children_picks_a_size_and_pays_once_with_the_fee(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=40)
    pottery = summer_class(season, "Wheel-Thrown Pottery", "pottery.webp", "300.00", week=0)
    weaving = summer_class(season, "Loom Weaving", "origami.webp", "200.00", week=1)
    AddOn.objects.create(
        camp_class=pottery, label="Materials fee", price=Decimal("18.00"), required=True
    )
    shirt = AddOn.objects.create(season=season, label="Camp T-shirt", price=Decimal("15.00"))
    AddOnOption.objects.create(add_on=shirt, label="S", stock=5, position=0)
    medium = AddOnOption.objects.create(add_on=shirt, label="M", stock=2, position=1)
    sensory = Question.objects.create(
        season=season, label=SENSORY, kind=QuestionKind.YES_NO, required=True
    )
    helps = Question.objects.create(
        season=season,
        label="Tell us what helps",
        kind=QuestionKind.LONG_TEXT,
        required=True,
        show_if_question=sensory,
        show_if_answer="yes",
        position=1,
    )
    sam = student_member(emulator, live_server)
    mia = ChildFactory(account=sam, first_name="Mia", last_name="Rivera")
    leo = ChildFactory(account=sam, first_name="Leo", last_name="Rivera")
    SelectionFactory(student=sam, participant=mia, camp_class=pottery)
    SelectionFactory(student=sam, participant=leo, camp_class=weaving)

    sign_in(page, sam.email)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/dashboard/my-selected-classes")
    together = page.get_by_role("region", name="Check out together")
    mias = together.get_by_role("region", name="Wheel-Thrown Pottery for Mia Rivera")
    leos = together.get_by_role("region", name="Loom Weaving for Leo Rivera")

    # The fee is charged whatever the family chooses: it is said, with no control to untick.
    expect(mias.get_by_text("Materials fee")).to_be_visible()
    expect(mias.get_by_role("checkbox", name="Materials fee")).to_have_count(0)
    # The follow-up is asked of the child whose answer calls for it, and of no other.
    expect(mias.get_by_role("textbox", name="Tell us what helps")).to_have_count(0)
    mias.get_by_role("radiogroup", name=re.compile(re.escape(SENSORY))).get_by_role(
        "radio", name="Yes"
    ).check()
    mias.get_by_role("textbox", name=re.compile("Tell us what helps")).fill(
        "Ear defenders when the wheels run; a quiet corner <b>please</b>."
    )
    leos.get_by_role("radiogroup", name=re.compile(re.escape(SENSORY))).get_by_role(
        "radio", name="No"
    ).check()
    expect(leos.get_by_role("textbox", name=re.compile("Tell us what helps"))).to_have_count(0)

    mias.get_by_role("checkbox", name="Camp T-shirt").check()
    size = mias.get_by_label("Camp T-shirt: option")
    expect(size.locator("option", has_text="M · 2 left")).to_have_count(1)
    size.select_option(label="M · 2 left")

    # $300 + $18 fee + $15 T-shirt for Mia, $200 for Leo: the server's quote, as checkout prices.
    expect(together.get_by_text("2 classes: $533.00")).to_be_visible()
    expect(together.get_by_text(re.compile(r"Includes .*Materials fee \$18\.00"))).to_be_visible()
    check_accessible(page)
    together.get_by_role("button", name="Check out").click()

    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    fill_card(page, CARD_OK)
    pay = main.get_by_role("button", name="Pay $533.00")
    expect(pay).to_be_enabled()
    pay.click()
    expect(main.get_by_text("Paid: your family is enrolled.")).to_be_visible(timeout=15_000)

    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    # One charge for everything, the fee and the T-shirt on Mia's seat.
    assert stripe_js.payment_intent(checkout.payment_intent_id)["amount"] == 53300
    mias_payment = Payment.objects.get(participant=mia)
    assert mias_payment.price == Decimal("333.00")
    assert sorted(
        (bought.label, bought.quantity, bought.amount)
        for bought in AddOnPurchase.objects.filter(payment=mias_payment)
    ) == [("Camp T-shirt (M)", 1, Decimal("15.00")), ("Materials fee", 1, Decimal("18.00"))]
    assert not AddOnPurchase.objects.filter(payment__participant=leo).exists()
    medium.refresh_from_db()
    assert medium.sold == 1
    # Each child's answers kept, the follow-up only where it was asked.
    answers = {(a.participant_id, a.question_id): a.value for a in Answer.objects.all()}
    assert answers == {
        (mia.pk, sensory.pk): True,
        (mia.pk, helps.pk): "Ear defenders when the wheels run; a quiet corner <b>please</b>.",
        (leo.pk, sensory.pk): False,
    }
