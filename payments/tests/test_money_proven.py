"""Money has one path: random runs of what families and the school do with money, against the
real app (its API with the families' own sign-ins, the back office, beat's task) and localstripe,
with every cent accounted for after every step.

The families check out one or several children (sibling, multi-class and early-bird discounts, a
code, account credit, a plan's deposit), or book weeks of a day camp with after-care on their
days in one checkout, or the office checks them out at the front desk for cash or a cheque;
their instalments fall due and beat charges them (or the card declines, and the family pays the
balance, or the office takes cash); they move seats up and down (by card or credit) and cancel
in each refund tier (to the card or as credit), a week with its after-care too; the school
cancels classes and the day camp with all its weeks (the service and the back office's action),
refunds seats and grants credit. Clay has a required materials fee, and a T-shirt (the season's,
its medium of two in stock) is bought with classes; the back office marks T-shirts delivered,
which a cancellation then keeps (not refundable once delivered). After each step:

1. What localstripe was charged less what it gave back is what our records say the cards hold
   (the ledger, charge by charge).
2. The season report's net is localstripe's; while every cent moved by card, it is also the sum
   of every family's tax statements.
3. No seat is paid for twice, and no PaymentIntent fulfils two payments or instalments.
4. A family's credit is never below nothing, and no money vanishes: what a family put in (the
   school's grants, its cards' net, cash) is what it holds (credit, its seats as `seat_paid`
   reads them) plus what the school kept where the app said it keeps something (what a refund
   tier keeps of a seat given up).
5. `seat_paid` is never negative.
6. An add-on's option is never sold past its stock, and what it has sold is what the purchases
   not given back bought.

Our side is read through the app's own reading functions (`seat_paid`, the season report, the
statements, `credit_balance`) so that a new way of recording money is held to the same account.

`make test` runs a fixed, short, reproducible set of runs (the "ci" profile); `make fuzz-money`
many more (CAMP_MONEY_EXAMPLES).
"""

import itertools
import os
from collections import defaultdict
from contextlib import contextmanager
from datetime import date, timedelta
from decimal import Decimal

import pytest
import requests
import time_machine
from django.db import transaction
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role, User
from books.journal import journal_for
from books.reports import Period, season_money
from books.statements import statement_for
from changes.services import class_cancel
from classes.models import Class
from core.school_time import school_timezone
from extras.models import AddOn, AddOnOption
from payments import stripe_client
from payments.models import (
    AddOnPurchase,
    Checkout,
    EarlyBirdPrice,
    Instalment,
    InstalmentStatus,
    LedgerEntry,
    LedgerKind,
    MultiClassDiscount,
    MultiWeekDiscount,
    PaidBy,
    Payment,
    PaymentPlan,
    PaymentPlanDue,
    PaymentStatus,
    PromoCode,
    SiblingDiscount,
    StripeCustomer,
)
from payments.selectors import credit_balance, seat_paid
from payments.services import payment_refund
from payments.tests import stripe_js
from plans.services import instalment_paid_offline
from plans.tests.test_payment_plans import card_that_declines
from settlement.tasks import instalments as beat_instalments
from testing import identity
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db

D = Decimal
ZERO = D("0.00")

settings.register_profile(
    "ci",
    max_examples=15,
    stateful_step_count=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("CAMP_MONEY_EXAMPLES", "15")),
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
PROFILE = settings.get_profile("fuzz" if "CAMP_MONEY_EXAMPLES" in os.environ else "ci")

# Two families, three children, three classes of two seats each: actions collide often.
FAMILIES = (("Silva", ("Mia", "Leo")), ("Okafor", ("Zoe",)))
CLASSES = (("Wheel Pottery", "300.00", 0), ("Watercolour", "200.00", 1), ("Clay", "400.00", 2))
# A day camp sold by the week, two weeks of two seats, after the classes' weeks (no clash), with
# 10% off from the second week; after-care of two seats each day its weeks meet, $20 a day or $80
# a whole week.
DAY_CAMP = {"weeks": 2, "seats": 2, "from_week": 3, "name": "Day Camp"}
AFTER_CARE = {"per_day": "20.00", "per_week": "80.00", "seats": 2}
# The clock never goes past the last class's first week: tiers, due dates and cut-offs all
# fall inside it.
LAST_DAY = 44
_emails = itertools.count()


def money(value) -> Decimal:
    return D(str(value)).quantize(D("0.01"))


