from django.db import models
from django.db.models import Q

TITLE_MAX_LENGTH = 100
BODY_MAX_LENGTH = 20_000
CONTACT_NAME_MAX_LENGTH = 100
CONTACT_MESSAGE_MAX_LENGTH = 5_000


class PageSlug(models.TextChoices):
    """The school's own pages, each at /<slug> in the browser app and linked from its footer."""

    ABOUT = "about", "About us"
    TERMS = "terms", "Terms of use"
    PRIVACY = "privacy", "Privacy policy"
    COOKIES = "cookies", "Cookie policy"
    ACCESSIBILITY = "accessibility", "Accessibility statement"


BODY_HELP = (
    "Plain text. Leave a blank line between paragraphs. A line starting with “## ” is a "
    "heading; lines starting with “- ” make a list. Anything else, HTML included, is shown as "
    "typed."
)


class SitePage(models.Model):
    """One page of the school's own words, written in the back office. The set of pages is
    fixed (each has its route and footer link); only their text changes."""

    slug = models.CharField(max_length=20, choices=PageSlug.choices, unique=True)
    title = models.CharField(max_length=TITLE_MAX_LENGTH)
    body = models.TextField(max_length=BODY_MAX_LENGTH, help_text=BODY_HELP)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]
        constraints = [
            models.CheckConstraint(
                condition=Q(slug__in=PageSlug.values), name="site_page_slug_known"
            ),
        ]

    def __str__(self) -> str:
        return self.title


class ContactMessage(models.Model):
    """What a visitor wrote through the Contact page; the office also gets it by e-mail."""

    name = models.CharField(max_length=CONTACT_NAME_MAX_LENGTH)
    email = models.EmailField()
    message = models.TextField(max_length=CONTACT_MESSAGE_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            # The back office's list, newest first, and its date hierarchy.
            models.Index(fields=["created_at", "id"], name="contact_message_created_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"
