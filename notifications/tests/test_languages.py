"""Each message is written in its reader's language, their account's (`accounts.User.language`),
whoever's request or worker queues it; an address that is nobody's account reads the school's
default. The language is kept with the row and sent as the e-mail's Content-Language."""

import html
import re
from types import SimpleNamespace

import pytest
from django.utils import translation
from django.utils.functional import Promise

from accounts.models import Role
from enrolments.message_kinds import EnrolmentMessage
from notifications import kinds
from notifications.rendering import message_rendered, reader_language
from notifications.services import message_queue, message_rerender_queued, message_resend
from testing.factories import UserFactory
from testing.mail_samples import SAMPLES
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

OFFER = EnrolmentMessage.WAITLIST_OFFER


def offer_to(address: str, about: str = "waitlist-offer:1", **context):
    return message_queue(
        kind=OFFER, about=about, recipient=address, context={**SAMPLES[OFFER], **context}
    )


def test_the_readers_account_chooses_the_language_not_the_request_that_queues_it():
    rosa = UserFactory(role=Role.STUDENT, language="es", email="rosa@camp.test")
    ana = UserFactory(role=Role.STUDENT, language="en", email="ana@camp.test")

    with translation.override("en"):
        spanish = offer_to(rosa.email)
    with translation.override("es"):
        english = offer_to(ana.email)

    assert (spanish.language, english.language) == ("es", "en")
    assert spanish.subject == "Un lugar para usted: Wheel-Thrown Pottery"
    assert "Primera sesión: lunes 5 de julio de 2027, 9:00 PDT" in spanish.text
    assert "First meeting" not in spanish.text
    assert english.subject == "A seat for you: Wheel-Thrown Pottery"
    assert "First meeting: Monday, July 5, 2027, 9:00 AM PDT" in english.text
    assert "Primera sesión" not in english.text
    # The language active where it was queued is left as it was.
    assert translation.get_language() == "en"


def test_an_address_of_nobodys_account_reads_the_default_language_whatever_its_case():
    UserFactory(role=Role.STUDENT, language="es", email="rosa@camp.test")

    assert reader_language("Rosa@Camp.test ") == "es"
    assert reader_language("visitor@elsewhere.test") == "en"
    assert offer_to("visitor@elsewhere.test").language == "en"


def test_the_email_says_its_language_and_a_resend_keeps_it(smtp_sink):
    UserFactory(role=Role.STUDENT, language="es", email="rosa@camp.test")
    first = offer_to("rosa@camp.test")
    send_queued()
    message_resend(message_id=first.pk)
    send_queued()

    sent, resent = smtp_sink.messages()
    assert sent["Content-Language"] == resent["Content-Language"] == "es"
    assert sent["Subject"] == resent["Subject"] == "Un lugar para usted: Wheel-Thrown Pottery"


def test_an_announcement_says_how_to_stop_them_in_the_readers_language():
    UserFactory(role=Role.STUDENT, language="es", email="rosa@camp.test")

    message = message_queue(
        kind=OFFER,
        about="waitlist-offer:1",
        recipient="rosa@camp.test",
        context=SAMPLES[OFFER],
        announcement=True,
    )

    assert "Este es un anuncio. Deje de recibir anuncios" in message.text
    assert "Deje de recibir anuncios</a>" in message.html
    assert "Stop announcements" not in message.text + message.html


def test_queued_messages_rendered_again_keep_each_readers_language():
    UserFactory(role=Role.STUDENT, language="es", email="rosa@camp.test")
    spanish = offer_to("rosa@camp.test", about="waitlist-offer:1")
    english = offer_to("ana@camp.test", about="waitlist-offer:2")

    changed = message_rerender_queued(
        kind=OFFER,
        about_prefix="waitlist-offer:",
        context={**SAMPLES[OFFER], "class_name": "Loom Weaving"},
    )

    spanish.refresh_from_db()
    english.refresh_from_db()
    assert changed == 2
    assert spanish.subject == "Un lugar para usted: Loom Weaving"
    assert english.subject == "A seat for you: Loom Weaving"


def typed_values(value) -> set[str]:
    """What people typed in a sample (names, places, notes...), which no language changes; our
    own words in it are said lazily, in the reader's language, and are not among them."""
    if isinstance(value, Promise):
        return set()
    if isinstance(value, str) and not value:
        return set()
    if isinstance(value, str):
        # A text typed over several lines (a message, its HTML) is read line by line.
        stripped = html.unescape(re.sub(r"<[^>]+>", "\n", value))
        return {value, *(line.strip() for line in stripped.splitlines() if line.strip())}
    if isinstance(value, SimpleNamespace):
        value = vars(value)
    if isinstance(value, dict):
        value = value.values()
    if isinstance(value, list | tuple | set) or type(value).__name__ == "dict_values":
        return set().union(*(typed_values(item) for item in value))
    return set()


def lines_read(rendered) -> list[str]:
    """The lines a reader reads: the subject, the text, and the HTML's body without its tags."""
    body = rendered.html.split("<body>", 1)[-1]
    body = html.unescape(re.sub(r"<[^>]+>", " ", body))
    lines = [rendered.subject, *rendered.text.splitlines(), *body.splitlines()]
    return [" ".join(line.split()) for line in lines if line.strip()]


def our_words(line: str, typed: set[str]) -> str:
    """The line without what was typed, addresses and links: the words of ours left in it."""
    for value in sorted(typed, key=len, reverse=True):
        line = line.replace(value, " ")
    return re.sub(r"\S+://\S+|\S+@\S+", " ", line)


def sentence_bearing(line: str, typed: set[str]) -> bool:
    # Two words of ours at least: a lone label ("Instructor: ...") reads the same in both.
    return len(re.findall(r"[A-Za-z\u00c0-\u017f]{2,}", our_words(line, typed))) >= 2


@pytest.mark.parametrize("kind", kinds.registered())
def test_every_kind_speaks_spanish_to_a_spanish_reader_and_english_to_an_english_one(kind):
    sample = SAMPLES[kind]
    typed = typed_values(sample)

    english = message_rendered(kind, sample, language="en")
    spanish = message_rendered(kind, sample, language="es")

    english_lines = [line for line in lines_read(english) if sentence_bearing(line, typed)]
    spanish_lines = [line for line in lines_read(spanish) if sentence_bearing(line, typed)]
    assert (english.language, spanish.language) == ("en", "es")
    assert english_lines and spanish_lines
    assert [line for line in english_lines if line in set(spanish_lines)] == []
    # The English reader reads the words as written: nothing of the catalogue leaks into them.
    assert "Hola" not in english.text + english.html
    assert english.text.startswith("Hello") or kind == "contact_message"
