"""The local SMTP sink reads back what a mail program shows."""

from django.core.mail import send_mail


def test_a_long_subject_beyond_ascii_reads_back_as_sent(smtp_sink):
    # Django folds it onto the next line as encoded words; the fold's space is no part of it.
    subject = "Clay Creatures empieza el miércoles 2 de diciembre: lo que debe saber"
    send_mail(subject, "Hasta pronto.", "hello@camp.test", ["rosa@camp.test"])
    send_mail("Receipt", "Thank you.", "hello@camp.test", ["ana@camp.test"])

    spanish, english = smtp_sink.messages()

    assert spanish["Subject"] == subject
    assert english["Subject"] == "Receipt"
    assert spanish["To"] == "rosa@camp.test"
    assert spanish.get_content().strip() == "Hasta pronto."
