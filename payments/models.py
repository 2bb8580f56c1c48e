from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Upper
from django.utils import timezone

from core.public_cache import ShownInPublicLists


class PaidWith(models.TextChoices):
    """How a payment's money came: by card (online, or typed at the front desk), or in cash or
    by cheque taken by the office."""

    CARD = "card", "Card"
    CASH = "cash", "Cash"
    CHEQUE = "cheque", "Cheque"


class PaymentStatus(models.TextChoices):
    # Charged, seat not yet taken: the charge is on record before the enrolment is decided.
    ENROLL_PENDING = "enrollPending", "Enrolment pending"
    ENROLLED = "enrolled", "Enrolled"
    REFUNDED = "refunded", "Refunded"
    # The family cancelled the enrolment: the seat went back, and what the school's refund
    # policy gives back is in the payment's refunds (nothing, part or all of it).
    CANCELLED = "cancelled", "Cancelled by the family"


class Kind:
    """An adjustment's kind, as the API names it and `Payment.adjustments` keeps it."""

    EARLY_BIRD = "early_bird"
    SCHOLARSHIP = "scholarship"
    SIBLING = "sibling"
    MULTI_CLASS = "multi_class"
    MULTI_WEEK = "multi_week"
    WEEKLY_CARE = "weekly_care"
    CODE = "code"
    # Bought beside the seat (`extras.models.AddOn`): adds to a line, never a discount.
    ADD_ON = "add_on"
    CREDIT = "credit"
    # No rule of the school's makes one; the API's schema and the season's figures name it.
    OTHER = "other"


# The transaction id of a checkout's line that discounts and credit paid whole (nothing by card):
# this, then "<checkout id>:<line id>".
FREE_CHECKOUT_TRANSACTION_PREFIX = "free_checkout"
# A checkout's line paid in cash or by cheque at the front desk: this, then the same.
DESK_CHECKOUT_TRANSACTION_PREFIX = "desk_checkout"


class Payment(models.Model):
    """A card payment for a class; one per Stripe PaymentIntent."""

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="payments"
    )
    # Whom the seat is for. Kept by name too: a receipt says whom it was for even after the
    # family deletes a child's record (the link is then cleared).
    participant = models.ForeignKey(
        "accounts.Participant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="payments",
    )
    participant_name = models.CharField(max_length=121, blank=True)
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.PROTECT, related_name="payments"
    )
    # Stripe's PaymentIntent id ("free_<selection>" for a free class): every retry, double
    # click and repeated webhook for one charge lands on this one row.
    transaction_id = models.CharField(max_length=255, unique=True)
    # The saved card the charge was made from. Not unique: a charge made twice from one setup
    # (possible only where the provider ignores idempotency keys) is recorded, then refunded.
    setup_intent_id = models.CharField(max_length=255, blank=True, db_index=True)
    # The selection this payment settled; the selection row itself is removed on enrolment.
    selection_id = models.BigIntegerField(null=True, blank=True)
    # The seat this payment bought, once it has one (enrolments owns seats).
    enrolment = models.OneToOneField(
        "enrolments.Enrolment",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="payment",
    )
    # The PaymentIntent, when one charge paid for several payments (a family checkout's lines,
    # whose transaction ids are "<PaymentIntent>:<line>"); empty when transaction_id is it.
    # A refund of this payment takes back at most its own price from that charge.
    payment_intent_id = models.CharField(max_length=255, blank=True, default="", db_default="")
    # What was charged for this seat, exactly as Stripe charged it (a checkout line: its share).
    price = models.DecimalField(max_digits=8, decimal_places=2)
    # How that was reached (`checkout.pricing`): the class's list price then, and each
    # adjustment as the family read it ({kind, label, amount}). A later sibling or scholarship
    # is counted against what these gave. Null and empty for payments made before prices had
    # adjustments: those paid the list price.
    list_price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    adjustments = models.JSONField(default=list, blank=True)
    currency = models.CharField(max_length=3, default="usd")
    status = models.CharField(
        max_length=20, choices=PaymentStatus.choices, default=PaymentStatus.ENROLL_PENDING
    )
    refund_reason = models.TextField(blank=True)
    refund_id = models.CharField(max_length=255, blank=True)
    # When the money went back: the refund's own row in the family's payment history. Unknown
    # for refunds made before it was kept.
    refunded_at = models.DateTimeField(null=True, blank=True)
    date = models.DateTimeField(default=timezone.now)
    # The school's refund policy as it stood when this was paid (RefundTerms.as_snapshot): a
    # cancellation refunds by it, whatever the policy says by then. Empty for payments made
    # before policies were kept, which the default terms cover.
    refund_policy = models.JSONField(null=True, blank=True)
    # The class's first meeting and last end as they stood when the seat was taken: the policy's
    # days are counted from these too, so a later change of dates never lowers the refund.
    # Null while the class had no dates (or for a payment without a seat).
    starts_at_promised = models.DateTimeField(null=True, blank=True)
    ends_at_promised = models.DateTimeField(null=True, blank=True)
    # Paid by a plan (`plans.schedule`): its name, the whole price owed (the charge above was
    # its deposit; `instalments` hold the rest), and the card later parts are charged to.
    plan_label = models.CharField(max_length=80, blank=True)
    plan_total = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    card_setup_intent_id = models.CharField(max_length=255, blank=True)
    # Where Stripe.js saves another card to pay the balance with, made on first need.
    balance_setup_intent_id = models.CharField(max_length=255, blank=True)
    # An instalment still unpaid after its last try: the seat is kept until `release_on` (an
    # admin may move it), then goes to the waitlist.
    overdue_since = models.DateField(null=True, blank=True)
    release_on = models.DateField(null=True, blank=True)
    paid_with = models.CharField(
        max_length=10, choices=PaidWith.choices, default=PaidWith.CARD, db_default=PaidWith.CARD
    )

    class Meta:
        ordering = ["-date", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["student", "-date", "-id"], name="payment_student_date_idx"),
            models.Index(fields=["-date", "-id"], name="payment_date_idx"),
            models.Index(fields=["status", "-date", "-id"], name="payment_status_date_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(price__gte=Decimal("0")), name="payment_price_gte_0"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=PaymentStatus.values), name="payment_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(paid_with__in=PaidWith.values), name="payment_paid_with_valid"
            ),
            # An enrolled payment names the seat it bought; one seat per student and class is
            # the enrolment's own constraint.
            models.CheckConstraint(
                condition=~models.Q(status="enrolled") | models.Q(enrolment__isnull=False),
                name="payment_enrolled_has_enrolment",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.transaction_id} ({self.status})"

    @property
    def charge_id(self) -> str:
        """The Stripe PaymentIntent this payment's money came by."""
        return self.payment_intent_id or self.transaction_id

    @property
    def shares_its_charge(self) -> bool:
        """Whether the charge paid for other seats too, so a refund names its amount."""
        return bool(self.payment_intent_id)

    @property
    def is_checkout_line(self) -> bool:
        """Whether this is one line of a family checkout (`CheckoutLine.payment`), told from the
        row alone: the checkout's one card charge paid it with the others, or nothing was left
        for the card, or it was paid in cash or by cheque at the desk. Its receipt is the
        checkout's."""
        return self.shares_its_charge or self.transaction_id.startswith(
            (FREE_CHECKOUT_TRANSACTION_PREFIX, DESK_CHECKOUT_TRANSACTION_PREFIX)
        )


