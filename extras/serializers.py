from django.utils.translation import gettext as _
from rest_framework import serializers

from classes.serializers import ClockTimeField

# The most answers one request gives for a child: more than any class and season ask.
MAX_ANSWERS = 50


class AnswersInputField(serializers.DictField):
    """A child's answers to the school's questions as a request gives them, {questionId: value},
    keyed by the questions' ids as ints; each value is checked against its question by
    `extras.questions.answers_checked`."""

    def __init__(self, **kwargs):
        super().__init__(child=serializers.JSONField(allow_null=True), **kwargs)

    def to_internal_value(self, data) -> dict:
        answers = super().to_internal_value(data)
        if len(answers) > MAX_ANSWERS:
            raise serializers.ValidationError(
                _("At most %(MAX_ANSWERS)s answers.") % {"MAX_ANSWERS": MAX_ANSWERS}
            )
        # ASCII digits alone: "²" is a digit to `isdigit` but no number to `int`.
        if not all(key.isascii() and key.isdigit() and len(key) < 12 for key in answers):
            raise serializers.ValidationError(_("Answers are keyed by the question's id."))
        return {int(key): value for key, value in answers.items()}


class ExtendedCareOutputSerializer(serializers.Serializer):
    """Care before or after a season's day-camp classes, added to a booked day at checkout."""

    id = serializers.IntegerField()
    kind = serializers.CharField()
    label = serializers.CharField()
    startTime = ClockTimeField(source="start_time")  # noqa: N815 - the API's names
    endTime = ClockTimeField(source="end_time")  # noqa: N815
    pricePerDay = serializers.DecimalField(  # noqa: N815
        source="price_per_day", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    pricePerWeek = serializers.DecimalField(  # noqa: N815
        source="price_per_week",
        max_digits=8,
        decimal_places=2,
        coerce_to_string=False,
        allow_null=True,
    )
    seats = serializers.IntegerField()
