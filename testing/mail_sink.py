"""A local SMTP server that keeps every message it receives as an .eml file, newest last.

`scripts/with-services` runs it for `make run` and the tests (`python -m testing.mail_sink`),
writing to `.run/mail/`; tests also start their own in-process, with answers to give first
(`refusals`) to see how the outbox takes a server that says no.
"""

import argparse
import itertools
import time
from collections import deque
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import EmailPolicy
from pathlib import Path

from aiosmtpd.controller import Controller


class _Reading(EmailPolicy):
    """Python's own reading of a message, but for a field whose value starts on the next line.
    Django folds a long subject with words beyond ASCII so ("Subject: " then " =?utf-8?q?..."),
    and Python keeps the fold's space in front of the decoded value, where a mail program
    shows none (RFC 5322 unfolding; the space before an encoded word is no part of the text)."""

    def header_source_parse(self, sourcelines):
        name, value = super().header_source_parse(sourcelines)
        return name, value.lstrip()


READING = _Reading()


class MailSink:
    """aiosmtpd's handler: each message accepted is written to `directory`."""

    def __init__(self, directory: Path, refusals=()):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        # SMTP replies to give instead of accepting, one per message, in order ("451 ...").
        self.refusals = deque(refusals)
        self._numbers = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        if self.refusals:
            return self.refusals.popleft()
        # Named by arrival, so a plain sort of the folder is the order they came in.
        name = f"{time.time_ns()}-{next(self._numbers):04d}.eml"
        (self.directory / name).write_bytes(envelope.original_content or envelope.content)
        return "250 Message accepted for delivery"

    def messages(self) -> list[EmailMessage]:
        return [
            message_from_bytes(path.read_bytes(), policy=READING)
            for path in sorted(self.directory.glob("*.eml"))
        ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=1025)
    parser.add_argument("--dir", default=".run/mail")
    arguments = parser.parse_args()
    controller = Controller(
        MailSink(Path(arguments.dir)), hostname="127.0.0.1", port=arguments.port
    )
    controller.start()
    print(f"Mail sink on 127.0.0.1:{arguments.port}, writing to {arguments.dir}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
