"""What a service says when a rule of the school says no. Nothing here knows HTTP.

Services raise these; the API's one exception handler (`core.api.exception_handler`) gives each
its status and JSON shape, and the back office and management commands show their message.
"""

from django.utils.translation import gettext, gettext_lazy


class DomainError(Exception):
    """`code`, when given, names the reason for a program (the browser) to tell it apart, and
    `details` what it needs to act on it (the API answers them beside the message); the message
    is for people."""

    default_message = gettext_lazy("This cannot be done.")

    def __init__(self, message: str = "", *, code: str = "", details: dict | None = None):
        self.message = message or self.default_message
        self.code = code
        self.details = details or {}
        super().__init__(self.message)


class NotFound(DomainError):
    default_message = gettext_lazy("No such thing.")


class Conflict(DomainError):
    """The request clashes with the current state (full, closed, already done)."""

    default_message = gettext_lazy("This request conflicts with the current state.")


class Refused(DomainError):
    """This person may not do this, and the reason says why."""

    default_message = gettext_lazy("You do not have permission to do this.")


class TooMany(DomainError):
    """A limit of the school's on how often something is done is reached (a class's messages
    in a day); `resets_at`, an aware datetime, says from when it may be done again."""

    default_message = gettext_lazy("This has been done as often as it may be for now.")

    def __init__(
        self,
        message: str = "",
        *,
        resets_at=None,
        code: str = "",
        details: dict | None = None,
    ):
        self.resets_at = resets_at
        super().__init__(message, code=code, details=details)


class CardDeclined(DomainError):
    default_message = gettext_lazy("Your card was declined.")


class ProviderUnavailable(DomainError):
    """A service the school relies on (the card provider) did not answer."""

    default_message = gettext_lazy(
        "The card payment service is not answering. Please try again in a moment."
    )


class InvalidInput(DomainError):
    """Input a service cannot use, with a message per item, keyed by the service's own names
    (the API layer renames them to its fields); a field of keyed parts (the answers to the
    school's questions) has its messages by key."""

    def __init__(self, problems: dict[str, list[str] | dict[str, list[str]]], message: str = ""):
        self.problems = problems
        super().__init__(message or gettext("Some of the input cannot be used."))