class StripeCustomer(models.Model):
    """The Stripe Customer a student's cards are saved under, made by the worker when they
    register (else at their first hold), with the SetupIntent the worker made ahead for their
    next payment page ("" for none): a hold takes it rather than ask Stripe for one
    (payments.services.customers)."""

    student = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="stripe_customer"
    )
    customer_id = models.CharField(max_length=255, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    ready_setup_intent_id = models.CharField(max_length=255, blank=True, default="")
    ready_client_secret = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        constraints = [
            # A SetupIntent is handed to the browser with its secret, or not at all.
            models.CheckConstraint(
                condition=models.Q(ready_setup_intent_id="", ready_client_secret="")
                | (~models.Q(ready_setup_intent_id="") & ~models.Q(ready_client_secret="")),
                name="stripecustomer_ready_setup_whole",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} ({self.customer_id})"


class CardSetupClaim(models.Model):
    """A SetupIntent made ahead for a family (`StripeCustomer.ready_setup_intent_id`), taken by
    a hold of one of their selections: the payment with the card saved into it is for that
    selection and class alone, as a SetupIntent made by the hold says in its metadata."""

    setup_intent_id = models.CharField(max_length=255, unique=True)
    # Ids, not foreign keys: a selection is deleted as it is paid for, in the payment's own
    # statements, which this record must not add to. Ids are never given again; beat removes
    # the claims of selections gone (payments.services.customers.card_setups_made_ahead).
    selection_id = models.BigIntegerField()
    camp_class_id = models.BigIntegerField()
    claimed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.setup_intent_id} for selection {self.selection_id}"


class AttemptStatus(models.TextChoices):
    # On record, the charge asked of Stripe; what Stripe did is not known here yet.
    CHARGING = "charging", "Charging"
    # Stripe charged the card; the payment row says whether it enrolled or was refunded.
    CHARGED = "charged", "Charged"
    # The bank asks the cardholder to confirm (3-D Secure) before it charges.
    REQUIRES_ACTION = "requiresAction", "Bank confirmation asked"
    # The card was refused: nothing was charged.
    DECLINED = "declined", "Declined"
    # The charge never reached Stripe: nothing was charged.
    NOT_CHARGED = "notCharged", "Not charged"


class ChargeAttempt(models.Model):
    """A charge about to be asked of Stripe, committed before it is asked.

    Whatever happens next (Stripe slow, the server process killed, the browser gone), this row
    says that money may have moved, and reconciliation settles it from what Stripe knows.
    """

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="charge_attempts"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.PROTECT, related_name="charge_attempts"
    )
    # Whose seat the charge pays for: with the class, the seat (`services.seat_charges`).
    # Cleared if the family deletes the child's record; empty on attempts made before it was kept
    # and never settled.
    participant = models.ForeignKey(
        "accounts.Participant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    selection_id = models.BigIntegerField(null=True, blank=True)
    setup_intent_id = models.CharField(max_length=255)
    # The price the student confirmed on the payment page, which is the price charged.
    amount_cents = models.PositiveIntegerField()
    # How the price was reached (`checkout.pricing`), kept for the payment it becomes.
    list_price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    adjustments = models.JSONField(default=list, blank=True)
    currency = models.CharField(max_length=3, default="usd")
    # Sent with the charge; one saved card and one price make one attempt.
    idempotency_key = models.CharField(max_length=255, unique=True)
    status = models.CharField(
        max_length=20, choices=AttemptStatus.choices, default=AttemptStatus.CHARGING
    )
    payment_intent_id = models.CharField(max_length=255, blank=True)
    payment = models.OneToOneField(
        Payment, null=True, blank=True, on_delete=models.PROTECT, related_name="attempt"
    )
    message = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["status", "created_at"], name="attempt_status_created_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=AttemptStatus.values), name="attempt_status_valid"
            ),
            # A charged attempt always names the payment it became.
            models.CheckConstraint(
                condition=~models.Q(status="charged") | models.Q(payment__isnull=False),
                name="attempt_charged_has_payment",
            ),
            # One seat, one charge: at most one attempt of a seat is with Stripe unanswered.
            models.UniqueConstraint(
                fields=["participant", "camp_class"],
                condition=models.Q(status="charging"),
                name="attempt_one_charging_per_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"attempt {self.pk} ({self.status})"


class RefundPolicy(models.Model):
    """The school's terms for a family's cancellation, as the back office sets them. The newest
    row is in force (payments.selectors.refund_policy_in_force); each payment keeps a copy of
    the terms it was made under, so a change applies to later payments only."""

    # Kept back from a full refund.
    admin_fee = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal("0.00"))
    # Cancelled at least this many days before the first meeting: a full refund, less the fee.
    full_refund_days = models.PositiveSmallIntegerField(default=14)
    # At least this many days (and fewer than full_refund_days): partial_refund_percent back.
    partial_refund_days = models.PositiveSmallIntegerField(default=7)
    partial_refund_percent = models.PositiveSmallIntegerField(default=50)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "refund policies"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(admin_fee__gte=Decimal("0")), name="refund_policy_fee_gte_0"
            ),
            models.CheckConstraint(
                condition=models.Q(partial_refund_percent__gte=0, partial_refund_percent__lte=100),
                name="refund_policy_percent_0_to_100",
            ),
            # The partial window lies inside the full one's edge, never beyond it.
            models.CheckConstraint(
                condition=models.Q(partial_refund_days__lte=models.F("full_refund_days")),
                name="refund_policy_partial_within_full",
            ),
        ]

    def __str__(self) -> str:
        return f"Refund policy of {self.created_at:%Y-%m-%d %H:%M}"