def signed_up(surname: str) -> User:
    """A family that signed up in the Firebase emulator and exchanged its ID token for the
    site's, as the browser does: the account is the one the sign-in made."""
    email = f"{surname.lower()}-{next(_emails)}@camp.test"
    token = identity.sign_up(email, name=f"Ana {surname}")["idToken"]
    answer = APIClient().post("/api/jwt", {"email": email, "idToken": token}, format="json")
    assert answer.status_code == 200, answer.json()
    return User.objects.get(email=email)


def stripe_net_by_charge() -> dict[str, tuple[str, Decimal]]:
    """Each succeeded PaymentIntent localstripe holds (emptied at each run's start): its customer
    and what it still holds, charged less refunded, read through the Stripe SDK."""
    sdk = stripe_client.client().v1
    held = {}
    for intent in sdk.payment_intents.list(params={"limit": 100}).auto_paging_iter():
        if intent.status != "succeeded":
            continue
        refunds = sdk.refunds.list(params={"payment_intent": intent.id, "limit": 100})
        back = sum(r.amount for r in refunds.auto_paging_iter() if r.status == "succeeded")
        held[intent.id] = (intent.customer, D(intent.amount - back) / 100)
    return held


class MoneyMachine(RuleBasedStateMachine):
    def __init__(self, localstripe: str):
        super().__init__()
        # Each run is a database of its own (rolled back at its end) and a localstripe emptied.
        self._run = transaction.atomic()
        self._run.__enter__()
        requests.delete(f"{localstripe}/_config/data", timeout=10).raise_for_status()
        self.start = timezone.now()
        self.day = 0
        self.admin = UserFactory(role=Role.ADMIN)
        # What the school kept of each family's money, where the app said it keeps some.
        self.kept: dict[int, Decimal] = defaultdict(lambda: ZERO)
        self.granted: dict[int, Decimal] = defaultdict(lambda: ZERO)
        self.cash: dict[int, Decimal] = defaultdict(lambda: ZERO)
        # Whether every cent so far moved by card: the statements then add up to the card's net.
        self.card_only = True

    def teardown(self):
        transaction.set_rollback(True)
        self._run.__exit__(None, None, None)

    # --- The world, and moving through it.

    @contextmanager
    def today(self):
        with time_machine.travel(self.start + timedelta(days=self.day), tick=True):
            yield

    def as_family(self, family: User) -> APIClient:
        """The family's client, its token made at this moment as /api/jwt makes it."""
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(family)}")
        return client

    def back_office(self) -> Client:
        client = Client()
        client.force_login(self.admin)
        return client

    @initialize(
        gift=st.booleans(),
        opening=st.lists(
            st.tuples(st.integers(0, 1), st.lists(st.integers(0, 5), min_size=1, max_size=3)),
            min_size=1,
            max_size=3,
        ),
        plan=st.booleans(),
    )
    def school(self, gift, opening, plan):
        """The school's season, and the families' first checkouts: something to act on from
        the first step."""
        with self.today():
            self.season = a_season(starts_in_days=35)
            SiblingDiscount.objects.create(
                season=self.season, second_percent=D(10), third_percent=D(15)
            )
            MultiClassDiscount.objects.create(season=self.season, nth=2, percent=D(5))
            PromoCode.objects.create(
                season=self.season, code="WELCOME10", percent=D(10), uses_per_family=2
            )
            self.plan = PaymentPlan.objects.create(
                label="25% now, the rest in two", season=self.season, deposit_percent=D(25)
            )
            PaymentPlanDue.objects.create(plan=self.plan, days_before=30)
            PaymentPlanDue.objects.create(plan=self.plan, days_before=14)
            self.classes = [
                a_season_class(self.season, price, week=week, seats=2, name=name)
                for name, price, week in CLASSES
            ]
            AddOn.objects.create(
                camp_class=self.classes[2], label="Materials fee", price=D("30.00"), required=True
            )
            self.shirt = AddOn.objects.create(
                season=self.season,
                label="T-shirt",
                price=D("15.00"),
                max_quantity=2,
                non_refundable_once_delivered=True,
            )
            self.sizes = [
                AddOnOption.objects.create(add_on=self.shirt, label="M", stock=2),
                AddOnOption.objects.create(add_on=self.shirt, label="L"),
            ]
            self.day_camp = a_day_camp(self.season, "150.00", **DAY_CAMP)
            MultiWeekDiscount.objects.create(season=self.season, weeks=2, percent=D(10))
            self.weeks = units(self.day_camp)
            self.after_care = after_care(self.season, **AFTER_CARE)
            EarlyBirdPrice.objects.create(
                camp_class=self.classes[0],
                price=D("270.00"),
                until=timezone.now() + timedelta(days=8),
            )
            self.families = []
            self.children = []
            for surname, names in FAMILIES:
                family = signed_up(surname)
                self.families.append(family)
                self.children += [
                    (family, ChildFactory(account=family, first_name=n)) for n in names
                ]
        if gift:
            self.credit_granted(0, "80.00")
        for family, picks in opening:
            self.checkout(family, picks, code=False, credit=gift, plan=plan, declines=False)

    def enrolled_seats(self) -> list[tuple[int, int]]:
        return list(
            Payment.objects.filter(status=PaymentStatus.ENROLLED).values_list(
                "participant_id", "camp_class_id"
            )
        )

    def seats_free_to(self, family) -> list:
        """Each (child, class) of the family's not yet enrolled."""
        taken = set(self.enrolled_seats())
        return [
            (child, camp_class)
            for owner, child in self.children
            for camp_class in self.classes
            if owner == family and (child.pk, camp_class.pk) not in taken
        ]

    def owing(self) -> bool:
        return Instalment.objects.filter(
            payment__status=PaymentStatus.ENROLLED,
            status__in=(InstalmentStatus.DUE, InstalmentStatus.FAILED),
        ).exists()

    def payments(self, *statuses) -> list[Payment]:
        return list(Payment.objects.filter(status__in=statuses).order_by("id"))

    def enrolled(self) -> list[Payment]:
        return self.payments(PaymentStatus.ENROLLED)

    def quote_kept(self, payment: Payment, preview: dict, to_credit: bool) -> Decimal:
        """What the school keeps of a seat its family gives up, by the app's own quote, with
        the days of extended care that go with it."""
        back = money(preview["creditAmount"] if to_credit else preview["refundAmount"])
        kept = seat_paid(payment).total - back - money(preview["creditReturned"])
        for day in preview["extendedCare"]:
            care = Payment.objects.get(enrolment_id=day["enrolmentId"])
            back = money(day["creditAmount"] if to_credit else day["refundAmount"])
            kept += seat_paid(care).total - back - money(day["creditReturned"])
        return kept

    def pay(self, family: User, body: dict, *, declines: bool = False) -> None:
        """The family's checkout of `body` opened and paid (refused, or declined, as may be)."""
        client = self.as_family(family)
        opened = client.post("/api/checkouts", body, format="json")
        assert opened.status_code in (201, 400, 409), opened.json()
        if opened.status_code != 201:
            return
        answer = opened.json()
        pay = {"total": answer["total"]}
        if answer["clientSecret"]:
            number = stripe_js.CARD_DECLINED_WHEN_CHARGED if declines else stripe_js.CARD_OK
            saved = stripe_js.confirm_card_setup(
                answer["clientSecret"], number, email=family.email, name=family.name
            )
            pay["setupIntentId"] = saved["setupIntent"]["id"]
        paid = client.post(f"/api/checkouts/{answer['id']}/payment", pay, format="json")
        assert paid.status_code in (201, 402, 409), paid.json()
        if paid.status_code == 201 and money(answer["credit"]) > 0:
            self.card_only = False

    # --- What families do.

    @precondition(lambda self: self.day <= 30)
    @rule(
        family=st.integers(0, 1),
        picks=st.lists(st.integers(0, 5), min_size=1, max_size=3),
        code=st.booleans(),
        credit=st.booleans(),
        plan=st.booleans(),
        # A card declined now and then: most checkouts go through.
        declines=st.integers(0, 4).map(lambda n: n == 0),
    )
    def checkout(self, family, picks, code, credit, plan, declines):
        family = self.families[family]
        free = self.seats_free_to(family)
        if not free:
            return
        items = []
        for child, camp_class in dict.fromkeys(free[pick % len(free)] for pick in picks):
            item = {"classId": camp_class.pk, "participantId": child.pk}
            if plan and not items:
                item["planId"] = self.plan.pk
            items.append(item)
        body = {"items": items, "applyCredit": credit}
        if code:
            body["promoCode"] = "WELCOME10"
        with self.today():
            self.pay(family, body, declines=declines)

    @precondition(lambda self: self.day <= 30)
    @rule(
        family=st.integers(0, 1),
        picks=st.lists(st.integers(0, 5), min_size=1, max_size=2),
        size=st.integers(0, 1),
        quantity=st.integers(1, 2),
        credit=st.booleans(),
    )
    def checkout_with_t_shirts(self, family, picks, size, quantity, credit):
        """A family checks out classes with a T-shirt (or two) on each; Clay's materials fee is
        added whatever they ask; the medium may sell out."""
        family = self.families[family]
        free = self.seats_free_to(family)
        if not free:
            return
        shirt = {"id": self.shirt.pk, "optionId": self.sizes[size].pk, "quantity": quantity}
        items = [
            {"classId": camp_class.pk, "participantId": child.pk, "addOns": [shirt]}
            for child, camp_class in dict.fromkeys(free[pick % len(free)] for pick in picks)
        ]
        with self.today():
            self.pay(family, {"items": items, "applyCredit": credit})

    @precondition(lambda self: self.enrolled())
    @rule(pick=st.integers(0, 9))
    def t_shirt_delivered(self, pick):
        """The school hands out a T-shirt bought with a seat and marks it delivered."""
        bought = list(
            AddOnPurchase.objects.filter(
                payment__status=PaymentStatus.ENROLLED, add_on=self.shirt, delivered_at=None
            ).order_by("id")
        )
        if not bought:
            return
        with self.today():
            answer = self.back_office().post(
                "/admin/payments/addonpurchase/",
                {"action": "mark_delivered", "_selected_action": [bought[pick % len(bought)].pk]},
            )
        assert answer.status_code == 302

    @precondition(lambda self: self.day <= 30)
    @rule(
        child=st.integers(0, 2),
        weeks=st.sets(st.integers(0, DAY_CAMP["weeks"] - 1), min_size=1),
        care=st.sets(st.integers(0, DAY_CAMP["weeks"] - 1)),
        credit=st.booleans(),
    )
    def book_weeks(self, child, weeks, care, credit):
        """A family books weeks of the day camp for a child, with after-care on every day of
        some of them (the weeks booked here or before), in one checkout."""
        family, child = self.children[child]
        taken = set(self.enrolled_seats())
        item = {
            "classId": self.day_camp.pk,
            "participantId": child.pk,
            "units": [
                self.weeks[week].pk
                for week in sorted(weeks)
                if (child.pk, self.weeks[week].pk) not in taken
            ],
        }
        if care:
            item["extendedCare"] = [
                {"optionId": self.after_care.pk, "units": [self.weeks[w].pk for w in sorted(care)]}
            ]
        with self.today():
            self.pay(family, {"items": [item], "applyCredit": credit})

    @precondition(lambda self: self.owing())
    @rule(pick=st.integers(0, 9))
    def card_declines(self, pick):
        """The card a plan keeps on file starts to decline."""
        planned = [p for p in self.enrolled() if p.instalments.filter(status="due").exists()]
        if planned:
            payment = planned[pick % len(planned)]
            with self.today():
                card_that_declines(payment.student, payment)

    @precondition(lambda self: self.owing())
    @rule(pick=st.integers(0, 9))
    def balance_paid(self, pick):
        """The family pays all that is left of a plan with a new card."""
        planned = [
            p
            for p in self.enrolled()
            if p.instalments.filter(status__in=(InstalmentStatus.DUE, InstalmentStatus.FAILED))
        ]
        if not planned:
            return
        payment = planned[pick % len(planned)]
        with self.today():
            client = self.as_family(payment.student)
            url = f"/api/enrolments/{payment.enrolment_id}/balance"
            balance = client.get(url).json()
            card = stripe_js.confirm_card_setup(balance["clientSecret"], stripe_js.CARD_OK)
            paid = client.post(
                f"{url}/payment",
                {
                    "scope": "all",
                    "amount": balance["due"],
                    "setupIntentId": card["setupIntent"]["id"],
                },
                format="json",
            )
            assert paid.status_code in (201, 409), paid.json()

    @precondition(lambda self: self.owing())
    @rule(pick=st.integers(0, 9))
    def cash_at_the_office(self, pick):
        unpaid = list(
            Instalment.objects.filter(
                payment__status=PaymentStatus.ENROLLED,
                status__in=(InstalmentStatus.DUE, InstalmentStatus.FAILED),
            ).order_by("due_on", "id")
        )
        if not unpaid:
            return
        instalment = unpaid[pick % len(unpaid)]
        with self.today():
            instalment_paid_offline(instalment_id=instalment.pk, by=self.admin, note="Cash")
        self.cash[instalment.payment.student_id] += instalment.amount
        self.card_only = False

    @precondition(lambda self: self.day <= 30)
    @rule(
        family=st.integers(0, 1),
        picks=st.lists(st.integers(0, 5), min_size=1, max_size=3),
        code=st.booleans(),
        credit=st.booleans(),
        cheque=st.booleans(),
    )
    def paid_at_the_desk(self, family, picks, code, credit, cheque):
        """The office checks a family out at the front desk and takes cash or a cheque."""
        family = self.families[family]
        free = self.seats_free_to(family)
        if not free:
            return
        items = [
            {"classId": camp_class.pk, "participantId": child.pk}
            for child, camp_class in dict.fromkeys(free[pick % len(free)] for pick in picks)
        ]
        body = {"familyId": family.pk, "items": items, "applyCredit": credit}
        if code:
            body["promoCode"] = "WELCOME10"
        with self.today():
            office = self.as_family(self.admin)
            opened = office.post("/api/frontDesk/checkouts", body, format="json")
            assert opened.status_code in (201, 400, 409), opened.json()
            if opened.status_code != 201:
                return
            answer = opened.json()
            paid = office.post(
                f"/api/frontDesk/checkouts/{answer['id']}/payment",
                {
                    "method": "cheque" if cheque else "cash",
                    "reference": "1042",
                    "total": answer["total"],
                },
                format="json",
            )
            assert paid.status_code in (201, 409), paid.json()
        if paid.status_code == 201:
            self.cash[family.pk] += money(answer["total"])
            self.card_only = False

    @precondition(lambda self: self.enrolled())
    @rule(pick=st.integers(0, 9), to=st.integers(0, 1), credit=st.booleans())
    def transfer(self, pick, to, credit):
        movable = self.enrolled()
        payment = movable[pick % len(movable)]
        others = [c for c in self.classes if c.pk != payment.camp_class_id]
        camp_class = others[to % len(others)]
        with self.today():
            client = self.as_family(payment.student)
            url = f"/api/enrolments/{payment.enrolment_id}/transfer"
            preview = client.get(url, {"classId": camp_class.pk}).json()
            if "total" not in preview or preview["refusals"]:
                return
            moved = client.post(
                url,
                {
                    "classId": camp_class.pk,
                    "settleWith": "credit" if credit else "card",
                    "total": preview["total"],
                },
                format="json",
            )
            assert moved.status_code in (201, 402, 409), moved.json()
        # A move's fee and withheld discount stay in the seat (`seat_paid`): the school keeps
        # nothing until the seat is given up.
        if moved.status_code == 201 and credit:
            self.card_only = False

    @precondition(lambda self: self.enrolled())
    @rule(pick=st.integers(0, 9), to_credit=st.booleans())
    def family_cancels(self, pick, to_credit):
        enrolled = self.enrolled()
        if not enrolled:
            return
        self.cancelled(enrolled[pick % len(enrolled)], to_credit)

    @precondition(lambda self: self.enrolled())
    @rule(pick=st.integers(0, 9), to_credit=st.booleans())
    def family_cancels_a_week(self, pick, to_credit):
        """A family cancels one week of the day camp, and the after-care of its days with it."""
        weeks = [p for p in self.enrolled() if p.camp_class_id in {w.pk for w in self.weeks}]
        if weeks:
            self.cancelled(weeks[pick % len(weeks)], to_credit)

    def cancelled(self, payment: Payment, to_credit: bool) -> None:
        refund_to = "credit" if to_credit else "card"
        with self.today():
            client = self.as_family(payment.student)
            url = f"/api/enrolments/{payment.enrolment_id}/cancellation"
            preview = client.get(url, {"refundTo": refund_to})
            if preview.status_code != 200:
                return
            preview = preview.json()
            kept = self.quote_kept(payment, preview, to_credit)
            cancelled = client.post(
                url,
                {"refundTo": refund_to, "refundAmount": preview["refundAmount"]},
                format="json",
            )
            assert cancelled.status_code == 200, cancelled.json()
        self.kept[payment.student_id] += kept
        if to_credit:
            self.card_only = False

    # --- What the school does.

    @rule(which=st.integers(0, 3), through_the_back_office=st.booleans())
    def school_cancels(self, which, through_the_back_office):
        camp_class = [*self.classes, self.day_camp][which]
        with self.today():
            if through_the_back_office:
                answer = self.back_office().post(
                    "/admin/classes/class/",
                    {
                        "action": "cancel_classes",
                        "_selected_action": [camp_class.pk],
                        "confirmed": "yes",
                        "message": "The kiln broke.",
                    },
                )
                assert answer.status_code == 302
            else:
                class_cancel(class_id=camp_class.pk, message="The kiln broke.")

    @precondition(lambda self: self.enrolled())
    @rule(pick=st.integers(0, 9))
    def school_refunds(self, pick):
        enrolled = self.enrolled()
        if enrolled:
            with self.today():
                payment_refund(payment_id=enrolled[pick % len(enrolled)].pk, reason="Moved away")

    @rule(family=st.integers(0, 1), amount=st.sampled_from(["25.00", "80.00", "310.00"]))
    def credit_granted(self, family, amount):
        family = self.families[family]
        with self.today():
            added = self.back_office().post(
                "/admin/payments/creditentry/add/",
                {"family": family.pk, "amount": amount, "reason": "A gift", "_save": "Save"},
            )
        assert added.status_code == 302, added.content
        self.granted[family.pk] += D(amount)
        self.card_only = False

    @precondition(lambda self: self.day < LAST_DAY)
    @rule(days=st.sampled_from([1, 3, 6, 10]))
    def days_pass(self, days):
        """The clock moves on, and beat's task runs on the day it lands on: instalments due are
        charged (or retried), and seats overdue past their grace are released."""
        self.day = min(self.day + days, LAST_DAY)
        with self.today():
            # A released seat is refunded by its policy, as its family's own cancellation is.
            quotes = {}
            for payment in self.enrolled():
                if payment.release_on is None:
                    continue
                url = f"/api/enrolments/{payment.enrolment_id}/cancellation"
                preview = self.as_family(payment.student).get(url)
                if preview.status_code == 200:
                    quotes[payment.pk] = self.quote_kept(payment, preview.json(), False)
            beat_instalments()
        for payment_id, kept in quotes.items():
            payment = Payment.objects.get(pk=payment_id)
            if payment.status == PaymentStatus.CANCELLED:
                self.kept[payment.student_id] += kept

    # --- What must hold after every step.

    @invariant()
    def every_cent_accounted_for(self):
        if not hasattr(self, "season"):
            return
        with self.today():
            self.check_money()

    def check_money(self):
        stripe_held = stripe_net_by_charge()
        customers = dict(StripeCustomer.objects.values_list("customer_id", "student_id"))
        card_net = defaultdict(lambda: ZERO)
        for customer, held in stripe_held.values():
            card_net[customers.get(customer)] += held

        # 6: stock sold is the purchases kept, never past the stock.
        for option in AddOnOption.objects.all():
            kept = AddOnPurchase.objects.filter(option=option, returned_at=None)
            assert option.sold == sum(kept.values_list("quantity", flat=True))
            assert option.stock is None or option.sold <= option.stock

        # 5: what each seat holds is never below nothing, part by part.
        for payment in Payment.objects.order_by("id"):
            parts = seat_paid(payment).parts
            assert all(room >= 0 for _, room in parts), (payment.pk, parts)
        # 1: what the ledger says each card charge still holds at Stripe: charged less refunded
        # (money a card paid and the family took back as credit is still charged there).
        ours = defaultdict(lambda: ZERO)
        for entry in LedgerEntry.objects.filter(
            kind__in=(LedgerKind.CHARGE, LedgerKind.REFUND)
        ).select_related("payment", "instalment"):
            charge = (
                entry.instalment.payment_intent_id if entry.instalment else entry.payment.charge_id
            )
            ours[charge] += entry.amount if entry.kind == LedgerKind.CHARGE else -entry.amount
        stripe_by_charge = {pi: held for pi, (_, held) in stripe_held.items() if held}
        assert {pi: held for pi, held in ours.items() if held} == stripe_by_charge

        # 3: a seat paid once; a PaymentIntent fulfils one checkout, or one instalment.
        live = Payment.objects.filter(status=PaymentStatus.ENROLLED)
        seats = list(live.values_list("participant_id", "camp_class_id"))
        assert len(seats) == len(set(seats))
        checkouts = list(
            Checkout.objects.exclude(payment_intent_id="").values_list(
                "payment_intent_id", flat=True
            )
        )
        charges = list(
            Instalment.objects.exclude(payment_intent_id="")
            .filter(status=InstalmentStatus.PAID, paid_by=PaidBy.CARD)
            .values_list("payment_intent_id", flat=True)
        )
        assert len(checkouts + charges) == len(set(checkouts + charges))

        # 2: the season report, the statements and the card processor tell one story.
        report = season_money(self.season, Period(start=date(2000, 1, 1), end=date(2100, 12, 31)))
        total_card = sum(card_net.values(), ZERO)
        assert report.total.net == total_card, (report.total, total_card)
        if self.card_only:
            years = {c.starts_at.astimezone(school_timezone()).year for c in Class.objects.all()}
            statements = sum(
                (
                    statement_for(participant=child, year=year).total
                    for _, child in self.children
                    for year in years
                ),
                ZERO,
            )
            assert statements == total_card, (statements, total_card)

        # 7: the books' journal balances, entry by entry, and its sales are the report's.
        entries = journal_for(Period(start=date(2000, 1, 1), end=date(2100, 12, 31)), payouts=False)
        assert all(entry.balanced for entry in entries), [e for e in entries if not e.balanced]
        sold = sum(
            (
                line.credit - line.debit
                for e in entries
                if e.number.startswith("S")
                for line in e.lines
                if line.account.type == "income"
            ),
            ZERO,
        )
        assert sold == report.total.gross, (sold, report.total.gross)

        # 4: credit never below nothing, and no family's money vanishes.
        for family in self.families:
            balance = credit_balance(family.pk)
            assert balance >= 0, (family.pk, balance)
            held = balance + sum(
                (
                    seat_paid(p).total
                    for p in family.payments.filter(
                        status__in=(PaymentStatus.ENROLLED, PaymentStatus.ENROLL_PENDING)
                    )
                ),
                ZERO,
            )
            put_in = self.granted[family.pk] + card_net[family.pk] + self.cash[family.pk]
            assert put_in - held == self.kept[family.pk], (
                family.email,
                put_in,
                held,
                self.kept[family.pk],
            )


