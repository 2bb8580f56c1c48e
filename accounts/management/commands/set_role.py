from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email

from accounts.models import Role, User
from accounts.services import user_set_role
from core.errors import DomainError


class Command(BaseCommand):
    help = (
        "Give a user a role by e-mail (admin, instructor or student). A user who has never "
        "signed in is created, so a new site can name its first admin before they sign in."
    )

    def add_arguments(self, parser):
        parser.add_argument("email")
        parser.add_argument("role", choices=Role.values)

    def handle(self, *args, email: str, role: str, **options):
        email = email.strip().lower()
        try:
            validate_email(email)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        user, created = User.objects.get_or_create(email=email)
        if created:
            self.stdout.write(f"Created an account for {email}.")
        try:
            changed = user_set_role(user_id=user.pk, role=role)
        except DomainError as error:
            raise CommandError(str(error)) from error
        if changed:
            self.stdout.write(self.style.SUCCESS(f"{email} is now {role}."))
        else:
            self.stdout.write(f"{email} was already {role}; nothing changed.")