class RefundStatus(models.TextChoices):
    # On record, not yet (or not yet successfully) asked of Stripe.
    PENDING = "pending", "Pending"
    SUCCEEDED = "succeeded", "Succeeded"
    # Stripe refused or did not answer: it waits in the back office's queue for a retry.
    FAILED = "failed", "Failed"


class Refund(models.Model):
    """Money owed back on a payment, put on record before Stripe is asked for it.

    A refund Stripe refuses stays here, failed with Stripe's words, until the back office
    retries it; the retry sends the same idempotency key, so Stripe makes it at most once.
    """

    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="refunds")
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    # The instalment whose own charge this refund goes back to; none for the payment's first.
    instalment = models.ForeignKey(
        "payments.Instalment",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="refunds",
    )
    # Sent with every ask of Stripe for this refund, and kept in the refund's metadata there.
    idempotency_key = models.CharField(max_length=255, unique=True)
    status = models.CharField(
        max_length=20, choices=RefundStatus.choices, default=RefundStatus.PENDING
    )
    stripe_refund_id = models.CharField(max_length=255, blank=True)
    failure_message = models.TextField(blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["status", "created_at"], name="refund_status_created_idx"),
        ]
        constraints = [
            # Never more than was paid: the service checks it against the payment's price.
            models.CheckConstraint(
                condition=models.Q(amount__gt=Decimal("0")), name="refund_amount_gt_0"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=RefundStatus.values), name="refund_status_valid"
            ),
            # A refund made is one Stripe knows.
            models.CheckConstraint(
                condition=~models.Q(status="succeeded") | ~models.Q(stripe_refund_id=""),
                name="refund_succeeded_has_stripe_id",
            ),
        ]

    def __str__(self) -> str:
        return f"refund {self.pk} of ${self.amount} ({self.status})"


