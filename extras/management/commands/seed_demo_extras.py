"""The demo's add-ons and questions (after `seed_demo`): a required materials fee on the coming
summer's pottery classes, a camp T-shirt in three sizes with their stock, lunch on each day of
the days camp; the season asks about sensory needs (with a follow-up for a yes) and each pottery
class whether the child has used a wheel. Made once: rows the school edited are kept as they are.
"""

from datetime import date
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from classes.management.commands.seed_demo import season_start
from classes.models import Class, Season
from classes.schedule import school_timezone
from extras.models import AddOn, AddOnOption, Question, QuestionKind

SENSORY_QUESTION = "Any sensory needs we should plan for?"
WHEEL_QUESTION = "Has your child used a pottery wheel?"


class Command(BaseCommand):
    help = "Add the demo's add-ons and the school's questions (run after seed_demo)."

    @transaction.atomic
    def handle(self, *args, **options):
        start = season_start(timezone.localdate(timezone=school_timezone()))
        if not Season.objects.filter(name=f"Summer {start.year}").exists():
            self.stdout.write("No demo season: run seed_demo first.")
            return
        created = {"add-ons": self._add_ons(start), "questions": self._questions(start)}
        if not any(created.values()):
            self.stdout.write("Nothing to do: the demo's add-ons and questions are there already.")
            return
        summary = ", ".join(f"{count} {kind}" for kind, count in created.items() if count)
        self.stdout.write(self.style.SUCCESS(f"Created {summary}."))

    def _add_ons(self, start: date) -> int:
        """The coming summer's add-ons: a materials fee on each pottery class (required), a
        camp T-shirt in three sizes with their stock, and lunch on each day of the days camp;
        how many were made (one there already is kept as it is)."""
        season = Season.objects.get(name=f"Summer {start.year}")
        made = []
        pottery = Class.objects.filter(
            season=season, category__slug="pottery-ceramics", unit_of=None
        ).order_by("id")
        for camp_class in pottery:
            made.append(
                AddOn.objects.get_or_create(
                    camp_class=camp_class,
                    label="Materials fee",
                    defaults={"price": Decimal("18.00"), "required": True},
                )
            )
        made.append(
            AddOn.objects.get_or_create(
                season=season,
                label="Camp T-shirt",
                defaults={
                    "price": Decimal("15.00"),
                    "max_quantity": 2,
                    "non_refundable_once_delivered": True,
                },
            )
        )
        shirt, made_shirt = made[-1]
        if made_shirt:
            for position, (size, stock) in enumerate((("S", 20), ("M", 30), ("L", 20))):
                AddOnOption.objects.create(add_on=shirt, label=size, stock=stock, position=position)
        days = Class.objects.get(name="Young Makers Studio", season=season, unit_of=None)
        made.append(
            AddOn.objects.get_or_create(
                camp_class=days,
                label="Lunch",
                defaults={"price": Decimal("9.50"), "per_day": True},
            )
        )
        return sum(was_made for _, was_made in made)

    def _questions(self, start: date) -> int:
        """The school's own questions: the coming summer asks once per child about sensory
        needs (and, for a yes, what helps), each pottery class whether the child has used a
        wheel; all shown to the instructors. How many were made (one there already stays as
        the school edited it)."""
        season = Season.objects.get(name=f"Summer {start.year}")
        sensory, made = Question.objects.get_or_create(
            season=season,
            label=SENSORY_QUESTION,
            defaults={
                "kind": QuestionKind.YES_NO,
                "required": True,
                "help": "Noise, textures, busy rooms: anything the instructors should know.",
                "instructor_sees": True,
            },
        )
        _, follow_up_made = Question.objects.get_or_create(
            season=season,
            label="Tell us what helps",
            defaults={
                "kind": QuestionKind.LONG_TEXT,
                "required": True,
                "show_if_question": sensory,
                "show_if_answer": "yes",
                "instructor_sees": True,
                "position": 1,
            },
        )
        made += follow_up_made
        pottery = Class.objects.filter(
            category__slug="pottery-ceramics", season=season, unit_of=None, extended_care=None
        ).exclude(questions__label=WHEEL_QUESTION)
        for camp_class in pottery:
            Question.objects.create(
                camp_class=camp_class,
                label=WHEEL_QUESTION,
                kind=QuestionKind.YES_NO,
                instructor_sees=True,
            )
            made += 1
        return made
