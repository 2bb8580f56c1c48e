from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.translation import gettext as _

_web_url = URLValidator(schemes=["http", "https"])


def validate_image_url(value: str) -> None:
    """An image lives on the web (http/https) or on this site (a path such as /static/...).

    Browsers read a backslash as a slash and drop tabs and line breaks inside a URL, so
    `/\\evil.example/x.png` is `//evil.example/x.png`, a link to another host. Such characters
    are refused anywhere rather than trusted to mean what they seem to.
    """
    if "\\" in value or any(char.isspace() or not char.isprintable() for char in value):
        raise ValidationError(_("Enter a valid image URL."), code="invalid")
    # "//host/x" is a protocol-relative URL to another site, not a path on this one.
    if value.startswith("/") and not value.startswith("//"):
        return
    _web_url(value)
