"""What a class offers and asks beside its seat: add-ons (a materials fee, a T-shirt, lunch)
and the school's own questions, with each child's answers."""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone

from core.public_cache import ShownInPublicLists


def of_a_class_or_a_season(name: str) -> models.CheckConstraint:
    """A row offered or asked by one class or by one season, never both nor neither."""
    return models.CheckConstraint(
        condition=models.Q(camp_class__isnull=True) ^ models.Q(season__isnull=True), name=name
    )


class AddOn(ShownInPublicLists):
    """Something a family buys with a class beside the seat: a materials fee, a T-shirt, lunch.
    Offered by one class (every week or day of a series) or by a whole season (with each of its
    classes); a required one is added to every line by the server, whatever the request says.
    Its price is the one pricing function's (`checkout.pricing`), its stock held with the seat.
    """

    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, null=True, blank=True, related_name="add_ons"
    )
    season = models.ForeignKey(
        "classes.Season", on_delete=models.CASCADE, null=True, blank=True, related_name="add_ons"
    )
    label = models.CharField(max_length=60)
    price = models.DecimalField(max_digits=8, decimal_places=2)
    required = models.BooleanField(default=False, help_text="Charged with every seat (materials).")
    # Bought for each week or day booked (lunch on a day), not once per class.
    per_day = models.BooleanField(default=False, help_text="Per day (or week) booked.")
    max_quantity = models.PositiveSmallIntegerField(default=1)
    # A kit handed out or a T-shirt worn is not given back with the seat once delivered.
    non_refundable_once_delivered = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            of_a_class_or_a_season("add_on_of_a_class_or_a_season"),
            models.CheckConstraint(
                condition=models.Q(price__gte=Decimal("0")), name="add_on_price_gte_0"
            ),
            models.CheckConstraint(
                condition=models.Q(max_quantity__gte=1), name="add_on_max_quantity_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return self.label


class AddOnOption(ShownInPublicLists):
    """A choice of an add-on (a T-shirt's size) with its own stock: `sold` rises as a seat is
    taken with it, never past `stock` (none: no limit), and falls as one is given back before
    it was delivered. Live holds of it are `enrolments.models.SeatHoldAddOn` rows."""

    # The lists show no stock: a T-shirt sold as a seat is taken leaves them cached.
    public_fields = frozenset({"add_on", "label", "stock", "position"})

    add_on = models.ForeignKey(AddOn, on_delete=models.CASCADE, related_name="options")
    label = models.CharField(max_length=40)
    stock = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: no limit.")
    sold = models.PositiveIntegerField(default=0, editable=False)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(stock__isnull=True) | models.Q(sold__lte=models.F("stock")),
                name="add_on_option_never_oversold",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.add_on.label}: {self.label}"


class QuestionKind(models.TextChoices):
    SHORT_TEXT = "short_text", "Short text"
    LONG_TEXT = "long_text", "Long text"
    ONE_CHOICE = "one_choice", "One choice"
    CHOICES = "choices", "Several choices"
    YES_NO = "yes_no", "Yes or no"
    DATE = "date", "A date"
    NUMBER = "number", "A number"


class Question(ShownInPublicLists):
    """The school's own question, asked per child at checkout: of one class (the series for
    weeks and days) or of a season (answered once per child per season). A follow-up is asked
    only when another question of the same class or season has the answer `show_if_answer`."""

    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, null=True, blank=True, related_name="questions"
    )
    season = models.ForeignKey(
        "classes.Season", on_delete=models.CASCADE, null=True, blank=True, related_name="questions"
    )
    label = models.CharField(max_length=200)
    kind = models.CharField(max_length=12, choices=QuestionKind.choices)
    required = models.BooleanField(default=False)
    help = models.CharField(max_length=300, blank=True)
    # The answers offered by a one-choice or several-choices question.
    choices = models.JSONField(default=list, blank=True)
    show_if_question = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="follow_ups"
    )
    # The answer of `show_if_question` that asks this one ("yes", or one of its choices).
    show_if_answer = models.CharField(max_length=200, blank=True)
    instructor_sees = models.BooleanField(
        default=False, help_text="Shown to the class's instructor on the roster and Today."
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            of_a_class_or_a_season("question_of_a_class_or_a_season"),
            models.CheckConstraint(
                condition=models.Q(kind__in=QuestionKind.values), name="question_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.label


class Answer(models.Model):
    """A child's answer to one of the school's questions, never changed: a change is a new row,
    and the newest is the answer. A class's question is answered for that class (the series of
    a week or a day); a season's once for the season (`camp_class` empty)."""

    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="answers"
    )
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="answers")
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    value = models.JSONField()
    answered_at = models.DateTimeField(default=timezone.now)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["participant", "question", "id"], name="answer_newest_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} answered question {self.question_id}"