# The school's price rules, per season, kept in the back office. `checkout.pricing` applies
# them, in its order, and nothing else reads them to decide what anyone pays.


def _percent_or_amount(prefix: str = "") -> models.Q:
    """Exactly one of a rule's percentage and amount is given."""
    percent, amount = f"{prefix}percent", f"{prefix}amount"
    return models.Q(**{f"{percent}__isnull": False, f"{amount}__isnull": True}) | models.Q(
        **{f"{percent}__isnull": True, f"{amount}__isnull": False}
    )


def _percent_field(**kwargs) -> models.DecimalField:
    return models.DecimalField(
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
        **kwargs,
    )


def _amount_field(**kwargs) -> models.DecimalField:
    return models.DecimalField(
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
        **kwargs,
    )


class EarlyBirdPrice(models.Model):
    """A class's lower price until a moment."""

    camp_class = models.OneToOneField(
        "classes.Class", on_delete=models.CASCADE, related_name="early_bird"
    )
    price = models.DecimalField(
        max_digits=8, decimal_places=2, validators=[MinValueValidator(Decimal(0))]
    )
    until = models.DateTimeField(help_text="The early-bird price applies before this moment.")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(price__gte=Decimal(0)), name="early_bird_price_gte_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.camp_class}: {self.price} until {self.until:%Y-%m-%d}"


class SiblingDiscount(models.Model):
    """Off the second child of a family in a season, and off the third and later; the
    highest-priced child pays in full."""

    season = models.OneToOneField(
        "classes.Season", on_delete=models.CASCADE, related_name="sibling_discount"
    )
    second_percent = _percent_field()
    second_amount = _amount_field()
    third_percent = _percent_field(help_text="For the third child and later.")
    third_amount = _amount_field()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=_percent_or_amount("second_"), name="sibling_second_one_kind"
            ),
            models.CheckConstraint(
                condition=_percent_or_amount("third_"), name="sibling_third_one_kind"
            ),
        ]

    def __str__(self) -> str:
        return f"Sibling discount, {self.season}"


class MultiClassDiscount(models.Model):
    """Off a participant's Nth class in a season, and every later one up to the next tier."""

    season = models.ForeignKey(
        "classes.Season", on_delete=models.CASCADE, related_name="multi_class_discounts"
    )
    nth = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(2)], help_text="From the participant's Nth class on."
    )
    percent = _percent_field()
    amount = _amount_field()

    class Meta:
        ordering = ["season", "nth"]
        constraints = [
            models.UniqueConstraint(fields=["season", "nth"], name="multi_class_one_per_nth"),
            models.CheckConstraint(condition=models.Q(nth__gte=2), name="multi_class_nth_gte_2"),
            models.CheckConstraint(condition=_percent_or_amount(), name="multi_class_one_kind"),
        ]

    def __str__(self) -> str:
        return f"From class {self.nth}, {self.season}"


class MultiWeekDiscount(models.Model):
    """Off every week a participant books in a season once they book `weeks` or more of them
    (weeks of a class sold by the week, `classes.models.Booking`); the highest tier reached."""

    season = models.ForeignKey(
        "classes.Season", on_delete=models.CASCADE, related_name="multi_week_discounts"
    )
    weeks = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(2)], help_text="From this many weeks on."
    )
    percent = models.DecimalField(
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("100"))],
    )

    class Meta:
        ordering = ["season", "weeks"]
        constraints = [
            models.UniqueConstraint(fields=["season", "weeks"], name="multi_week_one_per_count"),
            models.CheckConstraint(condition=models.Q(weeks__gte=2), name="multi_week_gte_2"),
            models.CheckConstraint(
                condition=models.Q(percent__gt=0, percent__lte=100), name="multi_week_percent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.weeks} weeks or more, {self.season}"


class Scholarship(models.Model):
    """An admin's grant to one family for a season: a percentage of each class, or an amount
    spread over its classes, at most `cap` in all. Shown to that family only."""

    season = models.ForeignKey(
        "classes.Season", on_delete=models.CASCADE, related_name="scholarships"
    )
    family = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scholarships"
    )
    percent = _percent_field()
    amount = _amount_field()
    cap = _amount_field(help_text="The most the scholarship gives in the season; empty for no cap.")
    note = models.TextField(blank=True, help_text="Why it was granted (the school's own record).")
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
    )
    granted_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "family"], name="scholarship_one_per_season"),
            models.CheckConstraint(condition=_percent_or_amount(), name="scholarship_one_kind"),
        ]

    def __str__(self) -> str:
        return f"Scholarship for {self.family}, {self.season}"