def test_money_has_one_path(localstripe, emulator):
    run_state_machine_as_test(lambda: MoneyMachine(localstripe), settings=PROFILE)


# --- What the runs found, each as the shortest run that shows it.


@contextmanager
def a_run(localstripe):
    """The machine's school and families, driven by hand."""
    machine = MoneyMachine(localstripe)
    try:
        yield machine
    finally:
        machine.teardown()


def moved_down(machine: MoneyMachine, payment: Payment, settle_with: str) -> dict:
    """The family moves the seat to Watercolour ($200), cheaper than the seat it holds."""
    watercolour = machine.classes[1]
    with machine.today():
        client = machine.as_family(payment.student)
        url = f"/api/enrolments/{payment.enrolment_id}/transfer"
        preview = client.get(url, {"classId": watercolour.pk}).json()
        assert money(preview["total"]) < 0, preview
        moved = client.post(
            url,
            {"classId": watercolour.pk, "settleWith": settle_with, "total": preview["total"]},
            format="json",
        )
    assert moved.status_code == 201, moved.json()
    return preview


def stripe_net() -> Decimal:
    return sum((held for _, held in stripe_net_by_charge().values()), ZERO)


def test_a_school_refund_after_a_move_down_is_reported_once(localstripe, emulator):
    with a_run(localstripe) as machine:
        machine.school(gift=False, opening=[(0, [0])], plan=False)
        [payment] = machine.enrolled()
        moved_down(machine, payment, "card")

        machine.school_cancels(which=1, through_the_back_office=False)

        with machine.today():
            report = season_money(
                machine.season, Period(start=date(2000, 1, 1), end=date(2100, 12, 31))
            )
        assert stripe_net() == ZERO
        assert (report.total.charged, report.total.refunds, report.total.net) == (
            D("270.00"),
            D("270.00"),
            ZERO,
        )


