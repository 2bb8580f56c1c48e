"""The back office's add-ons and questions: each on a page of its own, and edited on their
class's and season's pages, whose admin (`classes.admin`) shows this app's rows below its own."""

from django import forms
from django.contrib import admin

from classes.admin import ClassAdmin, SeasonAdmin
from extras.models import AddOn, AddOnOption, Question, QuestionKind


class ChoicesField(forms.CharField):
    """A question's answers offered, one per line, kept as a list."""

    widget = forms.Textarea(attrs={"rows": 3})

    def prepare_value(self, value):
        return "\n".join(value) if isinstance(value, list) else value

    def to_python(self, value):
        return [line.strip() for line in (value or "").splitlines() if line.strip()]


CHOSEN = (QuestionKind.ONE_CHOICE, QuestionKind.CHOICES)


class QuestionForm(forms.ModelForm):
    choices = ChoicesField(required=False, help_text="For a choice question: one per line.")

    class Meta:
        model = Question
        fields = (
            "label",
            "kind",
            "required",
            "help",
            "choices",
            "show_if_question",
            "show_if_answer",
            "instructor_sees",
            "position",
        )

    def clean(self):
        cleaned = super().clean()
        kind, choices = cleaned.get("kind"), cleaned.get("choices") or []
        if kind in CHOSEN and not choices:
            self.add_error("choices", "A choice question offers its answers, one per line.")
        if kind not in CHOSEN and choices:
            self.add_error("choices", "Only a choice question offers answers.")
        asked_after = cleaned.get("show_if_question")
        answer = (cleaned.get("show_if_answer") or "").strip()
        if asked_after is not None:
            own = self.instance
            # Asked of a class or a season: the inline's row knows it, this form may change it.
            camp_class = cleaned.get("camp_class", own.camp_class if own.camp_class_id else None)
            season = cleaned.get("season", own.season if own.season_id else None)
            if (asked_after.camp_class_id, asked_after.season_id) != (
                camp_class.pk if camp_class else None,
                season.pk if season else None,
            ) or asked_after.pk == own.pk:
                self.add_error("show_if_question", "A follow-up follows a question of its own.")
            elif not _possible_answer(asked_after, answer):
                self.add_error("show_if_answer", "Give one of that question's answers.")
        elif answer:
            self.add_error("show_if_answer", "Name the question this one follows.")
        return cleaned


def _possible_answer(question: Question, answer: str) -> bool:
    if question.kind == QuestionKind.YES_NO:
        return answer.lower() in ("yes", "no")
    if question.kind in CHOSEN:
        return answer in question.choices
    return bool(answer)


class QuestionInline(admin.StackedInline):
    """The school's own questions, asked per child at checkout. A follow-up is asked only when
    the question it follows (of the same class or season) has the answer given."""

    model = Question
    form = QuestionForm
    fk_name = None
    extra = 0
    classes = ("collapse",)


class ClassQuestionInline(QuestionInline):
    fk_name = "camp_class"


class SeasonQuestionInline(QuestionInline):
    fk_name = "season"


@admin.register(Question)
class QuestionAdmin(admin.ModelAdmin):
    """Every question of every class and season, to find one; edited with its class or season."""

    form = QuestionForm
    list_display = ("label", "kind", "camp_class", "season", "required", "instructor_sees")
    list_filter = ("kind", "required", "instructor_sees", "season")
    search_fields = ("label", "camp_class__name")
    raw_id_fields = ("camp_class",)

    def get_fields(self, request, obj=None):
        return ("camp_class", "season", *QuestionForm.Meta.fields)


class AddOnOptionInline(admin.TabularInline):
    """An add-on's choices (a T-shirt's sizes), each with its stock: empty for no limit."""

    model = AddOnOption
    extra = 0
    fields = ("label", "stock", "sold", "position")
    readonly_fields = ("sold",)


@admin.register(AddOn)
class AddOnAdmin(admin.ModelAdmin):
    """What a family buys with a class: of one class (every week or day of a series) or of a
    whole season; its options and their stock below."""

    list_display = ("label", "camp_class", "season", "price", "required", "per_day")
    list_filter = ("season", "required", "per_day")
    search_fields = ("label", "camp_class__name")
    autocomplete_fields = ("camp_class",)
    inlines = (AddOnOptionInline,)


class AddOnInline(admin.TabularInline):
    """The add-ons offered with a class or a season; their options are edited on the add-on's
    own page."""

    model = AddOn
    extra = 0
    fields = (
        "label",
        "price",
        "required",
        "per_day",
        "max_quantity",
        "non_refundable_once_delivered",
        "position",
    )
    show_change_link = True


ClassAdmin.inlines = (*ClassAdmin.inlines, AddOnInline, ClassQuestionInline)
SeasonAdmin.inlines = (*SeasonAdmin.inlines, AddOnInline, SeasonQuestionInline)
