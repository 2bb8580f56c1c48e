"""Every kind of message has a sample to look at (`make screenshots` draws each at a phone's
width, light and dark), and each renders whole: a subject, text and HTML, nothing left unfilled."""

import pytest

from notifications import kinds
from notifications.rendering import message_rendered
from testing.mail_samples import SAMPLES


def test_every_kind_the_apps_send_has_a_sample():
    assert sorted(SAMPLES) == kinds.registered()


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_sample_renders_a_subject_a_text_and_a_phone_sized_page(kind):
    rendered = message_rendered(kind, SAMPLES[kind])

    assert rendered.subject and "{" not in rendered.subject
    assert rendered.text.strip() and "{{" not in rendered.text and "None" not in rendered.text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in rendered.html
    assert "prefers-color-scheme: dark" in rendered.html