def test_a_move_keeps_the_credit_spent_at_checkout(localstripe, emulator):
    with a_run(localstripe) as machine:
        # $80 of the school's credit and $190 by card for Wheel Pottery ($270 early-bird).
        machine.school(gift=True, opening=[(0, [0])], plan=False)
        [payment] = machine.enrolled()
        moved_down(machine, payment, "card")
        payment.refresh_from_db()

        machine.family_cancels(pick=0, to_credit=False)

        # Cancelled weeks ahead, in full: the card's $120 back to it, the $80 back as credit.
        assert stripe_net() == ZERO
        assert credit_balance(payment.student_id) == D("80.00")


def test_a_move_down_taken_as_credit_is_not_refunded_twice(localstripe, emulator):
    with a_run(localstripe) as machine:
        # $270 by card for Wheel Pottery, moved to Watercolour ($200): $70 as credit.
        machine.school(gift=False, opening=[(0, [0])], plan=False)
        [payment] = machine.enrolled()
        moved_down(machine, payment, "credit")
        assert credit_balance(payment.student_id) == D("70.00")

        machine.school_refunds(pick=0)

        # The family paid $270 and gets $270 back, not $340.
        assert (D("270.00") - stripe_net()) + credit_balance(payment.student_id) == D("270.00")


@pytest.mark.parametrize("to_credit", [False, True], ids=["to the card", "as credit"])
def test_a_week_cancelled_with_its_after_care_gives_back_each_day_once(
    localstripe, emulator, to_credit
):
    with a_run(localstripe) as machine:
        machine.school(gift=False, opening=[(1, [0])], plan=False)
        # Mia (the Silva family's first child) has week 1 and its after-care, and week 2 alone.
        machine.book_weeks(child=0, weeks={0, 1}, care={0}, credit=False)
        week1, week2 = machine.weeks
        after_care_days = care_days_of(machine.after_care, week1)
        paid = Payment.objects.filter(status=PaymentStatus.ENROLLED, camp_class__in=[week1, week2])
        assert paid.count() == 2
        assert (
            Payment.objects.filter(
                status=PaymentStatus.ENROLLED, camp_class__in=after_care_days
            ).count()
            == 5
        )

        machine.family_cancels_a_week(pick=0, to_credit=to_credit)

        assert set(
            Payment.objects.filter(camp_class__in=[week1, *after_care_days]).values_list(
                "status", flat=True
            )
        ) == {PaymentStatus.CANCELLED}
        assert Payment.objects.get(camp_class=week2).status == PaymentStatus.ENROLLED
        with machine.today():
            machine.check_money()