class PromoCode(models.Model):
    """A code a family types at checkout: a percentage or an amount off the classes in its
    scope, while it is valid, as many times as its limits allow."""

    season = models.ForeignKey(
        "classes.Season", on_delete=models.CASCADE, related_name="promo_codes"
    )
    # Kept upper-case; a family may type it in any case.
    code = models.CharField(max_length=40, unique=True)
    percent = _percent_field()
    amount = _amount_field(help_text="Off the checkout's classes in scope, in all.")
    valid_from = models.DateTimeField(null=True, blank=True)
    valid_until = models.DateTimeField(null=True, blank=True)
    # Empty both: every class of the season.
    classes = models.ManyToManyField("classes.Class", blank=True, related_name="+")
    categories = models.ManyToManyField("classes.Category", blank=True, related_name="+")
    uses_limit = models.PositiveIntegerField(null=True, blank=True, help_text="Uses in all.")
    uses_per_family = models.PositiveIntegerField(null=True, blank=True)
    # Off the add-ons bought with the classes too (a T-shirt, a materials fee); by default a
    # code takes off the classes alone.
    includes_add_ons = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=_percent_or_amount(), name="promo_code_one_kind"),
            models.CheckConstraint(
                condition=models.Q(code=Upper("code")),
                name="promo_code_upper_case",
            ),
        ]

    def __str__(self) -> str:
        return self.code


class PromoCodeUse(models.Model):
    """One checkout paid with a code: counted against its limits under the code's lock."""

    promo_code = models.ForeignKey(PromoCode, on_delete=models.PROTECT, related_name="uses")
    family = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="promo_code_uses"
    )
    used_at = models.DateTimeField(default=timezone.now)
    # The checkout that spent it: set aside before the charge, given back if the card fails.
    checkout = models.OneToOneField(
        "payments.Checkout",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="promo_code_use",
    )

    class Meta:
        indexes = [
            models.Index(fields=["promo_code", "family"], name="promo_code_use_family_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.promo_code} by {self.family}"


class CreditEntry(models.Model):
    """One change of a family's account credit: a refund taken as credit, an admin's grant, or
    credit spent at checkout (negative). The balance is their sum; entries are never changed."""

    family = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="credit_entries"
    )
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The payment a refund taken as credit came from (a statement counts it as given back).
    payment = models.ForeignKey(
        Payment, null=True, blank=True, on_delete=models.PROTECT, related_name="credit_entries"
    )
    # The checkout it was spent at (negative), or given back by when its card failed.
    checkout = models.ForeignKey(
        "payments.Checkout",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="credit_entries",
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "credit entries"
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["family", "-at", "-id"], name="credit_family_idx")]
        constraints = [
            models.CheckConstraint(condition=~models.Q(amount=0), name="credit_entry_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.amount} for {self.family}: {self.reason}"


class CheckoutStatus(models.TextChoices):
    # Lines held, prices shown; the family has not paid.
    OPEN = "open", "Open"
    # The code's use and the credit are set aside and the card is being charged.
    CHARGING = "charging", "Charging"
    # The charge (or the family's discounts and credit) paid every line.
    PAID = "paid", "Paid"


class Checkout(models.Model):
    """A family's several classes, for their children and themselves, paid with one charge.

    Opening it holds a seat for every line; paying it charges the total the family confirmed
    once, and each line then becomes its own payment and enrolment (`CheckoutLine.payment`).
    """

    family = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="checkouts"
    )
    promo_code = models.ForeignKey(
        PromoCode, null=True, blank=True, on_delete=models.PROTECT, related_name="checkouts"
    )
    apply_credit = models.BooleanField(default=False)
    status = models.CharField(
        max_length=10, choices=CheckoutStatus.choices, default=CheckoutStatus.OPEN
    )
    # Where Stripe.js saves the card; empty when nothing is left to pay by card.
    setup_intent_id = models.CharField(max_length=255, blank=True)
    # The one charge, once made.
    payment_intent_id = models.CharField(max_length=255, blank=True)
    # What the family confirmed when it paid: the card's total and the credit spent.
    total = models.DecimalField(max_digits=9, decimal_places=2, null=True, blank=True)
    credit = models.DecimalField(max_digits=9, decimal_places=2, default=Decimal("0.00"))
    created_at = models.DateTimeField(default=timezone.now)
    # When the card was last asked: an answer not come by a while after is settled from Stripe.
    charging_since = models.DateTimeField(null=True, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    # Opened at the front desk by this member of staff for the family; none when the family
    # opened it itself.
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # Paid in cash or by cheque at the desk: how, and the office's reference (a cheque's number,
    # a receipt book's); empty for a card.
    paid_with = models.CharField(max_length=10, choices=PaidWith.choices, blank=True)
    paid_reference = models.CharField(max_length=120, blank=True)

    class Meta:
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["status", "charging_since"], name="checkout_status_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=CheckoutStatus.values), name="checkout_status_valid"
            ),
            models.UniqueConstraint(
                fields=["payment_intent_id"],
                condition=~models.Q(payment_intent_id=""),
                name="checkout_one_per_charge",
            ),
            models.CheckConstraint(
                condition=models.Q(total__gte=0) | models.Q(total__isnull=True),
                name="checkout_total_gte_0",
            ),
        ]

    def __str__(self) -> str:
        return f"Checkout {self.pk} of {self.family} ({self.status})"

    @property
    def reference(self) -> str:
        return checkout_reference(self.pk)


