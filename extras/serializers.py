from django.utils.translation import gettext as _
from rest_framework import serializers

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
        if not all(key.isdigit() and len(key) < 12 for key in answers):
            raise serializers.ValidationError(_("Answers are keyed by the question's id."))
        return {int(key): value for key, value in answers.items()}