def test_a_t_shirt_delivered_is_kept_and_the_rest_given_back_by_the_policy(localstripe, emulator):
    with a_run(localstripe) as machine:
        machine.school(gift=False, opening=[(1, [0])], plan=False)
        # The Silvas' Mia: Clay ($400 and its $30 materials fee) with two mediums ($30).
        machine.checkout_with_t_shirts(family=0, picks=[2], size=0, quantity=2, credit=False)
        clay = Payment.objects.get(status=PaymentStatus.ENROLLED, camp_class=machine.classes[2])
        assert clay.price == D("460.00")
        assert AddOnOption.objects.get(pk=machine.sizes[0].pk).sold == 2
        machine.t_shirt_delivered(pick=0)
        with machine.today():
            machine.check_money()

        machine.family_cancels(
            pick=[p.pk for p in machine.enrolled()].index(clay.pk), to_credit=False
        )

        clay.refresh_from_db()
        assert clay.status == PaymentStatus.CANCELLED
        # Weeks ahead, in full but for the two T-shirts Mia wears.
        assert sum(r["amount"] for r in stripe_js.refunds_of(clay.charge_id)) == 43000
        assert machine.kept[clay.student_id] == D("30.00")
        with machine.today():
            machine.check_money()


@pytest.mark.parametrize("to_credit", [False, True], ids=["to the card", "as credit"])
def test_cash_taken_at_the_desk_goes_back_as_credit_and_is_accounted_for(
    localstripe, emulator, to_credit
):
    with a_run(localstripe) as machine:
        machine.school(gift=False, opening=[(1, [0])], plan=False)
        # The Silvas' Mia in Watercolour, $200 in cash at the desk.
        machine.paid_at_the_desk(family=0, picks=[1], code=False, credit=False, cheque=False)
        desk = Payment.objects.get(camp_class=machine.classes[1], status=PaymentStatus.ENROLLED)
        assert machine.cash[desk.student_id] == D("200.00")
        with machine.today():
            machine.check_money()

        machine.family_cancels(
            pick=[p.pk for p in machine.enrolled()].index(desk.pk), to_credit=to_credit
        )

        # Weeks ahead, in full: back as account credit whichever the family asked, never to a
        # card it did not pay with.
        assert credit_balance(desk.student_id) >= D("200.00")
        with machine.today():
            machine.check_money()