def checkout_reference(checkout_id: int) -> str:
    """What a family reads a checkout by, on its receipt, its e-mail and each line's row of the
    history: its number, which the back office finds it by."""
    return f"Checkout #{checkout_id}"


class CheckoutLine(models.Model):
    """One (participant, class) of a checkout, with the price it was paid at."""

    checkout = models.ForeignKey(Checkout, on_delete=models.CASCADE, related_name="lines")
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="+"
    )
    camp_class = models.ForeignKey("classes.Class", on_delete=models.PROTECT, related_name="+")
    # What the family confirmed for this line when it paid (`checkout.pricing`).
    list_price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    adjustments = models.JSONField(default=list, blank=True)
    price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    # Paid by a plan: `price` is then its deposit, and `plan_total` the whole line.
    plan = models.ForeignKey(
        "payments.PaymentPlan", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    plan_total = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    # The instalments the family confirmed ({due_on, amount}), kept for the payment they make.
    plan_parts = models.JSONField(default=list, blank=True)
    # The line's own payment and seat, once the charge is on record.
    payment = models.OneToOneField(
        Payment, null=True, blank=True, on_delete=models.PROTECT, related_name="checkout_line"
    )
    # The add-ons chosen for the line ([{addOnId, optionId, quantity}], required ones added by
    # the server) and the school's questions answered for it ({questionId: value}), kept until
    # the line's seat is taken with them.
    add_ons = models.JSONField(default=list, blank=True)
    answers = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["checkout", "participant", "camp_class"], name="checkout_line_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} in {self.camp_class}"


# Payment plans (`plans.schedule`): a deposit now and the rest in instalments charged to the
# card saved at checkout, by the beat task `payments.tasks.instalments_charge`.


class PaymentPlan(ShownInPublicLists):
    """A way to pay a class in parts, offered on one class or on every class of a season: a
    deposit at checkout, then the instalments its due rows name, the last taking the rounding.
    The class JSON of the public lists shows the plans open, so a change forgets those lists."""

    label = models.CharField(max_length=80)
    camp_class = models.ForeignKey(
        "classes.Class",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="payment_plans",
        help_text="The class offering it; empty for every class of the season.",
    )
    season = models.ForeignKey(
        "classes.Season",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="payment_plans",
    )
    deposit_percent = _percent_field()
    deposit_amount = _amount_field()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=_percent_or_amount("deposit_"), name="payment_plan_deposit_one_kind"
            ),
            # A class's own, or a season's default: exactly one of them.
            models.CheckConstraint(
                condition=models.Q(camp_class__isnull=False, season__isnull=True)
                | models.Q(camp_class__isnull=True, season__isnull=False),
                name="payment_plan_class_or_season",
            ),
        ]

    def __str__(self) -> str:
        return self.label


class PaymentPlanDue(ShownInPublicLists):
    """When one instalment of a plan is due: on a date, or a number of days before the class's
    first meeting."""

    plan = models.ForeignKey(PaymentPlan, on_delete=models.CASCADE, related_name="dues")
    due_on = models.DateField(null=True, blank=True)
    days_before = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Days before the class's first meeting."
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(due_on__isnull=False, days_before__isnull=True)
                | models.Q(due_on__isnull=True, days_before__isnull=False),
                name="plan_due_date_or_days",
            ),
        ]

    def __str__(self) -> str:
        return str(self.due_on) if self.due_on else f"{self.days_before} days before"


