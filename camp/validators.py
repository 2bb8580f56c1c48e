from django.core.exceptions import ValidationError
from django.core.validators import URLValidator

_web_url = URLValidator(schemes=["http", "https"])


def validate_image_url(value: str) -> None:
    """An image lives on the web (http/https) or on this site (a path such as /static/...)."""
    # "//host/x" is a protocol-relative URL to another site, not a path on this one.
    if value.startswith("/") and not value.startswith("//"):
        if any(char.isspace() for char in value):
            raise ValidationError("Enter a valid image URL.", code="invalid")
        return
    _web_url(value)