class InstalmentKind(models.TextChoices):
    # One of a plan's parts after the deposit.
    INSTALMENT = "instalment", "Instalment"
    # A transfer to a dearer class: the difference, paid before the move completes.
    TRANSFER = "transfer", "Transfer difference"
    # What the school's policy keeps on a cancellation beyond what was paid
    # (CANCELLATION_CHARGES_UNPAID).
    CANCELLATION = "cancellation", "Cancellation charge"


class InstalmentStatus(models.TextChoices):
    DUE = "due", "Due"
    # On record, the charge asked of Stripe; what Stripe did is not known here yet.
    CHARGING = "charging", "Charging"
    PAID = "paid", "Paid"
    # The last charge was declined or needs the cardholder; retried daily up to
    # INSTALMENT_RETRIES, the family asked to pay it themselves meanwhile.
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


class PaidBy(models.TextChoices):
    CARD = "card", "Card"
    CREDIT = "credit", "Account credit"
    # Cash or cheque, recorded by an admin with a note.
    OFFLINE = "offline", "Offline"


class Instalment(models.Model):
    """Money owed toward a payment's seat beyond its first charge, and how it was paid. What a
    family has paid for a seat is the payment's own charge, plus these paid, less refunds."""

    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="instalments")
    kind = models.CharField(
        max_length=20, choices=InstalmentKind.choices, default=InstalmentKind.INSTALMENT
    )
    due_on = models.DateField()
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    status = models.CharField(
        max_length=20, choices=InstalmentStatus.choices, default=InstalmentStatus.DUE
    )
    paid_by = models.CharField(max_length=10, choices=PaidBy.choices, blank=True)
    # Charges asked of Stripe for it: each try sends its own idempotency key
    # (`camp-instalment-<id>-<tries>`), so a try repeated by two workers charges once.
    tries = models.PositiveSmallIntegerField(default=0)
    # The school's own tries that failed (the beat task's, off-session): after
    # 1 + INSTALMENT_RETRIES of them the payment is overdue.
    declines = models.PositiveSmallIntegerField(default=0)
    # The next automatic try after a failure (daily); null when none is left.
    next_try_on = models.DateField(null=True, blank=True)
    payment_intent_id = models.CharField(max_length=255, blank=True)
    charging_since = models.DateTimeField(null=True, blank=True)
    message = models.TextField(blank=True)
    note = models.TextField(blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["due_on", "id"]
        indexes = [models.Index(fields=["status", "due_on"], name="instalment_status_due_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(amount__gte=Decimal("0")), name="instalment_amount_gte_0"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=InstalmentStatus.values),
                name="instalment_status_valid",
            ),
            # A paid instalment says how; a card's names the charge.
            models.CheckConstraint(
                condition=~models.Q(status="paid") | ~models.Q(paid_by=""),
                name="instalment_paid_says_how",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="paid", paid_by="card")
                | ~models.Q(payment_intent_id=""),
                name="instalment_card_has_charge",
            ),
            models.UniqueConstraint(
                fields=["payment_intent_id"],
                condition=~models.Q(payment_intent_id=""),
                name="instalment_one_per_charge",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of ${self.amount} due {self.due_on} ({self.status})"

    @property
    def idempotency_key(self) -> str:
        return f"camp-instalment-{self.pk}-{self.tries}"


class PlanChange(models.Model):
    """Every change to a payment's plan after checkout, by whom and why: the school's record."""

    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="plan_changes")
    instalment = models.ForeignKey(
        Instalment, null=True, blank=True, on_delete=models.PROTECT, related_name="changes"
    )
    what = models.CharField(max_length=300)
    note = models.TextField(blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return self.what


class Transfer(models.Model):
    """A family moved a seat to another class: the payment follows the seat, and this keeps
    where it came from and what the move cost or gave back."""

    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="transfers")
    from_class = models.ForeignKey("classes.Class", on_delete=models.PROTECT, related_name="+")
    to_class = models.ForeignKey("classes.Class", on_delete=models.PROTECT, related_name="+")
    from_enrolment = models.OneToOneField(
        "enrolments.Enrolment", on_delete=models.PROTECT, related_name="transfer_out"
    )
    to_enrolment = models.OneToOneField(
        "enrolments.Enrolment", on_delete=models.PROTECT, related_name="transfer_in"
    )
    # The new price less the old, before the fee: positive was charged, negative given back.
    difference = models.DecimalField(max_digits=8, decimal_places=2)
    fee = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal("0.00"))
    # A discount the family's other seats no longer earned once this one moved, kept from what
    # went back (as a cancellation keeps it): the move's total is difference + fee + withheld.
    withheld = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal("0.00"))
    settled_with = models.CharField(max_length=10, choices=PaidBy.choices[:2], blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fee__gte=Decimal("0")), name="transfer_fee_gte_0"
            ),
            models.CheckConstraint(
                condition=models.Q(withheld__gte=Decimal("0")), name="transfer_withheld_gte_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.from_class} to {self.to_class}"


class LedgerKind(models.TextChoices):
    """How money moved for a seat. Three bring money in: a card charge (the payment's first, or
    an instalment's), account credit spent, cash or a cheque taken by the office. Two take it
    out: a refund to the card, and money given back as account credit."""

    CHARGE = "charge", "Card charge"
    CREDIT_SPENT = "credit_spent", "Account credit spent"
    OFFLINE = "offline", "Cash or cheque"
    REFUND = "refund", "Refund to the card"
    CREDIT_GIVEN = "credit_given", "Given back as account credit"


MONEY_IN = (LedgerKind.CHARGE, LedgerKind.CREDIT_SPENT, LedgerKind.OFFLINE)
MONEY_OUT = (LedgerKind.REFUND, LedgerKind.CREDIT_GIVEN)


class LedgerEntry(models.Model):
    """One movement of a family's money for one seat (its payment), written by
    `payments.services.ledger` and nothing else, and never changed. What a seat holds, and how
    each part of it goes back, is the sum of its entries (`payments.selectors.seat_paid`).

    Money in is held in parts: each card charge (the payment's first, `instalment` empty, or an
    instalment's), the account credit spent at checkout, and each instalment paid with credit,
    cash or cheque. Money out says which part it came from (`drawn_from` and `instalment`), so
    a charge is never refunded beyond what is left of it, and credit a move gave back from the
    card is not refunded to the card again. The school's own bonus on a refund taken as credit
    is no family money and is only on the credit account (`CreditEntry`)."""

    family = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="ledger_entries"
    )
    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="ledger_entries")
    kind = models.CharField(max_length=20, choices=LedgerKind.choices)
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    # The part money out came from: a card charge, credit spent, or cash and cheques.
    drawn_from = models.CharField(max_length=20, choices=LedgerKind.choices[:3], blank=True)
    # The instalment whose charge or payment the part is; none for the payment's own.
    instalment = models.ForeignKey(
        "payments.Instalment",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_entries",
    )
    # The refund on record a card refund is (none for one the school made at once).
    refund = models.OneToOneField(
        Refund, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_entry"
    )
    # The row of the family's credit account the credit moved with.
    credit_entry = models.ForeignKey(
        CreditEntry,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_entries",
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "ledger entries"
        ordering = ["at", "id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [models.Index(fields=["kind", "at"], name="ledger_kind_at_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(amount__gt=Decimal("0")), name="ledger_amount_gt_0"
            ),
            models.CheckConstraint(
                condition=models.Q(kind__in=LedgerKind.values), name="ledger_kind_valid"
            ),
            # Money in is a part of its own; money out names the part it came from, and a
            # refund to the card comes from a card charge.
            models.CheckConstraint(
                condition=(models.Q(kind__in=MONEY_IN) & models.Q(drawn_from=""))
                | (models.Q(kind=LedgerKind.REFUND) & models.Q(drawn_from=LedgerKind.CHARGE))
                | (
                    models.Q(kind=LedgerKind.CREDIT_GIVEN)
                    & models.Q(drawn_from__in=[kind.value for kind in MONEY_IN])
                ),
                name="ledger_out_drawn_from_in",
            ),
            # Each part is paid once: the payment's first charge, the credit spent at its
            # checkout, and each instalment.
            models.UniqueConstraint(
                fields=["payment", "kind"],
                condition=models.Q(
                    kind__in=[LedgerKind.CHARGE, LedgerKind.CREDIT_SPENT],
                    instalment__isnull=True,
                ),
                name="ledger_payment_paid_once",
            ),
            models.UniqueConstraint(
                fields=["instalment"],
                condition=models.Q(kind__in=[kind.value for kind in MONEY_IN]),
                name="ledger_instalment_paid_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of ${self.amount} for payment {self.payment_id}"


class AddOnPurchase(models.Model):
    """An add-on bought with a seat (its payment): what it was, how many, at what price. Given
    back with the seat by the refund policy, but for one marked non-refundable once delivered
    and delivered (`delivered_at`)."""

    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="add_ons")
    add_on = models.ForeignKey("extras.AddOn", on_delete=models.PROTECT, related_name="+")
    option = models.ForeignKey(
        "extras.AddOnOption", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    label = models.CharField(max_length=110)
    quantity = models.PositiveSmallIntegerField()
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    delivered_at = models.DateTimeField(null=True, blank=True)
    # When the seat was given back and the option's stock with it (not once delivered).
    returned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quantity__gte=1), name="add_on_purchase_quantity_gte_1"
            ),
            models.CheckConstraint(
                condition=models.Q(amount__gte=Decimal("0")), name="add_on_purchase_amount_gte_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} × {self.quantity}"
